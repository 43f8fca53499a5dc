package store

import (
	"context"
	"strconv"
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
	`DELETE FROM group_entries WHERE entry_id IN (SELECT id FROM entries WHERE tournament_id = ?1)`,
	`DELETE FROM entries WHERE tournament_id = ?1`,
	`DELETE FROM groups WHERE tournament_id = ?1`,
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
// A group (issue 32) is deleted with its place in its event; an event that still has
// groups, or a group whose entries feed a later stage's group, is refused (ErrInvalid,
// naming them): those are deleted first.
//
// Errors: those of SelectTournament (ErrNoTournament, ErrAmbiguousTournament,
// ErrNotFound); ErrInvalid when confirm does not match; ErrInvalid (groups depend on it); ErrBusy, ErrReadOnly; the
// database's.
func (s *Store) DeleteTournament(ctx context.Context, ref, confirm string, yes bool) (tournament.DeletedTournament, tournament.Tournament, error) {
	var out tournament.DeletedTournament
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if !yes && !strings.EqualFold(strings.TrimSpace(confirm), strings.TrimSpace(t.Name)) {
			return tournament.Errf(tournament.ErrInvalid, "err.tournament.delete_name", "{err}: the name typed again, {confirm}, is not the tournament's name {tournament}: nothing was deleted", "confirm", strconv.Quote(confirm), "tournament", strconv.Quote(t.Name))
		}
		if err := tx.refuseDeleteWithGroups(t); err != nil {
			return err
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
				return tournament.Errf(err, "err.tournament.delete_context", "delete tournament {id}: {err}", "id", t.ID)
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

// refuseDeleteWithGroups refuses to delete t while groups depend on it: t is an event with
// groups, or the entries of t (an event or a group) are the origin of a later stage's group
// entries (group_entries.from_entry). The error names them and the fix.
func (tx *Tx) refuseDeleteWithGroups(t *tournament.Tournament) error {
	rows, err := tx.query(`SELECT DISTINCT tn.name FROM tournaments tn WHERE tn.id IN (
			SELECT g.tournament_id FROM groups g WHERE g.parent_id = ?1
			UNION SELECT e.tournament_id FROM group_entries ge JOIN entries e ON e.id = ge.entry_id
				JOIN entries f ON f.id = ge.from_entry
				WHERE f.tournament_id = ?1 AND e.tournament_id <> ?1)
		ORDER BY tn.id`, t.ID)
	if err != nil {
		return err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		names = append(names, tournament.QuoteShort(tournament.ShownText(n)))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(names) == 0 {
		return nil
	}
	return tournament.Errf(tournament.ErrInvalid, "err.tournament.delete_groups", "{err}: the groups {names} depend on {event} (its groups, or fed by its standings): delete them first (arbitro tournament delete NAME), nothing was deleted", "names", strings.Join(names, ", "), "event", tournament.QuoteShort(t.Name))
}
