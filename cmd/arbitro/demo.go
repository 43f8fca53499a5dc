package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"arbitro/internal/outfile"
	"arbitro/reports"
	"arbitro/rules"
	"arbitro/site"
	"arbitro/store"
	"arbitro/tournament"
)

// demodata holds the real events the demo starts from (sources in demodata/README.md).
//
//go:embed demodata/*.pdn demodata/README.md
var demodata embed.FS

const (
	demoItalianFile = "ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	demoWorldFile   = "intl_world_championship_2007_rounds01-11.pdn"
	demoSwissRounds = 6 // FID Capo V Art. 1 advises 6 to 9 rounds for 18 players (pairing.ItaloRoundsAdvised)
	demoRRPlayers   = 10
)

// demoOptions are the flags of `arbitro demo`.
type demoOptions struct {
	Dir  string // --dir: the folder of the demo's database and reports
	Seed int64  // --seed of the lot and of the simulated games
}

func (o *demoOptions) complete(*cobra.Command, []string) error {
	if o.Seed < 1 {
		return usageCoded(tournament.Errf(nil, "err.cli.demo_seed", "--seed must be at least 1"))
	}
	return nil
}

// runDemoCmd runs the demo in --dir.
func runDemoCmd(cmd *cobra.Command, g *globalOptions, o *demoOptions) error {
	return runDemo(g, cmd.Context(), cmd.OutOrStdout(), o.Dir, o.Seed)
}

func newDemoCmd(g *globalOptions, runF func(*cobra.Command, *demoOptions) error) *cobra.Command {
	o := &demoOptions{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Run a whole arbiter's session on real and simulated events, into a new folder",
		Long: `Run, with no other input, a whole session of an arbiter's work in a fresh database
inside --dir, printing each step and the equivalent command:

 1. import the real 69th Italian Absolute Championship 2005 (rounds 1-4, 36 games, embedded
    in the binary; source in cmd/arbitro/demodata/README.md), judging every game score;
    audit it; write its standings, crosstable and audit report as text and PDF; then import
    and audit the 2007 World Championship of International draughts (rounds 1-11, 110 games);
 2. a new Italo-Swiss event among the same 18 players: the lot (fixed seed, printed), the
    pairing of each round, every game played by a simple legal-move player (simulated games,
    tagged [Annotator "arbitro demo: simulated game"]; results come from the games), a score
    sheet with a miscopied move caught by the audit and corrected, a 40-move draw claim
    (one rejected as declared too early, then the valid one), and the final standings;
 3. a round robin (Berger tables) among the first ten of the real event, the same way.

Nothing outside --dir is touched. The simulated games are not real games.`,
		Args: cobra.NoArgs,
	}
	c.Flags().StringVar(&o.Dir, "dir", "arbitro-demo", "folder to create the database and the reports in (must not hold a demo already)")
	c.Flags().Int64Var(&o.Seed, "seed", 20261121, "seed of the lot and of the simulated games")
	markOutput(c, "dir")
	return withRun(c, o, runF)
}

// demo is one run of the demo.
type demo struct {
	g   *globalOptions  // the run's shared flags (--lang) and the narration's language
	ctx context.Context // cancels the demo's transactions (the command's context)
	w   io.Writer
	dir string
	st  *store.Store
	// folder is dir, where the demo's files are written (outfile)
	folder *outfile.Dir
	meta   reports.Meta
	narr   *reports.Narration // the layout of the account (numbered steps, lines)
	files  []string
	seed   int64
	loc    *reports.Locale // the language of the narration (cliLocale; Italian by default)
}

// say prints the next numbered step: the message key of the CLI catalog, with its
// name/value arguments, in the demo's language (d.loc).
func (d *demo) say(key string, args ...any) {
	d.narration().Step(d.loc.T(key, args...))
}

// narration is the demo's reports.Narration on d.w, made on first use.
func (d *demo) narration() *reports.Narration {
	if d.narr == nil {
		d.narr = &reports.Narration{W: d.w}
	}
	return d.narr
}

func (d *demo) cmdline(format string, args ...any) {
	d.narration().Line(d.loc.T("demo.by_hand", "db", shellQuote(filepath.Join(d.dir, "arbitro.db")), "cmd", fmt.Sprintf(format, args...)))
}

// out prints a line of the current step (a catalog key and its arguments).
func (d *demo) out(key string, args ...any) {
	d.narration().Line(d.loc.T(key, args...))
}

