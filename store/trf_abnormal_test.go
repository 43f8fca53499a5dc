package store

import (
	"arbitro/tournament"
	"arbitro/trf"
	"bytes"
	"context"
	"strings"
	"testing"
)

// small299 is small.trf with 299 records (TRF-2026 abnormal points) in each form; the
// points column counts them (ParseTRF checks it):
//
//   - player 6's half-point bye of round 3 is worth a full point (1.5 → 2.0);
//   - player 1 has a penalty of half a point in round 2 (2.5 → 2.0);
//   - the draw of round 1 between 2 and 5 is worth nothing to either (2: 1.5 → 1.0;
//     5: 0.5 → 0.0);
//   - player 7 has a bonus of half a point for no round in particular (round 000: 2.5 →
//     3.0).
func small299(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(string(readSmall(t)), "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "001    6"), strings.HasPrefix(l, "001    1"), strings.HasPrefix(l, "001    2"):
			l = l[:80] + map[byte]string{'6': " 2.0", '1': " 2.0", '2': " 1.0"}[l[7]] + l[84:]
		case strings.HasPrefix(l, "001    5"):
			l = l[:80] + " 0.0" + l[84:]
		case strings.HasPrefix(l, "001    7"):
			l = l[:80] + " 3.0" + l[84:]
		}
		b.WriteString(l + "\n")
	}
	for _, a := range []trf.Abnormal{
		{Type: 'H', MatchPoints: -1, Points: 10, Round: 3, Players: []int{6}},
		{Type: ' ', MatchPoints: -1, Points: -5, Round: 2, Players: []int{1}},
		{Type: 'D', MatchPoints: -1, Points: 0, Round: 1, Players: []int{2, 5}},
		{Type: ' ', MatchPoints: -1, Points: 5, Round: 0, Players: []int{7}},
	} {
		b.WriteString(a.Line() + "\n")
	}
	return b.String()
}

// TestTRF299Standings (issue 19): after import-trf, arbitro's own standings count the 299
// records as the file's points column does (each player's points = the column × 2 on the
// 2-1-0 scale), once; the pairing snapshot of the next round has the scores the file gives
// the engine (`arbitro pair` = `arbitro pair --trf`), and the export writes the records
// and the same points column back.
func TestTRF299Standings(t *testing.T) {
	file := small299(t)
	tr, err := trf.Parse(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Abnormal) != 4 {
		t.Fatalf("%d 299 records read, want 4", len(tr.Abnormal))
	}
	st := newTestStore(t)
	ctx := context.Background()
	var tour *tournament.Tournament
	if err := st.Update(ctx, func(tx *Tx) error {
		var err error
		tour, err = tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "small299.trf"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	fileScore := map[int]int{}
	for _, e := range tr.Entrants() {
		fileScore[e.Number] = e.Score
	}
	var exported bytes.Buffer
	if err := st.View(ctx, func(tx *Tx) error {
		ct, err := tx.LoadCrosstable(tour)
		if err != nil {
			return err
		}
		sts, err := tournament.ComputeStandings(ct, 3)
		if err != nil {
			return err
		}
		for _, s := range sts {
			p := tr.Players[s.Entry.Number-1]
			if want := trf.TenthsToGamePoints(p.Points, 10); s.Points != want {
				t.Errorf("player %d: %d game points in arbitro's standings, the file's column says %s (= %d)", p.Number, s.Points, trf.FormatTenths(p.Points), want)
			}
		}
		es, err := tx.snapshot(tour, 4)
		if err != nil {
			return err
		}
		for _, e := range es {
			if e.Score != fileScore[e.Number] {
				t.Errorf("player %d: score %d when pairing round 4 from the database, %d from the file", e.Number, e.Score, fileScore[e.Number])
			}
		}
		back, err := tx.ExportTRF(tour)
		if err != nil {
			return err
		}
		return trf.Write(&exported, back)
	}); err != nil {
		t.Fatal(err)
	}
	again, err := trf.Parse(bytes.NewReader(exported.Bytes()))
	if err != nil {
		t.Fatalf("the export does not read back: %v\n%s", err, exported.String())
	}
	if len(again.Abnormal) != 4 {
		t.Errorf("%d 299 records exported, want 4:\n%s", len(again.Abnormal), exported.String())
	}
	for i, p := range again.Players {
		if p.Points != tr.Players[i].Points {
			t.Errorf("player %d: exported points column %s, the file's %s", p.Number, trf.FormatTenths(p.Points), trf.FormatTenths(tr.Players[i].Points))
		}
	}
}
