package store

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"arbitro/tournament"
	"arbitro/trf"
)

// TestTRF2026RecordsThroughDatabase (issue 19): every TRF-2026 record of
// testdata/trf/trf2026.trf (132 round dates, 142, 152, 162, 172, 182, 192, 202, 212, 222,
// 240, 250, 260 with XXP, 299, ### comments) and every player field comes back after an
// import into a database and an export from it, record by record and column by column
// (trfDiffs), as TestRealTRFRoundTrip does for the files of real events. The same file
// with the JaVaFo/bbpPairings forms of rounds, colour and point system (XXR, XXC, BB?)
// and an XXA line comes back in those forms, and small.trf with an XXS point system and an
// XXZ line (players absent from the round to be paired) too.
func TestTRF2026RecordsThroughDatabase(t *testing.T) {
	orig, err := os.ReadFile("../trf/testdata/trf/trf2026.trf")
	if err != nil {
		t.Fatal(err)
	}
	xx := strings.NewReplacer("142 5\n", "XXR 5\n", "152 B\n", "XXC black1\n", "162  W 2.0    D 1.0    P 1.0\n", "BBW  2.0\nBBD  1.0\nBBU  1.0\n").Replace(string(orig)) +
		"XXA    1  1.0  1.0\n"
	small := string(readSmall(t)) + "XXS WW=1.0 BW=1.0 WD=0.5 BD=0.5 WL=0.0 BL=0.0 ZPB=0.0 HPB=0.5 FPB=1.0 PAB=1.0 FW=1.0 FL=0.0\nXXZ 2 5\n"
	for _, c := range []struct{ name, file string }{{"TRF-2026", string(orig)}, {"JaVaFo forms", xx}, {"XXS and XXZ", small}} {
		t.Run(c.name, func(t *testing.T) {
			if c.name != "TRF-2026" && xx == string(orig)+"XXA    1  1.0  1.0\n" {
				t.Fatal("the TRF-2026 records to replace are not in trf2026.trf")
			}
			tr, err := trf.Parse(strings.NewReader(c.file))
			if err != nil {
				t.Fatal(err)
			}
			exported := importExportTRF(t, tr, "trf2026.trf")
			for _, d := range trfDiffs([]byte(c.file), exported, map[string]string{"empty record": ""}) {
				t.Errorf("file → database → export: %s", d)
			}
			again, err := trf.Parse(bytes.NewReader(exported))
			if err != nil {
				t.Fatal(err)
			}
			if again.RoundDates != tr.RoundDates || (again.RoundDates == "" && c.name != "XXS and XXZ") {
				t.Errorf("132: %q, want %q", again.RoundDates, tr.RoundDates)
			}
		})
	}
}

// TestTRFForbiddenFormKept: the prohibited pairs of an import are exported in the file's
// form (XXP, 260) while they are the stored ones; once the arbiter adds one, every stored
// pair is written as a 260 record of its own.
func TestTRFForbiddenFormKept(t *testing.T) {
	_, tr := readTRFFixture(t, "../trf/testdata/trf/trf2026.trf")
	st := newTestStore(t)
	ctx := context.Background()
	var tour *tournament.Tournament
	if err := st.Update(ctx, func(tx *Tx) error {
		var err error
		tour, err = tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "trf2026.trf"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	export := func() string { return exportedTRF(t, st, tour) }
	if got := export(); !strings.Contains(got, "\nXXP 2 5\n") || !strings.Contains(got, "\n260 001 005    1    4\n") {
		t.Errorf("the file's forms are not exported:\n%s", got)
	}
	if err := st.Update(ctx, func(tx *Tx) error { return tx.AddForbiddenPair(tour, tournament.ForbiddenPair{A: 3, B: 4}) }); err != nil {
		t.Fatal(err)
	}
	got := export()
	for _, want := range []string{"\n260 001 005    1    4\n", "\n260 001 005    2    5\n", "\n260 001 005    3    4\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("after --forbid 3-4 the export lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\nXXP") {
		t.Errorf("after --forbid 3-4 the kept XXP line is still written:\n%s", got)
	}
}

// TestTRFRoundDates: record 132 (round dates, YY/MM/DD at columns 92, 102, ...) gives the
// imported rounds their play dates (`arbitro round schedule`), and the export writes
// every round's play date there: the file's dates as the file spelt them, a date changed
// in arbitro anew, and the date of a round paired and scheduled in arbitro in its column.
func TestTRFRoundDates(t *testing.T) {
	_, tr := readTRFFixture(t, "../trf/testdata/trf/trf2026.trf")
	if d1, d2, d3 := tr.RoundDate(1), tr.RoundDate(2), tr.RoundDate(3); d1 != "2026-03-01" || d2 != "2026-03-01" || d3 != "" {
		t.Fatalf("132 read: rounds 1-3 %q %q %q", d1, d2, d3)
	}
	line := func(tr *trf.File, pair bool, round int, date string) string {
		st := newTestStore(t)
		var tour *tournament.Tournament
		if err := st.Update(context.Background(), func(tx *Tx) (err error) {
			tour, err = tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "t.trf"})
			if err != nil {
				return err
			}
			if d := tr.RoundDate(1); d != "" {
				if s, err := tx.roundSchedule(tour.ID, 1); err != nil || s.Date != d {
					t.Errorf("round 1's play date after import: %+v %v, want %s", s, err, d)
				}
			}
			if pair {
				if _, err := tx.PairNext(tour, tournament.PairOptions{}); err != nil {
					return err
				}
			}
			_, err = tx.SetRoundSchedule(tour, round, &date, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(exportedTRF(t, st, tour), "\n") {
			if strings.HasPrefix(l, "132") {
				return l
			}
		}
		return ""
	}
	if l := line(tr, false, 2, "2026-03-05"); trf.Field(l, 92, 99) != "26/03/01" || trf.Field(l, 102, 109) != "26/03/05" {
		t.Errorf("round 2 rescheduled: 132 exported %q", l)
	}
	small, err := trf.Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	if l := line(small, true, 4, "2026-03-02"); strings.TrimSpace(trf.Field(l, 5, 121)) != "" || trf.Field(l, 122, 129) != "26/03/02" {
		t.Errorf("round 4 paired and scheduled in arbitro: 132 exported %q", l)
	}
}

// exportedTRF is tournament tour of st exported as a TRF file (Tx.ExportTRF, WriteTRF).
func exportedTRF(t *testing.T, st *Store, tour *tournament.Tournament) string {
	t.Helper()
	var out bytes.Buffer
	if err := st.View(context.Background(), func(tx *Tx) error {
		back, err := tx.ExportTRF(tour)
		if err != nil {
			return err
		}
		return trf.Write(&out, back)
	}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
