package site

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbitro/store"
	"arbitro/tournament"
)

// TestHallEventWithGroups: the hall page of an event with groups links each group's hall
// with its current round, and the event's names and boards screens list every group's
// round with the group (docs/groups.md, "The hall"): eight players in two groups of four
// by rating, round 1 paired in both.
func TestHallEventWithGroups(t *testing.T) {
	ctx := context.Background()
	names := []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Luca", "Neri, Eva", "Gialli, Ugo", "Bruni, Dario", "Russo, Enzo", "Costa, Ivo"}
	st, ev := groupsEventStore(t, names)
	if _, _, err := st.MakeGroups(ctx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4}, store.GroupSpec{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.DrawGroupLots(ctx, "", 0); err != nil {
		t.Fatal(err)
	}
	rounds, _, err := st.PairGroups(ctx, "", 0, tournament.PairOptions{})
	if err != nil || len(rounds) != 2 {
		t.Fatalf("pair groups: %v, %d rounds", err, len(rounds))
	}
	h := NewHall(st, "", &syncBuffer{})
	srv := httptest.NewServer(h.Handler(NewHandler(st, "")))
	t.Cleanup(func() { h.Close(); srv.Close() })
	c := &http.Client{Timeout: 10 * time.Second}
	get := func(path string) string {
		t.Helper()
		resp, err := c.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		if _, err := io.Copy(&b, resp.Body); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
		}
		return b.String()
	}
	id := "/hall/" + itoa64(ev.ID) + "/"
	home := get(id)
	egs, _, err := st.Groups(ctx, "")
	if err != nil || len(egs.Groups) != 2 {
		t.Fatalf("groups: %v", err)
	}
	for _, g := range egs.Groups {
		link := `<a href="/hall/` + itoa64(g.Tournament.ID) + `/">Girone ` + g.Name + `</a> — Turno 1</li>`
		if !strings.Contains(home, link) {
			t.Errorf("the event's hall page has no %s", link)
		}
		if page := get("/hall/" + itoa64(g.Tournament.ID) + "/"); !strings.Contains(page, "Giornata / "+g.Name) {
			t.Errorf("group %s's hall does not answer with its own page", g.Name)
		}
	}
	if !strings.Contains(home, "<h2>I gironi</h2>") || strings.Count(home, "— Turno 1</li>") != 2 {
		t.Errorf("the event's hall page does not list its two groups at round 1:\n%s", home)
	}
	if strings.Contains(home, "Nessun turno è ancora stato abbinato") {
		t.Errorf("the event's hall page says no round is paired while its groups play round 1")
	}
	names8 := get(id + "names")
	if strings.Count(names8, `<th scope="row">`) != 8 || !strings.Contains(names8, `<th scope="col">Girone</th>`) {
		t.Errorf("names screen: want the 8 players of both groups with a group column:\n%s", names8)
	}
	// Rossi (2000) and Gialli (1600) head groups A and B (block seeding by rating).
	for _, row := range []string{`<th scope="row">Rossi, Mario</th><td>A</td>`, `<th scope="row">Gialli, Ugo</th><td>B</td>`} {
		if !strings.Contains(names8, row) {
			t.Errorf("names screen without %s", row)
		}
	}
	last := -1
	for _, n := range []string{"Bianchi, Anna", "Bruni, Dario", "Costa, Ivo", "Gialli, Ugo", "Neri, Eva", "Rossi, Mario", "Russo, Enzo", "Verdi, Luca"} {
		i := strings.Index(names8, `<th scope="row">`+n+`</th>`)
		if i < last {
			t.Errorf("names screen not alphabetical across the groups at %s", n)
		}
		last = i
	}
	boards := get(id + "boards")
	if strings.Count(boards, `<th scope="row">A</th>`) != 2 || strings.Count(boards, `<th scope="row">B</th>`) != 2 {
		t.Errorf("boards screen: want two boards of each group:\n%s", boards)
	}
}

// groupsEventStore is a new database holding the Italian round-robin event "Giornata"
// (seed 11) with names entered, rated 2000, 1900, ... in that order, before its groups
// are made.
func groupsEventStore(t *testing.T, names []string) (*store.Store, tournament.Tournament) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ev, err := st.CreateTournament(ctx, tournament.Tournament{Name: "Giornata", Variant: tournament.VariantItalian,
		System: tournament.RoundRobin, ByePoints: 2, ForfeitPoints: 2, Seed: 11, Lang: "it"}, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		if _, _, err := st.AddPlayer(ctx, "", tournament.Player{Name: n, Rating: 2000 - 100*i}); err != nil {
			t.Fatal(err)
		}
	}
	return st, ev
}
