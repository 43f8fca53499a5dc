package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"arbitro/rules"
)

// The electronic score sheet (issue 31; docs/hall.md "The electronic score sheet"): each
// player records his game in the hall, ply by ply, on a board of his device. The sheet is
// append-only, as a paper one: a correction strikes the last ply standing and the player
// writes again. Nothing here judges a ply: the sheet records what the player entered;
// the rules engine judges the score for the arbiter (rules.ReplayCounts).

// ErrSheetOrder: an entry of a device came out of order (its sequence number is not the
// next one of the device): the device sends again from the one the error names.
var ErrSheetOrder = errors.New("sheet entry out of order")

// ErrSheetKeeper: the player may not write a score sheet: the event has his opponent keep
// it for both (HallSettings.Sheets). It wraps ErrInvalid.
var ErrSheetKeeper = Errf(ErrInvalid, "err.sheet.keeper", "{err}: not the keeper of the score sheet")

// SheetOrderError is ErrSheetOrder with the sequence number the device must send next
// (Expected; 0 when the entry conflicts with one stored, or a confirmation is not the
// sheet stored).
type SheetOrderError struct {
	Expected int
	Msg      string
}

func (e *SheetOrderError) Error() string { return ErrSheetOrder.Error() + ": " + e.Msg }

// Unwrap makes errors.Is(err, ErrSheetOrder) true.
func (e *SheetOrderError) Unwrap() error { return ErrSheetOrder }

// Kinds of a sheet entry.
const (
	SheetPly    = "ply"    // a ply as entered
	SheetStrike = "strike" // the last ply standing struck out
)

// SheetSource is the name the event log gives what comes from the electronic score
// sheet (GameEventJSON.Source of the game it stores).
const SheetSource = "electronic sheet"

// SheetEntry is one action on a player's sheet, as stored (sheet_entries).
type SheetEntry struct {
	ID     int64  `json:"id"`
	Device string `json:"device"` // the device's own name for itself (random, made by the page)
	Seq    int    `json:"seq"`    // the device's sequence number, from 1
	Kind   string `json:"kind"`   // SheetPly or SheetStrike
	Text   string `json:"text"`   // the ply as entered; for a strike, the ply struck
	Struck int64  `json:"struck,omitempty"`
	At     string `json:"at"` // RFC 3339 UTC
}

// SheetPlyText reads a ply as the sheet's page sends it: the squares the player tapped,
// joined by "-" (an ordinary move, two squares) or "x" (a capture by its landing squares,
// "2x30x11"), each a square of a board of squares squares. It judges nothing else: a ply
// that could be a move on some position is accepted (the sheet never tells a player his
// move is illegal). Returns the text as stored; errors wrap ErrInvalid.
func SheetPlyText(s string, squares int) (string, error) {
	s = strings.TrimSpace(s)
	sep := "-"
	if strings.Contains(s, "x") {
		sep = "x"
	}
	parts := strings.Split(s, sep)
	if len(parts) < 2 || sep == "-" && len(parts) != 2 {
		return "", Errf(ErrInvalid, "err.sheet.ply_form", "{err}: ply {ply}: squares joined by - (a move) or x (a capture)", "ply", strconv.Quote(s))
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > squares || strconv.Itoa(n) != p {
			return "", Errf(ErrInvalid, "err.sheet.ply_square", "{err}: ply {ply}: {square} is not a square 1-{squares}", "ply", strconv.Quote(s), "square", strconv.Quote(p), "squares", squares)
		}
		if i > 0 && parts[i-1] == p {
			return "", Errf(ErrInvalid, "err.sheet.ply_same", "{err}: ply {ply}: a piece lands on another square", "ply", strconv.Quote(s))
		}
	}
	return s, nil
}

