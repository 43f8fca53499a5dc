package pairing

// Rule-to-test traceability (RULES-TESTS.md at the repository root): the construction rules
// of docs/pairing-fid.md §3.1 checked directly against BergerRound.

import (
	"fmt"
	"strings"
	"testing"
)

// F45-F47 (docs/pairing-fid.md §3.1, "Construction for even n"): for every even n from 4 to 24
// and every round r, two non-pivot players i and j meet exactly when i+j-(r+1) is a multiple
// of n-1, and the pivot n meets the i with 2i-(r+1) a multiple of n-1; in a non-pivot game
// White is the lower number when i+j is odd and the higher when i+j is even; the pivot has
// Black in odd rounds and White in even rounds.
func TestTraceBergerConstruction(t *testing.T) {
	mod := func(a, m int) int { return ((a % m) + m) % m }
	for n := 4; n <= 24; n += 2 {
		for r := 1; r <= n-1; r++ {
			pairs, err := BergerRound(n, r)
			if err != nil {
				t.Fatalf("n=%d r=%d: %v", n, r, err)
			}
			// The expected opponent and colour of every player, from the rule.
			wantOpp := map[int]int{}
			wantWhite := map[int]bool{}
			for i := 1; i <= n-1; i++ {
				if mod(2*i-(r+1), n-1) == 0 {
					wantOpp[i], wantOpp[n] = n, i
					wantWhite[n] = r%2 == 0
					wantWhite[i] = !wantWhite[n]
					continue
				}
				for j := 1; j <= n-1; j++ {
					if j != i && mod(i+j-(r+1), n-1) == 0 {
						wantOpp[i] = j
						lowerWhite := (i+j)%2 == 1
						wantWhite[i] = (i < j) == lowerWhite
					}
				}
			}
			if len(wantOpp) != n {
				t.Fatalf("n=%d r=%d: the rule paired %d players", n, r, len(wantOpp))
			}
			if len(pairs) != n/2 {
				t.Errorf("n=%d r=%d: %d pairs, want %d", n, r, len(pairs), n/2)
			}
			for _, p := range pairs {
				if wantOpp[p.White] != p.Black || !wantWhite[p.White] || wantWhite[p.Black] {
					t.Errorf("n=%d r=%d: %d–%d; the rule gives %d v %d with White %v", n, r, p.White, p.Black, p.White, wantOpp[p.White], wantWhite[p.White])
				}
			}
		}
	}
}

// F49 (docs/pairing-fid.md §3.1, the 8-player table, White–Black, in board order).
func TestTraceBerger8Table(t *testing.T) {
	want := []string{
		"1-8 2-7 3-6 4-5",
		"8-5 6-4 7-3 1-2",
		"2-8 3-1 4-7 5-6",
		"8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7",
		"8-7 1-6 2-5 3-4",
		"4-8 5-3 6-2 7-1",
	}
	for r, w := range want {
		pairs, err := BergerRound(8, r+1)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range pairs {
			got = append(got, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
		if s := strings.Join(got, " "); s != w {
			t.Errorf("round %d: %s, want %s", r+1, s, w)
		}
	}
}

// F51 (docs/pairing-fid.md §3.2): an odd field uses the table for n+1, and whoever is scheduled
// against n+1 rests. For 7 players, round r of the 8-player table above: round 1 1–8 → 1
// rests, round 2 8–5 → 5, round 3 2–8 → 2, round 4 8–6 → 6, round 5 3–8 → 3, round 6 8–7 → 7,
// round 7 4–8 → 4; the other three games are the table's, in its order.
func TestTraceBergerOddField(t *testing.T) {
	rests := []int{1, 5, 2, 6, 3, 7, 4}
	games := []string{"2-7 3-6 4-5", "6-4 7-3 1-2", "3-1 4-7 5-6", "7-5 1-4 2-3", "4-2 5-1 6-7", "1-6 2-5 3-4", "5-3 6-2 7-1"}
	for r := 1; r <= 7; r++ {
		pairs, err := BergerRound(7, r)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		rest := 0
		for _, p := range pairs {
			if p.IsBye() {
				rest = p.White
				continue
			}
			got = append(got, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
		if rest != rests[r-1] || strings.Join(got, " ") != games[r-1] {
			t.Errorf("round %d: games %v rest %d, want %s rest %d", r, got, rest, games[r-1], rests[r-1])
		}
	}
}
