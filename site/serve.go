package site

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// Handler serves the site of every tournament of the store live, read-only: the archive
// index at /, each tournament under /<slug>/ (Slug) with the same pages Publish writes,
// and the assets under /assets/. Every request reads the database in one read
// transaction (store.SitePage), so a result entered by another process (arbitro result)
// shows on the next request; rendered pages are cached until the database changes (the
// data version SitePage reads).
// Only GET and HEAD are answered (405 otherwise); a path with "..", a backslash, a NUL or
// an encoded slash, and any name that is not a page of the site, is refused (404, or 400
// for a malformed path). Every answer carries the Content-Security-Policy as a header.
type Handler struct {
	st   *store.Store
	lang tournament.Lang

	mu      sync.Mutex
	version int64
	cache   map[string]cached
}

type cached struct {
	ctype string
	body  []byte
}

// NewHandler returns the live site of st; lang as in Options.Lang.
func NewHandler(st *store.Store, lang tournament.Lang) *Handler {
	return &Handler{st: st, lang: lang, cache: map[string]cached{}}
}

var errNotFound = errors.New("not found")

// errSlash: the path names a tournament's folder without its trailing slash.
var errSlash = errors.New("folder without a slash")

// maxCached bounds the pages kept between two changes of the database.
const maxCached = 4096

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", reports.ContentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	raw := r.URL.EscapedPath()
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") || strings.Contains(strings.ToLower(raw), "%2f") ||
		strings.Contains(strings.ToLower(raw), "%5c") || path.Clean(p) != p && path.Clean(p)+"/" != p {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "." {
			http.Error(w, "bad path", http.StatusBadRequest)
			return
		}
	}
	c, err := h.page(r, p)
	if errors.Is(err, errSlash) {
		http.Redirect(w, r, p+"/", http.StatusMovedPermanently)
		return
	}
	if errors.Is(err, errNotFound) || errors.Is(err, reports.ErrNoPage) || errors.Is(err, tournament.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "arbitro: "+err.Error(), http.StatusInternalServerError)
		return
	}
	hd.Set("Content-Type", c.ctype)
	hd.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", zeroTime, bytes.NewReader(c.body))
}

// page returns the page at path p, from the cache when the database has not changed.
func (h *Handler) page(r *http.Request, p string) (cached, error) {
	if name, ok := strings.CutPrefix(p, "/assets/"); ok {
		assets, _, err := reports.HTMLAssets()
		if err != nil {
			return cached{}, err
		}
		b, ok := assets[name]
		if !ok {
			return cached{}, errNotFound
		}
		return cached{ctype: ctypeOf(name), body: b}, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var hit cached
	var games []reports.SiteGameSummary
	req := pageRequest(p, func(sg *tournament.SiteGame) error {
		games = append(games, reports.GameSummary(sg))
		return nil
	})
	req.Fresh = func(v int64) bool {
		if v != h.version {
			h.version, h.cache = v, map[string]cached{}
		}
		c, ok := h.cache[p]
		hit = c
		return ok
	}
	data, err := h.st.SitePage(r.Context(), req)
	if err != nil {
		return cached{}, err
	}
	if data.Fresh {
		return hit, nil
	}
	out, err := h.render(p, &data, games)
	if err != nil {
		return cached{}, err
	}
	if len(h.cache) >= maxCached {
		h.cache = map[string]cached{} // a crawler walking a large archive: start again
	}
	h.cache[p] = out
	return out, nil
}

// pageRequest is what page p reads from the store (store.SitePage): the tournament whose
// folder it names and, for a game page, the board of the game; for data.json every game,
// given to eachGame.
func pageRequest(p string, eachGame func(*tournament.SiteGame) error) store.SitePageRequest {
	var req store.SitePageRequest
	if p == "/" || p == "/index.html" {
		return req
	}
	rest := strings.TrimPrefix(p, "/")
	slug, name, _ := strings.Cut(rest, "/")
	if name == "" {
		name = "index.html"
	}
	if strings.Contains(name, "/") || !strings.HasSuffix(rest, "/") && !strings.Contains(rest, "/") {
		return req // errNotFound or errSlash: render says which
	}
	req.Event = func(all []tournament.Tournament) *tournament.Tournament {
		var t *tournament.Tournament
		for i := range all {
			if Slug(&all[i]) == slug {
				t = &all[i]
			}
		}
		return t
	}
	switch {
	case name == "data.json":
		req.EachGame = eachGame
	case strings.HasPrefix(name, "game-"):
		req.Board = func(ev *tournament.SiteEvent) *tournament.Board { return boardOfGamePage(ev, name) }
	}
	return req
}

// boardOfGamePage is the board whose game page or score file is name, nil when none (as
// reports.HTMLEvent.BoardOfGamePage).
func boardOfGamePage(ev *tournament.SiteEvent, name string) *tournament.Board {
	for _, b := range ev.Boards {
		if b.GameID != 0 && (reports.GamePageName(b) == name || reports.GamePDNName(b) == name) {
			return b
		}
	}
	return nil
}

func ctypeOf(name string) string {
	switch path.Ext(name) {
	case ".pdn":
		return "text/plain; charset=utf-8"
	case ".json":
		return "application/json"
	case ".html":
		return "text/html; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// render draws page p from what page read (data), with the summaries of the event's
// games for data.json.
func (h *Handler) render(p string, data *store.SitePage, games []reports.SiteGameSummary) (cached, error) {
	all := data.Tournaments
	if p == "/" || p == "/index.html" {
		var buf bytes.Buffer
		var entries []reports.ArchiveEntry
		for i := range all {
			entries = append(entries, reports.ArchiveEntry{Tournament: all[i], Dir: Slug(&all[i]) + "/"})
		}
		err := reports.WriteArchiveIndex(&buf, entries, archiveLang(all, h.lang))
		return cached{ctype: ctypeOf(".html"), body: buf.Bytes()}, err
	}
	rest := strings.TrimPrefix(p, "/")
	slug, name, _ := strings.Cut(rest, "/")
	if name == "" {
		name = "index.html"
	}
	var t *tournament.Tournament
	for i := range all {
		if Slug(&all[i]) == slug {
			t = &all[i]
		}
	}
	if t == nil || strings.Contains(name, "/") {
		return cached{}, errNotFound
	}
	if !strings.HasSuffix(rest, "/") && !strings.Contains(rest, "/") {
		return cached{}, errSlash // "/<slug>": relative links need "/<slug>/"
	}
	return h.renderEvent(data, name, games)
}

// renderEvent draws file name (a page, data.json, a game page or its PDN) of the site of
// the tournament data holds; errNotFound for a game file that names no board.
func (h *Handler) renderEvent(data *store.SitePage, name string, games []reports.SiteGameSummary) (cached, error) {
	var buf bytes.Buffer
	ho := reports.HTMLOptions{Lang: Lang(data.Tournament, h.lang), Root: "../", Archive: true}
	he, err := reports.NewHTMLEvent(data.Event, ho)
	if err != nil {
		return cached{}, err
	}
	switch {
	case name == "data.json":
		err := he.WriteData(&buf, games)
		return cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
	case strings.HasPrefix(name, "game-"):
		if data.Board == nil {
			return cached{}, errNotFound
		}
		sg := data.Game
		if strings.HasSuffix(name, ".pdn") {
			return cached{ctype: ctypeOf(name), body: []byte(sg.PDN)}, nil
		}
		err = he.WriteGamePage(&buf, sg)
		return cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
	}
	err = he.WritePage(&buf, name)
	return cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
}

// zeroTime: no Last-Modified header (the pages change with the database, not a file).
var zeroTime time.Time
