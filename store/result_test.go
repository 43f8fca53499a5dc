package store

import (
	"arbitro/tournament"
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// SetResult on the real event's boards: a result, the errors (not paired, no board, a
// second result, a correction without a reason), and the correction in the event log.
func TestSetResult(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	ctx := context.Background()
	set := func(round, board int, spec string, opts tournament.ResultOptions) (*tournament.Board, error) {
		var b *tournament.Board
		err := st.Update(ctx, func(tx *Tx) (err error) {
			b, err = tx.SetResult(tour, round, board, 1, spec, opts)
			return err
		})
		return b, err
	}
	b, err := set(1, 1, "1-0", tournament.ResultOptions{})
	if err != nil || b.Result.WhitePoints != 2 || b.White != "Borghetti, Michele" {
		t.Fatalf("%+v %v", b, err)
	}
	for _, c := range []struct {
		round, board int
		spec         string
		opts         tournament.ResultOptions
		want         error
	}{
		{5, 1, "1-0", tournament.ResultOptions{}, tournament.ErrNotPaired},
		{1, 10, "1-0", tournament.ResultOptions{}, tournament.ErrNoBoard},
		{1, 1, "0-1", tournament.ResultOptions{}, tournament.ErrResultExists},
		{1, 1, "0-1", tournament.ResultOptions{Correct: true}, tournament.ErrInvalid},
		{1, 1, "2-0", tournament.ResultOptions{Correct: true, Reason: "same"}, tournament.ErrInvalid},
		{1, 2, "bye", tournament.ResultOptions{}, tournament.ErrInvalid},
	} {
		if _, err := set(c.round, c.board, c.spec, c.opts); !errors.Is(err, c.want) {
			t.Errorf("%d/%d %s: %v, want %v", c.round, c.board, c.spec, err, c.want)
		}
	}
	if _, err := set(1, 1, "=", tournament.ResultOptions{Correct: true, Reason: "scoresheet"}); err != nil {
		t.Fatal(err)
	}
	var evs []tournament.Event
	if err := st.View(ctx, func(tx *Tx) (err error) { evs, err = tx.Events(tour.ID); return err }); err != nil {
		t.Fatal(err)
	}
	var last tournament.Event
	n := 0
	for _, e := range evs {
		if e.Action == "result.set" || e.Action == "result.correct" {
			last = e
			n++
		}
	}
	var before, after struct{ Result, Reason string }
	json.Unmarshal(last.Before, &before)
	json.Unmarshal(last.After, &after)
	if n != 2 || last.Action != "result.correct" || before.Result != "2-0" || after.Result != "1-1" || after.Reason != "scoresheet" {
		t.Errorf("events: %d, last %s %s -> %s (%s)", n, last.Action, before.Result, after.Result, after.Reason)
	}
}

// Byes: the bye board gets the tournament's bye points when a result of its round is
// entered, once; a game result on it is refused.
func TestByeScoredAutomatically(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	ctx := context.Background()
	err := st.Update(ctx, func(tx *Tx) error {
		// Round 4 gets a bye board 10 for the first player.
		_, err := tx.exec(`INSERT INTO boards (round_id, board, white_entry) VALUES ((SELECT id FROM rounds WHERE number = 4), 10, 1)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		err = st.Update(ctx, func(tx *Tx) error {
			_, err := tx.SetResult(tour, 4, 1+i, 1, "1-1", tournament.ResultOptions{})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var b *tournament.Board
	var n int
	err = st.View(ctx, func(tx *Tx) (err error) {
		if b, err = tx.BoardAt(tour, 4, 10, 1); err != nil {
			return err
		}
		return tx.queryRow(`SELECT count(*) FROM events WHERE action = 'result.bye'`).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	if b.Result == nil || b.Result.Kind != tournament.KindBye || b.Result.WhitePoints != 2 || n != 1 {
		t.Errorf("bye board %+v, %d bye events", b.Result, n)
	}
	err = st.Update(ctx, func(tx *Tx) error {
		_, err := tx.SetResult(tour, 4, 10, 1, "2-0", tournament.ResultOptions{Correct: true, Reason: "x"})
		return err
	})
	if !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("game result on a bye: %v", err)
	}
}
