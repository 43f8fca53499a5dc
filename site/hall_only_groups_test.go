package site

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"arbitro/store"
	"arbitro/tournament"
)

// TestHallOnlyEventServesGroups: `serve --hall --tournament EVENT` (Hall.Only) of an event
// in groups answers the hall of each of its groups (the links of the event's hall page),
// a group added while the hall runs included, and still not another tournament's; Only of
// one group answers that group alone (docs/groups.md, "The hall").
func TestHallOnlyEventServesGroups(t *testing.T) {
	ctx := context.Background()
	st, ev := groupsEventStore(t, []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Luca", "Neri, Eva", "Gialli, Ugo", "Bruni, Dario"})
	if _, _, err := st.MakeGroups(ctx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 3}, store.GroupSpec{}); err != nil {
		t.Fatal(err)
	}
	other, err := st.CreateTournament(ctx, tournament.Tournament{Name: "Altro", Variant: tournament.VariantItalian,
		System: tournament.RoundRobin, ByePoints: 2, ForfeitPoints: 2, Seed: 12, Lang: "it"}, "")
	if err != nil {
		t.Fatal(err)
	}
	ref := itoa64(ev.ID)
	egs, _, err := st.Groups(ctx, ref)
	if err != nil || len(egs.Groups) != 2 {
		t.Fatalf("groups: %v %d", err, len(egs.Groups))
	}
	h := NewHall(st, "", &syncBuffer{})
	srv := httptest.NewServer(h.Handler(NewHandler(st, "")))
	t.Cleanup(func() { h.Close(); srv.Close() })
	c := &http.Client{Timeout: 10 * time.Second}
	code := func(path string) int {
		t.Helper()
		resp, err := c.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	h.Only(ev.ID)
	for _, g := range egs.Groups {
		for _, page := range []string{"", "boards", "names"} {
			if got := code("/hall/" + itoa64(g.Tournament.ID) + "/" + page); got != http.StatusOK {
				t.Errorf("Only(event): group %s's hall %q: %d, want 200", g.Name, page, got)
			}
		}
	}
	if got := code("/hall/" + itoa64(other.ID) + "/"); got != http.StatusNotFound {
		t.Errorf("Only(event): another tournament's hall: %d, want 404", got)
	}
	// A group made while the hall runs (group add) is served too.
	added, _, err := st.AddGroup(ctx, ref, "C", 0, store.GroupSpec{})
	if err != nil {
		t.Fatal(err)
	}
	if got := code("/hall/" + itoa64(added.Tournament.ID) + "/"); got != http.StatusOK {
		t.Errorf("Only(event): the group added while serving: %d, want 200", got)
	}
	// Only one group: its sibling and its event are not its hall.
	a, b := egs.Groups[0].Tournament.ID, egs.Groups[1].Tournament.ID
	h.Only(a)
	if got := code("/hall/" + itoa64(a) + "/"); got != http.StatusOK {
		t.Errorf("Only(group A): its own hall: %d", got)
	}
	for _, id := range []int64{b, ev.ID} {
		if got := code("/hall/" + itoa64(id) + "/"); got != http.StatusNotFound {
			t.Errorf("Only(group A): the hall of %d: %d, want 404", id, got)
		}
	}
}
