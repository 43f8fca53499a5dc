package rules

import (
	"math/bits"
	"sync"
)

// The replay fast path. Replaying a game score checks one written move per ply against the
// legal moves of the position; doing that through Position.LegalMoves would build a Move
// (with Path and Captured slices) for every legal move of every ply. Here the generator's
// compact internal moves are matched by start and end square, and the position advanced
// with the same internal apply, so a normal ply allocates nothing. Anything unusual (a full
// path written, several captures fitting, an illegal move) falls back to the public API.

// fastGen is a reusable move generator for replay.
type fastGen struct {
	g gen
	// path is the scratch buffer of manCapturePath.
	path [64]Square
}

// replayScratch holds the buffers one Replay call grows (the generator's move list, the
// draw tracker's position history), kept in a pool so that replaying game after game
// (an archive audit) does not allocate them again for every game.
type replayScratch struct {
	buf  []imove
	hist []histEntry
}

var replayScratchPool = sync.Pool{New: func() any {
	return &replayScratch{buf: make([]imove, 0, 64), hist: make([]histEntry, 0, 64)}
}}

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

// manCapturePath returns the landing squares (the last one is m's end square) of the
// International man capture m, legal in p, as Position.LegalMoves reports its Path: of the
// paths from m.from to m.to taking exactly the pieces m.capt, the first the generator finds
// (inMan: directions in v.dirs order, depth first). Every such path ends in the same state
// (square and captured set), so they are all complete sequences and the first one found
// here, searching only jumps over pieces of m.capt, is the first the generator emits. The
// result is f's scratch buffer; nil if no path is found (not expected for a legal move).
func (f *fastGen) manCapturePath(p *Position, m imove) []Square {
	v := p.v
	c := manPathSearch{v: v, opp: p.bb[p.turn^1], want: m.capt, to: uint64(1) << m.to}
	c.empty = v.board &^ (p.bb[0] | p.bb[1])
	c.empty |= uint64(1) << m.from // a man may come back over its start square
	if !c.search(uint64(1)<<m.from, 0, 0) {
		return nil
	}
	n := bits.OnesCount64(m.capt)
	for i := 0; i < n; i++ {
		f.path[i] = v.bitSq[c.steps[i]]
	}
	return f.path[:n]
}

// manPathSearch is the state of manCapturePath's depth-first search.
type manPathSearch struct {
	v                    *Variant
	opp, empty, want, to uint64
	steps                [64]uint8
}

func (c *manPathSearch) search(cur, capt uint64, n int) bool {
	if capt == c.want {
		return cur == c.to
	}
	for _, d := range c.v.dirs {
		mid := sh(cur, d) & c.opp &^ capt & c.want
		if mid == 0 {
			continue
		}
		land := sh(mid, d) & c.empty
		if land == 0 {
			continue
		}
		c.steps[n] = uint8(bits.TrailingZeros64(land))
		if c.search(land, capt|mid, n+1) {
			return true
		}
	}
	return false
}
