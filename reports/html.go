package reports

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"arbitro/rules"
	"arbitro/tournament"
)

// The web site's templates and assets (no external font, script or stylesheet: a site
// works from a USB stick and behind a firewall).
//
//go:embed html/*.tmpl html/assets/* html/hall/*.tmpl html/hall/assets/*
var htmlFS embed.FS

// ErrNoPage is returned by HTMLEvent.WritePage for a name that is not a page of the event.
var ErrNoPage = errors.New("no such page")

// ContentSecurityPolicy is the policy every page carries in a <meta http-equiv> element
// (and arbitro serve sends as a header): scripts and styles from the site's own files only
// (no inline script, no inline event handler, no inline style), no plug-ins, no base
// element, no form submissions, nothing from another origin.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"

// HTMLOptions place an event's pages within a site.
type HTMLOptions struct {
	// Lang is the language of every label and of <html lang> ("" = English).
	Lang Lang
	// Root is the relative path from the event's pages to the site's root, "" when the
	// event is the whole site, "../" when it is one folder of an archive. The assets are
	// at Root+"assets/".
	Root string
	// Archive adds a link to the archive's index (Root+"index.html") to every page.
	Archive bool
}

// HTMLEvent renders the pages of one tournament (a tournament.SiteEvent): the event page,
// each round's pairings and results, the standings after each round, the crosstable, a
// page per player and a page per game. Page names are file names relative to the event's
// folder; the same name always gives the same bytes for the same database.
type HTMLEvent struct {
	ev   *tournament.SiteEvent
	opts HTMLOptions
	loc  *Locale // opts.Lang's, looked up once
	last int     // last round paired
	// complete is the round standings.html, crosstable.html and the player pages' total
	// and rank are after: the last round with every result in (tournament.CompletedRounds),
	// the round `arbitro standings` and `crosstable` print by default (issue 29: the site
	// said "after round 11" of an import whose round 2 misses a result, the CLI "after
	// round 1 of 19").
	complete int
	// final: the standings after the last round are final (Standings.final), the word
	// every page of the event uses for them then, as the CLI and the PDF.
	final     bool
	standings [][]tournament.Standing // [r]: after round r, r = 0..last
	byRound   [][]*tournament.Board   // [r-1]: boards of round r
	entry     map[int64]*tournament.Entry
	claims    map[int64][]tournament.SiteClaim
	sc        tournament.Scoring
	groups    []HallGroup // the hall of an event with groups (WithGroups)

	// Built by indexPlayers on the first player page.
	cross    map[int64]*tournament.CrossEntry
	points   []map[int64]int // [r][entry]: points after round r
	boardsOf map[int64][]*tournament.Board

	// decided: the entries whose final place a play-off decided (ApplyPlayoffs), nil if none.
	decided map[int64]bool
}

// NewHTMLEvent prepares the pages of ev: it computes the standings after every paired
// round. Errors are those of tournament.ComputeStandings.
func NewHTMLEvent(ev *tournament.SiteEvent, opts HTMLOptions) (*HTMLEvent, error) {
	h := &HTMLEvent{ev: ev, opts: opts, entry: map[int64]*tournament.Entry{}, claims: map[int64][]tournament.SiteClaim{}}
	h.loc = LocaleOf(h.opts.Lang)
	h.sc = ev.Table.Scoring
	if h.sc.Divisor == 0 {
		h.sc = tournament.Scoring210
	}
	h.last = tournament.LastRound(ev.Table)
	for r := 0; r <= h.last; r++ {
		st, err := tournament.ComputeStandingsAsOf(ev.Table, r)
		if err != nil {
			return nil, err
		}
		h.standings = append(h.standings, st)
	}
	if h.last == ev.Table.Rounds && h.last > 0 && len(ev.Playoffs) > 0 {
		h.standings[h.last], h.decided = tournament.ApplyPlayoffs(h.standings[h.last], ev.Playoffs)
	}
	h.complete = min(tournament.CompletedRounds(ev.Table), h.last)
	h.final = h.standingsFor(h.last).final()
	h.byRound = make([][]*tournament.Board, h.last)
	for _, b := range ev.Boards {
		if b.Round >= 1 && b.Round <= h.last {
			h.byRound[b.Round-1] = append(h.byRound[b.Round-1], b)
		}
	}
	for i := range ev.Entries {
		h.entry[ev.Entries[i].ID] = &ev.Entries[i]
	}
	for _, c := range ev.Claims {
		h.claims[c.BoardID] = append(h.claims[c.BoardID], c)
	}
	return h, nil
}

// Pages lists the event's page names except the game pages (GamePageName) and data.json:
// index.html, round-N.html, standings.html and standings-N.html, crosstable.html,
// player-ID.html (ID = the entry id).
func (h *HTMLEvent) Pages() []string {
	out := []string{"index.html", "standings.html", "crosstable.html"}
	if h.ev.Team != nil {
		out = append(out, teamsPage)
	}
	for r := 1; r <= h.last; r++ {
		out = append(out, fmt.Sprintf("round-%d.html", r), fmt.Sprintf("standings-%d.html", r))
	}
	for _, e := range h.ev.Entries {
		out = append(out, PlayerPageName(e.ID))
	}
	return out
}

// PlayerPageName is the page of the entry with id: "player-12.html".
func PlayerPageName(entryID int64) string {
	return "player-" + strconv.FormatInt(entryID, 10) + ".html"
}

