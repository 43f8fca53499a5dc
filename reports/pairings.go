package reports

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"arbitro/pairing"
	"arbitro/tournament"
)

// PairingsSheet is the input of the pairings sheet to pin up, and of the results sheet of
// the same round: the round's boards, then the byes and the players not paired. The
// caller fills it from the store (names, pairing numbers, points before the round in
// Scoring units; AddResults for the results).
type PairingsSheet struct {
	Event   tournament.EventInfo
	Round   int
	Scoring tournament.Scoring // zero value: 2-1-0
	Boards  []PairingBoard     // in board order
	Byes    []PairingPlayer    // pairing byes (riposo); Points = points before the round
	Absent  []PairingPlayer    // not paired this round (withdrawn, requested absence)
	// Date (YYYY-MM-DD) and Time (HH:MM) the round is played, "" when not set
	// (tournament.RoundSchedule); printed under the title.
	Date, Time string
	// Locale is the language of the sheet; nil prints English.
	Locale *Locale
	// Notes are printed under the lists, as they are (nil for the sheets arbitro builds:
	// PairingsSheetOf fills the fields below, worded by the writers).
	Notes []string
	// Hall is the hall's address (pairings --hall-url, hall set --url): a line saying
	// where to enter results, and on the PDF a card per board with its QR code
	// (pairings_hall.go). Zero: none of it.
	Hall HallLinks
	// Opening is the opening drawn by lot for the round (FID opening ballot, issue 13), nil
	// without a ballot; printed under the title, before the boards.
	Opening *tournament.OpeningDraw
	// ItaloFormat is the Italo-Swiss format that paired the round (pairing.ItaloFormat:
	// "art8", "art9", "art2", "rotation"), "" when unknown or another system; the sheet
	// says in words what it means for the players (catalog sheet.format.*).
	ItaloFormat string
	// FormationOrder: the boards are numbered in the order the pairs were formed, not by
	// score, and the sheet says so: a round paired by the Italo-Swiss (FID Capo V;
	// pairing.ItaloFID and the rotation number boards as they form the pairs).
	FormationOrder bool
}

// sheetRestKeys word the kinds of rest (PairingPlayer.Rest) for the players.
var sheetRestKeys = map[string]string{
	"RM": "sheet.rest.RM", "RR": "sheet.rest.RR", "RT": "sheet.rest.RT", RestByArbiter: "sheet.rest.arbiter",
}

// sheetFormatKeys say in words what each Italo-Swiss format (pairing.ItaloFormat) means
// for the players: who rests and for what.
var sheetFormatKeys = map[string]string{
	"art8": "sheet.format.art8", "art2": "sheet.format.art2", "art9": "sheet.format.art9", "rotation": "sheet.format.rotation",
}

// PairingBoard is one board: White against Black. Game is 2 for the return game when the
// event plays two games per pairing (0 or 1 otherwise). Result is nil until entered.
type PairingBoard struct {
	Board        int
	Game         int
	White, Black PairingPlayer
	Result       *tournament.Result
}

// PairingPlayer is a player as a pairing sheet shows him.
type PairingPlayer struct {
	Number    int    // pairing number; 0 = none
	Name      string // "Surname, Given name"
	Club      string
	Rating    int  // 0 = unrated
	Points    int  // points before the round, in Scoring units
	Withdrawn bool // printed "(withdrawn)", "(ritirato)"
	Absent    bool // an announced absence: "(absent)", "(assente)"
	// Rest is the kind of a bye under the Italo-Swiss FID formats: "RM", "RR", "RT"
	// (pairing.RestKind), RestByArbiter for the arbiter's; "" for an ordinary bye.
	Rest string
	// SameColour counts the games in a row, this board's included, in which a board's
	// player has this board's colour, when they are 3 or more (0 otherwise): games
	// played over the board only, byes, forfeits and absences skipped, as the colour
	// rules count them (docs/pairing-fid.md 2.6.1; FIDE C.04.1).
	SameColour int
	id         int // entry id (CrossEntry.ID), to match the round's explanation
}

