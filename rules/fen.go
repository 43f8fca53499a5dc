package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadFEN is wrapped by every error ParseFEN returns.
var ErrBadFEN = errors.New("bad FEN")

// FEN returns the position in PDN FEN form (PDN 3.0 "FEN" tag): side to move, then the
// white pieces, then the black pieces, each list in ascending square order with men first
// and kings (prefix K) after: "W:W21,22,K5:B1,2". A side with no piece gives an empty list
// ("W:W:B1,2"). This is the canonical form; ParseFEN reads it back equal.
func (p Position) FEN() string {
	var b strings.Builder
	if p.turn == White {
		b.WriteString("W")
	} else {
		b.WriteString("B")
	}
	for _, s := range []Side{White, Black} {
		b.WriteString(":")
		if s == White {
			b.WriteString("W")
		} else {
			b.WriteString("B")
		}
		first := true
		for _, king := range []bool{false, true} {
			for sq := 1; p.v != nil && sq <= p.v.n; sq++ {
				pc := p.At(Square(sq))
				if pc == Empty || pc.Side() != s || pc.IsKing() != king {
					continue
				}
				if !first {
					b.WriteString(",")
				}
				first = false
				if king {
					b.WriteString("K")
				}
				b.WriteString(strconv.Itoa(sq))
			}
		}
	}
	return b.String()
}

// ParseFEN reads a PDN FEN for variant v: "W:W21,22,K5:B1,2". The first field is the side
// to move (W or B); then one field per colour (W or B, either order, each at most once; a
// missing colour has no pieces) listing squares separated by commas; K marks a king; a range
// "21-32" or "K1-3" stands for every square in it. Letters are case-insensitive, spaces are
// ignored, a trailing '.' is allowed. Errors wrap ErrBadFEN and name the problem: an
// unknown side, a square outside 1..Squares(), a square given twice. ParseFEN does not
// check that the position could arise in a game (piece counts, a man on its own far row):
// problem set-ups are accepted as written.
func ParseFEN(v *Variant, s string) (Position, error) {
	if v == nil {
		return Position{}, fmt.Errorf("%w: no variant", ErrBadFEN)
	}
	orig := s
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r':
			return -1
		}
		return r
	}, s)
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return Position{}, fmt.Errorf("%w: empty", ErrBadFEN)
	}
	fields := strings.Split(s, ":")
	p := Position{v: v}
	switch strings.ToUpper(fields[0]) {
	case "W":
		p.turn = White
	case "B":
		p.turn = Black
	default:
		return Position{}, fmt.Errorf("%w %q: side to move must be W or B, got %q", ErrBadFEN, orig, fields[0])
	}
	var seen [2]bool
	var occ uint64
	for _, f := range fields[1:] {
		if f == "" {
			return Position{}, fmt.Errorf("%w %q: empty field (expected W... or B...)", ErrBadFEN, orig)
		}
		var side Side
		switch f[0] {
		case 'W', 'w':
			side = White
		case 'B', 'b':
			side = Black
		default:
			return Position{}, fmt.Errorf("%w %q: piece list must start with W or B, got %q", ErrBadFEN, orig, f)
		}
		if seen[side] {
			return Position{}, fmt.Errorf("%w %q: %s pieces listed twice", ErrBadFEN, orig, side)
		}
		seen[side] = true
		list := f[1:]
		if list == "" {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			king := false
			if item != "" && (item[0] == 'K' || item[0] == 'k') {
				king = true
				item = item[1:]
			}
			lo, hi, err := parseRange(v, item)
			if err != nil {
				return Position{}, fmt.Errorf("%w %q: %v", ErrBadFEN, orig, err)
			}
			for sq := lo; sq <= hi; sq++ {
				b := uint64(1) << v.sqBit[sq]
				if occ&b != 0 {
					return Position{}, fmt.Errorf("%w %q: square %d given twice", ErrBadFEN, orig, sq)
				}
				occ |= b
				p.bb[side] |= b
				if king {
					p.kings |= b
				}
			}
		}
	}
	return p, nil
}

func parseRange(v *Variant, item string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(item, "-")
	lo, err = parseSquare(v, a)
	if err != nil {
		return 0, 0, err
	}
	if !isRange {
		return lo, lo, nil
	}
	hi, err = parseSquare(v, b)
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q runs backwards", item)
	}
	return lo, hi, nil
}

func parseSquare(v *Variant, s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("missing square number")
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q is not a square number", s)
		}
	}
	if len(s) > 3 {
		return 0, fmt.Errorf("square %s is outside 1..%d (%s)", s, v.n, v.name)
	}
	n, _ := strconv.Atoi(s)
	if n < 1 || n > v.n {
		return 0, fmt.Errorf("square %d is outside 1..%d (%s)", n, v.n, v.name)
	}
	return n, nil
}

// MustParseFEN is ParseFEN that panics on error; for tests and constant positions.
func MustParseFEN(v *Variant, s string) Position {
	p, err := ParseFEN(v, s)
	if err != nil {
		panic(err)
	}
	return p
}
