// Unpairing a round with results (issue 28): `unpair --reason` keeps the round's rows in
// the event log; pairing the same round again restores the results and game scores of the
// boards paired again alike; `undo` writes the whole round back.

package store

import (
	"encoding/json"
	"fmt"

	"arbitro/tournament"
)

// UnpairRequest is what `arbitro unpair` asks: Round, when not 0, must be the last paired
// round (a safety check); Reason, when given, lets a round with results be unpaired (its
// results and game scores kept in the event log).
type UnpairRequest struct {
	Round  int
	Reason string
}

// roundTables are the tables holding a paired round's rows, in the order they are written
// back (the round, its boards, then what refers to them); each with the condition
// selecting the rows of round ?1 (its id).
var roundTables = []struct{ table, where string }{
	{"rounds", `id = ?1`},
	{"boards", `round_id = ?1`},
	{"results", `board_id IN (SELECT id FROM boards WHERE round_id = ?1)`},
	{"games", `board_id IN (SELECT id FROM boards WHERE round_id = ?1)`},
	{"hall_entries", `board_id IN (SELECT id FROM boards WHERE round_id = ?1)`},
}

// unpairLog is the before of a "round.unpair" event: the round, its boards' summary, and
// (since issue 28) the reason and every row of the round as it was (Rows: table → rows),
// which undo writes back and a new pairing of the round restores results from.
type unpairLog struct {
	Round  int                         `json:"round"`
	Boards any                         `json:"boards"`
	Reason string                      `json:"reason,omitempty"`
	Kept   int                         `json:"kept,omitempty"` // boards whose result or game score is kept
	Rows   map[string][]map[string]any `json:"rows,omitempty"`
}

// unpairAfter is the after of a "round.unpair" event.
type unpairAfter struct {
	Round   int             `json:"round"`
	Moved   []string        `json:"withdrawn_after_moved_back"`
	MovedID []int64         `json:"moved_ids,omitempty"`
	Lot     json.RawMessage `json:"lot,omitempty"`
}

// snapshotRound returns every row of round roundID (roundTables).
func (tx *Tx) snapshotRound(roundID int64) (map[string][]map[string]any, error) {
	rows := map[string][]map[string]any{}
	for _, t := range roundTables {
		rs, err := tx.snapshotRows(t.table, t.where, roundID)
		if err != nil {
			return nil, err
		}
		if len(rs) > 0 {
			rows[t.table] = rs
		}
	}
	return rows, nil
}

// keptBoards counts the boards of rows whose result (other than an automatic bye) or game
// score an unpair keeps.
func keptBoards(rows map[string][]map[string]any) int {
	kept := map[any]bool{}
	for _, r := range rows["results"] {
		if r["kind"] != tournament.KindBye {
			kept[fmt.Sprint(r["board_id"])] = true
		}
	}
	for _, r := range rows["games"] {
		kept[fmt.Sprint(r["board_id"])] = true
	}
	return len(kept)
}

// asInt reads a number of a row read back from JSON (float64) or from SQLite (int64).
func asInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	case json.Number:
		i, _ := n.Int64()
		return i
	}
	return 0
}

// keptForRound finds the results and game scores kept by the latest pending unpair of
// round `round` of cur that kept any (its action id and rows), stopping at a pending
// pairing of that round that already restored some; nil when there is none.
func (tx *Tx) keptForRound(cur *tournament.Tournament, round int) (int64, map[string][]map[string]any, error) {
	acts, err := tx.pendingActions(cur)
	if err != nil {
		return 0, nil, err
	}
	for _, a := range acts {
		for _, e := range a.events {
			switch e.Action {
			case "result.restore":
				var r struct {
					Round int `json:"round"`
				}
				if json.Unmarshal(e.After, &r) == nil && r.Round == round {
					return 0, nil, nil
				}
			case "round.unpair":
				var u unpairLog
				if json.Unmarshal(e.Before, &u) == nil && u.Round == round && u.Kept > 0 {
					return a.id, u.Rows, nil
				}
			}
		}
	}
	return 0, nil, nil
}

