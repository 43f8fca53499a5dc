package reports

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
)

// langSheet is the pairings sheet of round 3 of event() with its results and a schedule.
func langSheet(t *testing.T, l *Locale) PairingsSheet {
	ct := event()
	for i := range ct.Players {
		for k := range ct.Players[i].Results {
			if r := &ct.Players[i].Results[k]; r.Round == 3 && r.Colour == pairing.White {
				r.Board = map[int]int{1: 1, 2: 2}[i+1]
			}
		}
	}
	sh := PairingsFromCrosstable(ct, 3, standingsOf(t, ct, 2).Rows)
	sh.Locale, sh.Date, sh.Time = l, "2026-11-22", "15:30"
	sh.AddResults([]*tournament.Board{
		{Board: 1, Game: 1, Result: &tournament.Result{Kind: tournament.KindPlayed, WhitePoints: 1, BlackPoints: 1}},
		{Board: 2, Game: 1, Result: &tournament.Result{Kind: tournament.KindForfeit, WhitePoints: 0, BlackPoints: 2}},
	})
	return sh
}

// TestGoldenPerLanguage renders every report form in every shipped language against
// testdata/<lang>/: standings (text, CSV, JSON, in 2-1-0 and 1-½-0), crosstable (Swiss and
// grid text, JSON), pairings text; the PDFs are checked for the language's words (their
// bytes hold compressed fonts, so no golden file).
func TestGoldenPerLanguage(t *testing.T) {
	for _, lang := range Languages() {
		t.Run(string(lang), func(t *testing.T) {
			l := LocaleOf(lang)
			if err := os.MkdirAll(filepath.Join("testdata", string(lang)), 0o755); err != nil {
				t.Fatal(err)
			}
			s := standingsOf(t, event(), 3)
			s.Locale = l
			half := standingsOf(t, event(), 3)
			half.Table.Scoring, half.Locale = tournament.Scoring105, l
			half.Rows, _ = tournament.ComputeStandings(half.Table, 3)
			mid := standingsOf(t, event(), 2)
			mid.Locale = l
			forms := []struct {
				name   string
				render func(*bytes.Buffer) error
			}{
				{"standings.txt", func(b *bytes.Buffer) error { return WriteStandingsText(b, s) }},
				{"standings_round2.txt", func(b *bytes.Buffer) error { return WriteStandingsText(b, mid) }},
				{"standings_105.txt", func(b *bytes.Buffer) error { return WriteStandingsText(b, half) }},
				{"standings.csv", func(b *bytes.Buffer) error { return WriteStandingsCSV(b, s) }},
				{"standings_105.csv", func(b *bytes.Buffer) error { return WriteStandingsCSV(b, half) }},
				{"standings.json", func(b *bytes.Buffer) error { return WriteStandingsJSON(b, half) }},
				{"crosstable_swiss.txt", func(b *bytes.Buffer) error { return WriteCrosstableText(b, s, false) }},
				{"crosstable_grid.txt", func(b *bytes.Buffer) error { return WriteCrosstableText(b, half, true) }},
				{"crosstable.json", func(b *bytes.Buffer) error { return WriteCrosstableJSON(b, s) }},
				{"pairings.txt", func(b *bytes.Buffer) error { return WritePairingsText(b, langSheet(t, l)) }},
			}
			for _, f := range forms {
				var b bytes.Buffer
				if err := f.render(&b); err != nil {
					t.Fatal(err)
				}
				golden(t, filepath.Join(string(lang), f.name), b.Bytes())
			}
			// PDFs: the language's title, heads and footer are on the page.
			var b bytes.Buffer
			if err := WriteStandingsPDF(&b, s, fixedMeta); err != nil {
				t.Fatal(err)
			}
			checkPDF(t, b.Bytes(), 1, l.T("standings.title.final"), l.T("col.club"), l.TieBreakLabel(tournament.TBQuoziente),
				l.T("pdf.page", "page", 1, "pages", 1), l.T("pdf.arbiter", "name", "Niccolò Sàlvi"), l.DateText("2026-11-20"))
			b.Reset()
			if err := WriteCrosstablePDF(&b, s, false, fixedMeta); err != nil {
				t.Fatal(err)
			}
			checkPDF(t, b.Bytes(), 1, l.T("crosstable.title.final"), l.T("col.round", "round", 3), "5"+l.T("colour.white.letter")+"2")
			b.Reset()
			if err := WritePairingsPDF(&b, langSheet(t, l), fixedMeta); err != nil {
				t.Fatal(err)
			}
			checkPDF(t, b.Bytes(), 1, l.T("pairings.title", "round", 3), l.T("col.white"), l.T("col.black"), l.DateText("2026-11-22"),
				l.T("mark.withdrawn", "name", "Dell'Acqua, Léa"))
			b.Reset()
			if err := WriteResultsPDF(&b, langSheet(t, l), fixedMeta); err != nil {
				t.Fatal(err)
			}
			checkPDF(t, b.Bytes(), 1, l.T("results.title", "round", 3), l.T("col.result"))
		})
	}
}

