package tournament

import (
	"encoding/json"
)

// Event is one entry of the append-only event log: who did what, when, and the state
// before and after, as JSON ("null" when there was none).
type Event struct {
	ID           int64           `json:"id"`                      // position in the log, increasing
	TournamentID int64           `json:"tournament_id,omitempty"` // 0 for file-wide actions
	At           string          `json:"at"`                      // RFC 3339 UTC
	Actor        string          `json:"actor"`                   // the arbiter: the store's WithActor name ("arbiter" when none)
	Action       string          `json:"action"`                  // e.g. "tournament.create", "player.add"
	Before       json.RawMessage `json:"before"`                  // state before the action, JSON; null when created
	After        json.RawMessage `json:"after"`                   // state after the action, JSON; null when deleted
	// ActionID is the id of the first event of the arbiter action (one command, one
	// transaction) this event belongs to; 0 for events logged before schema 4, each an
	// action of its own. Not in the log's JSON.
	ActionID int64 `json:"-"`
}
