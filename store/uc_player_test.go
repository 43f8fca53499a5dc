package store

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"arbitro/tournament"
)

func TestUCAddPlayer(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 2, nil)
	e, sel, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Rossi, Mario", Club: "Napoli", Rating: 1500})
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || sel.Name != tr.Name {
		t.Errorf("selected %d %q, want %d %q", sel.ID, sel.Name, tr.ID, tr.Name)
	}
	if e.ID == 0 || e.Player.Name != "Rossi, Mario" || e.Rating != 1500 {
		t.Errorf("entry %+v", e)
	}
	es, _, err := st.Players(ucCtx, tr.Name)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 3 || es[2].ID != e.ID || es[2].Player.Club != "Napoli" {
		t.Fatalf("stored: %+v", es)
	}
	// the same player again: refused, nothing written
	before := ucRows(t, st)
	if _, _, err := st.AddPlayer(ucCtx, "", tournament.Player{Name: "Rossi, Mario", Club: "Napoli"}); !errors.Is(err, tournament.ErrDuplicatePlayer) {
		t.Fatalf("duplicate: %v", err)
	}
	ucSameRows(t, st, before, "duplicate player")
	// no such tournament
	if _, sel, err := st.AddPlayer(ucCtx, "Nessuno", tournament.Player{Name: "Bianchi, Anna"}); !errors.Is(err, tournament.ErrNotFound) || sel.ID != 0 {
		t.Fatalf("unknown tournament: %v, selected %d", err, sel.ID)
	}
	ucSameRows(t, st, before, "unknown tournament")
}

func TestUCImportPlayers(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 1, nil)
	rows := []tournament.PlayerRow{
		{Line: 2, Player: tournament.Player{Name: "Rossi, Mario", Rating: 1600}},
		{Line: 3, Player: tournament.Player{Name: "Verdi, Anna", Rating: 1700}},
	}
	imp, sel, err := st.ImportPlayers(ucCtx, "", "iscritti.csv", tournament.RowsOf(rows))
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || imp.Count != 2 {
		t.Fatalf("imported %+v into %d", imp, sel.ID)
	}
	all, _, err := st.Players(ucCtx, "")
	if err != nil || len(all) != 3 || !slices.ContainsFunc(all, func(e tournament.Entry) bool { return e.Player.Name == "Rossi, Mario" }) ||
		!slices.ContainsFunc(all, func(e tournament.Entry) bool { return e.Player.Name == "Verdi, Anna" && e.Rating == 1700 }) {
		t.Fatalf("stored %d entries (%v), want 3 with the two rows", len(all), err)
	}
	// a row already entered: none of the rows is entered, the error names the file
	before := ucRows(t, st)
	rows = []tournament.PlayerRow{
		{Line: 2, Player: tournament.Player{Name: "Neri, Luca"}},
		{Line: 3, Player: tournament.Player{Name: "Rossi, Mario", Rating: 1600}},
	}
	imp, _, err = st.ImportPlayers(ucCtx, "", "iscritti.csv", tournament.RowsOf(rows))
	if !errors.Is(err, tournament.ErrDuplicatePlayer) || !strings.HasPrefix(err.Error(), "iscritti.csv: ") || imp.Count != 0 {
		t.Fatalf("duplicate row: %v, imported %+v", err, imp)
	}
	ucSameRows(t, st, before, "bad import")
}

func TestUCWithdrawPlayer(t *testing.T) {
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	e, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test", false)
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != tournament.StatusWithdrawn || e.WithdrawnAfter != 0 || e.Player.Name != "P02, Test" {
		t.Fatalf("withdrawn %+v", e)
	}
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range es {
		if (x.ID == e.ID) != (x.Status == tournament.StatusWithdrawn) {
			t.Errorf("stored: %s is %s", x.Player.Name, x.Status)
		}
	}
	before := ucRows(t, st)
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "P02, Test", false); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("twice: %v", err)
	}
	if _, _, err := st.WithdrawPlayer(ucCtx, "", "Nessuno", false); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("unknown player: %v", err)
	}
	ucSameRows(t, st, before, "refused withdrawal")
}

func TestUCSetPlayerField(t *testing.T) {
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	e, _, err := st.SetPlayerField(ucCtx, "", "P01, Test", "club", "CD Partenopeo")
	if err != nil {
		t.Fatal(err)
	}
	if e.Player.Club != "CD Partenopeo" {
		t.Fatalf("returned %+v", e.Player)
	}
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range es {
		if x.ID == e.ID && x.Player.Club != "CD Partenopeo" {
			t.Errorf("stored club %q", x.Player.Club)
		}
	}
	before := ucRows(t, st)
	if _, _, err := st.SetPlayerField(ucCtx, "", "P01, Test", "colour", "red"); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("unknown field: %v", err)
	}
	if _, _, err := st.SetPlayerField(ucCtx, "", "P01, Test", "rating", "many"); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("a rating that is no number: %v", err)
	}
	ucSameRows(t, st, before, "refused correction")
	es2, _, _ := st.Players(ucCtx, "")
	for i := range es2 {
		if es2[i].Player != es[i].Player {
			t.Errorf("player %d changed: %+v, was %+v", i, es2[i].Player, es[i].Player)
		}
	}
}

func TestUCPlayers(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	es, sel, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || len(es) != 3 || es[0].Player.Name != "P01, Test" {
		t.Fatalf("listed %+v of %d", es, sel.ID)
	}
	if _, _, err := st.Players(ucCtx, "Nessuno"); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("unknown tournament: %v", err)
	}
}