// The Italian sheets use the field's words, decimal commas and b/n colour letters.
func TestItalianTerms(t *testing.T) {
	it := MustLocale("it")
	s := standingsOf(t, event(), 3)
	s.Locale = it
	s.Table.Scoring = tournament.Scoring105
	s.Rows, _ = tournament.ComputeStandings(s.Table, 3)
	var b bytes.Buffer
	if err := WriteStandingsText(&b, s); err != nil {
		t.Fatal(err)
	}
	txt := b.String()
	for _, w := range []string{"Classifica finale", "Pos", "Punti", "Società", "2,5", "(ritirato)", "Spareggi tecnici"} {
		if !strings.Contains(txt, w) {
			t.Errorf("Italian standings lack %q:\n%s", w, txt)
		}
	}
	if strings.Contains(txt, "½") || strings.Contains(txt, "Standings") {
		t.Errorf("Italian standings print English or vulgar fractions:\n%s", txt)
	}
	b.Reset()
	s2 := standingsOf(t, event(), 3)
	s2.Locale = it
	if err := WriteCrosstableText(&b, s2, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "5b2") || !strings.Contains(b.String(), "Tabellone finale") || !strings.Contains(b.String(), "T1") {
		t.Errorf("Italian crosstable: want 5b2 (bianco), T1, Tabellone finale:\n%s", b.String())
	}
	b.Reset()
	if err := WritePairingsText(&b, langSheet(t, it)); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Turno 3: 22/11/2026, ore 15:30", "Tav.", "Bianco", "Nero", "Non abbinati", "(ritirato)"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("Italian pairings lack %q:\n%s", w, b.String())
		}
	}
}

// CSV for the spreadsheet of the language: Italian ';' + BOM + decimal comma, English
// ',' without BOM; formula-like names neutralised in both.
func TestCSVSpreadsheet(t *testing.T) {
	ct := event()
	ct.Players[0].Name = `=HYPERLINK("x")`
	ct.Players[1].Club = "+39 Club"
	ct.Players[2].Name = "@SUM(A1)"
	ct.Players[3].Federation = "-ITA"
	ct.Players[4].Name = "\tTab, Anna"
	ct.Scoring = tournament.Scoring105
	for _, c := range []struct {
		lang  string
		comma rune
		bom   bool
		point string
	}{{"it", ';', true, "2,5"}, {"en", ',', false, "2.5"}} {
		rows, _ := tournament.ComputeStandings(ct, 3)
		s := Standings{Table: ct, AfterRound: 3, Rows: rows, Locale: MustLocale(c.lang)}
		var b bytes.Buffer
		if err := WriteStandingsCSV(&b, s); err != nil {
			t.Fatal(err)
		}
		data := b.Bytes()
		if got := bytes.HasPrefix(data, []byte("\uFEFF")); got != c.bom {
			t.Errorf("%s: BOM %v, want %v", c.lang, got, c.bom)
		}
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
		r.Comma = c.comma
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", c.lang, err)
		}
		if len(recs) != 6 || len(recs[0]) < 18 {
			t.Fatalf("%s: %d records of %d fields", c.lang, len(recs), len(recs[0]))
		}
		all := map[string]bool{}
		for _, rec := range recs[1:] {
			for _, cell := range rec {
				all[cell] = true
				if cell != "" && cell != "-" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					t.Errorf("%s: cell %q starts a formula", c.lang, cell)
				}
			}
		}
		for _, want := range []string{`'=HYPERLINK("x")`, "'+39 Club", "'@SUM(A1)", "'-ITA", "'\tTab, Anna", c.point} {
			if !all[want] {
				t.Errorf("%s: no cell %q in %v", c.lang, want, recs)
			}
		}
	}
}

// Every tie-break the standings compute has its two words in every catalog (a new one
// added to tournament's registry without them would print "{tb.x.label}" on every sheet).
func TestEveryTieBreakHasCatalogNames(t *testing.T) {
	for _, lang := range Languages() {
		l := MustLocale(string(lang))
		for _, tb := range tournament.AllTieBreaks() {
			for _, key := range []string{"tb." + string(tb) + ".label", "tb." + string(tb) + ".title"} {
				if got := l.T(key); strings.HasPrefix(got, "{") || got == "" {
					t.Errorf("%s: tie-break %q has no catalog word %s", lang, tb, key)
				}
			}
		}
	}
}
