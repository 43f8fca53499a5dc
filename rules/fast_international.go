package rules

import "math/bits"

// Fast paths for International perft: constant shifts for the 10x10 layout (h = 5, a ghost
// bit after every odd row, bits 10, 21, 32, 43: up-left >>6, up-right >>5, down-left <<5,
// down-right <<6), the position held in three words (own, opp, kings) passed in
// registers, and the last ply counted in bulk.
//
// Rules (FMJD 3.x, 4.x): men move one square forward and capture in all four directions;
// kings fly; a captured piece stays on the board until the capture ends (Turkish strike:
// it blocks and cannot be jumped twice); the capture taking the most pieces is compulsory
// (4.13); paths with the same start, end and captured set are one move (as in Perft).

const (
	inBoard  uint64 = (1<<54 - 1) &^ (1<<10 | 1<<21 | 1<<32 | 1<<43) // the 50 playable bits
	inPromoW uint64 = 0x1F                                           // row 0 (squares 1-5)
	inPromoB uint64 = 0x1F << 49                                     // row 9 (squares 46-50)
)

// Direction shifts: a positive step shifts left (toward Black's side, higher bits).
const (
	inUL = -6
	inUR = -5
	inDL = 5
	inDR = 6
)

// step moves every bit of x one square in direction d (a constant after inlining).
func step(x uint64, d int) uint64 {
	if d > 0 {
		return x << uint(d)
	}
	return x >> uint(-d)
}

// fill returns g together with every square reachable from g in direction d through
// squares of e (Kogge-Stone occluded fill; 15 steps, more than the 9 a diagonal needs).
func fill(g, e uint64, d int) uint64 {
	g |= e & step(g, d)
	e &= step(e, d)
	g |= e & step(g, 2*d)
	e &= step(e, 2*d)
	g |= e & step(g, 4*d)
	e &= step(e, 4*d)
	g |= e & step(g, 8*d)
	return g
}

// inCanCapture reports whether the side owning men and ownK (with opp the other side's
// pieces and empty the empty squares) has a capture.
func inCanCapture(men, ownK, opp, empty uint64) bool {
	if men&(step(step(empty, -inUL)&opp, -inUL)|step(step(empty, -inUR)&opp, -inUR)|
		step(step(empty, -inDL)&opp, -inDL)|step(step(empty, -inDR)&opp, -inDR)) != 0 {
		return true
	}
	if ownK == 0 {
		return false
	}
	// the first piece met from a king in each direction, when it is the opponent's and
	// the square behind it is empty
	return step(step(fill(ownK, empty, inUL), inUL)&opp, inUL)&empty != 0 ||
		step(step(fill(ownK, empty, inUR), inUR)&opp, inUR)&empty != 0 ||
		step(step(fill(ownK, empty, inDL), inDL)&opp, inDL)&empty != 0 ||
		step(step(fill(ownK, empty, inDR), inDR)&opp, inDR)&empty != 0
}

// inQuietCount returns the number of non-capturing moves: men by population count of
// the shifted set, kings by the occluded fill in each direction (every empty square is
// reached in a given direction by at most one king, the nearest piece behind it).
func inQuietCount(white bool, men, ownK, empty uint64) uint64 {
	var n int
	if white {
		n = bits.OnesCount64(step(men, inUL)&empty) + bits.OnesCount64(step(men, inUR)&empty)
	} else {
		n = bits.OnesCount64(step(men, inDL)&empty) + bits.OnesCount64(step(men, inDR)&empty)
	}
	if ownK != 0 {
		n += bits.OnesCount64(fill(ownK, empty, inUL)&^ownK) + bits.OnesCount64(fill(ownK, empty, inUR)&^ownK) +
			bits.OnesCount64(fill(ownK, empty, inDL)&^ownK) + bits.OnesCount64(fill(ownK, empty, inDR)&^ownK)
	}
	return uint64(n)
}

// inCapGen collects the captures of one position taking the most pieces, with duplicate
// paths merged.
type inCapGen struct {
	opp   uint64 // the opponent's pieces (captured ones included: they stay until the end)
	empty uint64 // empty squares, the moving piece's start square included
	from  uint8
	best  int  // the most pieces taken by a sequence found so far
	cnt   int  // how many distinct sequences take best pieces
	store bool // keep every best sequence in buf (otherwise only those taking 3 or more)
	buf   []imove
}

// add records a complete sequence from c.from to the bit at, taking capt (n pieces). Only
// sequences taking the most pieces so far are counted, and kept in c.buf when c.store is
// set. Two sequences taking one or two pieces with the same start, end and captured set
// are the same path (a man's jumps are fixed by its captured pieces; a king's second jump
// from two landing squares of one line is generated once, in kingLine; two pieces taken in
// either order would need two parallel lines through both), so only n >= 3 is checked for
// a duplicate, and those are always kept.
func (c *inCapGen) add(at, capt uint64, n int) {
	if n < c.best {
		return
	}
	to := uint8(bits.TrailingZeros64(at))
	if n > c.best {
		c.best = n
		c.cnt = 0
		c.buf = c.buf[:0]
	}
	if n >= 3 {
		for i := range c.buf {
			if c.buf[i].capt == capt && c.buf[i].to == to && c.buf[i].from == c.from {
				return
			}
		}
	} else if !c.store {
		c.cnt++
		return
	}
	c.cnt++
	c.buf = append(c.buf, imove{capt: capt, key: uint32(n), from: c.from, to: to})
}

