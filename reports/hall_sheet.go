package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"html/template"

	"arbitro/rules"
	"arbitro/tournament"
)

// The electronic score sheet's pages (issue 31; docs/hall.md "The electronic score
// sheet"): the player's sheet of a board (a board to tap, the score as it grows, the end
// of the game), and the arbiter's page of every sheet of the round, judged by the rules
// engine. The player's page shows nothing the rules engine says: no legal move, no
// verdict, no compulsory capture.

// HallSheetPath is the sheet page of a board, relative to the event's hall folder:
// "sheet?round=3&board=7&game=1".
func HallSheetPath(round, board, game int) string {
	return "sheet" + strings.TrimPrefix(HallBoardPath(round, board, game), "board")
}

type sheetBody struct {
	White, Black, Result string
	API                  string // where the page sends the entries
	Key                  string // the sheet's name on the device (local storage)
	Size                 int
	Flying               bool // kings fly and men take backwards (FMJD); the page reads a partial capture by it
	StartFEN             string
	Cells                template.HTML
	Choices              []choice
}

// sheetCells are the squares of variant v as the federation draws the board (the site's
// game viewer's), with the pieces of pos.
func sheetCells(v *rules.Variant, pos *rules.Position) template.HTML {
	var cells []boardCell
	for row := 0; row < v.Size(); row++ {
		for col := 0; col < v.Size(); col++ {
			sq := int(v.SquareAt(row, col))
			c := boardCell{Sq: sq, Class: "sq l"}
			if sq != 0 {
				c.Class = "sq d"
				if pos != nil {
					c.Class += pieceClass(pos.At(rules.Square(sq)))
				}
			}
			cells = append(cells, c)
		}
	}
	return cellsHTML(cells)
}

// WriteHallSheet writes the electronic score sheet of board board, game game of the
// current round, for its players: who keeps it (his colour and PIN), the board in the
// start position of the tournament's variant (Italian 8x8 as the FID draws it,
// International 10x10 as the FMJD), the score, the end of the game. The page's script
// (sheet.js) plays nothing by the rules; it reads a capture written by its first and last
// squares by the board's geometry (data-flying: kings fly and men take backwards, FMJD). ErrNoPage for a board that is not one of the
// current round's, or a bye.
func (h *HTMLEvent) WriteHallSheet(w io.Writer, board, game int, o HallOptions) error {
	var bd *tournament.Board
	if h.last > 0 {
		for _, b := range h.byRound[h.last-1] {
			if b.Board == board && b.Game == game && !b.Bye() {
				bd = b
			}
		}
	}
	if bd == nil {
		return fmt.Errorf("%w: board %d", ErrNoPage, board)
	}
	v := h.ev.Tournament.Variant
	start, err := rules.StartPosition(&rules.Game{}, v)
	if err != nil {
		return err
	}
	pd := &pageData{loc: h.loc}
	r := h.boardRow(pd, bd)
	p := h.hallPage(o, "board", h.loc.T("site.round.n", "round", h.last)+" — "+h.loc.T("hall.board.n", "board", r.Board)+" — "+h.loc.T("hall.sheet"), nil)
	p.Script = "/hall/assets/sheet.js"
	path := HallSheetPath(bd.Round, bd.Board, bd.Game)
	body := &sheetBody{White: r.White, Black: r.Black, API: o.Base + path, Size: v.Size(), Flying: v.FlyingKings(), StartFEN: start.FEN(),
		Cells: sheetCells(v, &start), Choices: h.hallChoices(),
		Key: "arbitro-sheet:" + strconv.FormatInt(h.ev.Tournament.ID, 10) + ":" + path}
	if bd.Result != nil {
		body.Result = r.Result
	}
	p.Body = body
	return renderHall(w, "sheet", p)
}

type sheetLogRow struct {
	Time, Text, Device string
	Struck             bool
}

// sheetAdoptForm is the arbiter's form that takes a sheet as the board's game.
type sheetAdoptForm struct {
	Action             string
	Round, Board, Game int
	Side               string
	Choices            []choice
}

type sheetPanel struct {
	Adopt     *sheetAdoptForm // nil once the board has a game
	Title     string
	Verdict   string
	Legal     bool
	Legals    []string
	Counts    []string
	Score     string
	Size      int
	Cells     template.HTML
	Log       []sheetLogRow
	Confirmed string
}

