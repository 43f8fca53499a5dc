package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbitro/tournament"
)

// The hall's pages (arbitro serve --hall, issue 30; docs/hall.md): the screens (the
// current round's pairings by board and by name, the last results, the standings), a
// board's entry page, the arbiter's console. Absolute paths under /hall/: the hall is
// served, never published.

// HallContentSecurityPolicy is the policy of the hall's pages, sent as a header: the
// published site's (ContentSecurityPolicy) with two doors opened to the hall's own
// origin, its event stream and page reads (connect-src 'self') and its forms
// (form-action 'self'); still no inline script or style, and no framing.
const HallContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// HallScreens are the names of the hall's screens, in the order a kiosk shows them.
var HallScreens = []string{"boards", "names", "results", "standings"}

// HallKiosk are the pages a kiosk shows in turn (?kiosk=1, 20 s each): the screens, then
// the games kept on score sheets under the event's spectator delay (WriteHallGames; the
// hall skips that page while the round has none).
var HallKiosk = append(append([]string(nil), HallScreens...), "games")

// HallOptions place a page of the hall.
type HallOptions struct {
	Lang  Lang   // the tournament's language
	Base  string // the event's folder in the hall: "/hall/3/"
	Kiosk bool   // a screen shown on a TV: no menu, bigger type, moves on to the next screen
	// PublishDir is the folder the console's Publish writes the site into (serve --hall
	// --publish DIR); "" the console offers the site as a download.
	PublishDir string
}

// HallMessage is the line a page of the hall opens with after a form was sent: Key a
// catalog key (hall.msg.*), Args its placeholders, Bad for a refusal.
type HallMessage struct {
	Key  string
	Args []any
	Bad  bool
}

type hallPage struct {
	Lang     Lang
	Title    string
	Subtitle string
	Event    string
	Home     string
	Nav      []navItem
	Events   string // the event stream's URL: the page updates by itself
	Next     string // kiosk: the next screen's URL
	Kiosk    bool
	Clock    string    // when the round starts: "Start: 21/11/2026 15:30"
	Ends     *roundEnd // when it ends at the latest, under the time control; nil unknown
	Script   string    // a page's own script besides hall.js ("": none)
	Every    int       // > 0: the page is read again every Every seconds too (hall.js)
	Msg      *hallMsg
	Body     any
	loc      *Locale
}

type hallMsg struct {
	Text string
	Bad  bool
}

// T returns the catalog message key in the page's language (Locale.T).
func (p *hallPage) T(key string, args ...any) string { return p.loc.T(key, args...) }

var (
	// the hall's templates, in htmlFS under html/hall/, parsed on first use
	hallTemplates     = map[string]*template.Template{}
	hallTemplatesOnce sync.Once
)

func parseHallTemplates() {
	base := template.Must(template.New("layout.tmpl").ParseFS(htmlFS, "html/hall/layout.tmpl", "html/hall/tools.tmpl"))
	for _, name := range []string{"list", "message", "home", "screen", "board", "console", "checkin", "login", "sheet", "sheets", "games", "explain", "log"} {
		hallTemplates[name] = template.Must(template.Must(base.Clone()).ParseFS(htmlFS, "html/hall/"+name+".tmpl"))
	}
}

func renderHall(w io.Writer, name string, p *hallPage) error {
	hallTemplatesOnce.Do(parseHallTemplates)
	var buf bytes.Buffer
	if err := hallTemplates[name].Execute(&buf, p); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// HallAssets returns the hall's own files (hall.js, hall.css), served under
// /hall/assets/; the site's assets (site.css, favicon.svg) are served by the site.
func HallAssets() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(htmlFS, "html/hall/assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := htmlFS.ReadFile(path)
		out[strings.TrimPrefix(path, "html/hall/assets/")] = b
		return err
	})
	return out, err
}

func (m *HallMessage) text(loc *Locale) *hallMsg {
	if m == nil || m.Key == "" {
		return nil
	}
	return &hallMsg{Text: loc.T(m.Key, m.Args...), Bad: m.Bad}
}

