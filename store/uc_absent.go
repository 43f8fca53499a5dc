package store

import (
	"context"

	"arbitro/tournament"
)

// SetAbsence records that the entry player names (an entry id or a name) of the
// tournament ref names will not play round (0: the next round to pair), with points game
// points (0-2) granted and reason kept in the event log (Tx.SetAbsence): the Swiss
// pairings leave him out of that round.
//
// Returns the absence as stored and the tournament as selected. Errors: ErrInvalid (the
// round is paired or beyond the plan, points outside 0-2, a round robin, an absence
// already recorded), ErrNotFound (no such player); those of updateIn. On an error nothing
// is written.
func (s *Store) SetAbsence(ctx context.Context, ref, player string, round, points int, reason string) (*tournament.Absence, tournament.Tournament, error) {
	var a *tournament.Absence
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		a, err = tx.SetAbsence(t, player, round, points, reason)
		return err
	})
	return a, t, err
}

// RemoveAbsence takes back the absence of the entry player names (an entry id or a name)
// from round (0: the next round to pair) of the tournament ref names, which must not be
// paired yet (Tx.RemoveAbsence).
//
// Returns the absence as it was stored and the tournament as selected. Errors:
// ErrNotFound (no such player, or no absence in that round), ErrInvalid (the round is
// paired); those of updateIn. On an error nothing is written.
func (s *Store) RemoveAbsence(ctx context.Context, ref, player string, round int) (*tournament.Absence, tournament.Tournament, error) {
	var a *tournament.Absence
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		a, err = tx.RemoveAbsence(t, player, round)
		return err
	})
	return a, t, err
}
