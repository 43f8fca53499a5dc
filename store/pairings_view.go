package store

import (
	"arbitro/tournament"
	"fmt"
)

// PairingsView reads round `round` of t (0: the last paired round) for its sheets.
// Errors: ErrNotPaired when the round does not exist (or no round is paired yet), the
// store's errors.
func (tx *Tx) PairingsView(t *tournament.Tournament, round int) (*tournament.PairingsView, error) {
	if round == 0 {
		round = t.RoundsPaired
		if round == 0 {
			return nil, fmt.Errorf("%w: %s has no paired round yet", tournament.ErrNotPaired, t.Name)
		}
	}
	v := &tournament.PairingsView{Tournament: t}
	var err error
	if v.Round, err = tx.roundInfo(t, round); err != nil {
		return nil, err
	}
	if v.Crosstable, err = tx.LoadCrosstable(t); err != nil {
		return nil, err
	}
	if v.Before, err = tournament.ComputeStandings(v.Crosstable, round-1); err != nil {
		return nil, err
	}
	v.GamePointsBefore = tournament.GamePointsBefore(v.Crosstable, round)
	if v.Schedule, err = tx.roundSchedule(t.ID, round); err != nil {
		return nil, err
	}
	if v.Boards, err = tx.Boards(t, round); err != nil {
		return nil, err
	}
	if v.Entries, err = tx.fieldEntries(t.ID); err != nil {
		return nil, err
	}
	return v, nil
}
