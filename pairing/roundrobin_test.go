package pairing

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// loadBergerC05 reads testdata/berger_c05.txt: n → rounds → pairs (White, Black), with the
// bye written as 0.
func loadBergerC05(t *testing.T) map[int][][]Pair {
	t.Helper()
	f, err := os.Open("testdata/berger_c05.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tables := map[int][][]Pair{}
	n := 0
	sc := bufio.NewScanner(f)
	num := func(s string) int {
		if s == "bye" {
			return 0
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("bad number %q", s)
		}
		return v
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if v, ok := strings.CutPrefix(line, "n "); ok {
			n = num(v)
			continue
		}
		_, rest, _ := strings.Cut(line, ":")
		var round []Pair
		for i, f := range strings.Fields(rest) {
			w, b, _ := strings.Cut(f, "-")
			round = append(round, Pair{Board: i + 1, White: num(w), Black: num(b)})
		}
		tables[n] = append(tables[n], round)
	}
	return tables
}

// TestBergerC05 compares BergerRound with the published FIDE C.05 tables for 3..16 players:
// same games, same colours, same board order; for odd n the player scheduled against the
// bye number rests and his pair comes last.
func TestBergerC05(t *testing.T) {
	tables := loadBergerC05(t)
	for n := 3; n <= 16; n++ {
		want := tables[n]
		if len(want) != BergerRounds(n) {
			t.Fatalf("n=%d: testdata has %d rounds, want %d", n, len(want), BergerRounds(n))
		}
		for r, wantRound := range want {
			got, err := BergerRound(n, r+1)
			if err != nil {
				t.Fatal(err)
			}
			var games []Pair
			rest := 0
			for _, p := range wantRound {
				switch {
				case p.White == 0:
					rest = p.Black
				case p.Black == 0:
					rest = p.White
				default:
					games = append(games, Pair{Board: len(games) + 1, White: p.White, Black: p.Black})
				}
			}
			if rest != 0 {
				games = append(games, Pair{Board: len(games) + 1, White: rest})
			}
			if fmt.Sprint(got) != fmt.Sprint(games) {
				t.Errorf("n=%d round %d:\n got %v\nwant %v", n, r+1, got, games)
			}
		}
	}
}

// TestBergerProperties checks, for every n from 2 to 30, that in one cycle every two players
// meet exactly once, everyone plays once per round, odd fields give each player exactly one
// rest, colours are balanced (|W−B| <= 1 over the cycle, excluding rests) and nobody has the
// same colour three rounds running.
func TestBergerProperties(t *testing.T) {
	for n := 2; n <= 30; n++ {
		met := map[[2]int]int{}
		rests := make([]int, n+1)
		colours := make([][]Colour, n+1)
		for r := 1; r <= BergerRounds(n); r++ {
			pairs, err := BergerRound(n, r)
			if err != nil {
				t.Fatal(err)
			}
			seen := make([]bool, n+1)
			for i, p := range pairs {
				if p.Board != i+1 {
					t.Fatalf("n=%d r=%d: board %d at index %d", n, r, p.Board, i)
				}
				for _, x := range []int{p.White, p.Black} {
					if x == 0 {
						continue
					}
					if x < 1 || x > n || seen[x] {
						t.Fatalf("n=%d r=%d: player %d bad or twice in %v", n, r, x, pairs)
					}
					seen[x] = true
				}
				if p.IsBye() {
					if i != len(pairs)-1 {
						t.Fatalf("n=%d r=%d: bye not last: %v", n, r, pairs)
					}
					rests[p.White]++
					colours[p.White] = append(colours[p.White], NoColour)
					continue
				}
				met[[2]int{min(p.White, p.Black), max(p.White, p.Black)}]++
				colours[p.White] = append(colours[p.White], White)
				colours[p.Black] = append(colours[p.Black], Black)
			}
			for x := 1; x <= n; x++ {
				if !seen[x] {
					t.Fatalf("n=%d r=%d: player %d missing", n, r, x)
				}
			}
		}
		for i := 1; i <= n; i++ {
			for j := i + 1; j <= n; j++ {
				if met[[2]int{i, j}] != 1 {
					t.Errorf("n=%d: %d and %d meet %d times", n, i, j, met[[2]int{i, j}])
				}
			}
			if n%2 == 1 && rests[i] != 1 {
				t.Errorf("n=%d: player %d rests %d times", n, i, rests[i])
			}
			w, b, run := 0, 0, 0
			var last Colour
			for _, c := range colours[i] {
				switch c {
				case White:
					w++
				case Black:
					b++
				}
				if c != NoColour && c == last {
					run++
				} else {
					run = 1
				}
				if c != NoColour {
					last = c
				}
				if run >= 3 {
					t.Errorf("n=%d: player %d has %v three times running: %v", n, i, c, colours[i])
				}
			}
			if w-b > 1 || b-w > 1 {
				t.Errorf("n=%d: player %d colours W%d B%d", n, i, w, b)
			}
		}
	}
}

// TestRoundRobinDouble checks the second cycle: the same table with colours reversed
// (docs/pairing-fid.md 3.3), ids mapped through the pairing numbers, and the C.05 option of
// swapping the last two rounds of the first cycle.
func TestRoundRobinDouble(t *testing.T) {
	var es []Entrant
	for i := 1; i <= 5; i++ {
		es = append(es, Entrant{ID: 100 + i, Number: 6 - i}) // number k ↔ id 106-k
	}
	id := func(num int) int {
		if num == 0 {
			return 0
		}
		return 106 - num
	}
	opt := RoundRobinOptions{Cycles: 2}
	if got := RoundRobinRounds(5, opt); got != 10 {
		t.Fatalf("rounds = %d, want 10", got)
	}
	for r := 1; r <= 10; r++ {
		got, err := RoundRobin(es, r, opt)
		if err != nil {
			t.Fatal(err)
		}
		table, _ := BergerRound(5, (r-1)%5+1)
		for i, p := range table {
			w, b := id(p.White), id(p.Black)
			if r > 5 && b != 0 {
				w, b = b, w
			}
			if got[i] != (Pair{Board: p.Board, White: w, Black: b}) {
				t.Errorf("round %d board %d: got %v, want %d-%d", r, i+1, got[i], w, b)
			}
		}
	}
	// SwapLastTwo: round 4 plays table round 5, round 5 plays table round 4, the second cycle is unchanged.
	opt.SwapLastTwo = true
	for r, tr := range map[int]int{3: 3, 4: 5, 5: 4, 6: 6} {
		got, _ := RoundRobin(es, r, opt)
		want, _ := RoundRobin(es, tr, RoundRobinOptions{Cycles: 2})
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("swap: round %d = %v, want table round %d %v", r, got, tr, want)
		}
	}
	// Player 1 of an 8-player double round robin (the spec's table): without the swap he
	// has Black three times running at the junction (rounds 7, 8, 9); with it he does not.
	run := func(o RoundRobinOptions) int {
		var es8 []Entrant
		for i := 1; i <= 8; i++ {
			es8 = append(es8, Entrant{ID: i, Number: i})
		}
		longest, cur := 0, 0
		var last Colour
		for r := 1; r <= RoundRobinRounds(8, o); r++ {
			ps, _ := RoundRobin(es8, r, o)
			for _, p := range ps {
				c := NoColour
				if p.White == 1 {
					c = White
				} else if p.Black == 1 {
					c = Black
				}
				if c == NoColour {
					continue
				}
				if c == last {
					cur++
				} else {
					cur = 1
				}
				last = c
				longest = max(longest, cur)
			}
		}
		return longest
	}
	if got := run(RoundRobinOptions{Cycles: 2}); got != 3 {
		t.Errorf("plain double: player 1's longest same-colour run = %d, want 3", got)
	}
	if got := run(RoundRobinOptions{Cycles: 2, SwapLastTwo: true}); got > 2 {
		t.Errorf("swapped double: player 1's longest same-colour run = %d, want <= 2", got)
	}
}

