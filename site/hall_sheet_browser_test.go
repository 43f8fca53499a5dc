package site

import (
	"context"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"
)

// sheetTaps are the squares a player taps to write each ply of g (the piece, then every
// landing square, as the FID writes a capture: "2x30x11"), read from the rules engine's
// legal move that the written ply names. With asWritten, a capture is tapped as g writes
// it instead: a capture of several pieces written by its first and last squares only
// ("14x34" for 14x23x34, a partial path PDN allows where it is unambiguous) is tapped on
// those two squares (the test fails unless one legal move fits them).
func sheetTaps(t *testing.T, g *rules.Game, v *rules.Variant, asWritten bool) ([][]string, rules.Position) {
	t.Helper()
	pos, err := rules.StartPosition(g, v)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for i, w := range g.Moves {
		var fits []rules.Move
		for _, m := range pos.LegalMoves() {
			if int(m.From) == w.From && int(m.To) == w.To {
				fits = append(fits, m)
			}
		}
		if len(fits) == 0 {
			t.Fatalf("ply %d %s: no legal move", i+1, w.Text)
		}
		found := fits[0]
		taps := []string{strconv.Itoa(int(found.From))}
		if asWritten && len(w.Via) == 0 && len(found.Path) > 1 {
			if len(fits) != 1 {
				t.Fatalf("ply %d %s: %d captures fit", i+1, w.Text, len(fits))
			}
			taps = append(taps, strconv.Itoa(int(found.To)))
		} else {
			for _, s := range found.Path {
				taps = append(taps, strconv.Itoa(int(s)))
			}
		}
		out = append(out, taps)
		pos = pos.Play(found)
	}
	return out, pos
}

// quietPlies counts, by replaying g move by move, the plies since the last man move or
// capture: the 40-move count (FID) or the FMJD 25-move count (6.3) at g's end, read apart
// from the rules engine's draw tracker.
func quietPlies(t *testing.T, g *rules.Game, v *rules.Variant) int {
	t.Helper()
	pos, err := rules.StartPosition(g, v)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, w := range g.Moves {
		var found *rules.Move
		for _, m := range pos.LegalMoves() {
			if int(m.From) == w.From && int(m.To) == w.To {
				found = &m
				break
			}
		}
		if found == nil {
			t.Fatalf("ply %d %s: no legal move", i+1, w.Text)
		}
		n++
		if found.IsCapture() || pos.At(found.From).IsMan() {
			n = 0
		}
		pos = pos.Play(*found)
	}
	return n
}

// pageBoard is the position the sheet page's own board shows: square -> "wm", "wk", "bm"
// or "bk" (squares with no piece left out).
func pageBoard(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	var raw map[string]string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`Object.fromEntries(Array.from(document.querySelectorAll("#sheet-board [data-sq]")).map(el => [el.getAttribute("data-sq"), ["wm", "wk", "bm", "bk"].find(k => el.classList.contains(k)) || ""]).filter(e => e[1]))`, &raw)); err != nil {
		t.Fatal(err)
	}
	return raw
}

// checkPageBoard fails unless the sheet page's own board shows pos.
func checkPageBoard(t *testing.T, ctx context.Context, v *rules.Variant, pos rules.Position) {
	t.Helper()
	got := pageBoard(t, ctx)
	names := map[rules.Piece]string{rules.WhiteMan: "wm", rules.WhiteKing: "wk", rules.BlackMan: "bm", rules.BlackKing: "bk"}
	for sq := 1; sq <= v.Squares(); sq++ {
		k := strconv.Itoa(sq)
		if want := names[pos.At(rules.Square(sq))]; got[k] != want {
			t.Errorf("the page's board shows %q on square %d, the position %q", got[k], sq, want)
		}
	}
}