// file writes name inside the demo folder with render, and remembers it.
func (d *demo) file(name string, render func(w io.Writer) error) error {
	p := d.folder.Path(name)
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := d.folder.WriteBytes(name, buf.Bytes()); err != nil {
		return d.g.explainOutput(err, "")
	}
	d.files = append(d.files, p)
	d.out("demo.wrote", "file", p, "bytes", buf.Len())
	return nil
}

// ref names t for the store's use cases (its id, as --tournament ID does).
func ref(t *tournament.Tournament) string {
	return strconv.FormatInt(t.ID, 10)
}

// explain is the command line's explanation of a use case's error (globalOptions.explain).
func (d *demo) explain(err error) error {
	return d.g.explain(err)
}

func runDemo(g *globalOptions, ctx context.Context, w io.Writer, dir string, seed int64) error {
	if _, err := os.Stat(filepath.Join(dir, "arbitro.db")); err == nil {
		msg := g.cliLocale()
		return fail(errors.New(msg.T("err.demo_exists", "dir", dir)), msg.T("hint.demo_exists"))
	}
	env, err := storeEnv()
	if err != nil {
		return fail(err, g.cliLocale().T("hint.arbiter_env"))
	}
	// The demo's files go through outfile, inside dir (created when missing): no link
	// followed, never over the file --db names.
	folder, err := outfile.Protect(g.db).OpenDir(dir)
	if err != nil {
		return g.explainOutput(err, "")
	}
	defer folder.Close()
	m, err := reportMeta()
	if err != nil {
		return err
	}
	st, err := store.Open(filepath.Join(dir, "arbitro.db"), env...)
	if err != nil {
		return g.explain(err)
	}
	defer st.Close()
	g.tournamentLang = "it" // the session's event is Italian: its narration too, unless --lang or $LANG say otherwise
	d := &demo{g: g, ctx: ctx, w: w, dir: dir, folder: folder, st: st, meta: m, seed: seed, loc: g.cliLocale()}
	d.narration().Plain(d.loc.T("demo.start", "dir", dir, "db", filepath.Join(dir, "arbitro.db")))

	real, err := d.realEvent()
	if err != nil {
		return err
	}
	if err := d.worldEvent(); err != nil {
		return err
	}
	if err := d.swissEvent(real); err != nil {
		return err
	}
	if err := d.roundRobinEvent(real); err != nil {
		return err
	}
	if err := d.fidPracticeEvent(real); err != nil { // issue 13: cmd/arbitro/demo_fid.go
		return err
	}
	if err := d.formatEvents(real); err != nil { // issue 32: groups and teams, cmd/arbitro/demo_formats.go
		return err
	}
	d.narration().Paragraph(d.loc.T("demo.done", "db", filepath.Join(dir, "arbitro.db")))
	d.narration().Files(d.files)
	d.narration().Plain(d.loc.T("demo.continue", "db", shellQuote(filepath.Join(dir, "arbitro.db"))))
	return d.site()
}

// site publishes every event of the demo as a web site and prints its index.html.
func (d *demo) site() error {
	sub, err := d.folder.Sub("site") // a link named site is refused, not followed
	if err != nil {
		return d.g.explainOutput(err, "")
	}
	defer sub.Close()
	out := filepath.Join(d.dir, "site")
	res, err := site.Publish(d.ctx, d.st, site.Options{Out: out, All: true, Dir: sub})
	if err != nil {
		if e := d.g.explainOutput(err, out); e != err {
			return e
		}
		return d.g.explain(err)
	}
	db := shellQuote(filepath.Join(d.dir, "arbitro.db"))
	return d.narration().Paragraph(d.loc.N("site.demo.published", res.Tournaments, "events", res.Tournaments, "files", res.Files,
		"publish", "arbitro --db "+db+" publish --all --out "+shellQuote(out), "serve", "arbitro --db "+db+" serve", "index", res.Index))
}

// realEvent imports the embedded Italian championship and writes its reports.
func (d *demo) realEvent() (*tournament.Tournament, error) {
	data, err := demodata.ReadFile("demodata/" + demoItalianFile)
	if err != nil {
		return nil, err
	}
	src := filepath.Join(d.dir, demoItalianFile)
	d.say("demo.part1", "file", src)
	if err := d.file(demoItalianFile, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return nil, err
	}
	d.say("demo.import")
	d.cmdline("event import %s --lang %s", shellQuote(src), d.loc.Lang())
	rep, err := store.ImportEventPDN(d.ctx, d.st, bytes.NewReader(data), demoItalianFile, tournament.EventImportOptions{Lang: d.loc.Lang()})
	if err != nil {
		return nil, d.g.explain(err)
	}
	var buf bytes.Buffer
	reports.WriteImportText(&buf, d.loc, rep)
	d.indent(buf.String())
	t := rep.Tournament
	if err := d.audit(t, "assoluto2005"); err != nil {
		return nil, err
	}
	if err := d.reports(t, "assoluto2005", false); err != nil {
		return nil, err
	}
	return t, nil
}

