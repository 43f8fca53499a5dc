package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

func TestUCDrawLot(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 6, nil)
	res, sel, err := st.DrawLot(ucCtx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || res.Seed != 12345 || res.Method != "lot" || len(res.Numbers) != 6 {
		t.Fatalf("lot %+v", res)
	}
	stored := entryNumbers(t, st, tr)
	for _, n := range res.Numbers {
		if stored[n.Entry] != n.Number {
			t.Errorf("%s: number %d stored, %d returned", n.Name, stored[n.Entry], n.Number)
		}
	}
	// a seed of 0: refused, the numbers stay
	before := ucRows(t, st)
	zero := uint64(0)
	if _, _, err := st.DrawLot(ucCtx, "", &zero); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("seed 0: %v", err)
	}
	ucSameRows(t, st, before, "seed 0")
	for id, n := range entryNumbers(t, st, tr) {
		if stored[id] != n {
			t.Errorf("entry %d renumbered %d -> %d", id, stored[id], n)
		}
	}
	// once round 1 is paired, the lot is locked
	if _, err := st.PairNextRound(ucCtx, "", PairRequest{}); err != nil {
		t.Fatal(err)
	}
	before = ucRows(t, st)
	if _, _, err := st.DrawLot(ucCtx, "", nil); !errors.Is(err, tournament.ErrLocked) {
		t.Fatalf("after round 1: %v", err)
	}
	ucSameRows(t, st, before, "lot after round 1")
}
