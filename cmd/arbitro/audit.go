package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"

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
		return usageCoded(tournament.Errf(nil, "err.cli.jobs", "--jobs must be 0 (one per processor) or more"))
	}
	switch {
	case o.All:
		if len(args) > 0 || o.Round != 0 || o.Variant != "" || o.Strict {
			return usageCoded(tournament.Errf(nil, "err.cli.all_alone", "--all audits every tournament of the database: give no FILE, --round, --variant or --strict"))
		}
	case len(args) > 0:
		if o.Round != 0 || o.PDF != "" {
			return usageCoded(tournament.Errf(nil, "err.cli.files_no_round_pdf", "--round and --pdf are for the tournament's audit, not for PDN files"))
		}
	default:
		if o.Variant != "" || o.Strict || o.Encoding != "" {
			return usageCoded(tournament.Errf(nil, "err.cli.tournament_no_variant", "--variant, --strict and --encoding are for PDN files; a tournament's games use its variant and are stored as UTF-8"))
		}
		if o.Round < 0 {
			return usageCoded(tournament.Errf(nil, "err.cli.audit_round", "--round must be a round number"))
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

Every score's verdict is one of: legal; illegal (the first illegal ply, its reason, the
position and the legal moves); ambiguous (every move legal, a from-to capture that takes
different pieces under readings the rest of the game allows: both readings and the
position after each; not an accusation); not judged (unsupported variant such as English
or Czech draughts, undecidable variant, impossible position: never "not legal"); fragment
(move text without tags after a game, or an unreadable piece between games: named by its
lines, never judged as a game). Notes (tolerated notation, unverifiable results such as
4-6, a PlyCount tag that differs from the moves, a Result tag that differs from the move
text, a capture decided by later moves) are shown as in 'arbitro replay' and counted by
kind in the summary; they never change a verdict or the exit status.

Exit status: 0 no problem; 3 an illegal score or another problem (a result inconsistent
with the moves, a board or claim disagreement); else 5 an ambiguous capture; else 6 a score
not judged; 1 a file or the database could not be read.`,
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
	markOutput(cmd, "pdf")
	return withRun(cmd, o, runF)
}

// runAudit runs the audit asked (options completed): the archive of every tournament
// (--all), PDN files, or the tournament.
func runAudit(cmd *cobra.Command, g *globalOptions, o *auditOptions) error {
	if err := g.checkOutput(o.PDF); err != nil { // before a long audit, not after it
		return err
	}
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
	if err := reports.WriteUnsafeTexts(cmd.ErrOrStderr(), g.cliLocale(), rep.UnsafeTexts); err != nil {
		return err
	}
	if err := reports.WriteEventLogBreak(cmd.ErrOrStderr(), g.cliLocale(), rep.EventLog.Break); err != nil {
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
	var tally reports.VerdictTally
	for i := range a.Games {
		tally.Add(&a.Games[i].Verdict)
	}
	for i := range a.Playoffs {
		tally.Add(&a.Playoffs[i].Verdict)
	}
	return verdictExit(g.cliLocale(), tally, a.Problems-verdictOnlyProblems(tally)+logProblems(rep.EventLog.Break), "cmd.what.game_scores")
}

// logProblems counts a break of the event log's chain as one problem of the audit.
func logProblems(b *tournament.ChainBreak) int {
	if b != nil {
		return 1
	}
	return 0
}

// auditAll is `audit --all`: every tournament of the database, judged on --jobs workers,
// streamed in a stable order.
func auditAll(cmd *cobra.Command, g *globalOptions, jobs int, pdf string) error {
	auditGC()
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	aw := &reports.ArchiveAudit{W: out, JSON: g.json, L: g.cliLocale(), KeepSummaries: pdf != ""}
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
	if err := reports.WriteEventLogBreak(cmd.ErrOrStderr(), g.cliLocale(), total.EventLogBreak); err != nil {
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
	if n := total.Problems - verdictOnlyProblems(aw.Tally) + logProblems(total.EventLogBreak); n > 0 {
		msg := g.cliLocale()
		return withCode(exitIllegal, errors.New(msg.T("err.audit_found_in", "problems", msg.N("cmd.problems", n),
			"tournaments", msg.N("cmd.tournaments", total.Tournaments))), msg.T("hint.see_list"))
	}
	return verdictExit(g.cliLocale(), aw.Tally, 0, "cmd.what.game_scores")
}

// auditGC sets the garbage collector for an archive audit (and for replay, which streams
// games the same way, issue 33): the live heap stays at a few
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
	var total reports.VerdictTally
	problems := 0 // problems other than a verdict not illegal
	var readErrs []error
	showBar := g.io.ErrTTY
	for _, file := range files {
		t, n, err := auditFile(g, w, file, opts, jobs, showBar, encoding)
		total.Merge(t)
		problems += n
		if err != nil {
			readErrs = append(readErrs, namingFile(file, err))
		}
	}
	if !g.json {
		if err := reports.WriteArchiveAuditSummary(w, g.cliLocale(), total); err != nil {
			return err
		}
	}
	if len(readErrs) > 0 {
		if err := reports.WriteErrorLines(cmd.ErrOrStderr(), g.cliLocale(), readErrs[:len(readErrs)-1]); err != nil {
			return err
		}
		return fail(readErrs[len(readErrs)-1], g.cliLocale().T("hint.give_pdn_files"))
	}
	return verdictExit(g.cliLocale(), total, problems, "cmd.what.games")
}

// auditFile audits one PDN file: the verdicts counted by class and note kind, and the
// number of problems other than a verdict that is not illegal (tournament.VerdictProblems:
// an illegal verdict, a result inconsistent with the moves).
func auditFile(g *globalOptions, w io.Writer, file string, opts rules.ReplayOptions, jobs int, showBar bool, encoding string) (t reports.VerdictTally, problems int, err error) {
	f, err := os.Open(file)
	if err != nil {
		return t, 0, inputFileError(file, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return t, 0, err
	}
	if fi.IsDir() {
		return t, 0, inputFileError(file, syscall.EISDIR)
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
		return t, 0, err
	}
	br, err := checkPDNText(r)
	if err != nil {
		return t, 0, err
	}
	// The work of tournament.AuditPDNJobs, with each game recycled once rendered (issue
	// 33): the games are judged and rendered on the workers and written in file order.
	pr := rules.NewPDNReader(br)
	pr.Strict = opts.Strict // audit --strict: the PDN 3.0 grammar (issue 14)
	asJSON, msg := g.json, g.cliLocale()
	type judged struct {
		vd       rules.Verdict
		problems int
		out      []byte
	}
	err = tournament.JudgePDN(pr, jobs, func(gm *rules.Game, perr error) judged {
		var vd rules.Verdict
		if perr != nil {
			vd = rules.ParseErrorVerdict(gm, perr)
		} else {
			vd = rules.Replay(gm, opts)
		}
		ps := tournament.VerdictProblems(vd)
		j := judged{vd: vd, problems: len(ps), out: reports.ArchiveGame(msg, asJSON, file, gm, vd, ps)}
		rules.RecycleGame(gm)
		return j
	}, func(j judged) error {
		t.Add(&j.vd)
		problems += j.problems
		if c := j.vd.Class(); c != rules.ClassLegal && c != rules.ClassIllegal {
			problems-- // the verdict's own problem: counted by its class
		}
		_, err := w.Write(j.out)
		return err
	})
	return t, problems, err
}
