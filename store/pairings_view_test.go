package store

import (
	"arbitro/tournament"
	"errors"
	"testing"
)

// PairingsView's points before the round in game points are the Score the pairing
// engines see (snapshot) for every entry and every round, with a win, a draw, a forfeit
// and the bye among the results; its standings are in the tournament's scoring (3-1-0
// here), so the two differ for a winner.
func TestPairingsViewPointsBefore(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 7, func(t *tournament.Tournament) { t.Scoring = "3-1-0" })
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error { _, err := tx.DrawLot(cur, nil); return err })
	results := []string{"2-0", "1-1", "+-", "0-2"}
	for r := 1; r <= 3; r++ {
		pr := pairNext(t, st, tr, tournament.PairOptions{})
		mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
			for i, b := range pr.Boards {
				if b.Bye() {
					continue
				}
				if _, err := tx.SetResult(cur, r, b.Board, b.Game, results[(i+r)%len(results)], tournament.ResultOptions{}); err != nil {
					return err
				}
			}
			return nil
		})
	}
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		for r := 1; r <= 3; r++ {
			v, err := tx.PairingsView(cur, r)
			if err != nil {
				return err
			}
			es, err := tx.snapshot(cur, r)
			if err != nil {
				return err
			}
			units := map[int]int{}
			for _, s := range v.Before {
				units[s.Entry.ID] = s.Points
			}
			winnerSeen := false
			for _, e := range es {
				if got := v.GamePointsBefore[e.ID]; got != e.Score {
					t.Errorf("round %d, %s: %d game points before, Snapshot says %d", r, e.Name, got, e.Score)
				}
				winnerSeen = winnerSeen || units[e.ID] != e.Score
			}
			if r == 3 && !winnerSeen {
				t.Errorf("round 3: the 3-1-0 standings equal the game points for everybody")
			}
			if v.Round.Number != r || len(v.Entries) != 7 || len(v.Boards) == 0 {
				t.Errorf("round %d: view %+v", r, v.Round)
			}
		}
		last, err := tx.PairingsView(cur, 0)
		if err != nil || last.Round.Number != 3 {
			t.Errorf("round 0: %v, %+v", err, last)
		}
		if _, err := tx.PairingsView(cur, 4); !errors.Is(err, tournament.ErrNotPaired) {
			t.Errorf("round 4: %v, want ErrNotPaired", err)
		}
		return nil
	})
}