// GamePageName is the page of the game of board b: "game-R-B.html" ("game-R-B-2.html" for
// the return game of a double round).
func GamePageName(b *tournament.Board) string { return gameBase(b) + ".html" }

// GamePDNName is the file of board b's game score: "game-R-B.pdn".
func GamePDNName(b *tournament.Board) string { return gameBase(b) + ".pdn" }

func gameBase(b *tournament.Board) string {
	s := fmt.Sprintf("game-%d-%d", b.Round, b.Board)
	if b.Game > 1 {
		s += "-" + strconv.Itoa(b.Game)
	}
	return s
}

// clean returns s with control characters (C0, DEL, C1) replaced by U+FFFD, so that a
// name with control characters shows as text (html/template escapes the rest).
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return '\uFFFD'
		}
		return r
	}, s)
}

// pageData is what every template receives.
type pageData struct {
	Lang     Lang
	Title    string
	Root     string
	Archive  bool
	Event    *eventHead // nil on the archive index
	Nav      []navItem
	Body     any
	Viewer   bool // load viewer.js
	CSP      string
	Subtitle string
	loc      *Locale
}

type navItem struct {
	Href, Text string
	Current    bool
}

// T returns the catalog message key in the page's language, with its {name}
// placeholders filled from the name/value pairs args (Locale.T).
func (p *pageData) T(key string, args ...any) string { return p.loc.T(key, args...) }

// N returns the plural message key for the count n (Locale.N).
func (p *pageData) N(key string, n int, args ...any) string { return p.loc.N(key, n, args...) }

// dates writes a date range in the page's language ("21/11/2026 – 23/11/2026").
func (p *pageData) dates(a, b string) string {
	if a != "" {
		a = p.loc.DateText(a)
	}
	if b != "" {
		b = p.loc.DateText(b)
	}
	return dateRange(a, b)
}

type eventHead struct {
	Name     string
	Facts    []fact
	HomeHref string
}

type fact struct{ Label, Value string }

var (
	pageTemplates     = map[string]*template.Template{}
	pageTemplatesOnce sync.Once // parsed on first use, not at every start of the program
)

func parsePageTemplates() {
	base := template.Must(template.New("layout.tmpl").ParseFS(htmlFS, "html/layout.tmpl"))
	for _, name := range []string{"event", "round", "standings", "crosstable", "player", "game", "archive", "groups", "teams"} {
		t := template.Must(template.Must(base.Clone()).ParseFS(htmlFS, "html/"+name+".tmpl"))
		pageTemplates[name] = t
	}
}

func (h *HTMLEvent) page(title, current string, body any) *pageData {
	p := &pageData{Lang: h.loc.Lang(), loc: h.loc, Title: clean(title), Root: h.opts.Root, Archive: h.opts.Archive, Body: body, CSP: ContentSecurityPolicy}
	t := &h.ev.Tournament
	p.Event = &eventHead{Name: clean(t.Name), HomeHref: "index.html"}
	add := func(label, v string) {
		if v != "" {
			p.Event.Facts = append(p.Event.Facts, fact{p.T(label), clean(v)})
		}
	}
	add("site.place", t.Place)
	add("site.dates", p.dates(t.Start, t.End))
	add("site.variant", p.T("site.variant."+t.Variant.Name()))
	add("site.system", p.T(t.System.SiteCatalogKey()))
	for _, n := range []struct{ href, key string }{
		{"index.html", "site.home"}, {"standings.html", "site.standings"}, {"crosstable.html", "site.crosstable"},
	} {
		p.Nav = append(p.Nav, navItem{Href: n.href, Text: p.T(n.key), Current: n.href == current})
	}
	if h.ev.Team != nil {
		p.Nav = append(p.Nav, navItem{Href: teamsPage, Text: p.T("site.teams"), Current: current == teamsPage})
	}
	for r := 1; r <= h.last; r++ {
		href := fmt.Sprintf("round-%d.html", r)
		p.Nav = append(p.Nav, navItem{Href: href, Text: p.T("site.round.n", "round", r), Current: href == current})
	}
	return p
}

