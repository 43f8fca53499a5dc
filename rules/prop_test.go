package rules

import (
	"errors"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Properties along random legal games in both variants.
func TestPropertiesRandomGames(t *testing.T) {
	randomGames(t, 200, checkPositionProperties, checkMoveProperties)
}

// randomGames plays, for each variant, rapid's random games of at most plies plies from
// the start or from a random position (genPosition), calling atPosition on every position
// reached and, when not nil, atMove on every move played (the position before, the move,
// the position after).
func randomGames(t *testing.T, plies int, atPosition func(*rapid.T, Position), atMove func(*rapid.T, Position, Move, Position)) {
	for _, v := range []*Variant{Italian, International} {
		t.Run(v.Name(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := v.Start()
				if rapid.Bool().Draw(t, "random start") {
					p = genPosition(t, v)
				}
				for ply := 0; ply < plies; ply++ {
					atPosition(t, p)
					ms := p.LegalMoves()
					if len(ms) == 0 {
						return
					}
					m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]
					q := p.Play(m)
					if atMove != nil {
						atMove(t, p, m, q)
					}
					p = q
				}
			})
		})
	}
}

func checkPositionProperties(t *rapid.T, p Position) {
	v := p.Variant()
	// FEN round trip
	q, err := ParseFEN(v, p.FEN())
	if err != nil || q != p {
		t.Fatalf("FEN %s does not round-trip: %v, %v", p.FEN(), q.FEN(), err)
	}
	// no overlapping pieces, nothing on ghost bits, kings are pieces
	if p.bb[White]&p.bb[Black] != 0 || (p.bb[White]|p.bb[Black])&^v.board != 0 || p.kings&^(p.bb[White]|p.bb[Black]) != 0 {
		t.Fatalf("%s: corrupt bitboards %x %x %x", p.FEN(), p.bb[White], p.bb[Black], p.kings)
	}
	// mirrored position has mirrored moves
	mirror := p.Mirror()
	if mirror.Mirror() != p {
		t.Fatalf("%s: mirror is not an involution", p.FEN())
	}
	var want []string
	for _, m := range p.LegalMoves() {
		mm := Move{From: v.Mirror(m.From), To: v.Mirror(m.To), Promotes: m.Promotes}
		for _, c := range m.Captured {
			mm.Captured = append(mm.Captured, v.Mirror(c))
		}
		want = append(want, refKey(mm.From, mm.To, mm.Captured, mm.Promotes))
	}
	slices.Sort(want)
	if want == nil {
		want = []string{}
	}
	if got := moveKeys(mirror.LegalMoves()); !slices.Equal(got, want) {
		t.Fatalf("%s mirrored %s: %v, want %v", p.FEN(), mirror.FEN(), got, want)
	}
	// the legal moves are a subset of AllCaptures when capturing
	if all := p.AllCaptures(); len(all) > 0 {
		for _, m := range p.LegalMoves() {
			if !slices.ContainsFunc(all, m.SameAs) {
				t.Fatalf("%s: legal %v not among AllCaptures", p.FEN(), m)
			}
			for _, a := range all {
				if c, _ := v.ComparePriority(p.CaptureRank(a), p.CaptureRank(m)); c > 0 {
					t.Fatalf("%s: %v ranks above legal %v", p.FEN(), a, m)
				}
			}
		}
	}
}

func checkMoveProperties(t *rapid.T, p Position, m Move, q Position) {
	wm, wk, bm, bk := p.Counts()
	wm2, wk2, bm2, bk2 := q.Counts()
	mover, other := wm+wk, bm+bk
	mover2, other2 := wm2+wk2, bm2+bk2
	if p.Turn() == Black {
		mover, other, mover2, other2 = other, mover, other2, mover2
	}
	if mover2 != mover || other2 != other-len(m.Captured) {
		t.Fatalf("%s %v: counts %d/%d -> %d/%d", p.FEN(), m, mover, other, mover2, other2)
	}
	if q.Turn() != p.Turn().Opponent() {
		t.Fatalf("%s %v: turn did not pass", p.FEN(), m)
	}
	if len(m.Path) == 0 || m.Path[len(m.Path)-1] != m.To || (m.IsCapture() && len(m.Path) != len(m.Captured)) {
		t.Fatalf("%s %v: path %v captured %v", p.FEN(), m, m.Path, m.Captured)
	}
	if q.At(m.From) != Empty && m.From != m.To {
		t.Fatalf("%s %v: start square still occupied", p.FEN(), m)
	}
	pc := p.At(m.From)
	want := pc
	if m.Promotes {
		want = map[Piece]Piece{WhiteMan: WhiteKing, BlackMan: BlackKing}[pc]
	}
	if q.At(m.To) != want {
		t.Fatalf("%s %v: %v on %d, want %v", p.FEN(), m, q.At(m.To), m.To, want)
	}
	if bits.OnesCount64(q.bb[White]&q.bb[Black]) != 0 {
		t.Fatalf("%s %v: overlapping pieces", p.FEN(), m)
	}
}

func TestFENRoundTripRandom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]*Variant{Italian, International}).Draw(t, "variant")
		p := genPosition(t, v)
		q, err := ParseFEN(v, p.FEN())
		if err != nil || q != p {
			t.Fatalf("%s: %v %v", p.FEN(), q.FEN(), err)
		}
	})
}

