package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ErrUnsupportedGameType is returned (wrapped, message "unsupported game type N") by
// VariantByGameType for a PDN GameType other than 20 (International) or 22 (Italian).
var ErrUnsupportedGameType = errors.New("unsupported game type")

// ErrUnknownVariant is returned (wrapped) by VariantByName for a name it does not know.
var ErrUnknownVariant = errors.New("unknown variant")

// ErrUnsupportedVariant is wrapped by GameVariant when a game without a GameType tag is
// recognised as a variant arbitro does not judge (algebraic notation as in Russian,
// Brazilian or Czech draughts; Black moving first as in English draughts).
var ErrUnsupportedVariant = errors.New("unsupported variant")

// ErrVariantUnknown is wrapped by GameVariant when nothing in a game (no GameType tag, no
// --variant, no square or FEN that only one board has, no Italian tag names, and moves that
// replay under both Italian and International rules or under neither) decides its variant.
var ErrVariantUnknown = errors.New("variant unknown")

// gameTypeNames names the PDN 3.0 game types (GameType tag, PDN 3.0 "GameType" table).
var gameTypeNames = map[int]string{
	20: "International draughts", 21: "English draughts", 22: "Italian draughts",
	23: "American pool checkers", 24: "Spanish draughts", 25: "Russian draughts",
	26: "Brazilian draughts", 27: "Canadian draughts", 28: "Portuguese draughts",
	29: "Czech draughts", 30: "Turkish draughts", 31: "Thai draughts",
}

// GameTypeName returns the name of PDN 3.0 game type n ("English draughts" for 21), or "".
func GameTypeName(n int) string { return gameTypeNames[n] }

// Side is the colour of a player. White moves first in both variants.
type Side int8

const (
	// White moves first; White's men move toward lower square numbers.
	White Side = iota
	// Black's men move toward higher square numbers.
	Black
)

// Opponent returns the other side.
func (s Side) Opponent() Side { return s ^ 1 }

// String returns "white" or "black".
func (s Side) String() string {
	if s == White {
		return "white"
	}
	return "black"
}

// Piece is the content of a square.
type Piece int8

const (
	Empty     Piece = iota // no piece
	WhiteMan               // white man (pedina bianca)
	WhiteKing              // white king (dama bianca)
	BlackMan               // black man (pedina nera)
	BlackKing              // black king (dama nera)
)

// Side returns the colour of a non-empty piece (White for Empty).
func (p Piece) Side() Side {
	if p == BlackMan || p == BlackKing {
		return Black
	}
	return White
}

// IsKing reports whether p is a king (dama).
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// IsMan reports whether p is a man (pedina).
func (p Piece) IsMan() bool { return p == WhiteMan || p == BlackMan }

// String returns "empty", "white man", "white king", "black man" or "black king".
func (p Piece) String() string {
	switch p {
	case WhiteMan:
		return "white man"
	case WhiteKing:
		return "white king"
	case BlackMan:
		return "black man"
	case BlackKing:
		return "black king"
	}
	return "empty"
}

// Square is a 1-based PDN square number: 1..32 in Italian, 1..50 in International
// draughts. 0 means "no square".
type Square int

// Variant is a draughts variant: board geometry and move rules. Use the exported values
// Italian and International; a Variant is immutable and compared by pointer.
type Variant struct {
	name     string
	fullType string // PDN GameType full form
	gameType int
	size     int // board side
	h        int // playable squares per row
	n        int // playable squares
	evenOff  int // column of the first playable square on even rows (row 0 = top)
	flying   bool

	sqBit   [51]uint8  // square -> internal bit index
	bitSq   [64]Square // internal bit -> square (0 for ghost bits)
	board   uint64     // every playable bit
	promo   [2]uint64  // far row for White (top) and Black (bottom)
	dirs    [4]int     // upLeft, upRight, downLeft, downRight as bit shifts
	startBB [2]uint64
}

var (
	// Italian is Italian draughts (dama italiana, FID): 8x8, squares 1..32, short kings,
	// men capture forward only and never kings, capture priorities RegTec 6.6-6.10,
	// PDN GameType 22.
	Italian = newVariant("italian", 22, "22,W,8,8,N2,1", 8, 0, false, 21, 32, 1, 12)
	// International is International draughts (FMJD): 10x10, squares 1..50, flying kings,
	// men capture backwards, majority capture, Turkish strike, PDN GameType 20.
	International = newVariant("international", 20, "20,W,10,10,N2,0", 10, 1, true, 31, 50, 1, 20)
)

func newVariant(name string, gt int, full string, size, evenOff int, flying bool, w0, w1, b0, b1 int) *Variant {
	v := &Variant{name: name, gameType: gt, fullType: full, size: size, h: size / 2, n: size * size / 2, evenOff: evenOff, flying: flying}
	h := v.h
	g := 0 // the ghost bit follows even rows when even rows start at column 0, odd rows otherwise
	if evenOff == 0 {
		g = 1
	}
	for s := 1; s <= v.n; s++ {
		r, k := (s-1)/h, (s-1)%h
		idx := (r/2)*(2*h+1) + (r%2)*(h+g) + k
		v.sqBit[s] = uint8(idx)
		v.bitSq[idx] = Square(s)
		v.board |= 1 << uint(idx)
		if r == 0 {
			v.promo[White] |= 1 << uint(idx)
		}
		if r == size-1 {
			v.promo[Black] |= 1 << uint(idx)
		}
		if s >= w0 && s <= w1 {
			v.startBB[White] |= 1 << uint(idx)
		}
		if s >= b0 && s <= b1 {
			v.startBB[Black] |= 1 << uint(idx)
		}
	}
	v.dirs = [4]int{-(h + 1), -h, h, h + 1}
	return v
}

