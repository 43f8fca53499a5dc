package reports

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"arbitro/pairing"
	"arbitro/tournament"
)

// Standings is the input of every standings and crosstable report: the view, the round
// and the rows tournament.ComputeStandings(Table, AfterRound) returned, in that order.
type Standings struct {
	Table      *tournament.Crosstable
	AfterRound int
	Rows       []tournament.Standing
	// Locale is the language of every word of the report; nil prints English.
	Locale *Locale
	// Playoffs and PlayoffDecided are tournament.StandingsAfter's: the play-offs, and the
	// entries whose place one decided (marked, with a legend line; docs/playoffs.md).
	Playoffs       []tournament.Playoff
	PlayoffDecided map[int64]bool
	// Categories names the categories of each player by entry id
	// (tournament.StandingsAfter.Categories); when any player has one, the text and PDF
	// standings have a category column after the club.
	Categories map[int][]string
}

func (s Standings) loc() *Locale { return orEnglish(s.Locale) }

// StandingsOf is the report input of the standings sa (store's Standings use cases) in the
// language l: every field of sa carried over (rows, play-offs and their marks, categories),
// so each face prints the same sheet from the same answer.
func StandingsOf(sa *tournament.StandingsAfter, l *Locale) Standings {
	return Standings{Table: sa.Table, AfterRound: sa.Round, Rows: sa.Rows, Locale: l,
		Playoffs: sa.Playoffs, PlayoffDecided: sa.PlayoffDecided, Categories: sa.Categories}
}

// final reports whether these are the final standings: after the last round, paired and
// complete (tournament.RoundComplete: every player of the field accounted for in it), with
// every result in. A half-played event, or one whose last round misses players (an
// imported round without their games), is "after round N of N".
func (s Standings) final() bool {
	if s.AfterRound < s.Table.Rounds || s.AfterRound == 0 {
		return false
	}
	for _, r := range s.Rows {
		if r.Pending > 0 {
			return false
		}
	}
	return tournament.RoundComplete(s.Table, s.AfterRound)
}

func (s Standings) scoring() tournament.Scoring {
	if s.Table.Scoring.Divisor == 0 {
		return tournament.Scoring210
	}
	return s.Table.Scoring
}

// Title is the report title: "Standings after round 3 of 7", "Final standings" after the
// last round with every result in ("Classifica finale").
func (s Standings) Title() string {
	l := s.loc()
	switch {
	case s.AfterRound == 0:
		return l.T("standings.title.before")
	case s.final():
		return l.T("standings.title.final")
	}
	return l.T("standings.title.after", "round", s.AfterRound, "rounds", s.Table.Rounds)
}

// legend explains the scoring and the tie-break abbreviations.
func (s Standings) legend() string {
	l := s.loc()
	var tbs []string
	for _, tb := range s.Table.TieBreaks {
		tbs = append(tbs, l.TieBreakLabel(tb)+" = "+l.TieBreakTitle(tb))
	}
	out := l.T("legend.scoring", "name", l.Decimal(s.scoring().Name))
	if len(tbs) > 0 {
		out += " " + l.T("legend.tiebreaks", "list", strings.Join(tbs, ", "))
	} else {
		out += " " + l.T("legend.no_tiebreaks")
	}
	if s.Table.Quoziente == tournament.QuozientePlayedOnly && hasTB(s.Table.TieBreaks, tournament.TBQuoziente) {
		out += " " + l.T("legend.quoziente_played")
	}
	pending := 0
	for _, r := range s.Rows {
		pending += r.Pending
	}
	if pending > 0 {
		out += " " + l.N("legend.pending", pending)
	}
	if m := s.missingNote(); m != "" {
		out += " " + m
	}
	if s.anyNotApplicable() {
		out += " " + l.T("legend.not_applicable")
	}
	if adj := s.adjustments(false); adj != "" {
		out += " " + l.T("legend.adjusted", "list", adj)
	}
	if adj := s.adjustments(true); adj != "" {
		out += " " + l.T("legend.carried", "list", adj)
	}
	if po := s.playoffLegend(); po != "" {
		out += " " + po
	}
	return out
}

