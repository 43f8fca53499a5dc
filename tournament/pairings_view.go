package tournament

import "fmt"

// PairingsView is a paired round with everything its sheets show (`arbitro pairings`,
// `arbitro pair`, the demo): the round's header, the crosstable, the standings before the
// round, the schedule, the boards with their results and the entries. It is read in one
// transaction, so every figure describes the same state.
type PairingsView struct {
	Tournament *Tournament
	Round      *RoundInfo
	Crosstable *Crosstable
	// Before is the standings after the previous round (ComputeStandings(ct, round-1)):
	// the points before the round in Scoring units, as the sheets print them.
	Before []Standing
	// GamePointsBefore is each entry's score before the round in draughts game points
	// (2-1-0) by entry id, from the same crosstable: snapshot's Score, as the JSON
	// document of `arbitro pairings` gives it whatever the tournament's scoring.
	GamePointsBefore map[int]int
	Schedule         RoundSchedule
	Boards           []*Board
	Entries          []Entry // every entry, in Entries order
}

// PairingsView reads round `round` of t (0: the last paired round) for its sheets.
// Errors: ErrNotPaired when the round does not exist (or no round is paired yet), the
// store's errors.
func (tx *Tx) PairingsView(t *Tournament, round int) (*PairingsView, error) {
	if round == 0 {
		round = t.RoundsPaired
		if round == 0 {
			return nil, fmt.Errorf("%w: %s has no paired round yet", ErrNotPaired, t.Name)
		}
	}
	v := &PairingsView{Tournament: t}
	var err error
	if v.Round, err = tx.roundInfo(t, round); err != nil {
		return nil, err
	}
	if v.Crosstable, err = tx.LoadCrosstable(t); err != nil {
		return nil, err
	}
	if v.Before, err = ComputeStandings(v.Crosstable, round-1); err != nil {
		return nil, err
	}
	v.GamePointsBefore = gamePointsBefore(v.Crosstable, round)
	if v.Schedule, err = tx.roundSchedule(t.ID, round); err != nil {
		return nil, err
	}
	if v.Boards, err = tx.Boards(t, round); err != nil {
		return nil, err
	}
	if v.Entries, err = tx.Entries(t.ID); err != nil {
		return nil, err
	}
	return v, nil
}

// gamePointsBefore sums each player's game points of the rounds before round (the sum
// snapshot gives as Score).
func gamePointsBefore(ct *Crosstable, round int) map[int]int {
	m := make(map[int]int, len(ct.Players))
	for _, p := range ct.Players {
		sum := 0
		for _, r := range p.Results {
			if r.Round < round {
				sum += r.Points
			}
		}
		m[p.ID] = sum
	}
	return m
}
