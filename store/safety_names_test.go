package store

import (
	"arbitro/tournament"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestSafetyPossibleDuplicateFolded: a name differing from an entered one only in case,
// accents, spacing or word order is accepted with a note naming the other entry.
func TestSafetyPossibleDuplicateFolded(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.AddPlayer(tr, tournament.Player{Name: "Rossi, Mario", Club: "CD Napoli"})
		return err
	})
	for _, name := range []string{"ROSSÌ, Mario", "Mario Rossi", "Rossi,  mario"} {
		var e *tournament.Entry
		err := s.Update(context.Background(), func(tx *Tx) (err error) {
			e, err = tx.AddPlayer(tr, tournament.Player{Name: name, Club: "Altro club " + name})
			return err
		})
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if len(e.Notes) == 0 || !strings.Contains(e.Notes[0], `possible duplicate`) || !strings.Contains(strings.Join(e.Notes, "\n"), `entry 1 "Rossi, Mario"`) {
			t.Errorf("%q: notes %q, want a possible-duplicate note naming Rossi, Mario", name, e.Notes)
		}
		// The zero-width space that fooled the arbiter is refused outright (CheckText).
	}
	err := s.Update(context.Background(), func(tx *Tx) error {
		_, err := tx.AddPlayer(tr, tournament.Player{Name: "Ros\u200bsi, Mario"})
		return err
	})
	if !errors.Is(err, tournament.ErrMalformed) {
		t.Fatalf("zero-width space: %v", err)
	}
}
