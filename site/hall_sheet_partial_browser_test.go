package site

import (
	"context"
	"os"
	"strings"
	"testing"

	"arbitro/rules"
)

// The fifth game of the 2005 Italian championship, to its 34th ply, entered as its score
// writes it: White's capture of two men and Black's of three written by their first and
// last squares ("28x12" for 28x19x12, "6x29" for 6x13x22x29), as the FID's score sheets
// do; before the fix the page wrote "28-12" and took nothing. The page writes
// each as written and its own board takes the men those captures take (men capture
// forwards only on the FID's board); the hall's sheet replays legal to the original's
// position.
func TestBrowserSheetItalianPartialCaptures(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	f, err := os.Open("../rules/testdata/pdn/ita_campionato_italiano_assoluto_2005.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.ReadAllPDN(f)
	f.Close()
	if err != nil || len(games) < 5 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	orig := games[4]
	orig.Moves = orig.Moves[:34]
	taps, final := sheetTaps(t, orig, rules.Italian, true)
	partialAfter, written := partialCaptures(t, orig, rules.Italian, taps)
	if len(partialAfter) != 2 {
		t.Fatalf("%d captures of several men entered by two squares, want 2", len(partialAfter))
	}
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b2 := hs.board(t, 2)
	openSheet(t, b.ctx, base, 2, "W", hs.pins[b2.WhiteEntry])
	for i, ply := range taps {
		tapPly(t, b.ctx, ply)
		if after, ok := partialAfter[i]; ok {
			checkPageBoard(t, b.ctx, rules.Italian, after)
		}
	}
	waitSynced(t, b.ctx, len(taps))
	checkPageBoard(t, b.ctx, rules.Italian, final)
	s, err := hs.st.ReadHallSheets(context.Background(), "")
	if err != nil || len(s.Boards) != 1 || len(s.Boards[0].Sheets) != 1 {
		t.Fatalf("sheets %+v, %v", s, err)
	}
	sh := s.Boards[0].Sheets[0]
	var got []string
	for _, e := range sh.Standing {
		got = append(got, e.Text)
	}
	if strings.Join(got, " ") != strings.Join(written, " ") || !sh.Verdict.Legal || sh.Verdict.Plies != len(orig.Moves) || sh.Final.FEN() != final.FEN() {
		t.Errorf("the sheet: %q, legal %v, %d plies, final %s; want %q ending in %s", got, sh.Verdict.Legal, sh.Verdict.Plies, sh.Final.FEN(), written, final.FEN())
	}
	b.check(t, base)
}
