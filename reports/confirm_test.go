package reports

import (
	"bytes"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// Every confirmation line, with the cases each one distinguishes (withdrawn before or
// after a round, an absence recorded or removed, a result recorded or corrected in two
// scorings, a prize overall or in a category), in each language: golden/confirm.txt is
// English (what arbitro printed before the catalogs, unchanged), confirm.<lang>.txt the
// others.
func TestConfirmations(t *testing.T) {
	for _, lang := range Languages() {
		t.Run(string(lang), func(t *testing.T) { testConfirmations(t, LocaleOf(lang)) })
	}
}

func testConfirmations(t *testing.T, l *Locale) {
	var b bytes.Buffer
	tr := &tournament.Tournament{ID: 2, Name: "Open", Variant: rules.Italian, System: tournament.Dutch, Rounds: 5, RoundsPaired: 3, Players: 12,
		Scoring: "2-1-0", TieBreaks: []string{"buchholz"}, Seed: 9}
	e := &tournament.Entry{ID: 4}
	e.Player.Name = "Rossi, Mario"
	e2 := *e
	e2.WithdrawnAfter = 2
	chess := *tr
	chess.Scoring = "1-0.5-0"
	bd := &tournament.Board{Round: 3, Board: 1, White: "Rossi, Mario", Black: "Verdi, Anna", Result: &tournament.Result{Kind: "played", WhitePoints: 1, BlackPoints: 1}}
	bye := &tournament.Board{Round: 3, Board: 4, White: "Blu, Ivo", Result: &tournament.Result{Kind: "bye", WhitePoints: 2}}
	for _, f := range []func() error{
		func() error { return WriteTournamentCreated(&b, l, tr) },
		func() error {
			return WriteTournamentCreated(&b, l, &tournament.Tournament{Name: "Vuoto", Variant: rules.International, Rounds: 1})
		},
		func() error { return WriteTRFImported(&b, l, tr, "open.trf") },
		func() error { return WriteFieldSet(&b, l, "Open", "Place", "Forlì") },
		func() error { return WriteFieldSet(&b, l, EntryLabel(l, e), "RATING", "1850") },
		func() error { return WritePlayerAdded(&b, l, e) },
		func() error { return WritePlayersImported(&b, l, 1, "Open") },
		func() error { return WritePlayerWithdrawn(&b, l, e) },
		func() error { return WritePlayerWithdrawn(&b, l, &e2) },
		func() error {
			return WriteAbsence(&b, l, "Open", &tournament.Absence{Name: "Rossi, Mario", Round: 4, Points: 1}, false)
		},
		func() error {
			return WriteAbsence(&b, l, "Open", &tournament.Absence{Name: "Rossi, Mario", Round: 4}, true)
		},
		func() error { return WriteRoundRemoved(&b, l, 3, "Open") },
		func() error { return WriteResultRecorded(&b, l, tr, bd, false) },
		func() error { return WriteResultRecorded(&b, l, &chess, bd, true) },
		func() error { return WriteResultRecorded(&b, l, tr, bye, false) },
		func() error { return WriteCategoryAdded(&b, l, &tournament.Category{Name: "Veterani"}) },
		func() error {
			return WriteCategoryAssigned(&b, l, &tournament.Category{Name: "Veterani", Members: []int64{1, 2}})
		},
		func() error { return WritePrizeAdded(&b, l, &tournament.Prize{Label: "1st prize", Place: 1}) },
		func() error {
			return WritePrizeAdded(&b, l, &tournament.Prize{Label: "best veteran", Place: 1, Category: "Veterani"})
		},
	} {
		if err := f(); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, langGolden("golden/confirm.txt", l), b.Bytes())
}

func TestPerftText(t *testing.T) {
	var b bytes.Buffer
	p := &PerftJSON{Variant: "italian", Depth: 1, Leaves: 7, Divide: []PerftDivideJSON{{"21-17", 1}, {"21-18", 1}, {"22-18", 1}, {"22-19", 1}, {"23-19", 1}, {"23-20", 1}, {"24-20", 1}}}
	if err := WritePerftText(&b, p, false); err != nil {
		t.Fatal(err)
	}
	if err := WritePerftText(&b, p, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/perft.txt", b.Bytes())
}