// restoreKept writes back, on the boards of round `round` of cur (just paired) that pair
// the same White and Black in the same game as a board of the round unpaired with its
// results (keptForRound), that board's result and game score, and logs "result.restore"
// for each. It returns what it restored, by board.
func (tx *Tx) restoreKept(cur *tournament.Tournament, round int) ([]tournament.RestoredBoard, error) {
	action, rows, err := tx.keptForRound(cur, round)
	if err != nil || rows == nil {
		return nil, err
	}
	type key struct{ white, black, game int64 }
	old := map[int64]key{} // old board id → its pair
	for _, b := range rows["boards"] {
		old[asInt(b["id"])] = key{asInt(b["white_entry"]), asInt(b["black_entry"]), asInt(b["game"])}
	}
	results, games := map[key]map[string]any{}, map[key]map[string]any{}
	for _, r := range rows["results"] {
		if r["kind"] != tournament.KindBye {
			results[old[asInt(r["board_id"])]] = r
		}
	}
	for _, g := range rows["games"] {
		games[old[asInt(g["board_id"])]] = g
	}
	boards, err := tx.Boards(cur, round)
	if err != nil {
		return nil, err
	}
	var out []tournament.RestoredBoard
	for _, b := range boards {
		k := key{b.WhiteEntry, b.BlackEntry, int64(b.Game)}
		res, game := results[k], games[k]
		if res == nil && game == nil {
			continue
		}
		rb := tournament.RestoredBoard{Round: round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black, Action: action, Score: game != nil}
		if res != nil {
			r := copyRow(res)
			r["board_id"] = b.ID
			if err := tx.restoreRows("results", []map[string]any{r}); err != nil {
				return nil, err
			}
			kept := tournament.Result{Kind: fmt.Sprint(res["kind"]), WhitePoints: int(asInt(res["white_points"])), BlackPoints: int(asInt(res["black_points"]))}
			rb.Result = kept.String()
		}
		if game != nil {
			g := copyRow(game)
			delete(g, "id")
			g["board_id"] = b.ID
			if err := tx.restoreRows("games", []map[string]any{g}); err != nil {
				return nil, err
			}
		}
		if err := tx.logEvent(cur.ID, "result.restore", nil, rb); err != nil {
			return nil, err
		}
		out = append(out, rb)
	}
	return out, nil
}

// copyRow is a shallow copy of a row.
func copyRow(r map[string]any) map[string]any {
	c := make(map[string]any, len(r))
	for k, v := range r {
		c[k] = v
	}
	return c
}

// dropRestored deletes the results and game scores of round `round` of t, before a pairing
// that restored some (result.restore) is undone: they are the kept ones, still in the log.
func (tx *Tx) dropRestored(t *tournament.Tournament, round int) error {
	for _, table := range []string{"results", "games"} {
		if _, err := tx.exec(`DELETE FROM `+table+` WHERE board_id IN (SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id
			WHERE r.tournament_id = ? AND r.number = ?)`, t.ID, round); err != nil {
			return err
		}
	}
	return nil
}

// revertUnpair writes back the round a "round.unpair" removed, from the rows its before
// keeps, and withdraws again after it the players the unpair moved back. Refused
// (ErrCannotUndo) for an unpair logged before the rows were kept, and for an unpair of
// round 1 that drew the lot again (the withdrawals before round 1 changed the field).
func (tx *Tx) revertUnpair(cur *tournament.Tournament, e *tournament.Event) error {
	var u unpairLog
	var after unpairAfter
	if err := json.Unmarshal(e.Before, &u); err != nil {
		return err
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if len(u.Rows["rounds"]) == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.unpair_undo.no_rows", "cannot undo: invalid value: this unpair of round {round} was logged without the round's rows (an older arbitro); pair the round again with 'arbitro pair'", "round", u.Round)
	}
	if len(after.Lot) > 0 && string(after.Lot) != "null" {
		return tournament.Errf(tournament.ErrCannotUndo, "err.unpair_undo.lot", "cannot undo: invalid value: unpairing round 1 drew the lot again (a withdrawal before round 1); pair the round again with 'arbitro pair'")
	}
	if len(after.Moved) != len(after.MovedID) {
		return tournament.Errf(tournament.ErrCannotUndo, "err.unpair_undo.moved", "cannot undo: invalid value: this unpair moved withdrawals back without logging whose; pair the round again with 'arbitro pair'")
	}
	if cur.RoundsPaired != u.Round-1 {
		return tournament.Errf(tournament.ErrInvalid, "err.unpair_undo.paired_again", "{err}: round {round} is paired again", "round", u.Round)
	}
	for _, t := range roundTables {
		if err := tx.restoreRows(t.table, u.Rows[t.table]); err != nil {
			return err
		}
	}
	for _, id := range after.MovedID {
		if _, err := tx.exec(`UPDATE entries SET withdrawn_after = ? WHERE id = ? AND tournament_id = ?`, u.Round, id, cur.ID); err != nil {
			return err
		}
	}
	return nil
}

// claimsOfRound lists the boards of round `round` of t with a draw claim, which an unpair
// would delete (a claim is not kept).
func (tx *Tx) claimsOfRound(t *tournament.Tournament, round int) ([]string, error) {
	rows, err := tx.query(`SELECT DISTINCT b.board FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? AND r.number = ? ORDER BY b.board`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b int
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("board %d: a draw claim", b))
	}
	return out, rows.Err()
}
