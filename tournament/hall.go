package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The hall (arbitro serve --hall, issue 30): the results players enter on the hall's
// pages, with their personal PIN, before they become the board's result.

var (
	// ErrWrongPIN: the PIN given is not the player's (or the player has none).
	ErrWrongPIN = errors.New("wrong PIN")
	// ErrNoPIN: the player has no PIN yet ('arbitro player pin' gives one).
	ErrNoPIN = errors.New("no PIN")
	// ErrNoPassword: no arbiter's password is set for the hall ('arbitro hall password').
	ErrNoPassword = errors.New("no arbiter's password")
)

// HallStatus is what became of a player's entry in the hall.
type HallStatus string

const (
	// HallWaiting: the entry is recorded; the opponent has not entered the result yet.
	HallWaiting HallStatus = "waiting"
	// HallStored: both players entered the same result; it is the board's result.
	HallStored HallStatus = "stored"
	// HallDisputed: the two entries disagree; the arbiter decides.
	HallDisputed HallStatus = "disputed"
	// HallAgreed: both players entered the same result, and the arbiter confirms every
	// result (serve --hall --confirm): it waits for him.
	HallAgreed HallStatus = "agreed"
	// HallAlready: the board has a result already; only the arbiter can change it.
	HallAlready HallStatus = "already"
)

// HallEntry is a result one player entered in the hall for his board, from the board's
// view (White-Black in game points: "2-0", "1-1", "0-2").
type HallEntry struct {
	BoardID   int64  `json:"board_id"`
	EntryID   int64  `json:"entry_id"` // the player who entered it
	Result    string `json:"result"`
	EnteredAt string `json:"entered_at"` // RFC 3339 UTC
}

// HallSpec reads a result as a player enters it in the hall: a game played over the
// board, White-Black in game points ("2-0", "1-1", "0-2"; also "1-0", "=", "0-1" and the
// other forms of ParseOutcome for a played game). Forfeits, byes and adjournments are the
// arbiter's. Returns the form stored ("2-0", "1-1", "0-2"); errors wrap ErrInvalid.
func HallSpec(s string) (string, error) {
	o, err := ParseOutcome(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	if o.Kind != KindPlayed {
		return "", Errf(ErrInvalid, "err.hall.spec", "{err}: {result}: a player enters a game played (2-0, 1-1, 0-2); the arbiter enters the rest", "result", strconv.Quote(s))
	}
	switch o.Winner {
	case 'W':
		return "2-0", nil
	case 'B':
		return "0-2", nil
	}
	return "1-1", nil
}

// DecideHallEntry says what a player's entry mine makes of his board, given his
// opponent's entry other ("" when he has entered none): both the same, the result is
// stored (or, when the arbiter confirms every result, waits for him agreed); different,
// the arbiter decides; none, the board waits.
func DecideHallEntry(mine, other string, arbiterConfirms bool) HallStatus {
	switch {
	case other == "":
		return HallWaiting
	case other == mine && arbiterConfirms:
		return HallAgreed
	case other == mine:
		return HallStored
	}
	return HallDisputed
}

// HallActor is the name the event log gives a player who acts through the hall: "player
// 7 via the hall" (7: his pairing number, or his entry id before the lot).
func HallActor(e *Entry) string {
	n := int64(e.Number)
	if n == 0 {
		n = e.ID
	}
	return fmt.Sprintf("player %d via the hall", n)
}

// HallPendingBoard is a board without a result on which players have entered results in
// the hall: one entry (waiting for the other player) or two that disagree.
type HallPendingBoard struct {
	Board    *Board
	Entries  []HallEntry // by entry id
	Disputed bool        // two entries that disagree
	Agreed   bool        // two entries that agree (the arbiter confirms every result)
	// Overdue: a single entry older than the event's HallSettings.SingleMinutes: it has
	// gone to the arbiter.
	Overdue bool
}

// HallConsole is what the arbiter's console shows: the boards of the last round paired
// (Round; 0 when none) and the boards waiting for him.
type HallConsole struct {
	Tournament Tournament
	Round      int
	Boards     []*Board
	Pending    []HallPendingBoard // in round, board and game order
	Version    int64              // the file's data version (store's Tx.DataVersion)
	CheckIn    HallCheckInList    // the check-in of the next round to pair
	Settings   HallSettings       // the event's stored settings (arbitro hall set)
}

// PlayerPIN is a PIN just given to a player for the hall: the only time it is seen in
// clear (the file keeps a salted hash).
type PlayerPIN struct {
	Entry Entry  `json:"entry"`
	PIN   string `json:"pin"`
}

// HallCheckedIn is the outcome of a check-in.
type HallCheckedIn struct {
	Player  Entry
	Round   int  // the round checked in for: the next to pair
	Already bool // he had checked in already: nothing written
}

// HallCheckInRow is one player of a round's check-in.
type HallCheckInRow struct {
	Entry  Entry
	At     string // when he checked in (RFC 3339 UTC), "" not yet
	Absent bool   // the arbiter recorded him absent from the round
}

// HallCheckInList is the check-in of the next round to pair: Round 0 when every round
// is paired; Players, in pairing-number order, those who may play it.
type HallCheckInList struct {
	Tournament Tournament
	Round      int
	Players    []HallCheckInRow
}
