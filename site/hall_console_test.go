package site

import (
	"archive/zip"
	"bytes"
	"context"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbitro/reports"
)

// The console's tools: pairing a round leads to how it was paired, in the words of
// 'arbitro pairings --explain' in the event's language; each sheet prints as the command
// line's PDF (the same bytes for the same meta); the event log says who did what, the
// players' entries as "player N via the hall"; every tool needs the login.
func TestHallConsoleTools(t *testing.T) {
	hs := newHallServer(t)
	at := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	hs.hall.PDFMeta(func() (reports.Meta, error) { return reports.Meta{Version: "test", Generated: at}, nil })
	cookie := hs.login(t)
	for _, p := range []string{"/hall/1/explain", "/hall/1/print?sheet=pairings", "/hall/1/log", "/hall/1/site.zip"} {
		if code, _, _ := hs.do(t, "GET", p, nil); code != http.StatusUnauthorized {
			t.Errorf("%s without login: %d, want 401", p, code)
		}
	}
	b := hs.board(t, 2)
	hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "1-1")
	hs.enter(t, 2, "B", hs.pins[b.BlackEntry], "1-1")
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {"1"}, "game": {"1"}, "result": {"2-0"}}, "Cookie", cookie); code != http.StatusSeeOther {
		t.Fatalf("arbiter's result: %d", code)
	}
	code, loc, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"pair"}, "round": {"2"}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/hall/1/explain?") {
		t.Fatalf("pair: %d to %q, want the explanation", code, loc)
	}
	_, _, page := hs.do(t, "GET", loc, nil, "Cookie", cookie)
	v, _, err := hs.st.PairingsSheet(context.Background(), "", 2)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	reports.WriteExplanation(&want, reports.LocaleOf("it"), v.Round.Explanation, reports.NamesOf(v.Entries))
	if !strings.Contains(page, "Il turno 2 è abbinato") || !strings.Contains(page, html.EscapeString(want.String())) ||
		!strings.Contains(page, "Come è stato abbinato il turno 2") || !strings.Contains(want.String(), "Berger") {
		t.Errorf("explanation page: want the message and\n%s\ngot\n%s", want.String(), page)
	}
	_, _, console := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	for _, link := range []string{`href="/hall/1/explain?round=2"`, `href="/hall/1/print?sheet=pairings&amp;round=2"`,
		`href="/hall/1/print?sheet=results&amp;round=2"`, `href="/hall/1/print?sheet=standings"`, `href="/hall/1/log"`, `href="/hall/1/site.zip"`} {
		if !strings.Contains(console, link) {
			t.Errorf("console: no %s", link)
		}
	}

	meta := reports.Meta{Version: "test", Generated: at}
	v1, tr, err := hs.st.PairingsSheet(context.Background(), "", 1)
	if err != nil {
		t.Fatal(err)
	}
	var results bytes.Buffer
	if err := reports.WriteResultsPDF(&results, reports.PairingsSheetOf(v1, reports.LocaleOf(tr.Lang)), meta); err != nil {
		t.Fatal(err)
	}
	if got := hs.get(t, "/hall/1/print?sheet=results&round=1", cookie, "application/pdf"); !bytes.Equal(got, results.Bytes()) {
		t.Errorf("results sheet of round 1: %d bytes, want the %d of WriteResultsPDF", len(got), results.Len())
	}
	for _, s := range []string{"pairings&round=2", "standings"} {
		if got := hs.get(t, "/hall/1/print?sheet="+s, cookie, "application/pdf"); !bytes.HasPrefix(got, []byte("%PDF-")) {
			t.Errorf("%s: not a PDF", s)
		}
	}
	if code, _, _ := hs.do(t, "GET", "/hall/1/print?sheet=crosstable", nil, "Cookie", cookie); code != http.StatusNotFound {
		t.Errorf("an unknown sheet: %d, want 404", code)
	}
	if code, _, _ := hs.do(t, "GET", "/hall/1/print?sheet=pairings&round=9", nil, "Cookie", cookie); code != http.StatusNotFound {
		t.Errorf("a round not paired: %d, want 404", code)
	}

	_, _, log := hs.do(t, "GET", "/hall/1/log", nil, "Cookie", cookie)
	for _, w := range []string{"Risultato inserito dal giocatore: turno 1, tavolo 2, 1-1", "dalla sala di gioco</td>", "arbitro dalla sala di gioco",
		"Risultato inserito: turno 1, tavolo 1, 2-0", "Turno abbinato", "<th scope=\"col\">Chi</th>"} {
		if !strings.Contains(log, w) {
			t.Errorf("event log: no %q\n%s", w, log)
		}
	}
	if !strings.Contains(log, "giocatore ") {
		t.Errorf("event log names no player")
	}
}

// get GETs path with the cookie and returns the body, failing unless it is a 200 of
// content type ctype.
func (hs *hallServer) get(t *testing.T, path, cookie, ctype string) []byte {
	t.Helper()
	req, _ := http.NewRequest("GET", hs.srv.URL+path, nil)
	req.Header.Set("Cookie", cookie)
	resp, err := hs.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != ctype {
		t.Fatalf("GET %s: %s, %s\n%s", path, resp.Status, resp.Header.Get("Content-Type"), b)
	}
	return b
}

