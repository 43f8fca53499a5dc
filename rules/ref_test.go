package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A deliberately naive reference generator working on (row, col) coordinates, written
// straight from docs/rules-*.md, to check the bitboard generator on random positions.

type refSeq struct {
	from, to Square
	caps     []Square
	byKing   bool
	kingsAt  []int // 1-based positions of captured kings
	promotes bool
}

func refKey(from, to Square, caps []Square, promotes bool) string {
	c := slices.Clone(caps)
	slices.Sort(c)
	parts := make([]string, len(c))
	for i, s := range c {
		parts[i] = strconv.Itoa(int(s))
	}
	return fmt.Sprintf("%d-%d:%s:%v", from, to, strings.Join(parts, ","), promotes)
}

func moveKeys(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = refKey(m.From, m.To, m.Captured, m.Promotes)
	}
	slices.Sort(out)
	return out
}

// refLegal returns the keys (refKey) of the legal moves of p, sorted: the captures that
// the precedence rules keep when any capture exists, the quiet moves otherwise.
func refLegal(p Position) []string {
	b := newRefBoard(p)
	var seqs []refSeq
	for s := 1; s <= b.v.Squares(); s++ {
		if b.own(Square(s)) {
			seqs = append(seqs, b.pieceCaptures(Square(s))...)
		}
	}
	var set map[string]bool
	if len(seqs) > 0 {
		set = b.bestCaptures(seqs)
	} else {
		set = b.quietMoves()
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// refBoard is the position seen on (row, col) coordinates by the side to move: fwd is the
// row step of its men, farRow the row where they promote.
type refBoard struct {
	p           Position
	v           *Variant
	n           int
	side        Side
	fwd, farRow int
}

// refDirs are the four diagonal directions (row step, column step).
var refDirs = [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

func newRefBoard(p Position) *refBoard {
	b := &refBoard{p: p, v: p.Variant(), n: p.Variant().Size(), side: p.Turn(), fwd: -1}
	if b.side == Black {
		b.fwd, b.farRow = 1, b.n-1
	}
	return b
}

// at is the piece on (r, c); Empty off the board.
func (b *refBoard) at(r, c int) Piece {
	if r < 0 || c < 0 || r >= b.n || c >= b.n {
		return Empty
	}
	return b.p.At(b.v.SquareAt(r, c))
}

// inside reports whether (r, c) is a playing square.
func (b *refBoard) inside(r, c int) bool {
	return r >= 0 && c >= 0 && r < b.n && c < b.n && b.v.SquareAt(r, c) != 0
}

func (b *refBoard) isOpp(pc Piece) bool { return pc != Empty && pc.Side() != b.side }

// own reports whether square s holds a piece of the side to move.
func (b *refBoard) own(s Square) bool {
	pc := b.p.At(s)
	return pc != Empty && pc.Side() == b.side
}

// refJump is one capture step: the piece taken on (mr, mc), the landing square (lr, lc),
// and whether the capture may go on from there (an Italian man stops on the far row).
type refJump struct {
	mr, mc, lr, lc int
	cont           bool
}

// jumps lists the capture steps from (r, c) in direction d for a man or king (king) that
// has already taken caps; empty says where it may land (its own start square is empty).
func (b *refBoard) jumps(r, c int, d [2]int, king bool, caps []Square, empty func(r, c int) bool) []refJump {
	switch {
	case !b.v.FlyingKings() && !king: // Italian man: forward, men only
		if d[0] != b.fwd {
			return nil
		}
		mr, mc, lr, lc := r+d[0], c+d[1], r+2*d[0], c+2*d[1]
		m := b.at(mr, mc)
		if b.isOpp(m) && !m.IsKing() && !slices.Contains(caps, b.v.SquareAt(mr, mc)) && empty(lr, lc) {
			return []refJump{{mr, mc, lr, lc, lr != b.farRow}}
		}
	case !b.v.FlyingKings() && king, b.v.FlyingKings() && !king: // short capture, any direction
		mr, mc, lr, lc := r+d[0], c+d[1], r+2*d[0], c+2*d[1]
		m := b.at(mr, mc)
		if b.isOpp(m) && !slices.Contains(caps, b.v.SquareAt(mr, mc)) && empty(lr, lc) {
			return []refJump{{mr, mc, lr, lc, true}}
		}
	default: // flying king
		mr, mc := r+d[0], c+d[1]
		for empty(mr, mc) {
			mr, mc = mr+d[0], mc+d[1]
		}
		if !b.inside(mr, mc) || !b.isOpp(b.at(mr, mc)) || slices.Contains(caps, b.v.SquareAt(mr, mc)) {
			return nil
		}
		var out []refJump
		for lr, lc := mr+d[0], mc+d[1]; empty(lr, lc); lr, lc = lr+d[0], lc+d[1] {
			out = append(out, refJump{mr, mc, lr, lc, true})
		}
		return out
	}
	return nil
}

// pieceCaptures lists every complete capture sequence of the piece on s (a sequence ends
// where no further capture is possible, or where an Italian man reaches the far row).
func (b *refBoard) pieceCaptures(s Square) []refSeq {
	r0, c0 := b.v.Coords(s)
	king := b.p.At(s).IsKing()
	empty := func(r, c int) bool {
		return b.inside(r, c) && (b.at(r, c) == Empty || (r == r0 && c == c0))
	}
	var seqs []refSeq
	var dfs func(r, c int, caps []Square, kingsAt []int)
	dfs = func(r, c int, caps []Square, kingsAt []int) {
		found := false
		for _, d := range refDirs {
			for _, j := range b.jumps(r, c, d, king, caps, empty) {
				found = true
				nc := append(slices.Clone(caps), b.v.SquareAt(j.mr, j.mc))
				nk := slices.Clone(kingsAt)
				if b.at(j.mr, j.mc).IsKing() {
					nk = append(nk, len(nc))
				}
				if j.cont {
					dfs(j.lr, j.lc, nc, nk)
				} else {
					seqs = append(seqs, refSeq{from: s, to: b.v.SquareAt(j.lr, j.lc), caps: nc, byKing: king, kingsAt: nk, promotes: true})
				}
			}
		}
		if !found && len(caps) > 0 {
			seqs = append(seqs, refSeq{from: s, to: b.v.SquareAt(r, c), caps: caps, byKing: king, kingsAt: kingsAt,
				promotes: !king && r == b.farRow})
		}
	}
	dfs(r0, c0, nil, nil)
	return seqs
}

// better compares two capture sequences by the precedence rules: > 0 when x beats y. Most
// pieces first; in Italian draughts then capture with a king, most kings taken, the
// earliest king taken.
func (b *refBoard) better(x, y refSeq) int {
	if len(x.caps) != len(y.caps) {
		return len(x.caps) - len(y.caps)
	}
	if b.v.FlyingKings() {
		return 0
	}
	if x.byKing != y.byKing {
		if x.byKing {
			return 1
		}
		return -1
	}
	if len(x.kingsAt) != len(y.kingsAt) {
		return len(x.kingsAt) - len(y.kingsAt)
	}
	return -slices.Compare(x.kingsAt, y.kingsAt)
}

// bestCaptures keeps the sequences no other beats.
func (b *refBoard) bestCaptures(seqs []refSeq) map[string]bool {
	set := map[string]bool{}
	best := seqs[0]
	for _, q := range seqs {
		if b.better(q, best) > 0 {
			best = q
		}
	}
	for _, q := range seqs {
		if b.better(q, best) == 0 {
			set[refKey(q.from, q.to, q.caps, q.promotes)] = true
		}
	}
	return set
}

// quietMoves lists the moves without capture: a man one step forward, a king one step (or,
// flying, any distance) in any direction.
func (b *refBoard) quietMoves() map[string]bool {
	set := map[string]bool{}
	for s := 1; s <= b.v.Squares(); s++ {
		if !b.own(Square(s)) {
			continue
		}
		pc := b.p.At(Square(s))
		r0, c0 := b.v.Coords(Square(s))
		for _, d := range refDirs {
			if !pc.IsKing() && d[0] != b.fwd {
				continue
			}
			for r, c := r0+d[0], c0+d[1]; b.inside(r, c) && b.at(r, c) == Empty; r, c = r+d[0], c+d[1] {
				set[refKey(Square(s), b.v.SquareAt(r, c), nil, !pc.IsKing() && r == b.farRow)] = true
				if !pc.IsKing() || !b.v.FlyingKings() {
					break
				}
			}
		}
	}
	return set
}

// genPosition draws a random position: each square empty or holding a man or king of
// either colour (men never on their own far row), either side to move.
func genPosition(t *rapid.T, v *Variant) Position {
	p := MustParseFEN(v, "W:W:B")
	density := rapid.IntRange(5, 60).Draw(t, "density")
	kingPct := rapid.IntRange(0, 60).Draw(t, "kings")
	for s := 1; s <= v.Squares(); s++ {
		if rapid.IntRange(0, 99).Draw(t, "occ") >= density {
			continue
		}
		white := rapid.Bool().Draw(t, "white")
		king := rapid.IntRange(0, 99).Draw(t, "king") < kingPct
		row, _ := v.Coords(Square(s))
		if !king && ((white && row == 0) || (!white && row == v.Size()-1)) {
			king = true
		}
		pc := BlackMan
		switch {
		case white && king:
			pc = WhiteKing
		case white:
			pc = WhiteMan
		case king:
			pc = BlackKing
		}
		p = p.Place(Square(s), pc)
	}
	if rapid.Bool().Draw(t, "black to move") {
		p = p.WithTurn(Black)
	}
	return p
}

func checkAgainstReference(t *rapid.T, p Position) {
	got := moveKeys(p.LegalMoves())
	want := refLegal(p)
	if !slices.Equal(got, want) {
		t.Fatalf("%s %s:\n legal     %v\n reference %v", p.Variant().Name(), p.FEN(), got, want)
	}
	if n := Perft(p, 1); n != uint64(len(want)) {
		t.Fatalf("%s %s: Perft(1) = %d, want %d", p.Variant().Name(), p.FEN(), n, len(want))
	}
	var sum uint64
	for _, m := range p.LegalMoves() {
		sum += uint64(len(refLegal(p.Play(m))))
	}
	if n := Perft(p, 2); n != sum {
		t.Fatalf("%s %s: Perft(2) = %d, reference %d", p.Variant().Name(), p.FEN(), n, sum)
	}
}

func TestReferenceRandomPositions(t *testing.T) {
	for _, v := range []*Variant{Italian, International} {
		t.Run(v.Name(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { checkAgainstReference(t, genPosition(t, v)) })
		})
	}
}

func TestReferenceRandomGames(t *testing.T) {
	for _, v := range []*Variant{Italian, International} {
		t.Run(v.Name(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := v.Start()
				for ply := 0; ply < 150; ply++ {
					checkAgainstReference(t, p)
					ms := p.LegalMoves()
					if len(ms) == 0 {
						break
					}
					p = p.Play(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
				}
			})
		})
	}
}

func TestReferenceRulebook(t *testing.T) {
	// the reference itself must agree with the rulebook, or the comparison proves nothing
	p := MustParseFEN(Italian, "W:WK30:B10,K12,K18,20,K26,K27")
	if got := refLegal(p); len(got) != 1 || !strings.HasPrefix(got[0], "30-5:") {
		t.Fatalf("reference on rulebook example 5: %v", got)
	}
}

// TestReferenceDenseKings compares with the reference on many crowded positions rich in
// kings, where the Italian rules 3 and 4 (kings captured, earliest king) decide often:
// the rapid tests above draw too few of them to catch a wrong rule 4.
func TestReferenceDenseKings(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []*Variant{Italian, International} {
		for i := 0; i < n; i++ {
			p := MustParseFEN(v, "W:W:B")
			for s := 1; s <= v.Squares(); s++ {
				r := rng.IntN(100)
				row, _ := v.Coords(Square(s))
				switch {
				case r < 6:
					p = p.Place(Square(s), WhiteKing)
				case r < 12 && row != 0:
					p = p.Place(Square(s), WhiteMan)
				case r < 40:
					p = p.Place(Square(s), BlackKing)
				case r < 60 && row != v.Size()-1:
					p = p.Place(Square(s), BlackMan)
				}
			}
			got := moveKeys(p.LegalMoves())
			if want := refLegal(p); !slices.Equal(got, want) {
				t.Fatalf("%s %s:\n legal     %v\n reference %v", v.Name(), p.FEN(), got, want)
			}
			if n := Perft(p, 1); n != uint64(len(got)) {
				t.Fatalf("%s %s: Perft(1) = %d, want %d", v.Name(), p.FEN(), n, len(got))
			}
		}
	}
}