// WriteHallList writes the hall's first page: a link to the hall of each tournament
// (href(t) its folder), in lang.
func WriteHallList(w io.Writer, all []tournament.Tournament, href func(*tournament.Tournament) string, lang Lang) error {
	loc := LocaleOf(lang)
	p := &hallPage{Lang: loc.Lang(), loc: loc, Home: "/hall/"}
	p.Title, p.Event = p.T("hall.title"), p.T("hall.title")
	var links []navItem
	for i := range all {
		links = append(links, navItem{Href: href(&all[i]), Text: clean(all[i].Name)})
	}
	p.Body = links
	return renderHall(w, "list", p)
}

// WriteHallMessage writes a page that says one thing (HallMessage m as its title): a
// login refused, a console that needs the login, in lang.
func WriteHallMessage(w io.Writer, m HallMessage, lang Lang) error {
	loc := LocaleOf(lang)
	p := &hallPage{Lang: loc.Lang(), loc: loc, Home: "/hall/", Event: loc.T("hall.title")}
	p.Title = loc.T(m.Key, m.Args...)
	return renderHall(w, "message", p)
}

// WriteHallLogin writes the arbiter's login page: his password (arbitro hall password);
// msg, when not nil, says why the last try failed. In lang.
func WriteHallLogin(w io.Writer, msg *HallMessage, lang Lang) error {
	loc := LocaleOf(lang)
	p := &hallPage{Lang: loc.Lang(), loc: loc, Home: "/hall/", Event: loc.T("hall.title"), Subtitle: loc.T("hall.console")}
	p.Title = p.Subtitle
	p.Msg = msg.text(loc)
	return renderHall(w, "login", p)
}

// hallPage starts a page of the event's hall with its menu (current: the page's name).
func (h *HTMLEvent) hallPage(o HallOptions, current, subtitle string, msg *HallMessage) *hallPage {
	p := &hallPage{Lang: h.loc.Lang(), loc: h.loc, Event: clean(h.ev.Tournament.Name), Home: o.Base, Kiosk: o.Kiosk, Subtitle: subtitle}
	p.Title = subtitle + " — " + p.Event
	p.Msg = msg.text(h.loc)
	if o.Kiosk {
		return p
	}
	for _, n := range []struct{ name, key string }{
		{"", "hall.enter"}, {"boards", "hall.boards"}, {"names", "hall.names"}, {"results", "hall.results"},
		{"standings", "site.standings"}, {"checkin", "hall.checkin"}, {"console", "hall.console"},
	} {
		p.Nav = append(p.Nav, navItem{Href: o.Base + n.name, Text: p.T(n.key), Current: n.name == current})
	}
	return p
}

// roundClock says when the current round starts, "" when no date or time is set.
func (h *HTMLEvent) roundClock() string {
	sc, ok := h.ev.Schedule[h.last]
	if !ok || h.last == 0 {
		return ""
	}
	when := sc.Time
	if sc.Date != "" {
		when = strings.TrimSpace(h.loc.DateText(sc.Date) + " " + sc.Time)
	}
	return h.loc.T("hall.start", "when", when)
}

// roundEnd is the round clock's end (issue 30): when the current round's start time is
// set and the tournament's time control reads as a base time and an increment
// (tournament.ParseTimeControl), the round ends at the latest start +
// TimeControl.RoundMinutes; the page says when, and hall.js counts the time left down
// every second in the browser's clock (data-date, data-time, data-minutes: the start as
// stored, in the hall's local time, and the length). nil otherwise.
type roundEnd struct {
	Text           string // "Ends at the latest: 19:30 (90 min + 30 s a move)"
	Date, Time     string // the start: YYYY-MM-DD ("" today), HH:MM
	Minutes        int
	LeftText, Over string // "time left", "time is up": hall.js's words
}

func (h *HTMLEvent) roundEnd() *roundEnd {
	sc, ok := h.ev.Schedule[h.last]
	tc, known := tournament.ParseTimeControl(h.ev.Tournament.TimeControl)
	if !ok || h.last == 0 || len(sc.Time) != 5 || !known {
		return nil
	}
	hh, _ := strconv.Atoi(sc.Time[:2])
	mm, _ := strconv.Atoi(sc.Time[3:])
	m := tc.RoundMinutes()
	end := (hh*60 + mm + m) % (24 * 60)
	when := fmt.Sprintf("%02d:%02d", end/60, end%60)
	return &roundEnd{Text: h.loc.T("hall.ends", "when", when, "control", clean(h.ev.Tournament.TimeControl)), Date: sc.Date, Time: sc.Time,
		Minutes: m, LeftText: h.loc.T("hall.left"), Over: h.loc.T("hall.over")}
}

