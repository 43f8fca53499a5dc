package store

import (
	"context"

	"arbitro/tournament"
)

// SimulateRound plays round round of the tournament ref names with the simple legal-move
// player of the demo (Tx.SimulateRound): every board with two players and no result gets
// a simulated game, whose result is recorded and whose score is stored and judged, in one
// transaction. The games are not real games: they are tagged as simulated.
//
// Returns the boards played, in board order, and the tournament as selected. Errors:
// ErrNotPaired; ErrInvalid when opts.CountDrawBoard's game does not end by the count; those
// of SetResult and AddGame; those of updateIn. On an error nothing is written.
func (s *Store) SimulateRound(ctx context.Context, ref string, round int, opts tournament.SimRoundOptions) ([]tournament.SimulatedBoard, tournament.Tournament, error) {
	var played []tournament.SimulatedBoard
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		played, err = tx.SimulateRound(t, round, opts)
		return err
	})
	return played, t, err
}

// StoredGame reads the game score stored for board board, game game (2: the return game)
// of round round of the tournament ref names (Tx.BoardAt, Tx.GameOf). It writes nothing.
//
// Returns the stored score (its text, verdict and hash) and the tournament as selected.
// Errors: ErrNotPaired, ErrNoBoard, ErrNoGame (the board has no score); those of viewIn.
func (s *Store) StoredGame(ctx context.Context, ref string, round, board, game int) (*tournament.StoredGame, tournament.Tournament, error) {
	var sg *tournament.StoredGame
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, err := tx.BoardAt(t, round, board, game)
		if err != nil {
			return err
		}
		sg, err = tx.GameOf(b)
		return err
	})
	return sg, t, err
}