// man continues a man's capture from the bit cur, having taken capt (n pieces).
func (c *inCapGen) man(cur, capt uint64, n int) {
	found := false
	opp := c.opp &^ capt
	if mid := step(cur, inUL) & opp; mid != 0 {
		if land := step(mid, inUL) & c.empty; land != 0 {
			found = true
			c.man(land, capt|mid, n+1)
		}
	}
	if mid := step(cur, inUR) & opp; mid != 0 {
		if land := step(mid, inUR) & c.empty; land != 0 {
			found = true
			c.man(land, capt|mid, n+1)
		}
	}
	if mid := step(cur, inDL) & opp; mid != 0 {
		if land := step(mid, inDL) & c.empty; land != 0 {
			found = true
			c.man(land, capt|mid, n+1)
		}
	}
	if mid := step(cur, inDR) & opp; mid != 0 {
		if land := step(mid, inDR) & c.empty; land != 0 {
			found = true
			c.man(land, capt|mid, n+1)
		}
	}
	if !found && n > 0 {
		c.add(cur, capt, n)
	}
}

// kingJump looks from the bit cur along d for a capture: it returns the piece to take and
// the first landing square, or 0, 0.
func (c *inCapGen) kingJump(cur, capt uint64, d int) (uint64, uint64) {
	t := step(cur, d)
	for t&c.empty != 0 {
		t = step(t, d)
	}
	if t&c.opp&^capt == 0 {
		return 0, 0
	}
	land := step(t, d) & c.empty
	if land == 0 {
		return 0, 0
	}
	return t, land
}

// kingLine follows a king's capture that has just taken the piece before land (the first
// landing square) going along d, with capt taken (n pieces). From each landing square the
// king may go on across the line; going on along the line is the same capture from any
// landing square, so it is explored once, from the last one.
func (c *inCapGen) kingLine(land, capt uint64, n int, d int) {
	var e1, e2 int
	if d == inUL || d == inDR {
		e1, e2 = inUR, inDL
	} else {
		e1, e2 = inUL, inDR
	}
	// along the line: from the last landing square
	last := land
	for nx := step(last, d) & c.empty; nx != 0; nx = step(nx, d) & c.empty {
		last = nx
	}
	along := false
	if mid, l2 := c.kingJump(last, capt, d); mid != 0 {
		along = true
		c.kingLine(l2, capt|mid, n+1, d)
	}
	for sq := land; sq != 0; sq = step(sq, d) & c.empty {
		found := along
		if mid, l2 := c.kingJump(sq, capt, e1); mid != 0 {
			found = true
			c.kingLine(l2, capt|mid, n+1, e1)
		}
		if mid, l2 := c.kingJump(sq, capt, e2); mid != 0 {
			found = true
			c.kingLine(l2, capt|mid, n+1, e2)
		}
		if !found {
			c.add(sq, capt, n)
		}
	}
}

// king starts a king's capture from the bit k.
func (c *inCapGen) king(k uint64) {
	for _, d := range [4]int{inUL, inUR, inDL, inDR} {
		if mid, land := c.kingJump(k, 0, d); mid != 0 {
			c.kingLine(land, mid, 1, d)
		}
	}
}

// captures finds the best captures of the side owning men and ownK: c.cnt of them, in
// c.buf when c.store is set.
func (c *inCapGen) captures(men, ownK, opp, empty uint64) {
	c.opp = opp
	c.best = 0
	c.cnt = 0
	c.buf = c.buf[:0]
	cm := men & (step(step(empty, -inUL)&opp, -inUL) | step(step(empty, -inUR)&opp, -inUR) |
		step(step(empty, -inDL)&opp, -inDL) | step(step(empty, -inDR)&opp, -inDR))
	for cm != 0 {
		b := cm & -cm
		cm &= cm - 1
		c.from = uint8(bits.TrailingZeros64(b))
		c.empty = empty | b // a man may come back over its start square in a long capture
		c.man(b, 0, 0)
	}
	for k := ownK; k != 0; k &= k - 1 {
		b := k & -k
		c.from = uint8(bits.TrailingZeros64(b))
		c.empty = empty | b
		c.king(b)
	}
}

