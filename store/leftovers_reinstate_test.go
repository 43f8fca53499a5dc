package store

import (
	"testing"

	"arbitro/tournament"
)

// keptField makes a round robin of six players (seed 9), draws its lot and withdraws
// "C, C" with --keep-numbers before round 1; it returns the numbers after (entry id ->
// number) and the number he left.
func keptField(t *testing.T) (*Store, map[int64]int, int) {
	t.Helper()
	st := testStore(t)
	if _, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "R", Variant: tournament.VariantItalian,
		System: tournament.RoundRobin, FieldCycles: 1, ByePoints: 2, ForfeitPoints: 2, Seed: 9}, ""); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"A, A", "B, B", "C, C", "D, D", "E, E", "F, F"} {
		if _, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := st.DrawLot(ucCtx, "", nil); err != nil {
		t.Fatal(err)
	}
	c, _, err := st.WithdrawPlayer(ucCtx, "", "C, C", true)
	if err != nil || !c.Kept || c.Left == 0 {
		t.Fatalf("withdraw --keep-numbers: %+v, %v", c, err)
	}
	return st, numbersOf(t, st), c.Left
}

func numbersOf(t *testing.T, st *Store) map[int64]int {
	t.Helper()
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]int{}
	for _, e := range es {
		out[e.ID] = e.Number
	}
	return out
}

// TestReinstateKeptNumber: a player withdrawn with --keep-numbers between the lot and
// round 1 (issue 28) who is reinstated gets back the number he left empty, the lot is not
// drawn again (a late entry made meanwhile keeps his number too) and the round robin's
// table follows; undo withdraws him again with his number empty. After a lot drawn since
// (another withdrawal without --keep-numbers) his number means nothing: the lot is drawn
// again, as before.
func TestReinstateKeptNumber(t *testing.T) {
	st, kept, left := keptField(t)
	late, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "G, G"})
	if err != nil || late.Number != 7 {
		t.Fatalf("late entry: %+v, %v", late, err)
	}
	kept[late.ID] = 7
	c, _, err := st.ReinstatePlayer(ucCtx, "", "C, C", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Kept || c.Lot != nil || c.Number != left {
		t.Errorf("reinstated: kept %v, lot %v, number %d; want his number %d back and no lot", c.Kept, c.Lot, c.Number, left)
	}
	after := numbersOf(t, st)
	_, tr, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	for id, n := range kept {
		if id != c.ID && after[id] != n {
			t.Errorf("entry %d: number %d, had %d before he came back", id, after[id], n)
		}
	}
	if after[c.ID] != left || tr.Rounds != 7 {
		t.Errorf("his number %d (want %d), %d rounds (want 7: the table of 8 for 7 players)", after[c.ID], left, tr.Rounds)
	}
	if _, _, err := st.Undo(ucCtx, ""); err != nil {
		t.Fatal(err)
	}
	undone := numbersOf(t, st)
	for id, n := range kept {
		if undone[id] != n {
			t.Errorf("after undo: entry %d number %d, want %d", id, undone[id], n)
		}
	}

	// A lot drawn since his withdrawal: the lot is drawn again when he comes back.
	st2, _, _ := keptField(t)
	if c, _, err := st2.WithdrawPlayer(ucCtx, "", "A, A", false); err != nil || c.Lot == nil {
		t.Fatalf("withdraw A without --keep-numbers: %+v, %v", c, err)
	}
	c2, _, err := st2.ReinstatePlayer(ucCtx, "", "C, C", 0)
	if err != nil || c2.Kept || c2.Lot == nil {
		t.Errorf("reinstated after a lot drawn since: kept %v, lot %v (%v); want the lot drawn again", c2.Kept, c2.Lot, err)
	}
}
