package rules

import "math/bits"

// Fast paths for Italian perft: constant shifts for the 8x8 layout (h = 4, ghost bit after
// every even row: up-left >>5, up-right >>4, down-left <<4, down-right <<5).

const (
	itBoard  uint64 = 0xF_7FBF_DFEF // bits 0-35 except the ghost bits 4, 13, 22, 31
	itPromoW uint64 = 0xF           // row 0 (squares 1-4)
	itPromoB uint64 = 0xF << 32     // row 7 (squares 29-32)
)

// itManSeqW returns the length of the longest capture sequence a white man on cur can
// make and how many sequences reach it. Italian men move forward only, so they never come
// back near a captured piece: no captured set is needed and no two paths are duplicates.
func itManSeqW(cur, oppMen, empty uint64) (int, int) {
	bd, bc := 0, 0
	if mid := (cur >> 5) & oppMen; mid != 0 {
		if land := (mid >> 5) & empty; land != 0 {
			d, c := 1, 1
			if land&itPromoW == 0 {
				if d2, c2 := itManSeqW(land, oppMen, empty); d2 > 0 {
					d, c = d2+1, c2
				}
			}
			bd, bc = d, c
		}
	}
	if mid := (cur >> 4) & oppMen; mid != 0 {
		if land := (mid >> 4) & empty; land != 0 {
			d, c := 1, 1
			if land&itPromoW == 0 {
				if d2, c2 := itManSeqW(land, oppMen, empty); d2 > 0 {
					d, c = d2+1, c2
				}
			}
			if d > bd {
				bd, bc = d, c
			} else if d == bd {
				bc += c
			}
		}
	}
	return bd, bc
}

// itManSeqB is itManSeqW for a black man (moving toward higher bits).
func itManSeqB(cur, oppMen, empty uint64) (int, int) {
	bd, bc := 0, 0
	if mid := (cur << 4) & oppMen; mid != 0 {
		if land := (mid << 4) & empty; land != 0 {
			d, c := 1, 1
			if land&itPromoB == 0 {
				if d2, c2 := itManSeqB(land, oppMen, empty); d2 > 0 {
					d, c = d2+1, c2
				}
			}
			bd, bc = d, c
		}
	}
	if mid := (cur << 5) & oppMen; mid != 0 {
		if land := (mid << 5) & empty; land != 0 {
			d, c := 1, 1
			if land&itPromoB == 0 {
				if d2, c2 := itManSeqB(land, oppMen, empty); d2 > 0 {
					d, c = d2+1, c2
				}
			}
			if d > bd {
				bd, bc = d, c
			} else if d == bd {
				bc += c
			}
		}
	}
	return bd, bc
}

// italianLeafCount returns the number of legal moves of an Italian position (perft(1)).
func (pf *perfter) italianLeafCount(p *Position) uint64 {
	s := p.turn
	if n, ok := itLeaf(s == White, p.bb[s], p.bb[s^1], p.kings); ok {
		return n
	}
	return pf.generalLeafCount(p)
}

// itLeaf counts the legal moves of the side owning own (white when white) without
// generating them: quiet moves by population count, men-only captures by counting
// sequences. It returns ok = false when a king can capture (the caller takes the general
// path, which ranks king captures).
func itLeaf(white bool, own, opp, kings uint64) (uint64, bool) {
	empty := itBoard &^ (own | opp)
	men := own &^ kings
	oppMen := opp &^ kings
	ownK := own & kings
	if ownK != 0 {
		ck := ((empty<<5)&opp)<<5 | ((empty<<4)&opp)<<4 | ((empty>>4)&opp)>>4 | ((empty>>5)&opp)>>5
		if ck&ownK != 0 {
			return 0, false
		}
	}
	var n int
	if white {
		capW := ((empty<<5)&oppMen)<<5 | ((empty<<4)&oppMen)<<4 // squares a white man could capture from
		cm := capW & men
		if cm == 0 {
			n = bits.OnesCount64((men>>5)&empty) + bits.OnesCount64((men>>4)&empty)
		} else {
			l1 := ((cm >> 5) & oppMen) >> 5 & empty
			l2 := ((cm >> 4) & oppMen) >> 4 & empty
			if (l1|l2)&capW&^itPromoW == 0 {
				// no man can go on after its first jump: every single jump is a best capture
				return uint64(bits.OnesCount64(l1) + bits.OnesCount64(l2)), true
			}
			return itManCount(true, cm, oppMen, empty), true
		}
	} else {
		capB := ((empty>>5)&oppMen)>>5 | ((empty>>4)&oppMen)>>4
		cm := capB & men
		if cm == 0 {
			n = bits.OnesCount64((men<<5)&empty) + bits.OnesCount64((men<<4)&empty)
		} else {
			l1 := ((cm << 5) & oppMen) << 5 & empty
			l2 := ((cm << 4) & oppMen) << 4 & empty
			if (l1|l2)&capB&^itPromoB == 0 {
				return uint64(bits.OnesCount64(l1) + bits.OnesCount64(l2)), true
			}
			return itManCount(false, cm, oppMen, empty), true
		}
	}
	if ownK != 0 {
		n += bits.OnesCount64((ownK>>5)&empty) + bits.OnesCount64((ownK>>4)&empty) +
			bits.OnesCount64((ownK<<4)&empty) + bits.OnesCount64((ownK<<5)&empty)
	}
	return uint64(n), true
}

