package rules

import (
	"math/rand/v2"
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

// TestPerftInternationalFastMatchesGeneral compares the International fast path
// (fast_international.go) with the recorded-path generator of LegalMoves (movegen.go) for
// perft(1) and perft(2), and with the general perft walk for perft(3), on positions met in
// seeded random games from the start and from the two published positions, king-rich
// endings included.
func TestPerftInternationalFastMatchesGeneral(t *testing.T) {
	starts := []Position{International.Start()}
	for _, tc := range publishedPerft {
		p, err := ParseFEN(International, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(18, 1))
	checked := 0
	for g := 0; g < games; g++ {
		p := starts[g%len(starts)]
		for ply := 0; ply < 200; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			for d := 1; d <= 3; d++ {
				fast := perftInternational(&p, d)
				var general uint64
				if d <= 2 {
					general = publicPerft(p, d) // LegalMoves: the recorded-path generator
				} else {
					general = newPerfter(d).run(p, d)
				}
				if fast != general {
					t.Fatalf("%s: perft(%d) fast %d, general %d", p.FEN(), d, fast, general)
				}
			}
			checked++
			p = p.Play(ms[rng.IntN(len(ms))])
		}
	}
	if checked < games*20 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// publicPerft is perft through the public API (LegalMoves and Play).
func publicPerft(p Position, depth int) uint64 {
	ms := p.LegalMoves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += publicPerft(p.Play(m), depth-1)
	}
	return n
}
