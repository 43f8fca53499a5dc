package site

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arbitro/reports"
)

// A round in the hall with a real Chromium (skipped without one, as the site's browser
// tests): the standings screen listens; two phones (two browser contexts: they share no
// cookie, newDevice) show the round's pairings on /boards and /names, then enter the same
// result on board 2 with their PINs after a wrong PIN is refused; the standings screen
// shows it within 2 s without a reload, and so does the first player's page. A page of
// another origin (a second server) that POSTs an entry with a right PIN is refused (403)
// and nothing is written. On board 1 the phones disagree; the dispute reaches the console
// the arbiter has open (logged in with the one-time link on a device of his own), and he
// enters the result.
func TestBrowserHallRound(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	phone := func() context.Context { return newDevice(t, b.ctx) }
	// The screen, marked so that a reload would show (the mark would be gone).
	var before string
	if err := chromedp.Run(b.ctx, chromedp.Navigate(base+"/hall/1/standings"), chromedp.WaitVisible("table.screen", chromedp.ByQuery),
		chromedp.Evaluate(`window.arbitroMark = 1; document.querySelector("table.screen tbody").textContent`, &before)); err != nil {
		t.Fatal(err)
	}
	enter := func(ctx context.Context, board int, side, pin, result string) string {
		t.Helper()
		var msg string
		page := base + "/hall/1/" + reports.HallBoardPath(1, board, 1)
		err := chromedp.Run(ctx, chromedp.Navigate(page), chromedp.WaitVisible("form.entry", chromedp.ByQuery),
			chromedp.Click(`input[name=side][value="`+side+`"]`, chromedp.ByQuery),
			chromedp.Click(`input[name=result][value="`+result+`"]`, chromedp.ByQuery),
			chromedp.SendKeys(`input[name=pin]`, pin, chromedp.ByQuery),
			chromedp.Click(`form.entry button`, chromedp.ByQuery),
			chromedp.WaitVisible("p.msg", chromedp.ByQuery), chromedp.Text("p.msg", &msg, chromedp.ByQuery))
		if err != nil {
			t.Fatalf("board %d, %s: %v", board, side, err)
		}
		return msg
	}
	white, black := phone(), phone()
	checkPairingsShown(t, white, base, hs.st)
	crossOriginRefused(t, black, hs)
	b2 := hs.board(t, 2)
	if msg := enter(white, 2, "W", "000000", "2-0"); !strings.Contains(msg, "PIN errato") {
		t.Errorf("wrong PIN: %q", msg)
	}
	if msg := enter(white, 2, "W", hs.pins[b2.WhiteEntry], "2-0"); !strings.Contains(msg, "registrato") {
		t.Errorf("white: %q", msg)
	}
	start := time.Now()
	if msg := enter(black, 2, "B", hs.pins[b2.BlackEntry], "2-0"); !strings.Contains(msg, "concordano") {
		t.Errorf("black: %q", msg)
	}
	var after string
	var mark int
	wait, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	err := chromedp.Run(wait, chromedp.Poll(`document.querySelector("table.screen tbody").textContent !== `+jsString(before), nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`document.querySelector("table.screen tbody").textContent`, &after), chromedp.Evaluate(`window.arbitroMark || 0`, &mark))
	if err != nil {
		t.Fatalf("the standings screen did not change: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the standings screen changed %v after the result", d)
	}
	if mark != 1 {
		t.Errorf("the standings screen was reloaded (its mark is gone)")
	}
	if r := hs.board(t, 2).Result; r == nil || r.WhitePoints != 2 {
		t.Fatalf("board 2: %+v", r)
	}
	// White's phone, still on board 2's page, shows the result his opponent's entry stored.
	wait2, cancel2 := context.WithTimeout(white, 5*time.Second)
	defer cancel2()
	if err := chromedp.Run(wait2, chromedp.WaitVisible("p.stored", chromedp.ByQuery)); err != nil {
		t.Errorf("white's page does not show the stored result: %v", err)
	}
	// The console is refused to a phone without the login.
	var title string
	if err := chromedp.Run(white, chromedp.Navigate(base+"/hall/1/console"), chromedp.WaitVisible("h1", chromedp.ByQuery), chromedp.Text("h1", &title, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(title, "Console") || !strings.Contains(title, "serve --hall") {
		t.Errorf("console without login: %q", title)
	}
	// The arbiter opens the console; a dispute on board 1 appears in it by itself, and he
	// resolves it.
	arb := phone()
	if err := chromedp.Run(arb, chromedp.Navigate(base+hs.hall.LoginLink()), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/console"), chromedp.WaitVisible("table.console", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	b1 := hs.board(t, 1)
	enter(white, 1, "W", hs.pins[b1.WhiteEntry], "2-0")
	if msg := enter(black, 1, "B", hs.pins[b1.BlackEntry], "0-2"); !strings.Contains(msg, "arbitro") {
		t.Errorf("dispute: %q", msg)
	}
	var disputed int
	var saved string
	wait3, cancel3 := context.WithTimeout(arb, 5*time.Second)
	defer cancel3()
	if err := chromedp.Run(wait3, chromedp.WaitVisible("ul.pending li.disputed", chromedp.ByQuery)); err != nil {
		t.Fatalf("the dispute did not reach the open console: %v", err)
	}
	err = chromedp.Run(arb, chromedp.Evaluate(`document.querySelectorAll("ul.pending li.disputed").length`, &disputed),
		chromedp.SetValue(`ul.pending form select`, "1-1", chromedp.ByQuery),
		chromedp.Click(`ul.pending form button`, chromedp.ByQuery),
		chromedp.WaitVisible("p.msg", chromedp.ByQuery), chromedp.Text("p.msg", &saved, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	if disputed != 1 || !strings.Contains(saved, "Registrato") {
		t.Errorf("console: %d disputed, message %q", disputed, saved)
	}
	if r := hs.board(t, 1).Result; r == nil || r.WhitePoints != 1 || r.EnteredBy != "arbiter via the hall" {
		t.Errorf("board 1: %+v", r)
	}
	b.check(t, base)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\u2028", `\u2028`, "\u2029", `\u2029`)
	return `"` + r.Replace(s) + `"`
}

// The round clock counts down in the browser: a round started now with a time control of
// 1 hour per player shows about 2 hours left, and one started 3 hours ago says the time
// is up (hall.js, in the browser's own clock).
func TestBrowserHallRoundClock(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t)
	b := newBrowser(t)
	if _, _, err := hs.st.SetTournamentField(context.Background(), "", "time-control", "60 min"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ago  time.Duration
		want *regexp.Regexp
	}{{0, regexp.MustCompile(`^tempo rimanente (2:00:00|1:59:[0-5]\d)$`)}, {3 * time.Hour, regexp.MustCompile(`^tempo scaduto$`)}} {
		start := time.Now().Add(-c.ago).Truncate(time.Minute)
		date, clock := start.Format("2006-01-02"), start.Format("15:04")
		if _, _, err := hs.st.SetRoundSchedule(context.Background(), "", 1, &date, &clock); err != nil {
			t.Fatal(err)
		}
		var left string
		err := chromedp.Run(b.ctx, chromedp.Navigate(hs.srv.URL+"/hall/1/boards"), chromedp.WaitVisible("span.left", chromedp.ByQuery),
			chromedp.Poll(`document.querySelector("span.left").textContent !== ""`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Text("span.left", &left, chromedp.ByQuery))
		if err != nil {
			t.Fatal(err)
		}
		if !c.want.MatchString(left) {
			t.Errorf("started %v ago: %q, want %v", c.ago, left, c.want)
		}
	}
}
