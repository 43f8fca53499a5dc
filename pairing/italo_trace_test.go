package pairing

// Rule-to-test traceability (RULES-TESTS.md at the repository root, line F25).

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// F25 (docs/pairing-fid.md §2.6): colours never change who plays whom; pairs come only from the
// rotation (steps 1-6) and colours are allocated afterwards. So turning every past colour
// round (White <-> Black in every history) must give the same pairs, in the same order of
// formation, with the same bye, only the colours possibly swapped. Fields of 4-11 players
// play up to 6 rounds with results from a fixed seed; the start player is kept.
func TestTraceItaloColoursDoNotChoosePairs(t *testing.T) {
	flip := func(es []Entrant) []Entrant {
		out := slices.Clone(es)
		for i := range out {
			out[i].History = slices.Clone(out[i].History)
			for j, r := range out[i].History {
				switch r.Colour {
				case White:
					out[i].History[j].Colour = Black
				case Black:
					out[i].History[j].Colour = White
				}
			}
		}
		return out
	}
	unordered := func(ps []Pair) [][2]int {
		var out [][2]int
		for _, p := range ps {
			a, b := p.White, p.Black
			if b != 0 && b < a {
				a, b = b, a
			}
			out = append(out, [2]int{a, b})
		}
		return out
	}
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for n := 4; n <= 11; n++ {
		s := newItaloSim(t, n)
		for round := 1; round <= 6; round++ {
			start := ItaloStart(s.prev)
			res, err := ItaloSwiss(s.es, ItaloOptions{Start: start})
			if errors.Is(err, ErrNoPairing) {
				break
			}
			if err != nil {
				t.Fatalf("n=%d round %d: %v", n, round, err)
			}
			res2, err := ItaloSwiss(flip(s.es), ItaloOptions{Start: start})
			if err != nil {
				t.Fatalf("n=%d round %d with colours turned: %v", n, round, err)
			}
			if a, b := unordered(res.Pairs), unordered(res2.Pairs); !slices.Equal(a, b) {
				t.Errorf("n=%d round %d: pairs %v, with colours turned %v", n, round, a, b)
			}
			checked++
			s.record(res.Pairs, func(Pair) int { return rng.IntN(3) })
		}
	}
	if checked < 30 {
		t.Errorf("only %d rounds checked", checked)
	}
}
