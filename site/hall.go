package site

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// Hall is the live hall of every tournament of a store (arbitro serve --hall, issue 30;
// docs/hall.md), under /hall/: public screens that update by themselves (server-sent
// events), a result entry page per board for the players (with their PIN), and the
// arbiter's console behind a login, and the check-in of the next round. Each handler
// parses its input, makes one store use case call and renders through reports; every
// write is a use case (HallEnterResult, HallCheckIn, and the command line's EnterResult,
// CorrectResult, and HallMarkAbsent, the absence SetAbsence records) logged with who did it, one at a time (writeMu).
//
// Security: every POST passes net/http's CrossOriginProtection (a request from another
// origin is refused with 403); the console needs the session cookie that a one-time
// login link (LoginLink) or the arbiter's password (store.CheckHallPassword) gives
// (HttpOnly, SameSite=Strict, 12 hours); wrong PINs and passwords are counted per board
// (or player) and per address, and after MaxPINFailures in PINWindow the entry is refused
// (429) and the attempt written to the log.
type Hall struct {
	st    *store.Store
	lang  tournament.Lang
	log   io.Writer
	logMu sync.Mutex
	now   func() time.Time

	mu       sync.Mutex
	tokens   map[string]bool    // one-time login tokens not yet used
	sessions map[string]session // by session id
	failures map[string][]time.Time
	bus      *bus
	// writeMu queues the hall's own writes: one at a time, in the order they arrive,
	// instead of each waiting on SQLite's busy handler (whose sleeps starved some of 200
	// concurrent writers for seconds; BenchmarkHallRound).
	writeMu sync.Mutex
	only    int64 // Only: the one tournament served (with its groups), 0 every one
	// groupsOf: the groups of only known so far (read again on a miss: a stage made
	// while the hall runs); guarded by mu.
	groupsOf map[int64]bool
	confirm  bool // ArbiterConfirms

	meta       func() (reports.Meta, error) // PDFMeta
	publishDir string                       // PublishTo
}

// ArbiterConfirms makes the arbiter confirm every result (serve --hall --confirm): two
// agreeing entries wait for him in the console instead of being stored. Call it before
// serving.
func (h *Hall) ArbiterConfirms() { h.confirm = true }

// Only restricts the hall to the tournament with id (arbitro serve --hall --tournament)
// and, when it is an event in groups, to its groups of every stage, the groups made while
// the hall runs included (docs/groups.md, "The hall"): /hall/ leads to it, the hall of
// another tournament is not found. Call it before serving.
func (h *Hall) Only(id int64) {
	h.only = id
	h.mu.Lock()
	h.groupsOf = nil
	h.mu.Unlock()
}

// serves reports whether the hall answers for tournament id: every one without Only; with
// it, the one tournament and its groups. A group not known yet is looked up in the file
// (store.Groups, one read): a miss costs one read, a known group none. An error of that
// read answers false (the page is not found).
func (h *Hall) serves(ctx context.Context, id int64) bool {
	if h.only == 0 || id == h.only {
		return true
	}
	h.mu.Lock()
	known := h.groupsOf[id]
	h.mu.Unlock()
	if known {
		return true
	}
	egs, _, err := h.st.Groups(ctx, strconv.FormatInt(h.only, 10))
	if err != nil {
		return false
	}
	ids := make(map[int64]bool, len(egs.Groups))
	for _, g := range egs.Groups {
		ids[g.Tournament.ID] = true
	}
	h.mu.Lock()
	h.groupsOf = ids
	h.mu.Unlock()
	return ids[id]
}

// Home is the path of the hall's first page: "/hall/", or the one tournament's.
func (h *Hall) Home() string {
	if h.only != 0 {
		return "/hall/" + strconv.FormatInt(h.only, 10) + "/"
	}
	return "/hall/"
}

// Limits of the hall.
const (
	SessionLife    = 12 * time.Hour   // an arbiter's session
	PINWindow      = 10 * time.Minute // wrong PINs are counted over this window
	MaxPINFailures = 5                // per board (and 4 times as many per address) in PINWindow
	sessionCookie  = "arbitro_hall"
)