func render(w io.Writer, name string, p *pageData) error {
	var buf bytes.Buffer
	pageTemplatesOnce.Do(parsePageTemplates)
	if err := pageTemplates[name].Execute(&buf, p); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// WritePage writes page name (one of Pages()) to w; ErrNoPage for another name.
func (h *HTMLEvent) WritePage(w io.Writer, name string) error {
	switch {
	case name == "index.html":
		return h.writeIndex(w)
	case name == "standings.html":
		return h.writeStandings(w, h.complete, name)
	case name == "crosstable.html":
		return h.writeCrosstable(w)
	case name == teamsPage && h.ev.Team != nil:
		return h.writeTeams(w)
	}
	var n int64
	if s, ok := cutAffix(name, "round-", ".html"); ok {
		if r, err := strconv.Atoi(s); err == nil && r >= 1 && r <= h.last && strconv.Itoa(r) == s {
			return h.writeRound(w, r)
		}
	}
	if s, ok := cutAffix(name, "standings-", ".html"); ok {
		if r, err := strconv.Atoi(s); err == nil && r >= 1 && r <= h.last && strconv.Itoa(r) == s {
			return h.writeStandings(w, r, name)
		}
	}
	if s, ok := cutAffix(name, "player-", ".html"); ok {
		var err error
		if n, err = strconv.ParseInt(s, 10, 64); err == nil && strconv.FormatInt(n, 10) == s {
			if e, ok := h.entry[n]; ok {
				return h.writePlayer(w, e)
			}
		}
	}
	return fmt.Errorf("%w: %s", ErrNoPage, name)
}

// BoardOfGamePage returns the board whose game page (or .pdn file) is name, or nil.
func (h *HTMLEvent) BoardOfGamePage(name string) *tournament.Board {
	for _, b := range h.ev.Boards {
		if b.GameID != 0 && (GamePageName(b) == name || GamePDNName(b) == name) {
			return b
		}
	}
	return nil
}

func cutAffix(s, prefix, suffix string) (string, bool) {
	if !strings.HasPrefix(s, prefix) || !strings.HasSuffix(s, suffix) || len(s) <= len(prefix)+len(suffix) {
		return "", false
	}
	return s[len(prefix) : len(s)-len(suffix)], true
}

// ---- event page

type playerRow struct {
	Href                     string
	Number, Name, Club, Fed  string
	Rating, FID, FMJD, Title string
	Withdrawn                bool
}

type roundLink struct {
	Round                  int
	Href, StandingsHref    string
	Boards, Results, Games int
	// Final marks the last round of a finished event: its standings are the final ones.
	Final bool
}

type eventBody struct {
	Facts   []fact
	Players []playerRow
	Rounds  []roundLink
}

func (h *HTMLEvent) playerRow(e *tournament.Entry) playerRow {
	return playerRow{Href: PlayerPageName(e.ID), Number: numOrDash(e.Number), Name: clean(e.Player.Name), Club: clean(e.Player.Club),
		Fed: clean(e.Player.Federation), Rating: numOrDash(e.Rating), FID: clean(e.Player.FIDID), FMJD: clean(e.Player.FMJDID),
		Title: clean(e.Player.Title), Withdrawn: e.Status == tournament.StatusWithdrawn}
}

func (h *HTMLEvent) writeIndex(w io.Writer) error {
	t := &h.ev.Tournament
	p := h.page(t.Name, "index.html", nil)
	b := &eventBody{}
	add := func(label, v string) {
		if v != "" {
			b.Facts = append(b.Facts, fact{p.T(label), clean(v)})
		}
	}
	add("site.place", t.Place)
	add("site.dates", p.dates(t.Start, t.End))
	add("site.variant", p.T("site.variant."+t.Variant.Name()))
	add("site.system", p.T(t.System.SiteCatalogKey()))
	add("site.rounds.planned", strconv.Itoa(t.Rounds))
	add("site.rounds.paired", strconv.Itoa(h.last))
	add("site.scoring", t.Scoring)
	var tbs []string
	for _, tb := range h.ev.Table.TieBreaks {
		tbs = append(tbs, p.loc.TieBreakTitle(tb))
	}
	add("site.tiebreaks", strings.Join(tbs, ", "))
	add("site.arbiter", t.Arbiter)
	add("site.federation", t.Federation)
	add("site.time.control", t.TimeControl)
	for i := range h.ev.Entries {
		b.Players = append(b.Players, h.playerRow(&h.ev.Entries[i]))
	}
	for r := 1; r <= h.last; r++ {
		rl := roundLink{Round: r, Href: fmt.Sprintf("round-%d.html", r), StandingsHref: fmt.Sprintf("standings-%d.html", r), Final: r == h.last && h.final}
		for _, bd := range h.byRound[r-1] {
			rl.Boards++
			if bd.Result != nil {
				rl.Results++
			}
			if bd.GameID != 0 {
				rl.Games++
			}
		}
		b.Rounds = append(b.Rounds, rl)
	}
	p.Body = b
	return render(w, "event", p)
}

// ---- round page

type boardRow struct {
	Board                string
	White, Black         string
	WhiteHref, BlackHref string
	Bye                  bool
	Result               string
	GameHref             string
	Illegal              bool
}

type roundBody struct {
	Round         int
	StandingsHref string
	// StandingsLabel names the standings after this round (standingsTitle: final after the
	// last round of a finished event).
	StandingsLabel string
	Boards         []boardRow
	// Opening is the opening drawn for the round in words ("Opening drawn: no. 12,
	// 21-17 10-14 26-21"), "" without a ballot.
	Opening string
	// Live are the round's games in progress kept on electronic score sheets (issue 31:
	// tournament.SiteEvent.Live, under the event's spectator delay, LiveDelay in words).
	Live      []gamesItem
	LiveDelay string
}

func (h *HTMLEvent) resultText(p *pageData, b *tournament.Board) string {
	if b.Bye() {
		if b.Result != nil {
			return p.T("site.bye") + " " + h.sc.Format(h.sc.Units(b.Result.WhitePoints))
		}
		return p.T("site.bye")
	}
	if b.Result == nil {
		return "–"
	}
	switch b.Result.Kind {
	case tournament.KindPlayed:
		return h.sc.Format(h.sc.Units(b.Result.WhitePoints)) + "–" + h.sc.Format(h.sc.Units(b.Result.BlackPoints))
	case tournament.KindForfeit:
		return b.Result.String() + " (" + p.T("site.forfeit") + ")"
	}
	return b.Result.String()
}

func (h *HTMLEvent) boardRow(p *pageData, b *tournament.Board) boardRow {
	row := boardRow{Board: strconv.Itoa(b.Board), White: clean(b.White), Black: clean(b.Black), WhiteHref: PlayerPageName(b.WhiteEntry),
		Bye: b.Bye(), Result: h.resultText(p, b)}
	if b.Game > 1 {
		row.Board += "/" + strconv.Itoa(b.Game)
	}
	if !b.Bye() {
		row.BlackHref = PlayerPageName(b.BlackEntry)
	}
	if b.GameID != 0 {
		row.GameHref = GamePageName(b)
	}
	return row
}

func (h *HTMLEvent) writeRound(w io.Writer, r int) error {
	href := fmt.Sprintf("round-%d.html", r)
	p := h.page("", href, nil)
	p.Title = p.T("site.round.n", "round", r) + " — " + clean(h.ev.Tournament.Name)
	p.Subtitle = p.T("site.round.n", "round", r)
	b := &roundBody{Round: r, StandingsHref: fmt.Sprintf("standings-%d.html", r), StandingsLabel: h.standingsTitle(p, r)}
	if code := h.ev.Openings[r]; code != "" {
		label := ""
		if n, err := strconv.Atoi(code); err == nil {
			if o, ok := rules.ItalianOpeningByNumber(n); ok {
				label = o.Moves
			}
		}
		b.Opening = p.T("sheet.opening_head", "code", clean(code), "label", label)
	}
	for _, bd := range h.byRound[r-1] {
		b.Boards = append(b.Boards, h.boardRow(p, bd))
	}
	b.Live = h.liveItems(p, r)
	if len(b.Live) > 0 {
		b.LiveDelay = sheetDelayText(h.loc, h.ev.LiveDelay)
	}
	p.Body = b
	return render(w, "round", p)
}

// ---- standings

type table struct {
	Caption string
	Head    []headCell
	Rows    [][]cell
	Legend  []string
}

// headCell is a column header; Opt marks a column a phone screen leaves out.
type headCell struct {
	Text string
	Opt  bool
}

func heads(texts []string, opt ...int) []headCell {
	out := make([]headCell, len(texts))
	for i, t := range texts {
		out[i].Text = t
	}
	for _, i := range opt {
		out[i].Opt = true
	}
	return out
}

type cell struct {
	Opt    bool // a column a phone screen leaves out
	Text   string
	Href   string
	Header bool // a row header (th scope=row)
	Num    bool // right-aligned number
}

func (h *HTMLEvent) standingsFor(r int) Standings {
	s := Standings{Table: h.ev.Table, AfterRound: r, Rows: h.standings[r], Locale: h.loc, Categories: h.ev.Categories}
	if r == h.last && h.decided != nil {
		s.Playoffs, s.PlayoffDecided = h.ev.Playoffs, h.decided
	}
	return s
}

func (h *HTMLEvent) writeStandings(w io.Writer, r int, name string) error {
	p := h.page("", name, nil)
	if name == "standings.html" {
		p.Nav[1].Current = true
	}
	s := h.standingsFor(r)
	p.Subtitle = h.standingsTitle(p, r)
	p.Title = p.Subtitle + " — " + clean(h.ev.Tournament.Name)
	head, rows := s.standingsTable()
	// Club, rating, games, W, D, L: the columns a phone leaves out; the categories' too.
	optional, text := []int{3, 4, 6, 7, 8, 9}, []int{2, 3}
	if len(s.Categories) > 0 {
		optional, text = []int{3, colCategory, 5, 7, 8, 9, 10}, []int{2, 3, colCategory}
	}
	t := &table{Caption: p.Subtitle, Head: heads(head, optional...)}
	for i, row := range rows {
		st := s.Rows[i]
		cells := make([]cell, len(row))
		for k, v := range row {
			cells[k] = cell{Text: clean(v), Num: !slices.Contains(text, k)}
		}
		for _, k := range optional {
			cells[k].Opt = true
		}
		cells[2] = cell{Text: clean(st.Entry.Name), Href: PlayerPageName(int64(st.Entry.ID)), Header: true}
		if st.Entry.WithdrawnAt(s.AfterRound) {
			cells[2].Text += " (" + p.T("site.withdrawn") + ")"
		}
		t.Rows = append(t.Rows, cells)
	}
	t.Legend = append(t.Legend, s.columnsLegend(), s.legend())
	p.Body = t
	return render(w, "standings", p)
}

// standingsTitle names the standings after round r as the CLI and the PDF do: before
// round 1, after round r, or final (Standings.final: the last round, every result in).
func (h *HTMLEvent) standingsTitle(p *pageData, r int) string {
	switch {
	case r == 0:
		return p.T("site.standings.before")
	case r == h.last && h.final:
		return p.T("standings.title.final")
	}
	return p.T("site.standings.after", "round", r)
}

func (h *HTMLEvent) writeCrosstable(w io.Writer) error {
	p := h.page("", "crosstable.html", nil)
	r := h.complete
	p.Subtitle = p.T("site.crosstable.after", "round", r)
	if r == h.last && h.final {
		p.Subtitle = p.T("crosstable.title.final")
	}
	p.Title = p.Subtitle + " — " + clean(h.ev.Tournament.Name)
	s := h.standingsFor(r)
	grid := h.ev.Tournament.System.FixedTable()
	head, rows := s.crosstableTable(grid)
	t := &table{Caption: p.Subtitle, Head: heads(head)}
	gameOf := map[[2]int64]string{} // (entry, round) -> game page, one game per pairing only
	if !grid && (s.Table.GamesPerRound <= 1) {
		for _, b := range h.ev.Boards {
			if b.GameID != 0 {
				gameOf[[2]int64{b.WhiteEntry, int64(b.Round)}] = GamePageName(b)
				gameOf[[2]int64{b.BlackEntry, int64(b.Round)}] = GamePageName(b)
			}
		}
	}
	for i, row := range rows {
		st := s.Rows[i]
		cells := make([]cell, len(row))
		for k, v := range row {
			cells[k] = cell{Text: clean(v), Num: k != 2}
			if r := k - 2; !grid && r >= 1 && r <= s.AfterRound {
				cells[k].Href = gameOf[[2]int64{int64(st.Entry.ID), int64(r)}]
			}
		}
		cells[2] = cell{Text: clean(st.Entry.Name), Href: PlayerPageName(int64(st.Entry.ID)), Header: true}
		if st.Entry.WithdrawnAt(s.AfterRound) {
			cells[2].Text += " (" + p.T("site.withdrawn") + ")"
		}
		t.Rows = append(t.Rows, cells)
	}
	t.Legend = []string{s.loc().crossLegend(grid), s.legend()}
	p.Body = t
	return render(w, "crosstable", p)
}

// ---- player page

type playerGame struct {
	Round                  int
	Board                  string
	Colour                 string
	Opponent, OpponentHref string
	Result                 string
	After                  string
	GameHref               string
}

type playerBody struct {
	Row   playerRow
	Games []playerGame
	// Total and Rank are his points and place in the standings after the last round with
	// every result in (AfterRound, HTMLEvent.complete), linked to that page; "" before
	// round 1 is complete.
	Total, Rank, StandingsHref string
	AfterRound                 int
	// Final: Total and Rank are the final standings' (a finished event); the status of a
	// player who did not withdraw then reads "finished the event", no longer "playing".
	Final bool
}

// playerResult is board b's result as player e reads it on his page: his points first
// ("2–0" for a win with Black, where the board reads "0–2"), a forfeit turned the same way;
// a bye or a result without sides as the board shows it.
func (h *HTMLEvent) playerResult(p *pageData, b *tournament.Board, e int64) string {
	if b.Bye() || b.Result == nil || b.WhiteEntry == e {
		return h.resultText(p, b)
	}
	switch b.Result.Kind {
	case tournament.KindPlayed:
		return h.sc.Format(h.sc.Units(b.Result.BlackPoints)) + "–" + h.sc.Format(h.sc.Units(b.Result.WhitePoints))
	case tournament.KindForfeit:
		r := *b.Result
		r.WhitePoints, r.BlackPoints = r.BlackPoints, r.WhitePoints
		return r.String() + " (" + p.T("site.forfeit") + ")"
	}
	return h.resultText(p, b)
}

func (h *HTMLEvent) writePlayer(w io.Writer, e *tournament.Entry) error {
	p := h.page("", "", nil)
	p.Subtitle = clean(e.Player.Name)
	p.Title = p.Subtitle + " — " + clean(h.ev.Tournament.Name)
	b := &playerBody{Row: h.playerRow(e)}
	h.indexPlayers()
	if h.complete > 0 {
		for _, st := range h.standings[h.complete] {
			if int64(st.Entry.ID) == e.ID {
				b.Total, b.Rank, b.AfterRound = h.sc.Format(st.Points), st.Place(), h.complete
				b.StandingsHref = fmt.Sprintf("standings-%d.html", h.complete)
				b.Final = h.complete == h.last && h.final
			}
		}
	}
	ce := h.cross[e.ID]
	after := func(r int) string {
		if pts, ok := h.points[r][e.ID]; ok {
			return h.sc.Format(pts)
		}
		return ""
	}
	for r := 1; r <= h.last; r++ {
		found := false
		for _, bd := range h.boardsOf[e.ID] {
			if bd.Round != r {
				continue
			}
			found = true
			g := playerGame{Round: r, Board: strconv.Itoa(bd.Board), Result: h.playerResult(p, bd, e.ID), After: after(r)}
			if bd.Game > 1 {
				g.Board += "/" + strconv.Itoa(bd.Game)
			}
			switch {
			case bd.Bye():
				g.Opponent = p.T("site.bye")
			case bd.WhiteEntry == e.ID:
				g.Colour, g.Opponent, g.OpponentHref = p.T("site.white"), clean(bd.Black), PlayerPageName(bd.BlackEntry)
			default:
				g.Colour, g.Opponent, g.OpponentHref = p.T("site.black"), clean(bd.White), PlayerPageName(bd.WhiteEntry)
			}
			if bd.GameID != 0 {
				g.GameHref = GamePageName(bd)
			}
			b.Games = append(b.Games, g)
		}
		if !found && ce != nil {
			for _, res := range ce.Results {
				if res.Round == r && res.Kind == tournament.CrossAbsent {
					b.Games = append(b.Games, playerGame{Round: r, Board: "–", Opponent: "–", Result: h.sc.Format(h.sc.Units(res.Points)), After: after(r)})
				}
			}
		}
	}
	p.Body = b
	return render(w, "player", p)
}

// indexPlayers builds, once, the indexes the player pages look up (a page per player
// must not scan every board and every standings line: a 1,000-player event has 5,500
// boards).
func (h *HTMLEvent) indexPlayers() {
	if h.cross != nil {
		return
	}
	h.cross = map[int64]*tournament.CrossEntry{}
	for i := range h.ev.Table.Players {
		h.cross[int64(h.ev.Table.Players[i].ID)] = &h.ev.Table.Players[i]
	}
	h.points = make([]map[int64]int, len(h.standings))
	for r, st := range h.standings {
		h.points[r] = make(map[int64]int, len(st))
		for _, x := range st {
			h.points[r][int64(x.Entry.ID)] = x.Points
		}
	}
	h.boardsOf = map[int64][]*tournament.Board{}
	for _, round := range h.byRound {
		for _, b := range round {
			h.boardsOf[b.WhiteEntry] = append(h.boardsOf[b.WhiteEntry], b)
			if !b.Bye() {
				h.boardsOf[b.BlackEntry] = append(h.boardsOf[b.BlackEntry], b)
			}
		}
	}
}

// ---- game page

type boardCell struct {
	Sq    int // 0 for a light square
	Class string
}

type plyItem struct {
	Ply      int
	Text     string
	FEN      string
	From, To int
	Illegal  bool
	Mark     string // the word for an illegal ply
	Unplayed bool   // after the illegal ply: not replayed
}

type moveRow struct {
	Number       int
	White, Black *plyItem
}

type gameBody struct {
	Round, BoardNo       string
	White, Black         string
	WhiteHref, BlackHref string
	Result               string
	Size                 int
	Cells                []boardCell
	StartFEN, ShownFEN   string
	ShownPly             int
	Moves                []moveRow
	PDNHref              string
	Legal                bool
	Plies                int
	IllegalText          string
	Message              string
	FENBefore            string
	LegalMoves           []string
	ResultCheck          string
	FinalFEN             string
	Notes                []string
	Repetitions          []string
	Draws                []string
	Claim40              string
	Claims               []claimRow
	Variant              string
	CellsHTML, MovesHTML template.HTML // written by cellsHTML and movesHTML
	Cut                  string        // the move list is cut (MaxGamePagePlies, SiteGame.Whole): what is shown
	Partial              string        // the verdict of a cut score whose part read is legal
}

// MaxGamePagePlies bounds the plies a game page lists (with the position after each):
// beyond any game played, and a page of a longer score stays small. The page says so and
// links the PDN file, which is served whole.
const MaxGamePagePlies = 2000

// maxRepetitionPlies bounds the plies listed for one repeated position on a game page.
const maxRepetitionPlies = 20

// The board and the move list are the bulk of a game page (a cell per square, four
// attributes per ply); they are written here rather than through the template's
// contextual escaper, which cost most of a publish's time. Every value from the database
// goes through html.EscapeString, inside double-quoted attributes or as text.

func cellsHTML(cells []boardCell) template.HTML {
	var b strings.Builder
	for _, c := range cells {
		if c.Sq == 0 {
			b.WriteString(`<div class="sq l"></div>`)
			continue
		}
		n := strconv.Itoa(c.Sq)
		b.WriteString(`<div class="` + html.EscapeString(c.Class) + `" data-sq="` + n + `"><span class="n">` + n + `</span></div>`)
	}
	return template.HTML(b.String())
}

func plyHTML(b *strings.Builder, it *plyItem) {
	switch {
	case it.FEN != "":
		fmt.Fprintf(b, `<button type="button" class="ply" data-ply="%d" data-fen="%s" data-from="%d" data-to="%d">%s</button>`,
			it.Ply, html.EscapeString(it.FEN), it.From, it.To, html.EscapeString(it.Text))
	case it.Illegal:
		fmt.Fprintf(b, `<mark class="ply illegal" id="illegal-ply" data-ply="%d">%s <span class="tag">✗ %s</span></mark>`,
			it.Ply, html.EscapeString(it.Text), html.EscapeString(it.Mark))
	default:
		b.WriteString(`<span class="ply unplayed">` + html.EscapeString(it.Text) + `</span>`)
	}
}

func movesHTML(rows []moveRow) template.HTML {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "\n<li value=\"%d\">", r.Number)
		if r.White != nil {
			plyHTML(&b, r.White)
		} else {
			b.WriteString(`<span class="ply none">…</span>`)
		}
		b.WriteString(" ")
		if r.Black != nil {
			plyHTML(&b, r.Black)
		}
		b.WriteString("</li>")
	}
	return template.HTML(b.String())
}