// columnsLegend spells out the abbreviated heads of the games columns under the standings
// (issue 29: Italian "P" read patte here and perse in the team standings): "G = partite
// giocate, V = vinte, N = patte, P = perse."; the letters are the heads' own (col.*).
func (s Standings) columnsLegend() string {
	l := s.loc()
	return l.T("legend.columns", "games", l.T("col.games"), "wins", l.T("col.wins"), "draws", l.T("col.draws"), "losses", l.T("col.losses"))
}

// missingNote says why the standings stop short of the rounds paired: when a round after
// the next one is paired but the next one misses results (an import with a game not
// entered: the 2007 World Championship, 11 rounds of 19, round 2 board 3 without a
// result), "Results missing in round 2 (board 3): the standings stop after round 1, the
// last round with every result in; 11 rounds are paired." "" otherwise (the round in play
// just after, or standings after a complete round).
func (s Standings) missingNote() string {
	if s.Table == nil {
		return ""
	}
	next, last := s.AfterRound+1, tournament.LastRound(s.Table)
	if last <= next || tournament.RoundComplete(s.Table, next) {
		return ""
	}
	seen := map[[2]int]bool{}
	var boards []string
	for _, p := range s.Table.Players {
		for _, r := range p.Results {
			if r.Round == next && r.Kind == tournament.CrossPending && !seen[[2]int{r.Board, r.Game}] {
				seen[[2]int{r.Board, r.Game}] = true
				b := strconv.Itoa(r.Board)
				if r.Game > 1 {
					b += "/" + strconv.Itoa(r.Game)
				}
				boards = append(boards, b)
			}
		}
	}
	slices.SortFunc(boards, cmpBoard)
	l := s.loc()
	where := l.T("legend.missing.players")
	if len(boards) > 0 {
		where = l.N("legend.missing.boards", len(boards), "boards", strings.Join(boards, ", "))
	}
	return l.T("legend.missing", "round", next, "where", where, "after", s.AfterRound, "last", last)
}

// cmpBoard orders board labels "3" < "12" < "12/2" by number, then game.
func cmpBoard(a, b string) int {
	num := func(x string) (int, int) {
		n, g, _ := strings.Cut(x, "/")
		bn, _ := strconv.Atoi(n)
		gn, _ := strconv.Atoi(g)
		return bn, gn
	}
	an, ag := num(a)
	bn, bg := num(b)
	if an != bn {
		return an - bn
	}
	return ag - bg
}

// adjustments lists the players whose points include abnormal points (TRF 299 records of
// an imported file: Standing.Adjustment less Carried), or with carried, the points carried
// from an earlier stage (Standing.Carried): "Name +1, Name -½", or "".
func (s Standings) adjustments(carried bool) string {
	l, sc := s.loc(), s.scoring()
	var parts []string
	for _, r := range s.Rows {
		v := r.Adjustment - r.Carried
		if carried {
			v = r.Carried
		}
		if v == 0 {
			continue
		}
		sign := "+"
		if v < 0 {
			sign = ""
		}
		parts = append(parts, r.Entry.Name+" "+sign+l.Score(sc, v))
	}
	return strings.Join(parts, ", ")
}

// anyNotApplicable reports whether some tie-break cell prints "-".
func (s Standings) anyNotApplicable() bool {
	for i, r := range s.Rows {
		for t, tb := range s.Table.TieBreaks {
			if s.notApplicable(i, t, tb, r.TieBreaks[t]) {
				return true
			}
		}
	}
	return false
}

// notApplicable reports whether tie-break t of row i does not apply and prints "-": an
// average rating of opponents when no rated opponent was met (noARO), and a direct
// encounter for a player whom no other player ties on points and on the tie-breaks
// before it (there is no tie for it to break, FIDE C.07 DE: "among the tied players"), or
// whose tie group did not all meet (the criterion does not separate them; docs/tiebreaks.md).
func (s Standings) notApplicable(i, t int, tb tournament.TieBreak, v int) bool {
	if noARO(tb, v) {
		return true
	}
	if tb != tournament.TBDirectEncounter {
		return false
	}
	// The tie group: the players equal to this one on points and on the tie-breaks before
	// this one. Alone, there is nothing to break; a group whose values are all 0 did not all
	// meet each other (tournament's directEncounter gives zeros then: a group that met
	// shares the points of its games, more than 0).
	me := s.Rows[i]
	group := []int{}
	for j, o := range s.Rows {
		if o.Points != me.Points {
			continue
		}
		same := true
		for k := 0; k < t; k++ {
			if o.TieBreaks[k] != me.TieBreaks[k] {
				same = false
				break
			}
		}
		if same {
			group = append(group, j)
		}
	}
	if len(group) < 2 {
		return true
	}
	for _, j := range group {
		if s.Rows[j].TieBreaks[t] != 0 {
			return false
		}
	}
	return true
}

