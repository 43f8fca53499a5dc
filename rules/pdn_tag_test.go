package rules

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tagNameIs answers as strings.EqualFold, the Unicode folds included (the Kelvin sign is
// K, the long s is S).
func TestTagNameIsEqualFold(t *testing.T) {
	names := []string{"", "White", "white", "WHITE", "Whit", "Black", "Result", "result", "Risultato",
		"PlyCount", "plycount", "\u212Aing", "King", "king", "\u017Fite", "Site", "site", "@x", "`x", "[x", "{x", "ÉVÉNEMENT", "événement"}
	for _, a := range names {
		for _, b := range names {
			if got, want := tagNameIs(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("tagNameIs(%q, %q) = %v, EqualFold %v", a, b, got, want)
			}
		}
	}
}

// RecycleGame: games read into recycled storage are the same games, with the same
// verdicts, as games read fresh, file after file (the lists of a long game reused by a
// short one and the other way round), and a verdict stays valid after its game is recycled.
func TestRecycleGameSameGames(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "pdn", "*.pdn"))
	read := func(recycle bool) []string {
		var out []string
		var vds []Verdict
		for _, f := range files {
			d, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r := NewPDNReader(strings.NewReader(string(d)))
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if g == nil {
					t.Fatal(err)
				}
				vds = append(vds, Replay(g, ReplayOptions{}))
				out = append(out, fmt.Sprintf("%s %d %v %+v", f, g.Index, err, *g))
				if recycle {
					RecycleGame(g)
				}
			}
		}
		for _, vd := range vds { // formatted after every game was read: storage reused since
			out = append(out, fmt.Sprintf("%+v", vd))
		}
		return out
	}
	fresh, recycled := read(false), read(true)
	if len(fresh) != len(recycled) {
		t.Fatalf("%d games, recycled %d", len(fresh), len(recycled))
	}
	for i := range fresh {
		if fresh[i] != recycled[i] {
			t.Fatalf("game %d differs:\n%s\n%s", i, fresh[i], recycled[i])
		}
	}
}
