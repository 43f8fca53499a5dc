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

func refLegal(p Position) []string {
	v := p.Variant()
	n := v.Size()
	side := p.Turn()
	at := func(r, c int) Piece {
		if r < 0 || c < 0 || r >= n || c >= n {
			return Empty
		}
		return p.At(v.SquareAt(r, c))
	}
	inside := func(r, c int) bool { return r >= 0 && c >= 0 && r < n && c < n && v.SquareAt(r, c) != 0 }
	fwd := -1
	farRow := 0
	if side == Black {
		fwd, farRow = 1, n-1
	}
	dirs := [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	isOpp := func(pc Piece) bool { return pc != Empty && pc.Side() != side }
	var seqs []refSeq
	for s := 1; s <= v.Squares(); s++ {
		pc := p.At(Square(s))
		if pc == Empty || pc.Side() != side {
			continue
		}
		r0, c0 := v.Coords(Square(s))
		king := pc.IsKing()
		empty := func(r, c int) bool {
			return inside(r, c) && (at(r, c) == Empty || (r == r0 && c == c0))
		}
		var dfs func(r, c int, caps []Square, kingsAt []int)
		dfs = func(r, c int, caps []Square, kingsAt []int) {
			found := false
			try := func(mr, mc, lr, lc int, cont bool) {
				found = true
				ms := v.SquareAt(mr, mc)
				nc := append(slices.Clone(caps), ms)
				nk := slices.Clone(kingsAt)
				if at(mr, mc).IsKing() {
					nk = append(nk, len(nc))
				}
				if cont {
					dfs(lr, lc, nc, nk)
				} else {
					seqs = append(seqs, refSeq{from: Square(s), to: v.SquareAt(lr, lc), caps: nc, byKing: king, kingsAt: nk, promotes: true})
				}
			}
			for _, d := range dirs {
				switch {
				case !v.FlyingKings() && !king: // Italian man: forward, men only
					if d[0] != fwd {
						continue
					}
					mr, mc, lr, lc := r+d[0], c+d[1], r+2*d[0], c+2*d[1]
					m := at(mr, mc)
					if isOpp(m) && !m.IsKing() && !slices.Contains(caps, v.SquareAt(mr, mc)) && empty(lr, lc) {
						try(mr, mc, lr, lc, lr != farRow)
					}
				case !v.FlyingKings() && king, v.FlyingKings() && !king: // short capture, any direction
					mr, mc, lr, lc := r+d[0], c+d[1], r+2*d[0], c+2*d[1]
					m := at(mr, mc)
					if isOpp(m) && !slices.Contains(caps, v.SquareAt(mr, mc)) && empty(lr, lc) {
						try(mr, mc, lr, lc, true)
					}
				default: // flying king
					mr, mc := r+d[0], c+d[1]
					for empty(mr, mc) {
						mr, mc = mr+d[0], mc+d[1]
					}
					if !inside(mr, mc) || !isOpp(at(mr, mc)) || slices.Contains(caps, v.SquareAt(mr, mc)) {
						continue
					}
					for lr, lc := mr+d[0], mc+d[1]; empty(lr, lc); lr, lc = lr+d[0], lc+d[1] {
						try(mr, mc, lr, lc, true)
					}
				}
			}
			if !found && len(caps) > 0 {
				seqs = append(seqs, refSeq{from: Square(s), to: v.SquareAt(r, c), caps: caps, byKing: king, kingsAt: kingsAt,
					promotes: !king && r == farRow})
			}
		}
		dfs(r0, c0, nil, nil)
	}
	set := map[string]bool{}
	if len(seqs) > 0 {
		better := func(a, b refSeq) int { // >0 when a beats b
			if len(a.caps) != len(b.caps) {
				return len(a.caps) - len(b.caps)
			}
			if v.FlyingKings() {
				return 0
			}
			if a.byKing != b.byKing {
				if a.byKing {
					return 1
				}
				return -1
			}
			if len(a.kingsAt) != len(b.kingsAt) {
				return len(a.kingsAt) - len(b.kingsAt)
			}
			return -slices.Compare(a.kingsAt, b.kingsAt)
		}
		best := seqs[0]
		for _, q := range seqs {
			if better(q, best) > 0 {
				best = q
			}
		}
		for _, q := range seqs {
			if better(q, best) == 0 {
				set[refKey(q.from, q.to, q.caps, q.promotes)] = true
			}
		}
	} else {
		for s := 1; s <= v.Squares(); s++ {
			pc := p.At(Square(s))
			if pc == Empty || pc.Side() != side {
				continue
			}
			r0, c0 := v.Coords(Square(s))
			for _, d := range dirs {
				if !pc.IsKing() && d[0] != fwd {
					continue
				}
				for r, c := r0+d[0], c0+d[1]; inside(r, c) && at(r, c) == Empty; r, c = r+d[0], c+d[1] {
					set[refKey(Square(s), v.SquareAt(r, c), nil, !pc.IsKing() && r == farRow)] = true
					if !pc.IsKing() || !v.FlyingKings() {
						break
					}
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
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
