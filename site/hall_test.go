package site

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// hallServer is the hall (and the site) of newEvent's event with a PIN for each player,
// by entry id; log collects the hall's log lines.
type hallServer struct {
	srv  *httptest.Server
	hall *Hall
	st   *store.Store
	t    *tournament.Tournament
	pins map[int64]string
	log  *syncBuffer
	c    *http.Client // follows no redirect
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHallServer(t *testing.T, names ...string) *hallServer {
	t.Helper()
	if names == nil {
		names = []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Luca", "Neri, Eva"}
	}
	_, st, tr := newEvent(t, names)
	pins, _, err := st.SetPINs(context.Background(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := &hallServer{st: st, t: tr, pins: map[int64]string{}, log: &syncBuffer{}}
	for _, p := range pins {
		hs.pins[p.Entry.ID] = p.PIN
	}
	hs.hall = NewHall(st, "", hs.log)
	hs.srv = httptest.NewServer(hs.hall.Handler(NewHandler(st, "")))
	t.Cleanup(func() { hs.hall.Close(); hs.srv.Close() })
	hs.c = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	return hs
}

// do sends a request with the headers h (name, value pairs) and returns the answer's
// status, Location and body.
func (hs *hallServer) do(t *testing.T, method, path string, form url.Values, h ...string) (int, string, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, hs.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(h); i += 2 {
		req.Header.Set(h[i], h[i+1])
	}
	resp, err := hs.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode < 300 || resp.StatusCode >= 400 {
		if csp := resp.Header.Get("Content-Security-Policy"); strings.HasPrefix(path, "/hall/") && csp != reports.HallContentSecurityPolicy {
			t.Errorf("%s %s: CSP %q", method, path, csp)
		}
	}
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

// login exchanges a login link for the session cookie and returns it.
func (hs *hallServer) login(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest("GET", hs.srv.URL+hs.hall.LoginLink(), nil)
	resp, err := hs.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login: %s", resp.Status)
	}
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie {
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.MaxAge <= 0 {
				t.Errorf("session cookie %+v: want HttpOnly, SameSite=Strict, an expiry", c)
			}
			return sessionCookie + "=" + c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

func (hs *hallServer) board(t *testing.T, n int) *tournament.Board {
	t.Helper()
	bs, _, err := hs.st.ResultList(context.Background(), "", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		if b.Board == n {
			return b
		}
	}
	t.Fatalf("no board %d", n)
	return nil
}

// enter is a player's POST on board n's page; it returns the status and the message the
// redirect names.
func (hs *hallServer) enter(t *testing.T, n int, side, pin, result string, h ...string) (int, string) {
	t.Helper()
	code, loc, _ := hs.do(t, "POST", "/hall/1/"+reports.HallBoardPath(1, n, 1), url.Values{"side": {side}, "pin": {pin}, "result": {result}}, h...)
	if code != http.StatusSeeOther {
		return code, ""
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	return code, u.Query().Get("msg")
}

// The public screens: every one answers in the event's language with the hall's CSP; the
// names screen lists the players alphabetically with their boards; the kiosk moves on.
func TestHallScreens(t *testing.T) {
	hs := newHallServer(t)
	for _, p := range []string{"/hall/", "/hall/1/", "/hall/1/boards", "/hall/1/names", "/hall/1/results", "/hall/1/standings", "/hall/1/boards?kiosk=1",
		"/hall/1/" + reports.HallBoardPath(1, 1, 1), "/hall/assets/hall.js"} {
		if code, _, body := hs.do(t, "GET", p, nil); code != http.StatusOK || body == "" {
			t.Errorf("GET %s: %d", p, code)
		}
	}
	_, _, body := hs.do(t, "GET", "/hall/1/names", nil)
	var order []string
	for _, n := range []string{"Bianchi, Anna", "Neri, Eva", "Rossi, Mario", "Verdi, Luca"} {
		order = append(order, n)
		if !strings.Contains(body, "<th scope=\"row\">"+n+"</th>") {
			t.Errorf("names screen without %s", n)
		}
	}
	last := -1
	for _, n := range order {
		i := strings.Index(body, "<th scope=\"row\">"+n)
		if i < last {
			t.Errorf("names screen not alphabetical at %s", n)
		}
		last = i
	}
	if !strings.Contains(body, `data-events="/hall/1/events"`) || !strings.Contains(body, `lang="it"`) {
		t.Errorf("names screen: not live or not in the event's language (Italian)")
	}
	if strings.Contains(body, `class="clock"`) {
		t.Errorf("a clock without a start time")
	}
	date, clock := "2026-11-21", "15:30"
	if _, _, err := hs.st.SetRoundSchedule(context.Background(), "", 1, &date, &clock); err != nil {
		t.Fatal(err)
	}
	_, _, body = hs.do(t, "GET", "/hall/1/boards", nil)
	if !strings.Contains(body, `<p class="clock">Inizio: 21/11/2026 15:30</p>`) {
		t.Errorf("boards screen without the round's start")
	}
	_, _, body = hs.do(t, "GET", "/hall/1/standings?kiosk=1", nil)
	if !strings.Contains(body, `data-next="/hall/1/games?kiosk=1"`) || strings.Contains(body, "<nav") {
		t.Errorf("kiosk standings: no next screen or a menu:\n%s", body)
	}
	for _, p := range []string{"/hall/9/boards", "/hall/1/nothing", "/hall/x/", "/hall/1/" + reports.HallBoardPath(1, 9, 1)} {
		if code, _, _ := hs.do(t, "GET", p, nil); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, code)
		}
	}
	for _, p := range []string{"/hall/1/boards", "/hall/", "/hall/assets/hall.js", "/hall/1/events"} {
		if code, _, _ := hs.do(t, "POST", p, url.Values{}); code != http.StatusMethodNotAllowed {
			t.Errorf("POST on %s: %d", p, code)
		}
	}
	if code, _, _ := hs.do(t, "POST", "/1-torneo-b-di-b-prova/", url.Values{}); code != http.StatusMethodNotAllowed {
		t.Errorf("POST on the site: %d", code)
	}
}

// The console: refused without a login, a wrong or used link refused; a POST from
// another origin refused even with the session, and nothing written.
func TestHallConsoleAuthAndCSRF(t *testing.T) {
	hs := newHallServer(t)
	set := url.Values{"round": {"1"}, "board": {"2"}, "game": {"1"}, "result": {"2-0"}}
	if code, _, body := hs.do(t, "GET", "/hall/1/console", nil); code != http.StatusUnauthorized || !strings.Contains(body, "richiede il collegamento") {
		t.Errorf("console without login: %d, not said in the event's language (Italian):\n%s", code, body)
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", set); code != http.StatusUnauthorized {
		t.Errorf("console POST without login: %d", code)
	}
	if code, _, _ := hs.do(t, "GET", "/hall/login?token=abc", nil); code != http.StatusForbidden {
		t.Errorf("wrong token: %d", code)
	}
	link := hs.hall.LoginLink()
	if code, _, _ := hs.do(t, "GET", link, nil); code != http.StatusSeeOther {
		t.Errorf("first use of a link: %d", code)
	}
	if code, _, _ := hs.do(t, "GET", link, nil); code != http.StatusForbidden {
		t.Errorf("second use of a link: %d", code)
	}
	cookie := hs.login(t)
	if code, _, body := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie); code != http.StatusOK || !strings.Contains(body, "<form method=\"post\"") {
		t.Errorf("console with login: %d", code)
	}
	for _, h := range [][]string{{"Sec-Fetch-Site", "cross-site"}, {"Origin", "http://evil.example"}} {
		if code, _, _ := hs.do(t, "POST", "/hall/1/console", set, "Cookie", cookie, h[0], h[1]); code != http.StatusForbidden {
			t.Errorf("cross-origin POST (%s): %d, want 403", h[0], code)
		}
		pin := hs.pins[hs.board(t, 2).WhiteEntry]
		if code, _ := hs.enter(t, 2, "W", pin, "2-0", h[0], h[1]); code != http.StatusForbidden {
			t.Errorf("cross-origin entry (%s): %d, want 403", h[0], code)
		}
	}
	if b := hs.board(t, 2); b.Result != nil {
		t.Fatalf("a cross-origin POST wrote %v", b.Result)
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", set, "Cookie", cookie, "Sec-Fetch-Site", "same-origin"); code != http.StatusSeeOther {
		t.Errorf("same-origin POST: %d", code)
	}
	if b := hs.board(t, 2); b.Result == nil || b.Result.EnteredBy != "arbiter via the hall" {
		t.Errorf("arbiter's result: %+v", b.Result)
	}
}

// Both players enter the same result: it lands, logged under the second player; a wrong
// PIN, or the opponent's PIN, is refused and logged; a later entry cannot change it.
func TestHallPlayersAgree(t *testing.T) {
	hs := newHallServer(t)
	b := hs.board(t, 2)
	for _, c := range []struct{ side, pin string }{{"W", "000000"}, {"W", hs.pins[b.BlackEntry]}} {
		if c.pin == hs.pins[b.WhiteEntry] {
			continue // 1 in a million
		}
		if _, msg := hs.enter(t, 2, c.side, c.pin, "2-0"); msg != "wrongpin" {
			t.Errorf("wrong PIN: %q", msg)
		}
	}
	if !strings.Contains(hs.log.String(), "wrong PIN for tournament 1 round 1 board 2") {
		t.Errorf("wrong PIN not logged: %q", hs.log.String())
	}
	if _, msg := hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "0-2"); msg != "waiting" {
		t.Errorf("white: %q", msg)
	}
	if hs.board(t, 2).Result != nil {
		t.Fatal("one entry stored a result")
	}
	if _, msg := hs.enter(t, 2, "B", hs.pins[b.BlackEntry], "0-2"); msg != "stored" {
		t.Errorf("black: %q", msg)
	}
	got := hs.board(t, 2).Result
	var black tournament.Entry
	es, _, _ := hs.st.Players(context.Background(), "")
	for _, e := range es {
		if e.ID == b.BlackEntry {
			black = e
		}
	}
	if got == nil || got.BlackPoints != 2 || got.EnteredBy != tournament.HallActor(&black) {
		t.Fatalf("stored %+v, want 0-2 by %s", got, tournament.HallActor(&black))
	}
	if _, msg := hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "2-0"); msg != "already" {
		t.Errorf("after the result: %q", msg)
	}
	if r := hs.board(t, 2).Result; r.BlackPoints != 2 {
		t.Errorf("a player changed a stored result: %+v", r)
	}
	_, _, page := hs.do(t, "GET", "/hall/1/"+reports.HallBoardPath(1, 2, 1)+"&msg=stored", nil)
	if strings.Contains(page, "<form") || !strings.Contains(page, `class="msg ok"`) {
		t.Errorf("board page after the result: a form, or no message")
	}
}

// Two entries that disagree go to the arbiter: the console shows them, and his result is
// the board's.
func TestHallDisagreementToArbiter(t *testing.T) {
	hs := newHallServer(t)
	b := hs.board(t, 1)
	hs.enter(t, 1, "W", hs.pins[b.WhiteEntry], "2-0")
	if _, msg := hs.enter(t, 1, "B", hs.pins[b.BlackEntry], "1-1"); msg != "disputed" {
		t.Errorf("black: %q", msg)
	}
	if hs.board(t, 1).Result != nil {
		t.Fatal("a disputed board has a result")
	}
	cookie := hs.login(t)
	_, _, page := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if !strings.Contains(page, `class="disputed"`) || strings.Count(page, "ha inserito") != 2 {
		t.Errorf("console does not show the dispute:\n%s", page)
	}
	code, loc, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {"1"}, "game": {"1"}, "result": {"1-1"}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.Contains(loc, "msg=saved") {
		t.Errorf("arbiter: %d %s", code, loc)
	}
	if r := hs.board(t, 1).Result; r == nil || r.WhitePoints != 1 || r.EnteredBy != "arbiter via the hall" {
		t.Errorf("stored %+v", r)
	}
	_, _, page = hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if strings.Contains(page, `class="disputed"`) {
		t.Errorf("still disputed after the arbiter's result")
	}
	// A correction needs a reason; with one it replaces the result.
	code, loc, _ = hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {"1"}, "game": {"1"}, "result": {"2-0"}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.Contains(loc, "msg=exists") {
		t.Errorf("a second result without reason: %d %s", code, loc)
	}
	hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {"1"}, "game": {"1"}, "result": {"2-0"}, "reason": {"scoresheet"}}, "Cookie", cookie)
	if r := hs.board(t, 1).Result; r.WhitePoints != 2 {
		t.Errorf("corrected %+v", r)
	}
}

