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
		rows = append(rows, []string{strconv.Itoa(p.Number), p.Name, dashIf(p.FIDID), strconv.Itoa(p.Capital), strconv.Itoa(p.Games),
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
// floor, what Art. 7 leaves out, then what is not computed (the expected score without a
// conversion table; V and CF always: the sources are listed in docs/elo-rubele.md). They
// say in words what store's RatingReport.Gaps say in English for the JSON document.
func ratingNotes(l *Locale, r *tournament.RatingReport) []string {
	notes := []string{l.T("rating.note.q", "q", r.Q, "minimum", r.Minimum), l.T("rating.note.not_counted")}
	if !r.Table {
		notes = append(notes, l.T("rating.gap.expected"))
	}
	return append(notes, l.T("rating.gap.v"), l.T("rating.gap.cf"))
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
	d.paragraph(7.5, strings.Join(ratingNotes(l, r), " "))
	return d.finish(w)
}
