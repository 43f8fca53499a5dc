package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// playedEvent is pairedEvent with round 1 played by SimulateRound.
func playedEvent(t *testing.T) (*Store, *tournament.Tournament, []tournament.SimulatedBoard) {
	t.Helper()
	st, tr := pairedEvent(t)
	played, sel, err := st.SimulateRound(ucCtx, "", 1, tournament.SimRoundOptions{Seed: 7})
	if err != nil || sel.ID != tr.ID {
		t.Fatal(err)
	}
	return st, tr, played
}

// SimulateRound plays every board of the round: results and scores stored; a second run
// finds nothing left to play; a round not paired is refused and writes nothing.
// StoredGame reads a score back; a board without one is refused.
func TestUCSimulateRoundStoredGame(t *testing.T) {
	st, _, played := playedEvent(t)
	if len(played) != 4 {
		t.Fatalf("%d boards played, want 4", len(played))
	}
	boards, _, err := st.ResultList(ucCtx, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		if b.Result == nil || b.GameID == 0 {
			t.Errorf("board %d: result %v, game %d", b.Board, b.Result, b.GameID)
		}
	}
	if again, _, err := st.SimulateRound(ucCtx, "", 1, tournament.SimRoundOptions{Seed: 7}); err != nil || len(again) != 0 {
		t.Errorf("again: %d played, %v", len(again), err)
	}
	before := ucRows(t, st)
	if _, _, err := st.SimulateRound(ucCtx, "", 2, tournament.SimRoundOptions{}); !errors.Is(err, tournament.ErrNotPaired) {
		t.Errorf("round 2: %v, want ErrNotPaired", err)
	}
	ucSameRows(t, st, before, "simulate a round not paired")
	sg, _, err := st.StoredGame(ucCtx, "", 1, played[0].Board, 1)
	if err != nil || sg.Board.Board != played[0].Board || sg.PDN == "" || !sg.Legal {
		t.Fatalf("stored game: %+v, %v", sg, err)
	}
	if g, err := sg.Parse(); err != nil || len(g.Moves) == 0 {
		t.Errorf("score read back: %v", err)
	}
	st2, _ := pairedEvent(t)
	if _, _, err := st2.StoredGame(ucCtx, "", 1, 1, 1); !errors.Is(err, tournament.ErrNoGame) {
		t.Errorf("no score: %v, want ErrNoGame", err)
	}
	if _, _, err := st2.StoredGame(ucCtx, "", 1, 9, 1); !errors.Is(err, tournament.ErrNoBoard) {
		t.Errorf("no board: %v, want ErrNoBoard", err)
	}
}
