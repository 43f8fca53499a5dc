package rules

import (
	"math/bits"
	"strconv"
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
//
// When the side to move has no capture (positionHasCapture, set-wise), the legal moves are
// the ordinary moves: from -> to is then checked directly (quietStep), which is what most
// plies of a game need. nLegal is only counted (countQuiet) when the written move does not fit:
// a move that fits returns nLegal 1 ("at least one"; the replay reads nLegal only to
// diagnose a move that fits nothing).
func (f *fastGen) fastMatch(p *Position, from, to Square) (n int, m imove, nLegal int) {
	v := p.v
	fb, tb := v.sqBit[from], v.sqBit[to]
	if !positionHasCapture(p) {
		if quietStep(p, fb, tb) {
			return 1, imove{from: fb, to: tb}, 1
		}
		f.g.init(p)
		return 0, imove{}, int(f.g.countQuiet())
	}
	g := &f.g
	g.init(p)
	g.captures()
	if len(g.buf) == 0 { // not expected: anyCapture found a first jump
		nLegal = int(g.countQuiet())
		if g.quietMove(fb, tb) {
			return 1, imove{from: fb, to: tb}, nLegal
		}
		return 0, imove{}, nLegal
	}
	g.buf = bestCaptures(g.buf)
	ms := g.buf
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

// quietMove reports whether from -> to (internal bits) is one of the ordinary moves gen.quiet
// generates for g's position (g.init done): a man one step forward, a short king (Italian)
// one step in any direction, a flying king (International) any distance along a diagonal
// of empty squares; to must be empty.
func (g *gen) quietMove(from, to uint8) bool {
	fb, tb := uint64(1)<<from, uint64(1)<<to
	if g.own&fb == 0 || g.empty&tb == 0 {
		return false
	}
	if g.kings&fb == 0 {
		return sh(fb, g.fwd[0]) == tb || sh(fb, g.fwd[1]) == tb
	}
	return kingReaches(g.v, fb, tb, g.empty)
}

// kingReaches reports whether a king on fb reaches the empty square tb in one ordinary
// move of variant v: one step along a diagonal (Italian short king, dama) or any distance
// over empty squares (International flying king).
func kingReaches(v *Variant, fb, tb, empty uint64) bool {
	for _, d := range v.dirs {
		t := sh(fb, d) & empty
		if !v.flying {
			if t == tb {
				return true
			}
			continue
		}
		for t != 0 {
			if t == tb {
				return true
			}
			t = sh(t, d) & empty
		}
	}
	return false
}

// fastPlay plays an internal move and reports whether it was irreversible (a man moved or
// a capture was made: the events that reset the 40-move and 25-move counts).
func fastPlay(p Position, m imove) (Position, bool) {
	irrev := m.capt != 0 || p.kings&(uint64(1)<<m.from) == 0
	return p.apply(m.from, m.to, m.capt), irrev
}

// hasLegalMove reports whether the side to move in p has any legal move.
func (f *fastGen) hasLegalMove(p *Position) bool {
	g := &f.g
	g.init(p)
	return g.anyCapture() || g.countQuiet() > 0
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

// appendFEN appends p.FEN() to dst (the same text, built from the bitboards without a
// strings.Builder): the side to move, then White's and Black's pieces, men before kings,
// each in square order. Replay writes FinalFEN this way once per game.
func appendFEN(dst []byte, p *Position) []byte {
	if p.turn == White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	v := p.v
	for _, s := range [2]Side{White, Black} {
		if s == White {
			dst = append(dst, ':', 'W')
		} else {
			dst = append(dst, ':', 'B')
		}
		if v == nil {
			continue
		}
		first := true
		for _, king := range [2]bool{false, true} {
			set := p.bb[s] &^ p.kings
			if king {
				set = p.bb[s] & p.kings
			}
			if set == 0 {
				continue
			}
			// The squares of set as a mask by square number (at most 50 squares: bits
			// 1-50), walked upwards: square order, one step a piece instead of one a
			// square (issue 33).
			var sqs uint64
			for b := set; b != 0; b &= b - 1 {
				sqs |= uint64(1) << v.bitSq[bits.TrailingZeros64(b)]
			}
			sqs &^= 1 // a ghost bit (square 0) is no square, as FEN() skips it
			for ; sqs != 0; sqs &= sqs - 1 {
				sq := bits.TrailingZeros64(sqs)
				if !first {
					dst = append(dst, ',')
				}
				first = false
				if king {
					dst = append(dst, 'K')
				}
				dst = strconv.AppendInt(dst, int64(sq), 10)
			}
		}
	}
	return dst
}

// fenString returns p.FEN() (see appendFEN).
func fenString(p *Position) string {
	var buf [192]byte
	return string(appendFEN(buf[:0], p))
}
