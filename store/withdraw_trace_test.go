package store

// Rule-to-test traceability (RULES-TESTS.md at the repository root, line F35).

import (
	"arbitro/tournament"
	"testing"
)

// F35 (docs/pairing-fid.md §2.8): a player who withdraws after the pairing is published keeps
// his board in that round, where the game is a forfeit (present side 2, absent 0 with the
// default forfeit points); from the next round on he is no longer paired.
// Four players, Italo-Swiss: round 1 is 1–2, 3–4 (by pairing number). The White player of
// board 1 withdraws after round 1 is paired.
func TestTraceWithdrawAfterPairingIsForfeit(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 4, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	var before []*tournament.Board
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) (err error) {
		before, err = tx.Boards(cur, 1)
		return err
	})
	if len(before) != 2 || before[0].Bye() {
		t.Fatalf("round 1 boards: %+v", before)
	}
	gone := before[0].White
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		_, err := tx.WithdrawPlayer(cur, gone)
		return err
	})
	// His board of round 1 stays; the forfeit is recorded on it: Black present wins 0-2.
	var b *tournament.Board
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) (err error) {
		bs, err := tx.Boards(cur, 1)
		if err != nil {
			return err
		}
		if len(bs) != 2 || bs[0].White != gone {
			t.Errorf("round 1 boards after the withdrawal: %+v", bs)
		}
		b, err = tx.SetResult(cur, 1, 1, 1, "-+", tournament.ResultOptions{})
		return err
	})
	if b.Result == nil || b.Result.Kind != tournament.KindForfeit || b.Result.WhitePoints != 0 || b.Result.BlackPoints != 2 {
		t.Fatalf("forfeit result: %+v", b.Result)
	}
	setResults(t, st, tr, 1)
	// Round 2: three players left, one bye; the withdrawn player appears on no board.
	pairNext(t, st, tr, tournament.PairOptions{})
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		bs, err := tx.Boards(cur, 2)
		if err != nil {
			return err
		}
		byes := 0
		for _, x := range bs {
			if x.White == gone || x.Black == gone {
				t.Errorf("withdrawn %s paired in round 2: %+v", gone, x)
			}
			if x.Bye() {
				byes++
			}
		}
		if len(bs) != 2 || byes != 1 {
			t.Errorf("round 2: %d boards, %d byes, want 2 and 1", len(bs), byes)
		}
		return nil
	})
}

// F35 in a round robin (docs/pairing-fid.md §2.8, §3): the Berger table does not change when a
// player withdraws; his later games stay on the table and the pairing warns that each must
// be recorded as a forfeit.
func TestTraceWithdrawRoundRobinForfeitWarning(t *testing.T) {
	st, tr := newEvent(t, tournament.RoundRobin, 3, 4, nil)
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 1)
	gone := "P01, Test"
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		_, err := tx.WithdrawPlayer(cur, gone)
		return err
	})
	pr := pairNext(t, st, tr, tournament.PairOptions{})
	on := false
	for _, b := range pr.Boards {
		on = on || b.White == gone || b.Black == gone
	}
	if !on || len(pr.Boards) != 2 {
		t.Errorf("round 2 boards %+v: the withdrawn player's Berger game must stay", pr.Boards)
	}
	warned := false
	for _, w := range pr.Warnings {
		warned = warned || (w.Code == tournament.NoteUnavailable && w.Str("player") == gone) // "... record his game as a forfeit"
	}
	if !warned {
		t.Errorf("warnings %q: want one telling to record %s's game as a forfeit", pr.Warnings, gone)
	}
}
