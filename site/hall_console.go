package site

// The arbiter's tools of the hall's console (issue 30, docs/hall.md): how a round was
// paired, the sheets to print (the command line's PDFs), publishing the site, and the
// event log. Every page here is the arbiter's: behind the login (Hall.loggedIn).

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"arbitro/reports"
	"arbitro/tournament"
)

// PDFMeta sets what the printed sheets carry in their footer and dates (the command
// line's reportMeta: arbitro's version, and $SOURCE_DATE_EPOCH's time when set), so that
// a sheet printed from the console is the same file as 'arbitro pairings --pdf' makes.
// Without it the footer has no version and the time is now. Call it before serving.
func (h *Hall) PDFMeta(meta func() (reports.Meta, error)) { h.meta = meta }

// PublishTo makes the console's Publish write the site of what the hall serves into dir,
// as 'arbitro publish --out dir' does (--all, or --tournament ID after Only; serve --hall
// --publish DIR), and publishes it once now; without it the console offers the site as a
// zip file to download. Call it before serving. Errors: Publish's (ErrOut for the folder);
// the hall is left without a folder.
func (h *Hall) PublishTo(ctx context.Context, dir string) error {
	if _, err := Publish(ctx, h.st, h.publishOptions(dir)); err != nil {
		return err
	}
	h.publishDir = dir
	return nil
}

// publishOptions publish what the hall serves into dir: every event, or the one of Only.
func (h *Hall) publishOptions(dir string) Options {
	if h.only != 0 {
		return Options{Out: dir, Tournament: strconv.FormatInt(h.only, 10), Lang: h.lang}
	}
	return Options{Out: dir, All: true, Lang: h.lang}
}

// pdfMeta is the meta of a printed sheet (PDFMeta).
func (h *Hall) pdfMeta() (reports.Meta, error) {
	if h.meta != nil {
		return h.meta()
	}
	return reports.Meta{Generated: h.now().UTC()}, nil
}

// arbiterRoute answers the console's own pages (explain, print, log, site.zip) to a
// logged-in arbiter, and reports whether page is one of them.
func (h *Hall) arbiterRoute(w http.ResponseWriter, r *http.Request, id int64, page string, o reports.HallOptions) bool {
	switch page {
	case "explain", "print", "log", "site.zip":
	default:
		return false
	}
	if !h.loggedIn(r) {
		h.message(w, r, id, http.StatusUnauthorized, reports.HallMessage{Key: "hall.msg.login.needed"})
		return true
	}
	ref := strconv.FormatInt(id, 10)
	switch page {
	case "explain":
		h.explainPage(w, r, ref, o)
	case "print":
		h.print(w, r, ref)
	case "log":
		evs, t, err := h.st.EventLog(r.Context(), ref)
		h.page(w, r, err, &t, o, func(w io.Writer, o reports.HallOptions) error { return reports.WriteHallLog(w, &t, evs, o) })
	case "site.zip":
		h.download(w, r, ref)
	}
	return true
}

// explainPage: how round ?round= (default the last paired) was paired, as 'arbitro
// pairings --explain' prints it, in the event's language.
func (h *Hall) explainPage(w http.ResponseWriter, r *http.Request, ref string, o reports.HallOptions) {
	q := r.URL.Query()
	v, t, err := h.st.PairingsSheet(r.Context(), ref, atoi(q.Get("round")))
	h.page(w, r, err, &t, o, func(w io.Writer, o reports.HallOptions) error {
		return reports.WriteHallExplanation(w, v, o, queryMessage(q))
	})
}

