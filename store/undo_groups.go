// arbitro undo of the groups of an event (issue 32): groups made, a player moved.

package store

import (
	"encoding/json"
	"fmt"
	"strconv"

	"arbitro/tournament"
)

// groupMoved is the before of "group.move": the rows of the player's entry in the group
// he left (entries, group_entries; none when he was in no group of the stage).
type groupMoved struct {
	Rows map[string][]map[string]any `json:"rows"`
}

// groupMoveLog is the after of "group.move": the move, and the entry made for him in the
// group he joined (Group: that group's tournament id).
type groupMoveLog struct {
	tournament.GroupMove
	Entry int64 `json:"entry"`
	Group int64 `json:"group"`
}

// groupMoveKept: a "group.move" logged by an arbitro before issue 28's remainder did not
// keep the entries it deleted and made.
func groupMoveKept(e *tournament.Event) error {
	var after groupMoveLog
	if json.Unmarshal(e.After, &after) != nil || after.Entry == 0 {
		return tournament.Errf(nil, "err.undo.why.group_move", "it was logged by an arbitro that did not keep the entries it moved (move him back with 'arbitro group move')")
	}
	return nil
}

func groupArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Player tournament.Player `json:"player"`
		To     string            `json:"to"`
	}
	var made []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(e.After, &made) == nil {
		names := ""
		for i, g := range made {
			if i > 0 {
				names += ", "
			}
			names += g.Name
		}
		args["name"] = names
		return
	}
	_ = json.Unmarshal(e.After, &after)
	args["player"], args["name"] = after.Player.Name, after.To
}

// revertGroupMake deletes the groups a "group.make" made in event cur (each group's
// tournament, its entries and its place in the event), refusing while a group has an
// action of its own since (its lot, a pairing: undone first in the group) or feeds a
// later stage.
func (tx *Tx) revertGroupMake(cur *tournament.Tournament, e *tournament.Event) error {
	var made []struct {
		Name       string `json:"name"`
		Tournament struct {
			ID int64 `json:"id"`
		} `json:"tournament"`
	}
	if err := json.Unmarshal(e.After, &made); err != nil {
		return err
	}
	action := e.ActionID
	if action == 0 {
		action = e.ID
	}
	for i := len(made) - 1; i >= 0; i-- {
		g, err := tx.TournamentByID(made[i].Tournament.ID)
		if err != nil {
			return err
		}
		acts, err := tx.pendingActions(g)
		if err != nil {
			return err
		}
		for _, a := range acts {
			if a.id != action {
				last := a.events[len(a.events)-1] // (not step: undoKinds is being initialised with this function)
				return tournament.Errf(tournament.ErrInvalid, "err.undo.group_later", "{err}: group {group} has a later action, #{id} {action} ({at}): undo it first (arbitro undo --tournament {ref})", "group", made[i].Name, "id", a.id, "action", last.Action, "at", last.At, "ref", strconv.Quote(g.Name))
			}
		}
		if err := tx.refuseDeleteWithGroups(g); err != nil {
			return err
		}
		for _, q := range deleteTournamentSQL {
			if _, err := tx.exec(q, g.ID); err != nil {
				return fmt.Errorf("delete group %s: %w", made[i].Name, err)
			}
		}
	}
	return nil
}

// revertGroupMove takes the player of a "group.move" out of the group he joined and
// writes back his entry in the group he left (same id), while both are before their lot.
func (tx *Tx) revertGroupMove(_ *tournament.Tournament, e *tournament.Event) error {
	if why := groupMoveKept(e); why != nil {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.cannot", "{err}: {why}", "why", why)
	}
	var before groupMoved
	var after groupMoveLog
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	var drawn int
	if err := tx.queryRow(`SELECT count(*) FROM tournaments WHERE lot_drawn_at IS NOT NULL AND id IN
		(?, (SELECT tournament_id FROM entries WHERE id = ?))`, after.Group, asInt(firstRow(before.Rows["entries"])["id"])).Scan(&drawn); err != nil {
		return err
	}
	if drawn > 0 {
		return tournament.Errf(tournament.ErrLocked, "err.undo.group_lot", "{err}: the lot of group {to} or {from} is drawn; a player moves only before the lot", "to", after.To, "from", after.From)
	}
	if _, err := tx.exec(`DELETE FROM entries WHERE id = ?`, after.Entry); err != nil {
		return err
	}
	for _, table := range []string{"entries", "group_entries"} {
		if err := tx.restoreRows(table, before.Rows[table]); err != nil {
			return err
		}
	}
	return nil
}

// firstRow is rows[0], or an empty row.
func firstRow(rows []map[string]any) map[string]any {
	if len(rows) == 0 {
		return map[string]any{}
	}
	return rows[0]
}
