package reports

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// PairingsSheet is the input of the pairings sheet to pin up: one round's boards with
// empty result boxes, then the byes and the players not paired. The caller fills it from
// the store (names, pairing numbers, points before the round in Scoring units).
type PairingsSheet struct {
	Event   tournament.EventInfo
	Round   int
	Scoring tournament.Scoring // zero value: 2-1-0
	Boards  []PairingBoard     // in board order
	Byes    []PairingPlayer    // pairing byes (riposo); Points = points before the round
	Absent  []PairingPlayer    // not paired this round (withdrawn, requested absence)
	// Notes are printed under the lists: the Italo-Swiss format and kinds of rest, the
	// opening drawn for the round (issue 13).
	Notes []string
}

// PairingBoard is one board: White against Black. Game is 2 for the return game when the
// event plays two games per pairing (0 or 1 otherwise).
type PairingBoard struct {
	Board        int
	Game         int
	White, Black PairingPlayer
}

// PairingPlayer is a player as a pairing sheet shows him.
type PairingPlayer struct {
	Number int    // pairing number; 0 = none
	Name   string // "Surname, Given name"
	Club   string
	Rating int // 0 = unrated
	Points int // points before the round, in Scoring units
}

// WritePairingsPDF renders the pairings sheet on A4 portrait: board, White (number, name,
// points), a result box for each player, Black; then byes and absences. The result boxes are
// empty rectangles for the arbiter to fill in by hand.
func WritePairingsPDF(w io.Writer, p PairingsSheet, meta Meta) error {
	sc := p.Scoring
	if sc.Divisor == 0 {
		sc = tournament.Scoring210
	}
	title := fmt.Sprintf("Pairings, round %d", p.Round)
	d := newDoc(meta, p.Event, title, false)
	f := d.f
	f.AddPage()
	const size = 9.5
	h := 7.5 // tall rows: room to write a result
	player := func(pp PairingPlayer) string {
		s := pp.Name
		if pp.Club != "" {
			s += " (" + pp.Club + ")"
		}
		return s
	}
	wBoard, wNo, wPts, wBox := 10.0, 9.0, 10.0, 11.0
	wName := (d.usableWidth() - wBoard - 2*(wNo+wPts+wBox) - 4) / 2
	_, pageH := f.GetPageSize()
	drawHead := func() {
		f.SetFont(fontFamily, "B", size)
		f.SetFillColor(225, 225, 225)
		f.CellFormat(wBoard, 6, "Bd", "B", 0, "R", true, 0, "")
		f.CellFormat(wNo, 6, "No", "B", 0, "R", true, 0, "")
		f.CellFormat(wName, 6, "White", "B", 0, "L", true, 0, "")
		f.CellFormat(wPts, 6, "Pts", "B", 0, "R", true, 0, "")
		f.CellFormat(wBox+2+wBox, 6, "Result", "B", 0, "C", true, 0, "")
		f.CellFormat(2, 6, "", "B", 0, "C", true, 0, "")
		f.CellFormat(wNo, 6, "No", "B", 0, "R", true, 0, "")
		f.CellFormat(wName, 6, "Black", "B", 0, "L", true, 0, "")
		f.CellFormat(wPts, 6, "Pts", "B", 1, "R", true, 0, "")
		f.SetFont(fontFamily, "", size)
	}
	drawHead()
	for _, b := range p.Boards {
		if f.GetY()+h > pageH-bottomMargin {
			f.AddPage()
			drawHead()
		}
		board := strconv.Itoa(b.Board)
		if b.Game == 2 {
			board += "/2"
		}
		y := f.GetY()
		f.CellFormat(wBoard, h, board, "B", 0, "R", false, 0, "")
		f.CellFormat(wNo, h, numOrDash(b.White.Number), "B", 0, "R", false, 0, "")
		f.CellFormat(wName, h, d.clip(player(b.White), wName), "B", 0, "L", false, 0, "")
		f.CellFormat(wPts, h, sc.Format(b.White.Points), "B", 0, "R", false, 0, "")
		x := f.GetX()
		f.Rect(x+1, y+1, wBox-2, h-2, "D")
		f.CellFormat(wBox, h, "", "B", 0, "C", false, 0, "")
		f.CellFormat(2, h, "–", "B", 0, "C", false, 0, "")
		x = f.GetX()
		f.Rect(x+1, y+1, wBox-2, h-2, "D")
		f.CellFormat(wBox, h, "", "B", 0, "C", false, 0, "")
		f.CellFormat(2, h, "", "B", 0, "C", false, 0, "")
		f.CellFormat(wNo, h, numOrDash(b.Black.Number), "B", 0, "R", false, 0, "")
		f.CellFormat(wName, h, d.clip(player(b.Black), wName), "B", 0, "L", false, 0, "")
		f.CellFormat(wPts, h, sc.Format(b.Black.Points), "B", 1, "R", false, 0, "")
	}
	list := func(label string, ps []PairingPlayer, withPoints bool) {
		if len(ps) == 0 {
			return
		}
		var names []string
		for _, pp := range ps {
			s := pp.Name
			if pp.Number != 0 {
				s = strconv.Itoa(pp.Number) + " " + s
			}
			if withPoints {
				s += " (" + sc.Format(pp.Points) + ")"
			}
			names = append(names, s)
		}
		f.Ln(2)
		f.SetFont(fontFamily, "B", size)
		f.CellFormat(0, 5, label, "", 1, "L", false, 0, "")
		d.paragraph(size, strings.Join(names, "; "))
	}
	list("Bye (riposo)", p.Byes, true)
	list("Not paired", p.Absent, false)
	for _, n := range p.Notes {
		f.Ln(1)
		d.paragraph(size, n)
	}
	f.Ln(3)
	d.paragraph(7.5, fmt.Sprintf("%d board(s). Write the result of each player in his box (scoring %s); both players sign the score sheet.", len(p.Boards), sc.Name))
	return d.finish(w)
}

