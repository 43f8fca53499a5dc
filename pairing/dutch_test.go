package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// simTournament is a random Dutch tournament played round by round (test helper).
type simTournament struct {
	entrants []Entrant
	total    int
	seed     uint64
	rng      *rand.Rand
	results  []DutchResult
}

// newSim makes n players numbered 1..n by descending rating.
func newSim(n, total int, seed uint64) *simTournament {
	s := &simTournament{total: total, seed: seed, rng: rand.New(rand.NewPCG(seed, 99))}
	for i := 1; i <= n; i++ {
		s.entrants = append(s.entrants, Entrant{ID: 100 + i, Number: i, Rating: 2400 - 10*i, Available: true})
	}
	return s
}

func (s *simTournament) opts(round int) DutchOptions {
	return DutchOptions{Round: round, TotalRounds: s.total, Seed: s.seed}
}

// play pairs round r and plays it with random results (stronger player favoured).
func (s *simTournament) play(t testing.TB, r int) DutchResult {
	t.Helper()
	res, err := Dutch(s.entrants, s.opts(r))
	if err != nil {
		t.Fatalf("round %d: %v", r, err)
	}
	s.apply(r, res.Pairs)
	s.results = append(s.results, res)
	return res
}

func (s *simTournament) apply(r int, pairs []Pair) {
	idx := map[int]int{}
	for i, e := range s.entrants {
		idx[e.ID] = i
	}
	for _, p := range pairs {
		w := &s.entrants[idx[p.White]]
		if p.IsBye() {
			w.History = append(w.History, Round{Number: r, Kind: Bye, Points: 2})
			w.Score += 2
			continue
		}
		b := &s.entrants[idx[p.Black]]
		x := s.rng.IntN(10)
		pw := 1
		switch {
		case x < 4:
			pw = 2
		case x < 7:
			pw = 0
		}
		w.History = append(w.History, Round{Number: r, Opponent: b.ID, Colour: White, Kind: Played, Points: pw})
		b.History = append(b.History, Round{Number: r, Opponent: w.ID, Colour: Black, Kind: Played, Points: 2 - pw})
		w.Score += pw
		b.Score += 2 - pw
	}
}

// checkAbsolute verifies C.1–C.3 and that every available player is paired once.
func checkAbsolute(entrants []Entrant, opt DutchOptions, pairs []Pair) error {
	byID := map[int]*Entrant{}
	avail := 0
	for i := range entrants {
		byID[entrants[i].ID] = &entrants[i]
		if entrants[i].Available {
			avail++
		}
	}
	seen := map[int]bool{}
	byes := 0
	last := opt.TotalRounds > 0 && opt.Round == opt.TotalRounds
	colourOK := func(e *Entrant, c Colour) error {
		var cs []Colour
		for _, r := range e.History {
			if r.Kind == Played && r.Colour != NoColour {
				cs = append(cs, r.Colour)
			}
		}
		cs = append(cs, c)
		cd := 0
		for _, x := range cs {
			if x == White {
				cd++
			} else {
				cd--
			}
		}
		top := last && e.Score > opt.Round-1
		if top {
			return nil
		}
		if cd > 2 || cd < -2 {
			return fmt.Errorf("C.3: player %d colour difference %d", e.ID, cd)
		}
		if k := len(cs); k >= 3 && cs[k-1] == cs[k-2] && cs[k-2] == cs[k-3] {
			return fmt.Errorf("C.3: player %d gets %v three times running", e.ID, c)
		}
		return nil
	}
	for _, p := range pairs {
		for _, id := range []int{p.White, p.Black} {
			if id == 0 {
				continue
			}
			e := byID[id]
			if e == nil || !e.Available {
				return fmt.Errorf("player %d is not available", id)
			}
			if seen[id] {
				return fmt.Errorf("player %d paired twice", id)
			}
			seen[id] = true
		}
		w := byID[p.White]
		if p.IsBye() {
			byes++
			for _, r := range w.History {
				if r.Kind == Bye || r.Kind == ForfeitWin {
					return fmt.Errorf("C.2: player %d gets a second bye", w.ID)
				}
			}
			continue
		}
		b := byID[p.Black]
		for _, r := range w.History {
			if r.Opponent == b.ID {
				return fmt.Errorf("C.1: %d and %d meet again", w.ID, b.ID)
			}
		}
		if err := colourOK(w, White); err != nil {
			return err
		}
		if err := colourOK(b, Black); err != nil {
			return err
		}
	}
	if len(seen) != avail {
		return fmt.Errorf("%d of %d available players paired", len(seen), avail)
	}
	if byes > 1 || byes != avail%2 {
		return fmt.Errorf("%d byes for %d players", byes, avail)
	}
	return nil
}

func TestDutchRandomTournaments(t *testing.T) {
	for _, n := range []int{2, 5, 8, 11, 16, 25, 40} {
		for seed := uint64(1); seed <= 6; seed++ {
			rounds := min(n-1, 9)
			if n%2 == 1 {
				rounds = min(n, 9)
			}
			s := newSim(n, rounds, seed)
			for r := 1; r <= rounds; r++ {
				res, err := Dutch(s.entrants, s.opts(r))
				if err != nil {
					// a pairing may truly not exist late in small events; check that claim
					t.Logf("n=%d seed=%d round %d: %v", n, seed, r, err)
					break
				}
				if err := checkAbsolute(s.entrants, s.opts(r), res.Pairs); err != nil {
					t.Fatalf("n=%d seed=%d round %d: %v\npairs %v", n, seed, r, err, res.Pairs)
				}
				again, _ := Dutch(slices.Clone(s.entrants), s.opts(r))
				if !slices.Equal(again.Pairs, res.Pairs) {
					t.Fatalf("n=%d seed=%d round %d: not deterministic", n, seed, r)
				}
				s.apply(r, res.Pairs)
			}
		}
	}
}
