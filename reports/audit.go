package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// AuditReport is the input of the audit report: the games whose scores contain an illegal
// move, one AuditItem each. The audit command fills it from the rules engine's verdicts.
type AuditReport struct {
	Event   tournament.EventInfo
	Checked int // game scores checked; 0 = not stated
	Items   []AuditItem
}

// AuditItem is one illegal move found in a game score.
type AuditItem struct {
	GameID       int64
	Round, Board int
	White, Black string
	Ply          int    // 1-based ply of the illegal move
	Move         string // the move as written in the score, e.g. "22-18" or "22x13"
	// From and To are the first and last square of Move as written (rules.Verdict MoveFrom,
	// MoveTo; 0 when not numeric): the squares outlined on the diagram.
	From, To rules.Square
	Reason   string // the verdict's reason code, e.g. "not-a-move", "capture-required"
	Message  string // the verdict's explanation for people (the engine's English)
	// Verdict is the verdict the item comes from, worded in the sheet's language by
	// VerdictWhy (nil: Message as it is).
	Verdict *rules.Verdict
	// Position is the position before the illegal move, with its variant (rules.Verdict
	// Before); the zero Position when the score could not be replayed (printed without a
	// diagram).
	Position rules.Position
	Legal    []string // legal moves in that position, in PDN notation
	// Class is the verdict's class (illegal, ambiguous, not judged, fragment), printed in
	// the sheet's language (VerdictWord).
	Class rules.VerdictClass
}

// fen is the PDN FEN of the position before the move, or "" when there is none.
func (it AuditItem) fen() string {
	if it.Position.Variant() == nil {
		return ""
	}
	return it.Position.FEN()
}

// AuditItemFromVerdict copies the first illegal move of a rules.Verdict (variant, ply,
// move, reason with its detail, message, FEN before the move, legal moves) into an
// AuditItem; the caller adds the game id, round, board and players. A legal verdict gives
// an item with Ply 0, which the caller should not report.
func AuditItemFromVerdict(v rules.Verdict) AuditItem {
	reason := v.Reason
	if v.Detail != "" {
		reason += " (" + v.Detail + ")"
	}
	return AuditItem{Ply: v.Ply, Move: v.Move, From: v.MoveFrom, To: v.MoveTo, Reason: reason, Message: v.Message, Verdict: &v,
		Position: v.Before, Legal: append([]string(nil), v.LegalMoves...), Class: v.Class()}
}

// WriteAuditPDF renders one block per illegal move: the game (round, board, players), the
// ply and move played, the reason, the legal moves, and a board diagram of the position
// before the move with the squares of the move played outlined in red. Diagrams are drawn
// as White sees the board, squares numbered from the top-left: Italian with the dark
// square at each player's bottom right, International with the dark square at the bottom
// left (rules.Variant.Coords). A FEN that cannot be read is reported in words instead of a
// diagram.
func WriteAuditPDF(w io.Writer, a AuditReport, meta Meta) error {
	l := orEnglish(meta.Locale)
	title := l.T("audit.title")
	d := newDoc(meta, a.Event, title, false)
	f := d.f
	f.AddPage()
	summary := l.N("audit.found", len(a.Items))
	if a.Checked > 0 {
		summary = l.N("audit.found_checked", a.Checked, "found", summary)
	}
	d.paragraph(9, summary+".")
	f.Ln(2)
	const boardSize = 70.0 // mm
	_, pageH := f.GetPageSize()
	for _, it := range a.Items {
		if f.GetY()+boardSize+12 > pageH-bottomMargin {
			f.AddPage()
		}
		f.SetFont(fontFamily, "B", 10)
		f.MultiCell(0, 5.5, l.T("audit.board", "round", it.Round, "board", it.Board, "white", it.White, "black", it.Black), "", "L", false)
		y := f.GetY() + 1
		x0 := margin
		diagramErr := d.diagram(x0, y, boardSize, it)
		// Text to the right of the diagram.
		d.auditText(l, it, x0+boardSize+6, y, d.usableWidth()-boardSize-6, diagramErr)
		if bottom := y + boardSize + 4; f.GetY() < bottom {
			f.SetY(bottom)
		}
		f.SetLineWidth(0.1)
		f.SetDrawColor(180, 180, 180)
		f.Line(margin, f.GetY(), margin+d.usableWidth(), f.GetY())
		f.SetDrawColor(0, 0, 0)
		f.SetLineWidth(0.2)
		f.Ln(3)
	}
	return d.finish(w)
}

