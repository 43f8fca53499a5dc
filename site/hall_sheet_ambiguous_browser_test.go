package site

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"arbitro/rules"
)

// ambiguousLine plays plies (each written with every landing square) from v's start and
// returns the taps of each (the piece, then every landing square), the position after
// them, and the two legal captures of that position that go from the same square to the
// same square taking different pieces (the test fails unless there are exactly two).
func ambiguousLine(t *testing.T, v *rules.Variant, plies []string) ([][]string, rules.Position, [2]rules.Move) {
	t.Helper()
	pos := v.Start()
	var taps [][]string
	for i, text := range plies {
		var found *rules.Move
		for _, m := range pos.LegalMoves() {
			if m.String() == text {
				found = &m
			}
		}
		if found == nil {
			t.Fatalf("ply %d %s: not a legal move", i+1, text)
		}
		tp := []string{strconv.Itoa(int(found.From))}
		for _, s := range found.Path {
			tp = append(tp, strconv.Itoa(int(s)))
		}
		taps = append(taps, tp)
		pos = pos.Play(*found)
	}
	var two []rules.Move
	ms := pos.LegalMoves()
	for i := range ms {
		for j := range ms {
			if i < j && ms[i].From == ms[j].From && ms[i].To == ms[j].To && !ms[i].SameAs(ms[j]) {
				two = append(two, ms[i], ms[j])
			}
		}
	}
	if len(two) != 2 {
		t.Fatalf("after %d plies: %d ambiguous captures, want one pair", len(plies), len(two))
	}
	return taps, pos, [2]rules.Move{two[0], two[1]}
}

