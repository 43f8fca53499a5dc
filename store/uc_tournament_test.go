package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// CreateTournament, Tournaments, ShowTournament, SetTournamentField and EventLog: what
// each returns and stores; the refusals write nothing.
func TestUCTournament(t *testing.T) {
	st := testStore(t)
	in := tournament.Tournament{Name: "Open UC", Variant: tournament.VariantInternational, System: tournament.Dutch, Rounds: 5, ByePoints: 2, ForfeitPoints: 2}
	got, err := st.CreateTournament(ucCtx, in, "baku")
	if err != nil || got.ID == 0 || got.Seed == 0 || got.CreatedAt == "" || got.Name != "Open UC" {
		t.Fatalf("create: %+v, %v", got, err)
	}
	before := ucRows(t, st)
	if _, err := st.CreateTournament(ucCtx, in, ""); !errors.Is(err, tournament.ErrDuplicateTournament) {
		t.Errorf("same name: %v, want ErrDuplicateTournament", err)
	}
	ucSameRows(t, st, before, "same name")
	rr := tournament.Tournament{Name: "Girone UC", Variant: tournament.VariantItalian, System: tournament.RoundRobin, Rounds: 3, ByePoints: 2, ForfeitPoints: 2}
	if _, err := st.CreateTournament(ucCtx, rr, "baku"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("baku on a round robin: %v, want ErrInvalid", err)
	}
	ucSameRows(t, st, before, "baku on a round robin") // the tournament too is rolled back
	all, err := st.Tournaments(ucCtx)
	if err != nil || len(all) != 1 || all[0].ID != got.ID {
		t.Fatalf("list: %+v, %v", all, err)
	}
	shown, err := st.ShowTournament(ucCtx, "open uc")
	if err != nil || shown.ID != got.ID || shown.Seed != got.Seed {
		t.Fatalf("show: %+v, %v", shown, err)
	}
	if _, err := st.ShowTournament(ucCtx, "Closed"); !errors.Is(err, tournament.ErrNotFound) {
		t.Errorf("show another: %v, want ErrNotFound", err)
	}
	nt, sel, err := st.SetTournamentField(ucCtx, "", "place", "Palermo")
	if err != nil || nt.Place != "Palermo" || sel.Place != "" {
		t.Fatalf("set: %+v (selected %+v), %v", nt, sel, err)
	}
	if shown, _ = st.ShowTournament(ucCtx, ""); shown.Place != "Palermo" {
		t.Errorf("stored place %q", shown.Place)
	}
	before = ucRows(t, st)
	if _, _, err := st.SetTournamentField(ucCtx, "", "colour", "blue"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("unknown field: %v, want ErrInvalid", err)
	}
	ucSameRows(t, st, before, "unknown field")
	evs, sel, err := st.EventLog(ucCtx, "")
	if err != nil || sel.ID != got.ID || len(evs) < 2 || evs[0].Action != "tournament.create" || evs[len(evs)-1].Action != "tournament.set" {
		t.Fatalf("log: %+v, %v", evs, err)
	}
}