// HallRound is the round the hall shows: the last one paired (0 before the first).
func (h *HTMLEvent) HallRound() int { return h.last }

type hallBoardLink struct {
	Href, Board, White, Black, Result string
}

type hallHome struct {
	Screens []navItem
	Boards  []hallBoardLink
	Groups  []hallGroupLink // an event with groups: each group's hall
}

// WriteHallHome writes the event's hall page: its screens (and a kiosk of them) and the
// boards of the current round, each a link to its entry page (HallBoardPath).
func (h *HTMLEvent) WriteHallHome(w io.Writer, o HallOptions) error {
	sub := h.loc.T("hall.title")
	if h.last > 0 {
		sub = h.loc.T("site.round.n", "round", h.last)
	}
	p := h.hallPage(o, "", sub, nil)
	p.Clock, p.Ends = h.roundClock(), h.roundEnd()
	body := &hallHome{Groups: h.groupLinks()}
	for _, s := range HallScreens {
		body.Screens = append(body.Screens, navItem{Href: o.Base + s, Text: p.T(hallScreenKey(s))})
	}
	body.Screens = append(body.Screens, navItem{Href: o.Base + HallScreens[0] + "?kiosk=1", Text: p.T("hall.kiosk")},
		navItem{Href: o.Base + "games", Text: p.T("hall.games")})
	if h.last > 0 {
		pd := &pageData{loc: h.loc}
		for _, b := range h.byRound[h.last-1] {
			if b.Bye() {
				continue
			}
			row := h.boardRow(pd, b)
			l := hallBoardLink{Href: o.Base + HallBoardPath(b.Round, b.Board, b.Game), Board: row.Board, White: row.White, Black: row.Black}
			if b.Result != nil {
				l.Result = row.Result
			}
			body.Boards = append(body.Boards, l)
		}
	}
	p.Body = body
	return renderHall(w, "home", p)
}

// HallBoardPath is the entry page of a board, relative to the event's hall folder:
// "board?round=3&board=7&game=1".
func HallBoardPath(round, board, game int) string {
	return "board?" + url.Values{"round": {strconv.Itoa(round)}, "board": {strconv.Itoa(board)}, "game": {strconv.Itoa(game)}}.Encode()
}

func hallScreenKey(s string) string {
	if s == "standings" {
		return "site.standings"
	}
	return "hall." + s
}

type screenBody struct {
	Class string
	Empty string
	Head  []headCell
	Rows  [][]cell
}