// itManCount counts the best (longest) capture sequences of the men in cm.
func itManCount(white bool, cm, oppMen, empty uint64) uint64 {
	bd, bc := 0, 0
	for cm != 0 {
		b := cm & -cm
		cm &= cm - 1
		var d, c int
		if white {
			d, c = itManSeqW(b, oppMen, empty)
		} else {
			d, c = itManSeqB(b, oppMen, empty)
		}
		if d > bd {
			bd, bc = d, c
		} else if d == bd {
			bc += c
		}
	}
	return uint64(bc)
}

// italianDepth2 returns Perft(p, 2) for an Italian position: each child is counted
// in bulk with itLeaf, with the move applied in registers.
func (pf *perfter) italianDepth2(p *Position) uint64 {
	ms := pf.italianLegal(p, 2)
	s := p.turn
	own, opp, kings := p.bb[s], p.bb[s^1], p.kings
	promo := itPromoB
	if s == White {
		promo = itPromoW
	}
	childWhite := s != White
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
		n, ok := itLeaf(childWhite, nOpp, nOwn, nk)
		if !ok {
			q := p.apply(m.from, m.to, m.capt)
			n = pf.generalLeafCount(&q)
		}
		total += n
	}
	return total
}

func (pf *perfter) generalLeafCount(p *Position) uint64 {
	g := &pf.g
	g.buf = pf.bufs[0][:0]
	g.init(p)
	g.captures()
	var n uint64
	if len(g.buf) > 0 {
		n = uint64(len(bestCaptures(g.buf)))
	} else {
		n = g.countQuiet()
	}
	pf.bufs[0] = g.buf
	return n
}

func itManGenW(buf []imove, from uint8, cur, capt, oppMen, empty uint64, n uint32) []imove {
	found := false
	if mid := (cur >> 5) & oppMen; mid != 0 {
		if land := (mid >> 5) & empty; land != 0 {
			found = true
			if land&itPromoW != 0 {
				buf = append(buf, imove{capt: capt | mid, key: (n + 1) << 24, from: from, to: uint8(bits.TrailingZeros64(land))})
			} else {
				buf = itManGenW(buf, from, land, capt|mid, oppMen, empty, n+1)
			}
		}
	}
	if mid := (cur >> 4) & oppMen; mid != 0 {
		if land := (mid >> 4) & empty; land != 0 {
			found = true
			if land&itPromoW != 0 {
				buf = append(buf, imove{capt: capt | mid, key: (n + 1) << 24, from: from, to: uint8(bits.TrailingZeros64(land))})
			} else {
				buf = itManGenW(buf, from, land, capt|mid, oppMen, empty, n+1)
			}
		}
	}
	if !found && n > 0 {
		buf = append(buf, imove{capt: capt, key: n << 24, from: from, to: uint8(bits.TrailingZeros64(cur))})
	}
	return buf
}

func itManGenB(buf []imove, from uint8, cur, capt, oppMen, empty uint64, n uint32) []imove {
	found := false
	if mid := (cur << 4) & oppMen; mid != 0 {
		if land := (mid << 4) & empty; land != 0 {
			found = true
			if land&itPromoB != 0 {
				buf = append(buf, imove{capt: capt | mid, key: (n + 1) << 24, from: from, to: uint8(bits.TrailingZeros64(land))})
			} else {
				buf = itManGenB(buf, from, land, capt|mid, oppMen, empty, n+1)
			}
		}
	}
	if mid := (cur << 5) & oppMen; mid != 0 {
		if land := (mid << 5) & empty; land != 0 {
			found = true
			if land&itPromoB != 0 {
				buf = append(buf, imove{capt: capt | mid, key: (n + 1) << 24, from: from, to: uint8(bits.TrailingZeros64(land))})
			} else {
				buf = itManGenB(buf, from, land, capt|mid, oppMen, empty, n+1)
			}
		}
	}
	if !found && n > 0 {
		buf = append(buf, imove{capt: capt, key: n << 24, from: from, to: uint8(bits.TrailingZeros64(cur))})
	}
	return buf
}