func TestParseFEN(t *testing.T) {
	good := []struct {
		v        *Variant
		in, want string
	}{
		{Italian, "W:W21-32:B1-12", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{Italian, "W:W21,22,K5:B1,2", "W:W21,22,K5:B1,2"},
		{Italian, " b : bK1-3, 9 : w30 .", "B:W30:B9,K1,K2,K3"},
		{Italian, "W:B1:W32", "W:W32:B1"},
		{Italian, "B:W:B", "B:W:B"},
		{Italian, "W", "W:W:B"},
		{International, "W:W31-50:B1-20", International.Start().FEN()},
		{International, "W:WK46,K1:B28.", "W:WK1,K46:B28"},
	}
	for _, c := range good {
		p, err := ParseFEN(c.v, c.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		if p.FEN() != c.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", c.in, p.FEN(), c.want)
		}
	}
	if Italian.Start().FEN() != "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" {
		t.Errorf("Italian start FEN %s", Italian.Start().FEN())
	}
	bad := []struct {
		v  *Variant
		in string
	}{
		{Italian, ""}, {Italian, "X:W1:B2"}, {Italian, "W:W33:B1"}, {Italian, "W:W0:B1"},
		{Italian, "W:W1:B1"}, {Italian, "W:W1,1:B2"}, {Italian, "W:W1:W2"}, {Italian, "W:W5-3:B1"},
		{Italian, "W:Wx:B1"}, {Italian, "W:W1,,2:B3"}, {Italian, "W:Q1:B2"}, {Italian, "W::B1"},
		{International, "W:W51:B1"}, {Italian, "W:W99999999999999999999:B1"}, {Italian, "W:WK:B1"},
	}
	for _, c := range bad {
		if _, err := ParseFEN(c.v, c.in); !errors.Is(err, ErrBadFEN) {
			t.Errorf("ParseFEN(%s, %q) error %v, want ErrBadFEN", c.v.Name(), c.in, err)
		}
	}
}

func TestGeometry(t *testing.T) {
	for _, v := range []*Variant{Italian, International} {
		seen := map[[2]int]bool{}
		for s := Square(1); int(s) <= v.Squares(); s++ {
			r, c := v.Coords(s)
			if v.SquareAt(r, c) != s || seen[[2]int{r, c}] {
				t.Fatalf("%s: square %d at (%d,%d) -> %d", v.Name(), s, r, c, v.SquareAt(r, c))
			}
			seen[[2]int{r, c}] = true
			// every internal direction shift equals the coordinate step
			for i, d := range v.dirs {
				dr, dc := []int{-1, -1, 1, 1}[i], []int{-1, 1, -1, 1}[i]
				want := v.SquareAt(r+dr, c+dc)
				b := sh(uint64(1)<<v.sqBit[s], d) & v.board
				var got Square
				if b != 0 {
					got = v.bitSq[bits.TrailingZeros64(b)]
				}
				if got != want {
					t.Fatalf("%s: from %d direction %d: %d, want %d", v.Name(), s, i, got, want)
				}
			}
		}
		// every playable square is dark: bottom-right corner dark in Italian (RegTec 2.3),
		// 46 the bottom-left corner in International
		if v.SquareAt(v.Size()-1, v.Size()-1) == 0 && v == Italian {
			t.Errorf("Italian bottom-right corner must be playable")
		}
	}
	if Italian.SquareAt(0, 0) != 1 || Italian.SquareAt(7, 7) != 32 || International.SquareAt(0, 1) != 1 || International.SquareAt(9, 0) != 46 {
		t.Errorf("corner squares wrong")
	}
	for _, c := range []struct {
		name string
		v    *Variant
		err  error
	}{{"dama", Italian, nil}, {"International", International, nil}, {"20", International, nil}, {"russian", nil, ErrUnknownVariant},
		{" Dama-Italiana ", Italian, nil}, {"dama_internazionale", International, nil}, {"10X10", International, nil},
		{"dama italiana spagnola", nil, ErrUnknownVariant}, {"", nil, ErrUnknownVariant}} {
		v, err := VariantByName(c.name)
		if v != c.v || !errors.Is(err, c.err) {
			t.Errorf("VariantByName(%q) = %v, %v", c.name, v, err)
		}
	}
	if _, err := VariantByGameType(25); !errors.Is(err, ErrUnsupportedGameType) || err.Error() != "unsupported game type 25 (Russian draughts)" {
		t.Errorf("VariantByGameType(25) error %v", err)
	}
	if v, err := VariantByGameTypeTag("20,W,10,10,N2,0"); v != International || err != nil {
		t.Errorf("full GameType tag: %v %v", v, err)
	}
}

func TestDiagram(t *testing.T) {
	got := MustParseFEN(Italian, "B:W21,K32:B1,K12").Diagram()
	lines := strings.Split(got, "\n")
	if len(lines) != 10 || lines[8] != "black to move" {
		t.Fatalf("diagram:\n%s", got)
	}
	if lines[0] != "b   .   .   .  " || lines[2] != ".   .   .   B  " || lines[5] != "  w   .   .   ." || lines[7] != "  .   .   .   W" {
		t.Errorf("diagram:\n%s", got)
	}
}

// TestVariantNamesRoundTrip: every name of the vocabulary parses to its own variant, the
// canonical name comes first and is what Name, String and MarshalText give; a nil variant
// is named "".
func TestVariantNamesRoundTrip(t *testing.T) {
	for v, names := range VariantNames {
		if names[0] != v.Name() || v.String() != v.Name() {
			t.Errorf("%s: canonical name %q first", v.Name(), names[0])
		}
		if b, _ := v.MarshalText(); string(b) != v.Name() {
			t.Errorf("%s: MarshalText %q", v.Name(), b)
		}
		for _, n := range names {
			if got, err := VariantByName(strings.ToUpper(n)); got != v || err != nil {
				t.Errorf("VariantByName(%q) = %v, %v; want %s", strings.ToUpper(n), got, err, v.Name())
			}
		}
	}
	var none *Variant
	if none.Name() != "" || none.String() != "" {
		t.Errorf("nil variant named %q", none.Name())
	}
}