// WriteHallScreen writes screen name (one of HallScreens) of the current round, live
// (its page reads events, the event stream's URL, on each change) and, with o.Kiosk,
// moving on to the next screen. ErrNoPage for another name.
func (h *HTMLEvent) WriteHallScreen(w io.Writer, name string, o HallOptions, events string) error {
	i := -1
	for k, s := range HallScreens {
		if s == name {
			i = k
		}
	}
	if i < 0 {
		return fmt.Errorf("%w: %s", ErrNoPage, name)
	}
	sub := h.loc.T(hallScreenKey(name))
	if h.last > 0 {
		sub = h.loc.T("site.round.n", "round", h.last) + " — " + sub
	}
	p := h.hallPage(o, name, sub, nil)
	p.Events = events
	p.Clock, p.Ends = h.roundClock(), h.roundEnd()
	if o.Kiosk {
		p.Next = o.Base + HallKiosk[(i+1)%len(HallKiosk)] + "?kiosk=1"
	}
	b := &screenBody{Class: name, Empty: p.T("hall.no.round")}
	var boards []*tournament.Board
	if h.last > 0 {
		boards = h.byRound[h.last-1]
	}
	pd := &pageData{loc: h.loc}
	switch {
	case h.groupScreen(b, name, p): // every group's round
	case name == "boards":
		b.Head = heads([]string{p.T("col.board"), p.T("site.white"), p.T("site.result"), p.T("site.black")})
		for _, bd := range boards {
			r := h.boardRow(pd, bd)
			b.Rows = append(b.Rows, []cell{{Text: r.Board, Header: true, Num: true}, {Text: r.White}, {Text: r.Result}, {Text: dash(r.Black, r.Bye)}})
		}
	case name == "names":
		b.Head = heads([]string{p.T("col.name"), p.T("col.board"), p.T("hall.colour"), p.T("hall.opponent")})
		b.Rows = h.namesRows(pd, boards)
	case name == "results":
		b.Empty = p.T("hall.no.results")
		b.Head = heads([]string{p.T("col.board"), p.T("site.white"), p.T("site.result"), p.T("site.black")})
		done := make([]*tournament.Board, 0, len(boards))
		for _, bd := range boards {
			if bd.Result != nil && !bd.Bye() {
				done = append(done, bd)
			}
		}
		sort.SliceStable(done, func(i, j int) bool { return done[i].Result.EnteredAt > done[j].Result.EnteredAt })
		for _, bd := range done {
			r := h.boardRow(pd, bd)
			b.Rows = append(b.Rows, []cell{{Text: r.Board, Header: true, Num: true}, {Text: r.White}, {Text: r.Result}, {Text: r.Black}})
		}
	case name == "standings":
		b.Empty = ""
		s := h.standingsFor(h.last)
		head, rows := s.standingsTable()
		keep := []int{0, 2, 5}
		for k := 10; k < len(head); k++ {
			keep = append(keep, k)
		}
		for _, k := range keep {
			b.Head = append(b.Head, headCell{Text: head[k], Opt: k > 10})
		}
		for _, row := range rows {
			var cells []cell
			for _, k := range keep {
				cells = append(cells, cell{Text: clean(row[k]), Num: k != 2, Header: k == 2, Opt: k > 10})
			}
			b.Rows = append(b.Rows, cells)
		}
	}
	p.Body = b
	return renderHall(w, "screen", p)
}

func dash(s string, bye bool) string {
	if bye {
		return "–"
	}
	return s
}

// namesRows: every player of the round by name, with his board, colour and opponent.
func (h *HTMLEvent) namesRows(pd *pageData, boards []*tournament.Board) [][]cell {
	rows := h.keyedNamesRows(pd, boards)
	sortNamesRows(rows)
	out := make([][]cell, len(rows))
	for i := range rows {
		out[i] = rows[i].cell
	}
	return out
}

// nameRow is a row of the names screen with the key it is sorted by (the player's name
// folded as the duplicate check folds it).
type nameRow struct {
	key  string
	cell []cell
}

func sortNamesRows(rows []nameRow) {
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].key < rows[j].key })
}

// keyedNamesRows are the names screen's rows of boards, two a game (one a bye): the
// player, his board, his colour, his opponent.
func (h *HTMLEvent) keyedNamesRows(pd *pageData, boards []*tournament.Board) []nameRow {
	var rows []nameRow
	for _, bd := range boards {
		r := h.boardRow(pd, bd)
		if bd.Bye() {
			rows = append(rows, nameRow{tournament.Key(bd.White), []cell{{Text: r.White, Header: true}, {Text: r.Board, Num: true}, {Text: "–"}, {Text: pd.T("site.bye")}}})
			continue
		}
		rows = append(rows,
			nameRow{tournament.Key(bd.White), []cell{{Text: r.White, Header: true}, {Text: r.Board, Num: true}, {Text: pd.T("site.white")}, {Text: r.Black}}},
			nameRow{tournament.Key(bd.Black), []cell{{Text: r.Black, Header: true}, {Text: r.Board, Num: true}, {Text: pd.T("site.black")}, {Text: r.White}}})
	}
	return rows
}

type choice struct {
	Value, Text string
	Selected    bool
}

type hallBoardBody struct {
	White, Black, Result, Action string
	Sheet                        string // the board's electronic score sheet
	Choices                      []choice
}