// Name returns the canonical name, "italian" or "international": the name stored in a
// tournament file (column tournaments.variant) and printed in JSON. A nil *Variant (no
// variant given) has the name "".
func (v *Variant) Name() string {
	if v == nil {
		return ""
	}
	return v.name
}

// String returns the variant's name (Name).
func (v *Variant) String() string { return v.Name() }

// MarshalText returns the canonical name (Name), so a *Variant field is written as
// "italian" or "international" in JSON documents.
func (v *Variant) MarshalText() ([]byte, error) { return []byte(v.Name()), nil }

// Squares returns the number of playable squares: 32 or 50.
func (v *Variant) Squares() int { return v.n }

// Size returns the number of rows (and columns) of the board: 8 or 10.
func (v *Variant) Size() int { return v.size }

// GameType returns the PDN GameType number: 22 Italian, 20 International (PDN 3.0).
func (v *Variant) GameType() int { return v.gameType }

// GameTypeFull returns the PDN GameType in full form, e.g. "22,W,8,8,N2,1".
func (v *Variant) GameTypeFull() string { return v.fullType }

// FlyingKings reports whether kings move and capture at a distance (International).
func (v *Variant) FlyingKings() bool { return v.flying }

// Start returns the initial position: Italian Black 1-12, White 21-32; International Black
// 1-20, White 31-50; White to move.
func (v *Variant) Start() Position {
	return Position{v: v, bb: v.startBB, turn: White}
}

// Coords returns the row and column of sq: row 0 is the top row as White sees the board,
// column 0 is White's left. It returns (-1, -1) for a square outside 1..Squares().
func (v *Variant) Coords(sq Square) (row, col int) {
	if sq < 1 || int(sq) > v.n {
		return -1, -1
	}
	r, k := (int(sq)-1)/v.h, (int(sq)-1)%v.h
	c := 2 * k
	if r%2 == 0 {
		c += v.evenOff
	} else {
		c += 1 - v.evenOff
	}
	return r, c
}

// SquareAt returns the square number at (row, col) as in Coords, or 0 when (row, col) is
// off the board or a light (unplayable) square.
func (v *Variant) SquareAt(row, col int) Square {
	if row < 0 || col < 0 || row >= v.size || col >= v.size {
		return 0
	}
	off := v.evenOff
	if row%2 == 1 {
		off = 1 - v.evenOff
	}
	if (col-off)%2 != 0 {
		return 0
	}
	return Square(row*v.h + (col-off)/2 + 1)
}

// Mirror returns the square that sq becomes when the board is turned 180 degrees
// (n+1-sq): the square seen from the other player's side.
func (v *Variant) Mirror(sq Square) Square { return Square(v.n+1) - sq }

// VariantNames is the one vocabulary of variant names every command accepts (tournament
// create and set, replay --variant, audit --variant, perft, event import, trf import),
// case-insensitive, blanks, hyphens and underscores read as one space: the canonical name
// first (the one stored and printed), then its aliases (the Italian names, the board, the
// PDN 3.0 GameType number). Italian: "italian", "dama", "italiana", "dama italiana"
// ("dama-italiana"), "italian draughts", "22". International: "international",
// "internazionale", "dama internazionale", "international draughts", "intl", "10x10", "20".
var VariantNames = map[*Variant][]string{
	Italian:       {"italian", "dama", "italiana", "dama italiana", "italian draughts", "22"},
	International: {"international", "internazionale", "dama internazionale", "international draughts", "intl", "10x10", "20"},
}

// VariantByName returns the variant named name in VariantNames (case-insensitive; blanks,
// hyphens and underscores are one space, so "Dama-Italiana" is "dama italiana"). It is the
// one parser of a variant name: a command calls it once on its flag and the store once on
// its column, and the *Variant travels from there. Unknown names give an error wrapping
// ErrUnknownVariant.
func VariantByName(name string) (*Variant, error) {
	n := strings.Join(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return unicode.IsSpace(r) || r == '-' || r == '_'
	}), " ")
	for _, v := range []*Variant{Italian, International} {
		for _, a := range VariantNames[v] {
			if n == a {
				return v, nil
			}
		}
	}
	return nil, fmt.Errorf("%w %q (use italian or international; also: dama, italiana, internazionale, 22, 20)", ErrUnknownVariant, name)
}

// VariantByGameType returns the variant for a PDN GameType number (20 or 22). The full
// form's first field is the number, so callers may pass strconv.Atoi of it; see also
// VariantByGameTypeTag. Others give an error wrapping ErrUnsupportedGameType with message
// "unsupported game type N".
func VariantByGameType(gt int) (*Variant, error) {
	switch gt {
	case 22:
		return Italian, nil
	case 20:
		return International, nil
	}
	if name := GameTypeName(gt); name != "" {
		return nil, fmt.Errorf("%w %d (%s)", ErrUnsupportedGameType, gt, name)
	}
	return nil, fmt.Errorf("%w %d", ErrUnsupportedGameType, gt)
}

// VariantByGameTypeTag parses a PDN GameType tag value, short ("20") or full
// ("20,W,10,10,N2,0"), and returns its variant; errors wrap ErrUnsupportedGameType.
func VariantByGameTypeTag(tag string) (*Variant, error) {
	t := strings.TrimSpace(tag)
	if i := strings.IndexByte(t, ','); i >= 0 {
		t = t[:i]
	}
	n, err := strconv.Atoi(strings.TrimSpace(t))
	if err != nil {
		return nil, fmt.Errorf("%w %q", ErrUnsupportedGameType, tag)
	}
	return VariantByGameType(n)
}
