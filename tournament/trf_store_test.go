package tournament

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"arbitro/pairing"
)

// Import small.trf into a database, export it again: the player lines agree on what both
// carry (starting rank, title, name, rating, federation, points, every round block; the
// database keeps the scheduled colours of forfeits, which the file wrote as '-'), XXR and
// XXC come back, and the standings computed from the database match the points column.
func TestTRFStoreRoundTrip(t *testing.T) {
	orig := readSmall(t)
	tr, err := ParseTRF(bytes.NewReader(orig))
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	ctx := context.Background()
	var tour *Tournament
	err = st.Update(ctx, func(tx *Tx) error {
		var err error
		tour, err = tx.ImportTRF(tr, TRFImportOptions{Variant: VariantInternational, Source: "small.trf"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if tour.Name != "Torneo di prova arbitro" || tour.Rounds != 5 || tour.System != SystemDutch || pairing.LotColour(uint64(tour.Seed)) != pairing.White {
		t.Fatalf("tournament %+v", tour)
	}
	var back *TRF
	err = st.View(ctx, func(tx *Tx) error {
		t2, err := tx.SelectTournament(tour.Name)
		if err != nil {
			return err
		}
		back, err = tx.ExportTRF(t2)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteTRF(&out, back); err != nil {
		t.Fatal(err)
	}
	again, err := ParseTRF(&out)
	if err != nil {
		t.Fatalf("exported TRF does not parse: %v\n%s", err, out.String())
	}
	if again.TotalRounds != 5 || again.InitialColour != pairing.White || again.Name != tr.Name || again.City != "Pesaro" {
		t.Fatalf("header back %+v", again)
	}
	if len(again.Players) != len(tr.Players) {
		t.Fatalf("%d players back", len(again.Players))
	}
	for i, p := range tr.Players {
		q := again.Players[i]
		for r := range q.Rounds {
			if q.Rounds[r].Result == '+' || q.Rounds[r].Result == '-' {
				q.Rounds[r].Colour = '-'
			}
		}
		if p.Number != q.Number || p.Title != q.Title || p.Name != q.Name || p.Rating != q.Rating || p.Federation != q.Federation ||
			p.Points != q.Points || p.Rank != q.Rank || !equalRounds(p.Rounds, q.Rounds) {
			t.Errorf("player %d:\n in  %+v\n out %+v", p.Number, p, q)
		}
	}
}

func equalRounds(a, b []TRFRound) bool {
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

func TestTRFImportErrors(t *testing.T) {
	tr, err := ParseTRF(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	err = st.Update(context.Background(), func(tx *Tx) error {
		_, err := tx.ImportTRF(tr, TRFImportOptions{Variant: "checkers"})
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "variant") {
		t.Fatalf("bad variant: %v", err)
	}
}