// PollInterval is how often the hall reads the file's data version while a screen
// listens: a change, by the hall or by another process (arbitro result), reaches the
// screens within it and the page read that follows.
var PollInterval = 400 * time.Millisecond

// NewHall returns the hall of st; lang as in Options.Lang ("" each tournament's own);
// refused PINs and logins are written to log, one line each.
func NewHall(st *store.Store, lang tournament.Lang, log io.Writer) *Hall {
	h := &Hall{st: st, lang: lang, log: log, now: time.Now, tokens: map[string]bool{}, sessions: map[string]session{},
		failures: map[string][]time.Time{}}
	h.bus = newBus(h.version)
	return h
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on the supported systems
	}
	return hex.EncodeToString(b)
}

// LoginLink makes a new one-time login token and returns the path that exchanges it for
// an arbiter's session: "/hall/login?token=...". It works once.
func (h *Hall) LoginLink() string {
	t := randomHex(24)
	h.mu.Lock()
	h.tokens[t] = true
	h.mu.Unlock()
	return "/hall/login?token=" + t
}

// Close ends the event streams (on shutdown: a listening screen does not hold the server).
func (h *Hall) Close() { h.bus.close() }

// Handler is the hall under /hall/ and site (the read-only site, NewHandler) everywhere
// else, behind net/http's cross-origin protection.
func (h *Hall) Handler(site http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/hall/", h)
	mux.Handle("/", site)
	cop := http.NewCrossOriginProtection().Handler(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/hall/") {
			setHallHeaders(w.Header())
		}
		cop.ServeHTTP(w, r)
	})
}

