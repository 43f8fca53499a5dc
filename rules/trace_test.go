package rules

import (
	"reflect"
	"strings"
	"testing"
)

// ReplayPositions gives Replay's verdict and, for every legal ply, the position that
// playing the legal move written there reaches.
func TestReplayPositions(t *testing.T) {
	for _, c := range []struct {
		text  string
		legal bool
	}{
		{`[GameType "22"] 1. 21-17 10-13 2. 17x10 5x14 3. 22-18 *`, true},
		{`[GameType "22"] 1. 21-17 10-13 2. 24-20 *`, false}, // 2. 24-20 ignores the compulsory capture 17x10
		{`[GameType "20"] 1. 32-28 19-23 2. 28x19 14x23 *`, true},
	} {
		text := c.text
		g, err := NewPDNReader(strings.NewReader(text)).Next()
		if err != nil {
			t.Fatal(err)
		}
		want := Replay(g, ReplayOptions{})
		if want.Legal != c.legal {
			t.Fatalf("%s: legal %v, want %v (%s)", text, want.Legal, c.legal, want.Message)
		}
		vd, ps := ReplayPositions(g, ReplayOptions{})
		if !reflect.DeepEqual(vd, want) {
			t.Errorf("%s: verdict %+v, Replay gives %+v", text, vd, want)
		}
		if len(ps) != vd.Plies+1 {
			t.Fatalf("%s: %d positions for %d legal plies", text, len(ps), vd.Plies)
		}
		v, _ := GameVariant(g, ReplayOptions{})
		p := v.Start()
		for i := 0; i < vd.Plies; i++ {
			w := g.Moves[i]
			var found bool
			for _, m := range p.LegalMoves() {
				if int(m.From) == w.From && int(m.To) == w.To {
					p, found = p.Play(m), true
					break
				}
			}
			if !found {
				t.Fatalf("%s: ply %d %s is not legal", text, i+1, w.Text)
			}
			if ps[i+1] != p {
				t.Errorf("%s: after ply %d got %s, want %s", text, i+1, ps[i+1].FEN(), p.FEN())
			}
		}
		if vd.Legal && ps[len(ps)-1].FEN() != vd.FinalFEN {
			t.Errorf("%s: last position %s, verdict's final FEN %s", text, ps[len(ps)-1].FEN(), vd.FinalFEN)
		}
	}
}
