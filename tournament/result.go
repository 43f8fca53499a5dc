package tournament

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"arbitro/pairing"
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
	return Outcome{}, fmt.Errorf("%w: result %q (write 2-0, 1-1, 0-2 or 1-0, =, 0-1; forfeits +-, -+, --; adjourned; unplayed)", ErrMalformed, s)
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

const boardCols = `b.id, r.number, b.board, b.game, b.white_entry, coalesce(b.black_entry, 0),
	pw.name, coalesce(pb.name, ''), res.kind, coalesce(res.white_points, 0), coalesce(res.black_points, 0),
	coalesce(res.entered_at, ''), coalesce(res.entered_by, ''), coalesce(g.id, 0), b.rest`

const boardFrom = ` FROM boards b JOIN rounds r ON r.id = b.round_id
	JOIN entries ew ON ew.id = b.white_entry JOIN players pw ON pw.id = ew.player_id
	LEFT JOIN entries eb ON eb.id = b.black_entry LEFT JOIN players pb ON pb.id = eb.player_id
	LEFT JOIN results res ON res.board_id = b.id
	LEFT JOIN games g ON g.board_id = b.id`

func scanBoard(sc interface{ Scan(...any) error }) (*Board, error) {
	var b Board
	var kind sql.NullString
	var r Result
	if err := sc.Scan(&b.ID, &b.Round, &b.Board, &b.Game, &b.WhiteEntry, &b.BlackEntry, &b.White, &b.Black,
		&kind, &r.WhitePoints, &r.BlackPoints, &r.EnteredAt, &r.EnteredBy, &b.GameID, &b.Rest); err != nil {
		return nil, err
	}
	b.White, b.Black = ShownName(b.White), ShownName(b.Black)
	if kind.Valid {
		r.Kind = kind.String
		b.Result = &r
	}
	return &b, nil
}

