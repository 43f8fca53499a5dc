package site

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

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
	b.check(t, base)
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
