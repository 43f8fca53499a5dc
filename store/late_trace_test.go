package store

// Rule-to-test traceability (RULES-TESTS.md at the repository root, line F36).

import (
	"arbitro/tournament"
	"context"
	"testing"
)

// F36 (docs/pairing-fid.md §2.8): a late entrant in an Italo-Swiss event gets the next number
// after the highest in use (he sits at the end of the circle), starts from 0 points unless
// the arbiter grants some, and joins the rotation from the next round. Five players,
// round 1 paired (1–2, 3–4, 5 rests); the entrant added then gets number 6, score 0 in the
// snapshot of round 2 (beside the others' round-1 points) and is on a round-2 board.
func TestTraceLateEntrantDefaults(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 5, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	var late *tournament.Entry
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) (err error) {
		late, err = tx.AddPlayer(cur, tournament.Player{Name: "Late, Entrant"})
		return err
	})
	if late.Number != 6 || late.StartPoints != 0 || late.JoinedRound != 2 {
		t.Fatalf("late entrant: number %d start points %d joined %d, want 6, 0, 2", late.Number, late.StartPoints, late.JoinedRound)
	}
	setResults(t, st, tr, 1)
	err := st.View(context.Background(), func(tx *Tx) error {
		es, err := tx.snapshot(tr, 2)
		if err != nil {
			return err
		}
		total := 0
		for _, e := range es {
			total += e.Score
			if int64(e.ID) == late.ID && (e.Score != 0 || !e.Available || e.Number != 6) {
				t.Errorf("late entrant in round 2's snapshot: %+v", e)
			}
		}
		// Round 1 gave out 2 points per game (2 games) and 2 for the bye: 6 in all.
		if total != 6 {
			t.Errorf("total score in round 2's snapshot %d, want 6", total)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pr := pairNext(t, st, tr, tournament.PairOptions{})
	on := false
	for _, b := range pr.Boards {
		on = on || b.WhiteEntry == late.ID || b.BlackEntry == late.ID
	}
	if !on || len(pr.Boards) != 3 {
		t.Errorf("round 2 boards %+v: want 3 boards (6 players), the late entrant on one", pr.Boards)
	}
}
