package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestManCapturePathMatchesLegalMoves: for every International man capture of two or more
// pieces met in random games, the path the replay fast path reconstructs (manCapturePath,
// used to detect a man passing its far row, FMJD 4.15) is the Path that LegalMoves reports.
func TestManCapturePathMatchesLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 20000))
	var f fastGen
	checked := 0
	for game := 0; game < 400; game++ {
		p := International.Start()
		for ply := 0; ply < 200; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				if len(m.Captured) < 2 || !p.At(m.From).IsMan() {
					continue
				}
				n, im, _ := f.fastMatch(&p, m.From, m.To)
				if n != 1 {
					continue // several captures fit from-to: replay takes the slow path
				}
				got := f.manCapturePath(&p, im)
				if !slices.Equal(got, m.Path) {
					t.Fatalf("position %s, move %s: manCapturePath %v, LegalMoves path %v", p.FEN(), m, got, m.Path)
				}
				checked++
			}
			p = p.Play(legal[rng.IntN(len(legal))])
		}
	}
	if checked < 50 {
		t.Fatalf("only %d multiple man captures met: the test does not exercise the path search", checked)
	}
	t.Logf("%d multiple man captures checked", checked)
}

// refFastMatch is fastMatch as it was before the ordinary-move shortcut: every legal move
// generated and matched by start and end.
func refFastMatch(f *fastGen, p *Position, from, to Square) (n int, m imove, nLegal int) {
	fb, tb := p.v.sqBit[from], p.v.sqBit[to]
	ms := f.g.legal(p)
	for i := range ms {
		if ms[i].from == fb && ms[i].to == tb {
			if n == 0 {
				m = ms[i]
			}
			n++
		}
	}
	return n, m, len(ms)
}

// TestFastMatchAndFENOnRandomGames: in positions of random games of both variants (kings
// included), fastMatch gives for every pair of squares what generating every legal move
// gives (the number of legal moves only when no move fits), and fenString gives
// Position.FEN.
func TestFastMatchAndFENOnRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 20))
	var f, ref fastGen
	kings := 0
	for _, v := range []*Variant{Italian, International} {
		for game := 0; game < 60; game++ {
			p := v.Start()
			for ply := 0; ply < 300; ply++ {
				if got, want := fenString(&p), p.FEN(); got != want {
					t.Fatalf("fenString %q, FEN %q", got, want)
				}
				if p.kings != 0 {
					kings++
				}
				for from := Square(1); int(from) <= v.Squares(); from++ {
					for to := Square(1); int(to) <= v.Squares(); to++ {
						n, m, nl := f.fastMatch(&p, from, to)
						rn, rm, rnl := refFastMatch(&ref, &p, from, to)
						// nLegal is exact when nothing fits (the diagnosis reads it), at
						// least 1 when a move fits
						if n != rn || m != rm || (n == 0 && nl != rnl) || (n > 0 && (nl < 1 || nl > rnl)) {
							t.Fatalf("%s %d-%d: fastMatch (%d, %+v, %d), all moves (%d, %+v, %d)", p.FEN(), from, to, n, m, nl, rn, rm, rnl)
						}
					}
				}
				legal := p.LegalMoves()
				if len(legal) == 0 {
					break
				}
				p = p.Play(legal[rng.IntN(len(legal))])
			}
		}
	}
	if kings < 500 {
		t.Fatalf("only %d positions with kings: the test does not exercise king moves", kings)
	}
	var empty Position
	if got, want := fenString(&empty), empty.FEN(); got != want {
		t.Fatalf("zero position: fenString %q, FEN %q", got, want)
	}
}
