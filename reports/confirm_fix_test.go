package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The confirmations of player remove, reinstate and a withdrawal before round 1, in every
// language: the lot drawn again, a number left empty, the rounds missed.
func TestPlayerChanged(t *testing.T) {
	e := tournament.Entry{ID: 4, Status: tournament.StatusWithdrawn}
	e.Player.Name = "Rossi, Mario"
	lot := &tournament.LotResult{Seed: 7, Numbers: []tournament.LotNumber{{Entry: 1, Number: 1, Name: "Verdi, Anna"}, {Entry: 2, Number: 2, Name: "Neri, Ugo"}}}
	goldenLangs(t, "golden/confirm_fix.txt", func(loc *Locale, b *bytes.Buffer) error {
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
			if err := WritePlayerChanged(b, loc, c.action, &c.c); err != nil {
				return err
			}
		}
		return nil
	})
}

// Every action undo reverts has its words, and the list and confirmation render them.
func TestUndoWhatKeys(t *testing.T) {
	for _, a := range tournament.UndoableActions {
		if undoWhatKeys[a] == "" {
			t.Errorf("undo action %q has no catalog key in undoWhatKeys", a)
		}
	}
	steps := []tournament.UndoStep{
		{ActionID: 12, At: "2026-11-21T15:30:00Z", Actor: "Bianchi", Action: "result.correct", Undoable: true,
			Args: map[string]any{"round": 3, "board": 1, "white": "Rossi, Mario", "black": "Verdi, Anna", "result": "2-0", "before": "1-1"}},
		{ActionID: 9, At: "2026-11-21T15:00:00Z", Actor: "Bianchi", Action: "player.withdraw", Undoable: true, Args: map[string]any{"player": "Neri, Ugo"}},
		{ActionID: 4, At: "2026-11-21T14:00:00Z", Actor: "Bianchi", Action: "game.import"},
	}
	goldenLangs(t, "golden/undo.txt", func(l *Locale, b *bytes.Buffer) error {
		if err := WriteUndoList(b, l, "Open", steps); err != nil {
			return err
		}
		if err := WriteUndone(b, l, &steps[0]); err != nil {
			return err
		}
		return WriteUndoList(b, l, "Open", steps[2:])
	})
}
