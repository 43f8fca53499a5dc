// Package site publishes arbitro's tournaments as a web site: Publish writes a static
// site of one tournament or of a whole archive (every tournament of the file) into a
// folder, and Handler serves the same pages live from the database, read-only, over
// net/http. It reads through the store's read use cases (store.ReadSite, store.SitePage:
// each one read transaction), and renders through package reports
// (html/template, assets embedded with go:embed: no external font, script or CDN).
//
// Layout of a published site (names are stable, so links and rsync keep working):
//
//	index.html                 one tournament: its event page; --all: the archive index
//	assets/site.css, viewer.js the only stylesheet and the only script
//	[<id>-<name>/]             --all: one folder per tournament, holding:
//	  index.html               the event: header, players, rounds
//	  round-N.html             pairings and results of round N
//	  standings.html           standings after the last round with every result in (as arbitro standings)
//	  standings-N.html         standings after round N
//	  crosstable.html          the crosstable, after the same round
//	  player-ID.html           a player's games, colours, opponents, points after each round
//	  game-R-B[-G].html        a game on a board, with the verdict; game-R-B[-G].pdn its score
//	  data.json                the tournament for other programs (docs/site-data.md)
package site

import (
	"arbitro/internal/outfile"
	"arbitro/store"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"arbitro/reports"
	"arbitro/tournament"
)

// ManifestName is the file, in the output folder, listing what the last publish wrote:
// its top-level files and its folders (one line each, a folder with a trailing slash).
// The next publish removes what it lists and no longer writes, and inside the site's
// folders the files named as the site names its files that it no longer writes; nothing
// else in the folder (a .git, a README of the federation) is touched.
const ManifestName = ".arbitro-site"

