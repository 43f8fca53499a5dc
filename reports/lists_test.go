package reports

import (
	"bytes"
	"testing"

	"arbitro/pairing"
	"arbitro/rules"
	"arbitro/tournament"
)

// The CLI's lists: players (one withdrawn, one without a number), tournaments (and none),
// a tournament's settings, the event log, the boards of a round (a bye, a return game, a
// stored score), the lot of a round robin with clubs separated, and a claim decided
// against the engine.
func TestListsText(t *testing.T) {
	for _, lang := range Languages() {
		t.Run(string(lang), func(t *testing.T) { testListsText(t, LocaleOf(lang)) })
	}
}

// testListsText writes the lists in the language l: golden/lists.txt in English,
// lists.<lang>.txt in the others.
func testListsText(t *testing.T, l *Locale) {
	var b bytes.Buffer
	p1 := tournament.Entry{ID: 1, Number: 1, Rating: 1850, Status: tournament.StatusActive}
	p1.Player.Name, p1.Player.Club, p1.Player.BirthYear, p1.Player.FIDID = "Rossi, Mario", "C.D. Forlì", 1970, "ITA123"
	p2 := tournament.Entry{ID: 2, Rating: 0, Status: tournament.StatusWithdrawn, WithdrawnAfter: 2}
	p2.Player.Name, p2.Player.Title = "Фёдоров, Пётр", "MF"
	p3 := tournament.Entry{ID: 3, Status: tournament.StatusWithdrawn}
	p3.Player.Name = "Verdi, Anna"
	steps := []func() error{
		func() error { return WritePlayersText(&b, l, "Open", []tournament.Entry{p1, p2, p3}) },
		func() error { return WritePlayersText(&b, l, "Open", nil) },
		func() error {
			return WriteTournamentsText(&b, l, "a.db", []tournament.Tournament{{ID: 1, Name: "Open", Variant: rules.Italian, System: tournament.Dutch, Rounds: 5, RoundsPaired: 2, Players: 12, Start: "2026-11-21"}})
		},
		func() error { return WriteTournamentsText(&b, l, "a.db", nil) },
		func() error {
			return WriteTournamentText(&b, l, &tournament.Tournament{ID: 1, Name: "Open", Variant: rules.Italian, System: tournament.Dutch, Rounds: 5, Scoring: "2-1-0",
				ByePoints: 2, ForfeitPoints: 2, GamesPerPairing: 1, TieBreaks: []string{"buchholz", "sonneborn-berger"}, Seed: 7, Lang: "it", CreatedAt: "2026-11-20T10:00:00Z"})
		},
		func() error {
			return WriteEventLogText(&b, l, []tournament.Event{{ID: 1, At: "2026-11-20T10:00:00Z", Actor: "Bianchi", Action: "tournament.create"}})
		},
		func() error {
			return WriteBoardsText(&b, l, []*tournament.Board{
				{Round: 2, Board: 1, Game: 1, White: "Rossi, Mario", Black: "Verdi, Anna", Result: &tournament.Result{Kind: "played", WhitePoints: 2}, GameID: 4},
				{Round: 2, Board: 1, Game: 2, White: "Verdi, Anna", Black: "Rossi, Mario"},
				{Round: 2, Board: 2, Game: 1, White: "Фёдоров, Пётр"}})
		},
		func() error {
			return WriteLotText(&b, &b, l, "Open", &tournament.LotResult{Seed: 7, Method: "lot", Warnings: []tournament.Note{{Text: "6 rounds advised"}},
				Numbers: []tournament.LotNumber{{Entry: 1, Number: 2, Name: "Rossi, Mario"}, {Entry: 3, Number: 1, Name: "Verdi, Anna"}},
				Clubs:   []pairing.ClubMeeting{{Club: "C.D. Forlì", Members: []int{1, 3}, Rounds: []int{1}}}})
		},
		func() error { // a round robin's rounds from the field, single then double
			nums := []tournament.LotNumber{{Entry: 1, Number: 1, Name: "Rossi, Mario"}, {Entry: 3, Number: 2, Name: "Verdi, Anna"}, {Entry: 2, Number: 3, Name: "Neri, Ugo"}}
			if err := WriteLotText(&b, &b, l, "Girone", &tournament.LotResult{Seed: 7, Method: "lot", Numbers: nums, Rounds: 3, Cycles: 1}); err != nil {
				return err
			}
			return WriteLotText(&b, &b, l, "Girone", &tournament.LotResult{Seed: 7, Method: "lot", Numbers: nums, Rounds: 6, Cycles: 2})
		},
		func() error {
			return WriteClaimText(&b, l, &tournament.ClaimRecord{ID: 1, Round: 3, Board: 2, White: "Rossi, Mario", Black: "Verdi, Anna", RequestedAt: 120, DeclaredAt: 160,
				Check: tournament.ClaimCheck{Rule: tournament.RuleItalian40, Reason: rules.ClaimTooEarly, Message: "only 40 plies counted",
					Count40: &rules.ClaimVerdict{Reason: rules.ClaimTooEarly, Message: "only 40 plies counted", Counted: 40, CountFrom: 120}}, Decision: "accepted", Overrides: true})
		},
	}
	for _, f := range steps {
		if err := f(); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, langGolden("golden/lists.txt", l), b.Bytes())
}