// After MaxPINFailures wrong PINs on a board, even the right PIN is refused for a while.
func TestHallPINRateLimit(t *testing.T) {
	hs := newHallServer(t)
	b := hs.board(t, 1)
	for range MaxPINFailures {
		hs.enter(t, 1, "W", "999999x", "2-0")
	}
	if code, _ := hs.enter(t, 1, "W", hs.pins[b.WhiteEntry], "2-0"); code != http.StatusTooManyRequests {
		t.Errorf("after %d wrong PINs: %d, want 429", MaxPINFailures, code)
	}
	if !strings.Contains(hs.log.String(), "too many wrong PINs") {
		t.Errorf("refusal not logged")
	}
	hs.hall.now = func() time.Time { return time.Now().Add(PINWindow + time.Second) }
	if _, msg := hs.enter(t, 1, "W", hs.pins[b.WhiteEntry], "2-0"); msg != "waiting" {
		t.Errorf("after the window: %q", msg)
	}
}

// The event stream sends "change" within 2 s of a write by another path (the CLI's
// EnterResult here), and again after an entry through the hall.
func TestHallEventsAfterWrite(t *testing.T) {
	hs := newHallServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", hs.srv.URL+"/hall/1/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	waitChange := func(what string, start time.Time) {
		t.Helper()
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("%s: stream closed", what)
				}
				if l == "event: change" {
					if d := time.Since(start); d > 2*time.Second {
						t.Errorf("%s: change after %v", what, d)
					}
					return
				}
			case <-time.After(3 * time.Second):
				t.Fatalf("%s: no change event within 3 s", what)
			}
		}
	}
	time.Sleep(2 * PollInterval) // the poller has read the first version
	start := time.Now()
	if _, err := hs.st.EnterResult(context.Background(), "", 1, 2, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	waitChange("a result from the command line", start)
	b := hs.board(t, 1)
	start = time.Now()
	hs.enter(t, 1, "W", hs.pins[b.WhiteEntry], "2-0")
	waitChange("an entry in the hall", start)
}

