package reports

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"arbitro/tournament"
)

// shortNames gives every player of ct a name of one letter ("A, a"), as the reviewer's
// long-cross.pdf (issue 29): the name column is then narrower than its head.
func shortNames(ct *tournament.Crosstable) *tournament.Crosstable {
	for i := range ct.Players {
		c := rune('A' + i)
		ct.Players[i].Name = fmt.Sprintf("%c, %c", c, c+'a'-'A')
		ct.Players[i].Club = ""
	}
	return ct
}

// TestPDFColumnHeadsFit: every column head of every PDF table form (standings, crosstable
// in both layouts, pairings, results, rating, team standings, the archive audit) fits its
// column in every language, with short names (issue 29: "Nome" printed "Nom" under
// "Punti"): the head's width plus the cell margins (1 mm a side) is within the column.
func TestPDFColumnHeadsFit(t *testing.T) {
	type seen struct {
		head         string
		width, text  float64
		form, locale string
	}
	var got []seen
	form, lang := "", ""
	headDrawn = func(head string, width, text float64) { got = append(got, seen{head, width, text, form, lang}) }
	defer func() { headDrawn = nil }()
	for _, lg := range []tournament.Lang{tournament.LangItalian, tournament.LangEnglish, tournament.LangFrench, tournament.LangDutch} {
		l := LocaleOf(lg)
		lang = string(lg)
		s := standingsOf(t, shortNames(event()), 3)
		s.Locale = l
		cats := s
		cats.Categories = map[int][]string{1: {"U"}}
		sheet := PairingsSheet{Event: s.Table.Event, Round: 1, Locale: l,
			Boards: []PairingBoard{{Board: 1, White: PairingPlayer{Number: 1, Name: "A"}, Black: PairingPlayer{Number: 2, Name: "B"}}}}
		team := TeamSheets{Event: teamSheetEvent(t), Locale: l}
		rating := &tournament.RatingReport{Event: s.Table.Event, Q: 10, Minimum: 500,
			Rows: []tournament.RatingRow{{Number: 1, Name: "A"}}}
		forms := map[string]func(*bytes.Buffer) error{
			"standings":            func(b *bytes.Buffer) error { return WriteStandingsPDF(b, s, fixedMeta) },
			"standings-categories": func(b *bytes.Buffer) error { return WriteStandingsPDF(b, cats, fixedMeta) },
			"crosstable-grid":      func(b *bytes.Buffer) error { return WriteCrosstablePDF(b, s, true, fixedMeta) },
			"crosstable-swiss":     func(b *bytes.Buffer) error { return WriteCrosstablePDF(b, s, false, fixedMeta) },
			"pairings":             func(b *bytes.Buffer) error { return WritePairingsPDF(b, sheet, fixedMeta) },
			"results":              func(b *bytes.Buffer) error { return WriteResultsPDF(b, sheet, fixedMeta) },
			"rating": func(b *bytes.Buffer) error {
				return WriteRatingPDF(b, rating, Meta{Version: "test", Generated: fixedMeta.Generated, Locale: l})
			},
			"team-standings":  func(b *bytes.Buffer) error { return WriteTeamPDF(b, team.Event, team.StandingsTable(), fixedMeta) },
			"team-crosstable": func(b *bytes.Buffer) error { return WriteTeamPDF(b, team.Event, team.CrosstableTable(), fixedMeta) },
			"team-matches":    func(b *bytes.Buffer) error { return WriteTeamPDF(b, team.Event, team.MatchesTable(1), fixedMeta) },
			"team-boards":     func(b *bytes.Buffer) error { return WriteTeamPDF(b, team.Event, team.BoardsTable(1), fixedMeta) },
		}
		for name, write := range forms {
			form = name
			var b bytes.Buffer
			if err := write(&b); err != nil {
				t.Fatalf("%s %s: %v", lang, name, err)
			}
		}
	}
	forms := map[string]bool{}
	for _, g := range got {
		forms[g.form] = true
		if g.text+2 > g.width+1e-6 {
			t.Errorf("%s %s: head %q is %.1f mm wide (+2 mm margins), its column %.1f mm", g.locale, g.form, g.head, g.text, g.width)
		}
	}
	if len(forms) != 11 {
		t.Errorf("heads seen in %d forms, want 11: %v", len(forms), forms)
	}
}

