package rules

// The replay's quiet-move path. Most plies of a game are ordinary moves played while the
// side to move has no capture. For those, fastMatch needs neither the capture list nor the
// number of legal moves: it asks anyCapture (set-wise, no sequence is followed) and, when
// there is none, checks the written move alone (quietMove). Only a capture position, or a
// written move that does not fit, goes on to generate or count moves.

// anyCapture reports whether the side to move in g's position (g.init done) has a capture,
// that is whether g.captures would list at least one sequence: a capture is compulsory in
// both variants (Italian RegTec 5.1, FMJD 4.1), and any first jump starts a complete
// sequence. Italian: men capture forward only and only men (RegTec 5.3); kings one step in
// any direction. International: men capture in all four directions (FMJD 4.2); kings fly,
// over empty squares to the first piece met, which must be the opponent's with an empty
// square behind it (FMJD 4.3).
func (g *gen) anyCapture() bool {
	men, kings := g.own&^g.kings, g.own&g.kings
	if g.v.flying {
		return anyCapture10(men, kings, g.opp, g.empty)
	}
	return anyCapture8(g.fwd[0] < 0, men, kings, g.oppMen, g.opp, g.empty)
}

// positionHasCapture is anyCapture for p straight from its bitboards (no generator set up).
func positionHasCapture(p *Position) bool {
	own, opp, kings := p.bb[p.turn], p.bb[p.turn^1], p.kings
	empty := p.v.board &^ (own | opp)
	if p.v.flying {
		return anyCapture10(own&^kings, own&kings, opp, empty)
	}
	return anyCapture8(p.turn == White, own&^kings, own&kings, opp&^kings, opp, empty)
}

// quietStep is gen.quietMove for p straight from its bitboards: whether from -> to
// (internal bits) is an ordinary move of the side to move (a man one step forward, a king
// one step, or any distance over empty squares when kings fly).
func quietStep(p *Position, from, to uint8) bool {
	fb, tb := uint64(1)<<from, uint64(1)<<to
	v := p.v
	own := p.bb[p.turn]
	empty := v.board &^ (own | p.bb[p.turn^1])
	if own&fb == 0 || empty&tb == 0 {
		return false
	}
	if p.kings&fb == 0 {
		if p.turn == White {
			return sh(fb, v.dirs[0]) == tb || sh(fb, v.dirs[1]) == tb
		}
		return sh(fb, v.dirs[2]) == tb || sh(fb, v.dirs[3]) == tb
	}
	return kingReaches(v, fb, tb, empty)
}

// anyCapture8 is anyCapture on the 8x8 Italian layout (Variant.dirs: up-left >>5,
// up-right >>4, down-left <<4, down-right <<5; White moves up), with constant shifts.
func anyCapture8(white bool, men, kings, oppMen, opp, empty uint64) bool {
	var m uint64
	if white {
		m = ((empty<<5)&oppMen)<<5 | ((empty<<4)&oppMen)<<4
	} else {
		m = ((empty>>4)&oppMen)>>4 | ((empty>>5)&oppMen)>>5
	}
	if men&m != 0 {
		return true
	}
	return kings != 0 && kings&(((empty<<5)&opp)<<5|((empty<<4)&opp)<<4|((empty>>4)&opp)>>4|((empty>>5)&opp)>>5) != 0
}

// anyCapture10 is anyCapture on the 10x10 International layout (up-left >>6, up-right >>5,
// down-left <<5, down-right <<6), with constant shifts. A king's slide stops at the first
// square that is not empty (t&empty drops it; bits shifted off the board are never empty).
func anyCapture10(men, kings, opp, empty uint64) bool {
	if men&(((empty<<6)&opp)<<6|((empty<<5)&opp)<<5|((empty>>5)&opp)>>5|((empty>>6)&opp)>>6) != 0 {
		return true
	}
	if kings == 0 {
		return false
	}
	for t := kings >> 6; t != 0; t = (t & empty) >> 6 {
		if ((t&opp)>>6)&empty != 0 {
			return true
		}
	}
	for t := kings >> 5; t != 0; t = (t & empty) >> 5 {
		if ((t&opp)>>5)&empty != 0 {
			return true
		}
	}
	for t := kings << 5; t != 0; t = (t & empty) << 5 {
		if ((t&opp)<<5)&empty != 0 {
			return true
		}
	}
	for t := kings << 6; t != 0; t = (t & empty) << 6 {
		if ((t&opp)<<6)&empty != 0 {
			return true
		}
	}
	return false
}