// inline finds what the hall's CSP forbids: an inline script, an event handler attribute,
// an inline style, a javascript: URL.
var inline = regexp.MustCompile(`<script>|<script [^>]*>[^<]|<[^>]*\son[a-z]+=|<[^>]*\sstyle=|javascript:`)

// With hostile names, no page of the hall carries what its CSP refuses, and the names
// show as text.
func TestHallPagesNoInline(t *testing.T) {
	hs := newHallServer(t, hostileNames...)
	cookie := hs.login(t)
	b := hs.board(t, 1)
	hs.enter(t, 1, "W", hs.pins[b.WhiteEntry], "2-0")
	for _, p := range []string{"/hall/", "/hall/1/", "/hall/1/boards", "/hall/1/names", "/hall/1/results", "/hall/1/standings",
		"/hall/1/boards?kiosk=1", "/hall/1/" + reports.HallBoardPath(1, 1, 1) + "&msg=waiting", "/hall/1/console?msg=saved&b=1&r=2-0", "/hall/1/checkin"} {
		code, _, body := hs.do(t, "GET", p, nil, "Cookie", cookie)
		if code != http.StatusOK {
			t.Errorf("GET %s: %d", p, code)
		}
		if m := inline.FindString(body); m != "" {
			t.Errorf("%s: %q, which the CSP refuses", p, m)
		}
		everyone := strings.Contains(p, "/boards") || strings.HasSuffix(p, "/names") || strings.HasSuffix(p, "/standings") || strings.Contains(p, "console") || strings.HasSuffix(p, "/checkin")
		if everyone && !strings.Contains(body, "&lt;img src=x onerror=alert(1)&gt;") {
			t.Errorf("%s: the name with markup is not shown as text", p)
		}
	}
}

