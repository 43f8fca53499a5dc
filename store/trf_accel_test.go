package store

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// TestTRFAccelerationFromDatabase (issue 19): a tournament imported from a TRF with
// acceleration records pairs its next round from the database exactly as the Dutch
// engine pairs it from the file (`arbitro pair` = `arbitro pair --system dutch --trf`),
// pairs and colours, and both as bbpPairings pairs the file. The Gros 2010 file gives
// players 1-26 half a point (XXA) in round 5; the same points written as TRF-2026 250
// records must act the same. The round paired
// without the acceleration differs, so the test fails if the database ignores the points
// (and, since the points are the file's, if it counted them twice: see the 2×
// control below).
func TestTRFAccelerationFromDatabase(t *testing.T) {
	orig, err := os.ReadFile("../trf/testdata/trf/real/open-gros-donostia-2010.trf")
	if err != nil {
		t.Fatal(err)
	}
	var xxa, rest []string
	for _, l := range strings.Split(strings.ReplaceAll(string(orig), "\r", ""), "\n") {
		if strings.HasPrefix(l, "XXA") {
			xxa = append(xxa, l)
		} else {
			rest = append(rest, l)
		}
	}
	if len(xxa) != 26 {
		t.Fatalf("%d XXA lines in the Gros file, want 26", len(xxa))
	}
	as250 := append(slices.Clone(rest), "250       1.0 001 003 0001 0026", "250       0.5 004 005 0001 0026")
	for _, c := range []struct{ name, file string }{
		{"XXA", string(orig)},
		{"250", strings.Join(as250, "\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr, err := trf.Parse(strings.NewReader(c.file))
			if err != nil {
				t.Fatal(err)
			}
			fromFile, err := trf.Pair(tr, 0)
			if err != nil {
				t.Fatal(err)
			}
			if fromFile.Round != 5 {
				t.Fatalf("the file pairs round %d, want 5", fromFile.Round)
			}
			want := pairStrings(fromFile.Pairs, nil)
			if !slices.Equal(want, bbpGrosRound5) {
				t.Errorf("round 5 from the file:\n got %v\nwant %v (bbpPairings)", want, bbpGrosRound5)
			}
			plain := pairStrings(pairWithout(t, tr, 5, 1), nil)
			if slices.Equal(want, plain) {
				t.Fatal("round 5 pairs the same without the acceleration: the test would not see it ignored")
			}
			double := pairStrings(pairWithout(t, tr, 5, 2), nil)
			if slices.Equal(want, double) {
				t.Fatal("round 5 pairs the same with the acceleration counted twice: the test would not see it")
			}
			got := pairFromDatabase(t, tr, c.name)
			if !slices.Equal(got, want) {
				t.Errorf("round 5 paired from the database:\n got %v\nwant %v (from the file)\nwithout acceleration %v", got, want, plain)
			}
		})
	}
}

// bbpGrosRound5 is round 5 of the Gros 2010 file as bbpPairings v6 pairs it
// (BieremaBoyzProgramming/bbpPairings 16a000f, `bbpPairings.exe --dutch FILE -p OUT`), both
// with the file's XXA lines and with the same points as the two 250 records above.
var bbpGrosRound5 = func() []string {
	f := strings.Fields("1 2 3 4 5 6 7 13 11 21 23 12 19 16 17 18 8 24 35 10 14 52 37 9 15 26 46 29 45 20 " +
		"27 38 39 30 41 31 44 32 42 33 25 34 40 50 49 48 51 36 47 0")
	var out []string
	for i := 0; i < len(f); i += 2 {
		out = append(out, f[i]+"-"+f[i+1])
	}
	slices.Sort(out)
	return out
}()

// pairWithout pairs round r of tr with the file's acceleration multiplied by k (1: as the
// file says, but computed here apart from DutchOptions; 0 would be none).
func pairWithout(t *testing.T, tr *trf.File, r, k int) []pairing.Pair {
	t.Helper()
	opt := tr.DutchOptions(r, 0)
	acc := tr.RecordAcceleration()
	opt.Acceleration = nil
	if k > 1 {
		opt.Acceleration = func(id, r int) int { return k * acc(id, r) }
	}
	res, err := pairing.Dutch(tr.Entrants(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return res.Pairs
}

// pairStrings are pairs as sorted "W-B" strings; num maps ids to pairing numbers (nil: the
// ids are the numbers).
func pairStrings(ps []pairing.Pair, num map[int]int) []string {
	n := func(id int) int {
		if num == nil || id == 0 {
			return id
		}
		return num[id]
	}
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%d-%d", n(p.White), n(p.Black)))
	}
	slices.Sort(out)
	return out
}

// pairFromDatabase imports tr into a new database, pairs its next round there and returns
// the pairs by pairing number.
func pairFromDatabase(t *testing.T, tr *trf.File, source string) []string {
	t.Helper()
	st := newTestStore(t)
	var got []string
	if err := st.Update(context.Background(), func(tx *Tx) error {
		tour, err := tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: source})
		if err != nil {
			return err
		}
		pr, err := tx.PairNext(tour, tournament.PairOptions{})
		if err != nil {
			return err
		}
		es, err := tx.Entries(tour.ID)
		if err != nil {
			return err
		}
		num := map[int]int{}
		for _, e := range es {
			num[int(e.ID)] = e.Number
		}
		got = pairStrings(pr.Pairs, num)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}
