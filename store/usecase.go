package store

import (
	"context"

	"arbitro/tournament"
)

// The use cases. Each exported method of Store below this file's helpers is one thing an
// arbiter, a player or the hall does (pair the next round, enter a result, withdraw a
// player, ...): it opens its own transaction (Update to write, View to read), selects the
// tournament the caller named, lets the domain (package tournament) decide, writes the
// outcome and returns values. The command line and the hall's handlers call these
// methods alike; neither opens a transaction nor combines two calls inside one.
//
// A tournament is named by ref: its id or its name as the arbiter typed it, "" when the
// file holds one tournament (Tx.SelectTournament). Every use case returns the tournament
// it worked on, as stored when it returns, so that the caller can render the outcome in
// the tournament's language.

// updateIn runs fn in one write transaction on the tournament ref names and returns that
// tournament as the transaction read it.
//
// Errors: Tx.SelectTournament's (ErrNoTournament, ErrAmbiguousTournament, ErrNotFound),
// Update's, or fn's.
func (s *Store) updateIn(ctx context.Context, ref string, fn func(tx *Tx, t *tournament.Tournament) error) (tournament.Tournament, error) {
	var sel tournament.Tournament
	err := s.Update(ctx, func(tx *Tx) error {
		t, err := tx.SelectTournament(ref)
		if err != nil {
			return err
		}
		sel = *t
		return fn(tx, t)
	})
	return sel, err
}

// viewIn is updateIn for reading: fn sees one consistent state and must not write.
func (s *Store) viewIn(ctx context.Context, ref string, fn func(tx *Tx, t *tournament.Tournament) error) (tournament.Tournament, error) {
	var sel tournament.Tournament
	err := s.View(ctx, func(tx *Tx) error {
		t, err := tx.SelectTournament(ref)
		if err != nil {
			return err
		}
		sel = *t
		return fn(tx, t)
	})
	return sel, err
}
