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

// fillR returns g together with every square reachable from g through squares of e by
// repeated right shifts of s bits (Kogge-Stone occluded fill: 15 steps, more than the 9 a
// diagonal needs); fillL is the same with left shifts. s is a constant after inlining.
func fillR(g, e uint64, s uint) uint64 {
	g |= e & (g >> s)
	e &= e >> s
	g |= e & (g >> (2 * s))
	e &= e >> (2 * s)
	g |= e & (g >> (4 * s))
	e &= e >> (4 * s)
	return g | e&(g>>(8*s))
}

func fillL(g, e uint64, s uint) uint64 {
	g |= e & (g << s)
	e &= e << s
	g |= e & (g << (2 * s))
	e &= e << (2 * s)
	g |= e & (g << (4 * s))
	e &= e << (4 * s)
	return g | e&(g<<(8*s))
}

// Ray tables: inRay[d][i] holds the squares after bit i along direction d (0 up-left, 1
// up-right, 2 down-left, 3 down-right) to the edge; inNext[d][i] the first of them.
var inRay, inNext [4][64]uint64

// inShift are the four directions as shifts, in the order of the ray tables.
var inShift = [4]int{inUL, inUR, inDL, inDR}

// inAcross are the two directions across each direction.
var inAcross = [4][2]int{{1, 2}, {0, 3}, {0, 3}, {1, 2}}

func init() {
	for d, sd := range inShift {
		for i := 0; i < 64; i++ {
			if inBoard&(1<<uint(i)) == 0 {
				continue
			}
			inNext[d][i] = step(1<<uint(i), sd) & inBoard
			for t := inNext[d][i]; t != 0; t = step(t, sd) & inBoard {
				inRay[d][i] |= t
			}
		}
	}
}

// inFirst returns the first square of the non-empty set r met along direction d.
func inFirst(d int, r uint64) int {
	if d >= 2 {
		return bits.TrailingZeros64(r)
	}
	return 63 - bits.LeadingZeros64(r)
}

// inKingFills returns, for the kings ownK and the empty squares, the squares each
// direction's slides reach (the kings included).
func inKingFills(ownK, empty uint64) (ul, ur, dl, dr uint64) {
	return fillR(ownK, empty, 6), fillR(ownK, empty, 5), fillL(ownK, empty, 5), fillL(ownK, empty, 6)
}

// inManCapturers returns the men that can capture.
func inManCapturers(men, opp, empty uint64) uint64 {
	return men & (((empty<<6)&opp)<<6 | ((empty<<5)&opp)<<5 | ((empty>>5)&opp)>>5 | ((empty>>6)&opp)>>6)
}

// inKingCaptures reports whether a king can capture, given the fills of inKingFills: the
// first piece met in a direction is the opponent's and the square behind it is empty.
func inKingCaptures(ul, ur, dl, dr, opp, empty uint64) bool {
	return ((ul>>6)&opp)>>6&empty|((ur>>5)&opp)>>5&empty|((dl<<5)&opp)<<5&empty|((dr<<6)&opp)<<6&empty != 0
}