// setHallHeaders sets the security headers of every answer of the hall.
func setHallHeaders(hd http.Header) {
	hd.Set("Content-Security-Policy", reports.HallContentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cache-Control", "no-store")
}

// ServeHTTP answers under /hall/.
func (h *Hall) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	setHallHeaders(hd)
	rest := strings.TrimPrefix(r.URL.Path, "/hall/")
	if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodPost {
		hd.Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.Method == http.MethodPost && (rest == "" || strings.HasPrefix(rest, "assets/")) {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch {
	case rest == "" && h.only != 0:
		http.Redirect(w, r, h.Home(), http.StatusSeeOther)
		return
	case rest == "":
		h.list(w, r)
		return
	case rest == "login":
		h.login(w, r)
		return
	case strings.HasPrefix(rest, "assets/"):
		h.asset(w, r, strings.TrimPrefix(rest, "assets/"))
		return
	}
	idText, page, slash := strings.Cut(rest, "/")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != idText || strings.Contains(page, "/") || !h.serves(r.Context(), id) {
		http.NotFound(w, r)
		return
	}
	if !slash {
		http.Redirect(w, r, "/hall/"+idText+"/", http.StatusMovedPermanently)
		return
	}
	if r.Method == http.MethodPost && page != "board" && page != "console" && page != "checkin" && page != "sheet" && page != "sheets" {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	o := reports.HallOptions{Base: "/hall/" + idText + "/", Kiosk: r.URL.Query().Get("kiosk") == "1", PublishDir: h.publishDir}
	if r.Method != http.MethodPost && h.arbiterRoute(w, r, id, page, o) {
		return
	}
	h.eventRoute(w, r, id, page, o)
}

// eventRoute answers page of tournament id's hall.
func (h *Hall) eventRoute(w http.ResponseWriter, r *http.Request, id int64, page string, o reports.HallOptions) {
	switch page {
	case "events":
		h.events(w, r)
	case "board":
		if r.Method == http.MethodPost {
			h.enter(w, r, id, o)
			return
		}
		h.eventPage(w, r, id, o, page)
	case "checkin":
		if r.Method == http.MethodPost {
			h.checkIn(w, r, id, o)
			return
		}
		h.checkInPage(w, r, id, o)
	case "sheet":
		if r.Method == http.MethodPost {
			h.sheetPost(w, r, id)
			return
		}
		h.sheetPage(w, r, id, o)
	case "games":
		h.games(w, r, id, o)
	case "sheets":
		if !h.loggedIn(r) {
			h.message(w, r, id, http.StatusUnauthorized, reports.HallMessage{Key: "hall.msg.login.needed"})
			return
		}
		if r.Method == http.MethodPost {
			h.adopt(w, r, id, o)
			return
		}
		h.sheets(w, r, id, o)
	case "console":
		if !h.loggedIn(r) {
			h.message(w, r, id, http.StatusUnauthorized, reports.HallMessage{Key: "hall.msg.login.needed"})
			return
		}
		if r.Method == http.MethodPost {
			h.set(w, r, id, o)
			return
		}
		h.console(w, r, id, o)
	default:
		if board, game, ok := reports.ParseBoardCode(page); ok {
			// a board's short code from the pairing sheet (its QR code): its entry page in
			// the current round
			q := url.Values{"board": {strconv.Itoa(board)}, "game": {strconv.Itoa(game)}}
			http.Redirect(w, r, o.Base+"board?"+q.Encode(), http.StatusSeeOther)
			return
		}
		h.eventPage(w, r, id, o, page)
	}
}

func (h *Hall) asset(w http.ResponseWriter, r *http.Request, name string) {
	assets, err := reports.HallAssets()
	b, ok := assets[name]
	if err != nil || !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctypeOf(name))
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", etagOf(b))
	http.ServeContent(w, r, "", startTime, bytes.NewReader(b))
}

// langOf is the language of tournament id's pages (0: of the file's tournaments, as the
// archive index; --lang first).
func (h *Hall) langOf(r *http.Request, id int64) tournament.Lang {
	lang := h.lang
	if data, err := h.st.SitePage(r.Context(), store.SitePageRequest{}); err == nil && lang == "" {
		lang = archiveLang(data.Tournaments, h.lang)
		for i := range data.Tournaments {
			if data.Tournaments[i].ID == id {
				lang = Lang(&data.Tournaments[i], h.lang)
			}
		}
	}
	return lang
}

// message writes a page saying m alone, with status code, in the language of tournament
// id (langOf).
func (h *Hall) message(w http.ResponseWriter, r *http.Request, id int64, code int, m reports.HallMessage) {
	var buf bytes.Buffer
	if err := reports.WriteHallMessage(&buf, m, h.langOf(r, id)); err != nil {
		http.Error(w, "arbitro: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeHTML(w, code, buf.Bytes())
}

func writeHTML(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(b)
}

func (h *Hall) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, tournament.ErrNotFound), errors.Is(err, reports.ErrNoPage), errors.Is(err, tournament.ErrNoBoard),
		errors.Is(err, tournament.ErrNotPaired), errors.Is(err, tournament.ErrNoTournament):
		http.NotFound(w, r)
	case errors.Is(err, tournament.ErrBusy):
		h.message(w, r, 0, http.StatusServiceUnavailable, reports.HallMessage{Key: "hall.msg.busy", Bad: true})
	default: // the error in the hall's language (issue 29)
		http.Error(w, "arbitro: "+reports.ErrorText(reports.LocaleOf(h.langOf(r, 0)), err), http.StatusInternalServerError)
	}
}

// list: the hall of each tournament of the file.
func (h *Hall) list(w http.ResponseWriter, r *http.Request) {
	data, err := h.st.SitePage(r.Context(), store.SitePageRequest{})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	href := func(t *tournament.Tournament) string { return "/hall/" + strconv.FormatInt(t.ID, 10) + "/" }
	if err := reports.WriteHallList(&buf, data.Tournaments, href, archiveLang(data.Tournaments, h.lang)); err != nil {
		h.fail(w, r, err)
		return
	}
	writeHTML(w, http.StatusOK, buf.Bytes())
}

// eventPage: the event's hall page, a screen, or a board's entry page (GET).
func (h *Hall) eventPage(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions, page string) {
	req := store.SitePageRequest{Event: func(all []tournament.Tournament) *tournament.Tournament {
		for i := range all {
			if all[i].ID == id {
				return &all[i]
			}
		}
		return nil
	}, Groups: page == "" || page == "boards" || page == "names"}
	data, err := h.st.SitePage(r.Context(), req)
	if err == nil && data.Event == nil {
		err = tournament.ErrNotFound
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	o.Lang = Lang(data.Tournament, h.lang)
	he, err := reports.NewHTMLEvent(data.Event, reports.HTMLOptions{Lang: o.Lang})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.withGroups(he, data.Groups, o.Lang); err != nil {
		h.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	switch page {
	case "":
		err = he.WriteHallHome(&buf, o)
	case "board":
		q := r.URL.Query()
		board, game := atoi(q.Get("board")), atoi(q.Get("game"))
		if game == 0 {
			game = 1
		}
		err = he.WriteHallBoard(&buf, board, game, o, queryMessage(q))
	default:
		err = he.WriteHallScreen(&buf, page, o, o.Base+"events")
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeHTML(w, http.StatusOK, buf.Bytes())
}

// withGroups gives the hall page of an event with groups the groups of its current stage
// (docs/groups.md, "The hall"), each linking its own hall.
func (h *Hall) withGroups(he *reports.HTMLEvent, gs []tournament.GroupSite, lang reports.Lang) error {
	if len(gs) == 0 {
		return nil
	}
	out := make([]reports.HallGroup, len(gs))
	for i, g := range gs {
		ge, err := reports.NewHTMLEvent(g.Event, reports.HTMLOptions{Lang: lang})
		if err != nil {
			return err
		}
		out[i] = reports.HallGroup{Name: g.Group.Name, Base: "/hall/" + strconv.FormatInt(g.Group.Tournament.ID, 10) + "/", Event: ge}
	}
	he.WithGroups(out)
	return nil
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// hallMessages are the catalog keys of the messages a page shows after a redirect
// (?msg=NAME: "hall.msg.NAME"), and whether each is a refusal.
var hallMessages = map[string]bool{
	"hall.msg.waiting": false, "hall.msg.stored": false, "hall.msg.disputed": false, "hall.msg.already": true,
	"hall.msg.wrongpin": true, "hall.msg.nopin": true, "hall.msg.invalid": true, "hall.msg.saved": false,
	"hall.msg.exists": true, "hall.msg.bad": true, "hall.msg.checkedin": false, "hall.msg.present": false,
	"hall.msg.absent": false, "hall.msg.nocheckin": true, "hall.msg.agreed": false,
	"hall.msg.wrongpassword": true, "hall.msg.nopassword": true, "hall.msg.paired": false,
	"hall.msg.results.missing": true, "hall.msg.nolot": true, "hall.msg.allpaired": true,
	"hall.msg.alreadypaired": true, "hall.msg.nopairing": true, "hall.msg.adopted": false,
	"hall.msg.gameexists": true,
}

// queryMessage is the message ?msg= names (nil for none or an unknown one); "saved"
// takes the board (b) and result (r) of the query.
func queryMessage(q url.Values) *reports.HallMessage {
	name := q.Get("msg")
	key := "hall.msg." + name
	bad, ok := hallMessages[key]
	if !ok {
		return nil
	}
	m := &reports.HallMessage{Key: key, Bad: bad}
	if name == "paired" {
		m.Args = []any{"round", atoi(q.Get("n"))}
	}
	if name == "saved" {
		res := q.Get("r")
		if _, err := tournament.ParseOutcome(res); err != nil {
			res = ""
		}
		m.Args = []any{"board", strconv.Itoa(atoi(q.Get("b"))), "result", res}
	}
	return m
}

// redirect sends the browser to the page path with message msg (Post/Redirect/Get: a
// reload does not send the form again).
func redirect(w http.ResponseWriter, r *http.Request, path string, msg string, extra ...string) {
	u, _ := url.Parse(path)
	q := u.Query()
	q.Set("msg", msg)
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

// clientAddr is the address a request came from, without the port.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limited reports whether key has had max failures in PINWindow, forgetting older ones.
func (h *Hall) limited(key string, max int) bool {
	cut := h.now().Add(-PINWindow)
	fs := h.failures[key]
	for len(fs) > 0 && fs[0].Before(cut) {
		fs = fs[1:]
	}
	h.failures[key] = fs
	return len(fs) >= max
}

// refuseLimited answers 429 and reports true when key (a board, a player's check-in) or
// the request's address has had too many wrong PINs in PINWindow.
func (h *Hall) refuseLimited(w http.ResponseWriter, r *http.Request, id int64, key string) bool {
	h.mu.Lock()
	limited := h.limited(key, MaxPINFailures) || h.limited("addr "+clientAddr(r), 4*MaxPINFailures)
	h.mu.Unlock()
	if limited {
		h.logf("hall: PIN refused (too many wrong PINs) for tournament %d, %s, from %s\n", id, key, clientAddr(r))
		h.message(w, r, id, http.StatusTooManyRequests, reports.HallMessage{Key: "hall.msg.limited", Bad: true})
	}
	return limited
}

// failed counts a wrong PIN against key and the request's address.
func (h *Hall) failed(r *http.Request, key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	addr := "addr " + clientAddr(r)
	h.failures[key] = append(h.failures[key], h.now())
	h.failures[addr] = append(h.failures[addr], h.now())
}

// checkInPage: the check-in of the next round (GET).
func (h *Hall) checkInPage(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	c, err := h.st.ReadHallCheckIn(r.Context(), strconv.FormatInt(id, 10))
	h.page(w, r, err, &c.Tournament, o, func(w io.Writer, o reports.HallOptions) error {
		return reports.WriteHallCheckIn(w, &c, o, queryMessage(r.URL.Query()))
	})
}

// checkIn is a player's POST of the check-in page: one HallCheckIn with his PIN.
func (h *Hall) checkIn(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	entry := int64(atoi(r.PostForm.Get("entry")))
	key := fmt.Sprintf("check-in of player %d", entry)
	if h.refuseLimited(w, r, id, key) {
		return
	}
	h.writeMu.Lock()
	_, err := h.st.HallCheckIn(r.Context(), strconv.FormatInt(id, 10), entry, r.PostForm.Get("pin"), false)
	h.writeMu.Unlock()
	page := o.Base + "checkin"
	switch {
	case errors.Is(err, tournament.ErrWrongPIN), errors.Is(err, tournament.ErrNoPIN):
		h.failed(r, key)
		h.logf("hall: wrong PIN for tournament %d, %s, from %s\n", id, key, clientAddr(r))
		redirect(w, r, page, "wrongpin")
	case errors.Is(err, tournament.ErrAllRoundsPaired), errors.Is(err, tournament.ErrInvalid), errors.Is(err, tournament.ErrNotFound):
		redirect(w, r, page, "nocheckin")
	case err != nil:
		h.fail(w, r, err)
	default:
		h.bus.kick()
		redirect(w, r, page, "checkedin")
	}
}

// enter is a player's POST of a board's entry page: one HallEnterResult.
func (h *Hall) enter(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	q := r.URL.Query()
	round, board, game := atoi(q.Get("round")), atoi(q.Get("board")), atoi(q.Get("game"))
	if game == 0 {
		game = 1
	}
	page := o.Base + reports.HallBoardPath(round, board, game)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	side := r.PostForm.Get("side")
	boardKey := fmt.Sprintf("board %d/%d/%d/%d", id, round, board, game)
	if h.refuseLimited(w, r, id, boardKey) {
		return
	}
	if len(side) != 1 {
		redirect(w, r, page, "invalid")
		return
	}
	h.writeMu.Lock()
	out, err := h.st.HallEnterResult(r.Context(), strconv.FormatInt(id, 10), round, board, game, side[0], r.PostForm.Get("pin"), r.PostForm.Get("result"), h.confirm)
	h.writeMu.Unlock()
	switch {
	case errors.Is(err, tournament.ErrWrongPIN), errors.Is(err, tournament.ErrNoPIN):
		h.failed(r, boardKey)
		h.logf("hall: wrong PIN for tournament %d round %d board %d side %s from %s\n", id, round, board, side, clientAddr(r))
		msg := "wrongpin"
		if errors.Is(err, tournament.ErrNoPIN) {
			msg = "nopin"
		}
		redirect(w, r, page, msg)
	case errors.Is(err, tournament.ErrInvalid):
		redirect(w, r, page, "invalid")
	case err != nil:
		h.fail(w, r, err)
	default:
		if out.Status != tournament.HallAlready {
			h.bus.kick()
		}
		redirect(w, r, page, string(out.Status))
	}
}

// page writes the hall page render makes of what a use case read (readErr its error), in
// the language of tournament t (Lang): the read's or the rendering's error goes to fail,
// and nothing is written before the page is whole.
func (h *Hall) page(w http.ResponseWriter, r *http.Request, readErr error, t *tournament.Tournament, o reports.HallOptions, render func(io.Writer, reports.HallOptions) error) {
	if readErr != nil {
		h.fail(w, r, readErr)
		return
	}
	o.Lang = Lang(t, h.lang)
	var buf bytes.Buffer
	if err := render(&buf, o); err != nil {
		h.fail(w, r, err)
		return
	}
	writeHTML(w, http.StatusOK, buf.Bytes())
}

// console: the arbiter's console (GET, logged in).
func (h *Hall) console(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	c, err := h.st.ReadHallConsole(r.Context(), strconv.FormatInt(id, 10))
	h.page(w, r, err, &c.Tournament, o, func(w io.Writer, o reports.HallOptions) error {
		return reports.WriteHallConsole(w, &c, o, queryMessage(r.URL.Query()))
	})
}

// set is the console's POST: the arbiter enters a result (EnterResult) or, with a reason,
// corrects one (CorrectResult), logged as "arbiter via the hall".
func (h *Hall) set(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	ctx := store.ActingAs(r.Context(), h.actor(r))
	ref := strconv.FormatInt(id, 10)
	page := o.Base + "console"
	switch action := f.Get("action"); action {
	case "present", "absent":
		h.mark(w, r, ctx, ref, page, action, f.Get("entry"))
		return
	case "pair":
		h.pair(w, r, ctx, ref, o.Base, atoi(f.Get("round")))
		return
	case "publish":
		h.publish(w, r, id)
		return
	case "link":
		// A one-time login link for another device of the arbiter's, shown once (not
		// redirected to: it stays out of the address bar and the history).
		link := "http://" + r.Host + h.LoginLink()
		h.logf("hall: the arbiter made a login link for another device, from %s\n", clientAddr(r))
		h.message(w, r, id, http.StatusOK, reports.HallMessage{Key: "hall.msg.newlink", Args: []any{"link", link}})
		return
	}
	round, board, game := atoi(f.Get("round")), atoi(f.Get("board")), atoi(f.Get("game"))
	spec, reason := f.Get("result"), strings.TrimSpace(f.Get("reason"))
	var err error
	h.writeMu.Lock()
	if reason != "" {
		_, err = h.st.CorrectResult(ctx, ref, round, board, game, spec, reason)
	} else {
		_, err = h.st.EnterResult(ctx, ref, round, board, game, spec)
	}
	h.writeMu.Unlock()
	switch {
	case errors.Is(err, tournament.ErrResultExists):
		redirect(w, r, page, "exists")
	case errors.Is(err, tournament.ErrInvalid), errors.Is(err, tournament.ErrMalformed), errors.Is(err, tournament.ErrNoBoard),
		errors.Is(err, tournament.ErrNotPaired):
		redirect(w, r, page, "bad")
	case err != nil:
		h.fail(w, r, err)
	default:
		h.bus.kick()
		redirect(w, r, page, "saved", "b", strconv.Itoa(board), "r", spec)
	}
}

// pair is the console's "Pair round N": the next round paired as 'arbitro pair' pairs it
// (store.PairNextRound, with round N as a safety: a second press pairs nothing more); it
// leads to the page of how the round was paired (base+"explain"), a refusal back to the
// console.
func (h *Hall) pair(w http.ResponseWriter, r *http.Request, ctx context.Context, ref, base string, round int) {
	page := base + "console"
	if round < 1 {
		redirect(w, r, page, "bad")
		return
	}
	h.writeMu.Lock()
	_, err := h.st.PairNextRound(ctx, ref, store.PairRequest{Round: round})
	h.writeMu.Unlock()
	var order *store.RoundOrderError
	switch {
	case errors.As(err, &order):
		redirect(w, r, page, "alreadypaired")
	case errors.Is(err, tournament.ErrResultsMissing):
		redirect(w, r, page, "results.missing")
	case errors.Is(err, tournament.ErrLotNotDrawn):
		redirect(w, r, page, "nolot")
	case errors.Is(err, tournament.ErrAllRoundsPaired):
		redirect(w, r, page, "allpaired")
	case errors.Is(err, tournament.ErrNoPairing):
		redirect(w, r, page, "nopairing")
	case err != nil:
		h.fail(w, r, err)
	default:
		h.logf("hall: the arbiter paired round %d of tournament %s from %s\n", round, ref, clientAddr(r))
		h.bus.kick()
		redirect(w, r, base+"explain?round="+strconv.Itoa(round), "paired", "n", strconv.Itoa(round))
	}
}

// mark is the console's check-in buttons: the arbiter marks player entry present
// (HallCheckIn without PIN) or absent from the next round (HallMarkAbsent: the absence
// 'arbitro absent' records, which the pairing reads; the form names the entry by its id,
// which 'arbitro absent' would read as a pairing number once the lot is drawn).
func (h *Hall) mark(w http.ResponseWriter, r *http.Request, ctx context.Context, ref, page, action, entry string) {
	var err error
	h.writeMu.Lock()
	if action == "present" {
		_, err = h.st.HallCheckIn(ctx, ref, int64(atoi(entry)), "", true)
	} else {
		_, err = h.st.HallMarkAbsent(ctx, ref, int64(atoi(entry)))
	}
	h.writeMu.Unlock()
	switch {
	case errors.Is(err, tournament.ErrInvalid), errors.Is(err, tournament.ErrNotFound), errors.Is(err, tournament.ErrAllRoundsPaired):
		redirect(w, r, page, "bad")
	case err != nil:
		h.fail(w, r, err)
	default:
		h.bus.kick()
		redirect(w, r, page, action)
	}
}

// login exchanges a one-time token (GET ?token=) or the arbiter's password (POST, from
// the login page that GET without a token shows) for an arbiter's session cookie.
func (h *Hall) login(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		h.loginPassword(w, r)
		return
	}
	tok := r.URL.Query().Get("token")
	if tok == "" {
		var buf bytes.Buffer
		if err := reports.WriteHallLogin(&buf, queryMessage(r.URL.Query()), h.langOf(r, 0)); err != nil {
			h.fail(w, r, err)
			return
		}
		writeHTML(w, http.StatusOK, buf.Bytes())
		return
	}
	h.mu.Lock()
	ok := false
	for t := range h.tokens {
		if subtle.ConstantTimeCompare([]byte(t), []byte(tok)) == 1 {
			ok = true
			delete(h.tokens, t)
			break
		}
	}
	var sid string
	if ok {
		sid = randomHex(32)
		h.sessions[sid] = session{expires: h.now().Add(SessionLife)}
	}
	h.mu.Unlock()
	if !ok {
		h.logf("hall: login refused from %s (a wrong or used link)\n", clientAddr(r))
		h.message(w, r, 0, http.StatusForbidden, reports.HallMessage{Key: "hall.msg.login.bad", Bad: true})
		return
	}
	h.logf("hall: arbiter logged in from %s\n", clientAddr(r))
	h.startSession(w, r, sid)
}

// startSession gives the browser the session sid and leads it to the hall.
func (h *Hall) startSession(w http.ResponseWriter, r *http.Request, sid string) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: sid, Path: "/hall/", MaxAge: int(SessionLife / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, h.Home(), http.StatusSeeOther)
}

// loginPassword is the login page's POST: the file-wide arbiter's password
// (CheckHallPassword), or with a name the password of that arbiter
// (CheckArbiterPassword), whose session then names him in the event log; wrong tries
// counted per address as wrong PINs are.
func (h *Hall) loginPassword(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	const key = "arbiter's password"
	if h.refuseLimited(w, r, 0, key+" from "+clientAddr(r)) {
		return
	}
	name := strings.TrimSpace(r.PostForm.Get("arbiter"))
	var ok bool
	var err error
	if name != "" {
		ok, name, err = h.st.CheckArbiterPassword(r.Context(), name, r.PostForm.Get("password"))
	} else {
		ok, err = h.st.CheckHallPassword(r.Context(), r.PostForm.Get("password"))
	}
	switch {
	case errors.Is(err, tournament.ErrNoPassword):
		redirect(w, r, "/hall/login", "nopassword")
		return
	case err != nil:
		h.fail(w, r, err)
		return
	case !ok:
		h.failed(r, key+" from "+clientAddr(r))
		h.logf("hall: wrong arbiter's password from %s\n", clientAddr(r))
		redirect(w, r, "/hall/login", "wrongpassword")
		return
	}
	sid := randomHex(32)
	h.mu.Lock()
	h.sessions[sid] = session{expires: h.now().Add(SessionLife), arbiter: name}
	h.mu.Unlock()
	h.logf("hall: %s logged in with the password from %s\n", strings.TrimSuffix(store.HallActor(name), " via the hall"), clientAddr(r))
	h.startSession(w, r, sid)
}

// session is an arbiter's session: until when, and who (his name when he logged in
// with his own password, "" with the login link or the file-wide password).
type session struct {
	expires time.Time
	arbiter string
}

// loggedIn reports whether r carries a live arbiter's session.
func (h *Hall) loggedIn(r *http.Request) bool {
	_, ok := h.session(r)
	return ok
}

// session is r's live arbiter's session, if any.
func (h *Hall) session(r *http.Request) (session, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return session{}, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[c.Value]
	if ok && h.now().After(s.expires) {
		delete(h.sessions, c.Value)
		ok = false
	}
	return s, ok
}

// actor is who the event log names for the console's write r: "arbiter via the hall",
// or "arbiter NAME via the hall" for an arbiter logged in with his own password
// (store.HallActor).
func (h *Hall) actor(r *http.Request) string {
	s, _ := h.session(r)
	return store.HallActor(s.arbiter)
}

// version reads the file's data version (store.SitePage with Fresh: nothing else read),
// plus the last sheet entry's number (store.SheetVersion: a ply on an electronic score
// sheet is not an event): it changes whenever either does.
func (h *Hall) version(ctx context.Context) (int64, error) {
	data, err := h.st.SitePage(ctx, store.SitePageRequest{Fresh: func(int64) bool { return true }})
	if err != nil {
		return 0, err
	}
	n, err := h.st.SheetVersion(ctx)
	return data.Version + n, err
}

// events is the event stream of the screens: "change" with the data version each time
// the file changes (read every PollInterval while someone listens, and at once after a
// write through the hall), a comment every 15 s to keep the connection.
func (h *Hall) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming not supported", http.StatusInternalServerError)
		return
	}
	ch, cancel := h.bus.subscribe()
	defer cancel()
	// The stream outlives the server's read and write timeouts (Timeouts): no read
	// deadline (a read timeout would cancel the request), a write deadline per message.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{}) // errors: a writer without deadlines (tests' recorders)
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(StreamWriteTimeout)) }
	deadline()
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	fl.Flush()
	tick := time.NewTicker(15 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case v, open := <-ch:
			if !open {
				return
			}
			deadline()
			fmt.Fprintf(w, "event: change\ndata: %d\n\n", v)
		case <-tick.C:
			deadline()
			fmt.Fprint(w, ": still here\n\n")
		}
		fl.Flush()
	}
}

// logf writes one line to the hall's log.
func (h *Hall) logf(format string, args ...any) {
	h.logMu.Lock()
	defer h.logMu.Unlock()
	fmt.Fprintf(h.log, format, args...)
}