// worldEvent imports the embedded 2007 World Championship (International draughts) and
// audits it.
func (d *demo) worldEvent() error {
	data, err := demodata.ReadFile("demodata/" + demoWorldFile)
	if err != nil {
		return err
	}
	src := filepath.Join(d.dir, demoWorldFile)
	d.say("demo.world")
	if err := d.file(demoWorldFile, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return err
	}
	name := d.loc.T("demo.name.world")
	d.cmdline("event import %s --name %s --system round-robin --rounds 19 --lang %s", shellQuote(src), shellQuote(name), d.loc.Lang())
	rep, err := store.ImportEventPDN(d.ctx, d.st, bytes.NewReader(data), demoWorldFile,
		tournament.EventImportOptions{Name: name, System: tournament.RoundRobin, Rounds: 19, Lang: d.loc.Lang()})
	if err != nil {
		return d.g.explain(err)
	}
	var buf bytes.Buffer
	reports.WriteImportText(&buf, d.loc, rep)
	d.indent(buf.String())
	d.out("demo.pending")
	return d.audit(rep.Tournament, "wk2007")
}

func (d *demo) indent(s string) {
	d.narration().Block(s)
}

// audit replays every stored score of t and writes the audit report (text and PDF).
func (d *demo) audit(t *tournament.Tournament, prefix string) error {
	d.say("demo.audit", "name", strconv.Quote(t.Name))
	d.cmdline("--tournament %d audit --pdf %s", t.ID, shellQuote(filepath.Join(d.dir, prefix+"-audit.pdf")))
	rep, _, err := d.st.Audit(d.ctx, ref(t), 0)
	if err != nil {
		return d.explain(err)
	}
	a := rep.Audit
	// what `arbitro audit` and `arbitro audit --pdf` print and write
	var text bytes.Buffer
	if err := reports.WriteTournamentAuditText(&text, d.loc, a); err != nil {
		return err
	}
	pdf := reports.AuditReportOf(t.EventInfo(), a)
	d.indent(text.String())
	if err := d.file(prefix+"-audit.txt", func(w io.Writer) error { _, err := w.Write(text.Bytes()); return err }); err != nil {
		return err
	}
	m := d.meta
	loc, err := d.g.reportLocale(t)
	if err != nil {
		return err
	}
	m.Locale = loc
	return d.file(prefix+"-audit.pdf", func(w io.Writer) error { return reports.WriteAuditPDF(w, pdf, m) })
}

// standingsOf computes t's standings after its last completed round (store.Standings).
func (d *demo) standingsOf(t *tournament.Tournament) (reports.Standings, error) {
	sa, tt, err := d.st.Standings(d.ctx, ref(t), -1, "")
	if err != nil {
		return reports.Standings{}, d.explain(err)
	}
	loc, err := d.g.reportLocale(&tt)
	if err != nil {
		return reports.Standings{}, err
	}
	return reports.StandingsOf(sa, loc), nil
}

// reports writes t's standings and crosstable as text and PDF and prints the standings.
func (d *demo) reports(t *tournament.Tournament, prefix string, grid bool) error {
	s, err := d.standingsOf(t)
	if err != nil {
		return err
	}
	d.say("demo.standings", "name", strconv.Quote(t.Name), "round", s.AfterRound)
	d.cmdline("--tournament %d standings --pdf %s", t.ID, shellQuote(filepath.Join(d.dir, prefix+"-standings.pdf")))
	var text bytes.Buffer
	if err := reports.WriteStandingsText(&text, s); err != nil {
		return err
	}
	d.indent(text.String())
	if err := d.file(prefix+"-standings.txt", func(w io.Writer) error { _, err := w.Write(text.Bytes()); return err }); err != nil {
		return err
	}
	if err := d.file(prefix+"-standings.pdf", func(w io.Writer) error { return reports.WriteStandingsPDF(w, s, d.meta) }); err != nil {
		return err
	}
	d.cmdline("--tournament %d crosstable --pdf %s", t.ID, shellQuote(filepath.Join(d.dir, prefix+"-crosstable.pdf")))
	if err := d.file(prefix+"-crosstable.txt", func(w io.Writer) error { return reports.WriteCrosstableText(w, s, grid) }); err != nil {
		return err
	}
	return d.file(prefix+"-crosstable.pdf", func(w io.Writer) error { return reports.WriteCrosstablePDF(w, s, grid, d.meta) })
}

