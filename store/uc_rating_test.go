package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

func TestUCRatingReport(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 4, nil)
	before := ucRows(t, st)
	rep, sel, err := st.RatingReport(ucCtx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || rep.Tournament != tr.Name || rep.Table || len(rep.Rows) != 4 || rep.Rows[0].Capital != 1990 {
		t.Fatalf("report %+v", rep)
	}
	ucSameRows(t, st, before, "rating report")
	if _, _, err := st.RatingReport(ucCtx, "Nessuno", nil); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("unknown tournament: %v", err)
	}
}
