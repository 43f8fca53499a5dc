package site

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"arbitro/rules"
)

// sheetLayout is where the sheet page's board stands in the viewport (CSS pixels), with
// each dark square's size and whether a tap at its centre reaches it (nothing covers it).
type sheetLayout struct {
	PageW, ViewW, ViewH      float64
	Left, Right, Top, Bottom float64
	Squares                  []struct {
		Sq   string
		W, H float64
		Hit  bool
	}
}

// touch taps the element sel names at its centre, as a finger does (a touch start and
// end: the browser makes the click), after scrolling it into view.
func touch(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var at struct{ X, Y float64 }
	err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const el = document.querySelector(`+"`"+sel+"`"+`);
		el.scrollIntoView({block: "nearest"});
		const r = el.getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2};
	})()`, &at), chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: at.X, Y: at.Y}}).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	}))
	if err != nil {
		t.Fatalf("tap %s: %v", sel, err)
	}
}

// The sheet on a phone held upright (390x844 CSS pixels, a mobile viewport with touch),
// Italian 8x8 and International 10x10: the page does not scroll sideways, the whole board
// stands in the screen's width and height, every square is at least 24 CSS pixels a side
// (WCAG 2.2, 2.5.8 Target Size, minimum) and a tap at its centre reaches it; the game's
// first ply tapped with a finger (touch events) is written and reaches the hall.
func TestBrowserSheetPhonePortrait(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	for _, c := range []struct {
		name    string
		v       *rules.Variant
		pdn     string
		squares int
		hs      func(*testing.T) *hallServer
	}{
		{"italian", rules.Italian, "../rules/testdata/pdn/ita_campionato_italiano_assoluto_2005.pdn", 32, func(t *testing.T) *hallServer { return newHallServer(t) }},
		{"international", rules.International, "../rules/testdata/pdn/intl_dutch_championship_2009_round01_annotated.pdn", 50, newIntlHallServer},
	} {
		t.Run(c.name, func(t *testing.T) {
			orig := firstPDNGame(t, c.pdn)
			orig.Moves = orig.Moves[:1]
			taps, _ := sheetTaps(t, orig, c.v, false)
			hs := c.hs(t)
			b := newBrowser(t)
			base := hs.srv.URL
			board := 2 // board 1 of the Italian event has a game already
			if c.v == rules.International {
				board = 1
			}
			bd := hs.board(t, board)
			if err := chromedp.Run(b.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
				t.Fatal(err)
			}
			openSheet(t, b.ctx, base, board, "W", hs.pins[bd.WhiteEntry])
			var l sheetLayout
			err := chromedp.Run(b.ctx, chromedp.Evaluate(`(() => {
				const b = document.getElementById("sheet-board");
				b.scrollIntoView({block: "nearest"});
				const r = b.getBoundingClientRect();
				const squares = Array.from(b.querySelectorAll("[data-sq]")).map(el => {
					const q = el.getBoundingClientRect(), hit = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
					return {Sq: el.getAttribute("data-sq"), W: q.width, H: q.height, Hit: !!hit && (hit === el || el.contains(hit))};
				});
				return {PageW: document.documentElement.scrollWidth, ViewW: window.innerWidth, ViewH: window.innerHeight,
					Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom, Squares: squares};
			})()`, &l))
			if err != nil {
				t.Fatal(err)
			}
			if l.ViewW != 390 || l.PageW > l.ViewW {
				t.Errorf("the page is %.0f pixels wide in a %.0f-pixel screen: it scrolls sideways", l.PageW, l.ViewW)
			}
			if l.Left < 0 || l.Right > l.ViewW || l.Top < 0 || l.Bottom > l.ViewH {
				t.Errorf("the board stands at %.0f-%.0f x %.0f-%.0f in a %.0fx%.0f screen", l.Left, l.Right, l.Top, l.Bottom, l.ViewW, l.ViewH)
			}
			if len(l.Squares) != c.squares {
				t.Fatalf("%d squares, want %d", len(l.Squares), c.squares)
			}
			for _, q := range l.Squares {
				if q.W < 24 || q.H < 24 || !q.Hit {
					t.Errorf("square %s: %.1fx%.1f pixels, reached by a tap at its centre: %v", q.Sq, q.W, q.H, q.Hit)
				}
			}
			t.Logf("board %.0f pixels wide, squares %.1f pixels", l.Right-l.Left, l.Squares[0].W)
			for _, s := range taps[0] {
				touch(t, b.ctx, `#sheet-board [data-sq="`+s+`"]`)
			}
			touch(t, b.ctx, "#sheet-write")
			waitSynced(t, b.ctx, 1)
			var score string
			if err := chromedp.Run(b.ctx, chromedp.AttributeValue("#sheet-score", "data-score", &score, nil, chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			if want := strings.Join(taps[0], "-"); score != want {
				t.Errorf("the first ply tapped reads %q, want %q", score, want)
			}
			b.check(t, base)
		})
	}
}