// inQuietCount returns the number of non-capturing moves: men by population count of
// the shifted set, kings from the fills of inKingFills (every empty square is reached in a
// given direction by at most one king, the nearest piece behind it).
func inQuietCount(white bool, men, ownK, empty, ul, ur, dl, dr uint64) uint64 {
	var n int
	if white {
		n = bits.OnesCount64((men>>6)&empty) + bits.OnesCount64((men>>5)&empty)
	} else {
		n = bits.OnesCount64((men<<5)&empty) + bits.OnesCount64((men<<6)&empty)
	}
	if ownK != 0 {
		n += bits.OnesCount64(ul&^ownK) + bits.OnesCount64(ur&^ownK) + bits.OnesCount64(dl&^ownK) + bits.OnesCount64(dr&^ownK)
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
	if n == c.best && n < 3 && !c.store {
		c.cnt++ // the common case, inlined
		return
	}
	c.addSlow(at, capt, n)
}

// addSlow is add's general case (kept apart so that add inlines).
func (c *inCapGen) addSlow(at, capt uint64, n int) {
	if n < c.best {
		return
	}
	if n > c.best {
		c.best = n
		c.cnt = 0
		c.buf = c.buf[:0]
	}
	if n < 3 && !c.store {
		c.cnt++
		return
	}
	to := uint8(bits.TrailingZeros64(at))
	if n >= 3 {
		for i := range c.buf {
			if c.buf[i].capt == capt && c.buf[i].to == to && c.buf[i].from == c.from {
				return
			}
		}
	}
	c.cnt++
	c.buf = append(c.buf, imove{capt: capt, key: uint32(n), from: c.from, to: to})
}

// man continues a man's capture from the bit cur, where it can take a piece, having taken
// capt (n pieces). A landing square from which no piece can be taken ends the sequence
// there: that is checked set-wise, as in inManCapturers, without a call and without the
// direction back (its neighbour is the piece just taken).
func (c *inCapGen) man(cur, capt uint64, n int) {
	opp := c.opp &^ capt
	e := c.empty
	if mid := step(cur, inUL) & opp; mid != 0 {
		if land := step(mid, inUL) & e; land != 0 {
			if o := opp &^ mid; land&(((e<<6)&o)<<6|((e<<5)&o)<<5|((e>>5)&o)>>5) != 0 {
				c.man(land, capt|mid, n+1)
			} else {
				c.add(land, capt|mid, n+1)
			}
		}
	}
	if mid := step(cur, inUR) & opp; mid != 0 {
		if land := step(mid, inUR) & e; land != 0 {
			if o := opp &^ mid; land&(((e<<6)&o)<<6|((e<<5)&o)<<5|((e>>6)&o)>>6) != 0 {
				c.man(land, capt|mid, n+1)
			} else {
				c.add(land, capt|mid, n+1)
			}
		}
	}
	if mid := step(cur, inDL) & opp; mid != 0 {
		if land := step(mid, inDL) & e; land != 0 {
			if o := opp &^ mid; land&(((e<<6)&o)<<6|((e>>5)&o)>>5|((e>>6)&o)>>6) != 0 {
				c.man(land, capt|mid, n+1)
			} else {
				c.add(land, capt|mid, n+1)
			}
		}
	}
	if mid := step(cur, inDR) & opp; mid != 0 {
		if land := step(mid, inDR) & e; land != 0 {
			if o := opp &^ mid; land&(((e<<5)&o)<<5|((e>>5)&o)>>5|((e>>6)&o)>>6) != 0 {
				c.man(land, capt|mid, n+1)
			} else {
				c.add(land, capt|mid, n+1)
			}
		}
	}
}

// kingLine follows a king's capture that has just taken the piece on bit blk going along
// direction d, with capt taken (n pieces). The landing squares are the empty squares after
// blk up to the next piece. From each the king may go on across the line; going on along
// the line is the same capture from any landing square, so it is explored once.
func (c *inCapGen) kingLine(d, blk int, capt uint64, n int) {
	occ := inBoard &^ c.empty
	r := inRay[d][blk]
	land := r
	along := false
	if o := r & occ; o != 0 {
		nb := inFirst(d, o)
		land = r &^ inRay[d][nb] &^ (1 << uint(nb))
		if b := uint64(1) << uint(nb); b&c.opp&^capt != 0 && inNext[d][nb]&c.empty != 0 {
			along = true
			c.kingLine(d, nb, capt|b, n+1)
		}
	}
	e1, e2 := inAcross[d][0], inAcross[d][1]
	for ; land != 0; land &= land - 1 {
		sq := bits.TrailingZeros64(land)
		found := along
		if o := inRay[e1][sq] & occ; o != 0 {
			if nb := inFirst(e1, o); (1<<uint(nb))&c.opp&^capt != 0 && inNext[e1][nb]&c.empty != 0 {
				found = true
				c.kingLine(e1, nb, capt|1<<uint(nb), n+1)
			}
		}
		if o := inRay[e2][sq] & occ; o != 0 {
			if nb := inFirst(e2, o); (1<<uint(nb))&c.opp&^capt != 0 && inNext[e2][nb]&c.empty != 0 {
				found = true
				c.kingLine(e2, nb, capt|1<<uint(nb), n+1)
			}
		}
		if !found {
			c.add(uint64(1)<<uint(sq), capt, n)
		}
	}
}

// king starts a king's capture from bit k.
func (c *inCapGen) king(k int) {
	occ := inBoard &^ c.empty
	for d := range 4 {
		if o := inRay[d][k] & occ; o != 0 {
			if nb := inFirst(d, o); (1<<uint(nb))&c.opp != 0 && inNext[d][nb]&c.empty != 0 {
				c.kingLine(d, nb, 1<<uint(nb), 1)
			}
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
	cm := inManCapturers(men, opp, empty)
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
		c.king(int(c.from))
	}
}

// count returns the number of legal captures (a capture is compulsory, so perft(1)) of
// the side whose men cm can capture and whose kings are ownK, without listing them.
//
// Men are looked at set-wise first: from a square a man lands on after one jump along d,
// it may go on in the three directions other than back (-d), over any opposing piece, onto
// a square that is empty or is a capturing man's start square. Counting those start squares
// as empty can only find more continuations, so a man none of whose landings may go on
// takes exactly one piece on each of its jumps: those jumps are counted by population
// count, and only the other men (and the kings) are followed jump by jump. The one-piece
// jumps count only when no capture takes more (4.13).
func (c *inCapGen) count(cm, ownK, opp, empty uint64) uint64 {
	e := empty | cm
	jUL := step(step(e, -inUL)&opp, -inUL) // squares from which a jump up-left lands in e
	jUR := step(step(e, -inUR)&opp, -inUR)
	jDL := step(step(e, -inDL)&opp, -inDL)
	jDR := step(step(e, -inDR)&opp, -inDR)
	lUL := step(step(cm, inUL)&opp, inUL) & empty
	lUR := step(step(cm, inUR)&opp, inUR) & empty
	lDL := step(step(cm, inDL)&opp, inDL) & empty
	lDR := step(step(cm, inDR)&opp, inDR) & empty
	// the men with a landing square that may go on (two steps back from it)
	goOn := step(step(lUL&(jUL|jUR|jDL), -inUL), -inUL) | step(step(lUR&(jUL|jUR|jDR), -inUR), -inUR) |
		step(step(lDL&(jUL|jDL|jDR), -inDL), -inDL) | step(step(lDR&(jUR|jDL|jDR), -inDR), -inDR)
	var ones int
	if one := cm &^ goOn; one != 0 {
		if goOn != 0 {
			lUL = step(step(one, inUL)&opp, inUL) & empty
			lUR = step(step(one, inUR)&opp, inUR) & empty
			lDL = step(step(one, inDL)&opp, inDL) & empty
			lDR = step(step(one, inDR)&opp, inDR) & empty
		}
		ones = bits.OnesCount64(lUL) + bits.OnesCount64(lUR) + bits.OnesCount64(lDL) + bits.OnesCount64(lDR)
		if goOn|ownK == 0 {
			return uint64(ones)
		}
	}
	c.opp = opp
	c.best = 0
	c.cnt = 0
	c.store = false
	c.buf = c.buf[:0]
	for t := goOn; t != 0; t &= t - 1 {
		b := t & -t
		c.from = uint8(bits.TrailingZeros64(b))
		c.empty = empty | b // a man may come back over its start square in a long capture
		c.man(b, 0, 0)
	}
	for k := ownK; k != 0; k &= k - 1 {
		b := k & -k
		c.from = uint8(bits.TrailingZeros64(b))
		c.empty = empty | b
		c.king(int(c.from))
	}
	if c.best <= 1 {
		return uint64(c.cnt + ones)
	}
	return uint64(c.cnt)
}

// inPerfter walks International positions for Perft.
type inPerfter struct {
	cg   inCapGen
	bufs [][]imove
}

// inBufLen is the room for the moves of one ply that newInPerfter sets aside; a ply with
// more moves (kings with many captures) gets a buffer of its own when it needs one.
const inBufLen = 64

// newInPerfter returns a walker for counts of up to depth plies. The move buffers of all
// plies are cut from one allocation: a count of a few milliseconds touches few pages and
// calls the allocator twice.
func newInPerfter(depth int) *inPerfter {
	all := make([]imove, (depth+2)*inBufLen)
	pf := &inPerfter{bufs: make([][]imove, depth+1)}
	for i := range pf.bufs {
		pf.bufs[i] = all[i*inBufLen : i*inBufLen : (i+1)*inBufLen]
	}
	pf.cg.buf = all[(depth+1)*inBufLen : (depth+1)*inBufLen : (depth+2)*inBufLen]
	return pf
}

// leaf returns the number of legal moves (perft(1)) of the side owning own.
func (pf *inPerfter) leaf(white bool, own, opp, kings uint64) uint64 {
	empty := inBoard &^ (own | opp)
	men := own &^ kings
	ownK := own & kings
	cm := inManCapturers(men, opp, empty)
	if ownK == 0 {
		if cm == 0 {
			if white {
				return uint64(bits.OnesCount64((men>>6)&empty) + bits.OnesCount64((men>>5)&empty))
			}
			return uint64(bits.OnesCount64((men<<5)&empty) + bits.OnesCount64((men<<6)&empty))
		}
	} else {
		ul, ur, dl, dr := inKingFills(ownK, empty)
		if cm == 0 && !inKingCaptures(ul, ur, dl, dr, opp, empty) {
			return inQuietCount(white, men, ownK, empty, ul, ur, dl, dr)
		}
	}
	return pf.cg.count(cm, ownK, opp, empty)
}

// moves appends the legal moves of the side owning own to buf.
func (pf *inPerfter) moves(buf []imove, white bool, own, opp, kings uint64) []imove {
	empty := inBoard &^ (own | opp)
	men := own &^ kings
	ownK := own & kings
	capture := inManCapturers(men, opp, empty) != 0
	if !capture && ownK != 0 {
		ul, ur, dl, dr := inKingFills(ownK, empty)
		capture = inKingCaptures(ul, ur, dl, dr, opp, empty)
	}
	if capture {
		// listed straight into buf (empty here), and cg's own buffer put back after
		cg := &pf.cg
		scratch := cg.buf
		cg.buf = buf
		cg.store = true
		cg.captures(men, ownK, opp, empty)
		buf, cg.buf = cg.buf, scratch
		return buf
	}
	if white {
		for t := (men >> 6) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i + 6, to: i})
		}
		for t := (men >> 5) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i + 5, to: i})
		}
	} else {
		for t := (men << 5) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i - 5, to: i})
		}
		for t := (men << 6) & empty; t != 0; t &= t - 1 {
			i := uint8(bits.TrailingZeros64(t))
			buf = append(buf, imove{from: i - 6, to: i})
		}
	}
	occ := own | opp
	for k := ownK; k != 0; k &= k - 1 {
		from := bits.TrailingZeros64(k)
		for d := range 4 {
			r := inRay[d][from]
			if o := r & occ; o != 0 {
				nb := inFirst(d, o)
				r &^= inRay[d][nb] | 1<<uint(nb)
			}
			for ; r != 0; r &= r - 1 {
				buf = append(buf, imove{from: uint8(from), to: uint8(bits.TrailingZeros64(r))})
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
	if depth == 2 {
		if n, ok := pf.quiet2(white, own, opp, kings); ok {
			return n
		}
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

// quiet2 returns perft(2) when the side to move has no capture, walking its moves in
// registers without listing them, and ok = false when it must capture.
func (pf *inPerfter) quiet2(white bool, own, opp, kings uint64) (uint64, bool) {
	empty := inBoard &^ (own | opp)
	men := own &^ kings
	ownK := own & kings
	if inManCapturers(men, opp, empty) != 0 {
		return 0, false
	}
	if ownK != 0 {
		ul, ur, dl, dr := inKingFills(ownK, empty)
		if inKingCaptures(ul, ur, dl, dr, opp, empty) {
			return 0, false
		}
	}
	var total uint64
	if white {
		for t := (men >> 6) & empty; t != 0; t &= t - 1 {
			tb := t & -t
			mv := tb | tb<<6
			total += pf.leaf(false, opp, own^mv, kings|tb&inPromoW)
		}
		for t := (men >> 5) & empty; t != 0; t &= t - 1 {
			tb := t & -t
			mv := tb | tb<<5
			total += pf.leaf(false, opp, own^mv, kings|tb&inPromoW)
		}
	} else {
		for t := (men << 5) & empty; t != 0; t &= t - 1 {
			tb := t & -t
			mv := tb | tb>>5
			total += pf.leaf(true, opp, own^mv, kings|tb&inPromoB)
		}
		for t := (men << 6) & empty; t != 0; t &= t - 1 {
			tb := t & -t
			mv := tb | tb>>6
			total += pf.leaf(true, opp, own^mv, kings|tb&inPromoB)
		}
	}
	occ := own | opp
	for k := ownK; k != 0; k &= k - 1 {
		from := bits.TrailingZeros64(k)
		kb := k & -k
		for d := range 4 {
			r := inRay[d][from]
			if o := r & occ; o != 0 {
				nb := inFirst(d, o)
				r &^= inRay[d][nb] | 1<<uint(nb)
			}
			for ; r != 0; r &= r - 1 {
				mv := kb | r&-r
				total += pf.leaf(!white, opp, own^mv, kings^mv)
			}
		}
	}
	return total, true
}

// perftInternational returns Perft(p, depth) for an International position, depth >= 1.
func perftInternational(p *Position, depth int) uint64 {
	s := p.turn
	return newInPerfter(depth).run(s == White, p.bb[s], p.bb[s^1], p.kings, depth)
}