type sheetsBoard struct {
	Board, White, Black string
	Disputed            bool
	Sheets              []sheetPanel
}

type sheetsBody struct {
	Round  int
	Boards []sheetsBoard
}

// sheetCounts are the draw counts of a sheet in loc: the 40-move count (Italian), the
// FMJD 25-, 16- or 5-move count (International), the position's occurrences from two.
func sheetCounts(loc *Locale, v *rules.Variant, c rules.DrawCounts) []string {
	var out []string
	if v.FlyingKings() {
		out = append(out, loc.T("hall.sheet.count25", "n", c.Quiet))
		switch c.Class {
		case 16:
			out = append(out, loc.T("hall.sheet.count16", "n", c.ClassPlies))
		case 5:
			out = append(out, loc.T("hall.sheet.count5", "n", c.ClassPlies))
		}
	} else {
		out = append(out, loc.T("hall.sheet.count40", "n", c.Quiet))
	}
	if c.Occurrences >= 2 {
		out = append(out, loc.T("hall.sheet.occurrences", "n", c.Occurrences))
	}
	return out
}

// sheetScore writes plies as a numbered score: "1. 22-18 10-14 2. 23-19".
func sheetScore(standing []tournament.SheetEntry) string {
	var sb strings.Builder
	for i, e := range standing {
		if i%2 == 0 {
			if i > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(strconv.Itoa(i/2+1) + ". ")
		} else {
			sb.WriteString(" ")
		}
		sb.WriteString(e.Text)
	}
	return sb.String()
}

// WriteHallSheets writes the arbiter's page of the sheets of s's round (live, as the
// console): for each board on which a sheet is kept, each sheet's position after its last
// legal ply, its verdict (legal, or the first illegal ply with the reason and the legal
// moves there), the draw counts as they run, the score and the correction log (every
// entry with its time and device, the struck ones marked), the confirmation; a board
// whose two confirmations disagree is marked for the arbiter.
//
// While the board has no game, each sheet has the arbiter's form that takes it as the
// game with a result (POST to sheets: store.SheetAdopt). msg as in WriteHallBoard.
func WriteHallSheets(w io.Writer, s *tournament.HallSheets, o HallOptions, msg *HallMessage) error {
	h, err := NewHTMLEvent(&tournament.SiteEvent{Tournament: s.Tournament, Table: &tournament.Crosstable{Scoring: tournament.Scoring210}}, HTMLOptions{Lang: o.Lang})
	if err != nil {
		return err
	}
	if sc, err := tournament.ParseScoring(s.Tournament.Scoring); err == nil {
		h.sc = sc
	}
	p := h.hallPage(o, "console", h.loc.T("hall.sheets"), msg)
	p.Events = o.Base + "events"
	pd := &pageData{loc: h.loc}
	v := s.Tournament.Variant
	body := &sheetsBody{Round: s.Round}
	for _, sb := range s.Boards {
		r := h.boardRow(pd, sb.Board)
		out := sheetsBoard{Board: r.Board, White: r.White, Black: r.Black, Disputed: sb.Disputed}
		for _, sh := range sb.Sheets {
			colour := p.T("site.white")
			if sh.Side == 'B' {
				colour = p.T("site.black")
			}
			pn := sheetPanel{Title: p.T("hall.sheet.of", "name", clean(sh.Player.Player.Name), "colour", colour),
				Legal: sh.Verdict.Legal, Score: sheetScore(sh.Standing), Size: v.Size(), Cells: sheetCells(v, &sh.Final),
				Counts: sheetCounts(h.loc, v, sh.Counts)}
			if sh.Verdict.Legal {
				pn.Verdict = p.T("hall.sheet.legal", "plies", sh.Verdict.Plies)
			} else {
				pn.Verdict = p.T("site.verdict.illegal", "ply", sh.Verdict.Ply, "move", clean(sh.Verdict.Move), "reason", p.T("site.reason."+sh.Verdict.Reason))
				pn.Legals = sh.Verdict.LegalMoves
			}
			for _, e := range sh.Entries {
				row := sheetLogRow{Time: localClock(e.At), Text: e.Text, Device: e.Device}
				if e.Kind == tournament.SheetStrike {
					row.Text, row.Struck = p.T("hall.sheet.struck", "ply", e.Text), true
				}
				pn.Log = append(pn.Log, row)
			}
			if sb.Board.GameID == 0 {
				pn.Adopt = &sheetAdoptForm{Action: o.Base + "sheets", Round: sb.Board.Round, Board: sb.Board.Board, Game: sb.Board.Game,
					Side: string(sh.Side), Choices: h.hallChoices()}
				sel := ""
				if c := sh.Confirm; c != nil {
					sel = c.Result
				}
				for i := range pn.Adopt.Choices {
					pn.Adopt.Choices[i].Selected = pn.Adopt.Choices[i].Value == sel
				}
			}
			if c := sh.Confirm; c != nil {
				pn.Confirmed = p.T("hall.sheet.confirmed", "result", h.hallResultText(c.Result), "plies", len(strings.Fields(c.Moves)), "time", localClock(c.At))
			}
			out.Sheets = append(out.Sheets, pn)
		}
		body.Boards = append(body.Boards, out)
	}
	p.Body = body
	return renderHall(w, "sheets", p)
}