// singleManCaptures returns the number of legal moves when only men can capture and no
// man can go on after its first jump, and ok = false otherwise. It looks at the landing
// squares of each direction set-wise: from a landing square reached along d, the man may
// go on in the three directions other than back (-d), over any opposing piece, onto a
// square that is empty or was a capturing man's start (counting those as empty can only
// find more continuations, so ok = true is exact).
func singleManCaptures(cm, opp, empty uint64) (uint64, bool) {
	e := empty | cm
	jUL := step(step(e, -inUL)&opp, -inUL) // squares from which a jump up-left lands in e
	jUR := step(step(e, -inUR)&opp, -inUR)
	jDL := step(step(e, -inDL)&opp, -inDL)
	jDR := step(step(e, -inDR)&opp, -inDR)
	lUL := step(step(cm, inUL)&opp, inUL) & empty
	lUR := step(step(cm, inUR)&opp, inUR) & empty
	lDL := step(step(cm, inDL)&opp, inDL) & empty
	lDR := step(step(cm, inDR)&opp, inDR) & empty
	if lUL&(jUL|jUR|jDL) != 0 || lUR&(jUL|jUR|jDR) != 0 || lDL&(jUL|jDL|jDR) != 0 || lDR&(jUR|jDL|jDR) != 0 {
		return 0, false
	}
	return uint64(bits.OnesCount64(lUL) + bits.OnesCount64(lUR) + bits.OnesCount64(lDL) + bits.OnesCount64(lDR)), true
}

// inPerfter walks International positions for Perft.
type inPerfter struct {
	cg   inCapGen
	bufs [][]imove
}

func newInPerfter(depth int) *inPerfter {
	pf := &inPerfter{bufs: make([][]imove, depth+1)}
	for i := range pf.bufs {
		pf.bufs[i] = make([]imove, 0, 128)
	}
	pf.cg.buf = make([]imove, 0, 64)
	return pf
}

// leaf returns the number of legal moves (perft(1)) of the side owning own.
func (pf *inPerfter) leaf(white bool, own, opp, kings uint64) uint64 {
	empty := inBoard &^ (own | opp)
	men := own &^ kings
	ownK := own & kings
	if !inCanCapture(men, ownK, opp, empty) {
		return inQuietCount(white, men, ownK, empty)
	}
	if ownK == 0 {
		cm := men & (step(step(empty, -inUL)&opp, -inUL) | step(step(empty, -inUR)&opp, -inUR) |
			step(step(empty, -inDL)&opp, -inDL) | step(step(empty, -inDR)&opp, -inDR))
		if n, ok := singleManCaptures(cm, opp, empty); ok {
			return n
		}
	}
	pf.cg.store = false
	pf.cg.captures(men, ownK, opp, empty)
	return uint64(pf.cg.cnt)
}

// moves appends the legal moves of the side owning own to buf.
func (pf *inPerfter) moves(buf []imove, white bool, own, opp, kings uint64) []imove {
	empty := inBoard &^ (own | opp)
	men := own &^ kings
	ownK := own & kings
	if inCanCapture(men, ownK, opp, empty) {
		pf.cg.store = true
		pf.cg.captures(men, ownK, opp, empty)
		return append(buf, pf.cg.buf...)
	}
	if white {
		for t := step(men, inUL) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i + 6, to: i})
		}
		for t := step(men, inUR) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i + 5, to: i})
		}
	} else {
		for t := step(men, inDL) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i - 5, to: i})
		}
		for t := step(men, inDR) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i - 6, to: i})
		}
	}
	for k := ownK; k != 0; k &= k - 1 {
		b := k & -k
		from := uint8(bits.TrailingZeros64(b))
		for _, d := range [4]int{inUL, inUR, inDL, inDR} {
			for t := step(b, d) & empty; t != 0; t = step(t, d) & empty {
				buf = append(buf, imove{from: from, to: uint8(bits.TrailingZeros64(t))})
			}
		}
	}
	return buf
}

// run returns perft(depth) (depth >= 1) of the position where the side owning own
// (White when white) is to move.
func (pf *inPerfter) run(white bool, own, opp, kings uint64, depth int) uint64 {
	if depth == 1 {
		return pf.leaf(white, own, opp, kings)
	}
	ms := pf.moves(pf.bufs[depth][:0], white, own, opp, kings)
	pf.bufs[depth] = ms
	promo := inPromoB
	if white {
		promo = inPromoW
	}
	var total uint64
	for i := range ms {
		m := &ms[i]
		fb, tb := uint64(1)<<(m.from&63), uint64(1)<<(m.to&63)
		nOwn := own&^fb | tb
		nOpp := opp &^ m.capt
		nk := kings &^ m.capt
		if kings&fb != 0 {
			nk = nk&^fb | tb
		} else {
			nk |= tb & promo
		}
		total += pf.run(!white, nOpp, nOwn, nk, depth-1)
	}
	return total
}

// perftInternational returns Perft(p, depth) for an International position, depth >= 1.
func perftInternational(p *Position, depth int) uint64 {
	s := p.turn
	return newInPerfter(depth).run(s == White, p.bb[s], p.bb[s^1], p.kings, depth)
}
