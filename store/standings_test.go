package store

import (
	"arbitro/pairing"
	"arbitro/tournament"
)

// builder makes a Crosstable by hand: players are numbered 1..n with ID = Number = index+1.
type builder struct{ ct tournament.Crosstable }

func newBuilder(rounds int, names ...string) *builder {
	b := &builder{ct: tournament.Crosstable{Rounds: rounds, Scoring: tournament.Scoring210}}
	for i, n := range names {
		b.ct.Players = append(b.ct.Players, tournament.CrossEntry{ID: i + 1, Number: i + 1, Name: n})
	}
	return b
}

func (b *builder) add(id int, r tournament.CrossResult) {
	b.ct.Players[id-1].Results = append(b.ct.Players[id-1].Results, r)
}

// game records a game played in round r, white w against black bl, white scoring wp (2/1/0).
func (b *builder) game(r, w, bl, wp int) {
	b.add(w, tournament.CrossResult{Round: r, Opponent: bl, Colour: pairing.White, Kind: tournament.CrossPlayed, Points: wp})
	b.add(bl, tournament.CrossResult{Round: r, Opponent: w, Colour: pairing.Black, Kind: tournament.CrossPlayed, Points: 2 - wp})
}

// forfeit records that in round r `present` won by forfeit against `absent` (2-0).
func (b *builder) forfeit(r, present, absent int) {
	b.add(present, tournament.CrossResult{Round: r, Opponent: absent, Colour: pairing.White, Kind: tournament.CrossForfeitWin, Points: 2})
	b.add(absent, tournament.CrossResult{Round: r, Opponent: present, Colour: pairing.Black, Kind: tournament.CrossForfeitLoss, Points: 0})
}

func (b *builder) bye(r, id, pts int) {
	b.add(id, tournament.CrossResult{Round: r, Kind: tournament.CrossBye, Points: pts})
}

func (b *builder) absent(r, id int) {
	b.add(id, tournament.CrossResult{Round: r, Kind: tournament.CrossAbsent})
}

// unplayedEvent is a 5-player, 3-round Swiss with a bye, a forfeit and a withdrawal:
//
//	R1: A-B 2-0, C-D 1-1, E bye (2 points)
//	R2: A-C forfeit (C absent: A 2, C 0), B-E 2-0, D bye (2 points)
//	R3: D has withdrawn (absent, 0); A-E 1-1, B-C 0-2
//
// Ratings A 2000, B 1900, C 1800, D 1700, E unrated.
func unplayedEvent() *builder {
	b := newBuilder(3, "A", "B", "C", "D", "E")
	for i, r := range []int{2000, 1900, 1800, 1700, 0} {
		b.ct.Players[i].Rating = r
	}
	const A, B, C, D, E = 1, 2, 3, 4, 5
	b.game(1, A, B, 2)
	b.game(1, C, D, 1)
	b.bye(1, E, 2)
	b.forfeit(2, A, C)
	b.game(2, B, E, 2)
	b.bye(2, D, 2)
	b.absent(3, D)
	b.ct.Players[D-1].Withdrawn = true
	b.game(3, A, E, 1)
	b.game(3, B, C, 0)
	return b
}