// The page's question: the paths its buttons offer (empty when hidden) and the plies on
// the sheet.
func sheetQuestion(t *testing.T, ctx context.Context) ([]string, string) {
	t.Helper()
	var paths []string
	var plies string
	err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("sheet-which").hidden ? [] : Array.from(document.querySelectorAll("#sheet-which-paths button")).map(b => b.getAttribute("data-path"))`, &paths),
		chromedp.AttributeValue("#sheet-score", "data-plies", &plies, nil, chromedp.ByQuery))
	if err != nil {
		t.Fatal(err)
	}
	return paths, plies
}

// A capture whose first and last squares fit two captures taking different pieces, on
// the FID's board (a man: 11x18x27 or 11x20x27, Black's 8th ply) and on the FMJD's (a
// king: 4x13x24x15 or 4x18x29x15, White's 21st ply). Tapped by its first and last squares,
// the page writes nothing and asks which was played, offering both with every landing
// square; the one chosen is written so (PDN 3.0 and the federations' notation name the
// landing squares where from-to is ambiguous) and the page's board takes its pieces.
// Struck and tapped square by square, the other is written too. Both players confirm:
// the stored game names the path taken and replays legal to its position.
func TestBrowserSheetAmbiguousCapture(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	for _, c := range []struct {
		name  string
		v     *rules.Variant
		plies []string
		intl  bool
		// quiet: the two squares are on one diagonal with nothing between, so the king's
		// move between them is offered too (the page knows no rule that forbids it).
		quiet bool
	}{
		{"italian-man", rules.Italian, strings.Fields("22-19 11-15 27-22 15-20 24x15 7-11 19-14"), false, false},
		{"international-king", rules.International, strings.Fields("33-29 19-24 39-33 20-25 29x20 15x24 33-29 24x33 38x29 10-15 29-24 15-20 24x15 4-10 15x4 14-20 44-39 18-23 43-38 13-19"), true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			taps, before, two := ambiguousLine(t, c.v, c.plies)
			var hs *hallServer
			board := 2
			if c.intl {
				hs, board = newIntlHallServer(t), 1
			} else {
				hs = newHallServer(t)
			}
			b := newBrowser(t)
			base := hs.srv.URL
			bd := hs.board(t, board)
			white := b.ctx
			openSheet(t, white, base, board, "W", hs.pins[bd.WhiteEntry])
			for _, ply := range taps {
				tapPly(t, white, ply)
			}
			waitSynced(t, white, len(taps))
			n := strconv.Itoa(len(taps))
			from, to := strconv.Itoa(int(two[0].From)), strconv.Itoa(int(two[0].To))
			// First and last squares only: a question, nothing written.
			tapPly(t, white, []string{from, to})
			paths, plies := sheetQuestion(t, white)
			want := []string{two[0].String(), two[1].String()}
			offered := append([]string{}, want...)
			if c.quiet {
				offered = append(offered, from+"-"+to)
			}
			slices.Sort(offered)
			slices.Sort(paths)
			if strings.Join(paths, " ") != strings.Join(offered, " ") || plies != n {
				t.Fatalf("from %s to %s: the page offers %q with %s plies written; want %q and %s", from, to, paths, plies, offered, n)
			}
			checkPageBoard(t, white, c.v, before)
			// The second offered is chosen: written with every landing square.
			if err := chromedp.Run(white, chromedp.Click(`#sheet-which-paths button[data-path="`+want[1]+`"]`, chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitSynced(t, white, len(taps)+1)
			if paths, _ := sheetQuestion(t, white); len(paths) != 0 {
				t.Errorf("the question stays after the choice: %q", paths)
			}
			checkPageBoard(t, white, c.v, before.Play(two[1]))
			// Struck, and the first tapped square by square: written so, no question.
			if err := chromedp.Run(white, chromedp.Click("#sheet-strike", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitSynced(t, white, len(taps))
			full := []string{from}
			for _, s := range two[0].Path {
				full = append(full, strconv.Itoa(int(s)))
			}
			tapPly(t, white, full)
			waitSynced(t, white, len(taps)+1)
			if paths, _ := sheetQuestion(t, white); len(paths) != 0 {
				t.Errorf("every landing square tapped, the page still asks: %q", paths)
			}
			checkPageBoard(t, white, c.v, before.Play(two[0]))
			var score string
			if err := chromedp.Run(white, chromedp.AttributeValue("#sheet-score", "data-score", &score, nil, chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			if wantScore := strings.Join(append(append([]string{}, c.plies...), want[0]), " "); score != wantScore {
				t.Errorf("the page's score %q, want %q", score, wantScore)
			}
			// Both confirm (Black kept no sheet): the stored game names the path taken.
			black, cancel2 := chromedp.NewContext(b.ctx)
			defer cancel2()
			openSheet(t, black, base, board, "B", hs.pins[bd.BlackEntry])
			for _, cf := range []struct {
				ctx  context.Context
				want string
			}{{white, "waiting"}, {black, "stored"}} {
				var status string
				err := chromedp.Run(cf.ctx, chromedp.Click(`#sheet-end input[name=result][value="1-1"]`, chromedp.ByQuery),
					chromedp.Click(`#sheet-end button`, chromedp.ByQuery), chromedp.WaitVisible("#sheet-end-msg", chromedp.ByQuery),
					chromedp.AttributeValue("#sheet-end-msg", "data-status", &status, nil, chromedp.ByQuery))
				if err != nil || status != cf.want {
					t.Fatalf("confirm: %q, want %q (%v)", status, cf.want, err)
				}
			}
			stored := storedGame(t, hs, board)
			var got []string
			for _, m := range stored.Moves {
				got = append(got, m.Text)
			}
			vd := rules.Replay(stored, rules.ReplayOptions{Variant: c.v, ForceVariant: true})
			final := before.Play(two[0])
			if got[len(got)-1] != want[0] || !vd.Legal || vd.Plies != len(taps)+1 || vd.FinalFEN != final.FEN() {
				t.Errorf("stored game %q: legal %v, %d plies, final %s (%s); want it to end %s in %s", got, vd.Legal, vd.Plies, vd.FinalFEN, vd.Message, want[0], final.FEN())
			}
			b.check(t, base)
		})
	}
}
