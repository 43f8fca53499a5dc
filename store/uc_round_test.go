package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

func TestUCSetRoundSchedule(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 6, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	date, clock := "21/11/2026", "15:30"
	rs, sel, err := st.SetRoundSchedule(ucCtx, "", 1, &date, &clock)
	if err != nil {
		t.Fatal(err)
	}
	want := tournament.RoundSchedule{Round: 1, Date: "2026-11-21", Time: "15:30"}
	if sel.ID != tr.ID || rs != want {
		t.Fatalf("returned %+v, want %+v", rs, want)
	}
	stored := func() tournament.RoundSchedule {
		t.Helper()
		var got tournament.RoundSchedule
		if err := st.View(ucCtx, func(tx *Tx) (err error) { got, err = tx.roundSchedule(tr.ID, 1); return err }); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := stored(); got != want {
		t.Fatalf("stored %+v", got)
	}
	// only the time changes; "" clears it
	empty := ""
	if rs, _, err = st.SetRoundSchedule(ucCtx, "", 1, nil, &empty); err != nil || rs.Date != "2026-11-21" || rs.Time != "" {
		t.Fatalf("clear the time: %+v %v", rs, err)
	}
	before := ucRows(t, st)
	bad := "31/02/2026"
	if _, _, err := st.SetRoundSchedule(ucCtx, "", 1, &bad, &clock); !errors.Is(err, tournament.ErrMalformed) {
		t.Fatalf("bad date: %v", err)
	}
	if _, _, err := st.SetRoundSchedule(ucCtx, "", 2, &date, nil); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("round not paired: %v", err)
	}
	ucSameRows(t, st, before, "refused schedule")
	if got := stored(); got != (tournament.RoundSchedule{Round: 1, Date: "2026-11-21"}) {
		t.Fatalf("after the refusals: %+v", got)
	}
}
