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