type gamesItem struct {
	Board, White, Black, Score string
	Over                       bool
	Size                       int
	Cells                      template.HTML
}

type gamesBody struct {
	Round int
	Delay string
	Games []gamesItem
}

// WriteHallGames writes the spectators' page of the games of g's round (/hall/ID/games,
// public, live): each board on which a sheet is kept, with the position and the score
// its delay lets spectators see (store.ReadHallGames reads nothing younger), and the
// delay itself. The page reads itself again every 30 s (a delay in minutes moves on
// without a change in the file) and at every change; in a kiosk (o.Kiosk) it is the last
// of HallKiosk and moves on to the first.
func WriteHallGames(w io.Writer, g *tournament.HallGames, o HallOptions) error {
	h, err := NewHTMLEvent(&tournament.SiteEvent{Tournament: g.Tournament, Table: &tournament.Crosstable{Scoring: tournament.Scoring210}}, HTMLOptions{Lang: o.Lang})
	if err != nil {
		return err
	}
	sub := h.loc.T("hall.games")
	if g.Round > 0 {
		sub = h.loc.T("site.round.n", "round", g.Round) + " — " + sub
	}
	p := h.hallPage(o, "games", sub, nil)
	p.Events, p.Every = o.Base+"events", 30
	if o.Kiosk {
		p.Next = o.Base + HallKiosk[0] + "?kiosk=1"
	}
	pd := &pageData{loc: h.loc}
	v := g.Tournament.Variant
	body := &gamesBody{Round: g.Round}
	body.Delay = sheetDelayText(h.loc, g.Delay)
	for _, x := range g.Games {
		body.Games = append(body.Games, gameItem(h, pd, v, x))
	}
	p.Body = body
	return renderHall(w, "games", p)
}

// sheetDelayText says the spectators' delay d in loc.
func sheetDelayText(loc *Locale, d tournament.SheetDelay) string {
	switch {
	case d.Moves > 0:
		return loc.T("hall.games.delay.moves", "n", d.Moves)
	case d.Minutes > 0:
		return loc.T("hall.games.delay.minutes", "n", d.Minutes)
	}
	return loc.T("hall.games.delay.none")
}

// gameItem is game x (of variant v) as spectators see it: its board, players, the plies
// the delay shows and the position after them.
func gameItem(h *HTMLEvent, pd *pageData, v *rules.Variant, x tournament.HallGame) gamesItem {
	r := h.boardRow(pd, x.Board)
	pos := x.Position
	return gamesItem{Board: r.Board, White: r.White, Black: r.Black, Score: sheetScore(x.Plies), Over: x.Over, Size: v.Size(),
		Cells: sheetCells(v, &pos)}
}

// liveItems are the games in progress of round r kept on score sheets, as the event's
// delay shows them (tournament.SiteEvent.Live); none on another round's page.
func (h *HTMLEvent) liveItems(pd *pageData, r int) []gamesItem {
	var out []gamesItem
	for _, x := range h.ev.Live {
		if x.Board != nil && x.Board.Round == r {
			out = append(out, gameItem(h, pd, h.ev.Tournament.Variant, x))
		}
	}
	return out
}