// hallChoices are the results a player enters, in the tournament's scoring.
func (h *HTMLEvent) hallChoices() []choice {
	f := func(wp, bp int) string { return h.sc.Format(h.sc.Units(wp)) + "–" + h.sc.Format(h.sc.Units(bp)) }
	return []choice{
		{Value: "2-0", Text: h.loc.T("hall.white.wins", "score", f(2, 0))},
		{Value: "1-1", Text: h.loc.T("hall.draw", "score", f(1, 1))},
		{Value: "0-2", Text: h.loc.T("hall.black.wins", "score", f(0, 2))},
	}
}

// WriteHallBoard writes the entry page of board board, game game of the current round:
// the two players, the result when there is one, else the form a player sends with his
// PIN; msg, when not nil, says what became of the last entry. ErrNoPage for a board that
// is not one of the current round's, or a bye.
func (h *HTMLEvent) WriteHallBoard(w io.Writer, board, game int, o HallOptions, msg *HallMessage) error {
	var bd *tournament.Board
	if h.last > 0 {
		for _, b := range h.byRound[h.last-1] {
			if b.Board == board && b.Game == game && !b.Bye() {
				bd = b
			}
		}
	}
	if bd == nil {
		return fmt.Errorf("%w: board %d", ErrNoPage, board)
	}
	pd := &pageData{loc: h.loc}
	r := h.boardRow(pd, bd)
	p := h.hallPage(o, "board", h.loc.T("site.round.n", "round", h.last)+" — "+h.loc.T("hall.board.n", "board", r.Board), msg)
	body := &hallBoardBody{White: r.White, Black: r.Black, Action: o.Base + HallBoardPath(bd.Round, bd.Board, bd.Game), Choices: h.hallChoices(),
		Sheet: o.Base + HallSheetPath(bd.Round, bd.Board, bd.Game)}
	if bd.Result != nil {
		body.Result = r.Result
	}
	p.Body = body
	p.Events = o.Base + "events"
	return renderHall(w, "board", p)
}

type resultForm struct {
	Action                           string
	Round, Board, Game               int
	Choices                          []choice
	Correct                          bool
	Button, ResultLabel, ReasonLabel string
}

type consoleRow struct {
	Board, White, Black, Result string
	Form                        *resultForm
}

type pendingRow struct {
	Board, White, Black string
	Disputed, Agreed    bool
	Overdue             bool // a single entry past the event's minutes (hall set --single-after)
	Entries             []string
	Form                *resultForm
}

type consoleBody struct {
	Round   int
	Pending []pendingRow
	Rows    []consoleRow
	CheckIn *checkInView // nil when every round is paired
	Tools   *hallTools
}

type checkInRow struct {
	ID                  int64
	Name, Status, Class string
	Done                bool // checked in or absent
}

type checkInView struct {
	Round        int
	Title, Count string
	Action       string
	Rows         []checkInRow
}

// checkInView lays out the check-in c in loc, the form sent to action.
func newCheckInView(loc *Locale, c *tournament.HallCheckInList, action string) *checkInView {
	v := &checkInView{Round: c.Round, Action: action, Title: loc.T("hall.checkin.round", "round", c.Round)}
	n := 0
	for _, p := range c.Players {
		r := checkInRow{ID: p.Entry.ID, Name: clean(p.Entry.Player.Name), Status: loc.T("hall.not.yet")}
		switch {
		case p.Absent:
			r.Status, r.Class, r.Done = loc.T("hall.absent"), "bad", true
		case p.At != "":
			r.Status, r.Class, r.Done = loc.T("hall.checked", "time", localClock(p.At)), "ok", true
			n++
		}
		v.Rows = append(v.Rows, r)
	}
	v.Count = loc.T("hall.checkin.count", "n", n, "total", len(c.Players))
	return v
}

// WriteHallCheckIn writes the check-in page of the next round to pair: the form where a
// player picks his name and types his PIN, and who has checked in (with the time), who
// is absent and who not yet. msg as in WriteHallBoard.
func WriteHallCheckIn(w io.Writer, c *tournament.HallCheckInList, o HallOptions, msg *HallMessage) error {
	loc := LocaleOf(o.Lang)
	h := &HTMLEvent{ev: &tournament.SiteEvent{Tournament: c.Tournament}, loc: loc}
	sub := loc.T("hall.checkin")
	if c.Round > 0 {
		sub = loc.T("hall.checkin.round", "round", c.Round)
	}
	p := h.hallPage(o, "checkin", sub, msg)
	p.Events = o.Base + "events"
	p.Body = newCheckInView(loc, c, o.Base+"checkin")
	return renderHall(w, "checkin", p)
}

