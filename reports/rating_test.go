package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"arbitro/tournament"
)

// The Elo-Rubele report as text and CSV in each language (golden/rating.txt in English,
// rating.<lang>.txt in the others): a counted game with its expected score (a table was
// given), a rest and a forfeit left out (Art. 7), an opponent without a capital; decimal
// commas, the CSV separator and the words of the reasons follow the language; the notes
// name V, CF and the starting capital as not computed, with their FID annexes, and the
// places they were looked for.
func TestRatingTextAndCSV(t *testing.T) {
	exp := 0.76
	r := &tournament.RatingReport{Tournament: "Open", Variant: "italian", Q: 10, Minimum: 500, Table: true,
		Rows: []tournament.RatingRow{
			{Number: 1, Name: "Rossi, Mario", FIDID: "101", Capital: 1800, Games: 1, Points: 2, Score: 1, OppAvg: 1500.5, Expected: &exp,
				Detail: []tournament.RatingGame{
					{Round: 1, Opponent: 2, OppName: "Verdi, Anna", Capital: 1500, Points: 2, Counted: true, Expected: 0.76},
					{Round: 2, Points: 2, Reason: tournament.RatingReasonRest},
					{Round: 3, Opponent: 3, OppName: "Neri, Ugo", Points: 2, Reason: tournament.RatingReasonForfeit},
					{Round: 4, Opponent: 4, OppName: "=Blu", Points: 1, Reason: tournament.RatingReasonNoCapital},
				}},
			{Number: 2, Name: "Bianchi, Luca", Detail: []tournament.RatingGame{}},
		}}
	r.Missing, r.LookedIn = tournament.RatingGaps(r.Rows, r.Table), tournament.RatingSources()
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		var b bytes.Buffer
		if err := WriteRatingText(&b, l, r); err != nil {
			t.Fatal(err)
		}
		b.WriteString("--- csv\n")
		if err := WriteRatingCSV(&b, l, r); err != nil {
			t.Fatal(err)
		}
		golden(t, langGolden("golden/rating.txt", l), b.Bytes())
	}
}

// Every part not computed and every place looked in is worded in every language: no
// raw code, no unfilled placeholder, each names its Capo VI article and its Tabelle.
func TestRatingNotesWordEveryGap(t *testing.T) {
	r := &tournament.RatingReport{Q: 10, Minimum: 500,
		Missing: tournament.RatingGaps([]tournament.RatingRow{{Capital: 0}}, false), LookedIn: tournament.RatingSources()}
	if len(r.Missing) != 4 {
		t.Fatalf("want 4 gaps, got %+v", r.Missing)
	}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		notes := ratingNotes(l, r)
		if len(notes) != 2+1+len(r.Missing)+1+len(r.LookedIn) {
			t.Fatalf("%s: %d notes: %q", lang, len(notes), notes)
		}
		for i, g := range r.Missing {
			n := notes[3+i]
			if strings.Contains(n, "{") || n == "- "+g.What || !strings.Contains(n, g.Article) || !strings.Contains(n, ratingTables(g.Tables)) {
				t.Errorf("%s: gap %s worded %q", lang, g.What, n)
			}
		}
		for i, s := range r.LookedIn {
			n := notes[4+len(r.Missing)+i]
			if strings.Contains(n, "{") || n == "- "+s.Where+": "+s.Found || !strings.HasPrefix(n, "- "+s.Where) {
				t.Errorf("%s: source %s worded %q", lang, s.Found, n)
			}
		}
	}
}

// Annex numbers as the FID writes them: runs joined by a hyphen, others by commas.
func TestRatingTables(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{{[]int{17}, "17"}, {[]int{13, 14}, "13-14"}, {[]int{13, 14, 15, 16}, "13-16"}, {[]int{11, 13, 14}, "11, 13-14"}, {nil, ""}} {
		if got := ratingTables(c.in); got != c.want {
			t.Errorf("ratingTables(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The report names exactly which FID table is still missing, in every language and in
// every form that prints notes (text and PDF; the JSON carries the codes): each gap's Capo
// VI article and its Capo XIV annexes as the FID numbers them ("Tabelle 13-14", "Tabella
// 17", "Tabelle 11-12"), and every place they were looked for (issue 29, Done-when).
func TestRatingNamesMissingTablesEveryForm(t *testing.T) {
	r := &tournament.RatingReport{Tournament: "Demo FID", Variant: "italian", Q: 10, Minimum: 500,
		Rows: []tournament.RatingRow{{Number: 1, Name: "Borghetti, Michele", Detail: []tournament.RatingGame{}}}}
	r.Missing, r.LookedIn = tournament.RatingGaps(r.Rows, false), tournament.RatingSources()
	want := map[string]string{tournament.RatingGapExpected: "13-14", tournament.RatingGapVariation: "17",
		tournament.RatingGapFinal: "17", tournament.RatingGapStart: "11-12"}
	if len(r.Missing) != len(want) {
		t.Fatalf("gaps %+v, want %v", r.Missing, want)
	}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		var text, pdf bytes.Buffer
		if err := WriteRatingText(&text, l, r); err != nil {
			t.Fatal(err)
		}
		meta := fixedMeta
		meta.Locale = l
		if err := WriteRatingPDF(&pdf, r, meta); err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Missing {
			note := l.ratingGap(g, r.Minimum)
			tables := regexp.MustCompile(`Tabell[ae] ` + regexp.QuoteMeta(want[g.What]) + `\b`)
			if !tables.MatchString(note) || !strings.Contains(note, "art. "+g.Article) && !strings.Contains(note, "Art. "+g.Article) {
				t.Errorf("%s: the note on %s does not name Tabell[ae] %s and art. %s: %q", lang, g.What, want[g.What], g.Article, note)
			}
		}
		forms := map[string]string{"text": text.String(), "pdf": strings.Join(strings.Fields(strings.Join(pdfTextRuns(pdf.Bytes()), " ")), " ")}
		for form, out := range forms {
			for _, g := range r.Missing {
				if note := strings.Join(strings.Fields(l.ratingGap(g, r.Minimum)), " "); !strings.Contains(out, note) {
					t.Errorf("%s %s: the note on %s is missing: %q", lang, form, g.What, note)
				}
			}
			for _, s := range r.LookedIn {
				if !strings.Contains(out, "- "+s.Where) {
					t.Errorf("%s %s: the place %s is not listed", lang, form, s.Where)
				}
			}
		}
	}
}