// Check-in for round 2: a player checks in with his PIN (a wrong PIN is refused), the
// page and the console show it; the arbiter marks another present; marking absent goes
// through 'arbitro absent”s use case, which refuses it in a round robin (its rounds are
// fixed), and the console says so.
func TestHallCheckIn(t *testing.T) {
	hs := newHallServer(t)
	es, _, _ := hs.st.Players(context.Background(), "")
	var rossi, anna int64
	for _, e := range es {
		switch e.Player.Name {
		case "Rossi, Mario":
			rossi = e.ID
		case "Bianchi, Anna":
			anna = e.ID
		}
	}
	post := func(path string, form url.Values, h ...string) string {
		t.Helper()
		code, loc, _ := hs.do(t, "POST", path, form, h...)
		if code != http.StatusSeeOther {
			t.Fatalf("POST %s: %d", path, code)
		}
		u, _ := url.Parse(loc)
		return u.Query().Get("msg")
	}
	if msg := post("/hall/1/checkin", url.Values{"entry": {itoa64(rossi)}, "pin": {hs.pins[anna]}}); msg != "wrongpin" {
		t.Errorf("another's PIN: %q", msg)
	}
	if msg := post("/hall/1/checkin", url.Values{"entry": {itoa64(rossi)}, "pin": {hs.pins[rossi]}}); msg != "checkedin" {
		t.Errorf("check-in: %q", msg)
	}
	_, _, page := hs.do(t, "GET", "/hall/1/checkin", nil)
	if !strings.Contains(page, "Presenti: 1 su 4") || !strings.Contains(page, "Conferma di presenza per il turno 2") {
		t.Errorf("check-in page:\n%s", page)
	}
	cookie := hs.login(t)
	if msg := post("/hall/1/console", url.Values{"action": {"present"}, "entry": {itoa64(anna)}}, "Cookie", cookie); msg != "present" {
		t.Errorf("arbiter marks present: %q", msg)
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"present"}, "entry": {"3"}}); code != http.StatusUnauthorized {
		t.Errorf("marking without login: %d", code)
	}
	if msg := post("/hall/1/console", url.Values{"action": {"absent"}, "entry": {"3"}}, "Cookie", cookie); msg != "bad" {
		t.Errorf("absent in a round robin: %q", msg)
	}
	_, _, page = hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if !strings.Contains(page, "Presenti: 2 su 4") || strings.Count(page, `value="absent"`) != 2 {
		t.Errorf("console check-in:\n%s", page)
	}
	evs, _, _ := hs.st.EventLog(context.Background(), "")
	var who []string
	for _, e := range evs {
		if e.Action == "hall.checkin" {
			who = append(who, e.Actor)
		}
	}
	if len(who) != 2 || !strings.HasSuffix(who[0], "via the hall") || who[1] != "arbiter via the hall" {
		t.Errorf("check-ins logged by %v", who)
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// With Only (serve --hall --tournament) /hall/ leads to the one event; the others are not
// found.
func TestHallOnly(t *testing.T) {
	hs := newHallServer(t)
	hs.hall.Only(1)
	if code, loc, _ := hs.do(t, "GET", "/hall/", nil); code != http.StatusSeeOther || loc != "/hall/1/" {
		t.Errorf("/hall/: %d %s", code, loc)
	}
	hs.hall.Only(2)
	if code, _, _ := hs.do(t, "GET", "/hall/1/boards", nil); code != http.StatusNotFound {
		t.Errorf("another event's screen: %d", code)
	}
}

// The logged-in arbiter makes a login link for another device: it works once, there.
func TestHallAnotherDevice(t *testing.T) {
	hs := newHallServer(t)
	cookie := hs.login(t)
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"link"}}); code != http.StatusUnauthorized {
		t.Errorf("a link without login: %d", code)
	}
	code, _, page := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"link"}}, "Cookie", cookie)
	m := regexp.MustCompile(`http://[^ <]+(/hall/login\?token=[0-9a-f]+)`).FindStringSubmatch(page)
	if code != http.StatusOK || m == nil {
		t.Fatalf("new link: %d\n%s", code, page)
	}
	if code, _, _ := hs.do(t, "GET", m[1], nil); code != http.StatusSeeOther {
		t.Errorf("the new link: %d", code)
	}
	if code, _, _ := hs.do(t, "GET", m[1], nil); code != http.StatusForbidden {
		t.Errorf("the new link again: %d", code)
	}
}