// Boards returns the boards of round (0: every round) of tournament t, in round, board
// and game order. A round that is not paired gives ErrNotPaired.
func (tx *Tx) Boards(t *Tournament, round int) ([]*Board, error) {
	q := `SELECT ` + boardCols + boardFrom + ` WHERE r.tournament_id = ?`
	args := []any{t.ID}
	if round != 0 {
		if err := tx.checkRound(t, round); err != nil {
			return nil, err
		}
		q += ` AND r.number = ?`
		args = append(args, round)
	}
	rows, err := tx.query(q+` ORDER BY r.number, b.board, b.game`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Board
	for rows.Next() {
		b, err := scanBoard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// checkRound returns ErrNotPaired (naming the rounds that are paired) when round of t does
// not exist.
func (tx *Tx) checkRound(t *Tournament, round int) error {
	var n, maxR int
	if err := tx.queryRow(`SELECT count(*) FILTER (WHERE number = ?), coalesce(max(number), 0) FROM rounds WHERE tournament_id = ?`, round, t.ID).Scan(&n, &maxR); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if maxR == 0 {
		return fmt.Errorf("%w: round %d of %s: no round is paired yet", ErrNotPaired, round, t.Name)
	}
	return fmt.Errorf("%w: round %d of %s (the last round paired is %d)", ErrNotPaired, round, t.Name, maxR)
}

// BoardAt returns board number board (game game, 1 or 2) of round round of t.
// Errors: ErrNotPaired when the round does not exist, ErrNoBoard when the board does not.
func (tx *Tx) BoardAt(t *Tournament, round, board, game int) (*Board, error) {
	if game == 0 {
		game = 1
	}
	if err := tx.checkRound(t, round); err != nil {
		return nil, err
	}
	b, err := scanBoard(tx.queryRow(`SELECT `+boardCols+boardFrom+`
		WHERE r.tournament_id = ? AND r.number = ? AND b.board = ? AND b.game = ?`, t.ID, round, board, game))
	if errors.Is(err, sql.ErrNoRows) {
		var n, maxB int
		if err := tx.queryRow(`SELECT count(*), coalesce(max(b.board), 0) FROM boards b JOIN rounds r ON r.id = b.round_id
			WHERE r.tournament_id = ? AND r.number = ?`, t.ID, round).Scan(&n, &maxB); err != nil {
			return nil, err
		}
		if game != 1 {
			return nil, fmt.Errorf("%w: round %d has no board %d game %d (it has boards 1-%d)", ErrNoBoard, round, board, game, maxB)
		}
		return nil, fmt.Errorf("%w: round %d has no board %d (it has boards 1-%d)", ErrNoBoard, round, board, maxB)
	}
	return b, err
}

// ResultOptions modify SetResult.
type ResultOptions struct {
	// Correct allows replacing a result already recorded; Reason (required with Correct)
	// is written in the event log with the old and the new result.
	Correct bool
	Reason  string
}

// scoreByes writes the bye result (tournaments.bye_points to White, kind "bye") of every
// bye board of round that has no result yet, logs "result.bye" for each, and returns how
// many it wrote. The pairing commands or SetResult call it; it is idempotent.
func (tx *Tx) scoreByes(t *Tournament, round int) (int, error) {
	boards, err := tx.Boards(t, round)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, b := range boards {
		if !b.Bye() || b.Result != nil {
			continue
		}
		r := Result{Kind: KindBye, WhitePoints: t.ByePoints, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
		if b.Rest == string(pairing.RestRT) {
			r.WhitePoints = 0 // the turn rest (riposo a turno) is worth nothing
		}
		if err := tx.writeResult(b.ID, &r); err != nil {
			return n, err
		}
		if err := tx.logEvent(t.ID, "result.bye", nil, resultEvent(b, &r, "")); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (tx *Tx) writeResult(boardID int64, r *Result) error {
	_, err := tx.exec(`INSERT INTO results (board_id, kind, white_points, black_points, entered_at, entered_by)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (board_id) DO UPDATE SET kind = excluded.kind,
		white_points = excluded.white_points, black_points = excluded.black_points,
		entered_at = excluded.entered_at, entered_by = excluded.entered_by`,
		boardID, r.Kind, r.WhitePoints, r.BlackPoints, r.EnteredAt, r.EnteredBy)
	return err
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

func resultEvent(b *Board, r *Result, reason string) *resultEventJSON {
	if r == nil {
		return nil
	}
	return &resultEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		Result: r.String(), Detail: r, Reason: reason}
}

// plurals is the "s" of a count's noun: "" for 1, "s" otherwise.
func plurals(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// SetResult records the result written as spec (see ParseOutcome) for board board (game
// game) of round round of t, logs "result.set" (or "result.correct" with the old result
// and the reason), scores the round's byes (scoreByes), and returns the board as it now
// stands.
//
// Errors: ErrNotPaired, ErrNoBoard; ErrResultExists when a result is recorded and
// opts.Correct is false; ErrInvalid for an unreadable result, a correction without a
// reason, "bye" on a board with two players or a game result on a bye board (correct a
// bye with --correct and "--" or "bye"). Nothing is written on error (the caller's
// transaction is rolled back).
func (tx *Tx) SetResult(t *Tournament, round, board, game int, spec string, opts ResultOptions) (*Board, error) {
	o, err := ParseOutcome(spec)
	if err != nil {
		return nil, err
	}
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	if b.Bye() {
		switch {
		case !opts.Correct:
			return nil, fmt.Errorf("%w: round %d board %d is the pairing bye of %s, scored automatically (%d game point%s); to change it use --correct --reason", ErrInvalid, round, board, b.White, t.ByePoints, plurals(t.ByePoints))
		case o.Kind == KindPlayed || (o.Kind == KindForfeit && o.Winner == 'B'):
			return nil, fmt.Errorf("%w: round %d board %d is a bye: it has no Black player", ErrInvalid, round, board)
		}
	} else if o.Kind == KindBye {
		return nil, fmt.Errorf("%w: round %d board %d has two players (%s - %s); a bye is a board without opponent", ErrInvalid, round, board, b.White, b.Black)
	}
	if opts.Correct && strings.TrimSpace(opts.Reason) == "" {
		return nil, fmt.Errorf("%w: a correction needs a reason (--reason \"...\"), kept in the event log", ErrMalformed)
	}
	old := b.Result
	if wp, bp := o.Points(t); old != nil && !opts.Correct && old.Kind == o.Kind && old.WhitePoints == wp && old.BlackPoints == bp {
		// The same result entered again (two arbiters, a retyped sheet): nothing to do.
		return b, fmt.Errorf("%w: round %d board %d (%s - %s) is already recorded as %s since %s; nothing was changed",
			ErrSameResult, round, board, b.White, b.Black, old.String(), old.EnteredAt)
	}
	if old != nil && !opts.Correct {
		return nil, fmt.Errorf("%w: round %d board %d (%s - %s) is recorded as %s since %s; to change it use --correct --reason \"...\"",
			ErrResultExists, round, board, b.White, b.Black, old.String(), old.EnteredAt)
	}
	wp, bp := o.Points(t)
	r := &Result{Kind: o.Kind, WhitePoints: wp, BlackPoints: bp, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
	if old != nil && old.Kind == r.Kind && old.WhitePoints == r.WhitePoints && old.BlackPoints == r.BlackPoints {
		return nil, fmt.Errorf("%w: round %d board %d is already recorded as %s; nothing to correct", ErrInvalid, round, board, old.String())
	}
	if err := tx.writeResult(b.ID, r); err != nil {
		return nil, err
	}
	action := "result.set"
	if old != nil {
		action = "result.correct"
	} else if opts.Correct {
		action = "result.set"
	}
	if err := tx.logEvent(t.ID, action, resultEvent(b, old, ""), resultEvent(b, r, strings.TrimSpace(opts.Reason))); err != nil {
		return nil, err
	}
	if _, err := tx.scoreByes(t, round); err != nil {
		return nil, err
	}
	b.Result = r
	return b, nil
}

// ResultDisagreements compares the recorded result of board b with its stored game score,
// if any, and returns one sentence per disagreement (see CheckAgainstBoard; players are
// not compared here). nil when there is no score or they agree.
func (tx *Tx) ResultDisagreements(b *Board) ([]string, error) {
	if b.GameID == 0 || b.Result == nil {
		return nil, nil
	}
	sg, err := tx.GameOf(b)
	if err != nil {
		return nil, err
	}
	g, err := sg.Parse()
	if err != nil {
		return nil, nil // the audit reports unreadable scores
	}
	var out []string
	for _, s := range CheckAgainstBoard(g, b) {
		if strings.Contains(s, "result") || strings.Contains(s, "recorded as") {
			out = append(out, s)
		}
	}
	return out, nil
}
