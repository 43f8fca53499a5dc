package store

import (
	"testing"

	"arbitro/tournament"
)

// The ballot never repeats an opening within an event and records each one with its round.
func TestOpeningBallotNoRepeat(t *testing.T) {
	st, tr := newEvent(t, tournament.RoundRobin, 7, 8, func(t *tournament.Tournament) { t.Openings = tournament.OpeningsFIDItalian })
	drawLot(t, st, tr, nil)
	seen := map[string]int{}
	for r := 1; r <= 7; r++ {
		pr := pairNext(t, st, tr, tournament.PairOptions{Force: true})
		op := pr.Explanation.Opening
		if op == nil || op.Seed != tr.Seed {
			t.Fatalf("round %d: opening %+v, want one drawn with seed %d", r, op, tr.Seed)
		}
		if prev, dup := seen[op.Code]; dup {
			t.Fatalf("opening %s drawn in rounds %d and %d", op.Code, prev, r)
		}
		seen[op.Code] = r
	}
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		ops, err := tx.roundOpenings(cur)
		if err != nil {
			return err
		}
		for code, r := range seen {
			if ops[r] != code {
				t.Errorf("round %d stored opening %q, drawn %q", r, ops[r], code)
			}
		}
		return nil
	})
}