// PairingsFromCrosstable builds the sheet of round `round` from the view: the boards are the
// slots of that round (board numbers from CrossResult.Board), points are those of `before`
// (tournament.ComputeStandings(ct, round-1)), byes are CrossBye slots, and every other
// player without a board in the round is listed as not paired, marked "(withdrawn)" or, for
// an announced absence (a CrossAbsent slot of the round, from his JoinedRound on),
// "(absent)". Boards are sorted by board number, then game.
func PairingsFromCrosstable(ct *tournament.Crosstable, round int, before []tournament.Standing) PairingsSheet {
	sheet := PairingsSheet{Event: ct.Event, Round: round, Scoring: ct.Scoring}
	points := make(map[int]int, len(before))
	for _, s := range before {
		points[s.Entry.ID] = s.Points
	}
	byID := make(map[int]*tournament.CrossEntry, len(ct.Players))
	for i := range ct.Players {
		byID[ct.Players[i].ID] = &ct.Players[i]
	}
	pp := func(e *tournament.CrossEntry) PairingPlayer {
		name := e.Name
		if e.Withdrawn {
			name += " (withdrawn)"
		}
		return PairingPlayer{Number: e.Number, Name: name, Club: e.Club, Rating: e.Rating, Points: points[e.ID]}
	}
	for i := range ct.Players {
		e := &ct.Players[i]
		paired, absent := false, false
		for _, r := range e.Results {
			if r.Round != round {
				continue
			}
			switch {
			case r.Kind == tournament.CrossBye:
				sheet.Byes = append(sheet.Byes, pp(e))
				paired = true
			case r.Kind == tournament.CrossAbsent:
				absent = round >= e.JoinedRound // not the rounds before a late entry
			case r.Colour == pairing.White && byID[r.Opponent] != nil:
				sheet.Boards = append(sheet.Boards, PairingBoard{Board: r.Board, Game: r.Game, White: pp(e), Black: pp(byID[r.Opponent])})
				paired = true
			default:
				paired = true // Black side of a board, listed with its White player
			}
		}
		if !paired {
			p := pp(e)
			if absent && !e.Withdrawn {
				p.Name += " (absent)"
			}
			sheet.Absent = append(sheet.Absent, p)
		}
	}
	sort.SliceStable(sheet.Boards, func(a, b int) bool {
		if sheet.Boards[a].Board != sheet.Boards[b].Board {
			return sheet.Boards[a].Board < sheet.Boards[b].Board
		}
		return sheet.Boards[a].Game < sheet.Boards[b].Game
	})
	return sheet
}
