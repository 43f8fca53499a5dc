package store

import (
	"context"

	"arbitro/tournament"
)

// Undo reverts the last arbiter action of the tournament ref names that is not undone yet
// (Tx.Undo: every kind of undoKinds, the README's undo table), and logs it as "undo".
//
// Returns the action reverted and the tournament as selected (undoing its creation or
// import deletes it). Errors: ErrCannotUndo (nothing to undo; the last action is one undo
// does not revert, named in the message), ErrInvalid (its state changed since),
// ErrRoundHasResults (a pairing with results); those of updateIn. On an error nothing is
// written.
func (s *Store) Undo(ctx context.Context, ref string) (*tournament.UndoStep, tournament.Tournament, error) {
	var u *tournament.UndoStep
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		u, err = tx.Undo(t)
		return err
	})
	return u, t, err
}

// UndoList lists what successive undos would revert in the tournament ref names, the last
// action first, up to the first one undo cannot revert (Tx.UndoList), and returns the
// tournament as selected. Errors: those of viewIn. Nothing is written.
func (s *Store) UndoList(ctx context.Context, ref string) ([]tournament.UndoStep, tournament.Tournament, error) {
	var l []tournament.UndoStep
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		l, err = tx.UndoList(t)
		return err
	})
	return l, t, err
}
