package trf

import (
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
