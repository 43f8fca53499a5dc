package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// auditOptions are the flags of `arbitro audit`.
type auditOptions struct {
	Round, Jobs int
	All         bool     // --all: every tournament of the database
	PDF         string   // --pdf FILE
	Variant     string   // of archive games without a GameType tag
	Strict      bool     // archive files read by the PDN 3.0 grammar
	Encoding    string   // --encoding of the PDN files (tournament.DecodingReader)
	Files       []string // PDN files of an archive; none for the tournament or --all
}

// complete reads the PDN files from args and checks the combination of flags: --all, PDN
// files and the tournament's audit each take their own.
func (o *auditOptions) complete(_ *cobra.Command, args []string) error {
	o.Files = args
	if o.Jobs < 0 {
		return usageErr("--jobs must be 0 (one per processor) or more")
	}
	switch {
	case o.All:
		if len(args) > 0 || o.Round != 0 || o.Variant != "" || o.Strict {
			return usageErr("--all audits every tournament of the database: give no FILE, --round, --variant or --strict")
		}
	case len(args) > 0:
		if o.Round != 0 || o.PDF != "" {
			return usageErr("--round and --pdf are for the tournament's audit, not for PDN files")
		}
	default:
		if o.Variant != "" || o.Strict || o.Encoding != "" {
			return usageErr("--variant, --strict and --encoding are for PDN files; a tournament's games use its variant and are stored as UTF-8")
		}
		if o.Round < 0 {
			return usageErr("--round must be a round number")
		}
	}
	return nil
}

func newAuditCmd(g *globalOptions, runF func(*cobra.Command, *auditOptions) error) *cobra.Command {
	o := &auditOptions{}
	cmd := &cobra.Command{
		Use:     "audit [FILE.pdn...]",
		Aliases: []string{"verifica"},
		Short:   "Audit (verifica): replay every stored game score, check results and draw claims; or audit PDN files",
		Long: `Without files: replay every game score stored in the tournament (or in round --round)
through the rules of its variant and list every problem: an illegal move (the ply, the move,
the reason, the position and the legal moves), a from-to capture that fits several captures
and that the rest of the game does not decide (ambiguous-capture), a result that disagrees
with the moves or with the recorded result, players that differ from the pairing, and draw
claims whose decision differs from the engine's verdict or whose accepted draw is not the
recorded result. A capture that the rest of the game decided is listed as a note.
--pdf FILE writes the audit report with a board diagram for each illegal move.

With files: audit PDN files outside any tournament (an archive), streaming: memory does not
grow with the number of games. Only games with problems are listed, then a summary; a
progress bar is shown on a terminal. --variant is the variant of games without a GameType
tag.

--all audits every tournament of the database in one run (a federation's archive): the
scores are judged on --jobs workers (default one per processor) and listed in a stable
order, the same for any --jobs: tournaments by id, scores by round and board; the scores
with problems, one summary line per tournament, the archive's totals (illegal scores by
reason, results inconsistent with the moves, draw claims decided against the engine).
--json writes one object per score (tournament, board, verdict, problems); --pdf FILE the
summary of the archive with a row per tournament. A progress bar is shown on a terminal.

--json writes JSON Lines, one object per game: the verdict of 'arbitro replay --json'
(rules/REPLAY-JSON.md) plus "problems" (code, ply, message), "resolved_ambiguities", and
for a tournament "round", "board", "game", "game_id", "recorded_result" and "claims".

Exit status: 0 no problem; 3 a problem was found; 1 a file or the database could not be read.`,
		Example: `  arbitro audit
  arbitro audit --round 3 --pdf audit-r3.pdf
  arbitro audit archive/*.pdn --json > verdicts.jsonl
  arbitro audit --all --jobs 2 --pdf federation-audit.pdf`,
	}
	cmd.Flags().IntVar(&o.Round, "round", 0, "audit this round only")
	cmd.Flags().BoolVar(&o.All, "all", false, "audit every tournament of the database in one run (with --pdf: the archive's summary)")
	cmd.Flags().IntVar(&o.Jobs, "jobs", 0, "games judged at once (0: one per processor); the output is the same for any value")
	cmd.Flags().StringVar(&o.PDF, "pdf", "", "write the audit report (board diagrams of illegal moves) to this PDF file")
	cmd.Flags().StringVar(&o.Variant, "variant", "", "italian or international: variant of archive games without a GameType tag")
	cmd.Flags().StringVar(&o.Encoding, "encoding", "", "the PDN files' encoding when it is not UTF-8 (detected: UTF-16 with its byte-order mark, Windows-1252): "+tournament.EncodingNames)
	cmd.Flags().BoolVar(&o.Strict, "strict", false, "read archive files by the PDN 3.0 grammar: every tolerated deviation is a parse error (see 'arbitro replay --help')")
	return withRun(cmd, o, runF)
}

