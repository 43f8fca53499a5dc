package store

import (
	"context"

	"arbitro/tournament"
)

// Standings computes the standings of the tournament ref names after round round (a
// negative round: the last round whose results are all in), of the whole field or, when
// category is not "", of that category (Tx.Standings). It writes nothing.
//
// Returns the standings (the crosstable they come from, the round, the rows in order) and
// the tournament as selected. Errors: *tournament.RoundNotPairedError, ErrRoundRange,
// ErrCategory, ErrInvalidCrosstable, ErrUnknownTieBreak; those of viewIn.
func (s *Store) Standings(ctx context.Context, ref string, round int, category string) (*tournament.StandingsAfter, tournament.Tournament, error) {
	var out *tournament.StandingsAfter
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out, err = tx.Standings(t, round, category)
		return err
	})
	return out, t, err
}

// Crosstable computes the crosstable of the tournament ref names after round round (a
// negative round: the last round whose results are all in): the standings of the whole
// field, whose Table holds every player's results round by round. It writes nothing.
//
// Returns and errors: those of Standings.
func (s *Store) Crosstable(ctx context.Context, ref string, round int) (*tournament.StandingsAfter, tournament.Tournament, error) {
	return s.Standings(ctx, ref, round, "")
}
