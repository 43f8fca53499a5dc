package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"arbitro/tournament"
)

// The event log's hash chain (issue 27, class 9): logEvent writes each entry's hash
// (tournament.EventHash over the previous entry's hash), migration 008 chains the entries
// an older arbitro wrote (chainEvents), and VerifyEventLog walks the chain for arbitro
// audit.

// eventColumns are the columns of an entry that its hash covers, in scanEvent's order.
const eventColumns = `id, coalesce(tournament_id, 0), at, actor, action, before_json, after_json, action_id, hash`

// scanEvent reads one row of eventColumns.
func scanEvent(rows *sql.Rows) (tournament.Event, string, error) {
	var e tournament.Event
	var b, a, hash string
	err := rows.Scan(&e.ID, &e.TournamentID, &e.At, &e.Actor, &e.Action, &b, &a, &e.ActionID, &hash)
	e.Before, e.After = json.RawMessage(b), json.RawMessage(a)
	return e, hash, err
}

// chainEvents sets the hash of every entry of the event log, in the order of their ids,
// inside the migration's transaction (the append-only triggers are dropped there and
// created again after it). The hashes are computed first and written after, so that no
// statement writes the table while it is being read.
func chainEvents(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT `+eventColumns+` FROM events ORDER BY id`)
	if err != nil {
		return err
	}
	type idHash struct {
		id   int64
		hash string
	}
	var out []idHash
	prev := ""
	for rows.Next() {
		e, _, err := scanEvent(rows)
		if err != nil {
			rows.Close()
			return err
		}
		prev = tournament.EventHash(prev, &e)
		out = append(out, idHash{e.ID, prev})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, `UPDATE events SET hash = ? WHERE id = ?`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, h := range out {
		if _, err := stmt.ExecContext(ctx, h.hash, h.id); err != nil {
			return fmt.Errorf("chain the event log: %w", err)
		}
	}
	return nil
}

// lastEvent returns the id and hash of the last entry of the log (0 and "" when empty).
func (tx *Tx) lastEvent() (id int64, hash string, err error) {
	err = tx.queryRow(`SELECT id, hash FROM events ORDER BY id DESC LIMIT 1`).Scan(&id, &hash)
	if err == sql.ErrNoRows {
		return 0, "", nil
	}
	return id, hash, err
}

// appendEvent writes e as the next entry of the log (its ID the last one's plus one:
// writers are serialised) with its chain hash, and returns its id.
func (tx *Tx) appendEvent(e *tournament.Event) (int64, error) {
	last, prev, err := tx.lastEvent()
	if err != nil {
		return 0, err
	}
	e.ID = last + 1
	if e.ActionID == 0 {
		e.ActionID = e.ID // the first entry of its action names it
	}
	var tid any
	if e.TournamentID != 0 {
		tid = e.TournamentID
	}
	_, err = tx.exec(`INSERT INTO events (id, tournament_id, at, actor, action, before_json, after_json, action_id, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, tid, e.At, e.Actor, e.Action, string(e.Before), string(e.After), e.ActionID, tournament.EventHash(prev, e))
	return e.ID, err
}

// eventTriggers are the append-only triggers of the event log as schema.sql and 008.sql
// create them, their text with runs of blanks made one space.
var eventTriggers = map[string]string{
	"events_no_update": "CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END",
	"events_no_delete": "CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END",
}

// EventLogCheck is what VerifyEventLog found.
type EventLogCheck struct {
	Entries int    // entries verified before the break (all of them when Break is nil)
	Head    string // the hash of the last entry verified: the chain head to keep elsewhere
	// Break is the first place where the chain does not hold; nil when it holds.
	Break *tournament.ChainBreak
}

// VerifyEventLog walks the whole event log in the order of its ids, recomputing each
// entry's hash from the previous one (tournament.ChainVerifier), and checks that the
// append-only triggers are there as arbitro wrote them. It finds an entry changed,
// inserted or deleted with the sqlite3 shell, and triggers dropped or changed; it cannot
// find the last entries deleted, nor a log rewritten whole with every hash recomputed:
// only a chain head kept elsewhere (Head) shows those. The entries are read one at a
// time, never all kept.
func (tx *Tx) VerifyEventLog() (EventLogCheck, error) {
	var out EventLogCheck
	rows, err := tx.query(`SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'events'`)
	if err != nil {
		return out, err
	}
	found := map[string]string{}
	for rows.Next() {
		var name string
		var text sql.NullString
		if err := rows.Scan(&name, &text); err != nil {
			rows.Close()
			return out, err
		}
		found[name] = strings.Join(strings.Fields(text.String), " ")
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	triggersOK := len(found) == len(eventTriggers)
	for name, want := range eventTriggers {
		triggersOK = triggersOK && found[name] == want
	}
	rows, err = tx.query(`SELECT ` + eventColumns + ` FROM events ORDER BY id`)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	var v tournament.ChainVerifier
	for rows.Next() {
		e, hash, err := scanEvent(rows)
		if err != nil {
			return out, err
		}
		if out.Break = v.Next(&e, hash); out.Break != nil {
			break
		}
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Entries, out.Head = v.Head()
	if out.Break == nil && !triggersOK {
		out.Break = &tournament.ChainBreak{Kind: tournament.ChainTriggers}
	}
	return out, nil
}