type claimRow struct {
	Requested, Declared int
	Claimant            string
	Decision            string
	Engine              string
	Count               string
}

// WriteGamePage writes the page of game sg: the board in the position after the last
// legal ply (or the start), the move list with the position after every ply (as written by
// the engine into data-fen attributes; the viewer only shows them), the verdict, the draw
// claims and a link to the PDN file.
func (h *HTMLEvent) WriteGamePage(w io.Writer, sg *tournament.SiteGame) error {
	bd := sg.Board
	p := h.page("", "", nil)
	p.Viewer = true
	p.Subtitle = clean(bd.White) + " – " + clean(bd.Black)
	p.Title = p.Subtitle + " — " + p.T("site.round.n", "round", bd.Round) + " — " + clean(h.ev.Tournament.Name)
	v := h.ev.Tournament.Variant
	b := &gameBody{Round: strconv.Itoa(bd.Round), BoardNo: strconv.Itoa(bd.Board), White: clean(bd.White), Black: clean(bd.Black),
		WhiteHref: PlayerPageName(bd.WhiteEntry), BlackHref: PlayerPageName(bd.BlackEntry), Result: h.resultText(p, bd),
		Size: v.Size(), PDNHref: GamePDNName(bd), Variant: v.Name()}
	b.Legal, b.Plies = sg.Verdict.Legal, sg.Verdict.Plies
	positions := sg.Positions
	if len(positions) > MaxGamePagePlies+1 {
		positions = positions[:MaxGamePagePlies+1]
	}
	fens := make([]string, len(positions))
	for i, pos := range positions {
		fens[i] = pos.FEN()
	}
	b.board(v, positions, fens)
	if sg.Game != nil {
		moves := sg.Game.Moves
		if len(moves) > MaxGamePagePlies {
			moves = moves[:MaxGamePagePlies]
		}
		b.moves(p, moves, sg.Verdict, fens)
		b.cut(p, sg, len(moves))
	}
	b.verdict(p, sg.Verdict)
	if sg.Whole > 0 {
		b.ResultCheck = "" // of the part read, not of the game
		if sg.Verdict.Legal {
			b.Partial = p.T("site.verdict.partial", "plies", sg.Verdict.Plies)
		}
	}
	for _, c := range h.claims[bd.ID] {
		b.Claims = append(b.Claims, claimRowOf(p, bd, c))
	}
	b.CellsHTML, b.MovesHTML = cellsHTML(b.Cells), movesHTML(b.Moves)
	p.Body = b
	return render(w, "game", p)
}

