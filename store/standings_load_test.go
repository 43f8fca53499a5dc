package store

import (
	"arbitro/tournament"
	"context"
	"fmt"
	"testing"
)

// TestLoadCrosstable writes unplayedEvent (bye, forfeit, withdrawal) into a store with SQL,
// loads it back and checks that the standings equal those of the hand-built view, whose
// values TestTieBreaksUnplayed computes by hand. A sixth player, F, enters late in round 3
// with 3 start points (spread as 2 + 1 over rounds 1 and 2) and is absent in round 3.
// seedLoadFixture writes the six-player, three-round event of TestLoadCrosstable: byes with
// and without a result row, a forfeit, a withdrawal after round 2, a late entry with
// start points in round 3.
func seedLoadFixture(t *testing.T, s *Store, tr *tournament.Tournament) {
	t.Helper()
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		for i, n := range []string{"A", "B", "C", "D", "E", "F"} {
			e, err := tx.AddPlayer(tr, tournament.Player{Name: n + ", X", Rating: []int{2000, 1900, 1800, 1700, 0, 1500}[i]})
			if err != nil {
				return err
			}
			if e.ID != int64(i+1) {
				return fmt.Errorf("entry id %d, want %d", e.ID, i+1)
			}
		}
		stmts := []string{
			`UPDATE entries SET pairing_number = id, rating = (SELECT rating FROM players WHERE players.id = entries.player_id)`,
			`UPDATE entries SET status = 'withdrawn', withdrawn_after = 2 WHERE id = 4`,
			`UPDATE entries SET joined_round = 3, start_points = 3 WHERE id = 6`,
			`INSERT INTO rounds (id, tournament_id, number, paired_at) VALUES (1, 1, 1, 'x'), (2, 1, 2, 'x'), (3, 1, 3, 'x')`,
			// R1: A-B 2-0, C-D 1-1, E bye (no result row: bye points 2).
			`INSERT INTO boards (id, round_id, board, white_entry, black_entry) VALUES (1, 1, 1, 1, 2), (2, 1, 2, 3, 4), (3, 1, 3, 5, NULL)`,
			`INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (1, 'played', 2, 0, 'x'), (2, 'played', 1, 1, 'x')`,
			// R2: A-C forfeit 2-0, B-E 2-0, D bye with a result row.
			`INSERT INTO boards (id, round_id, board, white_entry, black_entry) VALUES (4, 2, 1, 1, 3), (5, 2, 2, 2, 5), (6, 2, 3, 4, NULL)`,
			`INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (4, 'forfeit', 2, 0, 'x'), (5, 'played', 2, 0, 'x'), (6, 'bye', 2, 0, 'x')`,
			// R3: D withdrawn (no board: absent); A-E 1-1, B-C 0-2; F, just entered, is absent
			// with 0 points. A pending board is tested below.
			`INSERT INTO boards (id, round_id, board, white_entry, black_entry) VALUES (7, 3, 1, 1, 5), (8, 3, 2, 2, 3)`,
			`INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (7, 'played', 1, 1, 'x'), (8, 'played', 0, 2, 'x')`,
			`INSERT INTO absences (tournament_id, entry_id, round_number, points) VALUES (1, 6, 3, 0)`,
		}
		for _, q := range stmts {
			if _, err := tx.exec(q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		return nil
	})
}

// loadCrosstable reads tr's crosstable in a View, failing the test on error.
func loadCrosstable(t *testing.T, s *Store, tr *tournament.Tournament) *tournament.Crosstable {
	t.Helper()
	var ct *tournament.Crosstable
	err := s.View(context.Background(), func(tx *Tx) error {
		var err error
		ct, err = tx.LoadCrosstable(tr)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ct
}

func TestLoadCrosstable(t *testing.T) {
	s, _ := openTemp(t)
	tr := &tournament.Tournament{Name: "Load", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 3, ByePoints: 2, ForfeitPoints: 2,
		TieBreaks: []string{"buchholz", "buchholz-cut1", "sonneborn-berger", "quoziente", "progressive", "aro"}}
	seedLoadFixture(t, s, tr)
	ct := loadCrosstable(t, s, tr)
	if len(ct.Players) != 6 || ct.Rounds != 3 || ct.Scoring != tournament.Scoring210 || len(ct.TieBreaks) != 6 {
		t.Fatalf("loaded %d players, %d rounds, scoring %v, tie-breaks %v", len(ct.Players), ct.Rounds, ct.Scoring, ct.TieBreaks)
	}
	if !ct.Players[3].Withdrawn {
		t.Errorf("D not withdrawn")
	}
	got, err := tournament.ComputeStandings(ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := unplayedEvent()
	want.ct.TieBreaks = ct.TieBreaks
	// F in the hand-built view: absent rounds 1 and 2 with 2 and 1 start points, round 3 absent.
	want.ct.Players = append(want.ct.Players, tournament.CrossEntry{ID: 6, Number: 6, Name: "F", Rating: 1500, Results: []tournament.CrossResult{
		{Round: 1, Kind: tournament.CrossAbsent, Points: 2}, {Round: 2, Kind: tournament.CrossAbsent, Points: 1}, {Round: 3, Kind: tournament.CrossAbsent}}})
	exp, err := tournament.ComputeStandings(&want.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	for k := range exp {
		g, e := got[k], exp[k]
		if g.Entry.Name != e.Entry.Name+", X" || fmt.Sprint(g.TieBreaks) != fmt.Sprint(e.TieBreaks) || g.Points != e.Points || g.Place() != e.Place() {
			t.Errorf("line %d: loaded %s %s %d %v, hand-built %s %s %d %v", k+1, g.Place(), g.Entry.Name, g.Points, g.TieBreaks,
				e.Place(), e.Entry.Name, e.Points, e.TieBreaks)
		}
	}
	if a := got[0]; a.Entry.Name != "A, X" || a.TieBreaks[0] != 9 || a.TieBreaks[2] != 16 {
		t.Errorf("A: %v, want Buchholz 9 and SB 16", a.TieBreaks)
	}
	if tournament.LastRound(ct) != 3 {
		t.Errorf("LastRound = %d, want 3", tournament.LastRound(ct))
	}
	if tournament.CompletedRounds(ct) != 3 {
		t.Errorf("CompletedRounds = %d, want 3", tournament.CompletedRounds(ct))
	}

	// A board without a result is pending: round 3 is then not complete.
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.exec(`DELETE FROM results WHERE board_id = 8`)
		return err
	})
	ct = loadCrosstable(t, s, tr)
	if n := tournament.CompletedRounds(ct); n != 2 {
		t.Errorf("with a pending board in round 3, CompletedRounds = %d, want 2", n)
	}
	st, err := tournament.ComputeStandings(ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range st {
		if x.Entry.Name == "C, X" && (x.Pending != 1 || x.Points != 1) {
			t.Errorf("C with a pending board: pending %d points %d, want 1 and 1", x.Pending, x.Points)
		}
	}
}
