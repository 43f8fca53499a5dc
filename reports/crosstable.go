package reports

import (
	"io"
	"strconv"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// CrosstableLegendSwiss explains the per-round cells of the Swiss crosstable (English). A
// function, so that the catalogs are read on first use, not at every start of the program.
func CrosstableLegendSwiss() string { return English().crossLegend(false) }

// CrosstableLegendGrid explains the cells of the round-robin grid (English).
func CrosstableLegendGrid() string { return English().crossLegend(true) }

// crossLegend is the legend of the crosstable cells in the language, with its colour
// letters and unplayed mark.
func (l *Locale) crossLegend(grid bool) string {
	args := []any{"w", l.T("colour.white.letter"), "b", l.T("colour.black.letter"), "u", l.T("cross.unplayed")}
	if grid {
		return l.T("cross.legend.grid", args...)
	}
	return l.T("cross.legend.swiss", args...)
}

// crossIndex maps entry ids to line numbers (1-based, standings order) and collects each
// player's results up to AfterRound, ordered by round and game.
type crossIndex struct {
	line    map[int]int
	results [][]tournament.CrossResult // per line
	gpr     int
}

func (s Standings) index() crossIndex {
	gpr := s.Table.GamesPerRound
	if gpr == 0 {
		gpr = 1
	}
	ci := crossIndex{line: make(map[int]int, len(s.Rows)), results: make([][]tournament.CrossResult, len(s.Rows)), gpr: gpr}
	for i, r := range s.Rows {
		ci.line[r.Entry.ID] = i + 1
	}
	for i, r := range s.Rows {
		slots := make([]tournament.CrossResult, s.AfterRound*gpr)
		for k := range slots {
			slots[k] = tournament.CrossResult{Round: k/gpr + 1, Game: k%gpr + 1, Kind: tournament.CrossAbsent}
		}
		for _, res := range r.Entry.Results {
			g := res.Game
			if g == 0 {
				g = 1
			}
			if res.Round >= 1 && res.Round <= s.AfterRound && g <= gpr {
				slots[(res.Round-1)*gpr+g-1] = res
			}
		}
		ci.results[i] = slots
	}
	return ci
}

// swissCell formats one slot as in CrosstableLegendSwiss, with the language's colour
// letters (w/b in English, b/n in Italian, w/z in Dutch).
func swissCell(l *Locale, r tournament.CrossResult, line map[int]int, sc tournament.Scoring) string {
	opp := strconv.Itoa(line[r.Opponent])
	col := ""
	switch r.Colour {
	case pairing.White:
		col = l.T("colour.white.letter")
	case pairing.Black:
		col = l.T("colour.black.letter")
	}
	pts := l.Score(sc, sc.Units(r.Points))
	switch r.Kind {
	case tournament.CrossPlayed:
		return opp + col + pts
	case tournament.CrossForfeitWin:
		return opp + "+"
	case tournament.CrossForfeitLoss:
		return opp + "-"
	case tournament.CrossUnplayed:
		return opp + l.T("cross.unplayed")
	case tournament.CrossPending:
		return opp + col + "?"
	case tournament.CrossBye:
		return "-" + pts
	}
	if r.Points > 0 {
		return "." + pts
	}
	return "."
}

// gridCell formats what line player scored against one opponent (all games between them).
func gridCell(l *Locale, games []tournament.CrossResult, sc tournament.Scoring) string {
	var parts []string
	for _, r := range games {
		switch r.Kind {
		case tournament.CrossPlayed:
			parts = append(parts, l.Score(sc, sc.Units(r.Points)))
		case tournament.CrossForfeitWin:
			parts = append(parts, "+")
		case tournament.CrossForfeitLoss:
			parts = append(parts, "-")
		case tournament.CrossUnplayed:
			parts = append(parts, l.T("cross.unplayed"))
		case tournament.CrossPending:
			parts = append(parts, "?")
		}
	}
	return strings.Join(parts, " ")
}

// crosstableTable returns the header and cells: "#", "No", "Name", then one column per
// round (Swiss) or per line (grid), then points and tie-breaks.
func (s Standings) crosstableTable(grid bool) ([]string, [][]string) {
	sc := s.scoring()
	l := s.loc()
	ci := s.index()
	head := []string{l.T("col.line"), l.T("col.number"), l.T("col.name")}
	if grid {
		for i := range s.Rows {
			head = append(head, strconv.Itoa(i+1))
		}
	} else {
		for r := 1; r <= s.AfterRound; r++ {
			head = append(head, l.T("col.round", "round", r))
		}
	}
	head = append(head, l.T("col.points"))
	for _, tb := range s.Table.TieBreaks {
		head = append(head, l.TieBreakLabel(tb))
	}
	rows := make([][]string, len(s.Rows))
	for i, st := range s.Rows {
		name := st.Entry.Name
		if st.Entry.WithdrawnAt(s.AfterRound) {
			name = l.T("mark.withdrawn", "name", name)
		}
		row := []string{strconv.Itoa(i + 1), numOrDash(st.Entry.Number), name}
		if grid {
			byOpp := map[int][]tournament.CrossResult{}
			for _, r := range ci.results[i] {
				if l, ok := ci.line[r.Opponent]; ok && r.Opponent != 0 {
					byOpp[l] = append(byOpp[l], r)
				}
			}
			for j := range s.Rows {
				if j == i {
					row = append(row, "X")
					continue
				}
				row = append(row, gridCell(l, byOpp[j+1], sc))
			}
		} else {
			for r := 0; r < s.AfterRound; r++ {
				var cells []string
				for g := 0; g < ci.gpr; g++ {
					cells = append(cells, swissCell(l, ci.results[i][r*ci.gpr+g], ci.line, sc))
				}
				row = append(row, strings.Join(cells, "/"))
			}
		}
		row = append(row, l.Score(sc, st.Points))
		for t, tb := range s.Table.TieBreaks {
			row = append(row, s.tieBreakText(i, t, tb, sc))
		}
		rows[i] = row
	}
	return head, rows
}

// crossTitle is "Crosstable after round 3 of 7", "Crosstable before round 1", or "Final
// crosstable" ("Tabellone finale") after the last round with every result in.
func (s Standings) crossTitle() string {
	if s.AfterRound == 0 { // before round 1, as the standings' title says it
		return s.loc().T("crosstable.title.before")
	}
	if s.final() {
		return s.loc().T("crosstable.title.final")
	}
	return s.loc().T("crosstable.title.after", "round", s.AfterRound, "rounds", s.Table.Rounds)
}

// WriteCrosstableText writes the crosstable as a text table: a player × player grid when
// grid is true (round robin), else one column per round (Swiss), then the legend.
func WriteCrosstableText(w io.Writer, s Standings, grid bool) error {
	head, rows := s.crosstableTable(grid)
	legend := s.loc().crossLegend(grid)
	return writeTextTable(w, orDefault(s.Table.Event.Name, "arbitro")+" — "+s.crossTitle(), head, rows, legend, s.legend())
}

// WriteCrosstablePDF renders the crosstable on A4, landscape when it is wider than a
// portrait page, with a smaller font (down to 5 pt) when even landscape is too narrow; a
// grid too wide even then (about 50 players and more) is printed in the Swiss layout,
// one column per round. Rows break across pages with the header row repeated.
func WriteCrosstablePDF(w io.Writer, s Standings, grid bool, meta Meta) error {
	meta = meta.with(s.Locale)
	head, rows := s.crosstableTable(grid)
	cols := make([]column, len(head))
	for i, h := range head {
		cols[i] = column{head: h, align: "C"}
	}
	cols[0].align, cols[1].align, cols[2].align = "R", "R", "L"
	for i := len(head) - 1 - len(s.Table.TieBreaks); i < len(head); i++ {
		cols[i].align = "R"
	}
	// Portrait at 10 to 7 pt with room for 45 mm of name; else landscape from 10 down to
	// 5 pt: the largest type that fits, so a small event's table fills the page.
	type try struct {
		landscape bool
		size      float64
		minName   float64
	}
	var tries []try
	for size := 10.0; size >= 7; size -= 0.5 {
		tries = append(tries, try{false, size, 45})
	}
	for size := 10.0; size >= 5; size -= 0.5 {
		tries = append(tries, try{true, size, 28})
	}
	var d *doc
	size, fits := 5.0, false
	for _, tr := range tries {
		if d == nil || d.portrait == tr.landscape {
			d = newDoc(meta, s.Table.Event, s.crossTitle(), tr.landscape)
		}
		if d.fitWidths(cols, rows, tr.size, 2, tr.minName) {
			size, fits = tr.size, true
			break
		}
	}
	if !fits {
		if grid {
			return WriteCrosstablePDF(w, s, false, meta)
		}
		d.fitWidths(cols, rows, size, 2, 28)
	}
	// What width is left goes to the round (or opponent) columns, in equal parts, so the
	// table spans the page.
	nCells := len(head) - 4 - len(s.Table.TieBreaks)
	if left := d.usableWidth() - sumWidths(cols); fits && left > 0 && nCells > 0 {
		extra := min(left/float64(nCells), 12)
		for i := 3; i < 3+nCells; i++ {
			cols[i].width += extra
		}
	}
	d.f.AddPage()
	d.table(cols, rows, size)
	d.f.Ln(2)
	d.paragraph(7, s.loc().crossLegend(grid)+" "+s.legend())
	return d.finish(w)
}

func sumWidths(cols []column) float64 {
	w := 0.0
	for _, c := range cols {
		w += c.width
	}
	return w
}
