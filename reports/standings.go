package reports

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
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
}

func (s Standings) scoring() tournament.Scoring {
	if s.Table.Scoring.Divisor == 0 {
		return tournament.Scoring210
	}
	return s.Table.Scoring
}

// Title is the report title: "Standings after round 3 of 7".
func (s Standings) Title() string {
	if s.AfterRound == 0 {
		return "Standings before round 1"
	}
	return fmt.Sprintf("Standings after round %d of %d", s.AfterRound, s.Table.Rounds)
}

// legend explains the scoring and the tie-break abbreviations.
func (s Standings) legend() string {
	var tbs []string
	for _, tb := range s.Table.TieBreaks {
		tbs = append(tbs, tb.Label()+" = "+tb.Title())
	}
	l := "Scoring " + s.scoring().Name + "."
	if len(tbs) > 0 {
		l += " Tie-breaks in order: " + strings.Join(tbs, ", ") + "."
	} else {
		l += " No tie-breaks: equal points share the place."
	}
	if s.Table.Quoziente == tournament.QuozientePlayedOnly && hasTB(s.Table.TieBreaks, tournament.TBQuoziente) {
		l += " Quoziente: sum of the opponents' points, games played only."
	}
	pending := 0
	for _, r := range s.Rows {
		pending += r.Pending
	}
	if pending > 0 {
		l += fmt.Sprintf(" %d result(s) pending, counted as 0 (marked *).", pending)
	}
	return l
}

func hasTB(list []tournament.TieBreak, tb tournament.TieBreak) bool {
	for _, x := range list {
		if x == tb {
			return true
		}
	}
	return false
}

// standingsTable returns the header and the cells of the standings, as printed in text
// and PDF: place, pairing number, name, club, rating, points, games, W, D, L, tie-breaks.
func (s Standings) standingsTable() ([]string, [][]string) {
	sc := s.scoring()
	head := []string{"Pl", "No", "Name", "Club", "Rtg", "Pts", "G", "W", "D", "L"}
	for _, tb := range s.Table.TieBreaks {
		head = append(head, tb.Label())
	}
	rows := make([][]string, len(s.Rows))
	for i, r := range s.Rows {
		name := r.Entry.Name
		if r.Entry.Withdrawn {
			name += " (withdrawn)"
		}
		pts := sc.Format(r.Points)
		if r.Pending > 0 {
			pts += "*"
		}
		row := []string{r.Place(), numOrDash(r.Entry.Number), name, r.Entry.Club, numOrDash(r.Entry.Rating), pts,
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses)}
		for t, tb := range s.Table.TieBreaks {
			row = append(row, tieBreakText(tb, r.TieBreaks[t], sc))
		}
		rows[i] = row
	}
	return head, rows
}

// noARO reports whether v is the average rating of opponents of a player who met no
// rated opponent over the board (TBAverageRating is 0 then; a real average is above 0).
func noARO(tb tournament.TieBreak, v int) bool { return tb == tournament.TBAverageRating && v == 0 }

// tieBreakText shows a tie-break value as tb.Format does, and "-" for noARO.
func tieBreakText(tb tournament.TieBreak, v int, sc tournament.Scoring) string {
	if noARO(tb, v) {
		return "-"
	}
	return tb.Format(v, sc)
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
	return writeTextTable(w, orDefault(s.Table.Event.Name, "arbitro")+" — "+s.Title(), head, rows, s.legend())
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

// WriteStandingsCSV writes one header line and one line per player (RFC 4180, comma
// separated, UTF-8). Points and tie-breaks are plain decimals ("2.5"), so spreadsheets read
// them as numbers; withdrawn is "true" or "false".
func WriteStandingsCSV(w io.Writer, s Standings) error {
	sc := s.scoring()
	cw := csv.NewWriter(w)
	head := []string{"place", "rank", "number", "name", "club", "federation", "rating", "withdrawn", "points",
		"games", "wins", "draws", "losses", "byes", "forfeit_wins", "forfeit_losses", "absences", "pending"}
	for _, tb := range s.Table.TieBreaks {
		head = append(head, string(tb))
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, r := range s.Rows {
		e := r.Entry
		row := []string{r.Place(), strconv.Itoa(r.Rank), strconv.Itoa(e.Number), e.Name, e.Club, e.Federation,
			strconv.Itoa(e.Rating), strconv.FormatBool(e.Withdrawn), decimal(r.Points, sc.Divisor),
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			strconv.Itoa(r.Byes), strconv.Itoa(r.ForfeitWins), strconv.Itoa(r.ForfeitLosses),
			strconv.Itoa(r.Absences), strconv.Itoa(r.Pending)}
		for t, tb := range s.Table.TieBreaks {
			if noARO(tb, r.TieBreaks[t]) {
				row = append(row, "-")
			} else {
				row = append(row, decimal(r.TieBreaks[t], tb.Divisor(sc)))
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// JSON shapes of WriteStandingsJSON.
type (
	jsonStandings struct {
		Event      jsonEvent      `json:"event"`
		AfterRound int            `json:"after_round"`
		Rounds     int            `json:"rounds"`
		Scoring    string         `json:"scoring"`
		TieBreaks  []jsonTieBreak `json:"tiebreaks"`
		Standings  []jsonStanding `json:"standings"`
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
		TieBreaks     map[string]float64 `json:"tiebreaks"`
		Rounds        []jsonRound        `json:"rounds,omitempty"`
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
		Event:      jsonEvent{ev.Name, ev.Place, ev.StartDate, ev.EndDate, ev.Variant, ev.System, ev.ChiefArbiter},
		AfterRound: s.AfterRound, Rounds: s.Table.Rounds, Scoring: sc.Name,
		TieBreaks: []jsonTieBreak{}, Standings: make([]jsonStanding, 0, len(s.Rows)),
	}
	for _, tb := range s.Table.TieBreaks {
		out.TieBreaks = append(out.TieBreaks, jsonTieBreak{string(tb), tb.Label(), tb.Title()})
	}
	for _, r := range s.Rows {
		e := r.Entry
		js := jsonStanding{Place: r.Place(), Rank: r.Rank, RankTo: r.RankTo, ID: e.ID, Number: e.Number, Name: e.Name,
			Club: e.Club, Federation: e.Federation, Rating: e.Rating, Withdrawn: e.Withdrawn,
			Points: float64(r.Points) / float64(sc.Divisor), PointsText: sc.Format(r.Points),
			Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Byes: r.Byes,
			ForfeitWins: r.ForfeitWins, ForfeitLosses: r.ForfeitLosses, Absences: r.Absences, Pending: r.Pending,
			TieBreaks: map[string]float64{}}
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
	const size = 8.5
	d := newDoc(meta, s.Table.Event, s.Title(), false)
	if !d.fitWidths(cols, rows, size, 2, 40) {
		d = newDoc(meta, s.Table.Event, s.Title(), true)
		d.fitWidths(cols, rows, size, 2, 40)
	}
	// The club column gives way to the name when space is short.
	if max := d.usableWidth() * 0.22; cols[3].width > max {
		cols[2].width += cols[3].width - max
		cols[3].width = max
	}
	d.f.AddPage()
	d.table(cols, rows, size)
	d.f.Ln(2)
	d.paragraph(7.5, s.legend())
	return d.finish(w)
}
