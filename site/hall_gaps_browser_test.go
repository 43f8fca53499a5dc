package site

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"arbitro/reports"
	"arbitro/tournament"
)

// Check-in feeds the next pairing (issue 30's Done-when), in a real Chromium, on a Swiss
// event (a round robin refuses absences): round 1 played, two players check in for round
// 2 on their own phones (browser contexts that share no cookie) with their PINs, the
// arbiter, logged in on a third, marks another absent with one tap on the console and
// presses "Pair round 2"; /boards then shows round 2 without the absent player and with
// every other player, and the crosstable gives him the absence 'arbitro absent' records:
// not paired, 0 points (docs/hall.md, Check-in).
func TestBrowserHallCheckInFeedsPairing(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hr := newHallRound(t, 10)
	t.Cleanup(hr.close)
	ctx := context.Background()
	for _, bd := range hr.boards {
		if bd.Bye() {
			continue
		}
		if _, err := hr.st.EnterResult(ctx, "", 1, bd.Board, 1, "1-1"); err != nil {
			t.Fatal(err)
		}
	}
	es, _, err := hr.st.Players(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 10 {
		t.Fatalf("%d players", len(es))
	}
	b := newBrowser(t)
	base := hr.srv.URL
	bctx, cancel := context.WithTimeout(b.ctx, 90*time.Second) // a hang guard, not a measure
	defer cancel()
	if err := chromedp.Run(bctx, chromedp.Navigate(base+"/hall/1/boards"), chromedp.WaitVisible("table.screen", chromedp.ByQuery)); err != nil {
		t.Fatal(err) // the browser runs: new contexts open in it
	}
	device := func() context.Context { return newDevice(t, bctx) }
	for _, e := range es[:2] {
		var msg, count string
		err := chromedp.Run(device(), chromedp.Navigate(base+"/hall/1/checkin"), chromedp.WaitVisible("form.entry", chromedp.ByQuery),
			chromedp.SetValue(`select[name=entry]`, strconv.FormatInt(e.ID, 10), chromedp.ByQuery),
			chromedp.SendKeys(`input[name=pin]`, hr.pins[e.ID], chromedp.ByQuery),
			chromedp.Click(`form.entry button`, chromedp.ByQuery),
			chromedp.WaitVisible("p.msg", chromedp.ByQuery), chromedp.Text("p.msg", &msg, chromedp.ByQuery),
			chromedp.Text("main", &count, chromedp.ByQuery))
		if err != nil {
			t.Fatalf("check-in of %s: %v", e.Player.Name, err)
		}
		if strings.Contains(msg, "PIN") {
			t.Errorf("check-in of %s: %q", e.Player.Name, msg)
		}
	}
	absent := es[5]
	arb := device()
	var heading, screen string
	err = chromedp.Run(arb, chromedp.Navigate(base+hr.hall.LoginLink()), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/console"), chromedp.WaitVisible("table.checkin", chromedp.ByQuery),
		chromedp.Click(`table.checkin form:has(input[name=entry][value="`+strconv.FormatInt(absent.ID, 10)+`"]) button[value=absent]`, chromedp.ByQuery),
		chromedp.WaitVisible("p.msg", chromedp.ByQuery),
		chromedp.Click(`button[value=pair]`, chromedp.ByQuery), chromedp.WaitVisible("pre.explain", chromedp.ByQuery),
		chromedp.Text("h1", &heading, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Run(bctx, chromedp.Navigate(base+"/hall/1/boards"), chromedp.WaitVisible("table.screen", chromedp.ByQuery),
		chromedp.Text("table.screen", &screen, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(heading, "2") {
		t.Errorf("after pairing: %q", heading)
	}
	checkAbsentNotPaired(t, hr, es, absent, screen)
	b.check(t, base)
}

// checkAbsentNotPaired: screen (the text of /boards) and round 2 as stored leave absent out
// and pair every other player of es; the crosstable gives him an absence of 0 points; the
// log holds the 2 check-ins and the arbiter's absence.
func checkAbsentNotPaired(t *testing.T, hr *hallRound, es []tournament.Entry, absent tournament.Entry, screen string) {
	t.Helper()
	ctx := context.Background()
	if strings.Contains(screen, absent.Player.Name) {
		t.Errorf("/boards pairs the absent %s:\n%s", absent.Player.Name, screen)
	}
	for _, e := range es {
		if e.ID != absent.ID && !strings.Contains(screen, e.Player.Name) {
			t.Errorf("/boards lacks %s:\n%s", e.Player.Name, screen)
		}
	}
	pv, _, err := hr.st.PairingsSheet(ctx, "", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(pv.Boards) != 5 { // 9 players: 4 boards and the bye
		t.Errorf("round 2: %d boards, want 5", len(pv.Boards))
	}
	for _, bd := range pv.Boards {
		if bd.WhiteEntry == absent.ID || bd.BlackEntry == absent.ID {
			t.Errorf("round 2 pairs the absent player: %+v", bd)
		}
	}
	var got *tournament.CrossResult
	for _, p := range pv.Crosstable.Players {
		if int64(p.ID) == absent.ID {
			for i := range p.Results {
				if p.Results[i].Round == 2 {
					got = &p.Results[i]
				}
			}
		}
	}
	if got == nil || got.Kind != tournament.CrossAbsent || got.Points != 0 {
		t.Errorf("the absent player's round 2: %+v, want an absence with 0 points", got)
	}
	evs, _, _ := hr.st.EventLog(ctx, "")
	var checkins, absences int
	for _, e := range evs {
		switch e.Action {
		case "hall.checkin":
			checkins++
		case "player.absent":
			absences++
			if e.Actor != "arbiter via the hall" {
				t.Errorf("absence logged by %q", e.Actor)
			}
		}
	}
	if checkins != 2 || absences != 1 {
		t.Errorf("logged: %d check-ins, %d absences; want 2, 1", checkins, absences)
	}
}

// newDevice opens a tab in a browser context of its own in the browser of ctx (which has
// run): another device, sharing no cookie and no storage with the others. It is what
// chromedp.WithNewBrowserContext does, but for the tab's window: this Chromium refuses a
// tab without a window in a new context ("no browser is open").
func newDevice(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	var id target.ID
	err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		browser := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		bc, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(browser)
		if err != nil {
			return fmt.Errorf("new browser context: %w", err)
		}
		id, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(browser)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	dctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	return dctx
}

// checkPairingsShown opens /boards and /names of the hall at base in the browser of ctx and
// checks the pairings they show against the current round's boards in st: each board's
// row its number, White and Black; each player's row on /names, alphabetical, his board.
func checkPairingsShown(t *testing.T, ctx context.Context, base string, st interface {
	ResultList(context.Context, string, int) ([]*tournament.Board, tournament.Tournament, error)
}) {
	t.Helper()
	bs, _, err := st.ResultList(context.Background(), "", 1)
	if err != nil {
		t.Fatal(err)
	}
	rows := `Array.from(document.querySelectorAll("table.screen tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent.trim()))`
	var byBoard, byName [][]string
	err = chromedp.Run(ctx, chromedp.Navigate(base+"/hall/1/boards"), chromedp.WaitVisible("table.screen", chromedp.ByQuery),
		chromedp.Evaluate(rows, &byBoard),
		chromedp.Navigate(base+"/hall/1/names"), chromedp.WaitVisible("table.screen", chromedp.ByQuery),
		chromedp.Evaluate(rows, &byName))
	if err != nil {
		t.Fatal(err)
	}
	if len(byBoard) != len(bs) {
		t.Errorf("/boards: %d rows, want %d: %q", len(byBoard), len(bs), byBoard)
	}
	board := map[string]string{} // name -> board number
	for _, b := range bs {
		n := strconv.Itoa(b.Board)
		board[b.White], board[b.Black] = n, n
		found := false
		for _, r := range byBoard {
			found = found || len(r) >= 4 && r[0] == n && r[1] == b.White && r[3] == b.Black
		}
		if !found {
			t.Errorf("/boards does not show board %s, %s - %s: %q", n, b.White, b.Black, byBoard)
		}
	}
	if len(byName) != len(board) {
		t.Errorf("/names: %d rows, want %d: %q", len(byName), len(board), byName)
	}
	for i, r := range byName {
		if len(r) < 2 || board[r[0]] == "" || !slices.Contains(r[1:], board[r[0]]) {
			t.Errorf("/names row %q: want the player's board %q", r, board[r[0]])
		}
		if i > 0 && len(r) > 0 && len(byName[i-1]) > 0 && byName[i-1][0] > r[0] {
			t.Errorf("/names not alphabetical at %q", r[0])
		}
	}
}

// crossOriginRefused: a page served by a second server (another origin) POSTs, from the
// browser of ctx, board 1's entry with White's right PIN to the hall (a form-encoded
// fetch, which a browser sends without asking); the hall answers 403 and writes nothing.
func crossOriginRefused(t *testing.T, ctx context.Context, hs *hallServer) {
	t.Helper()
	var mu sync.Mutex
	var got []int
	h := hs.hall.Handler(NewHandler(hs.st, ""))
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(rec, r)
		if r.Method == http.MethodPost {
			mu.Lock()
			got = append(got, rec.code)
			mu.Unlock()
		}
	}))
	defer target.Close()
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>another site</title><p>another site</p>")
	}))
	defer evil.Close()
	before, _, err := hs.st.EventLog(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	b1 := hs.board(t, 1)
	form := url.Values{"side": {"W"}, "pin": {hs.pins[b1.WhiteEntry]}, "result": {"2-0"}}.Encode()
	post := fmt.Sprintf(`fetch(%s, {method: "POST", mode: "no-cors", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: %s}).then(() => "sent", e => "failed: " + e)`,
		jsString(target.URL+"/hall/1/"+reports.HallBoardPath(1, 1, 1)), jsString(form))
	var sent string
	err = chromedp.Run(ctx, chromedp.Navigate(evil.URL+"/"), chromedp.WaitVisible("p", chromedp.ByQuery),
		chromedp.Evaluate(post, &sent, func(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if sent != "sent" || len(got) != 1 || got[0] != http.StatusForbidden {
		t.Errorf("a POST from another origin: %q, answered %v, want one 403", sent, got)
	}
	after, _, err := hs.st.EventLog(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("a POST from another origin wrote: %d events before, %d after", len(before), len(after))
	}
}

// statusWriter records the status a handler answers.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

// The hall's screens and a board's result page at a phone's 390x844 and a TV's 1920x1080,
// with long names, a result in and the round clock shown: no page scrolls sideways as a
// whole, and a table wider than its box scrolls inside it with the box's edge shadows
// (site.css's cue), never hidden. With ARBITRO_SITE_SHOTS=DIR a screenshot of each.
func TestBrowserHallViewports(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t, "Dell'Acqua Bianchi di Montevecchio, Maria Antonietta Giuseppina", "Rossi, Mario",
		"Santangelo-Marchetti, Gianfrancesco Ermenegildo", "Neri, Eva", "Bianchi, Anna", "Lo Presti Castiglione, Pierpaolo")
	ctx := context.Background()
	if _, err := hs.st.EnterResult(ctx, "", 1, 1, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := hs.st.SetTournamentField(ctx, "", "time-control", "90 min + 30 s"); err != nil {
		t.Fatal(err)
	}
	start := time.Now().Truncate(time.Minute)
	date, clock := start.Format("2006-01-02"), start.Format("15:04")
	if _, _, err := hs.st.SetRoundSchedule(ctx, "", 1, &date, &clock); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	base := hs.srv.URL
	shots := os.Getenv("ARBITRO_SITE_SHOTS")
	pages := []string{"/hall/", "/hall/1/", "/hall/1/boards", "/hall/1/names", "/hall/1/results", "/hall/1/standings",
		"/hall/1/checkin", "/hall/1/games", "/hall/1/boards?kiosk=1", "/hall/1/standings?kiosk=1",
		"/hall/1/" + reports.HallBoardPath(1, 2, 1), "/hall/1/" + reports.HallBoardPath(1, 1, 1)}
	for _, vp := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", 390, 844, true}, {"tv", 1920, 1080, false}} {
		opts := []chromedp.EmulateViewportOption{}
		if vp.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		if err := chromedp.Run(b.ctx, chromedp.EmulateViewport(vp.w, vp.h, opts...)); err != nil {
			t.Fatal(err)
		}
		for i, p := range pages {
			var m struct {
				PageW, ViewW float64
				Hidden       []string // boxes that scroll sideways without the cue (not .vh: for screen readers only)
			}
			err := chromedp.Run(b.ctx, chromedp.Navigate(base+p), chromedp.WaitVisible("main", chromedp.ByQuery),
				chromedp.Evaluate(`({PageW: document.documentElement.scrollWidth, ViewW: window.innerWidth,
				  Hidden: Array.from(document.querySelectorAll('main *:not(.vh)')).filter(s => s.scrollWidth > s.clientWidth + 1 &&
				    ['auto', 'scroll', 'hidden'].includes(getComputedStyle(s).overflowX) &&
				    !(s.classList.contains('scroll') && getComputedStyle(s).backgroundImage.includes('gradient'))).map(s => s.tagName + ' ' + s.textContent.slice(0, 40))})`, &m))
			if err != nil {
				t.Fatalf("%s %s: %v", vp.name, p, err)
			}
			if m.PageW > m.ViewW {
				t.Errorf("%s %s: the page is %.0f px wide in a %.0f px window (it scrolls sideways)", vp.name, p, m.PageW, m.ViewW)
			}
			if len(m.Hidden) > 0 {
				t.Errorf("%s %s: content scrolls sideways with no cue: %q", vp.name, p, m.Hidden)
			}
			if shots != "" {
				var png []byte
				if err := chromedp.Run(b.ctx, chromedp.FullScreenshot(&png, 100)); err == nil {
					if err := os.WriteFile(filepath.Join(shots, fmt.Sprintf("hall-%s-%02d.png", vp.name, i)), png, 0o644); err != nil {
						t.Error(err)
					}
				}
			}
		}
	}
	b.check(t, base)
}
