package pairing

// The float rule, in one place: FIDE C.04.3 Art. 1.4.2–1.4.3 (Dutch) as arbitro also
// records it for the Italo-Swiss. A player paired with an opponent of a different score
// floats: the higher down, the lower up; the player given the pairing-allocated bye
// floats down. The scores compared are those the caller pairs with (before the round; the
// Dutch engine adds the acceleration's virtual points).

// PairFloats returns the floats of two players paired together with scores a and b before
// the round: (Down, Up) when a > b, (Up, Down) when a < b, (NoFloat, NoFloat) when equal.
func PairFloats(a, b int) (Float, Float) {
	switch {
	case a > b:
		return Down, Up
	case a < b:
		return Up, Down
	}
	return NoFloat, NoFloat
}

// RoundFloats returns the floats of one round's pairs by entrant id: PairFloats of the two
// scores (score(id)) for a game, Down for the bye (a pair with Black 0). Players paired
// with an equal score have no entry.
func RoundFloats(pairs []Pair, score func(id int) int) map[int]Float {
	out := map[int]Float{}
	for _, p := range pairs {
		if p.IsBye() {
			out[p.White] = Down
			continue
		}
		if fw, fb := PairFloats(score(p.White), score(p.Black)); fw != NoFloat {
			out[p.White], out[p.Black] = fw, fb
		}
	}
	return out
}
