package site

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arbitro/internal/testneed"
	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"
)

// Browser tests: a real headless Chromium (Debian package chromium, installed by .ci/run)
// opens the published demo site from disk and from the live handler. They skip, saying
// so, when no Chromium is installed, and fail instead under CI=true (internal/testneed).

func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("ARBITRO_CHROMIUM"); p != "" {
		return p
	}
	return testneed.Program(t, "no Chromium installed: the browser tests need it (Debian: apt-get install chromium; .ci/run installs it)",
		"chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
}

// browser is one headless Chromium with a fresh profile, recording console errors,
// uncaught exceptions, JavaScript dialogs (an alert() that ran) and every request.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	errors   []string
	dialogs  []string
	requests []string
}

// browserProfileDir makes Chromium's profile folder. It is removed after the browser has
// been closed, retrying for up to five seconds: Chromium's helper processes may still be
// writing into it for a moment after the browser exits, and t.TempDir's single attempt
// then failed the test ("directory not empty") under load.
func browserProfileDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "arbitro-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		var err error
		for i := 0; i < 50; i++ {
			if err = os.RemoveAll(dir); err == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("Chromium profile %s not removed: %v", dir, err)
	})
	return dir
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	exe := chromiumPath(t)
	profile := browserProfileDir(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Every tab is a device of its own that the user looks at (a TV, a phone): none is
		// slowed down as a background tab or a hidden window would be (newDevice's windows
		// cover the first one).
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	// Not a measure of speed: a hang guard, so that a page that never shows what a wait
	// asks for ends the browser (a Chromium left running by go test's -timeout panic would
	// outlive the test) and fails the test with what the page showed instead.
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	b := &browser{ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *cdpruntime.EventConsoleAPICalled:
			if e.Type == cdpruntime.APITypeError || e.Type == cdpruntime.APITypeAssert {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				b.errors = append(b.errors, "console: "+strings.Join(parts, " "))
			}
		case *cdpruntime.EventExceptionThrown:
			b.errors = append(b.errors, "exception: "+e.ExceptionDetails.Text)
		case *log.EventEntryAdded:
			if e.Entry.Level == log.LevelError {
				b.errors = append(b.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		case *page.EventJavascriptDialogOpening:
			b.dialogs = append(b.dialogs, e.Message)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(false))
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		}
	})
	if err := chromedp.Run(ctx, network.Enable(), log.Enable(), cdpruntime.Enable(), page.Enable()); err != nil {
		t.Fatalf("starting Chromium (%s): %v", exe, err)
	}
	return b
}

// check fails the test for console errors, dialogs and requests outside allowed.
func (b *browser) check(t *testing.T, allowed string) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		t.Errorf("browser error: %s", e)
	}
	for _, d := range b.dialogs {
		t.Errorf("a script ran: dialog %q", d)
	}
	for _, r := range b.requests {
		if !strings.HasPrefix(r, allowed) {
			t.Errorf("a request left the site: %s (the site is %s)", r, allowed)
		}
	}
	if len(b.requests) == 0 {
		t.Errorf("no request recorded")
	}
	b.errors, b.dialogs, b.requests = nil, nil, nil
}

// headingsInOrder fails when the page at hand has not exactly one h1 or skips a heading
// level going down (h2 then h4).
func (b *browser) headingsInOrder(t *testing.T, what string) {
	t.Helper()
	var levels []int
	if err := chromedp.Run(b.ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6')).map(h => Number(h.tagName[1]))`, &levels)); err != nil {
		t.Fatal(err)
	}
	h1 := 0
	for i, l := range levels {
		if l == 1 {
			h1++
		}
		if i > 0 && l > levels[i-1]+1 {
			t.Errorf("%s: heading h%d follows h%d", what, l, levels[i-1])
		}
	}
	if h1 != 1 || len(levels) == 0 || levels[0] != 1 {
		t.Errorf("%s: headings %v (want one h1, first)", what, levels)
	}
}

