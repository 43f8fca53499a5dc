package pairing

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestBergerPublishedTables compares BergerRound, pair by pair and board by board, with the
// Berger tables as published (testdata/berger_published.txt: 4-12 players complete and the
// first five rounds of 14, from the FIDE C.05 Annex 1 tables as reproduced on a public page;
// the file names its source). It is a second source beside testdata/berger_c05.txt.
func TestBergerPublishedTables(t *testing.T) {
	f, err := os.Open("testdata/berger_published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		var n int
		if _, err := fmt.Sscan(parts[0], &n); err != nil {
			t.Fatalf("bad line %q", line)
		}
		for r, want := range parts[1:] {
			pairs, err := BergerRound(n, r+1)
			if err != nil {
				t.Fatalf("n=%d round %d: %v", n, r+1, err)
			}
			got := make([]string, len(pairs))
			for i, p := range pairs {
				got[i] = fmt.Sprintf("%d-%d", p.White, p.Black)
			}
			if strings.Join(got, " ") != want {
				t.Errorf("n=%d round %d: BergerRound %v, published %s", n, r+1, got, want)
			}
			checked++
		}
	}
	if checked != 40 {
		t.Fatalf("checked %d published rounds, want 40", checked)
	}
}
