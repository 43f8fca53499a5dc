package tournament

import (
	"sort"

	"arbitro/pairing"
)

// Dutch is the FIDE Dutch Swiss (Handbook C.04.3): numbers by rating, prohibited pairs and
// the Baku acceleration, and the engine that pairs and checks a TRF.
var Dutch = registerSystem(dutch{})

type dutch struct{}

func (dutch) code() string               { return "dutch" }
func (dutch) nameKeys() (string, string) { return "system.dutch", "site.system.dutch" }
func (dutch) rank() int                  { return 3 }
func (dutch) defaultTieBreaks() []string { return swissTieBreaks() }
func (dutch) fixedTable() bool           { return false }
func (dutch) italoFormat() bool          { return false }
func (dutch) dutchSettings() bool        { return true }
func (dutch) trfEngine() bool            { return true }
func (dutch) fieldRounds(int) int        { return 0 }
func (dutch) manual() error              { return nil }
func (dutch) trfType(int, int) (string, string) {
	return "Individual: Swiss-System (FIDE Dutch)", "FIDE_DUTCH_2025"
}
func (dutch) initialColour(seed int64) pairing.Colour { return pairing.LotColour(uint64(seed)) }

// needs: the prohibited pairs of the round and the acceleration.
func (dutch) needs(*Tournament, int) FactNeeds { return FactNeeds{Forbidden: true, Accel: true} }

// lot: the Dutch system numbers by rating (ratingOrder), no lot.
func (dutch) lot(_ *Tournament, _ int64, _ []int, entries []Entry) (map[int]int, []pairing.ClubMeeting, error) {
	return ratingOrder(entries), nil, nil
}

// lotNote: the method is "rating", with round 1's initial colour.
func (d dutch) lotNote(res *LotResult, _ *Tournament, _ int) {
	res.Method = "rating"
	res.InitialColour = d.initialColour(res.Seed).String()
}

// plan plans a Dutch round: the arbiter's pairs on boards 1..k, the engine's pairs of the
// other players after them, the byes last.
func (dutch) plan(p *RoundPlan, s *PairingSnapshot, r planRequest) ([]Note, error) {
	sub := make([]pairing.Entrant, len(s.Entrants))
	copy(sub, s.Entrants)
	for i := range sub {
		if r.used[sub[i].Number] {
			sub[i].Available = false
		}
	}
	var res pairing.DutchResult
	if countAvailable(sub) > 0 {
		var err error
		res, err = pairing.Dutch(sub, DutchOptions(&s.Tournament, s.Round, s.Entrants, s.Forbidden, s.Acceleration))
		if err != nil {
			return nil, pairErr(&s.Tournament, s.Round, err)
		}
	} else {
		res.InitialColour = pairing.LotColour(uint64(s.Tournament.Seed))
	}
	pairs := append(append([]pairing.Pair{}, r.fixed...), res.Pairs...)
	sort.SliceStable(pairs, func(i, j int) bool { return !pairs[i].IsBye() && pairs[j].IsBye() }) // byes last
	for i := range pairs {
		pairs[i].Board = i + 1
	}
	p.Pairs = pairs
	p.Explanation.Dutch = &DutchInfo{InitialColour: res.InitialColour.String(), Brackets: res.Brackets}
	return nil, nil
}

// check re-pairs the round with pairing.CheckDutch, which also lists the absolute
// criteria the stored round breaks.
func (dutch) check(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f SystemFacts) error {
	dc, err := pairing.CheckDutch(es, DutchOptions(cur, c.Round, es, f.Forbidden, f.Acceleration), c.Checked)
	if err != nil {
		return pairErr(cur, c.Round, err)
	}
	c.Engine = dc.Engine.Pairs
	c.Diffs, c.Violations, c.ViolationCodes = dc.Diffs, dc.Violations, dc.ViolationCodes
	return nil
}
