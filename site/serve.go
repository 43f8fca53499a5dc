package site

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// Handler serves the site of every tournament of the store live, read-only: the archive
// index at /, each tournament under /<slug>/ (Slug) with the same pages Publish writes,
// and the assets under /assets/. Every request reads the database's data version in one
// read transaction (store.SitePage), so a result entered by another process (arbitro
// result) shows on the next request; a rendered page is kept in a cache bounded in bytes
// (CacheBytes, LimitCache) until the database changes, or until the next ply of a live
// board comes into view under the spectators' delay (tournament.SiteEvent.LiveUntil).
//
// Rendering does not block other pages (issue 27, class 8): no lock is held while a page
// is read and drawn; requests for the same page at the same data version share one
// rendering (singleflight), and a cached page is answered while another page renders.
// Every page carries an ETag (a hash of its bytes) and a Last-Modified (when this server
// first drew those bytes), so a reload with If-None-Match or If-Modified-Since costs a
// 304 and no body.
//
// Only GET and HEAD are answered (405 otherwise); a path with "..", a backslash, a NUL or
// an encoded slash, and any name that is not a page of the site, is refused (404, or 400
// for a malformed path). Every answer carries the Content-Security-Policy as a header.
type Handler struct {
	st   *store.Store
	lang tournament.Lang

	flights singleflight.Group // key: page path and data version
	mu      sync.Mutex         // guards cache only; never held while reading or rendering
	cache   *pageCache
	now     func() time.Time
	// rendering, when not nil, is called before page p is drawn (tests: a slow page).
	rendering func(p string)
}

// cached is one page as answered: its type, bytes and validators, and the data version
// it was drawn at.
type cached struct {
	ctype    string
	body     []byte
	etag     string    // a strong ETag: a hash of body, quoted
	modified time.Time // Last-Modified: when this server first drew these bytes for the page
	version  int64
	// until: the page is stale from then on though the file is not changed (a live
	// board's next ply comes into view under the spectators' delay); zero: never.
	until time.Time
}

// CacheBytes is the default bound of a Handler's cache of rendered pages (LimitCache).
const CacheBytes = 64 << 20

// NewHandler returns the live site of st; lang as in Options.Lang. Its cache holds at
// most CacheBytes of pages.
func NewHandler(st *store.Store, lang tournament.Lang) *Handler {
	return &Handler{st: st, lang: lang, cache: newPageCache(CacheBytes), now: time.Now}
}

// LimitCache bounds the cache of rendered pages to n bytes (the pages' bytes, their paths
// and validators, and a fixed cost per page); n <= 0 caches nothing. A page larger than
// an eighth of n is not cached, so one heavy page cannot empty the cache. Call it before
// serving.
func (h *Handler) LimitCache(n int64) { h.cache = newPageCache(n) }

// CacheSize returns the bytes the cache holds now (as LimitCache counts them) and its
// bound.
func (h *Handler) CacheSize() (held, bound int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.cache.size, h.cache.max
}

var errNotFound = errors.New("not found")

// errSlash: the path names a tournament's folder without its trailing slash.
var errSlash = errors.New("folder without a slash")

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
	c, err := h.page(r.Context(), p)
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
	hd.Set("ETag", c.etag)
	// ServeContent answers 304 to a matching If-None-Match (or, without one, to an
	// If-Modified-Since not before modified), and HEAD and ranges.
	http.ServeContent(w, r, "", c.modified, bytes.NewReader(c.body))
}

// page returns the page at path p: from the cache when it holds p at the file's data
// version, else read and drawn once for every request that wants it at that version.
func (h *Handler) page(ctx context.Context, p string) (*cached, error) {
	if name, ok := strings.CutPrefix(p, "/assets/"); ok {
		return assetPage(name)
	}
	var hit *cached
	data, err := h.st.SitePage(ctx, store.SitePageRequest{Fresh: func(v int64) bool {
		hit = h.lookup(p, v)
		return true // the version only: the page is read below, once
	}})
	if err != nil {
		return nil, err
	}
	if hit != nil {
		return hit, nil
	}
	// The rendering goes on when the request that started it leaves: others may share it.
	key := p + "\x00" + strconv.FormatInt(data.Version, 10)
	ch := h.flights.DoChan(key, func() (any, error) { return h.draw(context.WithoutCancel(ctx), p) })
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*cached), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// lookup returns the cached page p drawn at data version v, nil when none.
func (h *Handler) lookup(p string, v int64) *cached {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.cache.get(p)
	if c == nil || c.version != v || !c.until.IsZero() && !h.now().Before(c.until) {
		return nil
	}
	return c
}

// draw reads page p (at the data version of its own transaction, which is the one asked
// for or a later one) and renders it, then caches it.
func (h *Handler) draw(ctx context.Context, p string) (*cached, error) {
	var hit *cached
	var games []reports.SiteGameSummary
	req := pageRequest(p, func(sg *tournament.SiteGame) error {
		games = append(games, reports.GameSummary(sg))
		return nil
	})
	req.Fresh = func(v int64) bool {
		hit = h.lookup(p, v) // drawn meanwhile by an earlier flight
		return hit != nil
	}
	data, err := h.st.SitePage(ctx, req)
	if err != nil {
		return nil, err
	}
	if data.Fresh {
		return hit, nil
	}
	if h.rendering != nil {
		h.rendering(p)
	}
	out, err := h.render(p, &data, games)
	if err != nil {
		return nil, err
	}
	out.version = data.Version
	if data.Event != nil && data.Event.LiveUntil != "" {
		out.until, _ = time.Parse(time.RFC3339, data.Event.LiveUntil)
	}
	out.etag = etagOf(out.body)
	now := h.now().Truncate(time.Second)
	h.mu.Lock()
	defer h.mu.Unlock()
	out.modified = now
	if old := h.cache.get(p); old != nil {
		switch {
		case old.version > out.version, old.version == out.version && old.until.After(out.until) && !out.until.IsZero():
			return out, nil // a later version (or a later view of the same) is cached already: keep it
		case old.etag == out.etag:
			out.modified = old.modified // the same bytes since then
		case !old.modified.Before(now):
			out.modified = old.modified.Add(time.Second) // changed within the second
		}
	}
	h.cache.put(p, out)
	return out, nil
}

