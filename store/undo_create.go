// arbitro undo of the actions that create a tournament: tournament create, event import
// (a PDN file), tournament import-trf.

package store

import (
	"fmt"

	"arbitro/tournament"
)

// revertCreation undoes action a, which created tournament cur (tournament.create, alone
// or with the players it entered; event.import; trf.import): cur is deleted with every
// row the action added (deleteTournamentSQL: entries, rounds, boards, results, game
// scores, absences, TRF fields...), and the people it entered leave the register when no
// other tournament has them (as the undo of player add). Undo reverts the last action
// only, so whatever was done in cur after its creation has been undone before.
//
// Errors: ErrInvalid when cur is a group of an event (undo the event's group make), when
// groups depend on it (refuseDeleteWithGroups), or when a tournament created empty holds
// entries or rounds its log does not show (written by another program: delete it with
// arbitro tournament delete).
func (tx *Tx) revertCreation(cur *tournament.Tournament, a *logAction) error {
	if g, err := tx.groupOf(cur.ID); err != nil {
		return err
	} else if g != nil {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.group_made", "{err}: {tournament} is group {group} of an event, made with it: undo the event's action instead (arbitro undo --tournament EVENT)", "tournament", cur.Name, "group", g.Name)
	}
	if err := tx.refuseDeleteWithGroups(cur); err != nil {
		return err
	}
	added := 0
	for _, e := range a.events {
		if e.Action == "player.add" {
			added++
		}
	}
	var entries, rounds int
	if err := tx.queryRow(`SELECT (SELECT count(*) FROM entries WHERE tournament_id = ?1), (SELECT count(*) FROM rounds WHERE tournament_id = ?1)`, cur.ID).
		Scan(&entries, &rounds); err != nil {
		return err
	}
	if a.main().Action == "tournament.create" && (entries > added || rounds > 0) {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.create_unlogged", "{err}: {tournament} holds {entries} entries and {rounds} rounds that its log does not show added: delete it with 'arbitro tournament delete'", "tournament", cur.Name, "entries", entries, "rounds", rounds)
	}
	var people []int64
	rows, err := tx.query(`SELECT DISTINCT player_id FROM entries WHERE tournament_id = ? ORDER BY player_id`, cur.ID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		people = append(people, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, q := range deleteTournamentSQL {
		if _, err := tx.exec(q, cur.ID); err != nil {
			return fmt.Errorf("delete tournament %d: %w", cur.ID, err)
		}
	}
	for _, id := range people {
		if _, err := tx.exec(`DELETE FROM players WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM entries WHERE player_id = ?1)`, id); err != nil {
			return err
		}
	}
	return nil
}

// undoneImport is the SQL condition that event e (an alias of events) belongs to an
// action arbitro undo reverted: an event import undone is no longer "already imported".
const undoneImport = `EXISTS (SELECT 1 FROM events u WHERE u.action = 'undo'
	AND json_extract(u.after_json, '$.undid') = CASE e.action_id WHEN 0 THEN e.id ELSE e.action_id END)`