// runAudit runs the audit asked (options completed): the archive of every tournament
// (--all), PDN files, or the tournament.
func runAudit(cmd *cobra.Command, g *globalOptions, o *auditOptions) error {
	switch {
	case o.All:
		return auditAll(cmd, g, o.Jobs, o.PDF)
	case len(o.Files) > 0:
		if err := tournament.CheckEncoding(o.Encoding); err != nil {
			return g.explain(err)
		}
		return auditFiles(cmd, g, o.Files, o.Variant, o.Strict, o.Jobs, o.Encoding)
	}
	return auditTournament(cmd, g, o.Round, o.PDF)
}

func auditTournament(cmd *cobra.Command, g *globalOptions, round int, pdf string) error {
	var rep store.AuditReport
	var t tournament.Tournament
	err := g.readExplaining(explainBoard, func(st *store.Store) (_ tournament.Tournament, err error) {
		rep, t, err = st.Audit(cmd.Context(), g.tournament, round)
		return t, err
	})
	if err != nil {
		return err
	}
	if err := reports.WriteUnsafeNames(cmd.ErrOrStderr(), g.cliLocale(), rep.UnsafeNames); err != nil {
		return err
	}
	a := rep.Audit
	w := cmd.OutOrStdout()
	if g.json {
		err = reports.WriteTournamentAuditJSON(w, g.db, a)
	} else {
		err = reports.WriteTournamentAuditText(w, g.cliLocale(), a)
	}
	if err != nil {
		return err
	}
	if pdf != "" {
		loc, err := g.reportLocale(&t) // the header and footer in the tournament's language
		if err != nil {
			return err
		}
		rep := reports.AuditReportOf(t.EventInfo(), a)
		if err := writePDF(cmd, g, pdf, func(w io.Writer, m reports.Meta) error { m.Locale = loc; return reports.WriteAuditPDF(w, rep, m) }); err != nil {
			return err
		}
	}
	if a.Problems > 0 {
		msg := g.cliLocale()
		return withCode(exitIllegal, errors.New(msg.T("err.audit_found", "problems", msg.N("cmd.problems", a.Problems))), msg.T("hint.see_list"))
	}
	return nil
}

// auditAll is `audit --all`: every tournament of the database, judged on --jobs workers,
// streamed in a stable order.
func auditAll(cmd *cobra.Command, g *globalOptions, jobs int, pdf string) error {
	auditGC()
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	aw := &reports.ArchiveAudit{W: out, JSON: g.json, KeepSummaries: pdf != ""}
	var bar *progressbar.ProgressBar
	opts := tournament.ArchiveAuditOptions{Jobs: jobs, Render: aw.Render, OnItem: func(it *tournament.ArchiveItem) error {
		if bar != nil && it.Kind == tournament.ItemGame {
			_ = bar.Add(1)
		}
		return aw.Item(it)
	}}
	if g.io.ErrTTY {
		opts.OnStart = func(games int) {
			bar = progressbar.NewOptions(games, progressbar.OptionSetWriter(g.io.ErrOut), progressbar.OptionSetDescription("audit"),
				progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100_000_000))
		}
	}
	var total *tournament.AuditSummary
	err := g.readFile(func(st *store.Store) (err error) {
		total, err = st.AuditAll(cmd.Context(), opts)
		return err
	})
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if err := aw.Finish(total); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if pdf != "" {
		if err := writePDF(cmd, g, pdf, func(w io.Writer, m reports.Meta) error {
			if l, _ := g.langFlag(); l != "" { // checked before anything was opened; else English, and each tournament in its own language
				m.Locale = reports.LocaleOf(l)
			}
			return reports.WriteArchiveAuditPDF(w, total, aw.Summaries, m)
		}); err != nil {
			return err
		}
	}
	if total.Problems > 0 {
		msg := g.cliLocale()
		return withCode(exitIllegal, errors.New(msg.T("err.audit_found_in", "problems", msg.N("cmd.problems", total.Problems),
			"tournaments", msg.N("cmd.tournaments", total.Tournaments))), msg.T("hint.see_list"))
	}
	return nil
}

