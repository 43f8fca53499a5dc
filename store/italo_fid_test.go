package store

import (
	"arbitro/tournament"
	"fmt"
	"testing"
)

// The federation program's odd-field case (Kosmos v15.81 state of the LiFiDama port's
// tests) through the store: art8 is the default format; round 1 is 1-2, 3-4, 5 rests (RM,
// 2 points); after 1 beats 2 and 3-4 is drawn, round 2 starts from 5 (who rested) and
// gives 5-3, 4-1, 2 rests.
func TestItaloArt8OddThroughStore(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 4, 5, nil)
	if tr.ItaloFormat != "art8" {
		t.Fatalf("default format %q, want art8", tr.ItaloFormat)
	}
	playOddFieldRoundOne(t, st, tr)
	if got := roundByNumbers(t, st, tr, 2); fmt.Sprint(got) != "[5-3 4-1 2-0]" {
		t.Fatalf("round 2: %v, the federation program gives 5-3 4-1 and 2 rests", got)
	}
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		bs, err := tx.Boards(cur, 2)
		if err != nil {
			return err
		}
		last := bs[len(bs)-1]
		if last.Rest != "RM" || last.Result == nil || last.Result.WhitePoints != 2 {
			t.Errorf("round 2 rest: kind %q result %+v, want RM worth 2", last.Rest, last.Result)
		}
		return nil
	})
}

// art9: round 1 of 7 players over 5 rounds: 1-2, 3-4 play, numbers 5-7 have the turn rest
// (RT), worth 0 points.
func TestItaloArt9TurnRestScoresZero(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 7, func(t *tournament.Tournament) { t.ItaloFormat = "art9" })
	drawLot(t, st, tr, nil)
	pairNext(t, st, tr, tournament.PairOptions{})
	if got := roundByNumbers(t, st, tr, 1); fmt.Sprint(got) != "[1-2 3-4 5-0 6-0 7-0]" {
		t.Fatalf("round 1: %v", got)
	}
	mustUpd(t, st, tr, func(tx *Tx, cur *tournament.Tournament) error {
		bs, err := tx.Boards(cur, 1)
		if err != nil {
			return err
		}
		for _, b := range bs[2:] {
			if b.Rest != "RT" || b.Result == nil || b.Result.WhitePoints != 0 {
				t.Errorf("board %d: kind %q result %+v, want RT worth 0", b.Board, b.Rest, b.Result)
			}
		}
		return nil
	})
}
