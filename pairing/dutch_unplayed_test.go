package pairing

import (
	"strings"
	"testing"
)

// Games not played over the board (C.04.3 as bbpPairings and JaVaFo read C1 and C2,
// hand-built cases).
func TestDutchUnplayedGames(t *testing.T) {
	// 1 won round 1 by forfeit against 2: they have not met (C1 counts played games),
	// so round 2 pairs them. Art. 5.2.5: no colour history, 1 is the higher ranked and odd, so
	// he gets the initial colour.
	es := players(2)
	es[0].History = []Round{{Number: 1, Opponent: 2, Kind: ForfeitWin, Points: 2}}
	es[0].Score = 2
	es[1].History = []Round{{Number: 1, Opponent: 1, Kind: ForfeitLoss}}
	res, err := Dutch(es, DutchOptions{Round: 2, InitialColour: White})
	if err != nil {
		t.Fatal(err)
	}
	expectPairs(t, res.Pairs, [][2]int{{1, 2}})

	// 3 was absent in round 1 with a full-point bye: a win's points without playing,
	// so no pairing-allocated bye for him (C2). The engine pairs 1-3 (1-2 met) and
	// gives the bye to 2; a round giving it to 3 is flagged.
	es = players(3)
	game(es, 1, 1, 2, 2)
	es[2].History = []Round{{Number: 1, Kind: Absent, Points: 2}}
	es[2].Score = 2
	opt := DutchOptions{Round: 2, InitialColour: White}
	res, err = Dutch(es, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkAbsolute(es, opt, res.Pairs); err != nil {
		t.Fatal(err)
	}
	if b := res.Pairs[len(res.Pairs)-1]; !b.IsBye() || b.White != 2 {
		t.Fatalf("bye %v, want player 2 (%v)", b, res.Pairs)
	}
	chk, err := CheckDutch(es, opt, []Pair{{Board: 1, White: 1, Black: 2}, {Board: 2, White: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(chk.Violations, "\n"), "C2 (Art. 2.1.2): player 3") {
		t.Fatalf("violations %q, want C2 for player 3", chk.Violations)
	}
}