// players returns the persons of t's entries in the order of t's current standings, at
// most n of them.
func (d *demo) players(t *tournament.Tournament, n int) ([]tournament.Player, error) {
	s, err := d.standingsOf(t)
	if err != nil {
		return nil, err
	}
	entries, _, err := d.st.Players(d.ctx, ref(t))
	if err != nil {
		return nil, d.explain(err)
	}
	byID := map[int64]tournament.Player{}
	for _, e := range entries {
		byID[e.ID] = e.Player
	}
	var out []tournament.Player
	for _, r := range s.Rows {
		if len(out) == n {
			break
		}
		out = append(out, byID[int64(r.Entry.ID)])
	}
	return out, nil
}

// simulatedEvent creates a tournament with players, draws the lot, pairs and plays every
// round, with the extra steps of extras after round 1 and on the last round.
func (d *demo) simulatedEvent(name string, system tournament.System, rounds int, players []tournament.Player, prefix string, showExtras bool) error {
	t, err := d.createSimulated(name, system, rounds, players)
	if err != nil {
		return err
	}
	if err := d.drawLot(t); err != nil {
		return err
	}
	for r := 1; r <= rounds; r++ {
		if err := d.simulatedRound(t, r, prefix, showExtras); err != nil {
			return err
		}
	}
	if err := d.audit(t, prefix); err != nil {
		return err
	}
	return d.reports(t, prefix, system.FixedTable())
}

// createSimulated creates the simulated tournament and enters its players.
func (d *demo) createSimulated(name string, system tournament.System, rounds int, players []tournament.Player) (*tournament.Tournament, error) {
	t := &tournament.Tournament{Name: name, Variant: tournament.VariantItalian, System: system, Rounds: rounds,
		Seed: d.seed, ByePoints: 2, ForfeitPoints: 2, Place: d.loc.T("demo.place"), Arbiter: "arbitro demo", Lang: d.loc.Lang()}
	d.say("demo.create", "name", strconv.Quote(name), "system", d.loc.MethodName(system.Code()), "rounds", rounds, "seed", fmt.Sprint(d.seed))
	d.cmdline("tournament create %s --variant italian --system %s --rounds %d --seed %d --lang %s", shellQuote(name), system.Code(), rounds, d.seed, d.loc.Lang())
	created, err := d.st.CreateTournament(d.ctx, *t, "")
	if err != nil {
		return nil, d.explain(err)
	}
	*t = created
	for _, p := range players {
		if _, _, err := d.st.AddPlayer(d.ctx, ref(t), p); err != nil {
			return nil, d.explain(err)
		}
	}
	d.out("demo.entered", "id", int(t.ID), "players", len(players))
	return t, nil
}

// drawLot draws the pairing numbers of t and prints them.
func (d *demo) drawLot(t *tournament.Tournament) error {
	d.say("demo.lot", "seed", fmt.Sprint(d.seed))
	d.cmdline("--tournament %d lot", t.ID)
	lot, _, err := d.st.DrawLot(d.ctx, ref(t), nil)
	if err != nil {
		return d.explain(err)
	}
	d.indent(reports.LotBlock(d.loc, lot))
	return nil
}

// simulatedRound pairs round r of t, plays it, and writes round 1's pairing sheet and the
// last round's results sheet; with showExtras, a miscopied score after round 1 and the
// draw claims of the last round.
func (d *demo) simulatedRound(t *tournament.Tournament, r int, prefix string, showExtras bool) error {
	rounds := t.Rounds
	d.say("demo.round", "round", r, "rounds", rounds)
	d.cmdline("--tournament %d pair", t.ID)
	d.out("demo.each_board", "round", r)
	opts := tournament.SimRoundOptions{Seed: uint64(d.seed), Event: t.Name}
	if showExtras && r == rounds {
		opts.CountDrawBoard = 1
	}
	played, sheet, err := d.pairAndPlay(t, r, opts)
	if err != nil {
		return explainPair(d.g, err)
	}
	if r == 1 {
		d.cmdline("--tournament %d pairings --round 1 --pdf %s", t.ID, shellQuote(filepath.Join(d.dir, prefix+"-pairings-round1.pdf")))
		if err := d.file(prefix+"-pairings-round1.pdf", func(w io.Writer) error { return reports.WritePairingsPDF(w, sheet, d.meta) }); err != nil {
			return err
		}
	}
	d.played(t, played)
	if showExtras && r == 1 && len(played) > 1 {
		if err := d.miscopied(t, played[1]); err != nil {
			return err
		}
	}
	if showExtras && r == rounds && len(played) > 0 {
		if err := d.claims(t, played[0]); err != nil {
			return err
		}
	}
	if r == rounds {
		return d.resultsSheet(t, r, prefix)
	}
	return nil
}

