package site

import (
	"bufio"
	"context"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"arbitro/reports"
	"arbitro/tournament"
)

// swissHall is newHallRound's Italo-Swiss event of n players (round 1 paired, every player
// with a PIN) as a hallServer, for the tests that need a Swiss event or more boards than
// newEvent's round robin has.
func swissHall(t *testing.T, n int) *hallServer {
	t.Helper()
	hr := newHallRound(t, n)
	t.Cleanup(hr.close)
	return &hallServer{srv: hr.srv, hall: hr.hall, st: hr.st, pins: hr.pins, log: hr.log,
		c: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}}
}

// The console's Absent names the player by his entry id, which is not his pairing number
// once the lot is drawn: the absence falls on the player whose button was pressed, as
// 'arbitro absent' records it (0 points), and the next pairing leaves him, and only him,
// out. (Before HallMarkAbsent the id went to SetAbsence, which reads a number as a pairing
// number: the button marked another player absent.)
func TestHallConsoleAbsentIsThePlayer(t *testing.T) {
	hs := swissHall(t, 10)
	ctx := context.Background()
	for _, b := range mustBoards(t, hs, 1) {
		if !b.Bye() {
			if _, err := hs.st.EnterResult(ctx, "", 1, b.Board, 1, "2-0"); err != nil {
				t.Fatal(err)
			}
		}
	}
	es, _, err := hs.st.Players(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	var who int // an entry whose id is another's pairing number
	for i, e := range es {
		if int64(e.Number) != e.ID {
			who = i
			break
		}
	}
	absent := es[who]
	cookie := hs.login(t)
	code, loc, _ := hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"absent"}, "entry": {strconv.FormatInt(absent.ID, 10)}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.Contains(loc, "msg=absent") {
		t.Fatalf("absent: %d %s", code, loc)
	}
	code, loc, _ = hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"absent"}, "entry": {strconv.FormatInt(absent.ID, 10)}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.Contains(loc, "msg=bad") {
		t.Errorf("absent twice: %d %s", code, loc)
	}
	code, loc, _ = hs.do(t, "POST", "/hall/1/console", url.Values{"action": {"pair"}, "round": {"2"}}, "Cookie", cookie)
	if code != http.StatusSeeOther || !strings.Contains(loc, "msg=paired") {
		t.Fatalf("pair: %d %s", code, loc)
	}
	paired := map[int64]bool{}
	for _, b := range mustBoards(t, hs, 2) {
		paired[b.WhiteEntry], paired[b.BlackEntry] = true, true
	}
	for _, e := range es {
		if paired[e.ID] == (e.ID == absent.ID) {
			t.Errorf("round 2: %s (%d) paired %v, absent %s", e.Player.Name, e.ID, paired[e.ID], absent.Player.Name)
		}
	}
	evs, _, _ := hs.st.EventLog(ctx, "")
	n := 0
	for _, e := range evs {
		if e.Action == "player.absent" {
			n++
			if e.Actor != "arbiter via the hall" {
				t.Errorf("absence logged by %q", e.Actor)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d absences logged, want 1", n)
	}
}

func mustBoards(t *testing.T, hs *hallServer, round int) []*tournament.Board {
	t.Helper()
	bs, _, err := hs.st.ResultList(context.Background(), "", round)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// The per-address limit on wrong PINs (issue 30: "rate-limited per board and per
// address"): from one address, 4 wrong PINs on each of 5 boards (20, under each board's
// limit of MaxPINFailures) and the address is refused with 429 on any board, even with a
// right PIN, and the refusal is logged with the address; another address is not refused
// (the limit is the address's, not the hall's), and after PINWindow the first is heard again.
func TestHallPINRateLimitPerAddress(t *testing.T) {
	hs := swissHall(t, 10)
	bs := mustBoards(t, hs, 1)
	if len(bs) != 5 {
		t.Fatalf("%d boards, want 5", len(bs))
	}
	for _, b := range bs {
		for range MaxPINFailures - 1 {
			if code, msg := hs.enter(t, b.Board, "W", "999999x", "2-0"); code != http.StatusSeeOther || msg != "wrongpin" {
				t.Fatalf("board %d, a wrong PIN: %d %q", b.Board, code, msg)
			}
		}
	}
	if strings.Contains(hs.log.String(), "too many wrong PINs") {
		t.Fatalf("refused before the address's limit:\n%s", hs.log.String())
	}
	b := bs[0]
	if code, _ := hs.enter(t, b.Board, "W", hs.pins[b.WhiteEntry], "2-0"); code != http.StatusTooManyRequests {
		t.Errorf("after %d wrong PINs from one address: %d, want 429", 5*(MaxPINFailures-1), code)
	}
	if !strings.Contains(hs.log.String(), "too many wrong PINs") || !strings.Contains(hs.log.String(), "from 127.0.0.1") {
		t.Errorf("the refusal is not logged with the address:\n%s", hs.log.String())
	}
	// Another address (the handler called directly, as a request from 192.0.2.7 arrives).
	form := url.Values{"side": {"W"}, "pin": {hs.pins[b.WhiteEntry]}, "result": {"2-0"}}
	req := httptest.NewRequest("POST", "/hall/1/"+reports.HallBoardPath(1, b.Board, 1), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "192.0.2.7:5555"
	rec := httptest.NewRecorder()
	hs.hall.Handler(http.NotFoundHandler()).ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "msg=waiting") {
		t.Errorf("from another address: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	hs.hall.now = func() time.Time { return time.Now().Add(PINWindow + time.Second) }
	if code, msg := hs.enter(t, b.Board, "B", hs.pins[b.BlackEntry], "2-0"); code != http.StatusSeeOther || msg != "stored" {
		t.Errorf("after the window: %d %q", code, msg)
	}
}

// Private data never on a public page (issue 30): players with a birth year and a
// national id; no public page of the hall (screens, kiosk, a board's entry page, its score
// sheet, check-in, games, the event stream), no page of the site the hall serves beside
// it, and no file of the published site carries either.
func TestHallNoPrivateData(t *testing.T) {
	hs := swissHall(t, 10)
	ctx := context.Background()
	es, _, err := hs.st.Players(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	var private []string
	for i, e := range es {
		year, nid := strconv.Itoa(1931+i), "NID-PRIV-"+strconv.Itoa(7000+i)
		for _, f := range [][2]string{{"birth-year", year}, {"national-id", nid}} {
			if _, _, err := hs.st.SetPlayerField(ctx, "", e.Player.Name, f[0], f[1]); err != nil {
				t.Fatal(err)
			}
		}
		private = append(private, year, nid)
	}
	if es, _, _ = hs.st.Players(ctx, ""); es[0].Player.BirthYear != 1931 || es[0].Player.NationalID != "NID-PRIV-7000" {
		t.Fatalf("the private data is not stored: %+v", es[0].Player) // else the test proves nothing
	}
	b := mustBoards(t, hs, 1)[0]
	hs.enter(t, b.Board, "W", hs.pins[b.WhiteEntry], "2-0")
	leak := func(where, body string) {
		t.Helper()
		for _, p := range private {
			if i := strings.Index(body, p); i >= 0 && !digitAround(body, i, len(p)) {
				t.Errorf("%s shows %q: …%s…", where, p, body[max(0, i-60):min(len(body), i+60)])
			}
		}
	}
	pages := []string{"/hall/", "/hall/1/", "/hall/1/boards", "/hall/1/names", "/hall/1/results", "/hall/1/standings",
		"/hall/1/boards?kiosk=1", "/hall/1/checkin", "/hall/1/games", "/hall/1/" + reports.HallBoardPath(1, b.Board, 1),
		"/hall/1/sheet?round=1&board=1&game=1", "/", "/hall/1/b1"}
	for _, p := range pages {
		code, _, body := hs.do(t, "GET", p, nil)
		if code >= 400 {
			t.Errorf("GET %s: %d", p, code)
		}
		leak(p, body)
	}
	// The event stream, until it tells of a change (a result entered while it listens).
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second) // a hang guard
	defer cancel()
	req, _ := http.NewRequestWithContext(sctx, "GET", hs.srv.URL+"/hall/1/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var stream strings.Builder
	sc := bufio.NewScanner(resp.Body)
	b2 := mustBoards(t, hs, 1)[1]
	for entered := false; sc.Scan(); {
		stream.WriteString(sc.Text() + "\n")
		if !entered {
			entered = true
			hs.enter(t, b2.Board, "W", hs.pins[b2.WhiteEntry], "1-1")
		}
		if strings.HasPrefix(sc.Text(), "data: ") {
			break
		}
	}
	resp.Body.Close()
	if !strings.Contains(stream.String(), "data: ") {
		t.Errorf("the event stream told no change: %q", stream.String())
	}
	leak("/hall/1/events", stream.String())
	out := t.TempDir()
	if _, err := Publish(ctx, hs.st, Options{Out: out, All: true}); err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		n++
		leak("published "+path[len(out):], string(data))
		return err
	})
	if err != nil || n < 5 {
		t.Errorf("published site: %d files, %v", n, err)
	}
}

// digitAround reports whether s[i:i+n] is part of a longer number (a year inside a
// version or a size is no leak).
func digitAround(s string, i, n int) bool {
	isDigit := func(j int) bool { return j >= 0 && j < len(s) && s[j] >= '0' && s[j] <= '9' }
	return isDigit(i-1) || isDigit(i+n)
}
