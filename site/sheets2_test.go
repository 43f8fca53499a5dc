package site

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// playRounds enters a result on every board of the paired rounds from..to of tr ("2-0",
// the last board of round upTo's a draw), pairing each round after the first.
func playRounds(t *testing.T, st *store.Store, tr *tournament.Tournament, from, to int) {
	t.Helper()
	err := st.Update(context.Background(), func(tx *store.Tx) error {
		for r := from; r <= to; r++ {
			if r > 1 {
				if _, err := tx.PairNext(tr, tournament.PairOptions{}); err != nil {
					return err
				}
			}
			bs, err := tx.Boards(tr, r)
			if err != nil {
				return err
			}
			for _, b := range bs {
				if b.Bye() {
					continue
				}
				if _, err := tx.SetResult(tr, r, b.Board, b.Game, "2-0", tournament.ResultOptions{}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func getPage(t *testing.T, srv *httptest.Server, p string) string {
	t.Helper()
	resp, err := http.Get(srv.URL + p)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d\n%s", p, resp.StatusCode, b)
	}
	return string(b)
}

// TestSiteFinishedEventWords (issue 29): a finished event's pages say what the CLI and
// the PDF say, in every language: the standings and the crosstable are final (their
// title; the event page's and the last round's links to them), the standings have the
// category column when the event has categories, and a player who did not withdraw has
// finished the event (no longer "playing"), with his final score; the games columns are
// spelled out under the standings.
func TestSiteFinishedEventWords(t *testing.T) {
	_, st, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	ref := strconv.FormatInt(tr.ID, 10)
	if _, _, err := st.AddCategory(context.Background(), ref, "Donne", ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.AssignToCategory(context.Background(), ref, "Donne", []string{"Verdi, Anna"}); err != nil {
		t.Fatal(err)
	}
	playRounds(t, st, tr, 1, 3)
	sa, _, err := st.Standings(context.Background(), ref, -1, "")
	if err != nil {
		t.Fatal(err)
	}
	if sa.Round != 3 {
		t.Fatalf("standings after round %d, want 3", sa.Round)
	}
	dir := "/1-torneo-b-di-b-prova/"
	for _, lang := range []tournament.Lang{tournament.LangItalian, tournament.LangEnglish, tournament.LangFrench, tournament.LangDutch} {
		l := reports.LocaleOf(lang)
		srv := httptest.NewServer(NewHandler(st, lang))
		final, cross := l.T("standings.title.final"), l.T("crosstable.title.final")
		pages := map[string][]string{
			"standings.html": {"<h1>" + final + "</h1>", ">" + l.T("col.category") + "<", ">Donne<",
				l.T("legend.columns", "games", l.T("col.games"), "wins", l.T("col.wins"), "draws", l.T("col.draws"), "losses", l.T("col.losses"))},
			"standings-3.html": {"<h1>" + final + "</h1>"},
			"crosstable.html":  {"<h1>" + cross + "</h1>"},
			"index.html":       {">" + final + "</a>"},
			"round-3.html":     {">" + final + "</a>"},
		}
		for p, wants := range pages {
			body := getPage(t, srv, dir+p)
			for _, w := range wants {
				if !strings.Contains(body, w) {
					t.Errorf("%s %s: %q missing", lang, p, w)
				}
			}
			if strings.Contains(body, l.T("site.standings.after", "round", 3)) || strings.Contains(body, l.T("site.crosstable.after", "round", 3)) {
				t.Errorf("%s %s: still 'after round 3' of a finished event", lang, p)
			}
		}
		for _, e := range sa.Rows {
			body := getPage(t, srv, dir+reports.PlayerPageName(int64(e.Entry.ID)))
			if !strings.Contains(body, "<dd>"+l.T("site.finished")+"</dd>") || strings.Contains(body, "<dd>"+l.T("site.active")+"</dd>") {
				t.Errorf("%s player %s: status is not %q", lang, e.Entry.Name, l.T("site.finished"))
			}
			if !strings.Contains(body, l.T("site.total.final")) {
				t.Errorf("%s player %s: no %q", lang, e.Entry.Name, l.T("site.total.final"))
			}
		}
		srv.Close()
	}
}

// TestSiteStandingsAsCLI (issue 29): the site's standings page and `arbitro standings`
// are after the same round, the last with every result in (store's Standings with round
// -1): with round 2 paired and half its results in, both are after round 1, and the
// player's page ranks him there; the standings of round 2 (its own page) show the result
// in so far.
func TestSiteStandingsAsCLI(t *testing.T) {
	_, st, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	ref := strconv.FormatInt(tr.ID, 10)
	playRounds(t, st, tr, 1, 1)
	err := st.Update(context.Background(), func(tx *store.Tx) error {
		if _, err := tx.PairNext(tr, tournament.PairOptions{}); err != nil {
			return err
		}
		_, err := tx.SetResult(tr, 2, 1, 1, "1-1", tournament.ResultOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sa, _, err := st.Standings(context.Background(), ref, -1, "")
	if err != nil {
		t.Fatal(err)
	}
	l := reports.LocaleOf(tournament.LangEnglish)
	srv := httptest.NewServer(NewHandler(st, tournament.LangEnglish))
	defer srv.Close()
	dir := "/1-torneo-b-di-b-prova/"
	if body := getPage(t, srv, dir+"standings.html"); !strings.Contains(body, "<h1>"+l.T("site.standings.after", "round", sa.Round)+"</h1>") || sa.Round != 1 {
		t.Errorf("CLI after round %d; the site's standings.html does not say %q", sa.Round, l.T("site.standings.after", "round", 1))
	}
	if body := getPage(t, srv, dir+"standings-2.html"); !strings.Contains(body, "*</td>") {
		t.Errorf("standings-2.html: the round in play's page lacks its pending marks")
	}
	body := getPage(t, srv, dir+reports.PlayerPageName(int64(sa.Rows[0].Entry.ID)))
	if !strings.Contains(body, l.T("site.total", "round", 1)) || !strings.Contains(body, `href="standings-1.html"`) {
		t.Errorf("player page: total and rank not after round 1")
	}
	if !strings.Contains(body, "<dd>"+l.T("site.active")+"</dd>") {
		t.Errorf("player page of an event in play: status not %q", l.T("site.active"))
	}
}
