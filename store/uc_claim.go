package store

import (
	"context"

	"arbitro/tournament"
)

// AddClaim checks a draw claim on the stored score of board (game 1, or 2 for the return
// game) of round of the tournament ref names and records it with the arbiter's decision
// (req.Decision, or the engine's verdict when empty) and the engine's reasoning
// (Tx.AddClaim).
//
// Returns the claim as recorded and the tournament as selected. Errors: ErrNotPaired,
// ErrNoBoard, ErrNoGame (no score stored for the board), ErrMalformed (a decision other
// than accepted or rejected, negative plies), ErrInvalid; those of updateIn. On an error
// nothing is written.
func (s *Store) AddClaim(ctx context.Context, ref string, round, board, game int, req tournament.ClaimRequest) (*tournament.ClaimRecord, tournament.Tournament, error) {
	var rec *tournament.ClaimRecord
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		rec, err = tx.AddClaim(t, round, board, game, req)
		return err
	})
	return rec, t, err
}