// Publishing from the console: without a folder the event's site downloads as a zip of the
// files 'arbitro publish' writes; with one (serve --hall --publish DIR) the site of every
// event (publish --all) is written there at the start and at each press, and the page says
// so; the database is never a folder to publish into.
func TestHallConsolePublish(t *testing.T) {
	hs := newHallServer(t)
	cookie := hs.login(t)
	code, loc, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"publish"}}, "Cookie", cookie)
	if code != http.StatusSeeOther || loc != "/hall/1/site.zip" {
		t.Fatalf("publish without a folder: %d to %q", code, loc)
	}
	want := filepath.Join(t.TempDir(), "want")
	if _, err := Publish(context.Background(), hs.st, Options{Out: want, Tournament: "1"}); err != nil {
		t.Fatal(err)
	}
	z := hs.get(t, loc, cookie, "application/zip")
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if w, err := os.ReadFile(filepath.Join(want, filepath.FromSlash(f.Name))); err != nil || !bytes.Equal(got, w) {
			t.Errorf("%s: differs from publish's (%v)", f.Name, err)
		}
		n++
	}
	if n < 5 || zr.File[0].Name == "" {
		t.Errorf("zip of %d files", n)
	}

	dir := filepath.Join(t.TempDir(), "site")
	all := filepath.Join(t.TempDir(), "all")
	if _, err := Publish(context.Background(), hs.st, Options{Out: all, All: true}); err != nil {
		t.Fatal(err)
	}
	if err := hs.hall.PublishTo(context.Background(), hs.st.Path()); err == nil {
		t.Errorf("publishing over the database: no error")
	}
	if err := hs.hall.PublishTo(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "index.html"))
	code, _, page := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"publish"}}, "Cookie", cookie)
	if code != http.StatusOK || !strings.Contains(page, "Il sito è pubblicato in "+dir) {
		t.Fatalf("publish: %d\n%s", code, page)
	}
	for _, f := range []string{"index.html", "1-torneo-b-di-b-prova/data.json"} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, _ := os.ReadFile(filepath.Join(all, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: not publish's", f)
		}
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"publish"}}); code != http.StatusUnauthorized {
		t.Errorf("publish without login: %d", code)
	}
	_, _, console := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if !strings.Contains(console, `value="publish"`) {
		t.Errorf("console with a folder: no Publish button")
	}
}

// Per-arbiter passwords: an arbiter logs in with his name and his own password (another's
// password, or a name with no password, is refused and counted), and the event log names
// him for the result he enters from the console; the password without a name still works
// and its writes are "arbiter via the hall".
func TestHallArbiterLogin(t *testing.T) {
	hs := newHallServer(t)
	ctx := context.Background()
	if err := hs.st.SetArbiterPassword(ctx, "Rossi", "la password di Rossi"); err != nil {
		t.Fatal(err)
	}
	if err := hs.st.SetArbiterPassword(ctx, "Bianchi", "la password di Bianchi"); err != nil {
		t.Fatal(err)
	}
	if err := hs.st.SetHallPassword(ctx, "la password di tutti"); err != nil {
		t.Fatal(err)
	}
	_, _, page := hs.do(t, "GET", "/hall/login", nil)
	if !strings.Contains(page, `name="arbiter"`) {
		t.Errorf("login page without the name")
	}
	login := func(name, pw string) (string, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", hs.srv.URL+"/hall/login", strings.NewReader(url.Values{"arbiter": {name}, "password": {pw}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := hs.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for _, c := range resp.Cookies() {
			if c.Name == sessionCookie {
				return resp.Header.Get("Location"), sessionCookie + "=" + c.Value
			}
		}
		return resp.Header.Get("Location"), ""
	}
	for _, c := range [][2]string{{"Rossi", "la password di Bianchi"}, {"Verdi", "la password di Rossi"}, {"Rossi", "la password di tutti"}} {
		if loc, cookie := login(c[0], c[1]); cookie != "" || loc != "/hall/login?msg=wrongpassword" {
			t.Errorf("%s with %q: %q, cookie %q", c[0], c[1], loc, cookie)
		}
	}
	if !strings.Contains(hs.log.String(), "hall: wrong arbiter's password from") {
		t.Errorf("refusals not logged:\n%s", hs.log.String())
	}
	_, rossi := login("rossi", "la password di Rossi")
	_, anyone := login("", "la password di tutti")
	if rossi == "" || anyone == "" {
		t.Fatalf("logins: %q %q", rossi, anyone)
	}
	for _, c := range []struct {
		cookie string
		board  int
		want   string
	}{{rossi, 1, "arbiter Rossi via the hall"}, {anyone, 2, "arbiter via the hall"}} {
		if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {strconv.Itoa(c.board)}, "game": {"1"}, "result": {"1-1"}}, "Cookie", c.cookie); code != http.StatusSeeOther {
			t.Fatalf("result: %d", code)
		}
		if r := hs.board(t, c.board).Result; r == nil || r.EnteredBy != c.want {
			t.Errorf("board %d entered by %+v, want %q", c.board, r, c.want)
		}
	}
	_, _, log := hs.do(t, "GET", "/hall/1/log", nil, "Cookie", rossi)
	if !strings.Contains(log, "<td>arbitro Rossi dalla sala di gioco</td><td>Risultato inserito: turno 1, tavolo 1, 1-1</td>") {
		t.Errorf("the log does not name Rossi:\n%s", log)
	}
	if !strings.Contains(hs.log.String(), "hall: arbiter Rossi logged in with the password") {
		t.Errorf("login not logged:\n%s", hs.log.String())
	}
}
