package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"arbitro/tournament"
)

// A withdrawal undone after two rounds paired without him: he is paired again from the
// next round, the rounds he missed are absences with 0 points, a round already paired
// is refused, and the standings give him nothing for the missed rounds.
func TestReinstateAfterMissedRounds(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 10, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 1)
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P03, Test"); err != nil {
		t.Fatal(err)
	}
	for r := 2; r <= 3; r++ {
		pairNext(t, st, tr, tournament.PairOptions{})
		setResults(t, st, tr, r)
	}
	before := ucRows(t, st)
	if _, _, err := st.ReinstatePlayer(ucCtx, "", "P03, Test", 3); !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), "round 3 is paired already") {
		t.Fatalf("a paired round: %v", err)
	}
	if _, _, err := st.ReinstatePlayer(ucCtx, "", "P03, Test", 9); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("beyond the last round: %v", err)
	}
	if _, _, err := st.ReinstatePlayer(ucCtx, "", "P01, Test", 0); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("not withdrawn: %v", err)
	}
	ucSameRows(t, st, before, "refused reinstatement")
	c, _, err := st.ReinstatePlayer(ucCtx, "", "P03, Test", 5)
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != tournament.StatusActive || c.From != 5 || !reflect.DeepEqual(c.Absent, []int{2, 3, 4}) {
		t.Fatalf("reinstated: %+v", c)
	}
	pr := pairNext(t, st, tr, tournament.PairOptions{})
	for _, b := range pr.Boards {
		if b.White == "P03, Test" || b.Black == "P03, Test" {
			t.Fatalf("paired in round 4, absent then: %+v", b)
		}
	}
	setResults(t, st, tr, 4)
	pr = pairNext(t, st, tr, tournament.PairOptions{})
	found := false
	for _, b := range pr.Boards {
		found = found || b.White == "P03, Test" || b.Black == "P03, Test"
	}
	if !found {
		t.Fatalf("not paired in round 5: %+v", pr.Boards)
	}
}

// An entry with a game is never removed; one without is, with its absences, and the
// event log keeps it.
func TestRemovePlayer(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 4, nil)
	if _, _, err := st.SetAbsence(ucCtx, "", "P04, Test", 2, 1, "exam"); err != nil {
		t.Fatal(err)
	}
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	before := ucRows(t, st)
	if _, _, err := st.RemovePlayer(ucCtx, "", "P01, Test"); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("a player with a game: %v", err)
	}
	ucSameRows(t, st, before, "refused removal")
	late, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Late, One"})
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.RemovePlayer(ucCtx, "", "Late, One")
	if err != nil || c.ID != late.ID || c.Gap != 0 || c.Lot != nil {
		t.Fatalf("removed %+v, %v", c, err)
	}
	after := ucRows(t, st)
	if after["entries"] != before["entries"] || after["players"] != before["players"] || after["events"] != before["events"]+2 {
		t.Fatalf("rows after removal %v, before %v", after, before)
	}
}

// A player who withdrew after round 1 was paired did not start once round 1 is unpaired:
// the lot is drawn again without him, and round 1 is paired again without him.
func TestUnpairRoundOneLeavesNonStarterOut(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 6, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test"); err != nil {
		t.Fatal(err)
	}
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error { _, err := tx.Unpair(cur); return err })
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	nums := map[int]bool{}
	for _, e := range es {
		if e.Player.Name == "P02, Test" && (e.Number != 0 || !e.DidNotStart()) {
			t.Fatalf("non-starter: %+v", e)
		}
		if e.Number != 0 {
			nums[e.Number] = true
		}
	}
	for n := 1; n <= 5; n++ {
		if !nums[n] {
			t.Fatalf("numbers %v, want 1..5", nums)
		}
	}
	pr := pairNext(t, st, tr, tournament.PairOptions{})
	for _, b := range pr.Boards {
		if b.White == "P02, Test" || b.Black == "P02, Test" {
			t.Fatalf("paired: %+v", b)
		}
	}
}
