package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// pairedEvent is an Italo-Swiss event of 8 players, lot drawn, round 1 paired.
func pairedEvent(t *testing.T) (*Store, *tournament.Tournament) {
	t.Helper()
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 8, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	return st, tr
}

// CheckPairing: the stored round 1 is the engine's own; a round not paired is refused.
func TestUCCheckPairing(t *testing.T) {
	st, tr := pairedEvent(t)
	c, sel, err := st.CheckPairing(ucCtx, "", 0)
	if err != nil || sel.ID != tr.ID || c.Round != 1 || !c.Identical() || len(c.Checked) != 4 {
		t.Fatalf("check %+v, tournament %d, %v", c, sel.ID, err)
	}
	if _, _, err := st.CheckPairing(ucCtx, tr.Name, 2); !errors.Is(err, tournament.ErrNotPaired) {
		t.Errorf("round 2: %v, want ErrNotPaired", err)
	}
}

// PairingsSheet: round 1's boards as stored; a round not paired is refused.
func TestUCPairingsSheet(t *testing.T) {
	st, tr := pairedEvent(t)
	v, sel, err := st.PairingsSheet(ucCtx, "", 0)
	if err != nil || sel.ID != tr.ID || v.Round.Number != 1 || len(v.Boards) != 4 || v.Tournament.Name != tr.Name {
		t.Fatalf("sheet %+v, %v", v, err)
	}
	if _, _, err := st.PairingsSheet(ucCtx, "", 2); !errors.Is(err, tournament.ErrNotPaired) {
		t.Errorf("round 2: %v, want ErrNotPaired", err)
	}
}

// Unpair removes the last round and says which; refused (nothing written) once a board
// has a result, and when no round is left.
func TestUCUnpair(t *testing.T) {
	st, _ := pairedEvent(t)
	if _, err := st.EnterResult(ucCtx, "", 1, 1, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Unpair(ucCtx, "", UnpairRequest{}); !errors.Is(err, tournament.ErrRoundHasResults) {
		t.Fatalf("with a result: %v, want ErrRoundHasResults", err)
	}
	ucSameRows(t, st, before, "unpair a round with a result")
	st, tr := pairedEvent(t) // a round without results
	u, sel, err := st.Unpair(ucCtx, "", UnpairRequest{})
	if err != nil || u.Round != 1 || u.Kept != 0 || sel.ID != tr.ID || sel.RoundsPaired != 1 {
		t.Fatalf("unpair: %+v, selected %+v, %v", u, sel, err)
	}
	if c := counts(t, st); c[0] != 0 || c[1] != 0 {
		t.Errorf("after unpair: %d rounds, %d boards stored", c[0], c[1])
	}
	before = ucRows(t, st)
	if _, _, err := st.Unpair(ucCtx, "", UnpairRequest{}); !errors.Is(err, tournament.ErrNotPaired) {
		t.Errorf("nothing to remove: %v, want ErrNotPaired", err)
	}
	ucSameRows(t, st, before, "unpair without a round")
}
