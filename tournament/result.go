package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors of results, game scores, claims and audits (wrap with %w, test with
// errors.Is).
var (
	// ErrNotPaired: the round named has not been paired (no row in rounds).
	ErrNotPaired = errors.New("round not paired")
	// ErrNoBoard: the round is paired but has no such board (or game of the board).
	ErrNoBoard = errors.New("no such board")
	// ErrResultExists: the board already has a result; changing it needs a correction
	// with a reason.
	ErrResultExists = errors.New("the board already has a result")
	// ErrSameResult: the board already has exactly this result; SetResult wrote nothing
	// and returns the board with the error (a harmless repeat: the CLI exits 0 with a note).
	ErrSameResult = errors.New("the same result")
	// ErrGameExists: the board already has a game score; replacing it needs Replace.
	ErrGameExists = errors.New("the board already has a game score")
	// ErrMismatch: the players or the result written in a game score disagree with the
	// pairing or the recorded result.
	ErrMismatch = errors.New("the game score disagrees with the pairing")
	// ErrBadPDN: the game score cannot be read (malformed PDN, empty, binary or too large).
	ErrBadPDN = errors.New("unreadable game score")
	// ErrNoGame: the board has no stored game score (a claim needs one).
	ErrNoGame = errors.New("no game score stored for the board")
)

// Result kinds (column results.kind; see schema.sql).
const (
	KindPlayed    = "played"
	KindForfeit   = "forfeit"   // one side absent (vittoria a forfait), or both ("--")
	KindBye       = "bye"       // the pairing bye (riposo)
	KindUnplayed  = "unplayed"  // paired, not played, not scored
	KindAdjourned = "adjourned" // sospesa: not finished yet
)

// Outcome is a result as the arbiter writes it, before the tournament's points are applied.
type Outcome struct {
	Kind string // a Kind* constant
	// Winner for a played game or a forfeit: 'W' White, 'B' Black, 'D' draw (played only),
	// 0 when nobody wins (both absent, adjourned, unplayed, bye).
	Winner byte
}

// ParseOutcome reads a result as typed by an arbiter: draughts scoring "2-0", "1-1", "0-2";
// the usual forms "1-0", "0-1", "=", "1/2-1/2", "½-½", "0.5-0.5"; forfeits "+-" (White
// present, Black absent), "-+", "--" (both absent; also "-/-", "0-0"); "adjourned"
// (sospesa, "*"); "unplayed" (non giocata); "bye" (riposo). Errors wrap ErrInvalid.
func ParseOutcome(s string) (Outcome, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), ""))
	t = strings.NewReplacer("–", "-", "—", "-", ":", "-").Replace(t)
	switch t {
	case "2-0", "1-0":
		return Outcome{KindPlayed, 'W'}, nil
	case "0-2", "0-1":
		return Outcome{KindPlayed, 'B'}, nil
	case "1-1", "=", "1/2-1/2", "½-½", "0.5-0.5", "0,5-0,5", "draw", "patta", "pari":
		return Outcome{KindPlayed, 'D'}, nil
	case "+-", "+/-", "2f-0", "1f-0":
		return Outcome{KindForfeit, 'W'}, nil
	case "-+", "-/+", "0-2f", "0-1f":
		return Outcome{KindForfeit, 'B'}, nil
	case "--", "-/-", "0-0", "0f-0f":
		return Outcome{KindForfeit, 0}, nil
	case "adjourned", "sospesa", "*":
		return Outcome{KindAdjourned, 0}, nil
	case "unplayed", "nongiocata", "non-giocata":
		return Outcome{KindUnplayed, 0}, nil
	case "bye", "riposo":
		return Outcome{KindBye, 0}, nil
	}
	return Outcome{}, Errf(ErrMalformed, "err.result.malformed", "{err}: result {s} (write 2-0, 1-1, 0-2 or 1-0, =, 0-1; forfeits +-, -+, --; adjourned; unplayed)", "s", strconv.Quote(s))
}

