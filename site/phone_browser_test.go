package site

import (
	"context"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arbitro/reports"
	"arbitro/store"
)

// TestBrowserPhoneAndDesktop opens the demo published in Italian (whose words are the
// longest) at a 390x844 phone and a 1280x800 desktop (issue 29, "pages on a phone"): no page scrolls sideways as a whole; a table
// wider than its box scrolls inside it and shows it (the box's edge shadows); on a player
// page every game link is on screen without scrolling sideways, his total and rank are
// shown, and each result is his (his points first: the points after the round grow by
// the first number); the board stays in view after a tap on the last move of a long game
// (scrolled to the bottom of the screen), and does not cover it; the draw-claims table
// fits the desktop page. With ARBITRO_SITE_SHOTS=DIR it saves a
// screenshot of each page and size there, to look at.
func TestBrowserPhoneAndDesktop(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	db, _, _ := demoDB(t)
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true, Lang: "it"}); err != nil {
		t.Fatal(err)
	}
	const ev = "3-demo-italo-swiss-simulated-games/"
	claimsPage := ""
	games, _ := filepath.Glob(filepath.Join(out, ev, "game-*.html"))
	for _, g := range games {
		if data, err := os.ReadFile(g); err == nil && strings.Contains(string(data), `id="claims-h"`) {
			claimsPage = filepath.Base(g)
		}
	}
	if claimsPage == "" {
		t.Fatal("no game page of the demo's Italo-Swiss has a draw claim")
	}
	base := (&url.URL{Scheme: "file", Path: filepath.ToSlash(out) + "/" + ev}).String()
	b := newBrowser(t)
	shots := os.Getenv("ARBITRO_SITE_SHOTS")
	for _, vp := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		opts := []chromedp.EmulateViewportOption{}
		if vp.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		if err := chromedp.Run(b.ctx, chromedp.EmulateViewport(vp.w, vp.h, opts...)); err != nil {
			t.Fatal(err)
		}
		var player string
		if err := chromedp.Run(b.ctx, chromedp.Navigate(base+"round-1.html"), chromedp.WaitVisible("main", chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('main a[href^="player-"]').getAttribute('href')`, &player)); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"index.html", "round-1.html", "standings.html", "crosstable.html", player, claimsPage} {
			var m struct {
				PageW, ViewW float64
				Hidden       []string // .scroll boxes that overflow without the shadows
			}
			if err := chromedp.Run(b.ctx, chromedp.Navigate(base+p), chromedp.WaitVisible("main", chromedp.ByQuery),
				chromedp.Evaluate(`({PageW: document.documentElement.scrollWidth, ViewW: window.innerWidth,
				  Hidden: Array.from(document.querySelectorAll('.scroll')).filter(s => s.scrollWidth > s.clientWidth + 1 &&
				    !getComputedStyle(s).backgroundImage.includes('gradient')).map(s => s.textContent.slice(0, 40))})`, &m)); err != nil {
				t.Fatal(err)
			}
			if m.PageW > m.ViewW {
				t.Errorf("%s %s: the page is %.0f px wide in a %.0f px window (it scrolls sideways)", vp.name, p, m.PageW, m.ViewW)
			}
			if len(m.Hidden) > 0 {
				t.Errorf("%s %s: tables scroll sideways with no cue: %q", vp.name, p, m.Hidden)
			}
			if shots != "" {
				var png []byte
				if err := chromedp.Run(b.ctx, chromedp.FullScreenshot(&png, 100)); err == nil {
					name := vp.name + "-" + strings.TrimSuffix(p, ".html") + ".png"
					if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
						t.Error(err)
					}
				}
			}
		}

		b.phonePlayerPage(t, vp.name, base, player)
		b.phoneGamePage(t, vp.name, vp.mobile, base, claimsPage)
	}
	b.check(t, "file://")
}

// pointsOf reads a points cell ("3", "2½", "½"); NaN when it is not one.
func pointsOf(s string) float64 {
	s = strings.TrimSpace(s)
	half := strings.HasSuffix(s, "½")
	s = strings.TrimSuffix(s, "½")
	v := 0.0
	if s != "" {
		n := 0
		for _, c := range s {
			if c < '0' || c > '9' {
				return math.NaN()
			}
			n = n*10 + int(c-'0')
		}
		v = float64(n)
	} else if !half {
		return math.NaN()
	}
	if half {
		v += .5
	}
	return v
}

// phonePlayerPage checks a player page at the browser's viewport (TestBrowserPhoneAndDesktop).
func (b *browser) phonePlayerPage(t *testing.T, name, base, player string) {
	t.Helper()
	// The player page: total, rank, game links on screen, results from his side.
	var pl struct {
		ViewW  float64
		Links  []float64 // right edge of each game link that is shown
		Facts  string
		Rows   [][]string // result, points after
		Colour []string
	}
	if err := chromedp.Run(b.ctx, chromedp.Navigate(base+player), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Evaluate(`({ViewW: window.innerWidth,
		  Links: Array.from(document.querySelectorAll('main td.res a[href^="game-"]')).map(a => a.getBoundingClientRect().right),
		  Facts: document.querySelector('dl.facts').textContent,
		  Rows: Array.from(document.querySelectorAll('main tbody tr')).map(r => [r.querySelector('td.res').textContent, r.querySelector('td.res').nextElementSibling.textContent]),
		  Colour: Array.from(document.querySelectorAll('main tbody tr')).map(r => r.children[2].textContent)})`, &pl)); err != nil {
		t.Fatal(err)
	}
	if len(pl.Links) == 0 {
		t.Errorf("%s %s: no game linked from the results", name, player)
	}
	for _, r := range pl.Links {
		if r > pl.ViewW {
			t.Errorf("%s %s: a game link ends at %.0f px, off a %.0f px screen", name, player, r, pl.ViewW)
		}
	}
	it := reports.LocaleOf("it")
	if !strings.Contains(pl.Facts, it.T("site.rank")) || !strings.Contains(pl.Facts, it.T("site.total.final")) {
		t.Errorf("%s %s: no total or rank in %q", name, player, pl.Facts)
	}
	prev := 0.0
	for i, r := range pl.Rows {
		after := pointsOf(r[1])
		if mine, _, ok := strings.Cut(r[0], "–"); ok && !strings.Contains(r[0], "(") {
			if got := pointsOf(mine); !math.IsNaN(after) && math.Abs(after-prev-got) > 1e-9 {
				t.Errorf("%s %s: round %d (%s) reads %q but his points went from %v to %v", name, player, i+1, pl.Colour[i], r[0], prev, after)
			}
		}
		prev = after
	}
}

// phoneGamePage checks the game page with a draw claim at the browser's viewport
// (TestBrowserPhoneAndDesktop).
func (b *browser) phoneGamePage(t *testing.T, name string, mobile bool, base, claimsPage string) {
	t.Helper()
	// The game page: the claims table within the page; on a phone, the board in view
	// after a tap on the last move.
	var g struct {
		ViewW, ViewH, Wider             float64
		Top, Bottom, WrapBottom, PlyTop float64
	}
	if err := chromedp.Run(b.ctx, chromedp.Navigate(base+claimsPage), chromedp.WaitVisible("#moves", chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const ps = document.querySelectorAll('button.ply'); ps[ps.length-1].scrollIntoView({block: 'end'}); ps[ps.length-1].click(); return true })()`, nil),
		chromedp.Evaluate(`({ViewW: window.innerWidth, ViewH: window.innerHeight,
		  Wider: (() => { const sc = document.querySelector('table.claims').parentElement; return sc.scrollWidth - sc.clientWidth })(),
		  Top: document.getElementById('board').getBoundingClientRect().top, Bottom: document.getElementById('board').getBoundingClientRect().bottom,
		  WrapBottom: document.querySelector('.board-wrap').getBoundingClientRect().bottom,
		  PlyTop: Array.from(document.querySelectorAll('button.ply')).pop().getBoundingClientRect().top})`, &g)); err != nil {
		t.Fatal(err)
	}
	if !mobile && g.Wider > 1 {
		t.Errorf("%s %s: the claims table is %.0f px wider than the page (it scrolls sideways)", name, claimsPage, g.Wider)
	}
	if g.Top < -1 || g.Bottom > g.ViewH+1 || g.PlyTop < g.WrapBottom-1 {
		t.Errorf("%s %s: after a tap on the last move the board is at %.0f-%.0f px of a %.0f px screen, the move at %.0f px",
			name, claimsPage, g.Top, g.Bottom, g.ViewH, g.PlyTop)
	}
}