// openSheet opens the sheet of board board of round 1 as side with pin in tab ctx.
func openSheet(t *testing.T, ctx context.Context, base string, board int, side, pin string) {
	t.Helper()
	err := chromedp.Run(ctx, chromedp.Navigate(base+"/hall/1/"+reports.HallSheetPath(1, board, 1)), chromedp.WaitVisible("#sheet-who", chromedp.ByQuery),
		chromedp.Click(`#sheet-who input[name=side][value="`+side+`"]`, chromedp.ByQuery),
		chromedp.SendKeys(`#sheet-who input[name=pin]`, pin, chromedp.ByQuery),
		chromedp.Click(`#sheet-who button`, chromedp.ByQuery),
		chromedp.WaitVisible("#sheet-board", chromedp.ByQuery))
	if err != nil {
		t.Fatalf("open the sheet as %s: %v", side, err)
	}
}

// tapPly taps the squares of one ply and writes it.
func tapPly(t *testing.T, ctx context.Context, taps []string) {
	t.Helper()
	var acts []chromedp.Action
	for _, s := range taps {
		acts = append(acts, chromedp.Click(`#sheet-board [data-sq="`+s+`"]`, chromedp.ByQuery))
	}
	acts = append(acts, chromedp.Click("#sheet-write", chromedp.ByQuery))
	if err := chromedp.Run(ctx, acts...); err != nil {
		t.Fatalf("ply %v: %v", taps, err)
	}
}