// RestByArbiter is PairingPlayer.Rest of a rest the arbiter gave (pair --set N-bye) under
// an Italo-Swiss FID format.
const RestByArbiter = "arbiter"

// restText is a rest in words for the players: "5 Rossi, Mario (2) – turn rest, 0 points
// (RT)"; without a kind, "5 Rossi, Mario (2)".
func (l *Locale) restText(pp PairingPlayer, pts string) string {
	x := l.playerName(pp)
	if pp.Number != 0 {
		x = strconv.Itoa(pp.Number) + " " + x
	}
	if pts != "" {
		x += " (" + pts + ")"
	}
	if k, ok := sheetRestKeys[pp.Rest]; ok {
		x += " – " + l.T(k)
	} else if pp.Rest != "" {
		x += " – " + pp.Rest // a kind this arbitro does not know: its code
	}
	return x
}

// sheetHead is what the sheet says before its boards: the opening drawn for the round,
// prominent ("Opening drawn: no. 12, 21-17 10-14 26-21"), or "".
func (p PairingsSheet) sheetHead() string {
	if p.Opening == nil {
		return ""
	}
	return p.loc().T("sheet.opening_head", "code", p.Opening.Code, "label", p.Opening.Label)
}

// sheetNotes are the lines under the boards and rests, in the sheet's language: the
// Italo-Swiss format in words, the board order, and each player who gets the same colour
// a third time (or more) running.
func (p PairingsSheet) sheetNotes() []string {
	l := p.loc()
	out := append([]string(nil), p.Notes...)
	if k, ok := sheetFormatKeys[p.ItaloFormat]; ok {
		out = append(out, l.T(k))
	}
	if p.FormationOrder && len(p.Boards) > 1 {
		out = append(out, l.T("sheet.board_order"))
	}
	for _, b := range p.Boards {
		for _, x := range []struct {
			pp     PairingPlayer
			colour string
		}{{b.White, l.T("col.white")}, {b.Black, l.T("col.black")}} {
			if x.pp.SameColour >= 3 {
				out = append(out, l.T("sheet.same_colour", "player", EntryName{x.pp.Number, l.playerName(x.pp)}.String(), "colour", x.colour, "n", x.pp.SameColour))
			}
		}
	}
	return out
}

func (p PairingsSheet) loc() *Locale { return orEnglish(p.Locale) }

func (p PairingsSheet) scoring() tournament.Scoring {
	if p.Scoring.Divisor == 0 {
		return tournament.Scoring210
	}
	return p.Scoring
}

// AddResults copies the results of boards (tournament.Tx.Boards of the sheet's round)
// onto the sheet's boards with the same board and game numbers.
func (p *PairingsSheet) AddResults(boards []*tournament.Board) {
	for _, b := range boards {
		for i := range p.Boards {
			pb := &p.Boards[i]
			if pb.Board == b.Board && max(pb.Game, 1) == max(b.Game, 1) {
				pb.Result = b.Result
			}
		}
	}
}

// name is the player's name with the language's mark for a withdrawn or absent player.
func (l *Locale) playerName(pp PairingPlayer) string {
	switch {
	case pp.Withdrawn:
		return l.T("mark.withdrawn", "name", pp.Name)
	case pp.Absent:
		return l.T("mark.absent", "name", pp.Name)
	}
	return pp.Name
}

// ResultText is a result as the sheets print it: game points "2-0", "1-1" (2-1-0 scale,
// as the arbiter enters them), "+-", "-+", "--" for forfeits, and the word of the
// language for a bye, an unplayed or an adjourned game; "" for no result.
func (l *Locale) ResultText(r *tournament.Result) string {
	if r == nil {
		return ""
	}
	switch r.Kind {
	case tournament.KindBye:
		return l.T("result.bye")
	case tournament.KindUnplayed:
		return l.T("result.unplayed")
	case tournament.KindAdjourned:
		return l.T("result.adjourned")
	}
	return r.String()
}