// auditGC sets the garbage collector for an archive audit: the live heap stays at a few
// MB (games stream through a bounded pipeline) while every game allocates its parse and
// replay, so the default target (GOGC=100) collects every few hundred games. A target of
// 400% with a 64 MiB soft limit collects about a quarter as often (measured on 99,492
// games: 6.1 instead of 8.7 CPU seconds, peak 40 MB instead of 27 MB). An explicit $GOGC
// or $GOMEMLIMIT wins.
func auditGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(64 << 20)
	}
}

// auditFiles is the archive audit of PDN files.
func auditFiles(cmd *cobra.Command, g *globalOptions, files []string, variant string, strict bool, jobs int, encoding string) error {
	auditGC()
	opts, err := replayOptions(variant)
	if err != nil {
		return err
	}
	opts.Strict = strict
	bw := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	defer bw.Flush()
	w := bw
	var total tournament.ArchiveStats
	var readErrs []error
	showBar := g.io.ErrTTY
	for _, file := range files {
		st, err := auditFile(g, w, file, opts, jobs, showBar, encoding)
		total.Games += st.Games
		total.Illegal += st.Illegal
		total.Inconsistent += st.Inconsistent
		total.WithProblems += st.WithProblems
		total.Ambiguities += st.Ambiguities
		total.Plies += st.Plies
		if err != nil {
			readErrs = append(readErrs, fmt.Errorf("%s: %w", file, err))
		}
	}
	if !g.json {
		if err := reports.WriteArchiveAuditSummary(w, g.cliLocale(), total); err != nil {
			return err
		}
	}
	if len(readErrs) > 0 {
		if err := reports.WriteErrorLines(cmd.ErrOrStderr(), readErrs[:len(readErrs)-1]); err != nil {
			return err
		}
		return fail(readErrs[len(readErrs)-1], g.cliLocale().T("hint.give_pdn_files"))
	}
	if total.WithProblems > 0 {
		msg := g.cliLocale()
		return withCode(exitIllegal, errors.New(msg.T("err.games_with_problems", "problems", total.WithProblems, "games", total.Games)), msg.T("hint.see_list"))
	}
	return nil
}

func auditFile(g *globalOptions, w io.Writer, file string, opts rules.ReplayOptions, jobs int, showBar bool, encoding string) (tournament.ArchiveStats, error) {
	f, err := os.Open(file)
	if err != nil {
		return tournament.ArchiveStats{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return tournament.ArchiveStats{}, err
	}
	if fi.IsDir() {
		return tournament.ArchiveStats{}, errors.New("is a directory")
	}
	var r io.Reader = f
	if showBar {
		bar := progressbar.NewOptions64(fi.Size(), progressbar.OptionSetWriter(g.io.ErrOut), progressbar.OptionShowBytes(true),
			progressbar.OptionSetDescription(filepath.Base(file)), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100_000_000))
		pr := progressbar.NewReader(f, bar)
		r = &pr
		defer bar.Finish()
	}
	if r, err = tournament.DecodingReader(r, encoding); err != nil {
		return tournament.ArchiveStats{}, err
	}
	// the verdicts are rendered on the workers and written in file order
	asJSON, msg := g.json, g.cliLocale()
	render := func(g *rules.Game, vd rules.Verdict, problems []tournament.Problem) []byte {
		return reports.ArchiveGame(msg, asJSON, file, g, vd, problems)
	}
	return tournament.AuditPDNJobs(r, opts, jobs, render, func(_ *rules.Game, _ rules.Verdict, _ []tournament.Problem, out []byte) error {
		_, err := w.Write(out)
		return err
	})
}
