package store

import (
	"arbitro/tournament"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// logEvent appends an event for tournament tournamentID (0: file-wide) to the log, in the
// same transaction as the change it describes, with the transaction's actor (WithActor) and time
// (nowText).
// before and after are marshalled to JSON (nil becomes null). Every event of one
// transaction carries the id of its first event (events.action_id): one arbiter action,
// what arbitro undo reverts as a whole. The log cannot be updated or deleted: triggers in
// schema.sql refuse it. Each entry carries its chain hash (appendEvent, issue 27).
func (tx *Tx) logEvent(tournamentID int64, action string, before, after any) error {
	if tx.readOnly {
		return errors.New("LogEvent called in a read transaction (use Store.Update)")
	}
	b, err := json.Marshal(before)
	if err != nil {
		return fmt.Errorf("event %s: encode before: %w", action, err)
	}
	a, err := json.Marshal(after)
	if err != nil {
		return fmt.Errorf("event %s: encode after: %w", action, err)
	}
	id, err := tx.appendEvent(&tournament.Event{TournamentID: tournamentID, At: tx.nowText(), Actor: tx.actor, Action: action,
		Before: b, After: a, ActionID: tx.actionID})
	if err == nil && tx.actionID == 0 {
		tx.actionID = id // the first event of the transaction: its id names the action
	}
	if err != nil {
		return fmt.Errorf("write event log: %w", err)
	}
	return nil
}

// Events returns the log of tournament tournamentID (0: all events) in the order written.
func (tx *Tx) Events(tournamentID int64) ([]tournament.Event, error) {
	return events(tx.ctx, tx.stx, tournamentID)
}

type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func events(ctx context.Context, q queryer, tournamentID int64) ([]tournament.Event, error) {
	query := `SELECT id, coalesce(tournament_id, 0), at, actor, action, before_json, after_json, action_id FROM events`
	var args []any
	if tournamentID != 0 {
		query += ` WHERE tournament_id = ?`
		args = append(args, tournamentID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.Event
	for rows.Next() {
		var e tournament.Event
		var b, a string
		if err := rows.Scan(&e.ID, &e.TournamentID, &e.At, &e.Actor, &e.Action, &b, &a, &e.ActionID); err != nil {
			return nil, err
		}
		e.Actor, e.Action = tournament.ShownText(e.Actor), tournament.ShownText(e.Action)
		e.Before, e.After = json.RawMessage(b), json.RawMessage(a)
		out = append(out, e)
	}
	return out, rows.Err()
}
