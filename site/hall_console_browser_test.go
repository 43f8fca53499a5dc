package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The console's tools in a real Chromium: an arbiter logs in on /hall/login with his name
// and his own password, presses "Pair round 2" and lands on how the round was paired;
// the console's print link answers a PDF; the event log names him for the pairing.
func TestBrowserHallConsoleTools(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t)
	ctx := context.Background()
	if err := hs.st.SetArbiterPassword(ctx, "Ferri", "la password di Ferri"); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2} {
		if _, err := hs.st.EnterResult(ctx, "", 1, n, 1, "1-1"); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t)
	base := hs.srv.URL
	bctx, cancel := context.WithTimeout(b.ctx, 60*time.Second) // a hang guard, not a measure
	defer cancel()
	var explain, heading, ctype string
	var rows []string
	err := chromedp.Run(bctx, chromedp.Navigate(base+"/hall/login"), chromedp.WaitVisible("form.entry", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=arbiter]`, "Ferri", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=password]`, "la password di Ferri", chromedp.ByQuery),
		chromedp.Click(`form.entry button`, chromedp.ByQuery),
		chromedp.WaitVisible(`a[href="/hall/1/"]`, chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/console"), chromedp.WaitVisible(`button[value=pair]`, chromedp.ByQuery),
		chromedp.Click(`button[value=pair]`, chromedp.ByQuery),
		chromedp.WaitVisible("pre.explain", chromedp.ByQuery),
		chromedp.Text("h1", &heading, chromedp.ByQuery), chromedp.Text("pre.explain", &explain, chromedp.ByQuery),
		chromedp.Evaluate(`fetch(document.querySelector('a[href*="sheet=pairings"]').href).then(r => r.headers.get("content-type"))`, &ctype,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
		chromedp.Click(`a[href="/hall/1/log"]`, chromedp.ByQuery), chromedp.WaitVisible("table.log", chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("table.log tbody tr")).map(r => r.textContent)`, &rows))
	if err != nil {
		t.Fatal(err)
	}
	if heading != "Come è stato abbinato il turno 2" || !strings.Contains(explain, "Berger") {
		t.Errorf("after pairing: %q\n%s", heading, explain)
	}
	if ctype != "application/pdf" {
		t.Errorf("the pairing sheet's link: %q", ctype)
	}
	if len(rows) == 0 || !strings.Contains(rows[0], "arbitro Ferri dalla sala di gioco") || !strings.Contains(rows[0], "Turno abbinato") {
		t.Errorf("the log's newest row: %q", rows)
	}
	b.check(t, base)
}
