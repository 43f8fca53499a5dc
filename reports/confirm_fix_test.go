package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The confirmations of player remove, reinstate and a withdrawal before round 1, in
// English and Italian: the lot drawn again, a number left empty, the rounds missed.
func TestPlayerChanged(t *testing.T) {
	var b bytes.Buffer
	e := tournament.Entry{ID: 4, Status: tournament.StatusWithdrawn}
	e.Player.Name = "Rossi, Mario"
	lot := &tournament.LotResult{Seed: 7, Numbers: []tournament.LotNumber{{Entry: 1, Number: 1, Name: "Verdi, Anna"}, {Entry: 2, Number: 2, Name: "Neri, Ugo"}}}
	for _, lang := range []tournament.Lang{"en", "it"} {
		loc := LocaleOf(lang)
		for _, c := range []struct {
			action string
			c      tournament.PlayerChange
		}{
			{"withdraw", tournament.PlayerChange{Entry: e, Lot: lot}},
			{"remove", tournament.PlayerChange{Entry: e, Lot: lot}},
			{"remove", tournament.PlayerChange{Entry: e, Gap: 12}},
			{"reinstate", tournament.PlayerChange{Entry: e, From: 3}},
			{"reinstate", tournament.PlayerChange{Entry: e, From: 4, Absent: []int{3}}},
			{"reinstate", tournament.PlayerChange{Entry: e, From: 5, Absent: []int{3, 4}}},
		} {
			if err := WritePlayerChanged(&b, loc, c.action, &c.c); err != nil {
				t.Fatal(err)
			}
		}
	}
	golden(t, "golden/confirm_fix.txt", b.Bytes())
}