// etagOf is the strong ETag of body: the first 16 bytes of its SHA-256, quoted.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
}

// assetPage is the embedded asset name (reports.HTMLAssets), with its ETag; errNotFound
// when none.
func assetPage(name string) (*cached, error) {
	assetsOnce.Do(func() {
		assets, _, err := reports.HTMLAssets()
		if err != nil {
			assetsErr = err
			return
		}
		assetPages = map[string]*cached{}
		for n, b := range assets {
			assetPages[n] = &cached{ctype: ctypeOf(n), body: b, etag: etagOf(b), modified: startTime}
		}
	})
	if assetsErr != nil {
		return nil, assetsErr
	}
	c, ok := assetPages[name]
	if !ok {
		return nil, errNotFound
	}
	return c, nil
}

var (
	assetsOnce sync.Once
	assetPages map[string]*cached
	assetsErr  error
	// startTime is the Last-Modified of the assets: they are built into the program.
	startTime = time.Now().Truncate(time.Second)
)

// pageCache holds rendered pages by path, least recently used first out, within max
// bytes (entryCost of each).
type pageCache struct {
	max, size int64
	order     *list.List // of *cacheEntry, most recent at the front
	byPath    map[string]*list.Element
}

type cacheEntry struct {
	path string
	page *cached
}

func newPageCache(max int64) *pageCache {
	return &pageCache{max: max, order: list.New(), byPath: map[string]*list.Element{}}
}

// entryCost is what one cached page counts against the bound: its bytes, its path, its
// validators and type, and 256 bytes for the maps and lists that hold it.
func entryCost(p string, c *cached) int64 {
	return int64(len(c.body) + len(p) + len(c.etag) + len(c.ctype) + 256)
}

func (pc *pageCache) get(p string) *cached {
	e, ok := pc.byPath[p]
	if !ok {
		return nil
	}
	pc.order.MoveToFront(e)
	return e.Value.(*cacheEntry).page
}

// put caches c as page p, replacing p's page, and drops the least recently used pages
// until the cache is within its bound. A page costing more than max/8 is not cached (and
// p's older page is dropped).
func (pc *pageCache) put(p string, c *cached) {
	if e, ok := pc.byPath[p]; ok {
		pc.size -= entryCost(p, e.Value.(*cacheEntry).page)
		pc.order.Remove(e)
		delete(pc.byPath, p)
	}
	cost := entryCost(p, c)
	if cost > pc.max/8 {
		return
	}
	pc.byPath[p] = pc.order.PushFront(&cacheEntry{path: p, page: c})
	pc.size += cost
	for pc.size > pc.max {
		last := pc.order.Back()
		ce := last.Value.(*cacheEntry)
		pc.size -= entryCost(ce.path, ce.page)
		pc.order.Remove(last)
		delete(pc.byPath, ce.path)
	}
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
		req.EachGame, req.Live = eachGame, true
	case strings.HasPrefix(name, "round-"):
		req.Live = true // the live boards of the last round (issue 31)
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
func (h *Handler) render(p string, data *store.SitePage, games []reports.SiteGameSummary) (*cached, error) {
	all := data.Tournaments
	if p == "/" || p == "/index.html" {
		var buf bytes.Buffer
		var entries []reports.ArchiveEntry
		for i := range all {
			entries = append(entries, reports.ArchiveEntry{Tournament: all[i], Dir: Slug(&all[i]) + "/"})
		}
		err := reports.WriteArchiveIndex(&buf, entries, archiveLang(all, h.lang))
		return &cached{ctype: ctypeOf(".html"), body: buf.Bytes()}, err
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
		return nil, errNotFound
	}
	if !strings.HasSuffix(rest, "/") && !strings.Contains(rest, "/") {
		return nil, errSlash // "/<slug>": relative links need "/<slug>/"
	}
	return h.renderEvent(data, name, games)
}

// renderEvent draws file name (a page, data.json, a game page or its PDN) of the site of
// the tournament data holds; errNotFound for a game file that names no board.
func (h *Handler) renderEvent(data *store.SitePage, name string, games []reports.SiteGameSummary) (*cached, error) {
	var buf bytes.Buffer
	ho := reports.HTMLOptions{Lang: Lang(data.Tournament, h.lang), Root: "../", Archive: true}
	he, err := reports.NewHTMLEvent(data.Event, ho)
	if err != nil {
		return nil, err
	}
	switch {
	case name == "data.json":
		err := he.WriteData(&buf, games)
		return &cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
	case strings.HasPrefix(name, "game-"):
		if data.Board == nil {
			return nil, errNotFound
		}
		sg := data.Game
		if strings.HasSuffix(name, ".pdn") {
			return &cached{ctype: ctypeOf(name), body: []byte(sg.PDN)}, nil
		}
		err = he.WriteGamePage(&buf, sg)
		return &cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
	}
	err = he.WritePage(&buf, name)
	return &cached{ctype: ctypeOf(name), body: buf.Bytes()}, err
}