// board fills the board of a game page: every square of variant v, with the pieces of the
// position after the last legal ply (positions[len-1]; none when the game was not
// replayed), and the start and shown positions' FEN.
func (b *gameBody) board(v *rules.Variant, positions []rules.Position, fens []string) {
	var shown rules.Position
	if len(positions) > 0 {
		b.StartFEN = fens[0]
		b.ShownPly = len(positions) - 1
		b.ShownFEN = fens[b.ShownPly]
		shown = positions[b.ShownPly]
	}
	for row := 0; row < v.Size(); row++ {
		for col := 0; col < v.Size(); col++ {
			sq := int(v.SquareAt(row, col))
			c := boardCell{Sq: sq, Class: "sq l"}
			if sq != 0 {
				c.Class = "sq d"
				if len(positions) > 0 {
					c.Class += pieceClass(shown.At(rules.Square(sq)))
				}
			}
			b.Cells = append(b.Cells, c)
		}
	}
}

// cut says, when the move list of sg's page does not hold every ply of its score, what it
// shows (shown plies) and that the PDN file holds the whole score.
func (b *gameBody) cut(p *pageData, sg *tournament.SiteGame, shown int) {
	switch {
	case sg.Whole > 0:
		b.Cut = p.T("site.score.cut", "bytes", sg.Whole, "limit", tournament.MaxSiteScoreBytes, "shown", shown)
	case shown < len(sg.Game.Moves):
		b.Cut = p.T("site.moves.cut", "shown", shown, "plies", len(sg.Game.Moves))
	}
}

