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
// transaction, so a result entered by another process (arbitro result) shows on the next
// request; rendered pages are cached until the database changes (tournament.DataVersion).
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
	var out cached
	err := h.st.View(r.Context(), func(tx *store.Tx) error {
		v, err := tx.DataVersion()
		if err != nil {
			return err
		}
		if v != h.version {
			h.version, h.cache = v, map[string]cached{}
		}
		if c, ok := h.cache[p]; ok {
			out = c
			return nil
		}
		if out, err = h.render(tx, p); err != nil {
			return err
		}
		if len(h.cache) >= maxCached {
			h.cache = map[string]cached{} // a crawler walking a large archive: start again
		}
		h.cache[p] = out
		return nil
	})
	return out, err
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

// render draws page p from the database.
func (h *Handler) render(tx *store.Tx, p string) (cached, error) {
	all, err := tx.Tournaments()
	if err != nil {
		return cached{}, err
	}
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
	return h.renderEvent(tx, t, name)
}

// renderEvent draws file name (a page, data.json, a game page or its PDN) of tournament
// t's site; errNotFound for a game file that names no board.
func (h *Handler) renderEvent(tx *store.Tx, t *tournament.Tournament, name string) (cached, error) {
	var buf bytes.Buffer
	ev, err := tx.LoadSiteEvent(t)
	if err != nil {
		return cached{}, err
	}
	ho := reports.HTMLOptions{Lang: Lang(t, h.lang), Root: "../", Archive: true}
	he, err := reports.NewHTMLEvent(ev, ho)
	if err != nil {
		return cached{}, err
	}
	switch {
	case name == "data.json":
		var games []reports.SiteGameSummary
		err := tx.EachSiteGame(ev, func(sg *tournament.SiteGame) error {
			games = append(games, reports.GameSummary(sg))
			return nil
		})
		if err == nil {
			err = he.WriteData(&buf, games)
		}
		return cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
	case strings.HasPrefix(name, "game-"):
		b := he.BoardOfGamePage(name)
		if b == nil {
			return cached{}, errNotFound
		}
		sg, err := tx.SiteGame(ev, b)
		if err != nil {
			return cached{}, err
		}
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