func TestRoundRobinErrors(t *testing.T) {
	ok := []Entrant{{ID: 1, Number: 1}, {ID: 2, Number: 2}, {ID: 3, Number: 3}}
	cases := []struct {
		name string
		es   []Entrant
		r    int
		opt  RoundRobinOptions
	}{
		{"one player", ok[:1], 1, RoundRobinOptions{}},
		{"round 0", ok, 0, RoundRobinOptions{}},
		{"round too high", ok, 4, RoundRobinOptions{}},
		{"three cycles", ok, 1, RoundRobinOptions{Cycles: 3}},
		{"no lot", []Entrant{{ID: 1}, {ID: 2}}, 1, RoundRobinOptions{}},
		{"duplicate number", []Entrant{{ID: 1, Number: 1}, {ID: 2, Number: 1}}, 1, RoundRobinOptions{}},
		{"number 0 beside a gap", []Entrant{{ID: 1, Number: 0}, {ID: 2, Number: 3}}, 1, RoundRobinOptions{}},
	}
	for _, c := range cases {
		if _, err := RoundRobin(c.es, c.r, c.opt); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("%s: err = %v, want ErrBadSnapshot", c.name, err)
		}
	}
	if got, err := RoundRobin(ok, 4, RoundRobinOptions{Cycles: 2}); err != nil || len(got) != 2 {
		t.Errorf("double round 4 of 3 players: %v %v", got, err)
	}
}

