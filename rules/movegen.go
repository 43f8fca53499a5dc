package rules

import (
	"math/bits"
	"slices"
)

// imove is the compact internal move used by the generator and perft: internal bit
// indexes of the start and end squares, the captured set, and the priority key.
type imove struct {
	capt     uint64
	key      uint32 // capture priority key (Italian: see itMan; International: count); 0 for a plain move
	from, to uint8
}

// seqRec is the path of a capture sequence (internal bit indexes), kept only when the
// generator records paths for the public API.
type seqRec struct{ path, caps []uint8 }

// gen holds the state of one move generation. Its buffers are reused between calls so the
// perft path does not allocate.
type gen struct {
	v                *Variant
	fwd              [2]int // the side's two forward directions
	promo            uint64 // the side's far row
	own, opp, oppMen uint64
	kings, empty     uint64
	from             uint8
	buf              []imove
	rec              bool
	recs             []seqRec
	path, caps       [64]uint8
}

func sh(x uint64, d int) uint64 {
	if d >= 0 {
		return x << uint(d&63)
	}
	return x >> uint((-d)&63)
}

func (g *gen) init(p *Position) {
	v := p.v
	s := p.turn
	g.v = v
	g.own, g.opp = p.bb[s], p.bb[s^1]
	g.oppMen = g.opp &^ p.kings
	g.kings = p.kings
	g.empty = v.board &^ (g.own | g.opp)
	g.promo = v.promo[s]
	if s == White {
		g.fwd = [2]int{v.dirs[0], v.dirs[1]}
	} else {
		g.fwd = [2]int{v.dirs[2], v.dirs[3]}
	}
	g.buf = g.buf[:0]
	g.recs = g.recs[:0]
}

// captures appends every complete capture sequence of the side to move to g.buf, before
// any priority or majority filter; International without recorded paths (g.rec unset), only
// those bestCaptures keeps.
func (g *gen) captures() {
	v := g.v
	men := g.own &^ g.kings
	kings := g.own & g.kings
	if !v.flying {
		// Italian men capture forward only and only men (RegTec 5.3).
		var cm uint64
		for _, d := range g.fwd {
			cm |= sh(sh(g.empty, -d)&g.oppMen, -d)
		}
		cm &= men
		for cm != 0 {
			i := bits.TrailingZeros64(cm)
			cm &= cm - 1
			g.from = uint8(i)
			g.itMan(1<<uint(i), 0, 0)
		}
		var ck uint64
		for _, d := range v.dirs {
			ck |= sh(sh(g.empty, -d)&g.opp, -d)
		}
		ck &= kings
		for ck != 0 {
			i := bits.TrailingZeros64(ck)
			ck &= ck - 1
			b := uint64(1) << uint(i)
			g.from = uint8(i)
			g.empty |= b // the king's start square is empty during its own capture
			g.itKing(b, 0, 0, 0, 0)
			g.empty &^= b
		}
		return
	}
	if !g.rec {
		// Without recorded paths the International captures come from the perft generator
		// (fast_international.go): only the sequences taking the most pieces, duplicate
		// paths merged, which is what bestCaptures keeps of the full list below.
		c := inCapGen{buf: g.buf, store: true}
		c.captures(men, kings, g.opp, g.empty)
		g.buf = c.buf
		return
	}
	// International men capture in all four directions (FMJD 4.1).
	var cm uint64
	for _, d := range v.dirs {
		cm |= sh(sh(g.empty, -d)&g.opp, -d)
	}
	cm &= men
	for cm != 0 {
		i := bits.TrailingZeros64(cm)
		cm &= cm - 1
		b := uint64(1) << uint(i)
		g.from = uint8(i)
		g.empty |= b // a man may come back over its start square in a long capture
		g.inMan(b, 0, 0)
		g.empty &^= b
	}
	for kings != 0 {
		i := bits.TrailingZeros64(kings)
		kings &= kings - 1
		b := uint64(1) << uint(i)
		g.from = uint8(i)
		g.empty |= b
		g.inKing(b, 0, 0)
		g.empty &^= b
	}
}

