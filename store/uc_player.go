package store

import (
	"context"
	"fmt"
	"iter"

	"arbitro/tournament"
)

// AddPlayer enters player p in the tournament ref names (Tx.AddPlayer: the duplicate rule,
// a late entrant after round 1, the pairing number once the lot is drawn).
//
// Returns the entry as stored, with its notes (a similar player already entered, ...), and
// the tournament as selected. Errors: ErrDuplicatePlayer, ErrInvalid (Tx.AddPlayer's);
// those of updateIn. On an error nothing is written.
func (s *Store) AddPlayer(ctx context.Context, ref string, p tournament.Player) (*tournament.Entry, tournament.Tournament, error) {
	var e *tournament.Entry
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		e, err = tx.AddPlayer(t, p)
		return err
	})
	return e, t, err
}

// ImportPlayers enters every row of a players file (tournament.OpenPlayersCSV's Rows,
// taken one at a time and not kept: bounded memory for any number of rows) in the
// tournament ref names: all of them or, if any row is refused, none.
//
// source names the file in errors: Tx.ImportPlayers's error (ErrBadCSV with the line, and
// the cause, e.g. ErrDuplicatePlayer) is returned as "source: error". Returns how many
// players were entered with the notes of their entries, and the tournament as selected;
// updateIn's errors as they are. On an error nothing is written.
func (s *Store) ImportPlayers(ctx context.Context, ref, source string, rows iter.Seq2[tournament.PlayerRow, error]) (PlayersImported, tournament.Tournament, error) {
	var out PlayersImported
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if out, err = tx.ImportPlayers(t, rows); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
		return nil
	})
	if err != nil {
		out = PlayersImported{}
	}
	return out, t, err
}

// Players lists the entries of the tournament ref names (Tx.Entries: by pairing number once
// the lot is drawn, else by rating then name), withdrawn players included, and returns the
// tournament as selected.
//
// Errors: those of viewIn. Nothing is written.
func (s *Store) Players(ctx context.Context, ref string) ([]tournament.Entry, tournament.Tournament, error) {
	var es []tournament.Entry
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		es, err = tx.Entries(t.ID)
		return err
	})
	return es, t, err
}

// WithdrawPlayer withdraws the entry player names (an entry id or a name) from the
// tournament ref names: he is not paired from the next round on (Tx.WithdrawPlayer).
//
// Returns the entry as stored after (with the lot drawn again when he withdrew before
// round 1 after the lot) and the tournament as selected. Errors: ErrNotFound, ErrInvalid
// (Tx.WithdrawPlayer's); those of updateIn. On an error nothing is written.
//
// keep chooses, between the lot and round 1, to keep the others' numbers and leave his
// empty (--keep-numbers) instead of drawing the lot again (Tx.WithdrawPlayerLot).
func (s *Store) WithdrawPlayer(ctx context.Context, ref, player string, keep bool) (*tournament.PlayerChange, tournament.Tournament, error) {
	var e *tournament.PlayerChange
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		e, err = tx.WithdrawPlayerLot(t, player, keep)
		return err
	})
	return e, t, err
}

// SetPlayerField corrects one field (tournament.PlayerFields) of the entry player names
// (an entry id or a name) in the tournament ref names to value, as typed
// (Tx.SetPlayerField).
//
// Returns the entry as stored after and the tournament as selected. Errors: ErrNotFound,
// ErrMalformed (an unknown field, a value that does not parse), ErrLocked (the rating
// used for pairing after round 1), ErrDuplicatePlayer (Tx.SetPlayerField's); those of
// updateIn. On an error nothing is written.
func (s *Store) SetPlayerField(ctx context.Context, ref, player, field, value string) (*tournament.Entry, tournament.Tournament, error) {
	var e *tournament.Entry
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		e, err = tx.SetPlayerField(t, player, field, value)
		return err
	})
	return e, t, err
}

// RemovePlayer deletes the entry player names (an entry id or a name) from the tournament
// ref names: an entry made by mistake, with no game, bye or claim in any round
// (Tx.RemovePlayer). After the lot and before round 1 the lot is drawn again from the
// stored seed; after round 1 his number stays empty.
//
// Returns the entry as it was (with Lot or Gap) and the tournament as selected. Errors:
// ErrNotFound, ErrInvalid (he has games: withdraw him instead), ErrTeamEvent (a team
// event: its players are its rosters); those of updateIn. On an
// error nothing is written.
//
// keep chooses, between the lot and round 1, to keep the others' numbers and leave his
// empty (--keep-numbers) instead of drawing the lot again (Tx.RemovePlayerLot).
func (s *Store) RemovePlayer(ctx context.Context, ref, player string, keep bool) (*tournament.PlayerChange, tournament.Tournament, error) {
	var c *tournament.PlayerChange
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if set, err := tx.teamSettings(t.ID); err != nil {
			return err
		} else if set != nil { // a roster is entered whole (docs/teams.md)
			return tournament.Errf(ErrTeamEvent, "err.team_event.rosters", "invalid value: a team event: {name}'s players are its teams' rosters; take a team back with arbitro undo and add it again", "name", t.Name)
		}
		c, err = tx.RemovePlayerLot(t, player, keep)
		return err
	})
	return c, t, err
}

// ReinstatePlayer undoes the withdrawal of the entry player names in the tournament ref
// names: he is paired again from round from (0: the next round to pair), and the rounds
// he missed become absences with 0 points (Tx.ReinstatePlayer).
//
// Returns the entry as stored after (with From, Absent, Lot) and the tournament as
// selected. Errors: ErrNotFound, ErrInvalid (not withdrawn, a round already paired or
// beyond the last); those of updateIn. On an error nothing is written.
func (s *Store) ReinstatePlayer(ctx context.Context, ref, player string, from int) (*tournament.PlayerChange, tournament.Tournament, error) {
	var c *tournament.PlayerChange
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		c, err = tx.ReinstatePlayer(t, player, from)
		return err
	})
	return c, t, err
}