// serve --hall --confirm: two agreeing entries wait for the arbiter, who confirms them.
func TestHallArbiterConfirms(t *testing.T) {
	hs := newHallServer(t)
	hs.hall.ArbiterConfirms()
	b := hs.board(t, 2)
	hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "1-1")
	if _, msg := hs.enter(t, 2, "B", hs.pins[b.BlackEntry], "1-1"); msg != "agreed" {
		t.Errorf("second entry: %q", msg)
	}
	if hs.board(t, 2).Result != nil {
		t.Fatal("stored without the arbiter")
	}
	cookie := hs.login(t)
	_, _, page := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if !strings.Contains(page, `class="agreed"`) || !strings.Contains(page, `<option value="1-1" selected>`) {
		t.Errorf("console without the agreed board, or not preselected:\n%s", page)
	}
	hs.do(t, "POST", "/hall/1/console", url.Values{"round": {"1"}, "board": {"2"}, "game": {"1"}, "result": {"1-1"}}, "Cookie", cookie)
	if r := hs.board(t, 2).Result; r == nil || r.WhitePoints != 1 {
		t.Errorf("confirmed: %+v", r)
	}
}

// The arbiter's password: the login page; none set, wrong (counted, logged), right (a
// session); from another origin refused.
func TestHallPasswordLogin(t *testing.T) {
	hs := newHallServer(t)
	if code, _, page := hs.do(t, "GET", "/hall/login", nil); code != http.StatusOK || !strings.Contains(page, `name="password"`) {
		t.Errorf("login page: %d", code)
	}
	msgOf := func(form url.Values, h ...string) (int, string) {
		code, loc, _ := hs.do(t, "POST", "/hall/login", form, h...)
		u, _ := url.Parse(loc)
		return code, u.Query().Get("msg")
	}
	if _, msg := msgOf(url.Values{"password": {"whatever it is"}}); msg != "nopassword" {
		t.Errorf("none set: %q", msg)
	}
	if err := hs.st.SetHallPassword(context.Background(), "arbitro di sala 2026"); err != nil {
		t.Fatal(err)
	}
	if _, msg := msgOf(url.Values{"password": {"arbitro di sala 2025"}}); msg != "wrongpassword" {
		t.Errorf("wrong: %q", msg)
	}
	if !strings.Contains(hs.log.String(), "wrong arbiter's password") {
		t.Errorf("wrong password not logged")
	}
	if code, _ := msgOf(url.Values{"password": {"arbitro di sala 2026"}}, "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
		t.Errorf("cross-site login: %d", code)
	}
	req, _ := http.NewRequest("POST", hs.srv.URL+"/hall/login", strings.NewReader(url.Values{"password": {"arbitro di sala 2026"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := hs.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var cookie string
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie && c.HttpOnly && c.SameSite == http.SameSiteStrictMode {
			cookie = sessionCookie + "=" + c.Value
		}
	}
	if resp.StatusCode != http.StatusSeeOther || cookie == "" {
		t.Fatalf("right password: %s, cookie %q", resp.Status, cookie)
	}
	if code, _, _ := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie); code != http.StatusOK {
		t.Errorf("console after the password: %d", code)
	}
}

// The console pairs the next round as 'arbitro pair' does: refused while results are
// missing, then paired (the screens show round 2), and a second press pairs nothing more.
func TestHallPairFromConsole(t *testing.T) {
	hs := newHallServer(t)
	cookie := hs.login(t)
	pair := func() string {
		t.Helper()
		code, loc, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"pair"}, "round": {"2"}}, "Cookie", cookie)
		if code != http.StatusSeeOther {
			t.Fatalf("pair: %d", code)
		}
		u, _ := url.Parse(loc)
		return u.Query().Get("msg")
	}
	if msg := pair(); msg != "results.missing" {
		t.Errorf("with results missing: %q", msg)
	}
	for _, n := range []int{1, 2} {
		if _, err := hs.st.EnterResult(context.Background(), "", 1, n, 1, "1-1"); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"pair"}, "round": {"2"}}); code != http.StatusUnauthorized {
		t.Errorf("pairing without login: %d", code)
	}
	if msg := pair(); msg != "paired" {
		t.Errorf("pair: %q", msg)
	}
	if msg := pair(); msg != "alreadypaired" {
		t.Errorf("again: %q", msg)
	}
	_, _, page := hs.do(t, "GET", "/hall/1/boards", nil)
	if !strings.Contains(page, "Turno 2 — Abbinamenti per tavolo") {
		t.Errorf("the screens do not show round 2")
	}
	_, _, page = hs.do(t, "GET", "/hall/1/console?msg=paired&n=2", nil, "Cookie", cookie)
	if !strings.Contains(page, "Il turno 2 è abbinato") {
		t.Errorf("console message after pairing")
	}
}

