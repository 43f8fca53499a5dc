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

// italianLeafCount returns the number of legal moves of an Italian position (perft(1))
// without generating them when it can: quiet moves by population count, men-only captures
// by counting sequences; positions where a king can capture take the general path.
func (pf *perfter) italianLeafCount(p *Position) uint64 {
	s := p.turn
	own, opp := p.bb[s], p.bb[s^1]
	empty := itBoard &^ (own | opp)
	men := own &^ p.kings
	oppMen := opp &^ p.kings
	ownK := own & p.kings
	if ownK != 0 {
		ck := ((empty<<5)&opp)<<5 | ((empty<<4)&opp)<<4 | ((empty>>4)&opp)>>4 | ((empty>>5)&opp)>>5
		if ck&ownK != 0 {
			return pf.generalLeafCount(p)
		}
	}
	var cm uint64
	var n int
	if s == White {
		cm = (((empty<<5)&oppMen)<<5 | ((empty<<4)&oppMen)<<4) & men
		if cm == 0 {
			n = bits.OnesCount64((men>>5)&empty) + bits.OnesCount64((men>>4)&empty)
		}
	} else {
		cm = (((empty>>5)&oppMen)>>5 | ((empty>>4)&oppMen)>>4) & men
		if cm == 0 {
			n = bits.OnesCount64((men<<5)&empty) + bits.OnesCount64((men<<4)&empty)
		}
	}
	if cm == 0 {
		if ownK != 0 {
			n += bits.OnesCount64((ownK>>5)&empty) + bits.OnesCount64((ownK>>4)&empty) +
				bits.OnesCount64((ownK<<4)&empty) + bits.OnesCount64((ownK<<5)&empty)
		}
		return uint64(n)
	}
	bd, bc := 0, 0
	for cm != 0 {
		b := cm & -cm
		cm &= cm - 1
		var d, c int
		if s == White {
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