// boardFEN reads the board in the page (the classes of its dark squares) as a FEN with the
// side to move taken from want (the page shows no side to move on the board itself).
func (b *browser) boardFEN(t *testing.T, turn string) string {
	t.Helper()
	var cells []map[string]string
	js := `Array.from(document.querySelectorAll('#board .sq.d')).map(e => ({sq: e.dataset.sq, cls: e.className}))`
	if err := chromedp.Run(b.ctx, chromedp.Evaluate(js, &cells)); err != nil {
		t.Fatal(err)
	}
	var w, bl, wk, bk []int
	for _, c := range cells {
		n, _ := strconv.Atoi(c["sq"])
		cls := " " + c["cls"] + " "
		switch {
		case strings.Contains(cls, " wm "):
			w = append(w, n)
		case strings.Contains(cls, " wk "):
			wk = append(wk, n)
		case strings.Contains(cls, " bm "):
			bl = append(bl, n)
		case strings.Contains(cls, " bk "):
			bk = append(bk, n)
		}
	}
	list := func(men, kings []int) string {
		sort.Ints(men)
		sort.Ints(kings)
		var parts []string
		for _, m := range men {
			parts = append(parts, strconv.Itoa(m))
		}
		for _, k := range kings {
			parts = append(parts, "K"+strconv.Itoa(k))
		}
		return strings.Join(parts, ",")
	}
	return turn + ":W" + list(w, wk) + ":B" + list(bl, bk)
}

