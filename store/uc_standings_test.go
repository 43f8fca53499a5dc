package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// Standings and Crosstable after round 1 played: every player ranked, the winners of
// round 1 first; a round outside the tournament and an unknown category are refused.
func TestUCStandingsCrosstable(t *testing.T) {
	st, tr := pairedEvent(t)
	setResults(t, st, tr, 1)
	s, sel, err := st.Standings(ucCtx, "", -1, "")
	if err != nil || sel.ID != tr.ID || s.Round != 1 || len(s.Rows) != 8 || s.Rows[0].Points <= s.Rows[7].Points {
		t.Fatalf("standings %+v, %v", s, err)
	}
	c, _, err := st.Crosstable(ucCtx, tr.Name, 1)
	if err != nil || c.Round != 1 || len(c.Rows) != len(s.Rows) || c.Table == nil {
		t.Fatalf("crosstable %+v, %v", c, err)
	}
	for i := range c.Rows {
		if c.Rows[i].Entry.ID != s.Rows[i].Entry.ID {
			t.Errorf("row %d: crosstable %d, standings %d", i, c.Rows[i].Entry.ID, s.Rows[i].Entry.ID)
		}
	}
	var notPaired *tournament.RoundNotPairedError
	if _, _, err := st.Standings(ucCtx, "", 2, ""); !errors.As(err, &notPaired) {
		t.Errorf("round 2: %v, want *RoundNotPairedError", err)
	}
	if _, _, err := st.Standings(ucCtx, "", 9, ""); !errors.Is(err, tournament.ErrRoundRange) {
		t.Errorf("round 9: %v, want ErrRoundRange", err)
	}
	if _, _, err := st.Standings(ucCtx, "", -1, "Nobody"); !errors.Is(err, tournament.ErrCategory) {
		t.Errorf("category: %v, want ErrCategory", err)
	}
}
