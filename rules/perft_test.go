package rules

import (
	"os"
	"testing"
)

// Perft figures from docs/rules-italian.md and docs/rules-international.md (start position).
var italianPerft = []uint64{1, 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367911475}
var internationalPerft = []uint64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763}

func TestPerftItalianStart(t *testing.T) {
	max := 9
	if testing.Short() {
		max = 7
	}
	for d := 0; d <= max; d++ {
		if got := Perft(Italian.Start(), d); got != italianPerft[d] {
			t.Errorf("Italian perft(%d) = %d, want %d", d, got, italianPerft[d])
		}
	}
}

func TestPerftInternationalStart(t *testing.T) {
	max := 8
	if testing.Short() {
		max = 6
	}
	for d := 0; d <= max; d++ {
		if got := Perft(International.Start(), d); got != internationalPerft[d] {
			t.Errorf("International perft(%d) = %d, want %d", d, got, internationalPerft[d])
		}
	}
}

func TestItalianFastConstants(t *testing.T) {
	if itBoard != Italian.board || itPromoW != Italian.promo[White] || itPromoB != Italian.promo[Black] {
		t.Fatalf("constants: board %x promo %x %x, want %x %x %x", itBoard, itPromoW, itPromoB,
			Italian.board, Italian.promo[White], Italian.promo[Black])
	}
	if Italian.dirs != [4]int{-5, -4, 4, 5} {
		t.Fatalf("Italian directions %v", Italian.dirs)
	}
}

func TestPerftDivide(t *testing.T) {
	for _, c := range []struct {
		p     Position
		depth int
		want  uint64
	}{{Italian.Start(), 6, italianPerft[6]}, {International.Start(), 5, internationalPerft[5]}} {
		d := PerftDivide(c.p, c.depth)
		if len(d) != int(Perft(c.p, 1)) {
			t.Errorf("%s: %d divide entries, want %d", c.p.Variant().Name(), len(d), Perft(c.p, 1))
		}
		var sum uint64
		for _, e := range d {
			sum += e.Leaves
			if n := Perft(c.p.Play(e.Move), c.depth-1); n != e.Leaves {
				t.Errorf("%v: %d, want %d", e.Move, e.Leaves, n)
			}
		}
		if sum != c.want {
			t.Errorf("%s divide(%d) sums to %d, want %d", c.p.Variant().Name(), c.depth, sum, c.want)
		}
	}
	if PerftDivide(Italian.Start(), 0) != nil || Perft(Italian.Start(), 0) != 1 {
		t.Errorf("depth 0")
	}
}

// TestPerftDeep checks the deepest published figures: Italian perft(10..12) (12 is where a
// king's loop taken either way round first appears: 367911475 with duplicate paths merged,
// 367917147 without) and International perft(9..10). It takes several seconds of CPU, so it
// runs only when ARBITRO_DEEP_PERFT=1 (speed is measured by the Benchmark functions).
func TestPerftDeep(t *testing.T) {
	if os.Getenv("ARBITRO_DEEP_PERFT") != "1" {
		t.Skip("set ARBITRO_DEEP_PERFT=1 to run")
	}
	for d := 10; d <= 12; d++ {
		if got := Perft(Italian.Start(), d); got != italianPerft[d] {
			t.Errorf("Italian perft(%d) = %d, want %d", d, got, italianPerft[d])
		}
	}
	for d := 9; d <= 10; d++ {
		if got := Perft(International.Start(), d); got != internationalPerft[d] {
			t.Errorf("International perft(%d) = %d, want %d", d, got, internationalPerft[d])
		}
	}
}
