package rules

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Position is a board position with the side to move. It is a small value type and is
// comparable with ==, so it can be a map key (for repetition counts); two positions are
// equal when they have the same variant, pieces and side to move. The zero Position has no
// variant and must not be used; build positions with Variant.Start or ParseFEN.
type Position struct {
	v     *Variant
	bb    [2]uint64 // pieces by side, internal bit layout
	kings uint64    // kings of both sides
	turn  Side
}

// Variant returns the position's variant.
func (p Position) Variant() *Variant { return p.v }

// Turn returns the side to move.
func (p Position) Turn() Side { return p.turn }

// At returns the piece on sq, or Empty for an empty or out-of-range square.
func (p Position) At(sq Square) Piece {
	if p.v == nil || sq < 1 || int(sq) > p.v.n {
		return Empty
	}
	b := uint64(1) << p.v.sqBit[sq]
	k := p.kings&b != 0
	switch {
	case p.bb[White]&b != 0:
		if k {
			return WhiteKing
		}
		return WhiteMan
	case p.bb[Black]&b != 0:
		if k {
			return BlackKing
		}
		return BlackMan
	}
	return Empty
}

// Counts returns the number of white men, white kings, black men and black kings.
func (p Position) Counts() (whiteMen, whiteKings, blackMen, blackKings int) {
	w, b := p.bb[White], p.bb[Black]
	return bits.OnesCount64(w &^ p.kings), bits.OnesCount64(w & p.kings),
		bits.OnesCount64(b &^ p.kings), bits.OnesCount64(b & p.kings)
}

// WithTurn returns p with side s to move.
func (p Position) WithTurn(s Side) Position { p.turn = s; return p }

// Mirror returns the colour-flipped position: every piece changes colour and moves to the
// square Variant.Mirror (board turned 180 degrees), and the other side is to move. Its legal
// moves are the mirrors of p's.
func (p Position) Mirror() Position {
	q := Position{v: p.v, turn: p.turn.Opponent()}
	for s := 1; s <= p.v.n; s++ {
		pc := p.At(Square(s))
		if pc == Empty {
			continue
		}
		m := uint64(1) << p.v.sqBit[p.v.n+1-s]
		if pc.Side() == White {
			q.bb[Black] |= m
		} else {
			q.bb[White] |= m
		}
		if pc.IsKing() {
			q.kings |= m
		}
	}
	return q
}

// Place returns p with piece pc put on sq (Empty clears it). It panics if sq is outside
// the board; it is meant for tests and set-up code.
func (p Position) Place(sq Square, pc Piece) Position {
	if sq < 1 || int(sq) > p.v.n {
		panic("rules: Place: square out of range")
	}
	b := uint64(1) << p.v.sqBit[sq]
	p.bb[White] &^= b
	p.bb[Black] &^= b
	p.kings &^= b
	if pc == Empty {
		return p
	}
	p.bb[pc.Side()] |= b
	if pc.IsKing() {
		p.kings |= b
	}
	return p
}

// Play returns the position after m, with the other side to move. It does not check
// legality: pass a move from LegalMoves (or AllCaptures). The captured pieces are removed,
// the piece moves from m.From to m.To, and a man becomes a king when m.Promotes is set or it
// ends on its far row (for a legal move the two agree). A move with a square outside the
// board, or a zero Position, gives p unchanged.
func (p Position) Play(m Move) Position {
	v := p.v
	if v == nil || m.From < 1 || int(m.From) > v.n || m.To < 1 || int(m.To) > v.n {
		return p
	}
	var capt uint64
	for _, c := range m.Captured {
		if c >= 1 && int(c) <= v.n {
			capt |= 1 << v.sqBit[c]
		}
	}
	q := p.apply(v.sqBit[m.From], v.sqBit[m.To], capt)
	if m.Promotes {
		q.kings |= 1 << v.sqBit[m.To]
	}
	return q
}

// apply plays a move given in internal bits: from and to bit indexes and the captured set.
func (p Position) apply(from, to uint8, capt uint64) Position {
	s := p.turn
	fb, tb := uint64(1)<<from, uint64(1)<<to
	p.bb[s] = p.bb[s]&^fb | tb
	p.bb[s^1] &^= capt
	if p.kings&fb != 0 {
		p.kings = p.kings&^fb&^capt | tb
	} else {
		p.kings &^= capt
		p.kings |= tb & p.v.promo[s]
	}
	p.turn = s ^ 1
	return p
}

// Diagram returns the board as text, one line per row from the top as White sees it:
// "w"/"b" a white/black man, "W"/"B" a king, "." an empty playable square, " " a light
// square; then the side to move. For messages and debugging, not for parsing.
func (p Position) Diagram() string {
	if p.v == nil {
		return ""
	}
	var b []byte
	for r := 0; r < p.v.size; r++ {
		for c := 0; c < p.v.size; c++ {
			sq := p.v.SquareAt(r, c)
			ch := byte(' ')
			if sq != 0 {
				ch = ".wWbB"[p.At(sq)]
			}
			b = append(b, ch)
			if c < p.v.size-1 {
				b = append(b, ' ')
			}
		}
		b = append(b, '\n')
	}
	return string(b) + p.turn.String() + " to move\n"
}

// ErrImpossiblePosition is wrapped by CheckPossible's error.
var ErrImpossiblePosition = errors.New("impossible position")

// CheckPossible reports what makes p a position that cannot arise in a game of its variant,
// or nil: a side with more pieces than it starts with (12 Italian, 20 International: a
// capture removes pieces, promotion only turns a man into a king), or a man on its own
// promotion row (White's men promote on row 1-4 / 1-5, Black's on 29-32 / 46-50: a man that
// reaches that row becomes a king at once; FID RegTec 4.5, FMJD 3.5 and 4.15). Problem
// set-ups that break these are still read by ParseFEN; Replay judges nothing from them.
// The error wraps ErrImpossiblePosition and lists every fault.
func (p Position) CheckPossible() error {
	v := p.v
	if v == nil {
		return fmt.Errorf("%w: no variant", ErrImpossiblePosition)
	}
	var faults []string
	start := bits.OnesCount64(v.startBB[White])
	for _, s := range []Side{White, Black} {
		if n := bits.OnesCount64(p.bb[s]); n > start {
			k := bits.OnesCount64(p.bb[s] & p.kings)
			faults = append(faults, fmt.Sprintf("%s has %d pieces (%d kings), but a side starts with %d", s, n, k, start))
		}
		if men := p.bb[s] &^ p.kings & v.promo[s]; men != 0 {
			var sqs []string
			for b := men; b != 0; b &= b - 1 {
				sqs = append(sqs, strconv.Itoa(int(v.bitSq[bits.TrailingZeros64(b)])))
			}
			faults = append(faults, fmt.Sprintf("%s man on %s, its own promotion row (it would be a king)", s, strings.Join(sqs, ",")))
		}
	}
	if len(faults) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrImpossiblePosition, strings.Join(faults, "; "))
}