// WriteHallConsole writes the arbiter's console of c (live, as the screens, while no
// form of it is in use): the boards waiting for him (one
// player's entry, or two that disagree, with who entered what and when, in local time)
// each with a form to confirm a result, and the boards of the current round, each with a
// form to enter its result or correct it with a reason. msg as in WriteHallBoard.
func WriteHallConsole(w io.Writer, c *tournament.HallConsole, o HallOptions, msg *HallMessage) error {
	h, err := NewHTMLEvent(&tournament.SiteEvent{Tournament: c.Tournament, Table: &tournament.Crosstable{Scoring: tournament.Scoring210}}, HTMLOptions{Lang: o.Lang})
	if err != nil {
		return err
	}
	if sc, err := tournament.ParseScoring(c.Tournament.Scoring); err == nil {
		h.sc = sc
	}
	p := h.hallPage(o, "console", h.loc.T("hall.console"), msg)
	pd := &pageData{loc: h.loc}
	body := &consoleBody{Round: c.Round, Tools: newHallTools(h.loc, o, c.Round)}
	form := func(b *tournament.Board, correct bool, selected string) *resultForm {
		f := &resultForm{Action: o.Base + "console", Round: b.Round, Board: b.Board, Game: b.Game, Correct: correct,
			ResultLabel: p.T("site.result"), ReasonLabel: p.T("hall.reason"), Button: p.T("hall.confirm")}
		if correct {
			f.Button = p.T("hall.correct")
		}
		for _, c := range h.hallChoices() {
			c.Selected = c.Value == selected
			f.Choices = append(f.Choices, c)
		}
		for _, s := range []string{"+-", "-+", "--"} {
			f.Choices = append(f.Choices, choice{Value: s, Text: s + " (" + p.T("site.forfeit") + ")"})
		}
		return f
	}
	for _, pb := range c.Pending {
		b := pb.Board
		r := h.boardRow(pd, b)
		row := pendingRow{Board: r.Board, White: r.White, Black: r.Black, Disputed: pb.Disputed, Agreed: pb.Agreed, Overdue: pb.Overdue}
		if b.Round != c.Round {
			row.Board = p.T("site.round.n", "round", b.Round) + " · " + r.Board
		}
		sel := ""
		for _, e := range pb.Entries {
			who := r.White
			if e.EntryID == b.BlackEntry {
				who = r.Black
			}
			row.Entries = append(row.Entries, p.T("hall.entered", "name", who, "result", h.hallResultText(e.Result), "time", localClock(e.EnteredAt)))
			sel = e.Result
		}
		row.Form = form(b, false, sel)
		body.Pending = append(body.Pending, row)
	}
	for _, b := range c.Boards {
		r := h.boardRow(pd, b)
		row := consoleRow{Board: r.Board, White: r.White, Black: dash(r.Black, r.Bye), Result: r.Result}
		if !b.Bye() {
			sel := ""
			if b.Result != nil {
				sel = b.Result.String()
			}
			row.Form = form(b, b.Result != nil, sel)
		}
		body.Rows = append(body.Rows, row)
	}
	if c.CheckIn.Round > 0 {
		body.CheckIn = newCheckInView(h.loc, &c.CheckIn, o.Base+"console")
	}
	p.Body = body
	p.Events = o.Base + "events"
	return renderHall(w, "console", p)
}

// hallResultText writes a hall entry's result ("2-0", "1-1", "0-2") in the tournament's
// scoring ("1–0" under 1-½-0).
func (h *HTMLEvent) hallResultText(res string) string {
	w, b, _ := strings.Cut(res, "-")
	wp, _ := strconv.Atoi(w)
	bp, _ := strconv.Atoi(b)
	return h.sc.Format(h.sc.Units(wp)) + "–" + h.sc.Format(h.sc.Units(bp))
}

// localClock writes an RFC 3339 time as the hall's local clock time, "14:03".
func localClock(at string) string {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return at
	}
	return t.Local().Format("15:04")
}