// siteFile matches the names of the files a site's folder holds (pages, scores, data,
// assets, and temporary files a crash may have left).
var siteFile = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(index\.html|data\.json|crosstable\.html|standings(-[0-9]+)?\.html|round-[0-9]+\.html|player-[0-9]+\.html|game-[0-9]+-[0-9]+(-[0-9]+)?\.(html|pdn)|site\.css|viewer\.js|favicon\.svg|\.tmp-.*)$`)
}) // compiled on first use, not at start-up

// Options control Publish.
type Options struct {
	Out        string          // the folder to write (created when missing)
	All        bool            // every tournament of the file, with an archive index
	Tournament string          // with !All: the tournament (id or name; "" = the only one)
	Lang       tournament.Lang // labels and <html lang>; "" = the tournament's language
	// Dir, when set, is Out opened already (the demo's site, a folder inside its own
	// outfile.Dir): Publish writes into it and leaves it open.
	Dir *outfile.Dir
}

// Result says what Publish wrote.
type Result struct {
	Index       string // path of the site's index.html
	Tournaments int
	Files       int // files of the site
	Written     int // files whose content changed (the others were left untouched)
	Removed     int // files of an earlier publish no longer in the site
}

// ErrOut is wrapped by errors about the output folder.
var ErrOut = errors.New("cannot write the site")

// Lang returns the language of t's pages: want when not empty (--lang), else the
// tournament's language (tournaments.lang), else English.
func Lang(t *tournament.Tournament, want tournament.Lang) tournament.Lang {
	switch {
	case want != "":
		return want
	case t.Lang != "":
		return t.Lang
	}
	return tournament.LangEnglish
}

// Slug is the folder of tournament t in an archive: "<id>-<name in lower-case ASCII
// letters, digits and dashes>", e.g. "3-demo-italo-swiss-simulated-games".
func Slug(t *tournament.Tournament) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(strings.ToLower(t.Name)) {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
		case unicode.Is(unicode.Mn, r):
			// accents dropped
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
		if b.Len() >= 60 {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return strconv.FormatInt(t.ID, 10)
	}
	return strconv.FormatInt(t.ID, 10) + "-" + s
}

// writer writes the files of a site through outfile.Dir (inside the output folder, no
// symbolic link followed, never over the database or another SQLite file; each file
// atomically, a temporary file renamed over it), and only when its content changed. What
// it remembers is bounded by one folder's files plus one line per folder, so that memory
// does not grow with an archive.
type writer struct {
	discard bool // render only (benchmarks of the rendering without the file system)
	dir     *outfile.Dir
	top     []string // top-level files and folders ("x/") written, in order
	seenTop map[string]bool
	folder  map[string]bool // files written in each folder since the last prune, by folder
	files   int
	written int
	removed int
	buf     bytes.Buffer
}

func (w *writer) file(name string, render func(io.Writer) error) error {
	w.buf.Reset()
	if err := render(&w.buf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return w.bytes(name, w.buf.Bytes())
}

// note records that name was written.
func (w *writer) note(name string) {
	w.files++
	if w.seenTop == nil {
		w.seenTop, w.folder = map[string]bool{}, map[string]bool{}
	}
	topName := name
	if i := strings.IndexByte(name, '/'); i >= 0 {
		topName = name[:i+1]
		w.folder[name] = true
	}
	if !w.seenTop[topName] {
		w.seenTop[topName] = true
		w.top = append(w.top, topName)
	}
}

func (w *writer) bytes(name string, data []byte) error {
	w.note(name)
	if w.discard {
		w.written++
		return nil
	}
	changed, err := w.dir.WriteBytes(name, data)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrOut, err)
	}
	if changed {
		w.written++
	}
	return nil
}

// prune removes, from folder dir ("x/", one level under the site), the site's files that
// were not written this time (regular files named as the site names its files; nothing
// when dir is a symbolic link), then forgets the folder's names.
func (w *writer) prune(dir string) {
	if !w.discard {
		for _, name := range w.dir.Files(strings.TrimSuffix(dir, "/")) {
			if siteFile().MatchString(name) && !w.folder[dir+name] && w.dir.RemoveFile(dir+name) {
				w.removed++
			}
		}
	}
	for k := range w.folder {
		if strings.HasPrefix(k, dir) {
			delete(w.folder, k)
		}
	}
}

// finish prunes the folders still open, removes what the previous manifest lists and
// this publish did not write, and writes the new manifest.
func (w *writer) finish() error {
	folders := map[string]bool{}
	for k := range w.folder {
		folders[k[:strings.IndexByte(k, '/')+1]] = true
	}
	for d := range folders {
		w.prune(d)
	}
	if old, err := w.dir.ReadFile(ManifestName); err == nil {
		for _, name := range strings.Split(string(old), "\n") {
			if name == "" || w.seenTop[name] || !safeName(strings.TrimSuffix(name, "/")) {
				continue
			}
			if strings.HasSuffix(name, "/") {
				w.prune(name)
				w.dir.RemoveEmptyDir(name) // only if now empty, and a folder (not a link)
				continue
			}
			if siteFile().MatchString(name) && w.dir.RemoveFile(name) {
				w.removed++
			}
		}
	}
	names := append([]string(nil), w.top...)
	sort.Strings(names)
	files, written := w.files, w.written
	err := w.bytes(ManifestName, []byte(strings.Join(names, "\n")+"\n"))
	w.files, w.written = files, written
	return err
}

// safeName reports whether a manifest line is a relative path inside the site.
func safeName(name string) bool {
	if strings.HasPrefix(name, "/") || strings.Contains(name, "\\") {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}

// Publish writes the site of opts.Tournament (or, with opts.All, of every tournament of
// the file) into opts.Out, reading everything in one read transaction (store.ReadSite: one
// consistent state of the database). opts.Out is opened as an os.Root (outfile.Dir): a
// symbolic link inside it is never followed, and no file is written over the database
// (st.Path()) or another SQLite file; pruning removes only regular files inside it. Tournaments are rendered one at a time and each game is read,
// replayed and written before the next, so memory does not grow with the archive. The same
// database gives byte-identical files. Errors: tournament selection errors
// (ErrNoTournament, ErrAmbiguousTournament, ErrNotFound), ErrOut (wrapping the
// *outfile.Error that names the file and the cause), or the database's.
func Publish(ctx context.Context, st *store.Store, opts Options) (*Result, error) {
	if opts.Out == "" {
		return nil, fmt.Errorf("%w: no output folder", ErrOut)
	}
	dir := opts.Dir
	if dir == nil {
		var err error
		if dir, err = outfile.Protect(st.Path()).OpenDir(opts.Out); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrOut, err)
		}
		defer dir.Close()
	}
	return publish(ctx, st, opts, &writer{dir: dir})
}

func publish(ctx context.Context, st *store.Store, opts Options, w *writer) (*Result, error) {
	res := &Result{Index: filepath.Join(opts.Out, "index.html")}
	assets, names, err := reports.HTMLAssets()
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		if err := w.bytes("assets/"+n, assets[n]); err != nil {
			return nil, err
		}
	}
	if !opts.All {
		return publishOne(ctx, st, opts, w, res)
	}
	all, err := st.ReadSite(ctx, opts.Tournament, opts.All, func(t *tournament.Tournament, ev *tournament.SiteEvent, games store.SiteGames) error {
		dir := Slug(t) + "/"
		if err := publishEvent(ctx, w, ev, games, dir, reports.HTMLOptions{Lang: Lang(t, opts.Lang), Root: "../", Archive: true}); err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
		w.prune(dir)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Tournaments = len(all)
	var entries []reports.ArchiveEntry
	for i := range all {
		entries = append(entries, reports.ArchiveEntry{Tournament: all[i], Dir: Slug(&all[i]) + "/"})
	}
	if err := w.file("index.html", func(out io.Writer) error {
		return reports.WriteArchiveIndex(out, entries, archiveLang(all, opts.Lang))
	}); err != nil {
		return nil, err
	}
	return finishPublish(w, res)
}

// finishPublish writes the files out (unless w discards them) and counts them in res.
func finishPublish(w *writer, res *Result) (*Result, error) {
	if !w.discard {
		if err := w.finish(); err != nil {
			return nil, err
		}
	}
	res.Files, res.Written, res.Removed = w.files, w.written, w.removed
	return res, nil
}

// archiveLang is the language of an archive index: the one asked for, else the language
// most of its tournaments use (ties: English).
func archiveLang(all []tournament.Tournament, want tournament.Lang) tournament.Lang {
	if want != "" {
		return want
	}
	n := map[tournament.Lang]int{}
	for i := range all {
		n[Lang(&all[i], "")]++
	}
	best := tournament.LangEnglish
	for l, c := range n {
		if c > n[best] || (c == n[best] && l < best) {
			best = l
		}
	}
	return best
}

// publishEvent writes the pages of event ev under folder dir ("" or "<slug>/"), walking
// its game scores with games.
func publishEvent(ctx context.Context, w *writer, ev *tournament.SiteEvent, games store.SiteGames, dir string, ho reports.HTMLOptions) error {
	h, err := reports.NewHTMLEvent(ev, ho)
	if err != nil {
		return err
	}
	for _, name := range h.Pages() {
		if err := w.file(dir+name, func(out io.Writer) error { return h.WritePage(out, name) }); err != nil {
			return err
		}
	}
	var sums []reports.SiteGameSummary
	err = games(func(sg *tournament.SiteGame) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		sums = append(sums, reports.GameSummary(sg))
		if err := w.file(dir+reports.GamePageName(sg.Board), func(out io.Writer) error { return h.WriteGamePage(out, sg) }); err != nil {
			return err
		}
		return w.bytes(dir+reports.GamePDNName(sg.Board), []byte(sg.PDN))
	})
	if err != nil {
		return err
	}
	return w.file(dir+"data.json", func(out io.Writer) error { return h.WriteData(out, sums) })
}

// publishOne writes the site of one tournament (opts.Tournament): its pages in the folder
// itself, as always; or, for an event with groups (issue 32, docs/groups.md), the event's
// pages and each group's in a folder of their own (Slug) under an index of the groups by
// stage (reports.WriteGroupIndex), all read in one transaction (store.ReadEventSite).
func publishOne(ctx context.Context, st *store.Store, opts Options, w *writer, res *Result) (*Result, error) {
	ev, groups, err := st.ReadEventSite(ctx, opts.Tournament, func(t *tournament.Tournament, _ *tournament.Group, grouped bool, ev *tournament.SiteEvent, games store.SiteGames) error {
		if !grouped {
			return publishEvent(ctx, w, ev, games, "", reports.HTMLOptions{Lang: Lang(t, opts.Lang)})
		}
		dir := Slug(t) + "/"
		if err := publishEvent(ctx, w, ev, games, dir, reports.HTMLOptions{Lang: Lang(t, opts.Lang), Root: "../", Archive: true}); err != nil {
			return err
		}
		w.prune(dir)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Tournaments = 1 + len(groups)
	if len(groups) > 0 {
		entries := make([]reports.GroupIndexEntry, len(groups))
		for i := range groups {
			entries[i] = reports.GroupIndexEntry{Group: groups[i], Dir: Slug(&groups[i].Tournament) + "/"}
		}
		if err := w.file("index.html", func(out io.Writer) error {
			return reports.WriteGroupIndex(out, ev, Slug(&ev)+"/", entries, Lang(&ev, opts.Lang))
		}); err != nil {
			return nil, err
		}
	}
	return finishPublish(w, res)
}
