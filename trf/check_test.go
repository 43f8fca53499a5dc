package trf

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func readSmallTRF(t *testing.T, xxr string) *File {
	t.Helper()
	b, err := os.ReadFile("testdata/trf/small.trf")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Parse(strings.NewReader(strings.Replace(string(b), "XXR 5", xxr, 1)))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// The engine mode pairs the round after the file's last one; a file whose rounds are all
// paired is refused; the last round's check is CheckTRF's check of that round.
func TestPairTRFAndCheckLastRound(t *testing.T) {
	tr := readSmallTRF(t, "XXR 5")
	next, err := Pair(tr, 0)
	if err != nil {
		t.Fatal(err)
	}
	if next.Round != tr.PlayedRounds()+1 || len(next.Pairs) == 0 {
		t.Fatalf("next round %+v", next)
	}
	seen := map[int]bool{}
	for _, p := range next.Pairs {
		for _, id := range []int{p.White, p.Black} {
			if id != 0 && seen[id] {
				t.Fatalf("player %d paired twice in %+v", id, next.Pairs)
			}
			seen[id] = true
		}
	}
	var full *CompleteError
	if _, err := Pair(readSmallTRF(t, "XXR 3"), 0); !errors.As(err, &full) || full.Rounds != 3 {
		t.Errorf("XXR 3: %v, want TRFCompleteError{3}", err)
	}
	last, err := CheckLastRound(tr, 0)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Check(tr, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := all.Rounds[len(all.Rounds)-1]
	if last.Round != want.Round || last.Same != want.Same || strings.Join(last.Diffs, "|") != strings.Join(want.Diffs, "|") ||
		strings.Join(last.Violations, "|") != strings.Join(want.Violations, "|") {
		t.Errorf("last round %+v, CheckTRF's %+v", last, want)
	}
}