// schedule is "21/11/2026, ore 15:30" (date and start time as stored), or "".
func (p PairingsSheet) schedule() string {
	l := p.loc()
	switch {
	case p.Date == "" && p.Time == "":
		return ""
	case p.Time == "":
		return l.DateText(p.Date)
	case p.Date == "":
		return l.T("schedule.time", "time", p.Time)
	}
	return l.T("schedule.date_time", "date", l.DateText(p.Date), "time", p.Time)
}

// when is the "Round 3: 21/11/2026, start 15:30" line, or "" when no date is set.
func (p PairingsSheet) when() string {
	if s := p.schedule(); s != "" {
		return p.loc().T("schedule.line", "round", p.Round, "when", s)
	}
	return ""
}

// WritePairingsText writes the sheet as a text table: board, White (number, name,
// points), the result ("-" while none), Black; then the byes and the players not paired.
func WritePairingsText(w io.Writer, p PairingsSheet) error {
	l, sc := p.loc(), p.scoring()
	var b strings.Builder
	if line := p.when(); line != "" {
		b.WriteString(line + "\n")
	}
	if line := p.sheetHead(); line != "" {
		b.WriteString(line + "\n")
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join([]string{l.T("col.board"), l.T("col.number"), l.T("col.white"), l.T("col.points"),
		l.T("col.result"), l.T("col.number"), l.T("col.black"), l.T("col.points")}, "\t"))
	for _, bd := range p.Boards {
		res := l.ResultText(bd.Result)
		if res == "" {
			res = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\n", boardLabel(bd), bd.White.Number, l.playerName(bd.White), l.Score(sc, bd.White.Points), res,
			bd.Black.Number, l.playerName(bd.Black), l.Score(sc, bd.Black.Points))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	list := func(label string, ps []PairingPlayer, pts bool) {
		if len(ps) == 0 {
			return
		}
		var parts []string
		sep := ", "
		for _, pp := range ps {
			x := fmt.Sprintf("%d %s", pp.Number, l.playerName(pp))
			if pts {
				x = l.restText(pp, l.Score(sc, pp.Points))
			}
			if pp.Rest != "" {
				sep = "; " // the kind's words may hold a comma
			}
			parts = append(parts, x)
		}
		fmt.Fprintf(&b, "%s: %s\n", label, strings.Join(parts, sep))
	}
	list(l.T("pairings.byes"), p.Byes, true)
	list(l.T("pairings.absent"), p.Absent, false)
	for _, n := range p.sheetNotes() {
		b.WriteString(n + "\n")
	}
	if line := p.hallLine(); line != "" {
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func boardLabel(b PairingBoard) string {
	s := strconv.Itoa(b.Board)
	if b.Game == 2 {
		s += "/2"
	}
	return s
}

// WritePairingsPDF renders the pairings sheet on A4 portrait: board, White (number, name
// with the club in full under it, points), a result box for each player, Black; then byes and absences. The result
// boxes are empty rectangles for the arbiter to fill in by hand.
func WritePairingsPDF(w io.Writer, p PairingsSheet, meta Meta) error {
	return writeRoundPDF(w, p, meta, false)
}

// WriteResultsPDF renders the results sheet of the round ("Results, round 3",
// "Risultati, turno 3"): the pairings sheet with each board's result printed where the
// boxes were ("*" for a result not yet entered), as it is pinned up after the round.
func WriteResultsPDF(w io.Writer, p PairingsSheet, meta Meta) error {
	return writeRoundPDF(w, p, meta, true)
}

func writeRoundPDF(w io.Writer, p PairingsSheet, meta Meta, results bool) error {
	l := p.loc()
	meta = meta.with(p.Locale)
	title := l.T("pairings.title", "round", p.Round)
	if results {
		title = l.T("results.title", "round", p.Round)
	}
	if sched := p.schedule(); sched != "" {
		title += " · " + sched
	}
	d := newDoc(meta, p.Event, title, false)
	d.f.AddPage()
	if head := p.sheetHead(); head != "" {
		d.f.SetFont(fontFamily, "B", 12)
		d.f.MultiCell(0, 6, head, "", "L", false)
		d.f.Ln(2)
	}
	r := &roundSheet{d: d, l: l, sc: p.scoring(), results: results, h: 7.5, wBoard: 11, wNo: 9, wPts: 11, wBox: 11}
	r.fitHeads()
	r.wName = (d.usableWidth() - r.wBoard - 2*(r.wNo+r.wPts+r.wBox) - 4) / 2
	_, pageH := d.f.GetPageSize()
	r.head()
	for _, b := range p.Boards {
		if d.f.GetY()+r.h > pageH-bottomMargin {
			d.f.AddPage()
			r.head()
		}
		r.board(b)
	}
	r.list(l.T("pairings.byes"), p.Byes, true)
	r.list(l.T("pairings.absent"), p.Absent, false)
	for _, n := range p.sheetNotes() {
		d.f.Ln(1)
		d.paragraph(roundSheetSize, n)
	}
	d.f.Ln(3)
	if results {
		d.paragraph(7.5, l.N("results.note", len(p.Boards), "scoring", l.Decimal(r.sc.Name)))
	} else {
		d.paragraph(7.5, l.N("pairings.note", len(p.Boards), "scoring", l.Decimal(r.sc.Name)))
		if line := p.hallLine(); line != "" {
			d.paragraph(7.5, line)
		}
		if err := r.hallCards(p); err != nil {
			return err
		}
	}
	return d.finish(w)
}

// roundSheetSize is the type size of the pairings and results sheets.
const roundSheetSize = 9.5

// roundSheet draws the table of a pairings sheet (empty result boxes) or a results sheet
// (each side's result): its column widths, its tall rows (h, room to write a result).
type roundSheet struct {
	d                              *doc
	l                              *Locale
	sc                             tournament.Scoring
	results                        bool
	h                              float64
	wBoard, wNo, wPts, wBox, wName float64
}

// fitHeads widens the board, number, points and result columns to their heads in the
// language (bold, plus the cell margins) where the fixed widths are narrower (issue 29:
// no head clipped or running into the next).
func (r *roundSheet) fitHeads() {
	f, l := r.d.f, r.l
	f.SetFont(fontFamily, "B", roundSheetSize)
	need := func(key string) float64 { return f.GetStringWidth(l.T(key)) + 2 }
	r.wBoard = max(r.wBoard, need("col.board"))
	r.wNo = max(r.wNo, need("col.number"))
	r.wPts = max(r.wPts, need("col.points"))
	r.wBox = max(r.wBox, (need("col.result")-2)/2)
	f.SetFont(fontFamily, "", roundSheetSize)
}

// head draws the column heads.
func (r *roundSheet) head() {
	f, l := r.d.f, r.l
	f.SetFont(fontFamily, "B", roundSheetSize)
	f.SetFillColor(225, 225, 225)
	cell := func(w float64, text string, ln int, align string) {
		if headDrawn != nil && text != "" {
			headDrawn(text, w, f.GetStringWidth(text))
		}
		f.CellFormat(w, 6, text, "B", ln, align, true, 0, "")
	}
	cell(r.wBoard, l.T("col.board"), 0, "R")
	cell(r.wNo, l.T("col.number"), 0, "R")
	cell(r.wName, l.T("col.white"), 0, "L")
	cell(r.wPts, l.T("col.points"), 0, "R")
	cell(r.wBox+2+r.wBox, l.T("col.result"), 0, "C")
	cell(2, "", 0, "C")
	cell(r.wNo, l.T("col.number"), 0, "R")
	cell(r.wName, l.T("col.black"), 0, "L")
	cell(r.wPts, l.T("col.points"), 1, "R")
	f.SetFont(fontFamily, "", roundSheetSize)
}

// board draws the row of board b.
func (r *roundSheet) board(b PairingBoard) {
	f, h := r.d.f, r.h
	y := f.GetY()
	f.CellFormat(r.wBoard, h, boardLabel(b), "B", 0, "R", false, 0, "")
	f.CellFormat(r.wNo, h, numOrDash(b.White.Number), "B", 0, "R", false, 0, "")
	r.name(b.White, y)
	f.CellFormat(r.wPts, h, r.l.Score(r.sc, b.White.Points), "B", 0, "R", false, 0, "")
	if r.results {
		wr, br := resultSides(r.l, b.Result)
		if wr == "" {
			wr, br = r.l.T("results.pending"), r.l.T("results.pending")
		}
		f.SetFont(fontFamily, "B", roundSheetSize)
		f.CellFormat(r.wBox, h, wr, "B", 0, "C", false, 0, "")
		f.CellFormat(2, h, "–", "B", 0, "C", false, 0, "")
		f.CellFormat(r.wBox, h, br, "B", 0, "C", false, 0, "")
		f.SetFont(fontFamily, "", roundSheetSize)
	} else {
		x := f.GetX()
		f.Rect(x+1, y+1, r.wBox-2, h-2, "D")
		f.CellFormat(r.wBox, h, "", "B", 0, "C", false, 0, "")
		f.CellFormat(2, h, "–", "B", 0, "C", false, 0, "")
		x = f.GetX()
		f.Rect(x+1, y+1, r.wBox-2, h-2, "D")
		f.CellFormat(r.wBox, h, "", "B", 0, "C", false, 0, "")
	}
	f.CellFormat(2, h, "", "B", 0, "C", false, 0, "")
	f.CellFormat(r.wNo, h, numOrDash(b.Black.Number), "B", 0, "R", false, 0, "")
	r.name(b.Black, y)
	f.CellFormat(r.wPts, h, r.l.Score(r.sc, b.Black.Points), "B", 1, "R", false, 0, "")
}

// name draws a player's cell of the row at y: the name on the upper line, the club in
// full on the lower one in smaller grey type (as Vega and Swiss-Manager print them); only
// a club longer than the column at 6 pt is cut.
func (r *roundSheet) name(pp PairingPlayer, y float64) {
	f, d, h, wName := r.d.f, r.d, r.h, r.wName
	x := f.GetX()
	name := r.l.playerName(pp)
	if pp.Club == "" {
		f.CellFormat(wName, h, d.clip(name, wName), "B", 0, "L", false, 0, "")
		return
	}
	f.CellFormat(wName, h*0.55, d.clip(name, wName), "", 0, "L", false, 0, "")
	f.SetXY(x, y+h*0.5)
	fs := 7.5
	f.SetFont(fontFamily, "", fs)
	for fs > 6 && f.GetStringWidth(pp.Club) > wName-1.5 {
		fs -= 0.5
		f.SetFontSize(fs)
	}
	f.SetTextColor(80, 80, 80)
	f.CellFormat(wName, h*0.5, d.clip(pp.Club, wName), "B", 0, "L", false, 0, "")
	f.SetTextColor(0, 0, 0)
	f.SetFont(fontFamily, "", roundSheetSize)
	f.SetXY(x+wName, y)
}

// list draws the players under label ("Bye", "Not paired"), with their points if asked;
// nothing when there are none.
func (r *roundSheet) list(label string, ps []PairingPlayer, withPoints bool) {
	if len(ps) == 0 {
		return
	}
	var names []string
	for _, pp := range ps {
		pts := ""
		if withPoints {
			pts = r.l.Score(r.sc, pp.Points)
		}
		names = append(names, r.l.restText(pp, pts))
	}
	r.d.f.Ln(2)
	r.d.f.SetFont(fontFamily, "B", roundSheetSize)
	r.d.f.CellFormat(0, 5, label, "", 1, "L", false, 0, "")
	r.d.paragraph(roundSheetSize, strings.Join(names, "; "))
}

// resultSides splits a result into what each player scored, in game points as entered
// ("2", "0"; "+", "-" for forfeits; the bye or unplayed word on White's side).
func resultSides(l *Locale, r *tournament.Result) (string, string) {
	if r == nil {
		return "", ""
	}
	switch r.Kind {
	case tournament.KindPlayed:
		return strconv.Itoa(r.WhitePoints), strconv.Itoa(r.BlackPoints)
	case tournament.KindForfeit:
		side := func(p, o int) string {
			if p > o {
				return "+"
			}
			return "-"
		}
		return side(r.WhitePoints, r.BlackPoints), side(r.BlackPoints, r.WhitePoints)
	}
	return l.ResultText(r), ""
}

// PairingsFromCrosstable builds the sheet of round `round` from the view: the boards are the
// slots of that round (board numbers from CrossResult.Board), points are those of `before`
// (tournament.ComputeStandings(ct, round-1)), byes are CrossBye slots, and every other
// player who had entered by then (a late entrant is on no earlier sheet) without a board
// in the round is listed as not paired, marked Withdrawn when he withdrew before the
// round (not on the games he played before: the sheet as it was) or, for an announced
// absence (a CrossAbsent slot of the round, from his JoinedRound on), Absent. Boards are
// sorted by board number, then game.
func PairingsFromCrosstable(ct *tournament.Crosstable, round int, before []tournament.Standing) PairingsSheet {
	sheet := PairingsSheet{Event: ct.Event, Round: round, Scoring: ct.Scoring, FormationOrder: ct.Event.System == tournament.ItaloSwiss}
	points := make(map[int]int, len(before))
	for _, s := range before {
		points[s.Entry.ID] = s.Points
	}
	byID := make(map[int]*tournament.CrossEntry, len(ct.Players))
	for i := range ct.Players {
		byID[ct.Players[i].ID] = &ct.Players[i]
	}
	pp := func(e *tournament.CrossEntry) PairingPlayer {
		return PairingPlayer{Number: e.Number, Name: e.Name, Club: e.Club, Rating: e.Rating, Points: points[e.ID], Withdrawn: e.WithdrawnAt(round), id: e.ID}
	}
	onBoard := func(e *tournament.CrossEntry, c pairing.Colour) PairingPlayer {
		p := pp(e)
		if n := sameColourRun(e, round, c); n >= 3 {
			p.SameColour = n
		}
		return p
	}
	for i := range ct.Players {
		e := &ct.Players[i]
		if !e.EnteredBy(round) {
			continue // a late entrant: not on the sheets of the rounds before he entered
		}
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
				sheet.Boards = append(sheet.Boards, PairingBoard{Board: r.Board, Game: r.Game, White: onBoard(e, pairing.White), Black: onBoard(byID[r.Opponent], pairing.Black)})
				paired = true
			default:
				paired = true // Black side of a board, listed with its White player
			}
		}
		if !paired {
			p := pp(e)
			p.Absent = absent && !p.Withdrawn
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

// sameColourRun counts the games in a row that e has colour c, round `round` (where he has
// c) included, going back through the rounds before it: games played over the board, or
// paired and not yet decided (CrossPending), count; a round without such a game (a bye, a
// forfeit, an absence) is skipped, as the colour rules count colours (docs/pairing-fid.md
// 2.6.1; FIDE C.04.1 for the Dutch). Two games a round (andata e ritorno) count each.
func sameColourRun(e *tournament.CrossEntry, round int, c pairing.Colour) int {
	byRound := map[int][]tournament.CrossResult{}
	for _, r := range e.Results {
		if r.Round < round && (r.Kind == tournament.CrossPlayed || r.Kind == tournament.CrossPending) && r.Colour != pairing.NoColour {
			byRound[r.Round] = append(byRound[r.Round], r)
		}
	}
	n := 1
	for k := round - 1; k >= 1; k-- {
		rs := byRound[k]
		sort.Slice(rs, func(a, b int) bool { return rs[a].Game > rs[b].Game })
		for _, r := range rs {
			if r.Colour != c {
				return n
			}
			n++
		}
	}
	return n
}
