package store

import (
	"context"

	"arbitro/tournament"
)

// SetRoundSchedule stores the date (2026-11-21 or 21/11/2026) and start time (15:30) of
// paired round n of the tournament ref names (Tx.SetRoundSchedule): nil leaves one as it
// is, "" clears it.
//
// Returns the round's schedule as stored after and the tournament as selected. Errors:
// ErrNotFound (no such round), ErrMalformed (a date or time that does not parse); those of
// updateIn. On an error nothing is written.
func (s *Store) SetRoundSchedule(ctx context.Context, ref string, n int, date, clock *string) (tournament.RoundSchedule, tournament.Tournament, error) {
	var rs tournament.RoundSchedule
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		rs, err = tx.SetRoundSchedule(t, n, date, clock)
		return err
	})
	return rs, t, err
}
