package pairing

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Property tests over random events (rapid): absences, forfeits and byes included.
// Every round: C1–C3 hold and everybody available is paired (checkAbsolute); the
// pairing does not depend on the order of the snapshot; the same snapshot and seed give
// the same pairing; ErrNoPairing is only returned when brute force (n ≤ 10) agrees.
func TestDutchProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 36).Draw(t, "players")
		rounds := rapid.IntRange(1, 9).Draw(t, "rounds")
		seed := rapid.Uint64().Draw(t, "seed")
		absentPct := rapid.IntRange(0, 20).Draw(t, "absentPct")
		forfeitPct := rapid.IntRange(0, 10).Draw(t, "forfeitPct")
		rng := rand.New(rand.NewPCG(seed, 7))
		s := newSim(n, rounds, seed)
		for r := 1; r <= rounds; r++ {
			for i := range s.entrants {
				s.entrants[i].Available = rng.IntN(100) >= absentPct
			}
			opt := s.opts(r)
			res, err := Dutch(s.entrants, opt)
			if err != nil {
				if !errors.Is(err, ErrNoPairing) {
					t.Fatalf("round %d: %v", r, err)
				}
				if n <= 10 {
					if _, _, cerr := bruteCheck(s.entrants, opt, res, err); cerr != nil {
						t.Fatalf("round %d: %v", r, cerr)
					}
				}
				return
			}
			if err := checkAbsolute(s.entrants, opt, res.Pairs); err != nil {
				t.Fatalf("round %d: %v\n%v", r, err, res.Pairs)
			}
			shuffled := slices.Clone(s.entrants)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			again, err := Dutch(shuffled, opt)
			if err != nil || !slices.Equal(again.Pairs, res.Pairs) {
				t.Fatalf("round %d: snapshot order changed the pairing: %v vs %v (%v)", r, again.Pairs, res.Pairs, err)
			}
			if n <= 10 {
				if _, _, cerr := bruteCheck(s.entrants, opt, res, nil); cerr != nil {
					t.Fatalf("round %d: %v", r, cerr)
				}
			}
			s.playRandom(rng, r, res.Pairs, forfeitPct)
		}
	})
}

// TestDutchMediumEvents plays whole events of 31-301 players and checks every round;
// every bracket is expected to be solved exactly (its search proved optimal) without
// an ErrSearchLimit error, which is what the lower bounds of the search are for.
func TestDutchMediumEvents(t *testing.T) {
	total, inexact := 0, 0
	sizes := []int{31, 64, 150, 301}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		for seed := uint64(1); seed <= 4; seed++ {
			s := newSim(n, 9, seed)
			for r := 1; r <= 9; r++ {
				res, err := Dutch(s.entrants, s.opts(r))
				if err != nil {
					t.Fatalf("n=%d seed=%d round %d: %v", n, seed, r, err)
				}
				if err := checkAbsolute(s.entrants, s.opts(r), res.Pairs); err != nil {
					t.Fatalf("n=%d seed=%d round %d: %v", n, seed, r, err)
				}
				for _, b := range res.Brackets {
					total++
					if !b.Exact {
						inexact++
					}
				}
				s.apply(r, res.Pairs)
			}
		}
	}
	t.Logf("%d brackets, %d not proved optimal", total, inexact)
	if inexact > 0 {
		t.Errorf("%d brackets not proved optimal", inexact)
	}
}

// playRandom applies round r's pairs with random results (apply), turns forfeitPct % of
// the games into forfeits, and records the players not available in round r as absent.
func (s *simTournament) playRandom(rng *rand.Rand, r int, pairs []Pair, forfeitPct int) {
	s.apply(r, pairs)
	for i := range s.entrants {
		e := &s.entrants[i]
		k := len(e.History) - 1
		if k < 0 || e.History[k].Number != r || e.History[k].Kind != Played || rng.IntN(100) >= forfeitPct {
			continue
		}
		opp := e.History[k].Opponent
		for j := range s.entrants {
			o := &s.entrants[j]
			if o.ID != opp {
				continue
			}
			kk := len(o.History) - 1
			e.Score += 2 - e.History[k].Points
			o.Score -= o.History[kk].Points
			e.History[k] = Round{Number: r, Opponent: opp, Kind: ForfeitWin, Points: 2}
			o.History[kk] = Round{Number: r, Opponent: e.ID, Kind: ForfeitLoss, Points: 0}
		}
	}
	for i := range s.entrants {
		e := &s.entrants[i]
		if !e.Available {
			e.History = append(e.History, Round{Number: r, Kind: Absent})
		}
	}
}

// TestDutchMatchBoundKeepsPairings pairs every round of random events (absences,
// forfeits, byes; 10 to 70 players, the last round with its topscorers) twice: with the
// matching bound of the transposition walk (dutch_bound.go) applied from every search's
// first node and without it. A bound
// that cut a candidate the rules choose would change a pair or a colour; the pairings
// must be identical, board by board. Rounds the walk without the bound cannot finish
// within its budget are counted and skipped (the bound exists for them). The test also
// requires the bound to have cut nodes in some brackets (so that it was exercised).
func TestDutchMatchBoundKeepsPairings(t *testing.T) {
	events := 250
	if testing.Short() {
		events = 60
	}
	rounds, brackets, cut, skipped := 0, 0, 0, 0
	for ev := range events {
		seed := uint64(1000 + ev)
		rng := rand.New(rand.NewPCG(seed, 11))
		n := 10 + rng.IntN(61)
		total := 5 + rng.IntN(5)
		absentPct, forfeitPct := rng.IntN(12), rng.IntN(8)
		s := newSim(n, total, seed)
		for r := 1; r <= total; r++ {
			for i := range s.entrants {
				s.entrants[i].Available = rng.IntN(100) >= absentPct
			}
			opt := s.opts(r)
			eager := opt
			eager.eagerMatchBound = true
			res, err := Dutch(s.entrants, eager)
			if errors.Is(err, ErrNoPairing) {
				break
			}
			if err != nil {
				t.Fatalf("event %d (n=%d) round %d: %v", ev, n, r, err)
			}
			plain := opt
			plain.noMatchBound = true
			plain.SearchBudget = 3_000_000
			ref, err := Dutch(s.entrants, plain)
			switch {
			case errors.Is(err, ErrSearchLimit):
				skipped++
			case err != nil:
				t.Fatalf("event %d (n=%d) round %d without the bound: %v", ev, n, r, err)
			case !slices.Equal(res.Pairs, ref.Pairs):
				t.Fatalf("event %d (n=%d) round %d: the matching bound changed the pairing\nwith:    %v\nwithout: %v", ev, n, r, res.Pairs, ref.Pairs)
			default:
				rounds++
				brackets += len(res.Brackets)
				for k := range res.Brackets {
					if res.Brackets[k].Nodes < ref.Brackets[k].Nodes {
						cut++
					}
				}
			}
			s.playRandom(rng, r, res.Pairs, forfeitPct)
		}
	}
	t.Logf("%d rounds (%d brackets) identical with and without the bound; the bound cut nodes in %d brackets; %d rounds skipped (no result without the bound)", rounds, brackets, cut, skipped)
	if cut == 0 {
		t.Error("the matching bound never cut a node: the test does not exercise it")
	}
}
