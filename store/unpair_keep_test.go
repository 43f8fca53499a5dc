package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// UnpairRound with a reason (issue 28): the round's results and game scores are kept in
// the log and written back on the boards paired again alike (same round, same lot: every
// board); a draw claim still blocks it; undo of the unpair writes the round back.
func TestUnpairKeepsResultsAndGameScores(t *testing.T) {
	st, _ := pairedEvent(t)
	if _, err := st.EnterResult(ucCtx, "", 1, 1, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.EnterResult(ucCtx, "", 1, 2, 1, "+-"); err != nil {
		t.Fatal(err)
	}
	var board1 int64
	if err := st.DB().QueryRow(`SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.number = 1 AND b.board = 1`).Scan(&board1); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DB().Exec(`INSERT INTO games (board_id, pdn, submitted_at) VALUES (?, '1. 22-18 *', 'now')`, board1); err != nil {
		t.Fatal(err)
	}
	u, _, err := st.Unpair(ucCtx, "", UnpairRequest{Round: 1, Reason: "paired too soon"})
	if err != nil || u.Round != 1 || u.Kept != 2 {
		t.Fatalf("unpair with a reason: %+v, %v; want round 1, 2 boards kept", u, err)
	}
	if c := counts(t, st); c[0] != 0 || c[1] != 0 || c[2] != 0 {
		t.Fatalf("after unpair: %d rounds, %d boards, %d results", c[0], c[1], c[2])
	}
	var pr *tournament.PairedRound
	err = st.Update(ucCtx, func(tx *Tx) error {
		cur, err := tx.TournamentByID(1)
		if err == nil {
			pr, err = tx.PairNext(cur, tournament.PairOptions{})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Restored) != 2 || pr.Restored[0].Board != 1 || pr.Restored[0].Result != "2-0" || !pr.Restored[0].Score ||
		pr.Restored[1].Board != 2 || pr.Restored[1].Result != "+-" || pr.Restored[1].Score {
		t.Fatalf("restored: %+v; want board 1 2-0 with its score, board 2 +-", pr.Restored)
	}
	var pdn string
	if err := st.DB().QueryRow(`SELECT g.pdn FROM games g JOIN boards b ON b.id = g.board_id WHERE b.board = 1`).Scan(&pdn); err != nil || pdn != "1. 22-18 *" {
		t.Errorf("game score of board 1: %q, %v", pdn, err)
	}
	if pr.Boards[0].Result == nil || pr.Boards[0].Result.String() != "2-0" {
		t.Errorf("board 1 as read back: %+v", pr.Boards[0].Result)
	}

	// A draw claim is not kept: it blocks the unpair even with a reason; nothing written.
	var board2 int64
	if err := st.DB().QueryRow(`SELECT id FROM boards WHERE board = 2`).Scan(&board2); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DB().Exec(`INSERT INTO claims (board_id, rule, created_at) VALUES (?, '40-moves', 'now')`, board2); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Unpair(ucCtx, "", UnpairRequest{Reason: "again"}); !errors.Is(err, tournament.ErrRoundHasResults) {
		t.Errorf("with a claim: %v, want ErrRoundHasResults", err)
	}
	ucSameRows(t, st, before, "unpair a round with a claim")
}

// Undo of an unpair with results writes the round back as it was: the same rows.
func TestUndoUnpairWritesTheRoundBack(t *testing.T) {
	st, _ := pairedEvent(t)
	if _, err := st.EnterResult(ucCtx, "", 1, 3, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	dump := func() string {
		t.Helper()
		var s string
		err := st.DB().QueryRow(`SELECT group_concat(x, '|') FROM (
			SELECT 'r' || id || number || method || seed || explanation || paired_at AS x FROM rounds
			UNION ALL SELECT 'b' || id || board || white_entry || coalesce(black_entry, 0) || rest FROM boards
			UNION ALL SELECT 's' || board_id || kind || white_points || black_points || entered_at FROM results ORDER BY 1)`).Scan(&s)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	was := dump()
	if _, _, err := st.Unpair(ucCtx, "", UnpairRequest{Reason: "wrong"}); err != nil {
		t.Fatal(err)
	}
	s, _, err := st.Undo(ucCtx, "")
	if err != nil || s.Action != "round.unpair" {
		t.Fatalf("undo: %+v, %v", s, err)
	}
	if got := dump(); got != was {
		t.Errorf("round after undo:\n%s\nwant\n%s", got, was)
	}
}
