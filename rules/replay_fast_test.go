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
