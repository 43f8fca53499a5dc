package store

import (
	"errors"
	"reflect"
	"sort"
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
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P03, Test", false); err != nil {
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
	if _, _, err := st.RemovePlayer(ucCtx, "", "P01, Test", false); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("a player with a game: %v", err)
	}
	ucSameRows(t, st, before, "refused removal")
	late, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Late, One"})
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.RemovePlayer(ucCtx, "", "Late, One", false)
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
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test", false); err != nil {
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

// numbersByName reads every entry's pairing number (0: none) by name.
func numbersByName(t *testing.T, st *Store) map[string]int {
	t.Helper()
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, e := range es {
		out[e.Player.Name] = e.Number
	}
	return out
}

// Between the lot and round 1 the arbiter chooses what the lot becomes when a player
// leaves (issue 28): --keep-numbers leaves his number empty and every other as it was,
// and undo gives him his number back without drawing again; refused before the lot and
// after round 1, with nothing written. Round 1 of an Italo-Swiss passes over the empty
// number (pairs in number order).
func TestKeepNumbers(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 6, nil)
	before := ucRows(t, st)
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test", true); !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), "the lot is not drawn") {
		t.Fatalf("keep before the lot: %v", err)
	}
	ucSameRows(t, st, before, "keep before the lot")
	drawLot(t, st, tr, nil)
	lot := numbersByName(t, st)
	for _, who := range []string{"P02, Test", "P05, Test"} {
		var c *tournament.PlayerChange
		var err error
		if who == "P02, Test" {
			c, _, err = st.WithdrawPlayer(ucCtx, "", who, true)
		} else {
			c, _, err = st.RemovePlayer(ucCtx, "", who, true)
		}
		if err != nil || !c.Kept || c.Left != lot[who] || c.Lot != nil {
			t.Fatalf("%s kept: %+v, %v", who, c, err)
		}
		now := numbersByName(t, st)
		for name, n := range lot {
			if name == who {
				n = 0 // his number left empty, the others' as drawn
			}
			if now[name] != n {
				t.Fatalf("after %s left: numbers %v, the lot %v", who, now, lot)
			}
		}
		if _, _, err := st.Undo(ucCtx, ""); err != nil {
			t.Fatal(err)
		}
		if now := numbersByName(t, st); !reflect.DeepEqual(now, lot) {
			t.Fatalf("undo of %s kept: numbers %v, the lot %v", who, now, lot)
		}
	}
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test", true); err != nil {
		t.Fatal(err)
	}
	pr := pairNext(t, st, tr, tournament.PairOptions{})
	var order []int
	num := numbersByName(t, st)
	for _, b := range pr.Boards {
		order = append(order, num[b.White])
		if b.Black != "" {
			order = append(order, num[b.Black])
		}
	}
	var want []int
	for n := 1; n <= 6; n++ {
		if n != lot["P02, Test"] {
			want = append(want, n)
		}
	}
	if len(pr.Boards) != 3 || !reflect.DeepEqual(sortedInts(order), want) {
		t.Fatalf("round 1 with no. %d empty: %+v", lot["P02, Test"], pr.Boards)
	}
	before = ucRows(t, st)
	if _, _, err := st.RemovePlayer(ucCtx, "", "P06, Test", true); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("keep after round 1: %v", err)
	}
	ucSameRows(t, st, before, "keep after round 1")
}

func sortedInts(xs []int) []int {
	out := append([]int(nil), xs...)
	sort.Ints(out)
	return out
}

// A round robin whose rounds come from the field keeps its Berger table when a middle
// number is left empty, and follows the table when the last is: 7 players (7 rounds)
// without no. 7 are the table of 6 (5 rounds), paired in full; undo gives back no. 7 and
// the 7 rounds.
func TestKeepNumbersRoundRobinTable(t *testing.T) {
	st, tr := newEvent(t, tournament.RoundRobin, 0, 7, func(tr *tournament.Tournament) { tr.FieldCycles = 1 })
	drawLot(t, st, tr, nil)
	rounds := func() int {
		_, cur, err := st.Players(ucCtx, "")
		if err != nil {
			t.Fatal(err)
		}
		return cur.Rounds
	}
	if r := rounds(); r != 7 {
		t.Fatalf("7 players: %d rounds", r)
	}
	lot := numbersByName(t, st)
	var last, middle string
	for name, n := range lot {
		switch n {
		case 7:
			last = name
		case 3:
			middle = name
		}
	}
	if _, _, err := st.WithdrawPlayer(ucCtx, "", middle, true); err != nil || rounds() != 7 {
		t.Fatalf("no. 3 empty: %v, %d rounds", err, rounds())
	}
	if _, _, err := st.RemovePlayer(ucCtx, "", last, true); err != nil || rounds() != 5 {
		t.Fatalf("no. 3 and 7 empty: %v, %d rounds, want the table of 6's 5", err, rounds())
	}
	if _, _, err := st.Undo(ucCtx, ""); err != nil || rounds() != 7 {
		t.Fatalf("undo: %v, %d rounds", err, rounds())
	}
	if _, _, err := st.Undo(ucCtx, ""); err != nil || !reflect.DeepEqual(numbersByName(t, st), lot) {
		t.Fatalf("undo: %v, numbers %v, the lot %v", err, numbersByName(t, st), lot)
	}
	if _, _, err := st.RemovePlayer(ucCtx, "", last, true); err != nil || rounds() != 5 {
		t.Fatalf("no. 7 empty: %v, %d rounds, want the table of 6's 5", err, rounds())
	}
	for r := 1; r <= 5; r++ {
		pr := pairNext(t, st, tr, tournament.PairOptions{})
		if len(pr.Boards) != 3 {
			t.Fatalf("round %d of the table of 6: %+v", r, pr.Boards)
		}
		setResults(t, st, tr, r)
	}
}