// moves fills the move list of a game page: each ply of moves with the position after it
// (fens[ply]), the illegal ply marked, the plies after it unplayed; two plies a row.
func (b *gameBody) moves(p *pageData, moves []rules.PDNMove, vd rules.Verdict, fens []string) {
	for i, m := range moves {
		it := &plyItem{Ply: i + 1, Text: clean(m.Text), From: m.From, To: m.To}
		switch {
		case i+1 < len(fens):
			it.FEN = fens[i+1]
		case !vd.Legal && i+1 == vd.Ply:
			it.Illegal, it.Mark = true, p.T("site.illegal.mark")
			if vd.Class() == rules.ClassAmbiguous {
				it.Mark = VerdictWord(p.loc, rules.ClassAmbiguous) // every move legal: not "illegal"
			}
		default:
			it.Unplayed = true
		}
		if !m.Second || len(b.Moves) == 0 {
			b.Moves = append(b.Moves, moveRow{Number: m.Number})
		}
		last := &b.Moves[len(b.Moves)-1]
		if m.Second {
			last.Black = it
		} else {
			last.White = it
		}
	}
}

// verdict fills the rules engine's verdict of a game page: the illegal ply (its reason,
// the engine's message, the position before it and the legal moves there) or the final
// position, the result check, the notes, repetitions, FMJD draws and the 40-move claim.
func (b *gameBody) verdict(p *pageData, vd rules.Verdict) {
	if !vd.Legal {
		words := p.T("site.reason." + vd.Reason)
		b.IllegalText = p.T("site.verdict.illegal", "ply", vd.Ply, "move", clean(vd.Move), "reason", words)
		if vd.Class() == rules.ClassAmbiguous { // issue 33: an ambiguous capture is not an illegal move
			b.IllegalText = p.T("site.verdict.ambiguous", "ply", vd.Ply, "move", clean(vd.Move))
		}
		b.Message = clean(VerdictWhy(p.loc, &vd))
		b.FENBefore = vd.FEN
		b.LegalMoves = vd.LegalMoves
	} else {
		b.FinalFEN = vd.FinalFEN
	}
	if vd.ResultCheck != "" {
		b.ResultCheck = p.T("site.result." + string(vd.ResultCheck))
	}
	for _, n := range vd.Notes {
		b.Notes = append(b.Notes, clean(p.loc.VerdictNote(n)))
	}
	for _, r := range vd.Repetitions {
		var ps []string
		for i, x := range r.Plies {
			if i == maxRepetitionPlies {
				ps = append(ps, "…")
				break
			}
			ps = append(ps, strconv.Itoa(x))
		}
		b.Repetitions = append(b.Repetitions, r.FEN+" ("+p.T("site.after.ply")+" "+strings.Join(ps, ", ")+")")
	}
	for _, d := range vd.Draws {
		b.Draws = append(b.Draws, clean(DrawWhy(p.loc, d)))
	}
	if vd.Claim40Ply > 0 {
		b.Claim40 = p.T("site.claim40", "ply", vd.Claim40Ply)
	}
}