// waitSynced waits until the page says its sheet is synchronised with plies plies standing.
func waitSynced(t *testing.T, ctx context.Context, plies int) {
	t.Helper()
	wait, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	cond := `document.getElementById("sheet-sync").getAttribute("data-state") === "synced" && document.getElementById("sheet-score").getAttribute("data-plies") === "` + strconv.Itoa(plies) + `"`
	// Polled on an interval, not on animation frames (Poll's default): Chromium runs no
	// frame in a tab that is not in front, and the two players' sheets are two tabs.
	if err := chromedp.Run(wait, chromedp.Poll(cond, nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		var state, n string
		chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("sheet-sync").textContent`, &state),
			chromedp.Evaluate(`document.getElementById("sheet-score").getAttribute("data-plies")`, &n))
		t.Fatalf("not synchronised with %d plies: %q, %s plies", plies, state, n)
	}
}

// The first game of the 2005 Italian championship, entered tap by tap on both players'
// sheets (two phones) and confirmed by both: the stored game (as 'game add' stores it, its
// log saying it came from the electronic sheet) replays to the original's final position,
// and the arbiter's page of the sheets shows both verdicts legal with the 40-move count.
func TestBrowserSheetWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	orig := firstPDNGame(t, "../rules/testdata/pdn/ita_campionato_italiano_assoluto_2005.pdn")
	taps, final := sheetTaps(t, orig, rules.Italian, false)
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	tab := func() context.Context {
		ctx, cancel := chromedp.NewContext(b.ctx)
		t.Cleanup(cancel)
		return ctx
	}
	b2 := hs.board(t, 2) // board 1 has a game already (newEvent)
	white, black := tab(), tab()
	openSheet(t, white, base, 2, "W", hs.pins[b2.WhiteEntry])
	openSheet(t, black, base, 2, "B", hs.pins[b2.BlackEntry])
	for _, ply := range taps {
		tapPly(t, white, ply)
		tapPly(t, black, ply)
	}
	waitSynced(t, white, len(taps))
	waitSynced(t, black, len(taps))
	confirm := func(ctx context.Context) string {
		var status string
		err := chromedp.Run(ctx, chromedp.Click(`#sheet-end input[name=result][value="2-0"]`, chromedp.ByQuery),
			chromedp.Click(`#sheet-end button`, chromedp.ByQuery),
			chromedp.WaitVisible("#sheet-end-msg", chromedp.ByQuery),
			chromedp.AttributeValue("#sheet-end-msg", "data-status", &status, nil, chromedp.ByQuery))
		if err != nil {
			t.Fatal(err)
		}
		return status
	}
	if s := confirm(white); s != "waiting" {
		t.Errorf("white confirms: %q", s)
	}
	if s := confirm(black); s != "stored" {
		t.Errorf("black confirms: %q", s)
	}
	bd := hs.board(t, 2)
	if bd.GameID == 0 || bd.Result == nil || bd.Result.WhitePoints != 2 {
		t.Fatalf("board 2 after the confirmations: %+v", bd)
	}
	stored := storedGame(t, hs, 2)
	vd := rules.Replay(stored, rules.ReplayOptions{Variant: rules.Italian, ForceVariant: true})
	if !vd.Legal || vd.Plies != len(orig.Moves) || vd.FinalFEN != final.FEN() {
		t.Errorf("stored game: legal %v, %d plies, final %s; the original's %d plies end in %s", vd.Legal, vd.Plies, vd.FinalFEN, len(orig.Moves), final.FEN())
	}
	evs, _, _ := hs.st.EventLog(context.Background(), "")
	if last := evs[len(evs)-1]; last.Action != "game.add" || !strings.Contains(string(last.After), tournament.SheetSource) {
		t.Errorf("last event %s %s", last.Action, last.After)
	}
	// The arbiter's page of the sheets: both legal, with the 40-move count.
	arb := b.ctx
	var verdicts, counts string
	err := chromedp.Run(arb, chromedp.Navigate(base+hs.hall.LoginLink()), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/sheets"), chromedp.WaitVisible(".sheet-panel", chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll(".sheet-panel .verdict.ok")).map(e => e.textContent).join("|")`, &verdicts),
		chromedp.Evaluate(`Array.from(document.querySelectorAll(".sheet-panel ul.counts")).map(e => e.textContent).join("|")`, &counts))
	if err != nil {
		t.Fatal(err)
	}
	// The 40-move count's value is that of the original's final position.
	_, c := rules.ReplayCounts(orig, rules.ReplayOptions{Variant: rules.Italian, ForceVariant: true})
	if q := quietPlies(t, orig, rules.Italian); c.Quiet != q || q == 0 {
		t.Fatalf("the original's 40-move count: %d by rules.ReplayCounts, %d by hand", c.Quiet, q)
	}
	loc := reports.LocaleOf(Lang(hs.t, ""))
	wantCounts := loc.T("hall.sheet.count40", "n", c.Quiet)
	if c.Occurrences >= 2 {
		wantCounts += loc.T("hall.sheet.occurrences", "n", c.Occurrences)
	}
	want := loc.T("hall.sheet.legal", "plies", len(orig.Moves))
	if verdicts != want+"|"+want || counts != wantCounts+"|"+wantCounts || want != "Regolare: "+strconv.Itoa(len(orig.Moves))+" semimosse" {
		t.Errorf("sheets page: verdicts %q, counts %q; want %q, %q", verdicts, counts, want, wantCounts)
	}
	b.check(t, base)
}