// Points returns the game points (2-1-0 scale) of o in tournament t: a played game 2-0,
// 1-1 or 0-2; a forfeit t.ForfeitPoints to the present side (0-0 when both were absent); a
// bye t.ByePoints to White (the only player of a bye board); adjourned and unplayed 0-0.
func (o Outcome) Points(t *Tournament) (white, black int) {
	switch o.Kind {
	case KindPlayed:
		switch o.Winner {
		case 'W':
			return 2, 0
		case 'B':
			return 0, 2
		default:
			return 1, 1
		}
	case KindForfeit:
		switch o.Winner {
		case 'W':
			return t.ForfeitPoints, 0
		case 'B':
			return 0, t.ForfeitPoints
		}
	case KindBye:
		return t.ByePoints, 0
	}
	return 0, 0
}

// Result is the current result of one board (table results).
type Result struct {
	Kind        string `json:"kind"`
	WhitePoints int    `json:"white_points"` // game points, 2-1-0 scale
	BlackPoints int    `json:"black_points"`
	EnteredAt   string `json:"entered_at"`
	EnteredBy   string `json:"entered_by,omitempty"`
}

// String writes r as an arbiter reads it: "2-0", "1-1", "0-2" for a game; "+-", "-+",
// "--" for forfeits; "bye", "adjourned", "unplayed".
func (r *Result) String() string {
	if r == nil {
		return ""
	}
	switch r.Kind {
	case KindPlayed:
		return fmt.Sprintf("%d-%d", r.WhitePoints, r.BlackPoints)
	case KindForfeit:
		switch {
		case r.WhitePoints > r.BlackPoints:
			return "+-"
		case r.BlackPoints > r.WhitePoints:
			return "-+"
		}
		return "--"
	}
	return r.Kind
}

// Winner returns 'W', 'B' or 'D' for a played game, 'W'/'B' for a one-sided forfeit, 0
// otherwise.
func (r *Result) Winner() byte {
	if r == nil {
		return 0
	}
	switch r.Kind {
	case KindPlayed:
		switch {
		case r.WhitePoints > r.BlackPoints:
			return 'W'
		case r.BlackPoints > r.WhitePoints:
			return 'B'
		}
		return 'D'
	case KindForfeit:
		switch {
		case r.WhitePoints > r.BlackPoints:
			return 'W'
		case r.BlackPoints > r.WhitePoints:
			return 'B'
		}
	}
	return 0
}

// Board is one board of a paired round with its players, result and game score status.
type Board struct {
	ID         int64   `json:"id"`
	Round      int     `json:"round"`
	Board      int     `json:"board"`
	Game       int     `json:"game"` // 1, or 2 for the return game of a double round
	WhiteEntry int64   `json:"white_entry"`
	BlackEntry int64   `json:"black_entry,omitempty"` // 0: White has the pairing bye
	White      string  `json:"white"`
	Black      string  `json:"black,omitempty"`
	Result     *Result `json:"result,omitempty"` // nil: no result yet
	GameID     int64   `json:"game_id,omitempty"`
	// Rest is the kind of a pairing bye under the Italo-Swiss FID formats (pairing.RestKind:
	// "RM", "RR", "RT"); "" otherwise. An RT (turn rest) scores 0 points.
	Rest string `json:"rest,omitempty"`
}

// Bye reports whether the board is a pairing bye (no Black player).
func (b *Board) Bye() bool { return b.BlackEntry == 0 }

// ResultOptions modify SetResult.
type ResultOptions struct {
	// Correct allows replacing a result already recorded; Reason (required with Correct)
	// is written in the event log with the old and the new result.
	Correct bool
	Reason  string
}

type resultEventJSON struct {
	Round  int     `json:"round"`
	Board  int     `json:"board"`
	Game   int     `json:"game"`
	White  string  `json:"white"`
	Black  string  `json:"black,omitempty"`
	Result string  `json:"result"`
	Detail *Result `json:"detail"`
	Reason string  `json:"reason,omitempty"`
}

func ResultEvent(b *Board, r *Result, reason string) *resultEventJSON {
	if r == nil {
		return nil
	}
	return &resultEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		Result: r.String(), Detail: r, Reason: reason}
}

// plurals is the "s" of a count's noun: "" for 1, "s" otherwise.
func Plurals(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