// stepToEnd opens a game page, goes to the start, steps forward ply by ply (buttons and
// the arrow key) and returns the board read from the page.
func (b *browser) stepToEnd(t *testing.T, pageURL string, plies int, turn string) string {
	t.Helper()
	var ply string
	err := chromedp.Run(b.ctx,
		chromedp.Navigate("about:blank"), // a fresh document, also when pageURL is the one shown
		chromedp.Navigate(pageURL),
		chromedp.WaitVisible(`#board[data-viewer="on"]`, chromedp.ByQuery),
		chromedp.Click("#v-first", chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(b.ctx, chromedp.WaitReady(`#board[data-ply="0"]`, chromedp.ByQuery)); err != nil {
		chromedp.Run(b.ctx, chromedp.AttributeValue("#board", "data-ply", &ply, nil, chromedp.ByID))
		t.Fatalf("after Start the board shows ply %s", ply)
	}
	for i := 0; i < plies; i++ {
		var act chromedp.Action = chromedp.Click("#v-next", chromedp.ByID)
		if i%2 == 1 {
			act = chromedp.KeyEvent(kb.ArrowRight)
		}
		if err := chromedp.Run(b.ctx, act); err != nil {
			t.Fatal(err)
		}
	}
	// The page handles the events in its own time: wait until it shows the last ply.
	if err := chromedp.Run(b.ctx, chromedp.WaitReady(fmt.Sprintf(`#board[data-ply="%d"]`, plies), chromedp.ByQuery)); err != nil {
		chromedp.Run(b.ctx, chromedp.AttributeValue("#board", "data-ply", &ply, nil, chromedp.ByID))
		t.Errorf("%s: after %d steps the board shows ply %s", pageURL, plies, ply)
	}
	return b.boardFEN(t, turn)
}

// demoDB runs 'arbitro demo' into a new folder and, as the demo did before the arbiter
// corrected it, stores its miscopied score sheet again (tournament.MiscopyMove from ply 9
// on the board the demo names). It returns the database and that board.
func demoDB(t *testing.T) (string, int, int) {
	t.Helper()
	bin := arbitroBinary(t)
	dir := filepath.Join(t.TempDir(), "demo")
	out, err := exec.Command(bin, "demo", "--dir", dir, "--lang", "en").CombinedOutput()
	if err != nil {
		t.Fatalf("arbitro demo: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`miscopied move: round (\d+) board (\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the demo names no miscopied score:\n%s", out)
	}
	round, _ := strconv.Atoi(string(m[1]))
	board, _ := strconv.Atoi(string(m[2]))
	db := filepath.Join(dir, "arbitro.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = st.Update(context.Background(), func(tx *store.Tx) error {
		tr, err := tx.SelectTournament("Demo Italo-Swiss (simulated games)")
		if err != nil {
			return err
		}
		b, err := tx.BoardAt(tr, round, board, 1)
		if err != nil {
			return err
		}
		sg, err := tx.GameOf(b)
		if err != nil {
			return err
		}
		g, err := sg.Parse()
		if err != nil {
			return err
		}
		bad, _, err := tournament.MiscopyMove(g, rules.Italian, 9)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := rules.WritePDN(&buf, bad); err != nil {
			return err
		}
		_, err = tx.AddGame(tr, round, board, 1, bad, buf.String(), tournament.GameOptions{Replace: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return db, round, board
}

// finalOf replays the stored score of a page's game with the rules engine: the final FEN
// and the plies.
func finalOf(t *testing.T, pdnFile string, v *rules.Variant) (string, int) {
	t.Helper()
	data, err := os.ReadFile(pdnFile)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewPDNReader(bytes.NewReader(data)).Next()
	if err != nil {
		t.Fatal(err)
	}
	vd := rules.Replay(g, rules.ReplayOptions{Variant: v, ForceVariant: true})
	if !vd.Legal {
		t.Fatalf("%s: not legal: %s", pdnFile, vd.Message)
	}
	return vd.FinalFEN, vd.Plies
}

func TestBrowserPublishedDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	db, round, board := demoDB(t)
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true, Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	siteURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(out) + "/"}).String()
	b := newBrowser(t)

	// The archive index and the pages it links to open with no error.
	var links []string
	if err := chromedp.Run(b.ctx, chromedp.Navigate(siteURL+"index.html"),
		chromedp.Evaluate(`Array.from(document.querySelectorAll('main a')).map(a => a.href)`, &links)); err != nil {
		t.Fatal(err)
	}
	var nt int
	if err := st.View(context.Background(), func(tx *store.Tx) error {
		all, err := tx.Tournaments()
		nt = len(all)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(links) != nt || nt < 4 {
		t.Errorf("the archive index links %d tournaments, the demo's database has %d: %v", len(links), nt, links)
	}
	b.headingsInOrder(t, "index.html")
	played := 0 // tournaments whose round 1 was opened
	for _, l := range links {
		var more []string // a player page and a game page, linked from round 1
		// Each of these pages its tournament's page links (an event in groups, with no
		// round of its own, links none of them: its groups are tournaments of the index).
		var nav []string
		if err := chromedp.Run(b.ctx, chromedp.Navigate(l), chromedp.WaitVisible("main", chromedp.ByQuery),
			chromedp.Evaluate(`Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href'))`, &nav)); err != nil {
			t.Fatal(err)
		}
		b.headingsInOrder(t, l)
		for _, p := range []string{"standings.html", "crosstable.html", "round-1.html"} {
			if !slices.Contains(nav, p) {
				continue
			}
			if err := chromedp.Run(b.ctx, chromedp.Navigate(strings.TrimSuffix(l, "index.html")+p), chromedp.WaitVisible("main", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			b.headingsInOrder(t, l+" "+p)
			if p == "round-1.html" {
				played++
			}
		}
		if err := chromedp.Run(b.ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll('main a[href^="player-"], main a[href^="game-"]')).slice(0, 1).concat(Array.from(document.querySelectorAll('main a[href^="game-"]')).slice(0, 1)).map(a => a.href)`, &more)); err != nil {
			t.Fatal(err)
		}
		for _, p := range more {
			if err := chromedp.Run(b.ctx, chromedp.Navigate(p), chromedp.WaitVisible("main", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			b.headingsInOrder(t, p)
		}
	}
	if played < nt-1 {
		t.Errorf("round 1 opened in %d of the %d tournaments (only the event in groups has none)", played, nt)
	}

	// Step real games (Italian 2005, International 2007) to their end: the board in the page
	// is the engine's final position.
	for _, c := range []struct {
		dir string
		v   *rules.Variant
	}{{"1-69-assoluto-2005", rules.Italian}, {"2-world-championship-2007", rules.International}} {
		want, plies := finalOf(t, filepath.Join(out, c.dir, "game-1-1.pdn"), c.v)
		got := b.stepToEnd(t, siteURL+c.dir+"/game-1-1.html", plies, want[:1])
		if got != want {
			t.Errorf("%s game-1-1 after %d plies: the page shows %s, the engine's final FEN is %s", c.dir, plies, got, want)
		}
	}

	// The move list is clickable, and the board flips (the page handles a click in its own
	// time: wait for the effect).
	var fen string
	if err := chromedp.Run(b.ctx,
		chromedp.Click(`button.ply[data-ply="5"]`, chromedp.ByQuery),
		chromedp.WaitReady(`#board[data-ply="5"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`button.ply[data-ply="5"]`, "data-fen", &fen, nil, chromedp.ByQuery),
		chromedp.Click("#v-flip", chromedp.ByID),
		chromedp.WaitReady(`#board.flipped[data-ply="5"]`, chromedp.ByQuery),
		chromedp.WaitReady(`#v-flip[aria-pressed="true"]`, chromedp.ByQuery)); err != nil {
		t.Fatalf("clicking ply 5, then flip: %v", err)
	}
	if got := b.boardFEN(t, fen[:1]); got != fen {
		t.Errorf("after a click on ply 5 the board shows %s, the engine's position after ply 5 is %s", got, fen)
	}

	// The miscopied score: the illegal ply is marked and explained.
	gamePage := fmt.Sprintf("%s3-demo-italo-swiss-simulated-games/game-%d-%d.html", siteURL, round, board)
	var mark, verdict string
	if err := chromedp.Run(b.ctx, chromedp.Navigate(gamePage),
		chromedp.Text("#illegal-ply", &mark, chromedp.ByID),
		chromedp.Text("#illegal", &verdict, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(mark, "illegal") || !strings.Contains(verdict, "Illegal move at ply") {
		t.Errorf("the miscopied score is not marked: mark %q, verdict %q", mark, verdict)
	}
	b.check(t, siteURL)

	// The same from arbitro serve's handler.
	srv := httptest.NewServer(NewHandler(st, "en"))
	defer srv.Close()
	live := srv.URL + "/"
	want, plies := finalOf(t, filepath.Join(out, "2-world-championship-2007", "game-1-1.pdn"), rules.International)
	if got := b.stepToEnd(t, live+"2-world-championship-2007/game-1-1.html", plies, want[:1]); got != want {
		t.Errorf("served: the page shows %s, the engine's final FEN is %s", got, want)
	}
	mark = ""
	if err := chromedp.Run(b.ctx, chromedp.Navigate(strings.Replace(gamePage, siteURL, live, 1)),
		chromedp.Text("#illegal-ply", &mark, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(mark, "illegal") {
		t.Errorf("served: the miscopied score is not marked: %q", mark)
	}
	b.check(t, live)
}

func TestBrowserServeAndHostileNames(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	_, st, _ := newEvent(t, hostileNames)
	controlName(t, st)
	srv := httptest.NewServer(NewHandler(st, "en"))
	defer srv.Close()
	b := newBrowser(t)
	base := srv.URL + "/"
	pages := []string{"", "1-torneo-b-di-b-prova/", "1-torneo-b-di-b-prova/standings.html", "1-torneo-b-di-b-prova/crosstable.html",
		"1-torneo-b-di-b-prova/round-1.html", "1-torneo-b-di-b-prova/player-1.html", "1-torneo-b-di-b-prova/game-1-1.html"}
	for _, p := range pages {
		var imgs int
		var names []string
		if err := chromedp.Run(b.ctx, chromedp.Navigate(base+p), chromedp.WaitVisible("main", chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelectorAll('img, main script').length`, &imgs),
			chromedp.Evaluate(`Array.from(document.querySelectorAll('main a')).map(a => a.textContent)`, &names)); err != nil {
			t.Fatal(err)
		}
		if imgs != 0 {
			t.Errorf("%s: a player's name became an element (%d img or script elements)", p, imgs)
		}
		if p == "1-torneo-b-di-b-prova/" {
			joined := strings.Join(names, "|")
			for _, n := range hostileNames[:2] {
				if !strings.Contains(joined, n) {
					t.Errorf("the event page does not show the name %q as text: %s", n, joined)
				}
			}
		}
	}
	// The same page from disk, and the game stepped to its end from the live site.
	g, err := rules.NewPDNReader(strings.NewReader("1. 21-17 10-13 2. 17x10 5x14 *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	vd := rules.Replay(g, rules.ReplayOptions{Variant: rules.Italian})
	want, plies := vd.FinalFEN, vd.Plies
	if got := b.stepToEnd(t, base+"1-torneo-b-di-b-prova/game-1-1.html", plies, want[:1]); got != want {
		t.Errorf("served game after %d plies: %s, want %s", plies, got, want)
	}
	b.check(t, base)
}