// claimRowOf is the row of draw claim c of board bd on a game page: the claimant, the
// plies asked and declared, the arbiter's decision and the engine's count.
func claimRowOf(p *pageData, bd *tournament.Board, c tournament.SiteClaim) claimRow {
	cr := claimRow{Requested: c.RequestedAt, Declared: c.DeclaredAt, Decision: p.T("site." + c.Decision), Engine: clean(CheckWhy(p.loc, c.Check))}
	switch c.Claimant {
	case "white":
		cr.Claimant = clean(bd.White)
	case "black":
		cr.Claimant = clean(bd.Black)
	default:
		cr.Claimant = p.T("site.arbiter.acted")
	}
	if c.Check.Count40 != nil {
		cr.Count = fmt.Sprintf("%d/80 (%d–%d)", c.Check.Count40.Counted, c.Check.Count40.CountFrom, c.DeclaredAt)
	} else if c.Check.FMJD != nil && c.Check.FMJD.Valid {
		cr.Count = c.Check.FMJD.Rule
	}
	return cr
}

func pieceClass(pc rules.Piece) string {
	switch pc {
	case rules.WhiteMan:
		return " wm"
	case rules.WhiteKing:
		return " wk"
	case rules.BlackMan:
		return " bm"
	case rules.BlackKing:
		return " bk"
	}
	return ""
}

