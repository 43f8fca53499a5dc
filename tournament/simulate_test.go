package tournament

import (
	"bytes"
	"testing"

	"arbitro/rules"
)

// Every simulated game is legal, its recorded result is the one the final position and the
// draw count give, it is reproducible from its seed, and it says it is simulated.
func TestSimulateGameLegalAndReproducible(t *testing.T) {
	for _, v := range []*rules.Variant{rules.Italian, rules.International} {
		ends := map[string]int{}
		for seed := uint64(1); seed <= 60; seed++ {
			r, err := SimulateGame(SimOptions{Variant: v, Seed: seed, White: "A, A", Black: "B, B", Event: "Sim", Round: "1"})
			if err != nil {
				t.Fatal(err)
			}
			ends[r.End]++
			var buf bytes.Buffer
			if err := rules.WritePDN(&buf, r.Game); err != nil {
				t.Fatal(err)
			}
			// Read back from text, as the store would.
			gs, err := rules.ReadAllPDN(&buf)
			if err != nil || len(gs) != 1 {
				t.Fatalf("%s seed %d: read back: %v", v, seed, err)
			}
			g := gs[0]
			vd := rules.Replay(g, rules.ReplayOptions{})
			if !vd.Legal || vd.Variant != v || vd.Plies != r.Plies {
				t.Fatalf("%s seed %d: verdict %+v", v, seed, vd)
			}
			if vd.ResultCheck != rules.ResultConsistent {
				t.Errorf("%s seed %d: result %s is %s", v, seed, r.Result, vd.ResultCheck)
			}
			if a, _ := g.Tag("Annotator"); a != SimulatedAnnotator {
				t.Errorf("Annotator %q", a)
			}
			switch r.End {
			case SimNoMoves:
				if !vd.Terminal || r.Result == "1/2-1/2" {
					t.Errorf("%s seed %d: no-moves end but terminal %v result %s", v, seed, vd.Terminal, r.Result)
				}
			case SimCount:
				if v == rules.Italian {
					// The count ended the game: a claim from its start is valid at the last ply.
					cv := rules.CheckClaim40(g, r.CountFrom, r.Plies)
					if !cv.Valid || vd.Claim40Ply != r.Plies {
						t.Errorf("seed %d: count end at %d from %d: claim %+v, Claim40Ply %d", seed, r.Plies, r.CountFrom, cv, vd.Claim40Ply)
					}
				}
			}
			again, _ := SimulateGame(SimOptions{Variant: v, Seed: seed, White: "A, A", Black: "B, B", Event: "Sim", Round: "1"})
			var b2 bytes.Buffer
			rules.WritePDN(&b2, again.Game)
			var b1 bytes.Buffer
			rules.WritePDN(&b1, r.Game)
			if b1.String() != b2.String() {
				t.Fatalf("%s seed %d: not reproducible", v, seed)
			}
		}
		if ends[SimNoMoves] == 0 {
			t.Errorf("%s: no decisive game in 60: %v", v, ends)
		}
		t.Logf("%s: %v", v, ends)
	}
	if _, err := SimulateGame(SimOptions{}); err == nil {
		t.Error("no variant: want an error")
	}
}
