package rules

import (
	"testing"

	"pgregory.net/rapid"
)

// checkQuietPath compares, in p, the replay's set-wise answers with the generator's:
// anyCapture with "the capture list is not empty", hasLegalMove with "the legal move list
// is not empty", and fastMatch on every from -> to pair with the legal moves going from ->
// to (a count that a wrong quiet path would change: a capture position read as quiet
// accepts an ordinary move).
func checkQuietPath(t *rapid.T, p Position) {
	var g gen
	g.init(&p)
	g.captures()
	want := len(g.buf) > 0
	var q gen
	q.init(&p)
	if got := q.anyCapture(); got != want {
		t.Fatalf("%s %s: anyCapture %v, the generator lists %d captures", p.Variant().Name(), p.FEN(), got, len(g.buf))
	}
	if got := positionHasCapture(&p); got != want {
		t.Fatalf("%s %s: positionHasCapture %v, the generator lists %d captures", p.Variant().Name(), p.FEN(), got, len(g.buf))
	}
	legal := p.LegalMoves()
	var f fastGen
	if got := f.hasLegalMove(&p); got != (len(legal) > 0) {
		t.Fatalf("%s %s: hasLegalMove %v with %d legal moves", p.Variant().Name(), p.FEN(), got, len(legal))
	}
	n := p.Variant().Squares()
	for from := 1; from <= n; from++ {
		for to := 1; to <= n; to++ {
			fits := 0
			for _, m := range legal {
				if m.From == Square(from) && m.To == Square(to) {
					fits++
				}
			}
			cnt, _, nLegal := f.fastMatch(&p, Square(from), Square(to))
			if cnt != fits {
				t.Fatalf("%s %s: fastMatch %d-%d fits %d moves, LegalMoves %d", p.Variant().Name(), p.FEN(), from, to, cnt, fits)
			}
			if cnt == 0 && nLegal != len(legal) {
				t.Fatalf("%s %s: fastMatch %d-%d counts %d legal moves, LegalMoves %d", p.Variant().Name(), p.FEN(), from, to, nLegal, len(legal))
			}
		}
	}
}

// The quiet path agrees with the generator in random positions (many kings, flying king
// captures over long diagonals) and along random games from the start.
func TestReplayQuietPathAgrees(t *testing.T) {
	randomGames(t, 60, checkQuietPath, nil)
}
