package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"arbitro/tournament"
)

// The Elo-Rubele report (tournament.RatingReport) for the FID rating officer, as text, CSV,
// JSON and PDF. Columns: No, player, FID id, CI (capital used in the event), games counted
// (Capo VI Art. 7), score in them (win 1, draw ½), opponents' average capital, expected
// score (only with a conversion table), Q; then what is not computed.

func ratingTable(l *Locale, r *tournament.RatingReport) ([]string, [][]string) {
	head := strings.Split(l.T("rating.head"), "|")
	var rows [][]string
	for _, p := range r.Rows {
		exp := "-"
		if p.Expected != nil {
			exp = l.Num(*p.Expected, 2)
		}
		avg := "-"
		if p.Games > 0 {
			avg = l.Num(p.OppAvg, 1)
		}
		capital := "-" // no capital: Art. 9's starting capital is not known (RatingGapStart)
		if p.Capital > 0 {
			capital = strconv.Itoa(p.Capital)
		}
		rows = append(rows, []string{strconv.Itoa(p.Number), p.Name, dashIf(p.FIDID), capital, strconv.Itoa(p.Games),
			l.Num(p.Score, 1), avg, exp, strconv.Itoa(r.Q)})
	}
	return head, rows
}

func dashIf(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ratingNotes are the notes under the report in the language l: Q and the capital
// floor, what Art. 7 leaves out, then what is not computed, each with the Capo VI article
// and the Capo XIV annexes that define it (r.Missing, tournament.RatingGaps), and where
// those annexes were looked for (r.LookedIn, tournament.RatingSources).
func ratingNotes(l *Locale, r *tournament.RatingReport) []string {
	notes := []string{l.T("rating.note.q", "q", r.Q, "minimum", r.Minimum), l.T("rating.note.not_counted")}
	if len(r.Missing) > 0 {
		notes = append(notes, l.T("rating.missing.head"))
		for _, g := range r.Missing {
			notes = append(notes, l.ratingGap(g, r.Minimum))
		}
	}
	if len(r.LookedIn) > 0 {
		notes = append(notes, l.T("rating.looked.head"))
		for _, s := range r.LookedIn {
			notes = append(notes, l.ratingFound(s))
		}
	}
	return notes
}

// ratingGap words one part of the calculation not done (tournament.RatingGap) with its
// article and tables; an unknown part as its code.
func (l *Locale) ratingGap(g tournament.RatingGap, minimum int) string {
	args := []any{"article", g.Article, "tables", ratingTables(g.Tables), "minimum", minimum}
	switch g.What {
	case tournament.RatingGapExpected:
		return l.T("rating.missing.expected", args...)
	case tournament.RatingGapVariation:
		return l.T("rating.missing.variation", args...)
	case tournament.RatingGapFinal:
		return l.T("rating.missing.final", args...)
	case tournament.RatingGapStart:
		return l.T("rating.missing.start", args...)
	}
	return "- " + g.What
}

// ratingTables writes annex numbers as the FID does: a run of consecutive numbers as
// "13-14", others separated by commas ("11-12", "17", "13, 15").
func ratingTables(t []int) string {
	var parts []string
	for i := 0; i < len(t); {
		j := i
		for j+1 < len(t) && t[j+1] == t[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, strconv.Itoa(t[i])+"-"+strconv.Itoa(t[j]))
		} else {
			parts = append(parts, strconv.Itoa(t[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// ratingFound words one place looked in (tournament.RatingSource) with what it gave; an
// unknown finding as its code.
func (l *Locale) ratingFound(s tournament.RatingSource) string {
	switch s.Found {
	case tournament.RatingFoundCapoVI:
		return l.T("rating.found.capo_vi", "where", s.Where)
	case tournament.RatingFoundOldCapoVI:
		return l.T("rating.found.old_capo_vi", "where", s.Where)
	case tournament.RatingFoundAmendment:
		return l.T("rating.found.amendment", "where", s.Where)
	case tournament.RatingFoundIndex:
		return l.T("rating.found.index", "where", s.Where)
	case tournament.RatingFoundNoProgram:
		return l.T("rating.found.no_program", "where", s.Where)
	}
	return "- " + s.Where + ": " + s.Found
}

// WriteRatingText prints the report as a table with its notes, in the language l (the
// tournament's: the report goes to the FID rating officer with the event's other sheets).
func WriteRatingText(w io.Writer, l *Locale, r *tournament.RatingReport) error {
	l = orEnglish(l)
	fmt.Fprintln(w, l.T("rating.title.named", "name", r.Tournament))
	fmt.Fprintln(w)
	head, rows := ratingTable(l, r)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, n := range ratingNotes(l, r) {
		fmt.Fprintln(w, n)
	}
	return nil
}

// WriteRatingCSV writes one line per counted or excluded game, in the language l (the
// tournament's): player, CI, round, opponent, opponent's capital, points (2-1-0), counted,
// reason, expected. In English the heads are the field names and the values as the JSON
// document has them; in Italian, French and Dutch the heads and reasons are words, the
// separator ';' with a byte-order mark and decimal commas (newCSV), as the standings CSV.
func WriteRatingCSV(w io.Writer, l *Locale, r *tournament.RatingReport) error {
	l = orEnglish(l)
	cw := newCSV(w, l)
	cw.Write(strings.Split(l.T("rating.csv.head"), "|"))
	for _, p := range r.Rows {
		for _, g := range p.Detail {
			exp := ""
			if g.Counted && r.Table {
				exp = l.Num(g.Expected, 3)
			}
			cw.Write([]string{strconv.Itoa(p.Number), CSVSafe(p.Name), CSVSafe(p.FIDID), strconv.Itoa(p.Capital), strconv.Itoa(g.Round), CSVSafe(g.OppName),
				strconv.Itoa(g.Capital), strconv.Itoa(g.Points), l.ratingCounted(g.Counted), l.ratingReason(g.Reason), exp, strconv.Itoa(r.Q)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// ratingCounted is whether a game counts, in the language ("true"/"false" in English, as
// the JSON document).
func (l *Locale) ratingCounted(b bool) string {
	if b {
		return l.T("rating.csv.true")
	}
	return l.T("rating.csv.false")
}

// ratingReason is why a game does not count (tournament.RatingReason*), in the language;
// another reason as stored.
func (l *Locale) ratingReason(s string) string {
	switch s {
	case tournament.RatingReasonRest:
		return l.T("rating.reason.rest")
	case tournament.RatingReasonForfeit:
		return l.T("rating.reason.forfeit")
	case tournament.RatingReasonPending:
		return l.T("rating.reason.pending")
	case tournament.RatingReasonUnplayed:
		return l.T("rating.reason.unplayed")
	case tournament.RatingReasonNoCapital:
		return l.T("rating.reason.no_capital")
	}
	return s
}

// WriteRatingJSON writes the report as one JSON document.
func WriteRatingJSON(w io.Writer, r *tournament.RatingReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteRatingPDF writes the report as an A4 PDF in the language of meta (its Locale; nil
// prints English).
func WriteRatingPDF(w io.Writer, r *tournament.RatingReport, meta Meta) error {
	l := orEnglish(meta.Locale)
	head, rows := ratingTable(l, r)
	cols := make([]column, len(head))
	for i, h := range head {
		cols[i] = column{head: h, align: "R"}
	}
	cols[1].align, cols[2].align = "L", "L"
	const size = 8.5
	d := newDoc(meta, r.Event, l.T("rating.title"), false)
	d.fitWidths(cols, rows, size, 1, 40)
	d.f.AddPage()
	d.table(cols, rows, size)
	d.f.Ln(2)
	for _, n := range ratingNotes(l, r) {
		d.paragraph(7.5, n)
	}
	return d.finish(w)
}