// standingsTable returns the header and the cells of the standings, as printed in text
// and PDF: place, pairing number, name, club, categories (when the event has some),
// rating, points, games, W, D, L, tie-breaks.
func (s Standings) standingsTable() ([]string, [][]string) {
	sc := s.scoring()
	l := s.loc()
	head := []string{l.T("col.place"), l.T("col.number"), l.T("col.name"), l.T("col.club"), l.T("col.rating"),
		l.T("col.points"), l.T("col.games"), l.T("col.wins"), l.T("col.draws"), l.T("col.losses")}
	cats := len(s.Categories) > 0
	if cats {
		head = slices.Insert(head, colCategory, l.T("col.category"))
	}
	for _, tb := range s.Table.TieBreaks {
		head = append(head, l.TieBreakLabel(tb))
	}
	rows := make([][]string, len(s.Rows))
	for i, r := range s.Rows {
		name := r.Entry.Name
		if r.Entry.WithdrawnAt(s.AfterRound) {
			name = l.T("mark.withdrawn", "name", name)
		}
		pts := l.Score(sc, r.Points)
		if r.Pending > 0 {
			pts += "*"
		}
		row := []string{s.placeText(r), numOrDash(r.Entry.Number), name, r.Entry.Club, numOrDash(r.Entry.Rating), pts,
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses)}
		if cats {
			row = slices.Insert(row, colCategory, strings.Join(s.Categories[r.Entry.ID], ", "))
		}
		for t, tb := range s.Table.TieBreaks {
			row = append(row, s.tieBreakText(i, t, tb, sc))
		}
		rows[i] = row
	}
	return head, rows
}

// colCategory is the index of the category column in standingsTable (after the club).
const colCategory = 4

// noARO reports whether v is the average rating of opponents of a player who met no
// rated opponent over the board (TBAverageRating is 0 then; a real average is above 0).
func noARO(tb tournament.TieBreak, v int) bool { return tb == tournament.TBAverageRating && v == 0 }

// tieBreakText shows tie-break t of row i in the language, and "-" where it does not
// apply (notApplicable).
func (s Standings) tieBreakText(i, t int, tb tournament.TieBreak, sc tournament.Scoring) string {
	v := s.Rows[i].TieBreaks[t]
	if s.notApplicable(i, t, tb, v) {
		return "-"
	}
	return s.loc().Frac(v, tb.Divisor(sc))
}

func numOrDash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

// WriteStandingsText writes the standings as an aligned text table (text/tabwriter) under
// a title line, followed by the legend.
func WriteStandingsText(w io.Writer, s Standings) error {
	head, rows := s.standingsTable()
	return writeTextTable(w, orDefault(s.Table.Event.Name, "arbitro")+" — "+s.Title(), head, rows, s.columnsLegend(), s.legend())
}

// writeTextTable writes a title line, a blank line, the table aligned by text/tabwriter
// (two spaces between columns, no trailing spaces), a blank line and the notes, one a line.
func writeTextTable(w io.Writer, title string, head []string, rows [][]string, notes ...string) error {
	var b strings.Builder
	b.WriteString(title + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("%w: %v", ErrRender, err)
	}
	b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	_, err := io.WriteString(w, trimLineEnds(b.String()))
	return err
}

