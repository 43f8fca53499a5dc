package store

import (
	"errors"
	"slices"
	"testing"

	"arbitro/tournament"
)

func TestUCAddCategory(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	c, sel, err := st.AddCategory(ucCtx, "", "Under 1990", "rating-below=1990")
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || c.ID == 0 || c.Name != "Under 1990" || c.Rule != "rating-below=1990" {
		t.Fatalf("added %+v to %d", c, sel.ID)
	}
	list, _, err := st.Categories(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	// P01..P03 are rated 1990, 1980, 1970: the rule takes P02 and P03
	if len(list.Categories) != 1 || list.Categories[0].ID != c.ID || len(list.Categories[0].Members) != 2 {
		t.Fatalf("stored %+v", list.Categories)
	}
	for _, id := range list.Categories[0].Members {
		if n := list.Names[id]; n != "P02, Test" && n != "P03, Test" {
			t.Errorf("member %d %q", id, n)
		}
	}
	before := ucRows(t, st)
	if _, _, err := st.AddCategory(ucCtx, "", "under 1990", ""); !errors.Is(err, tournament.ErrCategory) {
		t.Fatalf("a name taken: %v", err)
	}
	if _, _, err := st.AddCategory(ucCtx, "", "Veterani", "born-before=1960"); !errors.Is(err, tournament.ErrCategory) {
		t.Fatalf("a bad rule: %v", err)
	}
	ucSameRows(t, st, before, "refused category")
}

func TestUCAssignToCategory(t *testing.T) {
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	if _, _, err := st.AddCategory(ucCtx, "", "Femminile", ""); err != nil {
		t.Fatal(err)
	}
	es, _, err := st.Players(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.AssignToCategory(ucCtx, "", "femminile", []string{"P01, Test", "P03, Test"})
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{es[0].ID, es[2].ID}
	if c.Name != "Femminile" || !slices.Equal(c.Members, want) {
		t.Fatalf("returned %+v, want members %v", c, want)
	}
	list, _, err := st.Categories(ucCtx, "")
	if err != nil || !slices.Equal(list.Categories[0].Members, want) {
		t.Fatalf("stored %+v (%v)", list.Categories, err)
	}
	// a player not found after one that is: nothing written
	before := ucRows(t, st)
	if _, _, err := st.AssignToCategory(ucCtx, "", "Femminile", []string{"P02, Test", "Nessuno"}); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("unknown player: %v", err)
	}
	if _, _, err := st.AssignToCategory(ucCtx, "", "Juniores", []string{"P02, Test"}); !errors.Is(err, tournament.ErrCategory) {
		t.Fatalf("unknown category: %v", err)
	}
	ucSameRows(t, st, before, "refused assignment")
}

func TestUCPrizes(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 3, nil)
	p, sel, err := st.AddPrize(ucCtx, "", "", 1, "Coppa")
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || p.ID == 0 || p.Place != 1 || p.Label != "Coppa" || p.Category != "" {
		t.Fatalf("added %+v", p)
	}
	if _, _, err := st.AddPrize(ucCtx, "", "", 2, "Medaglia"); err != nil {
		t.Fatal(err)
	}
	awards, sel, err := st.PrizeList(ucCtx, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || len(awards) != 2 || awards[0].Prize.Label != "Coppa" || awards[1].Prize.Label != "Medaglia" ||
		awards[0].Entry == 0 || awards[1].Entry == 0 || awards[0].Entry == awards[1].Entry {
		t.Fatalf("prize list %+v", awards)
	}
	before := ucRows(t, st)
	if _, _, err := st.AddPrize(ucCtx, "", "", 0, "Nulla"); !errors.Is(err, tournament.ErrCategory) {
		t.Fatalf("place 0: %v", err)
	}
	if _, _, err := st.AddPrize(ucCtx, "", "Juniores", 1, "Coppa juniores"); !errors.Is(err, tournament.ErrCategory) {
		t.Fatalf("unknown category: %v", err)
	}
	ucSameRows(t, st, before, "refused prize")
	if _, _, err := st.PrizeList(ucCtx, "Nessuno", -1); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("unknown tournament: %v", err)
	}
}
