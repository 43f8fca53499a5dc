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

// splitGames splits a PDN file into games: a game starts at a tag line that follows a
// non-tag line.
func splitGames(text string) []string {
	var games []string
	var cur strings.Builder
	inTags := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		l := strings.TrimSpace(line)
		if l == "" {
			cur.WriteString("\n")
			continue
		}
		isTag := strings.HasPrefix(l, "[")
		if isTag && !inTags && strings.TrimSpace(cur.String()) != "" {
			games = append(games, cur.String())
			cur.Reset()
		}
		inTags = isTag
		cur.WriteString(line + "\n")
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games
}

func TestRealGamesAgainstReference(t *testing.T) {
	for _, c := range []struct {
		v          *Variant
		file       string
		games, min int
	}{
		{International, "intl_world_championship_2007_rounds01-11.pdn", 110, 8000},
		{Italian, "ita_campionato_italiano_assoluto_2005_turni1-4.pdn", 36, 1500},
	} {
		data, err := os.ReadFile(filepath.Join("testdata/pdn", c.file))
		if err != nil {
			t.Fatal(err)
		}
		tags := regexp.MustCompile(`\[[^\]]*\]`)
		comments := regexp.MustCompile(`\{[^}]*\}`)
		moveTok := regexp.MustCompile(`\b\d+(?:[-x]\d+)+\b`)
		plyCount := regexp.MustCompile(`\[PlyCount "(\d+)"\]`)
		games := splitGames(string(data))
		plies := 0
		for gi, g := range games {
			body := comments.ReplaceAllString(tags.ReplaceAllString(g, ""), "")
			body = strings.ReplaceAll(body, "1/2-1/2", "")
			p := c.v.Start()
			n := 0
			for _, tok := range moveTok.FindAllString(body, -1) {
				switch tok {
				case "2-0", "1-1", "0-2", "1-0", "0-1", "0-0": // results: no such move exists
					continue
				}
				n++
				legal := p.LegalMoves()
				if got, want := moveKeys(legal), refLegal(p); !slicesEqual(got, want) {
					t.Fatalf("%s game %d ply %d %s: legal %v, reference %v", c.file, gi+1, n, p.FEN(), got, want)
				}
				var found []Move
				for _, m := range legal {
					if m.ShortString() == tok || m.String() == tok {
						found = append(found, m)
					}
				}
				if len(found) == 0 {
					t.Fatalf("%s game %d ply %d: %s is not legal in %s (legal %v)", c.file, gi+1, n, tok, p.FEN(), moveStrings(legal))
				}
				// an ambiguous from-to capture is read as its first path here; the replay
				// code decides such cases properly
				p = p.Play(found[0])
				plies++
			}
			if m := plyCount.FindStringSubmatch(g); m != nil && m[1] != strconv.Itoa(n) {
				t.Errorf("%s game %d: %d plies read, PlyCount %s", c.file, gi+1, n, m[1])
			}
		}
		if len(games) != c.games || plies < c.min {
			t.Errorf("%s: %d games, %d plies", c.file, len(games), plies)
		}
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
