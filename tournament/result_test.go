package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

func TestParseOutcomeAndPoints(t *testing.T) {
	tour := &Tournament{ForfeitPoints: 2, ByePoints: 1}
	cases := []struct {
		in     string
		kind   string
		w, b   int
		result string
	}{
		{"2-0", KindPlayed, 2, 0, "2-0"},
		{"1-0", KindPlayed, 2, 0, "2-0"},
		{"0-2", KindPlayed, 0, 2, "0-2"},
		{" 0 - 1 ", KindPlayed, 0, 2, "0-2"},
		{"1-1", KindPlayed, 1, 1, "1-1"},
		{"=", KindPlayed, 1, 1, "1-1"},
		{"1/2-1/2", KindPlayed, 1, 1, "1-1"},
		{"½-½", KindPlayed, 1, 1, "1-1"},
		{"+-", KindForfeit, 2, 0, "+-"},
		{"-+", KindForfeit, 0, 2, "-+"},
		{"--", KindForfeit, 0, 0, "--"},
		{"adjourned", KindAdjourned, 0, 0, "adjourned"},
		{"Sospesa", KindAdjourned, 0, 0, "adjourned"},
		{"unplayed", KindUnplayed, 0, 0, "unplayed"},
		{"bye", KindBye, 1, 0, "bye"},
	}
	for _, c := range cases {
		o, err := ParseOutcome(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		w, b := o.Points(tour)
		r := &Result{Kind: o.Kind, WhitePoints: w, BlackPoints: b}
		if o.Kind != c.kind || w != c.w || b != c.b || r.String() != c.result {
			t.Errorf("%q: %s %d-%d %q, want %s %d-%d %q", c.in, o.Kind, w, b, r.String(), c.kind, c.w, c.b, c.result)
		}
	}
	// A forfeit worth one game point in a tournament that says so.
	o, _ := ParseOutcome("+-")
	if w, b := o.Points(&Tournament{ForfeitPoints: 1}); w != 1 || b != 0 {
		t.Errorf("forfeit with 1 point: %d-%d", w, b)
	}
	for _, bad := range []string{"", "3-0", "2-2", "win", "1-0-0"} {
		if _, err := ParseOutcome(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// SetResult on the real event's boards: a result, the errors (not paired, no board, a
// second result, a correction without a reason), and the correction in the event log.
func TestSetResult(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	ctx := context.Background()
	set := func(round, board int, spec string, opts ResultOptions) (*Board, error) {
		var b *Board
		err := st.Update(ctx, func(tx *Tx) (err error) {
			b, err = tx.SetResult(tour, round, board, 1, spec, opts)
			return err
		})
		return b, err
	}
	b, err := set(1, 1, "1-0", ResultOptions{})
	if err != nil || b.Result.WhitePoints != 2 || b.White != "Borghetti, Michele" {
		t.Fatalf("%+v %v", b, err)
	}
	for _, c := range []struct {
		round, board int
		spec         string
		opts         ResultOptions
		want         error
	}{
		{5, 1, "1-0", ResultOptions{}, ErrNotPaired},
		{1, 10, "1-0", ResultOptions{}, ErrNoBoard},
		{1, 1, "0-1", ResultOptions{}, ErrResultExists},
		{1, 1, "0-1", ResultOptions{Correct: true}, ErrInvalid},
		{1, 1, "2-0", ResultOptions{Correct: true, Reason: "same"}, ErrInvalid},
		{1, 2, "bye", ResultOptions{}, ErrInvalid},
	} {
		if _, err := set(c.round, c.board, c.spec, c.opts); !errors.Is(err, c.want) {
			t.Errorf("%d/%d %s: %v, want %v", c.round, c.board, c.spec, err, c.want)
		}
	}
	if _, err := set(1, 1, "=", ResultOptions{Correct: true, Reason: "scoresheet"}); err != nil {
		t.Fatal(err)
	}
	var evs []Event
	if err := st.View(ctx, func(tx *Tx) (err error) { evs, err = tx.Events(tour.ID); return err }); err != nil {
		t.Fatal(err)
	}
	var last Event
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
			_, err := tx.SetResult(tour, 4, 1+i, 1, "1-1", ResultOptions{})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var b *Board
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
	if b.Result == nil || b.Result.Kind != KindBye || b.Result.WhitePoints != 2 || n != 1 {
		t.Errorf("bye board %+v, %d bye events", b.Result, n)
	}
	err = st.Update(ctx, func(tx *Tx) error {
		_, err := tx.SetResult(tour, 4, 10, 1, "2-0", ResultOptions{Correct: true, Reason: "x"})
		return err
	})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("game result on a bye: %v", err)
	}
}
