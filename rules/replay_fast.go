package rules

// The replay fast path. Replaying a game score checks one written move per ply against the
// legal moves of the position; doing that through Position.LegalMoves would build a Move
// (with Path and Captured slices) for every legal move of every ply. Here the generator's
// compact internal moves are matched by start and end square, and the position advanced
// with the same internal apply, so a normal ply allocates nothing. Anything unusual (a full
// path written, several captures fitting, an illegal move) falls back to the public API.

// fastGen is a reusable move generator for replay.
type fastGen struct {
	g gen
}

// fastMatch returns the number of legal moves of p going from -> to (distinct captured
// sets; duplicate paths are merged by the generator), the first such move, and the number
// of legal moves in p. from and to must be valid squares of p's variant.
func (f *fastGen) fastMatch(p *Position, from, to Square) (n int, m imove, nLegal int) {
	v := p.v
	fb, tb := v.sqBit[from], v.sqBit[to]
	ms := f.g.legal(p)
	for i := range ms {
		if ms[i].from == fb && ms[i].to == tb {
			if n == 0 {
				m = ms[i]
			}
			n++
		}
	}
	return n, m, len(ms)
}

// fastPlay plays an internal move and reports whether it was irreversible (a man moved or
// a capture was made: the events that reset the 40-move and 25-move counts).
func fastPlay(p Position, m imove) (Position, bool) {
	irrev := m.capt != 0 || p.kings&(uint64(1)<<m.from) == 0
	return p.apply(m.from, m.to, m.capt), irrev
}

// hasLegalMove reports whether the side to move in p has any legal move.
func (f *fastGen) hasLegalMove(p *Position) bool {
	return len(f.g.legal(p)) > 0
}
