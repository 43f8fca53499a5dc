package store

import (
	"context"

	"arbitro/tournament"
)

// CreateTournament creates tournament t (validated, its defaults filled: Tx.CreateTournament)
// and, when acceleration is not "", stores its Dutch acceleration (Tx.SetAcceleration,
// "baku"), in one transaction.
//
// Returns t as stored (ID, CreatedAt, Seed and defaults set). Errors: ErrInvalid (a value
// that does not fit, an acceleration other than baku or on a system other than Dutch),
// ErrDuplicateTournament, or the database's. Nothing is written on error.
func (s *Store) CreateTournament(ctx context.Context, t tournament.Tournament, acceleration string) (tournament.Tournament, error) {
	err := s.Update(ctx, func(tx *Tx) error {
		if err := tx.CreateTournament(&t); err != nil {
			return err
		}
		if acceleration != "" { // Dutch, FIDE C.04.7 (issue 19)
			return tx.SetAcceleration(&t, acceleration)
		}
		return nil
	})
	return t, err
}

// Tournaments lists every tournament of the file, by id. It writes nothing.
//
// Returns them (nil when the file holds none). Errors: the database's.
func (s *Store) Tournaments(ctx context.Context) ([]tournament.Tournament, error) {
	var all []tournament.Tournament
	err := s.View(ctx, func(tx *Tx) (err error) {
		all, err = tx.Tournaments()
		return err
	})
	return all, err
}

// ShowTournament reads the settings of the tournament ref names. It writes nothing.
//
// Returns the tournament. Errors: those of viewIn (ErrNoTournament,
// ErrAmbiguousTournament, ErrNotFound).
func (s *Store) ShowTournament(ctx context.Context, ref string) (tournament.Tournament, error) {
	return s.viewIn(ctx, ref, func(*Tx, *tournament.Tournament) error { return nil })
}

// SetTournamentField changes setting field (as in tournament.TournamentFields) of the
// tournament ref names to value, and logs it (Tx.SetTournamentField).
//
// Returns the tournament as changed, and as selected (before the change). Errors: ErrLocked
// for a field that bears on pairings or standings once a round exists (the seed once the
// lot is drawn), ErrInvalid for an unknown field or a value that does not fit; those of
// updateIn. Nothing is written on error.
func (s *Store) SetTournamentField(ctx context.Context, ref, field, value string) (*tournament.Tournament, tournament.Tournament, error) {
	var nt *tournament.Tournament
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		nt, err = tx.SetTournamentField(t, field, value)
		return err
	})
	return nt, t, err
}

// EventLog reads the event log of the tournament ref names, in the order written
// (Tx.Events). It writes nothing.
//
// Returns its events (nil when none) and the tournament as selected. Errors: those of
// viewIn, or the database's.
func (s *Store) EventLog(ctx context.Context, ref string) ([]tournament.Event, tournament.Tournament, error) {
	var evs []tournament.Event
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		evs, err = tx.Events(t.ID)
		return err
	})
	return evs, t, err
}