// An illegal move (22-18, a man's move to an empty square, where the capture 19x12 is
// compulsory): the player's page shows it as any other ply; the arbiter's page, open,
// flags it within 2 s with the rules engine's verdict in the event's words (ply 5, 22-18,
// a capture was compulsory), the legal moves there, and the ply in the score and the
// correction log. Struck and rewritten as 19x12, the player's page is the same page; the
// arbiter's shows the strike in the correction log, marked, and the score legal.
func TestBrowserSheetIllegal(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b1 := hs.board(t, 1)
	white, cancel0 := chromedp.NewContext(b.ctx)
	defer cancel0()
	arb := b.ctx
	if err := chromedp.Run(arb, chromedp.Navigate(base+hs.hall.LoginLink()), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/sheets"), chromedp.WaitVisible("main h1", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	openSheet(t, white, base, 1, "W", hs.pins[b1.WhiteEntry])
	// page is what the player sees, his board apart (its pieces), each ply made PLY and
	// each other number #; and whether the board shows anything but squares and pieces.
	page := func() string {
		var s string
		if err := chromedp.Run(white, chromedp.Evaluate(`(() => {
			const m = document.getElementById("main").cloneNode(true);
			const odd = Array.from(m.querySelectorAll("#sheet-board > *")).some(c => Array.from(c.classList).some(k => !["sq", "d", "l", "wm", "wk", "bm", "bk"].includes(k)) || c.textContent !== (c.getAttribute("data-sq") || ""));
			m.querySelector("#sheet-board").remove();
			return (odd ? "ODD " : "") + m.innerHTML.replace(/\d+(?:[-x]\d+)+/g, "PLY").replace(/\d+/g, "#");
		})()`, &s)); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, ply := range [][]string{{"21", "17"}, {"12", "15"}, {"23", "19"}, {"11", "14"}} {
		tapPly(t, white, ply)
	}
	waitSynced(t, white, 4)
	tapPly(t, white, []string{"22", "18"}) // a man's move to an empty square, while 19x12 is compulsory
	start := time.Now()
	waitSynced(t, white, 5)
	illegalPage := page()
	if strings.HasPrefix(illegalPage, "ODD") {
		t.Errorf("the board shows more than its pieces after the illegal ply")
	}
	wait, cancel2 := context.WithTimeout(arb, 5*time.Second)
	defer cancel2()
	var text string
	if err := chromedp.Run(wait, chromedp.WaitVisible(".sheet-panel .verdict.bad", chromedp.ByQuery),
		chromedp.Text(".sheet-panel", &text, chromedp.ByQuery)); err != nil {
		var main string
		chromedp.Run(arb, chromedp.Text("main", &main, chromedp.ByQuery))
		t.Fatalf("the console did not flag the illegal ply: %v; it shows %q", err, main)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("flagged %v after the ply", d)
	}
	// The flag: the rules engine's verdict on the score, in the event's words (the ply, its
	// text, the reason), the legal moves there, and the flagged ply in the sheet's score and
	// log.
	plies := []string{"21-17", "12-15", "23-19", "11-14", "22-18"}
	g, err := rules.ReadAllPDN(strings.NewReader(strings.Join(plies, " ") + " *"))
	if err != nil || len(g) != 1 {
		t.Fatalf("the score: %v", err)
	}
	vd := rules.Replay(g[0], rules.ReplayOptions{Variant: rules.Italian, ForceVariant: true})
	if vd.Legal || vd.Ply != 5 || vd.Reason != rules.ReasonCaptureCompulsory || strings.Join(vd.LegalMoves, " ") != "19x12" {
		t.Fatalf("the rules engine: legal %v, ply %d, %s, legal moves %v", vd.Legal, vd.Ply, vd.Reason, vd.LegalMoves)
	}
	loc := reports.LocaleOf(Lang(hs.t, ""))
	var flag struct{ Verdict, Legals, Score string }
	var logRows []string
	if err := chromedp.Run(arb, chromedp.Evaluate(`({Verdict: document.querySelector(".sheet-panel .verdict").textContent,
		Legals: document.querySelector(".sheet-panel .verdict + p").textContent,
		Score: document.querySelector(".sheet-panel .score").textContent})`, &flag),
		chromedp.Evaluate(`Array.from(document.querySelectorAll(".sheet-panel .sheet-log li")).map(e => e.firstChild.textContent.trim().split(" ").slice(1).join(" "))`, &logRows)); err != nil {
		t.Fatal(err)
	}
	wantVerdict := loc.T("site.verdict.illegal", "ply", 5, "move", "22-18", "reason", loc.T("site.reason."+rules.ReasonCaptureCompulsory))
	if flag.Verdict != wantVerdict || flag.Legals != loc.T("site.legal.moves")+": 19x12" || flag.Score != "1. 21-17 12-15 2. 23-19 11-14 3. 22-18" {
		t.Errorf("console: %+v; want %q", flag, wantVerdict)
	}
	if strings.Join(logRows, " ") != strings.Join(plies, " ") {
		t.Errorf("the correction log reads %q, want %q", logRows, plies)
	}
	// Struck and rewritten as the legal 19x12, the player's page is the same page.
	if err := chromedp.Run(white, chromedp.Click("#sheet-strike", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	tapPly(t, white, []string{"19", "12"})
	waitSynced(t, white, 5)
	if legalPage := page(); legalPage != illegalPage {
		t.Errorf("the page after the illegal ply differs from after the legal one:\n%s\n%s", illegalPage, legalPage)
	}
	// The console (updating by itself) keeps the struck ply in the correction log, marked,
	// and judges the score as it now stands.
	struck := loc.T("hall.sheet.struck", "ply", "22-18")
	wantLog := strings.Join(append(plies, struck, "19x12"), "|")
	wait2, cancel3 := context.WithTimeout(arb, 10*time.Second)
	defer cancel3()
	cond := `Array.from(document.querySelectorAll(".sheet-panel .sheet-log li")).map(e => e.firstChild.textContent.trim().split(" ").slice(1).join(" ") + (e.classList.contains("struck") ? "!" : "")).join("|") === ` +
		strconv.Quote(strings.Replace(wantLog, struck, struck+"!", 1)) +
		` && document.querySelector(".sheet-panel .verdict").textContent === ` + strconv.Quote(loc.T("hall.sheet.legal", "plies", 5))
	if err := chromedp.Run(wait2, chromedp.Poll(cond, nil, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		var got []string
		chromedp.Run(arb, chromedp.Evaluate(`Array.from(document.querySelectorAll(".sheet-panel .sheet-log li, .sheet-panel .verdict")).map(e => e.className + ":" + e.textContent)`, &got))
		t.Errorf("the console's correction log after the strike: %q; want %q", got, wantLog)
	}
	b.check(t, base)
}

// The hall's Wi-Fi drops for ten moves (Chromium's network emulation, offline): the page
// keeps them, says the sheet is not synchronised, and sends them when the network returns;
// the hall has every entry once, in order.
func TestBrowserSheetNetworkCut(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	game := firstPDNGame(t, "../rules/testdata/pdn/ita_campionato_italiano_assoluto_2005.pdn")
	taps, _ := sheetTaps(t, game, rules.Italian, false)
	taps = taps[:12]
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b2 := hs.board(t, 2)
	white := b.ctx
	openSheet(t, white, base, 2, "W", hs.pins[b2.WhiteEntry])
	for _, ply := range taps[:2] {
		tapPly(t, white, ply)
	}
	waitSynced(t, white, 2)
	if err := chromedp.Run(white, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	for _, ply := range taps[2:] {
		tapPly(t, white, ply)
	}
	var waiting string
	wait, cancel := context.WithTimeout(white, 10*time.Second)
	defer cancel()
	err := chromedp.Run(wait, chromedp.Poll(`document.getElementById("sheet-sync").getAttribute("data-state") === "offline"`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.AttributeValue("#sheet-sync", "data-waiting", &waiting, nil, chromedp.ByQuery))
	if err != nil || waiting != "10" {
		t.Fatalf("offline: %v, %s waiting", err, waiting)
	}
	entries := func() []tournament.SheetEntry {
		s, err := hs.st.ReadHallSheets(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, sb := range s.Boards {
			if sb.Board.Board == 2 && len(sb.Sheets) == 1 {
				return sb.Sheets[0].Entries
			}
		}
		return nil
	}
	if n := len(entries()); n != 2 {
		t.Errorf("the hall has %d entries while the network is cut, want 2", n)
	}
	if err := chromedp.Run(white, network.EmulateNetworkConditions(false, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	waitSynced(t, white, 12)
	es := entries()
	if len(es) != 12 {
		t.Fatalf("the hall has %d entries, want 12", len(es))
	}
	for i, e := range es {
		want := strings.Join(taps[i], "-")
		if len(taps[i]) > 2 || strings.Contains(game.Moves[i].Text, "x") {
			want = strings.Join(taps[i], "x")
		}
		if e.Seq != i+1 || e.Kind != tournament.SheetPly || e.Text != want || e.Device != es[0].Device {
			t.Errorf("entry %d: %+v, want seq %d %s", i+1, e, i+1, want)
		}
	}
	// The sends refused while the network was cut are the browser's only errors.
	b.mu.Lock()
	var rest []string
	for _, e := range b.errors {
		if !strings.Contains(e, "ERR_INTERNET_DISCONNECTED") {
			rest = append(rest, e)
		}
	}
	b.errors = rest
	b.mu.Unlock()
	b.check(t, base)
}

// newIntlHallServer is newHallServer for an International draughts round robin of four
// players, paired, no game stored.
func newIntlHallServer(t *testing.T) *hallServer {
	t.Helper()
	st, err := store.Open(t.TempDir() + "/intl.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tr := &tournament.Tournament{Name: "Toernooi", Variant: tournament.VariantInternational, System: tournament.RoundRobin,
		Rounds: 3, ByePoints: 2, ForfeitPoints: 2, Seed: 7}
	err = st.Update(context.Background(), func(tx *store.Tx) error {
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		for i, n := range []string{"Derkx, B.", "Meijer, Hein", "Baljakin, A.", "Schwarzman, A."} {
			if _, err := tx.AddPlayer(tr, tournament.Player{Name: n, Rating: 2300 + 10*i}); err != nil {
				return err
			}
		}
		if _, err := tx.DrawLot(tr, nil); err != nil {
			return err
		}
		_, err := tx.PairNext(tr, tournament.PairOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	pins, _, err := st.SetPINs(context.Background(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := &hallServer{st: st, t: tr, pins: map[int64]string{}, log: &syncBuffer{}}
	for _, p := range pins {
		hs.pins[p.Entry.ID] = p.PIN
	}
	hs.hall = NewHall(st, "", hs.log)
	hs.srv = httptest.NewServer(hs.hall.Handler(NewHandler(st, "")))
	t.Cleanup(func() { hs.hall.Close(); hs.srv.Close() })
	return hs
}

// An International game (the Dutch championship 2009, round 1, 117 plies) entered tap by
// tap on White's sheet of a 10x10 board, each capture as the original writes it: its
// three captures of two pieces by their first and last squares only ("14x34", a partial
// path PDN allows where it is unambiguous). The page writes them so and its own board
// follows the game to the original's final position; the arbiter's page shows it legal,
// with the FMJD counts' values of that position (rules.ReplayCounts). White confirms his
// sheet and Black, who kept none, confirms it too: the stored game replays to the
// original's final position.
func TestBrowserSheetInternational(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	orig := firstPDNGame(t, "../rules/testdata/pdn/intl_dutch_championship_2009_round01_annotated.pdn")
	taps, final := sheetTaps(t, orig, rules.International, true)
	partialAfter, written := partialCaptures(t, orig, rules.International, taps)
	if len(partialAfter) != 3 {
		t.Fatalf("%d captures of several pieces entered by two squares, want the original's 3", len(partialAfter))
	}
	hs := newIntlHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b1 := hs.board(t, 1)
	white, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	black, cancel2 := chromedp.NewContext(b.ctx)
	defer cancel2()
	openSheet(t, white, base, 1, "W", hs.pins[b1.WhiteEntry])
	for i, ply := range taps {
		tapPly(t, white, ply)
		if after, ok := partialAfter[i]; ok {
			checkPageBoard(t, white, rules.International, after)
		}
	}
	waitSynced(t, white, len(taps))
	var score string
	if err := chromedp.Run(white, chromedp.AttributeValue("#sheet-score", "data-score", &score, nil, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if score != strings.Join(written, " ") {
		t.Errorf("the page writes %q, the original %q", score, strings.Join(written, " "))
	}
	checkPageBoard(t, white, rules.International, final)
	s, err := hs.st.ReadHallSheets(context.Background(), "")
	if err != nil || len(s.Boards) != 1 {
		t.Fatalf("sheets %+v, %v", s, err)
	}
	sh := s.Boards[0].Sheets[0]
	if !sh.Verdict.Legal || sh.Verdict.Plies != len(orig.Moves) || sh.Final.FEN() != final.FEN() {
		t.Errorf("sheet: legal %v, %d plies (%s), final %s; the original ends in %s", sh.Verdict.Legal, sh.Verdict.Plies, sh.Verdict.Message, sh.Final.FEN(), final.FEN())
	}
	// The counts, as the arbiter reads them, are those of the original's final position.
	_, c := rules.ReplayCounts(orig, rules.ReplayOptions{Variant: rules.International, ForceVariant: true})
	if q := quietPlies(t, orig, rules.International); c.Quiet != q || q == 0 {
		t.Fatalf("the original's 25-move count: %d by rules.ReplayCounts, %d by hand", c.Quiet, q)
	}
	loc := reports.LocaleOf(Lang(hs.t, ""))
	wantCounts := fmjdCounts(loc, c)
	var verdict string
	var counts []string
	err = chromedp.Run(b.ctx, chromedp.Navigate(base+hs.hall.LoginLink()), chromedp.WaitVisible("main", chromedp.ByQuery),
		chromedp.Navigate(base+"/hall/1/sheets"), chromedp.WaitVisible(".sheet-panel", chromedp.ByQuery),
		chromedp.Text(".sheet-panel .verdict", &verdict, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll(".sheet-panel ul.counts li")).map(e => e.textContent)`, &counts))
	if err != nil {
		t.Fatal(err)
	}
	if want := loc.T("hall.sheet.legal", "plies", len(orig.Moves)); verdict != want || strings.Join(counts, "|") != strings.Join(wantCounts, "|") {
		t.Errorf("sheets page: %q, counts %q; want %q, %q", verdict, counts, want, wantCounts)
	}
	// The end: White confirms his sheet, Black confirms it too (he kept none).
	openSheet(t, black, base, 1, "B", hs.pins[b1.BlackEntry])
	for _, c := range []struct {
		ctx  context.Context
		want string
	}{{white, "waiting"}, {black, "stored"}} {
		var status string
		err := chromedp.Run(c.ctx, chromedp.Click(`#sheet-end input[name=result][value="2-0"]`, chromedp.ByQuery),
			chromedp.Click(`#sheet-end button`, chromedp.ByQuery), chromedp.WaitVisible("#sheet-end-msg", chromedp.ByQuery),
			chromedp.AttributeValue("#sheet-end-msg", "data-status", &status, nil, chromedp.ByQuery))
		if err != nil || status != c.want {
			t.Fatalf("confirm: %q, want %q (%v)", status, c.want, err)
		}
	}
	stored := storedGame(t, hs, 1)
	var got []string
	for _, m := range stored.Moves {
		got = append(got, m.Text)
	}
	vd := rules.Replay(stored, rules.ReplayOptions{Variant: rules.International, ForceVariant: true})
	if strings.Join(got, " ") != strings.Join(written, " ") || !vd.Legal || vd.Plies != len(orig.Moves) || vd.FinalFEN != final.FEN() {
		t.Errorf("stored game: legal %v, %d plies, final %s (%s); the original's %d plies end in %s", vd.Legal, vd.Plies, vd.FinalFEN, vd.Message, len(orig.Moves), final.FEN())
	}
	b.check(t, base)
}

// partialCaptures replays g as taps enters it (sheetTaps) and returns the position after
// each capture of several pieces entered by two squares (by the ply's index), and g's plies
// as written.
func partialCaptures(t *testing.T, g *rules.Game, v *rules.Variant, taps [][]string) (map[int]rules.Position, []string) {
	t.Helper()
	after := map[int]rules.Position{}
	var written []string
	pos, err := rules.StartPosition(g, v)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range g.Moves {
		written = append(written, w.Text)
		for _, m := range pos.LegalMoves() {
			if strconv.Itoa(int(m.From)) == taps[i][0] && strconv.Itoa(int(m.To)) == taps[i][len(taps[i])-1] {
				pos = pos.Play(m)
				if len(m.Captured) > 1 && len(taps[i]) == 2 {
					after[i] = pos
				}
				break
			}
		}
	}
	return after, written
}

// fmjdCounts are the lines of the FMJD counts c (25-move, 16- or 5-move, occurrences from
// two) as the arbiter's page of the sheets writes them in loc.
func fmjdCounts(loc *reports.Locale, c rules.DrawCounts) []string {
	out := []string{loc.T("hall.sheet.count25", "n", c.Quiet)}
	switch c.Class {
	case 16:
		out = append(out, loc.T("hall.sheet.count16", "n", c.ClassPlies))
	case 5:
		out = append(out, loc.T("hall.sheet.count5", "n", c.ClassPlies))
	}
	if c.Occurrences >= 2 {
		out = append(out, loc.T("hall.sheet.occurrences", "n", c.Occurrences))
	}
	return out
}

// storedGame is the game stored on board board of round 1 (read back from its PDN).
func storedGame(t *testing.T, hs *hallServer, board int) *rules.Game {
	t.Helper()
	bd := hs.board(t, board)
	var pdn string
	err := hs.st.View(context.Background(), func(tx *store.Tx) error {
		sg, err := tx.GameOf(bd)
		if sg != nil {
			pdn = sg.PDN
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.ReadAllPDN(strings.NewReader(pdn))
	if err != nil || len(games) != 1 {
		t.Fatalf("board %d: stored PDN %q: %v", board, pdn, err)
	}
	return games[0]
}

// One player keeps the sheet for both: his opponent's page shows the opponent's score,
// which he confirms; when the keeper confirms too, the game is stored.
func TestBrowserSheetOneKeeper(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	chromiumPath(t)
	hs := newHallServer(t)
	b := newBrowser(t)
	base := hs.srv.URL
	b2 := hs.board(t, 2)
	black, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	openSheet(t, b.ctx, base, 2, "W", hs.pins[b2.WhiteEntry])
	for _, ply := range [][]string{{"21", "17"}, {"12", "15"}} {
		tapPly(t, b.ctx, ply)
	}
	waitSynced(t, b.ctx, 2)
	openSheet(t, black, base, 2, "B", hs.pins[b2.BlackEntry])
	confirm := func(ctx context.Context) string {
		var status string
		err := chromedp.Run(ctx, chromedp.Click(`#sheet-end input[name=result][value="1-1"]`, chromedp.ByQuery),
			chromedp.Click(`#sheet-end button`, chromedp.ByQuery), chromedp.WaitVisible("#sheet-end-msg", chromedp.ByQuery),
			chromedp.AttributeValue("#sheet-end-msg", "data-status", &status, nil, chromedp.ByQuery))
		if err != nil {
			t.Fatal(err)
		}
		return status
	}
	var shown string
	if err := chromedp.Run(black, chromedp.WaitVisible("#sheet-opponent", chromedp.ByQuery), chromedp.Text("#sheet-opponent-score", &shown, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if shown != "1. 21-17 12-15" {
		t.Errorf("black's page shows the opponent's score %q", shown)
	}
	if s := confirm(black); s != "waiting" {
		t.Errorf("black confirms: %q", s)
	}
	if s := confirm(b.ctx); s != "stored" {
		t.Errorf("white confirms: %q", s)
	}
	if bd := hs.board(t, 2); bd.GameID == 0 || bd.Result == nil || bd.Result.WhitePoints != 1 {
		t.Errorf("board 2: %+v", bd)
	}
	b.check(t, base)
}

// firstPDNGame reads the first game of the PDN file at path (a test fixture of the
// repository), failing the test when it cannot.
func firstPDNGame(t *testing.T, path string) *rules.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := rules.ReadAllPDN(f)
	if err != nil || len(games) == 0 {
		t.Fatalf("read %s: %d games, %v", path, len(games), err)
	}
	return games[0]
}
