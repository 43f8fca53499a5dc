package rules

import (
	"errors"
	"testing"
)

// FuzzParseFEN: ParseFEN never panics; every accepted FEN re-serialises to a FEN that
// parses back to the same position, and move generation works on it.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"W:W21-32:B1-12", "W:WK21,31:B10,18,27", "B:W1:BK5,K6.", " w : w 1 - 3 : bk30 ",
		"W:W31-50:B1-20", "W:WK46:B32,13,12,38", "W:W:B", "B:B45:W1", "W:W1,,2:B3", "W:W5-3:B1",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, intl bool) {
		v := Italian
		if intl {
			v = International
		}
		p, err := ParseFEN(v, s)
		if err != nil {
			if !errors.Is(err, ErrBadFEN) {
				t.Fatalf("error %v does not wrap ErrBadFEN", err)
			}
			return
		}
		q, err := ParseFEN(v, p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q -> %q -> %v, %v", s, p.FEN(), q.FEN(), err)
		}
		for _, m := range p.LegalMoves() {
			_ = p.Play(m).FEN()
		}
		_ = Perft(p, 2)
		// CheckPossible: the same answer for the re-read position, and an impossible
		// position is one with too many pieces or a man on its own promotion row.
		err = p.CheckPossible()
		if (err == nil) != (q.CheckPossible() == nil) || err != nil && !errors.Is(err, ErrImpossiblePosition) {
			t.Fatalf("%q: CheckPossible %v", s, err)
		}
		wm, wk, bm, bk := p.Counts()
		menOnFar := p.bb[White]&^p.kings&v.promo[White] != 0 || p.bb[Black]&^p.kings&v.promo[Black] != 0
		if want := wm+wk > v.n*2/5 || bm+bk > v.n*2/5 || menOnFar; (err != nil) != want {
			t.Fatalf("%q: CheckPossible %v, want impossible %v", s, err, want)
		}
	})
}
