package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// A round robin of 4 all drawn: everybody shares first place on every tie-break; a
// play-off between P01 and P02 orders them in the final standings and the prize list, not
// before the last round, and refused play-offs write nothing.
func playoffEvent(t *testing.T) *Store {
	t.Helper()
	st, _ := newEvent(t, tournament.RoundRobin, 3, 4, nil)
	if _, _, err := st.DrawLot(ucCtx, "", nil); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 3; r++ {
		if _, err := st.PairNextRound(ucCtx, "", PairRequest{}); err != nil {
			t.Fatal(err)
		}
		for b := 1; b <= 2; b++ {
			if _, err := st.EnterResult(ucCtx, "", r, b, 1, "1-1"); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st
}

func TestUCPlayoffRefused(t *testing.T) {
	st := playoffEvent(t)
	before := ucRows(t, st)
	for _, refs := range [][]string{{"P01"}, {"P01", "P01, Test"}, {"P01", "P09"}} {
		if _, _, err := st.AddPlayoff(ucCtx, "", refs, "", 1, "", ""); err == nil {
			t.Errorf("play-off between %v accepted", refs)
		}
	}
	if _, _, _, err := st.PlayoffResult(ucCtx, "", 1, "P01", "P02", "2-0"); !errors.Is(err, tournament.ErrNotFound) {
		t.Errorf("a result of no play-off: %v", err)
	}
	if _, _, err := st.AddPlayoff(ucCtx, "", []string{"P01", "P02"}, "", 1, "", "sometimes"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("an unknown --when: %v", err)
	}
	ucSameRows(t, st, before, "refused play-off")
}

func TestUCPlayoffOrders(t *testing.T) {
	st := playoffEvent(t)

	p, _, err := st.AddPlayoff(ucCtx, "", []string{"P02", "P01"}, "", 1, "10'", "")
	if err != nil || p.Number != 1 || len(p.Players) != 2 {
		t.Fatalf("added %+v, %v", p, err)
	}
	// With the four of them sharing the place, a play-off between two of them orders nothing.
	if _, _, _, err := st.PlayoffResult(ucCtx, "", 1, "P02", "P01", "2-0"); err != nil {
		t.Fatal(err)
	}
	sa, _, err := st.Standings(ucCtx, "", -1, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(sa.PlayoffDecided) != 0 || sa.Rows[0].Place() != "1-4" {
		t.Fatalf("a play-off of two among four tied applied: %v, place %s", sa.PlayoffDecided, sa.Rows[0].Place())
	}
	// A play-off between all four: P02 won, the three others level.
	p2, _, err := st.AddPlayoff(ucCtx, "", []string{"P01", "P02", "P03", "P04"}, "Campione", 0, "", "after-tiebreaks")
	if err != nil || p2.Number != 2 {
		t.Fatalf("added %+v, %v", p2, err)
	}
	if _, _, _, err := st.PlayoffResult(ucCtx, "", 2, "P02", "P03", "2-0"); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.PlayoffResult(ucCtx, "", 2, "P02", "P02", "2-0"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("a player against himself: %v", err)
	}
	sa, _, err = st.Standings(ucCtx, "", -1, "")
	if err != nil {
		t.Fatal(err)
	}
	if sa.Rows[0].Entry.Name != "P02, Test" || sa.Rows[0].Place() != "1" || sa.Rows[1].Place() != "2-4" {
		t.Fatalf("final standings %s %s, %s", sa.Rows[0].Entry.Name, sa.Rows[0].Place(), sa.Rows[1].Place())
	}
	for _, r := range sa.Rows {
		if r.Points != 3 || !sa.PlayoffDecided[int64(r.Entry.ID)] {
			t.Errorf("%s: %d points, decided %v", r.Entry.Name, r.Points, sa.PlayoffDecided[int64(r.Entry.ID)])
		}
	}
	if sa, _, err = st.Standings(ucCtx, "", 2, ""); err != nil || sa.PlayoffDecided != nil || sa.Rows[0].Place() != "1-4" {
		t.Fatalf("after round 2 of 3 the play-off applied: %v %v", sa.PlayoffDecided, err)
	}
	if _, _, err := st.AddPrize(ucCtx, "", "", 1, "Coppa"); err != nil {
		t.Fatal(err)
	}
	aw, _, err := st.PrizeList(ucCtx, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(aw) != 1 || aw[0].Name != "P02, Test" || len(aw[0].Notes) != 1 || aw[0].Notes[0].Code != tournament.NotePrizePlayoff {
		t.Fatalf("prize list %+v", aw)
	}
}
