package site

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arbitro/rules"
)

// squareCentres reads where each dark square of the sheet's board stands on the screen,
// relative to the board's top left corner, and which piece it shows ("" none): square
// number -> {x, y, piece}.
func squareCentres(t *testing.T, ctx context.Context) map[string]struct {
	X, Y  float64
	Piece string
} {
	t.Helper()
	var raw string
	err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
		const b = document.getElementById("sheet-board").getBoundingClientRect(), out = {};
		document.querySelectorAll("#sheet-board [data-sq]").forEach(el => {
			const r = el.getBoundingClientRect();
			const p = ["wm", "wk", "bm", "bk"].find(k => el.classList.contains(k)) || "";
			out[el.getAttribute("data-sq")] = {X: (r.left + r.width / 2 - b.left) / b.width, Y: (r.top + r.height / 2 - b.top) / b.height, Piece: p};
		});
		return JSON.stringify(out);
	})()`, &raw))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]struct {
		X, Y  float64
		Piece string
	}{}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkFlipped fails unless Black's board is White's turned round (every square at the
// place symmetric through the centre, with its own number) with Black's men at the bottom.
func checkFlipped(t *testing.T, white, black context.Context, squares int) {
	t.Helper()
	w, b := squareCentres(t, white), squareCentres(t, black)
	if len(w) != squares || len(b) != squares {
		t.Fatalf("%d and %d squares, want %d", len(w), len(b), squares)
	}
	for sq, p := range w {
		q := b[sq]
		if math.Abs(q.X-(1-p.X)) > 0.01 || math.Abs(q.Y-(1-p.Y)) > 0.01 {
			t.Errorf("square %s: at (%.2f, %.2f) for White, (%.2f, %.2f) for Black: not turned round", sq, p.X, p.Y, q.X, q.Y)
		}
		switch {
		case p.Piece == "wm" && p.Y < 0.5, p.Piece == "bm" && p.Y > 0.5:
			t.Errorf("square %s: %s on White's side %.2f", sq, p.Piece, p.Y)
		case q.Piece == "bm" && q.Y < 0.5, q.Piece == "wm" && q.Y > 0.5:
			t.Errorf("square %s: %s on Black's side %.2f", sq, q.Piece, q.Y)
		}
	}
}

// The player who keeps the sheet as Black sees the board from his side: each square where
// White sees the square symmetric through the centre, with its number, Black's men at the
// bottom. Tapped on that board (the clicks land on the squares where the screen shows
// them), the first 12 plies of the 2005 Italian championship's first game, kept by Black
// for both and confirmed by both players, are stored as the game: its PDN holds the
// original's plies and replays to the same position.
func TestBrowserSheetBlackFlipped(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	orig := firstPDNGame(t, "../rules/testdata/pdn/ita_campionato_italiano_assoluto_2005.pdn")
	orig.Moves = orig.Moves[:12]
	taps, final := sheetTaps(t, orig, rules.Italian, false)
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b2 := hs.board(t, 2)
	black, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	white := b.ctx
	openSheet(t, white, base, 2, "W", hs.pins[b2.WhiteEntry])
	openSheet(t, black, base, 2, "B", hs.pins[b2.BlackEntry])
	checkFlipped(t, white, black, 32)
	for _, ply := range taps {
		tapPly(t, black, ply)
	}
	waitSynced(t, black, len(taps))
	var score string
	if err := chromedp.Run(black, chromedp.AttributeValue("#sheet-score", "data-score", &score, nil, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range orig.Moves {
		want = append(want, m.Text)
	}
	if score != strings.Join(want, " ") {
		t.Errorf("Black's sheet reads %q, want %q", score, strings.Join(want, " "))
	}
	// White keeps no sheet: he confirms the one Black kept (his page shows it).
	for _, c := range []struct {
		ctx  context.Context
		want string
	}{{white, "waiting"}, {black, "stored"}} {
		var status string
		err := chromedp.Run(c.ctx, chromedp.Click(`#sheet-end input[name=result][value="1-1"]`, chromedp.ByQuery),
			chromedp.Click(`#sheet-end button`, chromedp.ByQuery), chromedp.WaitVisible("#sheet-end-msg", chromedp.ByQuery),
			chromedp.AttributeValue("#sheet-end-msg", "data-status", &status, nil, chromedp.ByQuery))
		if err != nil || status != c.want {
			t.Fatalf("confirm: %q, want %q (%v)", status, c.want, err)
		}
	}
	stored := storedGame(t, hs, 2)
	var got []string
	for _, m := range stored.Moves {
		got = append(got, m.Text)
	}
	vd := rules.Replay(stored, rules.ReplayOptions{Variant: rules.Italian, ForceVariant: true})
	if strings.Join(got, " ") != strings.Join(want, " ") || !vd.Legal || vd.FinalFEN != final.FEN() {
		t.Errorf("stored game %q (legal %v, final %s), want %q ending in %s", got, vd.Legal, vd.FinalFEN, want, final.FEN())
	}
	b.check(t, base)
}

// The International board (FMJD, 10x10) is turned round for Black too, and the plies he
// taps on it are the squares the hall stores.
func TestBrowserSheetBlackFlippedInternational(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	orig := firstPDNGame(t, "../rules/testdata/pdn/intl_dutch_championship_2009_round01_annotated.pdn")
	orig.Moves = orig.Moves[:10]
	taps, final := sheetTaps(t, orig, rules.International, false)
	hs := newIntlHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b1 := hs.board(t, 1)
	black, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	openSheet(t, b.ctx, base, 1, "W", hs.pins[b1.WhiteEntry])
	openSheet(t, black, base, 1, "B", hs.pins[b1.BlackEntry])
	checkFlipped(t, b.ctx, black, 50)
	for _, ply := range taps {
		tapPly(t, black, ply)
	}
	waitSynced(t, black, len(taps))
	s, err := hs.st.ReadHallSheets(context.Background(), "")
	if err != nil || len(s.Boards) != 1 || len(s.Boards[0].Sheets) != 1 {
		t.Fatalf("sheets %+v, %v", s, err)
	}
	sh := s.Boards[0].Sheets[0]
	if sh.Side != 'B' || !sh.Verdict.Legal || sh.Verdict.Plies != len(taps) || sh.Final.FEN() != final.FEN() {
		t.Errorf("Black's sheet: side %c, legal %v, %d plies, final %s; want %s", sh.Side, sh.Verdict.Legal, sh.Verdict.Plies, sh.Final.FEN(), final.FEN())
	}
	b.check(t, base)
}