// Italian priority key: count<<24 | byKing<<23 | kingsCaptured<<18 | kingOrder, where
// kingOrder has bit 15-i set when the i-th (0-based) captured piece is a king. A larger
// key is a better capture under RegTec 6.6-6.10 rules 1-4 (see CaptureRank): among lists
// of king positions of equal length, the lexicographically smaller list has the larger
// mask. An Italian capture takes at most about ten pieces (a short king lands on squares of
// one colour class and can jump only pieces of the other class not on the edge), well
// inside 16 bits.
func (g *gen) itMan(cur, capt uint64, n int) {
	found := false
	for _, d := range g.fwd {
		mid := sh(cur, d) & g.oppMen &^ capt
		if mid == 0 {
			continue
		}
		land := sh(mid, d) & g.empty
		if land == 0 {
			continue
		}
		found = true
		if g.rec {
			g.path[n] = uint8(bits.TrailingZeros64(land))
			g.caps[n] = uint8(bits.TrailingZeros64(mid))
		}
		if land&g.promo != 0 {
			// promotion ends the move (Italian)
			g.emit(land, capt|mid, n+1, uint32(n+1)<<24)
		} else {
			g.itMan(land, capt|mid, n+1)
		}
	}
	if !found && n > 0 {
		g.emit(cur, capt, n, uint32(n)<<24)
	}
}

func (g *gen) itKing(cur, capt uint64, n int, nk, km uint32) {
	found := false
	for _, d := range g.v.dirs {
		mid := sh(cur, d) & g.opp &^ capt
		if mid == 0 {
			continue
		}
		land := sh(mid, d) & g.empty
		if land == 0 {
			continue
		}
		found = true
		if g.rec {
			g.path[n] = uint8(bits.TrailingZeros64(land))
			g.caps[n] = uint8(bits.TrailingZeros64(mid))
		}
		if mid&g.kings != 0 {
			g.itKing(land, capt|mid, n+1, nk+1, km|1<<uint(15-n))
		} else {
			g.itKing(land, capt|mid, n+1, nk, km)
		}
	}
	if !found && n > 0 {
		g.emit(cur, capt, n, uint32(n)<<24|1<<23|nk<<18|km)
	}
}

func (g *gen) inMan(cur, capt uint64, n int) {
	found := false
	for _, d := range g.v.dirs {
		mid := sh(cur, d) & g.opp &^ capt
		if mid == 0 {
			continue
		}
		land := sh(mid, d) & g.empty
		if land == 0 {
			continue
		}
		found = true
		if g.rec {
			g.path[n] = uint8(bits.TrailingZeros64(land))
			g.caps[n] = uint8(bits.TrailingZeros64(mid))
		}
		g.inMan(land, capt|mid, n+1)
	}
	if !found && n > 0 {
		g.emit(cur, capt, n, uint32(n))
	}
}

func (g *gen) inKing(cur, capt uint64, n int) {
	found := false
	for _, d := range g.v.dirs {
		t := sh(cur, d)
		for t&g.empty != 0 {
			t = sh(t, d)
		}
		if t&g.opp&^capt == 0 {
			continue
		}
		land := sh(t, d) & g.empty
		for land != 0 {
			found = true
			if g.rec {
				g.path[n] = uint8(bits.TrailingZeros64(land))
				g.caps[n] = uint8(bits.TrailingZeros64(t))
			}
			g.inKing(land, capt|t, n+1)
			land = sh(land, d) & g.empty
		}
	}
	if !found && n > 0 {
		g.emit(cur, capt, n, uint32(n))
	}
}

func (g *gen) emit(at, capt uint64, n int, key uint32) {
	m := imove{capt: capt, key: key, from: g.from, to: uint8(bits.TrailingZeros64(at))}
	if g.rec { // recs stays parallel to buf
		g.recs = append(g.recs, seqRec{path: slices.Clone(g.path[:n]), caps: slices.Clone(g.caps[:n])})
	}
	g.buf = append(g.buf, m)
}