// SheetStanding returns the plies standing on a sheet whose entries are es (in the order
// stored): every ply not struck, in order.
func SheetStanding(es []SheetEntry) []SheetEntry {
	struck := map[int64]bool{}
	for _, e := range es {
		if e.Kind == SheetStrike {
			struck[e.Struck] = true
		}
	}
	var out []SheetEntry
	for _, e := range es {
		if e.Kind == SheetPly && !struck[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

// SheetMoves is the plies of standing (SheetStanding) one space between, as a sheet's
// confirmation keeps them.
func SheetMoves(standing []SheetEntry) string {
	out := make([]string, len(standing))
	for i, e := range standing {
		out[i] = e.Text
	}
	return strings.Join(out, " ")
}

// SheetPDN writes the PDN of the game on board b of t that a sheet recorded: its plies
// (moves, as SheetMoves), the result res (board's view: "2-0", "1-1", "0-2"; "" unknown),
// and the tags of the event (Event, Site, Date, Round, White, Black, Result, GameType)
// that a game added with 'arbitro game add' carries. date is "YYYY.MM.DD" or "".
func SheetPDN(t *Tournament, b *Board, moves, res, date string) string {
	pdnRes := "*"
	switch res {
	case "2-0", "1-1", "0-2":
		pdnRes = res
		if t.Variant == rules.Italian {
			pdnRes = map[string]string{"2-0": "1-0", "1-1": "1/2-1/2", "0-2": "0-1"}[res]
		}
	}
	var sb strings.Builder
	tag := func(name, value string) {
		if value != "" {
			fmt.Fprintf(&sb, "[%s %q]\n", name, value)
		}
	}
	tag("Event", t.Name)
	tag("Site", t.Place)
	tag("Date", date)
	round := strconv.Itoa(b.Round)
	if b.Game > 1 {
		round += "." + strconv.Itoa(b.Game)
	}
	tag("Round", round)
	tag("White", b.White)
	tag("Black", b.Black)
	tag("Result", pdnRes)
	tag("GameType", strconv.Itoa(t.Variant.GameType()))
	sb.WriteString("\n")
	for i, p := range strings.Fields(moves) {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		sb.WriteString(p + " ")
	}
	sb.WriteString(pdnRes + "\n")
	return sb.String()
}

// SheetView is one player's sheet as the arbiter's console shows it: the entries (the
// correction log), the plies standing, and the rules engine's judgement of them.
type SheetView struct {
	Board    *Board
	Player   Entry
	Side     byte // 'W' or 'B': the colour of the player who keeps it
	Entries  []SheetEntry
	Standing []SheetEntry
	Game     *rules.Game
	Verdict  rules.Verdict
	Counts   rules.DrawCounts
	Final    rules.Position // the position after the last legal ply
	Confirm  *SheetConfirm  // nil: not confirmed
}

// SheetConfirm is a player's end-of-game confirmation of his sheet.
type SheetConfirm struct {
	Result string `json:"result"` // board's view: "2-0", "1-1", "0-2"
	Moves  string `json:"moves"`  // the plies confirmed, one space between
	At     string `json:"at"`
}

// JudgeSheet replays the plies standing on sheet s under variant v (the tournament's,
// forced) and fills its Game, Verdict, Counts and Final.
func JudgeSheet(s *SheetView, v *rules.Variant) {
	g := &rules.Game{}
	for i, e := range s.Standing {
		m := rules.PDNMove{Text: e.Text, Number: i/2 + 1, Second: i%2 == 1}
		sep := "-"
		if strings.Contains(e.Text, "x") {
			sep, m.Capture = "x", true
		}
		var sq []int
		for _, p := range strings.Split(e.Text, sep) {
			n, _ := strconv.Atoi(p)
			sq = append(sq, n)
		}
		if len(sq) >= 2 {
			m.From, m.To = sq[0], sq[len(sq)-1]
			if len(sq) > 2 {
				m.Via = sq[1 : len(sq)-1]
			}
		}
		g.Moves = append(g.Moves, m)
	}
	s.Game = g
	s.Verdict, s.Counts = rules.ReplayCounts(g, rules.ReplayOptions{Variant: v, ForceVariant: true})
	_, pos := rules.ReplayPositions(g, rules.ReplayOptions{Variant: v, ForceVariant: true})
	if len(pos) > 0 {
		s.Final = pos[len(pos)-1]
	}
}

// SheetBoard is a board whose players keep sheets: one SheetView each (White's first).
type SheetBoard struct {
	Board  *Board
	Sheets []*SheetView
	// Disputed: both confirmed, and their results or scores differ: the arbiter decides.
	Disputed bool
}

// HallSheets is what the arbiter's page of the sheets shows: the boards of round Round
// (the last paired) on which a sheet is kept.
type HallSheets struct {
	Tournament Tournament
	Round      int
	Boards     []SheetBoard
}

// SheetWritten is the outcome of an entry on a sheet.
type SheetWritten struct {
	Entry    SheetEntry
	Already  bool // the same entry (device, seq) was stored before: nothing written
	Standing int  // the plies standing after it
}

// SheetConfirmed is the outcome of a sheet's confirmation.
type SheetConfirmed struct {
	Status HallStatus // HallWaiting, HallStored (the PDN is the board's game), HallDisputed
	GameID int64      // the game stored (HallStored)
}

// DecideSheets says what two confirmations of a board make: none or one, the board
// waits; two of the same result and score, the game is stored; else the arbiter decides.
func DecideSheets(mine SheetConfirm, other *SheetConfirm) HallStatus {
	switch {
	case other == nil:
		return HallWaiting
	case other.Result == mine.Result && other.Moves == mine.Moves:
		return HallStored
	}
	return HallDisputed
}

// SheetDelay is the spectators' delay of an event's games on the hall's public pages:
// the position shown is the one of Minutes minutes ago, or (Moves > 0) the one before the
// last Moves moves of each player (2*Moves plies). None once the game is over (the board
// has a result or a game). The default (DefaultSheetDelay) is 15 minutes.
type SheetDelay struct {
	Minutes int `json:"minutes"`
	Moves   int `json:"moves"`
}

// DefaultSheetDelay is the delay of an event that has set none.
var DefaultSheetDelay = SheetDelay{Minutes: 15}

// ParseSheetDelay reads the delay as 'arbitro hall delay' takes it: minutes and moves,
// at most one of them above zero, none negative, moves at most 100 and minutes at most
// 600. Errors wrap ErrInvalid.
func ParseSheetDelay(minutes, moves int) (SheetDelay, error) {
	switch {
	case minutes < 0 || moves < 0:
		return SheetDelay{}, Errf(ErrInvalid, "err.sheet.delay_negative", "{err}: a delay is not negative")
	case minutes > 0 && moves > 0:
		return SheetDelay{}, Errf(ErrInvalid, "err.sheet.delay_both", "{err}: a delay in minutes or in moves, not both")
	case minutes > 600 || moves > 100:
		return SheetDelay{}, Errf(ErrInvalid, "err.sheet.delay_max", "{err}: a delay of at most 600 minutes or 100 moves")
	}
	return SheetDelay{Minutes: minutes, Moves: moves}, nil
}

// Delayed returns the plies of a sheet whose entries are es that spectators may see at
// now under delay d: the plies standing once the entries made before now-d.Minutes are
// applied, or all but the last 2*d.Moves standing plies; every standing ply when over
// (the game is over).
func (d SheetDelay) Delayed(es []SheetEntry, now string, over bool) []SheetEntry {
	if over {
		return SheetStanding(es)
	}
	if d.Moves > 0 {
		s := SheetStanding(es)
		return s[:max(0, len(s)-2*d.Moves)]
	}
	t, err := time.Parse(time.RFC3339, now)
	if err != nil {
		return nil
	}
	cut := t.Add(-time.Duration(d.Minutes) * time.Minute)
	var seen []SheetEntry
	for _, e := range es {
		at, err := time.Parse(time.RFC3339, e.At)
		if err != nil || at.After(cut) {
			break
		}
		seen = append(seen, e)
	}
	return SheetStanding(seen)
}

// NextShown is when the next ply of a sheet whose entries are es, held back at now by a
// delay in minutes d, comes into view (RFC 3339 UTC): the time of the first entry made
// after now-d.Minutes, plus d.Minutes. "" when nothing waits on the clock: the game is
// over, the delay is in moves or none, every entry is in view, or a time does not read.
func (d SheetDelay) NextShown(es []SheetEntry, now string, over bool) string {
	if over || d.Moves > 0 || d.Minutes <= 0 {
		return ""
	}
	t, err := time.Parse(time.RFC3339, now)
	if err != nil {
		return ""
	}
	delay := time.Duration(d.Minutes) * time.Minute
	for _, e := range es {
		at, err := time.Parse(time.RFC3339, e.At)
		if err != nil {
			return ""
		}
		if at.After(t.Add(-delay)) {
			return at.Add(delay).UTC().Format(time.RFC3339)
		}
	}
	return ""
}

// HallGame is a game as spectators see it in the hall: its board, the plies shown (after
// the delay), the position after the last legal one of them, and whether it is over.
type HallGame struct {
	Board    *Board
	Plies    []SheetEntry
	Position rules.Position
	Over     bool
}

// HallGames is the spectators' page of the games of round Round, under Delay.
type HallGames struct {
	Tournament Tournament
	Round      int
	Delay      SheetDelay
	Games      []HallGame
}