// A board's short code from the pairing sheet (its QR code's address, /hall/ID/b2) leads to
// the board's entry page in the current round; anything else that is not a page is not found.
func TestHallBoardCode(t *testing.T) {
	hs := newHallServer(t)
	code, loc, _ := hs.do(t, "GET", "/hall/1/"+reports.BoardCode(2, 1), nil)
	if code != http.StatusSeeOther || loc != "/hall/1/board?board=2&game=1" {
		t.Fatalf("b2: %d to %q", code, loc)
	}
	code, _, page := hs.do(t, "GET", loc, nil)
	b := hs.board(t, 2)
	if code != http.StatusOK || !strings.Contains(page, "<form") || !strings.Contains(page, "board=2") {
		t.Fatalf("board 2's page: %d\n%s", code, page)
	}
	if _, msg := hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "1-1"); msg != "waiting" {
		t.Errorf("entry after the short code: %q", msg)
	}
	for _, bad := range []string{"b0", "b01", "b2-3", "bx", "b99"} {
		code, _, _ := hs.do(t, "GET", "/hall/1/"+bad, nil)
		if bad == "b99" {
			code, _, _ = hs.do(t, "GET", "/hall/1/board?board=99&game=1", nil)
		}
		if code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, code)
		}
	}
	if code, _, _ := hs.do(t, "POST", "/hall/1/b2", url.Values{}, "Sec-Fetch-Site", "same-origin"); code != http.StatusMethodNotAllowed {
		t.Errorf("POST b2: %d, want 405", code)
	}
}

