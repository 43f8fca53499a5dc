package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"arbitro/tournament"
)

// undoes does action (described by what) in the tournament ref names, checks that it
// changed the file and that arbitro undo reverts it as one action of kind (its main
// event), and that every table but the log is then as before it, row for row.
// TestUndoKindsCovered reads the kinds given to undoes: each kind undo knows must be
// undone here at least once.
func undoes(t *testing.T, st *Store, ref, kind, what string, action func() error) {
	t.Helper()
	before := tablesBut(t, st)
	if err := action(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if reflect.DeepEqual(before, tablesBut(t, st)) {
		t.Fatalf("%s changed nothing", what)
	}
	l, _, err := st.UndoList(ucCtx, ref)
	if err != nil || len(l) == 0 || l[0].Action != kind || !l[0].Undoable {
		t.Fatalf("%s: undo --list %+v %v, want %s first, undoable", what, l, err, kind)
	}
	u, _, err := st.Undo(ucCtx, ref)
	if err != nil {
		t.Fatalf("undo %s: %v", what, err)
	}
	if u.Action != kind {
		t.Fatalf("undo %s: undid %s, want %s", what, u.Action, kind)
	}
	if after := tablesBut(t, st); !reflect.DeepEqual(before, after) {
		t.Fatalf("undo %s (%s): the tables differ from before it\nbefore %v\nafter  %v", what, u.Action, before, after)
	}
}

// tablesBut returns every row of every table of the file but the event log, for comparing
// the state before an action with the state after the action and its undo.
func tablesBut(t *testing.T, st *Store) map[string][]map[string]any {
	t.Helper()
	out := map[string][]map[string]any{}
	err := st.View(ucCtx, func(tx *Tx) error {
		rows, err := tx.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'events' ORDER BY name`)
		if err != nil {
			return err
		}
		var names []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			names = append(names, n)
		}
		rows.Close()
		for _, n := range names {
			if out[n], err = tx.snapshotRows(n, "1"); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every action undo knows, done and undone, leaves every table (but the log) as it was
// before it, row for row; each undo is logged and the next one walks further back.
func TestUndoEveryKind(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 8, nil)
	do := func(kind, what string, action func() error) {
		t.Helper()
		undoes(t, st, "", kind, what, action)
	}
	do("tournament.set", "a setting before round 1", func() error { _, _, err := st.SetTournamentField(ucCtx, "", "tiebreaks", "buchholz"); return err })
	do("tournament.set", "the rounds", func() error { _, _, err := st.SetTournamentField(ucCtx, "", "rounds", "7"); return err })
	seed := uint64(777)
	do("lot.draw", "first lot, with another seed", func() error { drawLot(t, st, tr, &seed); return nil })
	drawLot(t, st, tr, nil)
	do("lot.draw", "lot again", func() error { drawLot(t, st, tr, &seed); return nil })
	// before round 1: the lot drawn again from the stored seed gives the numbers back
	do("player.withdraw", "withdraw before round 1", func() error { _, _, err := st.WithdrawPlayer(ucCtx, "", "P03, Test", false); return err })
	do("player.remove", "remove before round 1", func() error { _, _, err := st.RemovePlayer(ucCtx, "", "P05, Test", false); return err })
	do("player.absent", "absence", func() error { _, _, err := st.SetAbsence(ucCtx, "", "P02, Test", 1, 1, ""); return err })
	do("round.pair", "pair", func() error { pairNext(t, st, tr, tournament.PairOptions{}); return nil })
	do("round.pair", "pair with its date and time", func() error {
		_, err := st.PairNextRound(ucCtx, "", PairRequest{Schedule: &tournament.RoundSchedule{Date: "2026-11-21", Time: "15:30"}})
		return err
	})
	pairNext(t, st, tr, tournament.PairOptions{})
	do("result.set", "result", func() error { _, err := st.EnterResult(ucCtx, "", 1, 1, 1, "2-0"); return err })
	setResults(t, st, tr, 1)
	do("result.correct", "correction", func() error { _, err := st.CorrectResult(ucCtx, "", 1, 1, 1, "0-2", "sheet"); return err })
	do("round.schedule", "round schedule", func() error {
		_, _, err := st.SetRoundSchedule(ucCtx, "", 1, ptr("2026-11-21"), ptr("15:30"))
		return err
	})
	do("player.withdraw", "withdraw after round 1", func() error { _, _, err := st.WithdrawPlayer(ucCtx, "", "P04, Test", false); return err })
	do("player.add", "late entry", func() error {
		_, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Late, One", FIDID: "999"})
		return err
	})
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P06, Test", false); err != nil {
		t.Fatal(err)
	}
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 2)
	do("player.reinstate", "reinstate", func() error { _, _, err := st.ReinstatePlayer(ucCtx, "", "P06, Test", 4); return err })
	if _, _, err := st.SetAbsence(ucCtx, "", "P07, Test", 3, 0, "exam"); err != nil {
		t.Fatal(err)
	}
	do("player.absent.remove", "absence removed", func() error { _, _, err := st.RemoveAbsence(ucCtx, "", "P07, Test", 3); return err })
	if _, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Late, Two", Club: "CD"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.SetAbsence(ucCtx, "", "Late, Two", 4, 1, ""); err != nil {
		t.Fatal(err)
	}
	do("player.remove", "remove a late entrant", func() error { _, _, err := st.RemovePlayer(ucCtx, "", "Late, Two", false); return err })

	do("tournament.set", "a setting", func() error { _, _, err := st.SetTournamentField(ucCtx, "", "place", "Forlì"); return err })
	do("tournament.set", "the arbiter", func() error { _, _, err := st.SetTournamentField(ucCtx, "", "arbiter", "Bianchi, Luca"); return err })

	do("category.add", "a category", func() error { _, _, err := st.AddCategory(ucCtx, "", "Veterani", ""); return err })
	do("prize.add", "a prize", func() error { _, _, err := st.AddPrize(ucCtx, "", "", 1, "coppa"); return err })

	if _, _, err := st.AddCategory(ucCtx, "", "Veterani", ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.AssignToCategory(ucCtx, "", "Veterani", []string{"P02, Test"}); err != nil {
		t.Fatal(err)
	}
	// issue 28: members by hand (only those this call added), a player's correction
	do("category.member", "category members", func() error {
		_, _, err := st.AssignToCategory(ucCtx, "", "Veterani", []string{"P01, Test", "P02, Test"})
		return err
	})
	do("player.set", "player set", func() error { _, _, err := st.SetPlayerField(ucCtx, "", "P01, Test", "club", "CD Altro"); return err })

	do("hall.pin", "a PIN for the hall", func() error { _, _, err := st.SetPINs(ucCtx, "", []string{"P01, Test"}); return err })

	// An action undo does not revert (a kind of a newer arbitro) stops it, named; nothing
	// is written.
	if err := upd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error { return tx.logEvent(cur.ID, "match.appeal", nil, nil) }); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Undo(ucCtx, ""); !errors.Is(err, tournament.ErrCannotUndo) || !strings.Contains(err.Error(), "match.appeal") {
		t.Fatalf("undo of an unknown kind: %v", err)
	}
	ucSameRows(t, st, before, "refused undo")
	l, _, err := st.UndoList(ucCtx, "")
	if err != nil || len(l) != 1 || l[0].Action != "match.appeal" || l[0].Undoable {
		t.Fatalf("list: %+v, %v", l, err)
	}
}

// A pairing with a result is not undone before the result: the result is the last action,
// undone first; the undos walk back one action each.
func TestUndoWalksBack(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 6, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	if _, err := st.EnterResult(ucCtx, "", 1, 2, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	l, _, err := st.UndoList(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range l {
		got = append(got, s.Action)
	}
	// newEvent creates the tournament and enters the players in one transaction: one action
	if want := []string{"result.set", "round.pair", "lot.draw", "tournament.create"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("list %v, want %v", got, want)
	}
	for _, want := range []string{"result.set", "round.pair", "lot.draw"} {
		u, _, err := st.Undo(ucCtx, "")
		if err != nil || u.Action != want {
			t.Fatalf("undo: %+v %v, want %s", u, err, want)
		}
	}
	// the creation, with the players entered in it: the tournament is deleted, and with it
	// every person it entered
	if u, _, err := st.Undo(ucCtx, ""); err != nil || u.Action != "tournament.create" {
		t.Fatalf("undo of the creation: %+v %v", u, err)
	}
	for table, rows := range tablesBut(t, st) {
		if len(rows) > 0 && table != "schema_version" && table != "meta" {
			t.Errorf("after the creation undone, %s holds %v", table, rows)
		}
	}
	if _, _, err := st.Undo(ucCtx, ""); !errors.Is(err, tournament.ErrNoTournament) {
		t.Fatalf("undo with no tournament: %v", err)
	}
}

func ptr(s string) *string { return &s }
