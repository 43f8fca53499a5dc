package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"arbitro/tournament"
)

// teamSheetEvent is two teams of two boards after one match: A (named first, White on
// board 1) beats B 3-1, board 2 drawn.
func teamSheetEvent(t *testing.T) *tournament.TeamEvent {
	t.Helper()
	set, err := tournament.NewTeamSettings(2, "", "")
	if err != nil {
		t.Fatal(err)
	}
	ev := &tournament.TeamEvent{Settings: set, ForfeitPoints: 2,
		Tournament: tournament.Tournament{Name: "Coppa", Scoring: "1-0.5-0", Rounds: 1, Variant: tournament.VariantItalian, System: tournament.RoundRobin},
		Names:      map[int64]string{1: "Rossi, Mario", 2: "Verdi, Anna", 3: "=Neri, Luca", 4: "Blu, Sara"}}
	ev.Teams = []tournament.Team{
		{ID: 1, Name: "A", Number: 1, Members: []tournament.TeamMember{{EntryID: 1, Name: "Rossi, Mario", Order: 1}, {EntryID: 2, Name: "Verdi, Anna", Order: 2}}},
		{ID: 2, Name: "B", Number: 2, Members: []tournament.TeamMember{{EntryID: 3, Name: "=Neri, Luca", Order: 1}, {EntryID: 4, Name: "Blu, Sara", Order: 2}}},
	}
	m := tournament.TeamMatch{Round: 1, Match: 1, Home: 1, Away: 2, HomeLineup: []int64{1, 2}, AwayLineup: []int64{3, 4}}
	m.Boards = m.MatchBoards(2)
	m.Boards[0].Result = &tournament.Result{Kind: tournament.KindPlayed, WhitePoints: 2}
	m.Boards[1].Result = &tournament.Result{Kind: tournament.KindPlayed, WhitePoints: 1, BlackPoints: 1}
	ev.Matches = []tournament.TeamMatch{m}
	return ev
}

func TestTeamSheetsForms(t *testing.T) {
	ev := teamSheetEvent(t)
	it := TeamSheets{Event: ev, Locale: LocaleOf(tournament.LangItalian)}
	st := it.StandingsTable()
	var txt bytes.Buffer
	if err := WriteTeamText(&txt, st); err != nil {
		t.Fatal(err)
	}
	// 1-0.5-0 scoring: board points 1½ (Italian: 1,5); match points stay whole
	for _, want := range []string{"Classifica a squadre (finale)", "PS", "PI", "1,5", "Punti squadra 2-1-0"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("Italian standings lack %q:\n%s", want, txt.String())
		}
	}
	var csv bytes.Buffer
	if err := WriteTeamCSV(&csv, it.MatchesTable(1)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(csv.String(), "\uFEFF") || !strings.Contains(csv.String(), ";") || !strings.Contains(csv.String(), "'=Neri, Luca") {
		t.Errorf("Italian CSV: BOM, ';' and the formula neutralised expected:\n%s", csv.String())
	}
	var js bytes.Buffer
	if err := WriteTeamJSON(&js, ev, st); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"match_points": 2`) || !strings.Contains(js.String(), `"board_points": 3`) {
		t.Errorf("JSON: match and board points (game points) expected:\n%s", js.String())
	}
	var pdf bytes.Buffer
	if err := WriteTeamPDF(&pdf, ev, TeamSheets{Event: ev, Locale: LocaleOf(tournament.LangEnglish)}.CrosstableTable(),
		Meta{Generated: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Uncompressed: true}); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) {
		t.Errorf("not a PDF")
	}
	// board 1: the first team White; board 2: Black
	var m bytes.Buffer
	if err := WriteTeamText(&m, TeamSheets{Event: ev, Locale: LocaleOf(tournament.LangEnglish)}.MatchesTable(1)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.String(), "Rossi, Mario (W)  1-0") || !strings.Contains(m.String(), "Verdi, Anna (B)   ½-½") {
		t.Errorf("matches:\n%s", m.String())
	}
}
