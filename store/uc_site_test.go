package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// ReadSite: one tournament or all, each visited with its event and its games walked one at
// a time; a missing tournament is refused; visit's error stops the reading.
func TestUCReadSite(t *testing.T) {
	st, tr, played := playedEvent(t)
	if _, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "Second", Variant: tournament.VariantItalian,
		System: tournament.RoundRobin, Rounds: 3, ByePoints: 2, ForfeitPoints: 2}, ""); err != nil {
		t.Fatal(err)
	}
	games := map[int64]int{}
	visit := func(t *tournament.Tournament, ev *tournament.SiteEvent, walk SiteGames) error {
		if ev.Tournament.ID != t.ID {
			return errors.New("event of another tournament")
		}
		games[t.ID] = 0
		return walk(func(sg *tournament.SiteGame) error {
			games[t.ID]++
			return nil
		})
	}
	all, err := st.ReadSite(ucCtx, "", true, visit)
	if err != nil || len(all) != 2 || all[0].ID != tr.ID || all[1].Name != "Second" {
		t.Fatalf("all: %+v, %v", all, err)
	}
	if games[tr.ID] != len(played) || games[all[1].ID] != 0 {
		t.Errorf("games walked %v, want %d and 0", games, len(played))
	}
	one, err := st.ReadSite(ucCtx, tr.Name, false, visit)
	if err != nil || len(one) != 1 || one[0].ID != tr.ID {
		t.Fatalf("one: %+v, %v", one, err)
	}
	if _, err := st.ReadSite(ucCtx, "", false, visit); !errors.Is(err, tournament.ErrAmbiguousTournament) {
		t.Errorf("no --tournament: %v, want ErrAmbiguousTournament", err)
	}
	stop := errors.New("stop")
	if _, err := st.ReadSite(ucCtx, "", true, func(*tournament.Tournament, *tournament.SiteEvent, SiteGames) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("visit's error: %v", err)
	}
}

// SitePage: the version and the list; nothing more when the caller's page is fresh; the
// event, one game, or every game as the request picks them; a new write changes the
// version.
func TestUCSitePage(t *testing.T) {
	st, tr, played := playedEvent(t)
	p, err := st.SitePage(ucCtx, SitePageRequest{})
	if err != nil || p.Version == 0 || p.Fresh || len(p.Tournaments) != 1 || p.Event != nil {
		t.Fatalf("index: %+v, %v", p, err)
	}
	v := p.Version
	p, err = st.SitePage(ucCtx, SitePageRequest{Fresh: func(n int64) bool { return n == v },
		Event: func([]tournament.Tournament) *tournament.Tournament { t.Error("read although fresh"); return nil }})
	if err != nil || !p.Fresh || p.Tournaments != nil {
		t.Fatalf("fresh: %+v, %v", p, err)
	}
	pick := func(all []tournament.Tournament) *tournament.Tournament { return &all[0] }
	n := 0
	p, err = st.SitePage(ucCtx, SitePageRequest{Event: pick,
		Board: func(ev *tournament.SiteEvent) *tournament.Board {
			for _, b := range ev.Boards {
				if b.Board == played[0].Board {
					return b
				}
			}
			return nil
		},
		EachGame: func(*tournament.SiteGame) error { n++; return nil }})
	if err != nil || p.Tournament.ID != tr.ID || p.Event == nil || p.Game == nil || p.Game.Board.Board != played[0].Board || n != len(played) {
		t.Fatalf("event page: %+v, %d games, %v", p, n, err)
	}
	p, err = st.SitePage(ucCtx, SitePageRequest{Event: func([]tournament.Tournament) *tournament.Tournament { return nil }})
	if err != nil || p.Event != nil || p.Tournament != nil {
		t.Errorf("no event: %+v, %v", p, err)
	}
	if _, _, err := st.SetTournamentField(ucCtx, "", "place", "Bari"); err != nil {
		t.Fatal(err)
	}
	if p, err = st.SitePage(ucCtx, SitePageRequest{Fresh: func(n int64) bool { return n == v }}); err != nil || p.Fresh || p.Version == v {
		t.Errorf("after a write: %+v, %v", p, err)
	}
}