// trimLineEnds removes the spaces tabwriter leaves at the end of lines.
func trimLineEnds(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// decimal shows num/den as a plain decimal for machines: "13", "2.5", "2.25".
func decimal(num, den int) string {
	if den <= 1 {
		return strconv.Itoa(num)
	}
	return strconv.FormatFloat(float64(num)/float64(den), 'f', -1, 64)
}

// WriteStandingsCSV writes one header line and one line per player (RFC 4180, UTF-8) for
// the spreadsheet of the report's language: in English comma separated with plain
// decimals ("2.5"); where the language writes a decimal comma (Italian, French, Dutch)
// separated by ';', with decimal commas ("2,5") and a byte-order mark, which is what Excel
// and LibreOffice in those languages split into columns and read as numbers. The header
// is in the language; withdrawn is "true"/"false" in English ("sì"/"no" in Italian).
// Names, clubs and federations that start with = + - @, a tab or a CR are neutralised with
// a leading apostrophe, so a spreadsheet never runs them as formulas (OWASP, CSV injection).
func WriteStandingsCSV(w io.Writer, s Standings) error {
	sc := s.scoring()
	l := s.loc()
	cw := newCSV(w, l)
	head := []string{l.T("csv.place"), l.T("csv.rank"), l.T("csv.number"), l.T("csv.name"), l.T("csv.club"),
		l.T("csv.federation"), l.T("csv.rating"), l.T("csv.withdrawn"), l.T("csv.points"), l.T("csv.games"),
		l.T("csv.wins"), l.T("csv.draws"), l.T("csv.losses"), l.T("csv.byes"), l.T("csv.forfeit_wins"),
		l.T("csv.forfeit_losses"), l.T("csv.absences"), l.T("csv.pending")}
	for _, tb := range s.Table.TieBreaks {
		if l.Lang() == DefaultLang {
			head = append(head, string(tb))
		} else {
			head = append(head, l.TieBreakTitle(tb))
		}
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	yesNo := func(b bool) string {
		if b {
			return l.T("csv.yes")
		}
		return l.T("csv.no")
	}
	for i, r := range s.Rows {
		e := r.Entry
		row := []string{r.Place(), strconv.Itoa(r.Rank), strconv.Itoa(e.Number), CSVSafe(e.Name), CSVSafe(e.Club), CSVSafe(e.Federation),
			strconv.Itoa(e.Rating), yesNo(e.WithdrawnAt(s.AfterRound)), l.Decimal(decimal(r.Points, sc.Divisor)),
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			strconv.Itoa(r.Byes), strconv.Itoa(r.ForfeitWins), strconv.Itoa(r.ForfeitLosses),
			strconv.Itoa(r.Absences), strconv.Itoa(r.Pending)}
		for t, tb := range s.Table.TieBreaks {
			if s.notApplicable(i, t, tb, r.TieBreaks[t]) {
				row = append(row, "-")
			} else {
				row = append(row, l.Decimal(decimal(r.TieBreaks[t], tb.Divisor(sc))))
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// newCSV returns a CSV writer with the language's separator (Locale.CSVComma), after
// writing a UTF-8 byte-order mark where the separator is not a comma (Excel reads a
// BOM-less file in the system code page, and accents break).
func newCSV(w io.Writer, l *Locale) *csv.Writer {
	cw := csv.NewWriter(w)
	cw.Comma = l.CSVComma()
	if cw.Comma != ',' {
		io.WriteString(w, "\uFEFF")
	}
	return cw
}

// CSVSafe neutralises a text cell a spreadsheet would read as a formula: one that starts
// with =, +, -, @, a tab or a carriage return gets a leading apostrophe (OWASP, "CSV
// Injection"); any other text is returned as it is.
func CSVSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// JSON shapes of WriteStandingsJSON.
type (
	jsonStandings struct {
		Event      jsonEvent            `json:"event"`
		AfterRound int                  `json:"after_round"`
		Rounds     int                  `json:"rounds"`
		Scoring    string               `json:"scoring"`
		TieBreaks  []jsonTieBreak       `json:"tiebreaks"`
		Standings  []jsonStanding       `json:"standings"`
		Playoffs   []tournament.Playoff `json:"playoffs,omitempty"`
	}
	jsonEvent struct {
		Name         string `json:"name"`
		Place        string `json:"place,omitempty"`
		StartDate    string `json:"start_date,omitempty"`
		EndDate      string `json:"end_date,omitempty"`
		Variant      string `json:"variant,omitempty"`
		System       string `json:"system,omitempty"`
		ChiefArbiter string `json:"chief_arbiter,omitempty"`
	}
	jsonTieBreak struct {
		ID    string `json:"id"`
		Label string `json:"label"`
		Title string `json:"title"`
	}
	jsonStanding struct {
		Place         string             `json:"place"`
		Rank          int                `json:"rank"`
		RankTo        int                `json:"rank_to"`
		ID            int                `json:"id"`
		Number        int                `json:"number"`
		Name          string             `json:"name"`
		Club          string             `json:"club,omitempty"`
		Federation    string             `json:"federation,omitempty"`
		Rating        int                `json:"rating"`
		Withdrawn     bool               `json:"withdrawn"`
		Points        float64            `json:"points"`
		PointsText    string             `json:"points_text"`
		Games         int                `json:"games"`
		Wins          int                `json:"wins"`
		Draws         int                `json:"draws"`
		Losses        int                `json:"losses"`
		Byes          int                `json:"byes"`
		ForfeitWins   int                `json:"forfeit_wins"`
		ForfeitLosses int                `json:"forfeit_losses"`
		Absences      int                `json:"absences"`
		Pending       int                `json:"pending"`
		Adjustment    float64            `json:"adjustment,omitempty"` // abnormal points (TRF 299) included in points
		TieBreaks     map[string]float64 `json:"tiebreaks"`
		Rounds        []jsonRound        `json:"rounds,omitempty"`
		Playoff       bool               `json:"decided_by_playoff,omitempty"`
	}
	jsonRound struct {
		Round        int    `json:"round"`
		Game         int    `json:"game,omitempty"`
		Board        int    `json:"board,omitempty"`
		Kind         string `json:"kind"`
		OpponentID   int    `json:"opponent_id,omitempty"`
		OpponentLine int    `json:"opponent_line,omitempty"`
		Colour       string `json:"colour,omitempty"`
		Points       int    `json:"game_points"`
	}
)

// WriteStandingsJSON writes one JSON object: event, after_round, rounds, scoring,
// tiebreaks (id, label, title in order) and standings (one object per player; points and
// tie-break values as numbers in the tournament's scale, points_text as printed).
func WriteStandingsJSON(w io.Writer, s Standings) error { return writeJSON(w, s, false) }

// WriteCrosstableJSON is WriteStandingsJSON with, for each player, his rounds up to
// AfterRound: round, game, board, kind ("played", "bye", "forfeit-win", ...), opponent_id,
// opponent_line (line number in this table), colour and game_points (2-1-0).
func WriteCrosstableJSON(w io.Writer, s Standings) error { return writeJSON(w, s, true) }

func writeJSON(w io.Writer, s Standings, rounds bool) error {
	sc := s.scoring()
	var ci crossIndex
	if rounds {
		ci = s.index()
	}
	ev := s.Table.Event
	out := jsonStandings{
		Event:      jsonEvent{ev.Name, ev.Place, ev.StartDate, ev.EndDate, ev.Variant.Name(), ev.System.Code(), ev.ChiefArbiter},
		AfterRound: s.AfterRound, Rounds: s.Table.Rounds, Scoring: sc.Name,
		TieBreaks: []jsonTieBreak{}, Standings: make([]jsonStanding, 0, len(s.Rows)), Playoffs: s.decidingPlayoffs(),
	}
	l := s.loc()
	for _, tb := range s.Table.TieBreaks {
		out.TieBreaks = append(out.TieBreaks, jsonTieBreak{string(tb), l.TieBreakLabel(tb), l.TieBreakTitle(tb)})
	}
	for _, r := range s.Rows {
		e := r.Entry
		js := jsonStanding{Place: r.Place(), Rank: r.Rank, RankTo: r.RankTo, ID: e.ID, Number: e.Number, Name: e.Name,
			Club: e.Club, Federation: e.Federation, Rating: e.Rating, Withdrawn: e.WithdrawnAt(s.AfterRound),
			Points: float64(r.Points) / float64(sc.Divisor), PointsText: l.Score(sc, r.Points),
			Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Byes: r.Byes,
			ForfeitWins: r.ForfeitWins, ForfeitLosses: r.ForfeitLosses, Absences: r.Absences, Pending: r.Pending,
			Adjustment: float64(r.Adjustment) / float64(sc.Divisor), TieBreaks: map[string]float64{},
			Playoff: s.PlayoffDecided[int64(e.ID)]}
		for t, tb := range s.Table.TieBreaks {
			js.TieBreaks[string(tb)] = float64(r.TieBreaks[t]) / float64(tb.Divisor(sc))
		}
		if rounds {
			js.Rounds = []jsonRound{}
			for _, res := range ci.results[len(out.Standings)] {
				jr := jsonRound{Round: res.Round, Game: res.Game, Board: res.Board, Kind: res.Kind.String(),
					OpponentID: res.Opponent, OpponentLine: ci.line[res.Opponent], Points: res.Points}
				if res.Colour != pairing.NoColour {
					jr.Colour = res.Colour.String()
				}
				js.Rounds = append(js.Rounds, jr)
			}
		}
		out.Standings = append(out.Standings, js)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteStandingsPDF renders the standings on A4 portrait (landscape when the columns do not
// fit), with the header repeated on every page and the legend at the end.
func WriteStandingsPDF(w io.Writer, s Standings, meta Meta) error {
	head, rows := s.standingsTable()
	cols := make([]column, len(head))
	for i, h := range head {
		cols[i] = column{head: h, align: "R"}
	}
	cols[2].align, cols[3].align = "L", "L"
	if len(s.Categories) > 0 {
		cols[colCategory].align = "L"
	}
	const size = 8.5
	meta = meta.with(s.Locale)
	d := newDoc(meta, s.Table.Event, s.Title(), false)
	if !d.fitWidths(cols, rows, size, 2, 40) {
		d = newDoc(meta, s.Table.Event, s.Title(), true)
		d.fitWidths(cols, rows, size, 2, 40)
	}
	// Clubs print in full when the page has room; when it has not, the club column gives
	// way to the name, down to 22% of the page.
	if over := sumWidths(cols) - d.usableWidth(); over > 0 {
		if max := d.usableWidth() * 0.22; cols[3].width > max {
			cut := min(cols[3].width-max, over)
			cols[3].width -= cut
		}
	}
	d.f.AddPage()
	d.table(cols, rows, size)
	d.f.Ln(2)
	d.paragraph(7.5, s.columnsLegend())
	d.paragraph(7.5, s.legend())
	if s.final() {
		d.signature(s.loc(), s.Table.Event.ChiefArbiter)
	}
	return d.finish(w)
}

// signature draws the chief arbiter's block under final standings (issue 29): "The chief
// arbiter" ("Il Direttore di gara", the FID's title of the arbiter who directs the event),
// his name (a line to write it on when none is stored), and lines for the date and the
// signature; on a new page when the page has no room for it.
func (d *doc) signature(l *Locale, arbiter string) {
	f := d.f
	const h = 6.0
	_, pageH := f.GetPageSize()
	if f.GetY()+4*h+6 > pageH-bottomMargin {
		f.AddPage()
	}
	f.Ln(6)
	f.SetFont(fontFamily, "B", 9)
	f.CellFormat(0, h, l.T("sign.arbiter"), "", 1, "L", false, 0, "")
	f.SetFont(fontFamily, "", 9)
	line := func(label, value string, w float64) {
		f.CellFormat(f.GetStringWidth(label)+2, h, label, "", 0, "L", false, 0, "")
		x, y := f.GetX(), f.GetY()
		if value != "" {
			f.CellFormat(w, h, value, "", 0, "L", false, 0, "")
		}
		f.Line(x, y+h-0.8, x+w, y+h-0.8)
		f.SetX(x + w) // past the line, written on or not (the date's was under "Signature:")
	}
	line(l.T("sign.name"), arbiter, 80)
	f.Ln(h + 2)
	line(l.T("sign.date"), "", 40)
	f.SetX(f.GetX() + 10)
	line(l.T("sign.signature"), "", 70)
	f.Ln(h)
}

func hasTB(list []tournament.TieBreak, tb tournament.TieBreak) bool {
	for _, x := range list {
		if x == tb {
			return true
		}
	}
	return false
}