// ---- archive index

// ArchiveEntry is one tournament of an archive index: the tournament and its folder
// (relative to the index, with a trailing slash).
type ArchiveEntry struct {
	Tournament tournament.Tournament
	Dir        string
}

type archiveGroup struct {
	Year     string
	Variants []archiveVariant
}

type archiveVariant struct {
	Variant string
	Events  []archiveEvent
}

type archiveEvent struct {
	Href, Name, Place, Dates, System string
	Players, Rounds                  int
}

// WriteArchiveIndex writes the index of an archive: its tournaments grouped by year (of
// the start date; newest first, unknown last), then variant, then sorted by name.
func WriteArchiveIndex(w io.Writer, entries []ArchiveEntry, lang Lang) error {
	loc := LocaleOf(lang)
	p := &pageData{Lang: loc.Lang(), loc: loc, Root: "", CSP: ContentSecurityPolicy}
	p.Title = p.T("site.archive.title")
	byYear := map[string]map[string][]archiveEvent{}
	for _, e := range entries {
		t := e.Tournament
		year := eventYear(&t)
		if byYear[year] == nil {
			byYear[year] = map[string][]archiveEvent{}
		}
		byYear[year][t.Variant.Name()] = append(byYear[year][t.Variant.Name()], archiveEvent{Href: e.Dir + "index.html", Name: clean(t.Name),
			Place: clean(t.Place), Dates: p.dates(t.Start, t.End), System: p.T(t.System.SiteCatalogKey()), Players: t.Players, Rounds: t.RoundsPaired})
	}
	var years []string
	for y := range byYear {
		years = append(years, y)
	}
	sort.Slice(years, func(i, j int) bool {
		if (years[i] == "") != (years[j] == "") {
			return years[j] == ""
		}
		return years[i] > years[j]
	})
	var groups []archiveGroup
	for _, y := range years {
		g := archiveGroup{Year: y}
		if y == "" {
			g.Year = p.T("site.year.unknown")
		}
		var vs []string
		for v := range byYear[y] {
			vs = append(vs, v)
		}
		sort.Strings(vs)
		for _, v := range vs {
			evs := byYear[y][v]
			sort.SliceStable(evs, func(i, j int) bool {
				a, b := strings.ToLower(evs[i].Name), strings.ToLower(evs[j].Name)
				if a != b {
					return a < b
				}
				return evs[i].Href < evs[j].Href
			})
			g.Variants = append(g.Variants, archiveVariant{Variant: p.T("site.variant." + v), Events: evs})
		}
		groups = append(groups, g)
	}
	p.Body = groups
	return render(w, "archive", p)
}

var yearInName = sync.OnceValue(func() *regexp.Regexp { // compiled on first use, not at start-up
	return regexp.MustCompile(`(?:^|[^0-9])((?:19|20)[0-9]{2})(?:[^0-9]|$)`)
})

// eventYear is the year an archive files t under: that of its start date, else a year
// written in its name ("69° ASSOLUTO 2005"), else "" (unknown).
func eventYear(t *tournament.Tournament) string {
	if len(t.Start) >= 4 {
		return t.Start[:4]
	}
	if m := yearInName().FindStringSubmatch(t.Name); m != nil {
		return m[1]
	}
	return ""
}

// ---- assets

// HTMLAssets returns the site's static files (name relative to the assets folder, e.g.
// "site.css", "viewer.js") in name order.
func HTMLAssets() (map[string][]byte, []string, error) {
	out := map[string][]byte{}
	var names []string
	err := fs.WalkDir(htmlFS, "html/assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := htmlFS.ReadFile(path)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(path, "html/assets/")
		out[name] = b
		names = append(names, name)
		return nil
	})
	sort.Strings(names)
	return out, names, err
}