// A number left empty (the lot kept when a player left before round 1, issue 28) is a
// rest for whoever the Berger table pairs with it: on the table of 6 with no. 3 empty,
// over the 5 rounds each of the five meets each other once and rests once, in the round
// the table pairs him with 3 (round 1: 3-4, so no. 4 rests); the games keep the table's
// order and the rest comes last. The table of 5 with no. 2 empty has two rests a round
// (the odd field's and no. 2's) but once a round none (when 2 meets the sixth).
func TestRoundRobinEmptyNumber(t *testing.T) {
	es := []Entrant{{ID: 11, Number: 1}, {ID: 12, Number: 2}, {ID: 14, Number: 4}, {ID: 15, Number: 5}, {ID: 16, Number: 6}}
	met := map[[2]int]int{}
	rests := map[int][]int{}
	for r := 1; r <= 5; r++ {
		pairs, err := RoundRobin(es, r, RoundRobinOptions{})
		if err != nil {
			t.Fatal(err)
		}
		table, _ := BergerRound(6, r)
		if len(pairs) != 3 || pairs[2].Black != 0 || pairs[0].Board != 1 || pairs[2].Board != 3 {
			t.Fatalf("round %d: %+v, want two games then the rest", r, pairs)
		}
		for _, p := range pairs[:2] {
			met[[2]int{min(p.White, p.Black), max(p.White, p.Black)}]++
		}
		rests[pairs[2].White] = append(rests[pairs[2].White], r)
		for _, p := range table {
			if p.White == 3 || p.Black == 3 {
				if want := 10 + p.White + p.Black - 3; pairs[2].White != want {
					t.Errorf("round %d: rest %d, the table pairs 3 with %d", r, pairs[2].White, want-10)
				}
			}
		}
	}
	if len(met) != 10 || len(rests) != 5 {
		t.Fatalf("met %v, rests %v: want each pair of five once, each rests once", met, rests)
	}
	for k, n := range met {
		if n != 1 {
			t.Errorf("%v met %d times", k, n)
		}
	}
	odd := []Entrant{{ID: 1, Number: 1}, {ID: 3, Number: 3}, {ID: 4, Number: 4}, {ID: 5, Number: 5}}
	noRest := 0
	for r := 1; r <= 5; r++ {
		pairs, err := RoundRobin(odd, r, RoundRobinOptions{})
		if err != nil {
			t.Fatal(err)
		}
		byes := 0
		for _, p := range pairs {
			if p.Black == 0 {
				byes++
			}
		}
		if byes == 0 {
			noRest++
		}
		if games := len(pairs) - byes; !(byes == 0 && games == 2 || byes == 2 && games == 1) {
			t.Errorf("table of 5, no. 2 empty, round %d: %+v", r, pairs)
		}
	}
	if noRest != 1 {
		t.Errorf("table of 5 with no. 2 empty: %d rounds without a rest, want 1", noRest)
	}
}
