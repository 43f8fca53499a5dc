package site

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/tournament"
)

// The sheet page's protocol over HTTP: a ply is stored once however often it is sent;
// an entry out of order is answered with the one to send; a wrong PIN is refused (and
// counted: the sixth is limited) and logged; a request from another origin is refused;
// the arbiter's page of the sheets needs the login and shows the sheet.
func TestHallSheetProtocol(t *testing.T) {
	hs := newHallServer(t)
	b2 := hs.board(t, 2)
	path := "/hall/1/" + reports.HallSheetPath(1, 2, 1)
	send := func(f url.Values, h ...string) (int, sheetAnswer) {
		t.Helper()
		code, _, body := hs.do(t, "POST", path, f, h...)
		var a sheetAnswer
		if code != http.StatusTooManyRequests && !strings.HasPrefix(body, "cross-origin") {
			if err := json.Unmarshal([]byte(body), &a); err != nil {
				t.Fatalf("answer %d %q: %v", code, body, err)
			}
		}
		return code, a
	}
	ply := func(seq int, text, pin string) url.Values {
		return url.Values{"action": {"ply"}, "side": {"W"}, "pin": {pin}, "device": {"tab1"}, "seq": {strconv.Itoa(seq)}, "text": {text}}
	}
	pin := hs.pins[b2.WhiteEntry]
	if code, a := send(ply(1, "21-17", pin)); code != http.StatusOK || !a.OK || a.Already || a.Standing != 1 {
		t.Fatalf("ply 1: %d %+v", code, a)
	}
	if code, a := send(ply(1, "21-17", pin)); code != http.StatusOK || !a.OK || !a.Already || a.Seq != 1 {
		t.Errorf("ply 1 again: %d %+v", code, a)
	}
	if code, a := send(ply(3, "12-15", pin)); code != http.StatusConflict || a.Error != "order" || a.Expected != 2 {
		t.Errorf("ply 3 before 2: %d %+v", code, a)
	}
	if code, a := send(ply(2, "21", pin)); code != http.StatusBadRequest || a.Error != "invalid" {
		t.Errorf("no ply: %d %+v", code, a)
	}
	if code, _ := send(ply(2, "12-15", pin), "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
		t.Errorf("from another origin: %d", code)
	}
	for i := 0; i < MaxPINFailures; i++ {
		if code, a := send(ply(2, "12-15", "000000x")); code != http.StatusForbidden || a.Error != "pin" {
			t.Errorf("wrong PIN: %d %+v", code, a)
		}
	}
	if code, _ := send(ply(2, "12-15", pin)); code != http.StatusTooManyRequests {
		t.Errorf("after %d wrong PINs: %d", MaxPINFailures, code)
	}
	if !strings.Contains(hs.log.String(), "wrong PIN for the sheet of tournament 1 round 1 board 2 side W") {
		t.Errorf("log: %q", hs.log.String())
	}
	if code, _, _ := hs.do(t, "GET", "/hall/1/sheets", nil); code != http.StatusUnauthorized {
		t.Errorf("sheets without login: %d", code)
	}
	code, _, body := hs.do(t, "GET", "/hall/1/sheets", nil, "Cookie", hs.login(t))
	if code != http.StatusOK || !strings.Contains(body, "1. 21-17") || !strings.Contains(body, "Conteggio delle 40 mosse: 0 semimosse su 80") {
		t.Errorf("sheets: %d %s", code, body)
	}
}

