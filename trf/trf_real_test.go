package trf

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"arbitro/pairing"
)

// TestTRFKeepsFileSpelling: WriteTRF writes an unchanged field or round block as the file
// spelt it, and a changed one anew, in the file's style of opponents ("  25").
func TestTRFKeepsFileSpelling(t *testing.T) {
	_, tr := readTRFFixture(t, "testdata/trf/real/open-gros-donostia-2010.trf")
	// player 6 (rating and id written "0"): a rating now, and round 4 against 3 won
	// instead of drawn
	p6, p3 := &tr.Players[5], &tr.Players[2]
	p6.Rating = 1500
	p6.Rounds[3].Result, p3.Rounds[3].Result = '1', '0'
	var out bytes.Buffer
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	lines := map[int]string{}
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "001") {
			lines[len(lines)+1] = l
		}
	}
	for _, c := range []struct {
		player, from, to int
		want             string
	}{
		{6, 49, 52, "1500"},  // changed: written anew
		{30, 49, 52, "   0"}, // unchanged rating 0, written "0" as in the file
		{7, 49, 52, "2102"},
		{6, 122, 129, "   3 w 1"}, // changed block, opponent padded with blanks as in the file
		{3, 122, 129, "   6 b 0"},
		{6, 92, 99, "  32 b 1"}, // unchanged block
		{6, 81, 84, " 4.0"},     // points recomputed: 3.5 + 0.5
		{3, 81, 84, " 3.0"},
		{28, 49, 52, "1728"},
	} {
		if got := Field(lines[c.player], c.from, c.to); got != c.want {
			t.Errorf("player %d columns %d-%d: %q, want %q", c.player, c.from, c.to, got, c.want)
		}
	}
}

// TestTRFKeepFileRanks: an export keeps the file's ranks while no player's rounds differ
// from the file's, and keeps arbitro's ranks once one does (a result corrected, a round
// paired).
func TestTRFKeepFileRanks(t *testing.T) {
	orig, err := os.ReadFile("testdata/trf/real/karl-mala-frankfurt-2005.trf")
	if err != nil {
		t.Fatal(err)
	}
	read := func() *File {
		tr, err := Parse(bytes.NewReader(orig))
		if err != nil {
			t.Fatal(err)
		}
		for i := range tr.Players {
			tr.Players[i].Rank = 1000 + i // arbitro's ranks, say
		}
		return tr
	}
	tr := read()
	tr.KeepFileRanks()
	if tr.Players[0].Rank != 4 || tr.Players[4].Rank != 1 || tr.Players[12].Rank != 0 {
		t.Errorf("unchanged rounds: ranks %d %d %d, want the file's 4 1 0", tr.Players[0].Rank, tr.Players[4].Rank, tr.Players[12].Rank)
	}
	tr = read()
	tr.Players[0].Rounds[6].Result, tr.Players[30].Rounds[6].Result = '1', '0' // 1-31 in round 7 won, not drawn
	tr.KeepFileRanks()
	if tr.Players[0].Rank != 1000 || tr.Players[4].Rank != 1004 {
		t.Errorf("a result changed: ranks %d %d, want arbitro's 1000 1004", tr.Players[0].Rank, tr.Players[4].Rank)
	}
}

// TestTRFXXAPairsAsBBPPairings: the XXA lines of the Gros 2010 file give players 1-26 one
// point of acceleration in rounds 1-3, so round 1 pairs them as a score group of their
// own. bbpPairings v6 (BieremaBoyzProgramming/bbpPairings 16a000f, `bbpPairings.exe
// --dutch open-gros-donostia-2010.trf -c`, its checker's pairings of round 1) pairs the
// round as below, with the pairing-allocated bye to 52; the Dutch engine, given the file's
// XXA through TRF.DutchOptions, pairs it the same.
func TestTRFXXAPairsAsBBPPairings(t *testing.T) {
	_, tr := readTRFFixture(t, "testdata/trf/real/open-gros-donostia-2010.trf")
	res, err := pairing.Dutch(tr.EntrantsAfter(0), tr.DutchOptions(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Pairs {
		got = append(got, fmt.Sprintf("%d-%d", p.White, p.Black))
	}
	want := strings.Fields("1-14 15-2 3-16 17-4 5-18 19-6 7-20 21-8 9-22 23-10 11-24 25-12 13-26 " +
		"27-40 41-29 30-42 43-31 32-44 45-33 34-46 47-35 36-48 49-37 38-50 51-39 52-0")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("round 1 with XXA:\n got %v\nwant %v (bbpPairings)", got, want)
	}
}