// auditText writes the text of illegal move it in a column of width w at (x, y): the move
// (ply, number, side), the reason, the engine's message, the legal moves, the FEN, and why
// there is no diagram (diagramErr, when not nil). No internal id (games.id) on a printed
// sheet: round and board name the game.
func (d *doc) auditText(l *Locale, it AuditItem, x, y, w float64, diagramErr error) {
	f := d.f
	f.SetXY(x, y)
	line := func(bold bool, label, text string) {
		f.SetX(x)
		style := ""
		if bold {
			style = "B"
		}
		f.SetFont(fontFamily, style, 9)
		f.MultiCell(w, 4.5, label+text, "", "L", false)
	}
	moveNo := (it.Ply + 1) / 2
	side := l.T("col.white")
	if it.Ply%2 == 0 {
		side = l.T("col.black")
	}
	line(true, l.T("audit.verdict"), VerdictWord(l, it.Class))
	line(true, l.T("audit.move"), l.T("audit.move_detail", "move", it.Move, "ply", it.Ply, "number", moveNo, "side", side))
	if msg := it.why(l); msg != "" { // the reason in words; its code (it.Reason) is in the JSON only
		line(false, l.T("audit.reason"), msg)
	}
	legal := strings.Join(it.Legal, "  ")
	if legal == "" {
		legal = l.T("audit.none")
	}
	line(false, l.T("audit.legal"), legal)
	line(false, l.T("audit.fen"), it.fen())
	if diagramErr != nil {
		line(false, l.T("audit.no_diagram"), diagramErr.Error())
	}
}

// diagram draws it.Position in a size × size box at (x, y), the squares it.From and it.To
// outlined.
func (d *doc) diagram(x, y, size float64, it AuditItem) error {
	pos := it.Position
	v := pos.Variant()
	if v == nil {
		return fmt.Errorf("%w: empty", rules.ErrBadFEN) // no position: the score was not replayed
	}
	f := d.f
	n := v.Size()
	sq := size / float64(n)
	// Light squares everywhere, then the dark (playable) squares.
	f.SetFillColor(240, 228, 200)
	f.Rect(x, y, size, size, "F")
	f.SetFillColor(150, 110, 70)
	f.SetFont(fontFamily, "", 5)
	for s := 1; s <= v.Squares(); s++ {
		r, c := v.Coords(rules.Square(s))
		f.Rect(x+float64(c)*sq, y+float64(r)*sq, sq, sq, "F")
	}
	// Pieces: circles; kings get a second ring and a crown dot.
	for s := 1; s <= v.Squares(); s++ {
		pc := pos.At(rules.Square(s))
		if pc == rules.Empty {
			continue
		}
		r, c := v.Coords(rules.Square(s))
		d.piece(pc, x+(float64(c)+0.5)*sq, y+(float64(r)+0.5)*sq, sq*0.38)
	}
	// Square numbers, small, in the top-left corner of each dark square.
	f.SetTextColor(255, 255, 255)
	for s := 1; s <= v.Squares(); s++ {
		r, c := v.Coords(rules.Square(s))
		f.Text(x+float64(c)*sq+0.4, y+float64(r)*sq+1.9, strconv.Itoa(s))
	}
	f.SetTextColor(0, 0, 0)
	// Outline the squares of the move played (first and last square as written).
	if it.From != 0 || it.To != 0 {
		f.SetDrawColor(210, 0, 0)
		f.SetLineWidth(0.6)
		for _, s := range []rules.Square{it.From, it.To} {
			if r, c := v.Coords(s); r >= 0 {
				f.Rect(x+float64(c)*sq+0.3, y+float64(r)*sq+0.3, sq-0.6, sq-0.6, "D")
			}
		}
	}
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.4)
	f.Rect(x, y, size, size, "D")
	f.SetLineWidth(0.2)
	// Side to move under the board.
	f.SetFont(fontFamily, "", 7)
	f.Text(x, y+size+3, d.loc.T("audit.to_move", "side", d.sideName(pos.Turn()), "variant", d.loc.variantShort(v)))
	return nil
}

// piece draws piece pc as a circle of radius rad centred at (cx, cy), white or black; a
// king gets a second ring and a crown dot.
func (d *doc) piece(pc rules.Piece, cx, cy, rad float64) {
	f := d.f
	body, crown := 250, 0 // grey levels: a white piece, its king's crown in black
	if pc.Side() != rules.White {
		body, crown = 25, 250
	}
	f.SetFillColor(body, body, body)
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.3)
	f.Circle(cx, cy, rad, "FD")
	if pc.IsKing() {
		f.SetDrawColor(crown, crown, crown)
		f.SetFillColor(crown, crown, crown)
		f.SetLineWidth(0.35)
		f.Circle(cx, cy, rad*0.62, "D")
		f.Circle(cx, cy, rad*0.2, "F")
	}
}

// sideName is "White" or "Black" in the sheet's language.
func (d *doc) sideName(s rules.Side) string {
	if s == rules.White {
		return d.loc.T("col.white")
	}
	return d.loc.T("col.black")
}

// why is the item's explanation in l: its verdict's VerdictWhy, else its Message.
func (it AuditItem) why(l *Locale) string {
	if it.Verdict == nil {
		return it.Message
	}
	return VerdictWhy(l, it.Verdict)
}