// TestTeamStandingsPDFLikePlayers: the final team standings PDF names the event once (in
// the header; the heading under it is the sheet's name alone) and ends with the chief
// arbiter's signature block, as the player standings' final sheet (issue 29); standings
// that are not final carry no signature block.
func TestTeamStandingsPDFLikePlayers(t *testing.T) {
	for _, final := range []bool{true, false} {
		ev := teamSheetEvent(t)
		ev.Tournament.Name = "Trofeo Zeta"
		ev.Tournament.Arbiter = "Sàlvi, Niccolò"
		if !final {
			ev.Tournament.Rounds = 3
		}
		l := LocaleOf(tournament.LangItalian)
		st := TeamSheets{Event: ev, Locale: l}.StandingsTable()
		var b bytes.Buffer
		if err := WriteTeamPDF(&b, ev, st, fixedMeta); err != nil {
			t.Fatal(err)
		}
		writeArtifact(t, fmt.Sprintf("team_standings_final_%v.pdf", final), b.Bytes())
		runs := pdfTextRuns(b.Bytes())
		names, signed, heading := 0, false, false
		for _, r := range runs {
			names += strings.Count(r, "Trofeo Zeta")
			signed = signed || strings.Contains(r, l.T("sign.arbiter"))
			heading = heading || r == st.Sheet
		}
		if names != 1 {
			t.Errorf("final=%v: the event's name printed %d times, want once (the header): %q", final, names, runs)
		}
		if !heading {
			t.Errorf("final=%v: heading %q not printed: %q", final, st.Sheet, runs)
		}
		if signed != final {
			t.Errorf("final=%v: signature block printed: %v", final, signed)
		}
	}
}

// TestStandingsMissingNote (issue 29, the imported 2007 World Championship: round 2
// board 3 without a result, 11 rounds paired): the standings stop after the last round
// with every result in, and say why in every language: the round, its board, and how many
// rounds are paired; standings after a complete round, or with only the round in play
// open, say nothing of it.
func TestStandingsMissingNote(t *testing.T) {
	ct := event()
	for _, i := range []int{1, 4} { // round 2, Фёдоров - Ёлкина on board 2: no result
		for k, r := range ct.Players[i].Results {
			if r.Round == 2 {
				ct.Players[i].Results[k].Kind, ct.Players[i].Results[k].Points, ct.Players[i].Results[k].Board = tournament.CrossPending, 0, 2
			}
		}
	}
	if got := tournament.CompletedRounds(ct); got != 1 {
		t.Fatalf("CompletedRounds = %d, want 1", got)
	}
	words := map[tournament.Lang][]string{
		tournament.LangItalian: {"turno 2 (tavolo 2)", "si ferma al turno 1", "i turni abbinati sono 3"},
		tournament.LangEnglish: {"round 2 (board 2)", "stop after round 1", "3 rounds are paired"},
		tournament.LangFrench:  {"ronde 2 (table 2)", "après la ronde 1", "3 rondes sont appariées"},
		tournament.LangDutch:   {"ronde 2 (bord 2)", "stopt na ronde 1", "3 rondes zijn ingedeeld"},
	}
	for lang, want := range words {
		s := standingsOf(t, ct, 1)
		s.Locale = LocaleOf(lang)
		var b bytes.Buffer
		if err := WriteStandingsText(&b, s); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: %q missing:\n%s", lang, w, b.String())
			}
		}
	}
	// The round in play only (round 3 of a fresh fixture paired, round 2 complete): no note.
	s := standingsOf(t, event(), 2)
	if n := s.missingNote(); n != "" {
		t.Errorf("standings after a complete round 2: note %q", n)
	}
	s = standingsOf(t, ct, 2) // asked after the round with the hole: the * marks say it
	if n := s.missingNote(); n != "" {
		t.Errorf("standings after round 2: note %q", n)
	}
}

// TestStandingsAbbreviationsOneMeaning (issue 29: Italian "P" was patte in the player
// standings, perse in the team standings): in every language a letter that heads a games
// column in both the player and the team standings heads the same column (won, drawn or
// lost), and both sheets spell their letters out under the table (text, PDF, site).
func TestStandingsAbbreviationsOneMeaning(t *testing.T) {
	for _, lang := range []tournament.Lang{tournament.LangItalian, tournament.LangEnglish, tournament.LangFrench, tournament.LangDutch} {
		l := LocaleOf(lang)
		player := []string{l.T("col.wins"), l.T("col.draws"), l.T("col.losses")}
		team := []string{l.T("team.col.won"), l.T("team.col.drawn"), l.T("team.col.lost")}
		for i, p := range player {
			for j, q := range team {
				if p == q && i != j {
					t.Errorf("%s: %q is column %d of the player standings and %d of the team standings", lang, p, i, j)
				}
			}
		}
		s := standingsOf(t, event(), 3)
		s.Locale = l
		legend := s.columnsLegend()
		var txt, pdf bytes.Buffer
		if err := WriteStandingsText(&txt, s); err != nil {
			t.Fatal(err)
		}
		if err := WriteStandingsPDF(&pdf, s, fixedMeta); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(txt.String(), "\n"+legend+"\n") {
			t.Errorf("%s text: no legend line %q", lang, legend)
		}
		if !strings.Contains(strings.Join(pdfTextRuns(pdf.Bytes()), " "), legend) {
			t.Errorf("%s PDF: no legend %q", lang, legend)
		}
		for _, p := range player {
			if !strings.Contains(legend, p+" = ") {
				t.Errorf("%s: legend %q does not spell out %q", lang, legend, p)
			}
		}
		ts := TeamSheets{Event: teamSheetEvent(t), Locale: l}.StandingsTable()
		for _, q := range team {
			if !strings.Contains(ts.Notes[0], q+" = ") {
				t.Errorf("%s: team legend %q does not spell out %q", lang, ts.Notes[0], q)
			}
		}
	}
}
