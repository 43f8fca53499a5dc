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

// Every action undo reverts has its words, and the list and confirmation render them.
func TestUndoWhatKeys(t *testing.T) {
	for _, a := range tournament.UndoableActions {
		if undoWhatKeys[a] == "" {
			t.Errorf("undo action %q has no catalog key in undoWhatKeys", a)
		}
	}
	var b bytes.Buffer
	steps := []tournament.UndoStep{
		{ActionID: 12, At: "2026-11-21T15:30:00Z", Actor: "Bianchi", Action: "result.correct", Undoable: true,
			Args: map[string]any{"round": 3, "board": 1, "white": "Rossi, Mario", "black": "Verdi, Anna", "result": "2-0", "before": "1-1"}},
		{ActionID: 9, At: "2026-11-21T15:00:00Z", Actor: "Bianchi", Action: "player.withdraw", Undoable: true, Args: map[string]any{"player": "Neri, Ugo"}},
		{ActionID: 4, At: "2026-11-21T14:00:00Z", Actor: "Bianchi", Action: "game.import"},
	}
	for _, lang := range []tournament.Lang{"en", "it"} {
		if err := WriteUndoList(&b, LocaleOf(lang), "Open", steps); err != nil {
			t.Fatal(err)
		}
		if err := WriteUndone(&b, LocaleOf(lang), &steps[0]); err != nil {
			t.Fatal(err)
		}
		if err := WriteUndoList(&b, LocaleOf(lang), "Open", steps[2:]); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "golden/undo.txt", b.Bytes())
}
