package rules

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Real positions: the FEN set-ups of the International problem collections and every
// position of the 2007 World Championship games (files in testdata/pdn, sources in
// testdata/README.md), compared with the naive reference generator of ref_test.go. The move
// text is read with a bare regular expression here, independent of the package's PDN
// reader.

func refPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	keys := refLegal(p)
	if depth == 1 {
		return uint64(len(keys))
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		n += refPerft(p.Play(m), depth-1)
	}
	return n
}

func TestRealProblemPositionsAgainstReference(t *testing.T) {
	files, _ := filepath.Glob("testdata/pdn/intl_*fen*.pdn")
	if len(files) == 0 {
		t.Fatal("no problem collections in testdata/pdn")
	}
	fenTag := regexp.MustCompile(`\[FEN "([^"]*)"\]`)
	depth := 3
	if testing.Short() {
		depth = 2
	}
	count := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fenTag.FindAllStringSubmatch(string(data), -1) {
			p, err := ParseFEN(International, m[1])
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			count++
			if got, want := Perft(p, depth), refPerft(p, depth); got != want {
				t.Errorf("%s %s: perft(%d) = %d, reference %d", filepath.Base(f), m[1], depth, got, want)
			}
		}
	}
	if count < 100 {
		t.Errorf("only %d problem positions read", count)
	}
}

func TestRealGamesAgainstReference(t *testing.T) {
	data, err := os.ReadFile("testdata/pdn/intl_world_championship_2007_rounds01-11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	tags := regexp.MustCompile(`\[[^\]]*\]`)
	comments := regexp.MustCompile(`\{[^}]*\}`)
	moveTok := regexp.MustCompile(`\b\d+(?:[-x]\d+)+\b`)
	plyCount := regexp.MustCompile(`\[PlyCount "(\d+)"\]`)
	games := strings.Split(string(data), "[Event ")[1:]
	plies := 0
	for gi, g := range games {
		body := comments.ReplaceAllString(tags.ReplaceAllString(g, ""), "")
		body = strings.ReplaceAll(body, "1/2-1/2", "")
		p := International.Start()
		toks := moveTok.FindAllString(body, -1)
		n := 0
		for i, tok := range toks {
			switch tok {
			case "2-0", "1-1", "0-2", "1-0", "0-1", "0-0": // results: no such move exists
				continue
			}
			n++
			legal := p.LegalMoves()
			if got, want := moveKeys(legal), refLegal(p); !slicesEqual(got, want) {
				t.Fatalf("game %d ply %d %s: legal %v, reference %v", gi+1, i+1, p.FEN(), got, want)
			}
			var found []Move
			for _, m := range legal {
				if m.ShortString() == tok || m.String() == tok {
					found = append(found, m)
				}
			}
			if len(found) == 0 {
				t.Fatalf("game %d ply %d: %s is not legal in %s (legal %v)", gi+1, i+1, tok, p.FEN(), moveStrings(legal))
			}
			// ambiguous from-to captures: every reading must have the same result for this
			// comparison to go on; take the first (the replay helper decides them properly)
			p = p.Play(found[0])
			plies++
		}
		if m := plyCount.FindStringSubmatch(g); m != nil && m[1] != strconv.Itoa(n) {
			t.Errorf("game %d: %d plies read, PlyCount %s", gi+1, n, m[1])
		}
	}
	if len(games) != 110 || plies < 8000 {
		t.Errorf("%d games, %d plies", len(games), plies)
	}
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
