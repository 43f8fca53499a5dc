package rules

// DivideEntry is one line of PerftDivide: a legal first move and the number of leaves
// under it.
type DivideEntry struct {
	Move   Move
	Leaves uint64
}

type perfter struct {
	g    gen
	bufs [][]imove
}

func (pf *perfter) run(p Position, depth int) uint64 {
	g := &pf.g
	if depth == 1 {
		if p.v == Italian {
			return pf.italianLeafCount(&p)
		}
		return pf.generalLeafCount(&p)
	}
	if p.v == Italian {
		if depth == 2 {
			return pf.italianDepth2(&p)
		}
		ms := pf.italianLegal(&p, depth)
		var total uint64
		for i := range ms {
			m := &ms[i]
			q := p.apply(m.from, m.to, m.capt)
			total += pf.run(q, depth-1)
		}
		return total
	}
	g.buf = pf.bufs[depth][:0]
	ms := g.legal(&p)
	pf.bufs[depth] = ms
	var total uint64
	for i := range ms {
		m := &ms[i]
		q := p.apply(m.from, m.to, m.capt)
		total += pf.run(q, depth-1)
	}
	return total
}

func newPerfter(depth int) *perfter {
	pf := &perfter{bufs: make([][]imove, depth+1)}
	for i := range pf.bufs {
		pf.bufs[i] = make([]imove, 0, 128)
	}
	return pf
}

// Perft returns the number of leaf positions depth plies below p (depth 0 gives 1), with
// legal moves as LegalMoves gives them (duplicate capture paths counted once). Published
// figures from the start position are in docs/rules-italian.md and docs/rules-international.md.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 || p.v == nil {
		return 1
	}
	if p.v == International {
		return perftInternational(&p, depth)
	}
	return newPerfter(depth).run(p, depth)
}

// PerftDivide returns, for each legal move of p (in LegalMoves order), the leaf count
// depth-1 plies after it; the Leaves sum to Perft(p, depth). depth < 1 gives nil.
func PerftDivide(p Position, depth int) []DivideEntry {
	if depth < 1 || p.v == nil {
		return nil
	}
	ms := p.LegalMoves()
	out := make([]DivideEntry, len(ms))
	pf := newPerfter(depth)
	var in *inPerfter
	if p.v == International {
		in = newInPerfter(depth)
	}
	for i, m := range ms {
		q := p.Play(m)
		var n uint64 = 1
		switch {
		case depth > 1 && in != nil:
			s := q.turn
			n = in.run(s == White, q.bb[s], q.bb[s^1], q.kings, depth-1)
		case depth > 1:
			n = pf.run(q, depth-1)
		}
		out[i] = DivideEntry{Move: m, Leaves: n}
	}
	return out
}
