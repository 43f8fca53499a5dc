package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

func TestUCAddClaim(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	if _, _, err := st.AddGame(ucCtx, "", 1, 1, 1, ucFirstScore(t), tournament.GameOptions{}); err != nil {
		t.Fatal(err)
	}
	req := tournament.ClaimRequest{RequestedAt: 0, DeclaredAt: 10, Decision: "rejected", Claimant: "white", Note: "presto"}
	rec, sel, err := st.AddClaim(ucCtx, "", 1, 1, 1, req)
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tour.ID || rec.ID == 0 || rec.Round != 1 || rec.Board != 1 || rec.Decision != tournament.DecisionRejected ||
		rec.Check.Valid || rec.Overrides || rec.Note != "presto" {
		t.Fatalf("returned %+v", rec)
	}
	var n int
	var decision string
	if err := st.DB().QueryRow(`SELECT count(*), max(decision) FROM claims`).Scan(&n, &decision); err != nil || n != 1 || decision != tournament.DecisionRejected {
		t.Fatalf("stored %d claims, decision %q (%v)", n, decision, err)
	}
	before := ucRows(t, st)
	if _, _, err := st.AddClaim(ucCtx, "", 1, 2, 1, req); !errors.Is(err, tournament.ErrNoGame) {
		t.Fatalf("no score: %v", err)
	}
	bad := req
	bad.Decision = "maybe"
	if _, _, err := st.AddClaim(ucCtx, "", 1, 1, 1, bad); !errors.Is(err, tournament.ErrMalformed) {
		t.Fatalf("decision maybe: %v", err)
	}
	if _, _, err := st.AddClaim(ucCtx, "", 9, 1, 1, req); !errors.Is(err, tournament.ErrNotPaired) {
		t.Fatalf("round 9: %v", err)
	}
	ucSameRows(t, st, before, "refused claim")
}