// appendJumps appends the single captures landing on the squares of t, each made by a
// jump of two steps of direction d.
func appendJumps(buf []imove, t uint64, d int) []imove {
	for t != 0 {
		i := bits.TrailingZeros64(t)
		t &= t - 1
		buf = append(buf, imove{capt: 1 << uint(i-d), key: 1 << 24, from: uint8(i - 2*d), to: uint8(i)})
	}
	return buf
}

func appendShifted(buf []imove, t uint64, d int) []imove {
	for t != 0 {
		i := bits.TrailingZeros64(t)
		t &= t - 1
		buf = append(buf, imove{from: uint8(i - d), to: uint8(i)})
	}
	return buf
}

// italianLegal returns the legal moves of an Italian position in internal form in
// pf.bufs[depth]: the same set as gen.legal, faster when no king can capture.
func (pf *perfter) italianLegal(p *Position, depth int) []imove {
	s := p.turn
	own, opp := p.bb[s], p.bb[s^1]
	empty := itBoard &^ (own | opp)
	men := own &^ p.kings
	oppMen := opp &^ p.kings
	ownK := own & p.kings
	if ownK != 0 {
		ck := ((empty<<5)&opp)<<5 | ((empty<<4)&opp)<<4 | ((empty>>4)&opp)>>4 | ((empty>>5)&opp)>>5
		if ck&ownK != 0 {
			g := &pf.g
			g.buf = pf.bufs[depth][:0]
			ms := g.legal(p)
			pf.bufs[depth] = ms
			return ms
		}
	}
	buf := pf.bufs[depth][:0]
	var cm uint64
	if s == White {
		cm = (((empty<<5)&oppMen)<<5 | ((empty<<4)&oppMen)<<4) & men
	} else {
		cm = (((empty>>5)&oppMen)>>5 | ((empty>>4)&oppMen)>>4) & men
	}
	if cm != 0 {
		// single jumps with no continuation (the common case) in bulk
		var l1, l2, cont uint64
		var d1, d2 int
		if s == White {
			l1, l2, d1, d2 = ((cm>>5)&oppMen)>>5&empty, ((cm>>4)&oppMen)>>4&empty, -5, -4
			cont = (l1 | l2) &^ itPromoW & (((empty<<5)&oppMen)<<5 | ((empty<<4)&oppMen)<<4)
		} else {
			l1, l2, d1, d2 = ((cm<<5)&oppMen)<<5&empty, ((cm<<4)&oppMen)<<4&empty, 5, 4
			cont = (l1 | l2) &^ itPromoB & (((empty>>5)&oppMen)>>5 | ((empty>>4)&oppMen)>>4)
		}
		if cont == 0 {
			buf = appendJumps(buf, l1, d1)
			buf = appendJumps(buf, l2, d2)
			pf.bufs[depth] = buf
			return buf
		}
		for cm != 0 {
			i := bits.TrailingZeros64(cm)
			cm &= cm - 1
			if s == White {
				buf = itManGenW(buf, uint8(i), 1<<uint(i), 0, oppMen, empty, 0)
			} else {
				buf = itManGenB(buf, uint8(i), 1<<uint(i), 0, oppMen, empty, 0)
			}
		}
		// men's sequences: only the count decides (men capture no kings) and no two
		// paths are duplicates, so keep the longest.
		var best uint32
		for i := range buf {
			best = max(best, buf[i].key)
		}
		out := buf[:0]
		for _, m := range buf {
			if m.key == best {
				out = append(out, m)
			}
		}
		pf.bufs[depth] = buf
		return out
	}
	if s == White {
		buf = appendShifted(buf, (men>>5)&empty, -5)
		buf = appendShifted(buf, (men>>4)&empty, -4)
	} else {
		buf = appendShifted(buf, (men<<4)&empty, 4)
		buf = appendShifted(buf, (men<<5)&empty, 5)
	}
	if ownK != 0 {
		buf = appendShifted(buf, (ownK>>5)&empty, -5)
		buf = appendShifted(buf, (ownK>>4)&empty, -4)
		buf = appendShifted(buf, (ownK<<4)&empty, 4)
		buf = appendShifted(buf, (ownK<<5)&empty, 5)
	}
	pf.bufs[depth] = buf
	return buf
}
