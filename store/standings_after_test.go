package store

import (
	"arbitro/tournament"
	"context"
	"errors"
	"testing"
)

// TestStandingsAfter: the standings use case picks the last completed round by default,
// refuses a round of the tournament that is not paired yet (naming the last paired one),
// a round outside the tournament, and an unknown category. The 2005 championship event
// has rounds 1-4 paired and no result recorded, so the last completed round is 0.
func TestStandingsAfter(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	err := st.View(context.Background(), func(tx *Tx) error {
		s, err := tx.Standings(tour, -1, "")
		if err != nil {
			return err
		}
		if s.Round != 0 || len(s.Rows) != 18 || s.Table.Event.Name != "Assoluto 2005" {
			t.Errorf("default: round %d, %d rows, event %q; want round 0, 18 rows, Assoluto 2005", s.Round, len(s.Rows), s.Table.Event.Name)
		}
		if s, err = tx.Standings(tour, 4, ""); err != nil || s.Round != 4 {
			t.Errorf("round 4 (paired): %v, %+v", err, s)
		}
		var np *tournament.RoundNotPairedError
		if _, err := tx.Standings(tour, 5, ""); !errors.As(err, &np) || np.Round != 5 || np.LastPaired != 4 ||
			err.Error() != "round 5 has not been paired yet (last paired round: 4)" {
			t.Errorf("round 5: %v, want round 5 not paired, last paired 4", err)
		}
		if _, err := tx.Standings(tour, 18, ""); !errors.Is(err, tournament.ErrRoundRange) {
			t.Errorf("round 18 of 17: %v, want ErrRoundRange", err)
		}
		if _, err := tx.Standings(tour, 4, "Veterani"); !errors.Is(err, tournament.ErrCategory) {
			t.Errorf("unknown category: %v, want ErrCategory", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
