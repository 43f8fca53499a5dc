package tournament

import (
	"testing"
)

// TestScoreAdjustments: the two forms of a TRF 299 record in the standings
// (ScoreAdjustment). Four players, two rounds: A beats B and draws C; C draws D; B beats
// D. B has a penalty of 2 game points from round 2; C's draw of round 1 is worth a win (2),
// written twice (a replacement replaces: never counted twice).
//
// Expected: A 3, B 2-2 = 0, C 2+1 = 3, D 1. Opponents' scores: B 0, C 3. Buchholz A =
// B 0 + C 3 = 3 (4 without the penalty); Sonneborn-Berger C = 2×D 1 + 1×A 3 = 5 (4 without
// the replacement); progressive B = 0 + 0 (round 1 untouched, the penalty from round 2;
// 2 without it), C = 2 + 3 = 5.
func TestScoreAdjustments(t *testing.T) {
	b := newBuilder(2, "A", "B", "C", "D")
	b.game(1, 1, 2, 2)
	b.game(1, 3, 4, 1)
	b.game(2, 1, 3, 1)
	b.game(2, 2, 4, 2)
	b.ct.Players[1].Adjustments = []ScoreAdjustment{{Result: ' ', Round: 2, Points: -2}}
	b.ct.Players[2].Adjustments = []ScoreAdjustment{{Result: 'D', Round: 1, Points: 2}, {Result: 'D', Round: 1, Points: 2}}
	b.ct.TieBreaks = []TieBreak{TBBuchholz, TBSonnebornBerger, TBProgressive}
	st, err := ComputeStandings(&b.ct, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name        string
		points, adj int
		bh, sb, ps  int
	}{
		{"A", 3, 0, 3, 2*0 + 1*3, 2 + 3},
		{"B", 0, -2, 3 + 1, 0*3 + 2*1, 0 + 0},
		{"C", 3, 1, 1 + 3, 2*1 + 1*3, 2 + 3},
		{"D", 1, 0, 3 + 0, 1*3 + 0*0, 1 + 1},
	} {
		s := byName(t, st, c.name)
		if s.Points != c.points || s.Adjustment != c.adj || s.TieBreaks[0] != c.bh || s.TieBreaks[1] != c.sb || s.TieBreaks[2] != c.ps {
			t.Errorf("%s: points %d (adjustment %d), Bh %d SB %d PS %d; want %d (%d), %d %d %d",
				c.name, s.Points, s.Adjustment, s.TieBreaks[0], s.TieBreaks[1], s.TieBreaks[2], c.points, c.adj, c.bh, c.sb, c.ps)
		}
	}
	// after round 1 the penalty of round 2 does not count yet; the replacement does
	st, err = ComputeStandings(&b.ct, 1)
	if err != nil {
		t.Fatal(err)
	}
	if bp, cp := byName(t, st, "B").Points, byName(t, st, "C").Points; bp != 0 || cp != 2 {
		t.Errorf("after round 1: B %d C %d, want 0 (his loss; the penalty is round 2's) and 2 (the draw worth a win)", bp, cp)
	}
	// on 1-½-0 the units are half points: the same numbers; on 3-1-0 C's draw worth a win is 3
	b.ct.Scoring = Scoring310
	st, err = ComputeStandings(&b.ct, 2)
	if err != nil {
		t.Fatal(err)
	}
	// B: his win (3) less the penalty of a win's points (-2 game points, 3 on this scale); C: the draw worth a win (3) and the draw (1)
	if bp, cp := byName(t, st, "B").Points, byName(t, st, "C").Points; bp != 0 || cp != 4 {
		t.Errorf("3-1-0: B %d C %d, want 0 and 4", bp, cp)
	}
}

// TestScoreAdjustmentKinds: each result code of record 299 replaces its own kind of round
// only (W D L over the board, + - forfeits, F H Z absences).
func TestScoreAdjustmentKinds(t *testing.T) {
	cases := []struct {
		code byte
		kind CrossKind
		gp   int
	}{
		{'W', CrossPlayed, 2}, {'D', CrossPlayed, 1}, {'L', CrossPlayed, 0},
		{'+', CrossForfeitWin, 2}, {'-', CrossForfeitLoss, 0},
		{'F', CrossAbsent, 2}, {'H', CrossAbsent, 1}, {'Z', CrossAbsent, 0},
	}
	for _, a := range cases {
		for _, s := range cases {
			got := ScoreAdjustment{Result: a.code}.replaces(s.kind, s.gp)
			if got != (a.code == s.code) {
				t.Errorf("299 %c on a %s worth %d: replaces %v", a.code, s.kind, s.gp, got)
			}
		}
		if (ScoreAdjustment{Result: a.code}).replaces(CrossBye, 2) {
			t.Errorf("299 %c replaces the pairing-allocated bye (TRF-2026 has no code for it)", a.code)
		}
	}
}