// bestCaptures filters ms in place to the captures with the highest key (Italian
// priorities, International majority) and merges duplicate paths (same start, end and
// captured set), keeping the first.
func bestCaptures(ms []imove) []imove {
	var best uint32
	for i := range ms {
		if ms[i].key > best {
			best = ms[i].key
		}
	}
	out := ms[:0]
	for _, m := range ms {
		if m.key != best {
			continue
		}
		dup := false
		for j := range out {
			if out[j].from == m.from && out[j].to == m.to && out[j].capt == m.capt {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

// quiet appends every non-capturing move of the side to move to g.buf.
func (g *gen) quiet() {
	v := g.v
	men := g.own &^ g.kings
	kings := g.own & g.kings
	for _, d := range g.fwd {
		t := sh(men, d) & g.empty
		for t != 0 {
			i := bits.TrailingZeros64(t)
			t &= t - 1
			g.buf = append(g.buf, imove{from: uint8(i - d), to: uint8(i)})
		}
	}
	if kings == 0 {
		return
	}
	if !v.flying {
		for _, d := range v.dirs {
			t := sh(kings, d) & g.empty
			for t != 0 {
				i := bits.TrailingZeros64(t)
				t &= t - 1
				g.buf = append(g.buf, imove{from: uint8(i - d), to: uint8(i)})
			}
		}
		return
	}
	for kings != 0 {
		i := bits.TrailingZeros64(kings)
		kings &= kings - 1
		for _, d := range v.dirs {
			t := sh(uint64(1)<<uint(i), d) & g.empty
			for t != 0 {
				g.buf = append(g.buf, imove{from: uint8(i), to: uint8(bits.TrailingZeros64(t))})
				t = sh(t, d) & g.empty
			}
		}
	}
}

// countQuiet returns the number of non-capturing moves without generating them.
func (g *gen) countQuiet() uint64 {
	v := g.v
	men := g.own &^ g.kings
	kings := g.own & g.kings
	n := bits.OnesCount64(sh(men, g.fwd[0])&g.empty) + bits.OnesCount64(sh(men, g.fwd[1])&g.empty)
	if kings != 0 {
		for _, d := range v.dirs {
			t := sh(kings, d) & g.empty
			if v.flying {
				for t != 0 {
					n += bits.OnesCount64(t)
					t = sh(t, d) & g.empty
				}
			} else {
				n += bits.OnesCount64(t)
			}
		}
	}
	return uint64(n)
}

// legal fills g.buf with the legal moves of p (internal form).
func (g *gen) legal(p *Position) []imove {
	g.init(p)
	g.captures()
	if len(g.buf) > 0 {
		g.buf = bestCaptures(g.buf)
		return g.buf
	}
	g.quiet()
	return g.buf
}

// toMove converts an internal move to the public form; r is its recorded path (nil for a
// plain move).
func toMove(p *Position, m imove, r *seqRec) Move {
	v := p.v
	mv := Move{From: v.bitSq[m.from], To: v.bitSq[m.to]}
	if r != nil {
		mv.Path = make([]Square, len(r.path))
		mv.Captured = make([]Square, len(r.caps))
		for i := range r.path {
			mv.Path[i] = v.bitSq[r.path[i]]
			mv.Captured[i] = v.bitSq[r.caps[i]]
		}
	} else {
		mv.Path = []Square{mv.To}
	}
	fb := uint64(1) << m.from
	mv.Promotes = p.kings&fb == 0 && v.promo[p.turn]&(1<<m.to) != 0
	return mv
}

func sortMoves(ms []Move) {
	slices.SortFunc(ms, func(a, b Move) int {
		if a.From != b.From {
			return int(a.From) - int(b.From)
		}
		if a.To != b.To {
			return int(a.To) - int(b.To)
		}
		if c := slices.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return slices.Compare(a.Captured, b.Captured)
	})
}

// LegalMoves returns every legal move of the side to move, sorted by start square, end
// square and path. Capture is compulsory; Italian: only the captures best by the four
// priorities of RegTec 6.6-6.10 (most pieces; by a king; most kings; earliest kings);
// International: only the captures taking the most pieces (FMJD 4.13). Paths with the
// same start, end and captured set are merged into one move (the first found is kept).
// An empty result means the side to move has no move and has lost.
func (p Position) LegalMoves() []Move {
	if p.v == nil {
		return nil
	}
	g := gen{rec: true}
	g.init(&p)
	g.captures()
	if len(g.buf) == 0 {
		g.quiet()
		out := make([]Move, len(g.buf))
		for i, m := range g.buf {
			out[i] = toMove(&p, m, nil)
		}
		sortMoves(out)
		return out
	}
	// the same filter as bestCaptures, on indices so that the recorded paths follow
	var best uint32
	for _, m := range g.buf {
		best = max(best, m.key)
	}
	var out []Move
	var kept []imove
	for i, m := range g.buf {
		if m.key != best {
			continue
		}
		dup := false
		for _, o := range kept {
			if o.from == m.from && o.to == m.to && o.capt == m.capt {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, m)
			out = append(out, toMove(&p, m, &g.recs[i]))
		}
	}
	sortMoves(out)
	return out
}

// AllCaptures returns every complete capture sequence of the side to move before the
// priority (Italian) or majority (International) filter, one entry per distinct path
// (duplicate paths are NOT merged here), sorted like LegalMoves. It is empty when the side
// to move has no capture. Use it with CaptureRank to explain why a capture was not allowed.
func (p Position) AllCaptures() []Move {
	if p.v == nil {
		return nil
	}
	g := gen{rec: true}
	g.init(&p)
	g.captures()
	out := make([]Move, len(g.buf))
	for i, m := range g.buf {
		out[i] = toMove(&p, m, &g.recs[i])
	}
	sortMoves(out)
	return out
}

// HasCapture reports whether the side to move has a capture (and so must capture).
func (p Position) HasCapture() bool {
	if p.v == nil {
		return false
	}
	var g gen
	g.init(&p)
	g.captures()
	return len(g.buf) > 0
}
