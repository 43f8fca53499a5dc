package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// EnterResult and CorrectResult: the board returned and stored, a repeat that writes
// nothing and is not an error, the refusals (nothing written), and the correction logged.
func TestUCEnterCorrectResult(t *testing.T) {
	st, tr := pairedEvent(t)
	e, err := st.EnterResult(ucCtx, "", 1, 1, 1, "2-0")
	if err != nil || e.Same != nil || e.Tournament.ID != tr.ID || e.Board.Result == nil || e.Board.Result.WhitePoints != 2 || e.Warnings != nil {
		t.Fatalf("enter: %+v, %v", e, err)
	}
	boards, _, err := st.ResultList(ucCtx, "", 1)
	if err != nil || boards[0].Result == nil || boards[0].Result.WhitePoints != 2 {
		t.Fatalf("stored: %+v, %v", boards, err)
	}
	before := ucRows(t, st)
	e, err = st.EnterResult(ucCtx, "", 1, 1, 1, "1-0")
	if err != nil || !errors.Is(e.Same, tournament.ErrSameResult) || e.Board == nil {
		t.Errorf("the same again: %+v, %v", e, err)
	}
	ucSameRows(t, st, before, "the same result again")
	for _, c := range []struct {
		name string
		call func() (ResultEntry, error)
		want error
	}{
		{"another result", func() (ResultEntry, error) { return st.EnterResult(ucCtx, "", 1, 1, 1, "0-2") }, tournament.ErrResultExists},
		{"no board", func() (ResultEntry, error) { return st.EnterResult(ucCtx, "", 1, 9, 1, "2-0") }, tournament.ErrNoBoard},
		{"round not paired", func() (ResultEntry, error) { return st.EnterResult(ucCtx, "", 2, 1, 1, "2-0") }, tournament.ErrNotPaired},
		{"no reason", func() (ResultEntry, error) { return st.CorrectResult(ucCtx, "", 1, 1, 1, "1-1", " ") }, tournament.ErrMalformed},
		{"nothing to correct", func() (ResultEntry, error) { return st.CorrectResult(ucCtx, "", 1, 1, 1, "2-0", "why") }, tournament.ErrInvalid},
	} {
		if _, err := c.call(); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		ucSameRows(t, st, before, c.name)
	}
	e, err = st.CorrectResult(ucCtx, tr.Name, 1, 1, 1, "1-1", "scoresheet")
	if err != nil || e.Board.Result.WhitePoints != 1 || e.Board.Result.BlackPoints != 1 {
		t.Fatalf("correct: %+v, %v", e, err)
	}
	evs, _, err := st.EventLog(ucCtx, "")
	if err != nil || evs[len(evs)-1].Action != "result.correct" {
		t.Errorf("last event %+v, %v", evs[len(evs)-1], err)
	}
}

// ResultList: every board of the round in order; a round not paired is refused.
func TestUCResultList(t *testing.T) {
	st, tr := pairedEvent(t)
	boards, sel, err := st.ResultList(ucCtx, "", 0)
	if err != nil || sel.ID != tr.ID || len(boards) != 4 {
		t.Fatalf("%d boards, %v", len(boards), err)
	}
	for i, b := range boards {
		if b.Round != 1 || b.Board != i+1 || b.Result != nil {
			t.Errorf("board %d: %+v", i+1, b)
		}
	}
	if _, _, err := st.ResultList(ucCtx, "", 3); !errors.Is(err, tournament.ErrNotPaired) {
		t.Errorf("round 3: %v, want ErrNotPaired", err)
	}
}