// The spectators' delay: the games screen (and the kiosk) shows a sheet's plies only once
// they are older than the event's delay (15 minutes unless set), all of them once the game
// is over; the site's pages and data.json show the sheet as a live board under the same
// delay (checkSiteLive).
func TestHallGamesDelay(t *testing.T) {
	hs := newHallServer(t)
	b2 := hs.board(t, 2)
	path := "/hall/1/" + reports.HallSheetPath(1, 2, 1)
	for i, p := range []string{"21-17", "12-15", "23-19"} {
		f := url.Values{"action": {"ply"}, "side": {"W"}, "pin": {hs.pins[b2.WhiteEntry]}, "device": {"d"}, "seq": {strconv.Itoa(i + 1)}, "text": {p}}
		if code, _, body := hs.do(t, "POST", path, f); code != http.StatusOK {
			t.Fatalf("ply %s: %d %s", p, code, body)
		}
	}
	screen := func() string {
		t.Helper()
		code, _, body := hs.do(t, "GET", "/hall/1/games", nil)
		if code != http.StatusOK {
			t.Fatalf("games: %d", code)
		}
		return body
	}
	if s := screen(); strings.Contains(s, "21-17") || !strings.Contains(s, "ritardo di 15 minuti") || !strings.Contains(s, "Tavolo 2") {
		t.Errorf("15 minutes: the screen shows %s", s)
	}
	if _, err := hs.st.SetSheetDelay(context.Background(), "", tournament.SheetDelay{Moves: 1}); err != nil {
		t.Fatal(err)
	}
	if s := screen(); !strings.Contains(s, "1. 21-17") || strings.Contains(s, "12-15") || strings.Contains(s, "23-19") {
		t.Errorf("1 move: the screen shows %s", s)
	}
	// The kiosk shows the games page too, under the same delay, and moves on to its first
	// screen.
	if code, _, s := hs.do(t, "GET", "/hall/1/games?kiosk=1", nil); code != http.StatusOK || !strings.Contains(s, "1. 21-17") ||
		strings.Contains(s, "12-15") || !strings.Contains(s, `data-next="/hall/1/boards?kiosk=1"`) || strings.Contains(s, "<nav") {
		t.Errorf("kiosk games, 1 move: %d %s", code, s)
	}
	checkSiteLive(t, hs, false)
	if _, err := hs.st.EnterResult(context.Background(), "", 1, 2, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	if s := screen(); !strings.Contains(s, "23-19") || !strings.Contains(s, "Partita finita") {
		t.Errorf("after the game: the screen shows %s", s)
	}
	checkSiteLive(t, hs, true)
}

// siteGet is page p of the site of hs's tournament (serve), failing unless 200.
func siteGet(t *testing.T, hs *hallServer, p string) string {
	t.Helper()
	code, _, body := hs.do(t, "GET", "/"+Slug(hs.t)+"/"+p, nil)
	if code != http.StatusOK {
		t.Fatalf("%s: %d", p, code)
	}
	return body
}

// checkSiteLive checks the site of TestHallGamesDelay's sheet (21-17 12-15 23-19 on board
// 2) under the delay of 1 move and then 15 minutes (the game on), or (over) in full.
func checkSiteLive(t *testing.T, hs *hallServer, over bool) {
	t.Helper()
	site := func(p string) string { t.Helper(); return siteGet(t, hs, p) }
	if over {
		// None after the game: the site shows the whole sheet too.
		if r := site("round-1.html"); !strings.Contains(r, "1. 21-17 12-15 2. 23-19") || !strings.Contains(r, "Partita finita") {
			t.Errorf("round page after the game:\n%s", r)
		}
		if d := site("data.json"); !strings.Contains(d, `"23-19"`) || !strings.Contains(d, `"over": true`) {
			t.Errorf("data.json after the game: %s", d)
		}
		return
	}
	// The site: every page and data.json show the sheet as a live board under the same
	// delay: the first move, not the last one.
	for _, p := range []string{"", "data.json", "round-1.html", "standings-1.html", "crosstable.html"} {
		if strings.Contains(site(p), "23-19") || strings.Contains(site(p), "12-15") {
			t.Errorf("%s: shows a move of the sheet younger than the delay", p)
		}
	}
	if r := site("round-1.html"); !strings.Contains(r, `<section class="live-game">`) || !strings.Contains(r, "1. 21-17") ||
		!strings.Contains(r, "senza le ultime 1 mosse") || !strings.Contains(r, `data-sq="17"><span class="n">17</span>`) {
		t.Errorf("round page without the live board of 1. 21-17:\n%s", r)
	}
	var data reports.SiteData
	if err := json.Unmarshal([]byte(site("data.json")), &data); err != nil {
		t.Fatal(err)
	}
	if l := data.Live; l == nil || l.Delay.Moves != 1 || len(l.Games) != 1 || l.Games[0].Board != 2 || strings.Join(l.Games[0].Plies, " ") != "21-17" ||
		l.Games[0].FEN != afterPlies(t, "21-17") || l.Games[0].Over {
		t.Errorf("data.json live: %+v", l)
	}
	// 15 minutes: the live board in the start position, no ply.
	if _, err := hs.st.SetSheetDelay(context.Background(), "", tournament.SheetDelay{Minutes: 15}); err != nil {
		t.Fatal(err)
	}
	if r := site("round-1.html"); !strings.Contains(r, `<section class="live-game">`) || strings.Contains(r, "21-17") || !strings.Contains(r, "ritardo di 15 minuti") {
		t.Errorf("round page under 15 minutes:\n%s", r)
	}
	if d := site("data.json"); strings.Contains(d, "21-17") || !strings.Contains(d, `"live"`) {
		t.Errorf("data.json under 15 minutes: %s", d)
	}
}

// The kiosk: the standings move on to the games page, which, while no game is kept on a
// sheet, sends the TV straight on to the first screen.
func TestHallGamesKiosk(t *testing.T) {
	hs := newHallServer(t)
	if code, loc, _ := hs.do(t, "GET", "/hall/1/games?kiosk=1", nil); code != http.StatusSeeOther || loc != "/hall/1/boards?kiosk=1" {
		t.Errorf("kiosk games without a sheet: %d %q", code, loc)
	}
	if code, _, body := hs.do(t, "GET", "/hall/1/games", nil); code != http.StatusOK || !strings.Contains(body, "Nessuna partita") {
		t.Errorf("games without a sheet, not in a kiosk: %d", code)
	}
	b2 := hs.board(t, 2)
	f := url.Values{"action": {"ply"}, "side": {"B"}, "pin": {hs.pins[b2.BlackEntry]}, "device": {"d"}, "seq": {"1"}, "text": {"21-17"}}
	if code, _, body := hs.do(t, "POST", "/hall/1/"+reports.HallSheetPath(1, 2, 1), f); code != http.StatusOK {
		t.Fatalf("ply: %d %s", code, body)
	}
	code, _, body := hs.do(t, "GET", "/hall/1/games?kiosk=1", nil)
	if code != http.StatusOK || !strings.Contains(body, "Tavolo 2") || strings.Contains(body, "21-17") || !strings.Contains(body, `class="hall kiosk"`) {
		t.Errorf("kiosk games with Black's sheet (15 minutes): %d %s", code, body)
	}
}

// The arbiter takes a sheet as the game from his page of the sheets: refused without the
// login, stored with it (and refused the second time: the board has its game).
func TestHallSheetAdopt(t *testing.T) {
	hs := newHallServer(t)
	b2 := hs.board(t, 2)
	path := "/hall/1/" + reports.HallSheetPath(1, 2, 1)
	for i, p := range []string{"21-17", "12-15"} {
		f := url.Values{"action": {"ply"}, "side": {"B"}, "pin": {hs.pins[b2.BlackEntry]}, "device": {"d"}, "seq": {strconv.Itoa(i + 1)}, "text": {p}}
		if code, _, body := hs.do(t, "POST", path, f); code != http.StatusOK {
			t.Fatalf("ply %s: %d %s", p, code, body)
		}
	}
	form := url.Values{"round": {"1"}, "board": {"2"}, "game": {"1"}, "side": {"B"}, "result": {"0-2"}}
	if code, _, _ := hs.do(t, "POST", "/hall/1/sheets", form); code != http.StatusUnauthorized || hs.board(t, 2).GameID != 0 {
		t.Errorf("without login: %d", code)
	}
	cookie := hs.login(t)
	code, _, body := hs.do(t, "GET", "/hall/1/sheets", nil, "Cookie", cookie)
	if code != http.StatusOK || !strings.Contains(body, `name="side" value="B"`) {
		t.Fatalf("sheets page without the form: %d %s", code, body)
	}
	if code, loc, _ := hs.do(t, "POST", "/hall/1/sheets", form, "Cookie", cookie); code != http.StatusSeeOther || !strings.Contains(loc, "msg=adopted") {
		t.Errorf("adopt: %d %s", code, loc)
	}
	if b := hs.board(t, 2); b.GameID == 0 || b.Result == nil || b.Result.BlackPoints != 2 {
		t.Errorf("board 2: %+v", b)
	}
	if _, loc, _ := hs.do(t, "POST", "/hall/1/sheets", form, "Cookie", cookie); !strings.Contains(loc, "msg=gameexists") {
		t.Errorf("again: %s", loc)
	}
	if _, _, body := hs.do(t, "GET", "/hall/1/sheets", nil, "Cookie", cookie); strings.Contains(body, `name="side"`) {
		t.Errorf("the form is still offered once the board has its game")
	}
}

// afterPlies is the FEN of the Italian position after plies (from-to, no capture) from the
// start.
func afterPlies(t *testing.T, plies ...string) string {
	t.Helper()
	pos, err := rules.StartPosition(&rules.Game{}, rules.Italian)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range plies {
		found := false
		for _, m := range pos.LegalMoves() {
			if strconv.Itoa(int(m.From))+"-"+strconv.Itoa(int(m.To)) == p {
				pos, found = pos.Play(m), true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no such legal move", p)
		}
	}
	return pos.FEN()
}
