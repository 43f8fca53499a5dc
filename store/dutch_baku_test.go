package store

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// TestBakuGroupAFromDatabase (C.04.7, Baku method; C.04.5.1 before 2026): group A of a
// tournament paired from the database is the first half, rounded up to an even number,
// of round 1's field, and its last player stays the same when late entries come.
// 21 entries of which one (the lowest rated) withdraws before round 1: the field is 20,
// group A is 1-10 (21 entries would give 12, and bbpPairings' ⌈n/2⌉ 11). After round 1 two
// late entries join (numbers 22 and 23): group A stays 1-10 in round 2 (23 entrants
// would make it 1-12). Player 5's announced absence from round 1 keeps him in the field
// (without him the last of group A would be number 11). Player 10 gets a win's worth (2 game points) in rounds 1-3 and a
// draw's in rounds 4-5 of 9; player 11 and the late entries get nothing. The exported
// TRF says the same in 250 records (ExportTRF, addBakuRecords).
func TestBakuGroupAFromDatabase(t *testing.T) {
	st, tr := newEvent(t, tournament.Dutch, 9, 21, nil)
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		return tx.SetAcceleration(cur, tournament.AccelerationBaku)
	})
	drawLot(t, st, tr, nil)
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		if _, err := tx.SetAbsence(cur, "P05, Test", 1, 1, "half-point bye"); err != nil {
			return err
		}
		_, err := tx.WithdrawPlayer(cur, "P21, Test")
		return err
	})
	virtual := func(round int) map[int]int { // pairing number → virtual points of round
		out := map[int]int{}
		err := st.View(context.Background(), func(tx *Tx) error {
			cur, err := tx.TournamentByID(tr.ID)
			if err != nil {
				return err
			}
			es, err := tx.snapshot(cur, round)
			if err != nil {
				return err
			}
			acc, err := tx.loadAcceleration(cur)
			if err != nil {
				return err
			}
			opt := tournament.DutchOptions(cur, round, es, nil, acc)
			if opt.Acceleration == nil {
				t.Fatal("no acceleration for a Baku tournament")
			}
			for _, e := range es {
				out[e.Number] = opt.Acceleration(e.ID, round)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	r1 := virtual(1)
	for num, want := range map[int]int{1: 2, 10: 2, 11: 0, 12: 0, 21: 0} {
		if r1[num] != want {
			t.Errorf("round 1: number %d gets %d, want %d", num, r1[num], want)
		}
	}
	pairNext(t, st, tr, tournament.PairOptions{})
	for _, name := range []string{"Late, One", "Late, Two"} {
		mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
			e, err := tx.AddPlayer(cur, tournament.Player{Name: name, Rating: 2500})
			if err == nil && e.JoinedRound != 2 {
				t.Fatalf("%s joined in round %d, want 2", name, e.JoinedRound)
			}
			return err
		})
	}
	setResults(t, st, tr, 1)
	r2 := virtual(2)
	for num, want := range map[int]int{1: 2, 10: 2, 11: 0, 12: 0, 22: 0, 23: 0} {
		if r2[num] != want {
			t.Errorf("round 2 (two late entries): number %d gets %d, want %d", num, r2[num], want)
		}
	}
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 2)
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 3)
	if r4 := virtual(4); r4[10] != 1 || r4[11] != 0 {
		t.Errorf("round 4: numbers 10 and 11 get %d and %d, want 1 and 0", r4[10], r4[11])
	}

	// The exported TRF carries the same group A as 250 records beside 192 _BAKU, so that
	// a reader (bbpPairings: ⌈23/2⌉ = 12 players from 192 alone) applies 1-10.
	var buf bytes.Buffer
	err := st.View(context.Background(), func(tx *Tx) error {
		cur, err := tx.TournamentByID(tr.ID)
		if err != nil {
			return err
		}
		out, err := tx.ExportTRF(cur)
		if err != nil {
			return err
		}
		return trf.Write(&buf, out)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"192 FIDE_DUTCH_2025_BAKU\n", "250       1.0 001 003 0001 0010\n", "250       0.5 004 005 0001 0010\n"} {
		if !strings.Contains(buf.String(), l) {
			t.Errorf("the exported file has no %q:\n%s", l, buf.String())
		}
	}
	back, err := trf.Parse(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	// and every round paired from the database is the engine's pairing of the exported
	// file (late entries included): the file's group A is the database's
	rep, err := trf.Check(back, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Identical != 3 || len(rep.Rounds) != 3 {
		t.Errorf("exported file: %d of %d rounds are the engine's pairing, want 3 of 3: %+v", rep.Identical, len(rep.Rounds), rep.Rounds)
	}
	acc := back.Accelerated()
	for num := 1; num <= 23; num++ {
		for r := 1; r <= 9; r++ {
			if got, want := acc(num, r), pairing.BakuPoints(10, 9, r, num); got != want {
				t.Errorf("exported file: number %d round %d gets %d, want %d", num, r, got, want)
			}
		}
	}
}
