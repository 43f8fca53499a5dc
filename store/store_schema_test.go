package store

import (
	"arbitro/tournament"
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestSchemaConstraints: the schema itself refuses impossible rows (so a bug in any
// package cannot store them) and cascades a deleted round to its boards and results.
func TestSchemaConstraints(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	var e1, e2 *tournament.Entry
	mustUpdate(t, s, func(tx *Tx) (err error) {
		if e1, err = tx.AddPlayer(tr, tournament.Player{Name: "A, Uno"}); err != nil {
			return err
		}
		e2, err = tx.AddPlayer(tr, tournament.Player{Name: "B, Due"})
		return err
	})
	exec := func(q string, args ...any) error {
		return s.Update(context.Background(), func(tx *Tx) error { _, err := tx.exec(q, args...); return err })
	}
	now := "2026-11-21T10:00:00Z"
	bad := []struct {
		what, q string
		args    []any
	}{
		{"unknown variant", "INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('X', 'russian', 'dutch', 5, ?)", []any{now}},
		{"unknown system", "INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('X', 'italian', 'swiss', 5, ?)", []any{now}},
		{"unknown scoring", "INSERT INTO tournaments (name, variant, system, rounds, scoring, created_at) VALUES ('X', 'italian', 'dutch', 5, '4-2-0', ?)", []any{now}},
		{"entry of a missing player", "INSERT INTO entries (tournament_id, player_id, created_at) VALUES (?, 999, ?)", []any{tr.ID, now}},
		{"same pairing number twice", "UPDATE entries SET pairing_number = 1", nil},
		{"unknown status", "UPDATE entries SET status = 'gone'", nil},
		{"round 0", "INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 0, ?)", []any{tr.ID, now}},
	}
	for _, b := range bad {
		if err := exec(b.q, b.args...); err == nil {
			t.Errorf("%s: accepted", b.what)
		}
	}
	if err := exec("INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 1, ?)", tr.ID, now); err != nil {
		t.Fatal(err)
	}
	if err := exec("INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES (1, 1, ?, ?)", e1.ID, e2.ID); err != nil {
		t.Fatal(err)
	}
	for _, b := range []struct{ what, q string }{
		{"player against himself", fmt.Sprintf("INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES (1, 2, %d, %d)", e1.ID, e1.ID)},
		{"same board twice", fmt.Sprintf("INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES (1, 1, %d, NULL)", e2.ID)},
		{"3 game points", "INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (1, 'played', 3, 0, '" + now + "')"},
		{"unknown result kind", "INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (1, 'won', 2, 0, '" + now + "')"},
		{"unknown float", "UPDATE boards SET white_float = 'sideways'"},
	} {
		if err := exec(b.q); err == nil {
			t.Errorf("%s: accepted", b.what)
		}
	}
	if err := exec("INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (1, 'played', 2, 0, ?)", now); err != nil {
		t.Fatal(err)
	}
	if err := exec("INSERT INTO games (board_id, pdn, submitted_at) VALUES (1, '1. 22-18 *', ?)", now); err != nil {
		t.Fatal(err)
	}
	if err := exec("DELETE FROM rounds WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"boards", "results", "games"} {
		var n int
		s.DB().QueryRow("SELECT count(*) FROM " + table).Scan(&n)
		if n != 0 {
			t.Errorf("%d %s left after deleting their round", n, table)
		}
	}
	// A player who has played cannot be deleted out from under his boards.
	if err := exec("INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 1, ?)", tr.ID, now); err != nil {
		t.Fatal(err)
	}
	if err := exec("INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES ((SELECT id FROM rounds WHERE number = 1), 1, ?, ?)", e1.ID, e2.ID); err != nil {
		t.Fatal(err)
	}
	if err := exec("DELETE FROM entries WHERE id = ?", e1.ID); err == nil || !strings.Contains(err.Error(), "FOREIGN KEY") {
		t.Errorf("deleting an entry with boards: %v", err)
	}
}

// BenchmarkImportPlayers measures entering 1,000 players in one transaction (CSV parsing
// excluded): go test -run XXX -bench ImportPlayers -cpu 1 -count 5 ./tournament
func BenchmarkImportPlayers(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Cognome;Nome;Circolo;Elo;Tessera\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "Giocatore%04d;Mario;Circolo %d;%d;T%d\n", i, i%30, 1200+i, i)
	}
	rows, err := tournament.ParsePlayersCSV(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := Open(b.TempDir() + "/bench.db")
		if err != nil {
			b.Fatal(err)
		}
		tr := &tournament.Tournament{Name: "Bench", Variant: tournament.VariantItalian, System: tournament.Dutch, Rounds: 9}
		if err := s.Update(context.Background(), func(tx *Tx) error { return tx.CreateTournament(tr) }); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := s.Update(context.Background(), func(tx *Tx) error { _, err := tx.ImportPlayers(tr, tournament.RowsOf(rows)); return err }); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.Close()
	}
}