// The event's stored settings (arbitro hall set), without serve's --confirm: two agreeing
// entries wait for the arbiter; a single entry past the minutes is marked in the console.
func TestHallStoredSettings(t *testing.T) {
	hs := newHallServer(t)
	yes, one := true, 1
	if _, _, err := hs.st.SetHallSettings(context.Background(), "", tournament.HallSettingsChange{Confirm: &yes, SingleMinutes: &one}); err != nil {
		t.Fatal(err)
	}
	b := hs.board(t, 2)
	hs.enter(t, 2, "W", hs.pins[b.WhiteEntry], "1-1")
	if _, msg := hs.enter(t, 2, "B", hs.pins[b.BlackEntry], "1-1"); msg != "agreed" {
		t.Errorf("second entry: %q", msg)
	}
	if hs.board(t, 2).Result != nil {
		t.Fatal("stored without the arbiter")
	}
	b1 := hs.board(t, 1)
	hs.enter(t, 1, "W", hs.pins[b1.WhiteEntry], "2-0")
	cookie := hs.login(t)
	_, _, page := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", cookie)
	if !strings.Contains(page, `class="agreed"`) || strings.Contains(page, "past the event") {
		t.Errorf("console: the agreed board missing, or a fresh single entry marked overdue:\n%s", page)
	}
}

// The round clock: with a start time and a time control that reads as a base time and an
// increment, the screens say when the round ends at the latest and carry what hall.js
// counts down; with a time control it cannot read, the start alone.
func TestHallRoundClock(t *testing.T) {
	hs := newHallServer(t)
	date, clock := "2026-11-21", "15:30"
	if _, _, err := hs.st.SetRoundSchedule(context.Background(), "", 1, &date, &clock); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ control, want string }{
		{"90 min + 30 s a mossa", `<p class="clock">Termine al più tardi: 19:20 (90 min &#43; 30 s a mossa) <span class="left" data-date="2026-11-21" data-time="15:30" data-minutes="230" data-left="tempo rimanente" data-over="tempo scaduto"></span></p>`},
		{"2h", `data-minutes="240"`},
		{"40 mosse in 2h", ""},
	} {
		if _, _, err := hs.st.SetTournamentField(context.Background(), "", "time-control", c.control); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{"/hall/1/boards", "/hall/1/"} {
			_, _, body := hs.do(t, "GET", page, nil)
			if !strings.Contains(body, "Inizio: 21/11/2026 15:30") || c.want != "" && !strings.Contains(body, c.want) || c.want == "" && strings.Contains(body, "data-minutes") {
				t.Errorf("%s, %q: want %q\n%s", page, c.control, c.want, body)
			}
		}
	}
}
