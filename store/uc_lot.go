package store

import (
	"context"

	"arbitro/tournament"
)

// DrawLot draws the pairing numbers of every player of the tournament ref names from
// *seed, stored as the tournament's seed, or from its stored seed when seed is nil
// (Tx.DrawLot; the Dutch system: the initial ranking, and the seed draws round 1's
// colour).
//
// Returns the lot (the numbers, the seed, the warnings) and the tournament as selected.
// Errors: ErrTeamEvent (a team event: team pair draws its lot), ErrLocked (a round is
// paired), ErrInvalid (no players, a seed of 0 or above 2^63-1); those of updateIn. On an error nothing is written.
func (s *Store) DrawLot(ctx context.Context, ref string, seed *uint64) (*tournament.LotResult, tournament.Tournament, error) {
	var res *tournament.LotResult
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if set, err := tx.teamSettings(t.ID); err != nil {
			return err
		} else if set != nil { // the teams are numbered by team pair (docs/teams.md)
			return tournament.Errf(ErrTeamEvent, "err.team.lot", "{err}: {tournament} numbers teams, not players (arbitro team pair draws the team lot)", "tournament", t.Name)
		}
		res, err = tx.DrawLot(t, seed)
		return err
	})
	return res, t, err
}
