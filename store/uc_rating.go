package store

import (
	"context"

	"arbitro/tournament"
)

// RatingReport builds the Elo-Rubele report (FID Capo VI) of the tournament ref names after
// its last round (Tx.RatingReport); table is the FID conversion table for the expected
// score, nil when not given.
//
// Returns the report and the tournament as selected. Errors: ErrInvalidCrosstable (results
// that contradict each other); those of viewIn. Nothing is written.
func (s *Store) RatingReport(ctx context.Context, ref string, table tournament.ExpectedTable) (*tournament.RatingReport, tournament.Tournament, error) {
	var rep *tournament.RatingReport
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		rep, err = tx.RatingReport(t, table)
		return err
	})
	return rep, t, err
}
