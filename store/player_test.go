package store

import (
	"arbitro/tournament"
	"context"
	"errors"
	"strings"
	"testing"
)

func addP(s *Store, tr *tournament.Tournament, p tournament.Player) (*tournament.Entry, error) {
	var e *tournament.Entry
	err := s.Update(context.Background(), func(tx *Tx) (err error) {
		cur, err := tx.TournamentByID(tr.ID)
		if err != nil {
			return err
		}
		e, err = tx.AddPlayer(cur, p)
		return err
	})
	return e, err
}

func TestDuplicateRule(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	if _, err := addP(s, tr, tournament.Player{Name: "Rossi, Mario", Club: "Napoli", FIDID: "100"}); err != nil {
		t.Fatal(err)
	}
	if _, err := addP(s, tr, tournament.Player{Name: "Verdi, Anna", NationalID: "X1"}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		p   tournament.Player
		dup bool
	}{
		{tournament.Player{Name: "ROSSI,  mario", Club: "napoli"}, true},               // same name and club, any case/spacing
		{tournament.Player{Name: "Bianchi, Ugo", FIDID: "100"}, true},                  // same FID id
		{tournament.Player{Name: "Rossi, Mario", Club: "Milano"}, false},               // namesake, other club
		{tournament.Player{Name: "Rossi, Mario", Club: "Napoli", FIDID: "200"}, false}, // namesake, other FID id
		{tournament.Player{Name: "Verdi, Anna", NationalID: "X1", Club: "Roma"}, true}, // same name and national id
		{tournament.Player{Name: "Verdi, Anna", NationalID: "X2"}, false},
	}
	for _, c := range cases {
		_, err := addP(s, tr, c.p)
		if got := errors.Is(err, tournament.ErrDuplicatePlayer); got != c.dup || (err != nil && !got) {
			t.Errorf("%+v: err %v, want duplicate=%v", c.p, err, c.dup)
		}
	}
}

func TestPlayerReusedAcrossTournamentsByFIDID(t *testing.T) {
	s, _ := openTemp(t)
	a := newTournament(t, s, "Coppa A")
	b := newTournament(t, s, "Coppa B")
	ea, err := addP(s, a, tournament.Player{Name: "Rossi, Mario", Club: "Napoli", FIDID: "100", Rating: 1800})
	if err != nil {
		t.Fatal(err)
	}
	eb, err := addP(s, b, tournament.Player{Name: "rossi, mario", FIDID: "100", Rating: 1850})
	if err != nil {
		t.Fatal(err)
	}
	if ea.Player.ID != eb.Player.ID || eb.Player.Club != "Napoli" || eb.Rating != 1850 {
		t.Fatalf("person not reused: %+v / %+v", ea, eb)
	}
	// Entry a keeps its own event rating.
	s.View(context.Background(), func(tx *Tx) error {
		es, _ := tx.Entries(a.ID)
		if es[0].Rating != 1800 || es[0].Player.Rating != 1850 {
			t.Errorf("entry a: %+v", es[0])
		}
		return nil
	})
	if _, err := addP(s, b, tournament.Player{Name: "Bianchi, Ugo", FIDID: "100"}); !errors.Is(err, tournament.ErrDuplicatePlayer) {
		t.Fatalf("FID id of another person: %v", err)
	}
	c := newTournament(t, s, "Coppa C")
	if _, err := addP(s, c, tournament.Player{Name: "Bianchi, Ugo", FIDID: "100"}); !errors.Is(err, tournament.ErrDuplicatePlayer) || !strings.Contains(err.Error(), `already belongs to "Rossi, Mario"`) {
		t.Fatalf("FID id belonging to another name in the file: %v", err)
	}
}

func TestImportAllOrNothing(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	rows, err := tournament.ParsePlayersCSV(strings.NewReader("Name;Tessera\nA, Uno;1\nB, Due;2\nC, Tre;1\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(context.Background(), func(tx *Tx) error { _, err := tx.ImportPlayers(tr, tournament.RowsOf(rows)); return err })
	var ce *tournament.CSVError
	if !errors.As(err, &ce) || ce.Line != 4 || !errors.Is(err, tournament.ErrDuplicatePlayer) || !errors.Is(err, tournament.ErrBadCSV) {
		t.Fatalf("got %v", err)
	}
	var n int
	s.DB().QueryRow("SELECT count(*) FROM players").Scan(&n)
	if n != 0 {
		t.Fatalf("%d players written by a failed import", n)
	}
}

func TestLateEntrantAndWithdrawal(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	for _, n := range []string{"A, Uno", "B, Due"} {
		if _, err := addP(s, tr, tournament.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	// Lot drawn and round 1 paired (what the pairing commands do).
	mustUpdate(t, s, func(tx *Tx) error {
		tx.exec("UPDATE entries SET pairing_number = id")
		tx.exec("UPDATE tournaments SET lot_drawn_at = ?", tx.nowText())
		_, err := tx.exec("INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 1, ?)", tr.ID, tx.nowText())
		return err
	})
	late, err := addP(s, tr, tournament.Player{Name: "C, Tre"})
	if err != nil {
		t.Fatal(err)
	}
	if late.Number != 3 || late.JoinedRound != 2 {
		t.Fatalf("late entrant: number %d joined %d, want 3 and 2", late.Number, late.JoinedRound)
	}
	var w *tournament.PlayerChange
	mustUpdate(t, s, func(tx *Tx) (err error) {
		cur, _ := tx.TournamentByID(tr.ID)
		w, err = tx.WithdrawPlayer(cur, "uno")
		return err
	})
	if w.Status != tournament.StatusWithdrawn || w.WithdrawnAfter != 1 || w.Player.Name != "A, Uno" {
		t.Fatalf("withdrawn: %+v", w)
	}
	err = s.Update(context.Background(), func(tx *Tx) error {
		cur, _ := tx.TournamentByID(tr.ID)
		_, err := tx.SetPlayerField(cur, "2", "rating", "2000")
		return err
	})
	if !errors.Is(err, tournament.ErrLocked) {
		t.Fatalf("rating change after round 1: %v", err)
	}
}