// pairAndPlay pairs round r of t (two rounds a day from 21 November 2026, at 9:30 and
// 15:30, printed on the sheets: store.PairNextRound), makes its pairing sheet and plays it
// (store.SimulateRound).
func (d *demo) pairAndPlay(t *tournament.Tournament, r int, opts tournament.SimRoundOptions) ([]tournament.SimulatedBoard, reports.PairingsSheet, error) {
	day := fmt.Sprintf("2026-11-%02d", 21+(r-1)/2)
	clock := [2]string{"09:30", "15:30"}[(r-1)%2]
	out, err := d.st.PairNextRound(d.ctx, ref(t), store.PairRequest{Schedule: &tournament.RoundSchedule{Date: day, Time: clock}})
	if err != nil {
		return nil, reports.PairingsSheet{}, d.explain(err)
	}
	pr := out.Round
	for _, w := range pr.Warnings {
		d.out("explain.warning", "text", d.loc.Note(w))
	}
	d.out("demo.paired", "method", d.loc.MethodName(pr.Method), "seed", fmt.Sprint(pr.Seed), "boards", len(pr.Boards))
	sheet, err := d.sheet(&out.Tournament, out.View)
	if err != nil {
		return nil, reports.PairingsSheet{}, err
	}
	for _, b := range pr.Boards {
		if b.Bye() {
			d.out("demo.bye", "board", b.Board, "player", b.White)
		}
	}
	played, _, err := d.st.SimulateRound(d.ctx, ref(t), r, opts)
	if err != nil {
		return nil, reports.PairingsSheet{}, d.explain(err)
	}
	return played, sheet, nil
}

// sheet is the pairing sheet of round v of t as `arbitro pairings` builds it.
func (d *demo) sheet(t *tournament.Tournament, v *tournament.PairingsView) (reports.PairingsSheet, error) {
	loc, err := d.g.reportLocale(t)
	if err != nil {
		return reports.PairingsSheet{}, err
	}
	return reports.PairingsSheetOf(v, loc), nil
}

// resultsSheet writes the results sheet of round r (`pairings --results --pdf`).
func (d *demo) resultsSheet(t *tournament.Tournament, r int, prefix string) error {
	v, tt, err := d.st.PairingsSheet(d.ctx, ref(t), r)
	if err != nil {
		return d.explain(err)
	}
	sheet, err := d.sheet(&tt, v)
	if err != nil {
		return err
	}
	file := fmt.Sprintf("%s-results-round%d.pdf", prefix, r)
	d.cmdline("--tournament %d pairings --round %d --results --pdf %s", t.ID, r, shellQuote(filepath.Join(d.dir, file)))
	return d.file(file, func(w io.Writer) error { return reports.WriteResultsPDF(w, sheet, d.meta) })
}

