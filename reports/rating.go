package reports

import (
	"encoding/csv"
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

func ratingTable(r *tournament.RatingReport) ([]string, [][]string) {
	head := []string{"No", "Player", "FID id", "CI", "Games", "Score", "Opp. avg", "Expected", "Q"}
	var rows [][]string
	for _, p := range r.Rows {
		exp := "-"
		if p.Expected != nil {
			exp = strconv.FormatFloat(*p.Expected, 'f', 2, 64)
		}
		avg := "-"
		if p.Games > 0 {
			avg = strconv.FormatFloat(p.OppAvg, 'f', 1, 64)
		}
		rows = append(rows, []string{strconv.Itoa(p.Number), p.Name, dashIf(p.FIDID), strconv.Itoa(p.Capital), strconv.Itoa(p.Games),
			strconv.FormatFloat(p.Score, 'f', 1, 64), avg, exp, strconv.Itoa(r.Q)})
	}
	return head, rows
}

func dashIf(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func ratingNotes(r *tournament.RatingReport) []string {
	notes := []string{
		fmt.Sprintf("Q = %d (FID 2021 amendment of Tabella 17: 10 Italian draughts, 15 International); capital floor %d (Art. 6).", r.Q, r.Minimum),
		"Not counted (Art. 7): forfeits, rests, games not played (a withdrawn opponent's).",
	}
	for _, g := range r.Gaps {
		notes = append(notes, "Not computed: "+g+".")
	}
	return notes
}

// WriteRatingText prints the report as a table with its notes.
func WriteRatingText(w io.Writer, r *tournament.RatingReport) error {
	fmt.Fprintf(w, "%s — Elo-Rubele report (FID Capo VI)\n\n", r.Tournament)
	head, rows := ratingTable(r)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, n := range ratingNotes(r) {
		fmt.Fprintln(w, n)
	}
	return nil
}

// WriteRatingCSV writes one line per counted or excluded game: player, CI, round, opponent,
// opponent's capital, points (2-1-0), counted, reason, expected.
func WriteRatingCSV(w io.Writer, r *tournament.RatingReport) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"number", "player", "fid_id", "capital", "round", "opponent", "opponent_capital", "points", "counted", "reason", "expected", "q"})
	for _, p := range r.Rows {
		for _, g := range p.Detail {
			exp := ""
			if g.Counted && r.Table {
				exp = strconv.FormatFloat(g.Expected, 'f', 3, 64)
			}
			cw.Write([]string{strconv.Itoa(p.Number), CSVSafe(p.Name), CSVSafe(p.FIDID), strconv.Itoa(p.Capital), strconv.Itoa(g.Round), CSVSafe(g.OppName),
				strconv.Itoa(g.Capital), strconv.Itoa(g.Points), strconv.FormatBool(g.Counted), g.Reason, exp, strconv.Itoa(r.Q)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteRatingJSON writes the report as one JSON document.
func WriteRatingJSON(w io.Writer, r *tournament.RatingReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteRatingPDF writes the report as an A4 PDF.
func WriteRatingPDF(w io.Writer, r *tournament.RatingReport, meta Meta) error {
	head, rows := ratingTable(r)
	cols := make([]column, len(head))
	for i, h := range head {
		cols[i] = column{head: h, align: "R"}
	}
	cols[1].align, cols[2].align = "L", "L"
	const size = 8.5
	d := newDoc(meta, r.Event, "Elo-Rubele report (FID Capo VI)", false)
	d.fitWidths(cols, rows, size, 1, 40)
	d.f.AddPage()
	d.table(cols, rows, size)
	d.f.Ln(2)
	d.paragraph(7.5, strings.Join(ratingNotes(r), " "))
	return d.finish(w)
}