// print answers a sheet of HallSheets as PDF (?sheet=, ?round= for a round's sheets, the
// last paired by default), made as the command line makes it: the same use case, the
// same rendering, the same meta (PDFMeta), so the same bytes.
func (h *Hall) print(w http.ResponseWriter, r *http.Request, ref string) {
	q := r.URL.Query()
	sheet := q.Get("sheet")
	var buf bytes.Buffer
	meta, err := h.pdfMeta()
	if err == nil {
		switch sheet {
		case "pairings", "results":
			err = h.roundPDF(r, &buf, ref, atoi(q.Get("round")), sheet == "results", meta)
		case "standings":
			err = h.standingsPDF(r, &buf, ref, meta)
		default:
			err = tournament.ErrNotFound
		}
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", `attachment; filename="`+sheet+".pdf\"")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// roundPDF writes the pairing sheet of round (0 the last paired) as 'arbitro pairings
// --pdf' does, with the hall's address stored with 'hall set --url' (its boards' codes
// and cards), or with results its results sheet ('arbitro pairings --results --pdf').
func (h *Hall) roundPDF(r *http.Request, w io.Writer, ref string, round int, results bool, meta reports.Meta) error {
	v, t, err := h.st.PairingsSheet(r.Context(), ref, round)
	if err != nil {
		return err
	}
	sheet := reports.PairingsSheetOf(v, reports.LocaleOf(Lang(&t, h.lang)))
	if results {
		return reports.WriteResultsPDF(w, sheet, meta)
	}
	if v.HallURL != "" {
		if sheet.Hall, err = reports.ParseHallURL(v.HallURL, t.ID); err != nil {
			return err
		}
	}
	return reports.WritePairingsPDF(w, sheet, meta)
}

// standingsPDF writes the standings after the last round with every result in, as
// 'arbitro standings --pdf' does.
func (h *Hall) standingsPDF(r *http.Request, w io.Writer, ref string, meta reports.Meta) error {
	s, t, err := h.st.Standings(r.Context(), ref, -1, "")
	if err != nil {
		return err
	}
	return reports.WriteStandingsPDF(w, reports.Standings{Table: s.Table, AfterRound: s.Round, Rows: s.Rows,
		Locale: reports.LocaleOf(Lang(&t, h.lang)), Playoffs: s.Playoffs, PlayoffDecided: s.PlayoffDecided, Categories: s.Categories}, meta)
}

// publish is the console's Publish: the event's site written into the folder PublishTo
// gave, by Publish as 'arbitro publish' writes it; the page says where and how many files.
func (h *Hall) publish(w http.ResponseWriter, r *http.Request, id int64) {
	if h.publishDir == "" {
		http.Redirect(w, r, "/hall/"+strconv.FormatInt(id, 10)+"/site.zip", http.StatusSeeOther)
		return
	}
	res, err := Publish(r.Context(), h.st, h.publishOptions(h.publishDir))
	if err != nil {
		h.logf("hall: publishing into %s failed: %v\n", h.publishDir, err)
		h.fail(w, r, err)
		return
	}
	h.logf("hall: the arbiter published tournament %d into %s from %s\n", id, h.publishDir, clientAddr(r))
	h.message(w, r, id, http.StatusOK, reports.HallMessage{Key: "hall.msg.published",
		Args: []any{"dir", h.publishDir, "files", res.Files, "written", res.Written}})
}

// download answers the event's site as a zip file: Publish into a temporary folder (the
// same files 'arbitro publish' writes), packed with the files' paths in the site and the
// time of the request; the folder is removed.
func (h *Hall) download(w http.ResponseWriter, r *http.Request, ref string) {
	tmp, err := os.MkdirTemp("", "arbitro-hall-site-")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "site")
	if _, err := Publish(r.Context(), h.st, Options{Out: out, Tournament: ref, Lang: h.lang}); err != nil {
		h.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := zipFolder(&buf, out, h.now()); err != nil {
		h.fail(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/zip")
	hd.Set("Content-Disposition", `attachment; filename="site-`+ref+`.zip"`)
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// zipFolder writes the regular files under dir (not the publish's list .arbitro-site) to
// w as a zip file, their paths relative to dir with '/', each dated at.
func zipFolder(w io.Writer, dir string, at time.Time) error {
	zw := zip.NewWriter(w)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || d.Name() == ".arbitro-site" {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: filepath.ToSlash(rel), Method: zip.Deflate, Modified: at})
		if err != nil {
			return err
		}
		_, err = f.Write(b)
		return err
	})
	return cmp.Or(err, zw.Close())
}
