package tournament

import "testing"

// A round is complete when every player of the field has a slot in it and none is
// pending; a withdrawn player or one who enters later needs none.
func TestRoundComplete(t *testing.T) {
	played := func(round int) CrossResult { return CrossResult{Round: round, Kind: CrossPlayed, Opponent: 9} }
	ct := &Crosstable{Rounds: 2, Players: []CrossEntry{
		{ID: 1, Results: []CrossResult{played(1), played(2)}},
		{ID: 2, Results: []CrossResult{played(1), {Round: 2, Kind: CrossBye, Points: 2}}},
		{ID: 3, Results: []CrossResult{played(1), {Round: 2, Kind: CrossAbsent}}},
		{ID: 4, Results: []CrossResult{played(1)}, Withdrawn: true},
		{ID: 5, JoinedRound: 3},
	}}
	if !RoundComplete(ct, 2) {
		t.Fatal("round 2: every player accounted for, want complete")
	}
	ct.Players[4].JoinedRound = 2
	if RoundComplete(ct, 2) {
		t.Fatal("round 2: player 5 entered in round 2 has no slot, want incomplete")
	}
	ct.Players[4].JoinedRound = 3
	ct.Players[0].Results[1].Kind = CrossPending
	if RoundComplete(ct, 2) {
		t.Fatal("round 2: a pending game, want incomplete")
	}
	if RoundComplete(ct, 0) || RoundComplete(nil, 1) {
		t.Fatal("no round: want incomplete")
	}
}