// miscopied shows a score sheet with a wrong move: stored, caught by the audit (with the
// board diagram in the PDF), then replaced by the correct score.
func (d *demo) miscopied(t *tournament.Tournament, b tournament.SimulatedBoard) error {
	d.say("demo.miscopied", "round", b.Round, "board", b.Board)
	good, _, err := d.st.StoredGame(d.ctx, ref(t), b.Round, b.Board, 1)
	if err != nil {
		return d.explain(err)
	}
	g, err := good.Parse()
	if err != nil {
		return err
	}
	bad, ply, err := tournament.MiscopyMove(g, rules.Italian, 9)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := rules.WritePDN(&buf, bad); err != nil {
		return err
	}
	rec, _, err := d.st.AddGame(d.ctx, ref(t), b.Round, b.Board, 1, store.GameScore{Game: bad, Text: buf.String()}, tournament.GameOptions{Replace: true})
	if err != nil {
		return d.explain(err)
	}
	d.cmdline("--tournament %d game add %d %d miscopied.pdn --replace", t.ID, b.Round, b.Board)
	d.out("demo.verdict", "text", reports.VerdictWhy(d.loc, &rec.Verdict)) // the message names the ply and the move
	if err := d.audit(t, "swiss-round1"); err != nil {
		return err
	}
	d.say("demo.corrected", "ply", ply)
	d.cmdline("--tournament %d game add %d %d correct.pdn --replace", t.ID, b.Round, b.Board)
	if g, err = good.Parse(); err != nil {
		return err
	}
	rec, _, err = d.st.AddGame(d.ctx, ref(t), b.Round, b.Board, 1, store.GameScore{Game: g, Text: good.PDN}, tournament.GameOptions{Replace: true})
	if err != nil {
		return d.explain(err)
	}
	key := "demo.stored"
	if !rec.Verdict.Legal {
		key = "demo.stored_illegal"
	}
	d.out(key, "plies", rec.Verdict.Plies)
	return nil
}

// claims shows a 40-move draw claim on a game that ended by the count: declared too early
// (rejected by the engine), then at the right ply (valid, accepted).
func (d *demo) claims(t *tournament.Tournament, b tournament.SimulatedBoard) error {
	d.say("demo.claim", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black, "ply", b.CountFrom)
	early := b.CountFrom + 60
	for _, c := range []struct{ declared int }{{early}, {b.Plies}} {
		d.cmdline("--tournament %d claim %d %d --requested-at %d --declared-at %d --claimant white", t.ID, b.Round, b.Board, b.CountFrom, c.declared)
		rec, _, err := d.st.AddClaim(d.ctx, ref(t), b.Round, b.Board, 1, tournament.ClaimRequest{RequestedAt: b.CountFrom, DeclaredAt: c.declared, Claimant: "white"})
		if err != nil {
			return d.explain(err)
		}
		d.out("demo.claimed", "from", b.CountFrom, "to", c.declared, "decision", d.loc.ClaimDecision(rec.Decision), "reason", d.loc.ClaimReason(rec.Check.Reason), "text", reports.CheckWhy(d.loc, rec.Check))
	}
	return nil
}

func (d *demo) swissEvent(real *tournament.Tournament) error {
	players, err := d.players(real, 1000)
	if err != nil {
		return err
	}
	d.say("demo.part2", "players", len(players))
	return d.simulatedEvent(d.loc.T("demo.name.swiss"), tournament.ItaloSwiss, demoSwissRounds, players, "swiss", true)
}

func (d *demo) roundRobinEvent(real *tournament.Tournament) error {
	players, err := d.players(real, demoRRPlayers)
	if err != nil {
		return err
	}
	d.say("demo.part3", "players", len(players))
	return d.simulatedEvent(d.loc.T("demo.name.round_robin"), tournament.RoundRobin, tournament.RoundRobin.FieldRounds(len(players)), players, "roundrobin", false)
}

// simEndWords says how a simulated game ended.
func (d *demo) simEndWords(end string) string {
	switch end {
	case tournament.SimNoMoves:
		return d.loc.T("demo.end.no_moves")
	case tournament.SimCount:
		return d.loc.T("demo.end.count")
	case tournament.SimRepetition:
		return d.loc.T("demo.end.repetition")
	case tournament.SimMaxPlies:
		return d.loc.T("demo.end.max_plies")
	}
	return end
}

// played narrates the simulated games of a round of t, one line a board: its players,
// its result in t's game points, its length and how it ended.
func (d *demo) played(t *tournament.Tournament, boards []tournament.SimulatedBoard) {
	for _, b := range boards {
		d.out("demo.played", "board", b.Board, "white", b.White, "black", b.Black, "result", gamePointsResult(t, b.Result), "plies", b.Plies, "end", d.simEndWords(b.End))
	}
}

// gamePointsResult is a simulated game's PDN result ("1-0", "0-1", "1/2-1/2") in the
// notation of t's sheets: its game points as tournament.Result writes them ("2-0", "1-1",
// "0-2" in a 2-1-0 event, as the pairing and results sheets print them); the PDN result
// as it is when it does not parse.
func gamePointsResult(t *tournament.Tournament, pdn string) string {
	o, err := tournament.ParseOutcome(pdn)
	if err != nil {
		return pdn
	}
	w, b := o.Points(t)
	return (&tournament.Result{Kind: o.Kind, WhitePoints: w, BlackPoints: b}).String()
}
