package store

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// The Dutch engine must see the same history whether an event comes from its database
// (snapshot) or from its TRF export (TRF.EntrantsAfter): the export is what other pairing
// programs and 'arbitro pair --trf' read. The seam is a forfeit on a board paired across
// score groups: the database stored "up" for the lower-scored player when the board was
// paired, but the game was not played, and the TRF (which has no floats) lets the engine
// derive the float of the unplayed round. Before the fix the two histories differed and the
// next round could be paired differently (found in the acceptance pass).
//
// The same holds with a half-point bye (--bye-points 1, BBU 0.5 in the TRF): the engine
// reading the TRF must score the bye by the file's point system, as ImportTRF does.
func TestSnapshotAgreesWithTRFExportAfterForfeits(t *testing.T) {
	for _, bye := range []int{2, 1} {
		t.Run(fmt.Sprintf("bye-points-%d", bye), func(t *testing.T) { snapshotAgreesWithTRF(t, bye) })
	}
}

func snapshotAgreesWithTRF(t *testing.T, byePoints int) {
	st := newTestStore(t)
	tour := playFloatsEvent(t, st, byePoints)
	db, file := snapshotAndTRFEntrants(t, st, tour)
	idToNumber := sameHistories(t, db, file)
	// And so the engine pairs round 5 the same way from both.
	samePairings(t, db, file, pairing.DutchOptions{Round: 5, TotalRounds: tour.Rounds, Seed: uint64(tour.Seed)}, idToNumber)
}

// playFloatsEvent plays four Dutch rounds of nine players in which every player who floated
// up wins by forfeit, and fails unless at least one such forfeit happened.
func playFloatsEvent(t *testing.T, st *Store, byePoints int) *tournament.Tournament {
	tour := &tournament.Tournament{Name: "Floats", Variant: tournament.VariantInternational, System: tournament.Dutch, Rounds: 6, Seed: 17,
		Scoring: "2-1-0", ByePoints: byePoints, ForfeitPoints: 2, GamesPerPairing: 1}
	forfeits := 0
	err := st.Update(context.Background(), func(tx *Tx) error {
		if err := tx.CreateTournament(tour); err != nil {
			return err
		}
		for i := 1; i <= 9; i++ {
			if _, err := tx.AddPlayer(tour, tournament.Player{Name: fmt.Sprintf("Player%d, P", i), Rating: 2400 - 10*i}); err != nil {
				return err
			}
		}
		if _, err := tx.DrawLot(tour, nil); err != nil {
			return err
		}
		for round := 1; round <= 4; round++ {
			pr, err := tx.PairNext(tour, tournament.PairOptions{})
			if err != nil {
				return err
			}
			for _, n := range pr.Explanation.Dutch.Boards {
				if n.Black == 0 {
					continue
				}
				spec, forfeit := floatsResult(n, round)
				if forfeit {
					forfeits++
				}
				if _, err := tx.SetResult(tour, round, n.Board, 1, spec, tournament.ResultOptions{}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if forfeits == 0 {
		t.Fatal("no board was paired across score groups: the test does not reach the seam")
	}
	return tour
}

// floatsResult is the result of board n in round: the upfloater wins by forfeit (forfeit
// true); otherwise a win, loss or draw by board and round.
func floatsResult(n tournament.BoardNote, round int) (spec string, forfeit bool) {
	switch {
	case n.WhiteFloat == "up":
		return "+-", true
	case n.BlackFloat == "up":
		return "-+", true
	case (n.Board+round)%3 == 1:
		return "0-2", false
	case (n.Board+round)%3 == 2:
		return "1-1", false
	}
	return "2-0", false
}

// snapshotAndTRFEntrants returns the entrants before round 5 from the database (snapshot)
// and from the TRF export written and parsed again (TRF.EntrantsAfter).
func snapshotAndTRFEntrants(t *testing.T, st *Store, tour *tournament.Tournament) (db, file []pairing.Entrant) {
	var tr *trf.File
	err := st.View(context.Background(), func(tx *Tx) error {
		cur, err := tx.SelectTournament(tour.Name)
		if err != nil {
			return err
		}
		if db, err = tx.snapshot(cur, 5); err != nil {
			return err
		}
		tr, err = tx.ExportTRF(cur)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trf.Write(&buf, tr); err != nil {
		t.Fatal(err)
	}
	back, err := trf.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return db, back.EntrantsAfter(4)
}

// sameHistories checks that every player has the same score, availability and round-by-
// round history (kind, opponent, colour, points, float) both ways. Entrants are compared by
// pairing number; the TRF ids are starting ranks. It returns the database id → number map.
func sameHistories(t *testing.T, db, file []pairing.Entrant) map[int]int {
	if len(file) != len(db) {
		t.Fatalf("%d entrants from the TRF, %d from the database", len(file), len(db))
	}
	dbByNumber := map[int]pairing.Entrant{}
	idToNumber := map[int]int{}
	for _, e := range db {
		dbByNumber[e.Number] = e
		idToNumber[e.ID] = e.Number
	}
	for _, f := range file {
		d := dbByNumber[f.Number]
		if d.Score != f.Score || d.Available != f.Available || len(d.History) != len(f.History) {
			t.Fatalf("player %d: database score %d available %v rounds %d, TRF %d %v %d", f.Number, d.Score, d.Available, len(d.History), f.Score, f.Available, len(f.History))
		}
		for i, fr := range f.History {
			dr := d.History[i]
			dr.Opponent = idToNumber[dr.Opponent]
			// A bye is a downfloat either way: stored "down", or derived by pairing.Dutch.
			if dr.Kind == pairing.Bye && dr.Float == pairing.Down && fr.Float == pairing.NoFloat {
				dr.Float = pairing.NoFloat
			}
			if dr.Kind != fr.Kind || dr.Opponent != fr.Opponent || dr.Colour != fr.Colour || dr.Points != fr.Points || dr.Float != fr.Float {
				t.Errorf("player %d round %d: database %+v, TRF %+v", f.Number, i+1, dr, fr)
			}
		}
	}
	return idToNumber
}

// samePairings checks that pairing.Dutch pairs the next round alike from both histories.
func samePairings(t *testing.T, db, file []pairing.Entrant, opt pairing.DutchOptions, idToNumber map[int]int) {
	fromDB, err := pairing.Dutch(db, opt)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := pairing.Dutch(file, opt)
	if err != nil {
		t.Fatal(err)
	}
	pairsByNumber := func(ps []pairing.Pair, num func(int) int) map[[2]int]bool {
		m := map[[2]int]bool{}
		for _, p := range ps {
			m[[2]int{num(p.White), num(p.Black)}] = true
		}
		return m
	}
	a := pairsByNumber(fromDB.Pairs, func(id int) int { return idToNumber[id] })
	b := pairsByNumber(fromFile.Pairs, func(n int) int { return n })
	if len(a) != len(b) {
		t.Fatalf("round 5: database pairs %v, TRF pairs %v", a, b)
	}
	for k := range a {
		if !b[k] {
			t.Fatalf("round 5: database pairs %v, TRF pairs %v", a, b)
		}
	}
}
