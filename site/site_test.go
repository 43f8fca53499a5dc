package site

import (
	"arbitro/internal/sqlitetest"
	"arbitro/store"
	"bytes"
	"context"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// Hostile names: markup, SQL. They must show as text.
var hostileNames = []string{
	`<img src=x onerror=alert(1)>`,
	`Robert'); DROP TABLE players;--`,
	"Bell, Ring",
	`<script>alert("x")</script>, Eve`,
}

// controlName gives player 3 a name with control characters, as a file written before
// arbitro refused them may hold (player add refuses them now): the site shows U+FFFD.
func controlName(t *testing.T, st *store.Store) {
	t.Helper()
	if _, err := sqlitetest.Open(t, st.Path()).Exec("UPDATE players SET name = ? WHERE name = 'Bell, Ring'", "Bell\x07, Ring\x1b[31m"); err != nil {
		t.Fatal(err)
	}
}

// newEvent creates, in a new database file, a 4-player Italian round robin with the
// given names, pairs round 1, enters board 1's result and stores a game score on it.
func newEvent(t testing.TB, names []string) (string, *store.Store, *tournament.Tournament) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tr := &tournament.Tournament{Name: "Torneo <b>di</b> prova", Variant: tournament.VariantItalian, System: tournament.RoundRobin,
		Rounds: 3, ByePoints: 2, ForfeitPoints: 2, Start: "2026-11-21", Place: "Palermo", Seed: 7}
	err = st.Update(context.Background(), func(tx *store.Tx) error {
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		for i, n := range names {
			if _, err := tx.AddPlayer(tr, tournament.Player{Name: n, Club: "Club " + n, Rating: 1500 + 10*i, FIDID: "I" + string(rune('0'+i))}); err != nil {
				return err
			}
		}
		if _, err := tx.DrawLot(tr, nil); err != nil {
			return err
		}
		if _, err := tx.PairNext(tr, tournament.PairOptions{}); err != nil {
			return err
		}
		bs, err := tx.Boards(tr, 1)
		if err != nil {
			return err
		}
		b := bs[0]
		g, text, err := tournament.ParseGameScore([]byte("[White \"" + strings.ReplaceAll(b.White, `"`, `'`) + "\"]\n1. 21-17 10-13 2. 17x10 5x14 *\n"))
		if err != nil {
			return err
		}
		_, err = tx.AddGame(tr, 1, b.Board, 1, g, text, tournament.GameOptions{Force: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return path, st, tr
}

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The same database gives byte-identical sites; a second publish into the same folder
// rewrites nothing; every page is there.
func TestPublishByteIdentical(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	a, b := t.TempDir(), t.TempDir()
	// Files of the federation's own in the folder are left alone.
	os.WriteFile(filepath.Join(a, "README.txt"), []byte("ours"), 0o644)
	os.MkdirAll(filepath.Join(a, ".git"), 0o755)
	os.WriteFile(filepath.Join(a, ".git", "HEAD"), []byte("ref"), 0o644)
	defer func() {
		for _, f := range []string{"README.txt", ".git/HEAD"} {
			if _, err := os.Stat(filepath.Join(a, f)); err != nil {
				t.Errorf("publish removed %s, which is not part of the site", f)
			}
		}
	}()
	for _, all := range []bool{false, true} {
		ra, err := Publish(context.Background(), st, Options{Out: a, All: all})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Publish(context.Background(), st, Options{Out: b, All: all}); err != nil {
			t.Fatal(err)
		}
		ta, tb := readTree(t, a), readTree(t, b)
		delete(ta, "README.txt")
		delete(ta, ".git/HEAD")
		if len(ta) != len(tb) {
			t.Fatalf("all=%v: %d files and %d files", all, len(ta), len(tb))
		}
		for name, x := range ta {
			if !bytes.Equal(x, tb[name]) {
				t.Errorf("all=%v: %s differs between two publishes of the same database", all, name)
			}
		}
		again, err := Publish(context.Background(), st, Options{Out: a, All: all})
		if err != nil {
			t.Fatal(err)
		}
		if again.Written != 0 {
			t.Errorf("all=%v: a second publish rewrote %d files", all, again.Written)
		}
		if all && ra.Removed == 0 {
			t.Errorf("switching to --all removed no page of the single-event layout")
		}
		if _, err := os.Stat(filepath.Join(a, "round-1.html")); all && err == nil {
			t.Errorf("switching to --all left the single-event layout's round-1.html")
		}
		pre := ""
		if all {
			pre = "1-torneo-b-di-b-prova/"
		}
		for _, want := range []string{"index.html", pre + "index.html", pre + "round-1.html", pre + "standings.html", pre + "standings-1.html",
			pre + "crosstable.html", pre + "player-1.html", pre + "data.json", pre + "game-1-1.html", pre + "game-1-1.pdn", "assets/site.css", "assets/viewer.js"} {
			if _, ok := ta[want]; !ok {
				t.Errorf("all=%v: no %s in the site", all, want)
			}
		}
	}
}

// Every name is text: no page holds a hostile name unescaped, and no page has an inline
// script or inline event handler.
func TestPublishEscapes(t *testing.T) {
	_, st, _ := newEvent(t, hostileNames)
	controlName(t, st)
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true}); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for name, b := range readTree(t, out) {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		pages++
		s := string(b)
		for _, bad := range []string{"<img", "<script>", "<b>", "\x07", "\x1b"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s holds %q unescaped", name, bad)
			}
		}
		if strings.Count(s, "<script") != strings.Count(s, `<script src="`) {
			t.Errorf("%s has an inline script", name)
		}
		if !strings.Contains(s, `http-equiv="Content-Security-Policy"`) {
			t.Errorf("%s has no Content-Security-Policy", name)
		}
	}
	idx, _ := os.ReadFile(filepath.Join(out, "1-torneo-b-di-b-prova", "index.html"))
	// The store shows a name stored with control characters escaped (tournament.ShownName).
	if !strings.Contains(string(idx), `Bell\u0007, Ring\u001b[31m`) {
		t.Errorf("a name with control characters is not shown with its escapes visible")
	}
	if !strings.Contains(string(idx), "&lt;img src=x onerror=alert(1)&gt;") || !strings.Contains(string(idx), "Robert&#39;); DROP TABLE players;--") {
		t.Errorf("the players' names are not shown as text on the event page")
	}
	if pages < 10 {
		t.Errorf("only %d pages", pages)
	}
}

// The game page carries, for every legal ply, the position the rules engine reached, and
// marks the illegal ply.
func TestGamePagePositions(t *testing.T) {
	_, st, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	// Board 2: a score whose third ply ignores the compulsory capture.
	err := st.Update(context.Background(), func(tx *store.Tx) error {
		bs, err := tx.Boards(tr, 1)
		if err != nil {
			return err
		}
		g, text, err := tournament.ParseGameScore([]byte("1. 21-17 10-13 2. 24-20 *\n"))
		if err != nil {
			return err
		}
		_, err = tx.AddGame(tr, 1, bs[1].Board, 1, g, text, tournament.GameOptions{Force: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "game-1-1.html"))
	if err != nil {
		t.Fatal(err)
	}
	p := rules.Italian.Start()
	for _, mv := range [][2]int{{21, 17}, {10, 13}, {17, 10}, {5, 14}} {
		played := false
		for _, m := range p.LegalMoves() {
			if int(m.From) == mv[0] && int(m.To) == mv[1] {
				p, played = p.Play(m), true
			}
		}
		if !played {
			t.Fatalf("%d-%d is not legal", mv[0], mv[1])
		}
		if !strings.Contains(string(page), `data-fen="`+p.FEN()+`"`) {
			t.Errorf("game-1-1.html lacks the position %s", p.FEN())
		}
	}
	bad, err := os.ReadFile(filepath.Join(out, "game-1-2.html"))
	if os.Getenv("SITE_DEBUG") != "" {
		t.Log(string(bad))
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="illegal-ply" data-ply="3"`, "la presa era obbligatoria", "<code>17x10</code>"} { // the why in the page's language (issue 29)
		if !strings.Contains(string(bad), want) {
			t.Errorf("game-1-2.html lacks %q", want)
		}
	}
}

var cellRE = regexp.MustCompile(`(?s)<t[dh][^>]*>(.*?)</t[dh]>`)
var tagRE = regexp.MustCompile(`<[^>]+>`)

// firstStandingsRow returns the text of the cells of the first line of a standings page:
// place, number, name, club, rating, points, ...
func firstStandingsRow(t *testing.T, page string) []string {
	t.Helper()
	i := strings.Index(page, "<tbody>")
	if i < 0 {
		t.Fatalf("no table in the page:\n%s", page)
	}
	row := page[i:]
	row = row[:strings.Index(row, "</tr>")]
	var out []string
	for _, m := range cellRE.FindAllStringSubmatch(row, -1) {
		out = append(out, html.UnescapeString(tagRE.ReplaceAllString(m[1], "")))
	}
	if len(out) < 6 {
		t.Fatalf("first line %q", out)
	}
	return out
}

// A result entered while the site is served (by another connection to the file, as
// 'arbitro result' in another process) is on the standings page of its round at the next
// request (standings.html stays after the last round with every result in, as `arbitro
// standings`: the round's own page is the one that follows it).
func TestServeShowsNewResult(t *testing.T) {
	path, st, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	srv := httptest.NewServer(NewHandler(st, "en"))
	defer srv.Close()
	get := func(p string) (int, string) {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	const page = "/1-torneo-b-di-b-prova/standings-1.html"
	code, before := get(page)
	if code != 200 {
		t.Fatalf("GET %s: %d", page, code)
	}
	other, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var winner string
	err = other.Update(context.Background(), func(tx *store.Tx) error {
		bs, err := tx.Boards(tr, 1)
		if err != nil {
			return err
		}
		winner = bs[0].White
		_, err = tx.SetResult(tr, 1, bs[0].Board, 1, "2-0", tournament.ResultOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, after := get(page)
	if after == before {
		t.Fatal("the standings page did not change after a result was entered")
	}
	if row := firstStandingsRow(t, after); row[2] != winner || row[5] != "2" {
		t.Errorf("the first line of the standings is not %s with 2 points: %q", winner, row)
	}
	for _, p := range []string{"/../a.db", "/1-torneo-b-di-b-prova/../../a.db", "/..%2fa.db", "/1-torneo-b-di-b-prova/player-99.html", "/assets/../a.db"} {
		req, _ := http.NewRequest("GET", srv.URL+p, nil)
		req.URL.RawPath = p
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 && resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 400 or 404", p, resp.StatusCode)
		}
	}
	if code, body := get("/1-torneo-b-di-b-prova"); code != 200 || !strings.Contains(body, "<h1>") {
		t.Errorf("GET /1-torneo-b-di-b-prova (no slash): %d, not redirected to the event page", code)
	}
	resp, err := http.Post(srv.URL+page, "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", resp.StatusCode)
	}
}

// arbitro serve answers every file of 'arbitro publish --all' with the same bytes.
func TestServeSameAsPublish(t *testing.T) {
	_, st, _ := newEvent(t, hostileNames)
	controlName(t, st)
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true, Lang: "it"}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewHandler(st, "it"))
	defer srv.Close()
	files := readTree(t, out)
	delete(files, ManifestName)
	for name, want := range files {
		resp, err := http.Get(srv.URL + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.Equal(got, want) {
			t.Errorf("GET /%s: %d, %d bytes; the published file has %d bytes", name, resp.StatusCode, len(got), len(want))
		}
	}
	if len(files) < 15 {
		t.Errorf("only %d files published", len(files))
	}
}
