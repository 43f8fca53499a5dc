package store

import (
	"context"
	"fmt"
	"strings"

	"arbitro/tournament"
)

// deleteTournamentSQL deletes, in this order (children first, so that every foreign key
// holds: the transaction fails rather than leave a row pointing nowhere), every row of
// tournament ? but its event log and the players' register. Deleting the boards cascades
// to results, games, claims and the hall's entries.
var deleteTournamentSQL = []string{
	`DELETE FROM boards WHERE round_id IN (SELECT id FROM rounds WHERE tournament_id = ?1)`,
	`DELETE FROM absences WHERE tournament_id = ?1`,
	`DELETE FROM rounds WHERE tournament_id = ?1`,
	`DELETE FROM category_members WHERE category_id IN (SELECT id FROM categories WHERE tournament_id = ?1)`,
	`DELETE FROM categories WHERE tournament_id = ?1`,
	`DELETE FROM prizes WHERE tournament_id = ?1`,
	`DELETE FROM forbidden_pairs WHERE tournament_id = ?1`,
	`DELETE FROM dutch_settings WHERE tournament_id = ?1`,
	`DELETE FROM trf_records WHERE tournament_id = ?1`,
	`DELETE FROM trf_players WHERE entry_id IN (SELECT id FROM entries WHERE tournament_id = ?1)`,
	`DELETE FROM hall_pins WHERE entry_id IN (SELECT id FROM entries WHERE tournament_id = ?1)`,
	`DELETE FROM hall_checkins WHERE entry_id IN (SELECT id FROM entries WHERE tournament_id = ?1)`,
	`DELETE FROM entries WHERE tournament_id = ?1`,
	`DELETE FROM tournaments WHERE id = ?1`,
}

// DeleteTournament deletes the tournament ref names, with its entries, rounds, boards,
// results, game scores, claims, categories, prizes and hall data, in one write
// transaction. The write lock is taken first (BEGIN IMMEDIATE, before anything is read):
// while another command writes, it waits the busy timeout and is refused with ErrBusy,
// having deleted nothing. confirm is the name the arbiter typed again: it must be the
// stored name of the tournament selected inside the transaction (compared without
// regard to case and surrounding blanks), unless yes (--yes).
//
// The tournament's entries of the event log are kept, in the hash chain; the deletion is
// logged as a file-wide entry ("tournament.delete", no tournament) whose before holds
// what was deleted (tournament.DeletedTournament), which outlives the tournament. Players stay in
// the file's register. Not undone by arbitro undo.
//
// Errors: those of SelectTournament (ErrNoTournament, ErrAmbiguousTournament,
// ErrNotFound); ErrInvalid when confirm does not match; ErrBusy, ErrReadOnly; the
// database's.
func (s *Store) DeleteTournament(ctx context.Context, ref, confirm string, yes bool) (tournament.DeletedTournament, tournament.Tournament, error) {
	var out tournament.DeletedTournament
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if !yes && !strings.EqualFold(strings.TrimSpace(confirm), strings.TrimSpace(t.Name)) {
			return fmt.Errorf("%w: the name typed again, %q, is not the tournament's name %q: nothing was deleted", tournament.ErrInvalid, confirm, t.Name)
		}
		out = tournament.DeletedTournament{ID: t.ID, Name: t.Name}
		if err := tx.queryRow(`SELECT (SELECT count(*) FROM entries WHERE tournament_id = ?1),
			(SELECT count(*) FROM rounds WHERE tournament_id = ?1),
			(SELECT count(*) FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ?1),
			(SELECT count(*) FROM games g JOIN boards b ON b.id = g.board_id JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ?1),
			(SELECT count(*) FROM events WHERE tournament_id = ?1)`, t.ID).Scan(&out.Entries, &out.Rounds, &out.Boards, &out.Games, &out.Events); err != nil {
			return err
		}
		var err error
		if _, out.LogHead, err = tx.lastEvent(); err != nil {
			return err
		}
		for _, q := range deleteTournamentSQL {
			if _, err := tx.exec(q, t.ID); err != nil {
				return fmt.Errorf("delete tournament %d: %w", t.ID, err)
			}
		}
		if err := tx.logEvent(0, "tournament.delete", out, nil); err != nil {
			return err
		}
		out.EventID = tx.actionID
		return nil
	})
	return out, t, err
}
