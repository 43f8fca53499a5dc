// Store integration of the pairing engines (lot, pair, unpair, pairings).

package main

import (
	"cmp"
	"errors"
	"io"
	"strconv"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
	"arbitro/trf"

	"github.com/spf13/cobra"
)

// explainPair turns the sentinel errors of the lot and of pairing into "what went wrong
// (how to fix)"; other errors go to explainBoard/explain.
func explainPair(g *globalOptions, err error) error {
	msg := g.cliLocale()
	switch {
	case err == nil:
		return nil
	case explained(err):
		return err
	case errors.Is(err, tournament.ErrLotNotDrawn):
		return fail(err, msg.T("hint.draw_lot"))
	case errors.Is(err, tournament.ErrResultsMissing):
		return fail(err, msg.T("hint.enter_results"))
	case errors.Is(err, tournament.ErrAllRoundsPaired):
		return fail(err, msg.T("hint.complete"))
	case errors.Is(err, tournament.ErrNoPairing):
		return withCode(exitNoPairing, err, msg.T("hint.no_pairing"))
	case errors.Is(err, trf.ErrSearchLimit):
		return fail(err, msg.T("hint.nothing"))
	case errors.Is(err, tournament.ErrRoundHasResults):
		return fail(err, msg.T("hint.unpair_results"))
	case errors.Is(err, tournament.ErrLocked):
		return fail(err, msg.T("hint.nothing_changed"))
	}
	return explainBoard(g, err)
}

// pairOptions are the flags and argument of `arbitro pair`.
type pairOptions struct {
	Round       int // ROUND: when given, must be the next round (a safety check for scripts)
	Force       bool
	Explain     bool
	Check       bool
	CheckRound  int // --round, with --check
	Sets        []string
	Forbids     []string
	System      string // --system, with --trf
	TRF         string
	Output      string
	Seed        uint64
	Date, Clock string
	Schedule    bool // --date or --time given

	manual    []tournament.ManualPair    // Sets, parsed
	forbidden []tournament.ForbiddenPair // Forbids, parsed
}

// pairLong is the help text of `arbitro pair`.
const pairLong = `Pair the next round with the tournament's pairing system and store it:

  round-robin   the next round of the Berger table (double round robin when the
                tournament plans twice the rounds of one cycle; odd number: a bye)
  italo-swiss   FID Italo-Swiss with continuous rotation (docs/pairing-fid.md)
  dutch         FIDE Dutch (C.04.3); round 1's colour drawn by lot from the seed

The round is paired only when every result of the earlier rounds is in; --force pairs
anyway and records a warning. The lot must have been drawn (arbitro lot).

--set "12-7" imposes a pair by pairing numbers, White first ("12-bye" gives 12 the bye);
repeat it for several pairs. The decision is written in the event log. Not allowed in a
round robin.

--forbid "4-9" (Dutch) keeps two players apart, by pairing numbers, in this round and
every later one (stored, like TRF-2026 record 260); repeat it for several pairs.

--explain prints why each pair was made: for the Italo-Swiss the rotation cursor, the
score group and the candidates passed over with the reason; for the Dutch system the
score brackets and their floaters; for a round robin the Berger table round.

--check re-pairs a stored round (the last one, or --round N) from the state before it
and prints every difference from the stored pairing. Exit status 0 when the stored round
is the engine's pairing, 1 when it differs (or, Dutch, breaks an absolute criterion).

Without a database (arbitro as a pairing engine for other programs):
  arbitro pair --system dutch --trf IN.trf [--output OUT.txt]   next round, JaVaFo format
  arbitro pair --check --trf IN.trf                            check the last round of IN

--date and --time store when the round is played (2026-11-21 or 21/11/2026; 15:30);
the pairing sheet prints them. 'arbitro round set N --date --time' changes them later.

ROUND, if given, must be the next round (a safety check for scripts).

Exit status 4 when no valid pairing exists.`

// newPairCmd builds `arbitro pair`; runF runs it once the flags are valid (tests pass
// their own to check the validation without a database).
func newPairCmd(g *globalOptions, runF func(*cobra.Command, *pairOptions) error) *cobra.Command {
	o := &pairOptions{}
	cmd := &cobra.Command{
		Use:     "pair [ROUND]",
		Aliases: []string{"abbina"},
		Short:   "Pair the next round with the tournament's system (or check a round: --check)",
		Long:    pairLong,
		Example: `  arbitro pair
  arbitro pair --explain
  arbitro pair --set "12-7" --set "3-bye"
  arbitro pair --force
  arbitro pair --forbid 4-9
  arbitro pair --check --round 3`,
		Args: cobra.MaximumNArgs(1),
	}
	f := cmd.Flags()
	f.BoolVar(&o.Force, "force", false, "pair although results of earlier rounds are missing (a warning is recorded)")
	f.StringVar(&o.Date, "date", "", "the day the round is played, 2026-11-21 or 21/11/2026 (printed on the sheet)")
	f.StringVar(&o.Clock, "time", "", "the round's start time, 15:30 (printed on the sheet)")
	f.BoolVar(&o.Explain, "explain", false, "print why each pair was made")
	f.StringArrayVar(&o.Sets, "set", nil, "impose a pair by pairing numbers, White first: \"12-7\" (\"12-bye\": 12 rests); repeatable")
	f.StringArrayVar(&o.Forbids, "forbid", nil, "dutch: keep two players apart from this round on, by pairing numbers: \"12-7\" (stored); repeatable")
	f.BoolVar(&o.Check, "check", false, "re-pair a stored round and print the differences (exit 1 when it differs)")
	f.IntVar(&o.CheckRound, "round", 0, "with --check: the round to check (default the last)")
	f.StringVar(&o.System, "system", "", "with --trf: pairing system of the engine mode (dutch)")
	f.StringVar(&o.TRF, "trf", "", "engine mode: read the tournament from this TRF-16 file instead of the database")
	f.StringVar(&o.Output, "output", "", "with --trf: write the pairs to this file (default stdout)")
	f.Uint64Var(&o.Seed, "seed", 0, "with --trf: seed of the lot for the initial colour when the file has no XXC")
	markOutput(cmd, "output")
	return withRun(cmd, o, runF)
}

// complete checks the combination of flags and parses ROUND, --set and --forbid. Every
// error is a usage error (exit 2). In the TRF engine mode the database flags are ignored.
func (o *pairOptions) complete(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return usageCoded(tournament.Errf(nil, "err.cli.round_arg", "ROUND must be a round number (1, 2, ...), not {value}", "value", strconv.Quote(args[0])))
		}
		if o.TRF != "" || o.Check {
			return usageCoded(tournament.Errf(nil, "err.cli.round_arg_trf", "ROUND goes without --trf and --check (use --round N with --check)"))
		}
		o.Round = n
	}
	if o.TRF != "" && len(o.Forbids) > 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.forbid_trf", "--forbid goes with a tournament in the database (in a TRF: record 260 or XXP)"))
	}
	if o.TRF != "" {
		if o.System == "" {
			o.System = tournament.Dutch.Code()
		}
		return nil
	}
	if o.System != "" || o.Output != "" {
		return usageCoded(tournament.Errf(nil, "err.cli.system_output_trf", "--system and --output go with --trf (the engine mode); the tournament's own system pairs it"))
	}
	if o.Check {
		if o.Force || len(o.Sets) > 0 || len(o.Forbids) > 0 {
			return usageCoded(tournament.Errf(nil, "err.cli.check_no_pair", "--check does not pair: it goes without --force, --set and --forbid"))
		}
		return nil
	}
	if cmd.Flags().Changed("round") {
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag_check", "--round goes with --check; 'arbitro pair' always pairs the next round"))
	}
	for _, s := range o.Forbids {
		f, err := tournament.ParseForbiddenPair(s)
		if err != nil {
			return usageErr("%v", err)
		}
		o.forbidden = append(o.forbidden, f)
	}
	for _, s := range o.Sets {
		m, err := tournament.ParseManualPair(s)
		if err != nil {
			return usageErr("%v", err)
		}
		o.manual = append(o.manual, m)
	}
	o.Schedule = cmd.Flags().Changed("date") || cmd.Flags().Changed("time")
	return nil
}

// runPair runs `arbitro pair` in the mode its flags chose: the TRF engine (pair or
// check), the check of a stored round, or pairing the next round.
func runPair(cmd *cobra.Command, g *globalOptions, o *pairOptions) error {
	out := cmd.OutOrStdout()
	switch {
	case o.TRF != "" && o.Check:
		return runTRFCheck(out, g.cliLocale(), o.TRF, o.Seed)
	case o.TRF != "":
		return runEnginePair(g, out, o.System, o.TRF, o.Output, o.Seed)
	case o.Check:
		return runCheck(cmd, g, o.CheckRound)
	}
	return pairNext(cmd, g, o)
}

// pairNext pairs the next round (store.PairNextRound: the forbidden pairs stored, the
// round paired, its schedule set) and prints it with reports.WritePairedRound.
func pairNext(cmd *cobra.Command, g *globalOptions, o *pairOptions) error {
	req := store.PairRequest{Round: o.Round, Forbidden: o.forbidden,
		Options: tournament.PairOptions{Force: o.Force, Manual: o.manual}}
	if o.Schedule {
		req.Schedule = &tournament.RoundSchedule{Date: o.Date, Time: o.Clock}
	}
	var out store.PairedRound
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		out, err = st.PairNextRound(cmd.Context(), g.tournament, req)
		return out.Tournament, err
	})
	var order *store.RoundOrderError
	if errors.As(err, &order) {
		return fail(err, g.cliLocale().T("hint.in_order"))
	}
	if err != nil {
		return explainPair(g, err)
	}
	if out.Team != nil { // a team event: its matches, as team pair prints them
		return writeTeamRound(cmd, g, out.Team, o.Explain)
	}
	sheetLoc, err := g.reportLocale(&out.Tournament)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, out.Round)
	}
	return reports.WritePairedRound(cmd.OutOrStdout(), cmd.ErrOrStderr(), out.View.Tournament, out.Round, reports.RoundText{
		Sheet: reports.PairingsSheetOf(out.View, sheetLoc), Explanation: out.Round.Explanation, Names: reports.NamesOf(out.View.Entries),
		Messages: g.cliLocale(), Explain: o.Explain})
}

// runCheck is `arbitro pair --check [--round N]` on the database.
func runCheck(cmd *cobra.Command, g *globalOptions, round int) error {
	var c *tournament.PairingCheck
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		c, t, err = st.CheckPairing(cmd.Context(), g.tournament, round)
		return t, err
	})
	if err != nil {
		if errors.Is(err, tournament.ErrNoPairing) {
			return withCode(exitNoPairing, err, g.cliLocale().T("hint.engine_no_pairing"))
		}
		return explainPair(g, err)
	}
	if g.json {
		if err := printJSON(cmd, c); err != nil {
			return err
		}
	} else if err := reports.WritePairingCheckText(cmd.OutOrStdout(), g.cliLocale(), c); err != nil {
		return err
	}
	if !c.Identical() {
		msg := g.cliLocale()
		return fail(errors.New(msg.T("err.round_differs", "round", c.Round, "diffs", msg.N("cmd.differences", len(c.Diffs)), "violations", msg.N("cmd.violations", len(c.Violations)))),
			msg.T("hint.round_unchanged"))
	}
	return nil
}

// pairingsOptions are the flags of `arbitro pairings`.
type pairingsOptions struct {
	Round        int    // 0: the last paired
	PDF          string // --pdf FILE
	Explain      bool
	ResultsSheet bool   // --results, with --pdf
	HallURL      string // --hall-url: the hall's address, for the boards' codes and QR codes
	g            *globalOptions
}

// newPairingsCmd builds `arbitro pairings`; runF runs it once the flags are valid.
func newPairingsCmd(g *globalOptions, runF func(*cobra.Command, *pairingsOptions) error) *cobra.Command {
	o := &pairingsOptions{g: g}
	cmd := &cobra.Command{
		Use:     "pairings",
		Aliases: []string{"abbinamenti"},
		Short:   "Print the pairings of a round (the sheet to pin up); --json, --pdf FILE",
		Long: `Print the pairings of a round (default: the last paired): board, White and Black with
their pairing numbers and points before the round, the result when entered, the bye and
the players not paired. --pdf writes the A4 sheet with empty result boxes to pin up;
--json writes points before the round in game points (2-1-0). --explain adds the stored
account of how the round was paired (as 'arbitro pair --explain' printed it). --results
with --pdf writes the results sheet of the round instead (each board's result, "*" for
one still to come), to pin up after the round. --hall-url ADDRESS (the hall's, as
'arbitro serve --hall' prints it) adds where each board's result entry page is
(ADDRESS/ID/bN, N the board) and, on the PDF, a card per board with that page's QR code.
Printed in the tournament's language (--lang for this output), with the round's date and
start time when stored.`,
		Args: cobra.NoArgs,
	}
	cmd.Flags().IntVar(&o.Round, "round", 0, "the round to print (default: the last paired)")
	cmd.Flags().StringVar(&o.PDF, "pdf", "", "write the A4 pairing sheet to `FILE`")
	cmd.Flags().BoolVar(&o.Explain, "explain", false, "also print how the round was paired")
	cmd.Flags().BoolVar(&o.ResultsSheet, "results", false, "with --pdf: the results sheet of the round instead of the pairings")
	cmd.Flags().StringVar(&o.HallURL, "hall-url", "", "the hall's address (serve --hall's, e.g. http://192.168.1.10:8080/hall/): each board's short code, and on the PDF its QR code")
	markOutput(cmd, "pdf")
	return withRun(cmd, o, runF)
}

// complete checks the combination of flags (usage errors, exit 2) with --json.
func (o *pairingsOptions) complete(*cobra.Command, []string) error {
	asJSON := o.g.json
	if o.PDF != "" && asJSON {
		return usageCoded(tournament.Errf(nil, "err.cli.json_or_pdf", "choose one of --json and --pdf"))
	}
	if o.ResultsSheet && o.PDF == "" {
		return usageCoded(tournament.Errf(nil, "err.cli.results_pdf", "--results goes with --pdf FILE (the text already shows the results)"))
	}
	if o.Explain && (o.PDF != "" || asJSON) {
		return usageCoded(tournament.Errf(nil, "err.cli.explain_json", "--explain prints text; --json already holds the explanation in 'arbitro pair --json'"))
	}
	if o.Round < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag", "--round must be a round number (1, 2, ...), not {round}", "round", o.Round))
	}
	if o.HallURL != "" && (asJSON || o.ResultsSheet) {
		return usageCoded(tournament.Errf(nil, "err.cli.hall_url_sheet", "--hall-url goes with the pairing sheet (text or --pdf), not with --json or --results"))
	}
	if o.HallURL != "" {
		if _, err := reports.ParseHallURL(o.HallURL, 0); err != nil {
			return usageCoded(tournament.Errf(nil, "err.cli.hall_url_bad", "--hall-url: {error}", "error", err))
		}
	}
	return nil
}

// runPairings reads the round (store.PairingsSheet) and writes it in the form asked:
// the results or pairing sheet as PDF, the JSON document, or the text.
func runPairings(cmd *cobra.Command, g *globalOptions, o *pairingsOptions) error {
	var v *tournament.PairingsView
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		v, t, err = st.PairingsSheet(cmd.Context(), g.tournament, o.Round)
		return t, err
	})
	if err != nil {
		if errors.Is(err, tournament.ErrNotPaired) {
			return fail(err, g.cliLocale().T("hint.pair_it"))
		}
		return explainPair(g, err)
	}
	loc, err := g.reportLocale(&t)
	if err != nil {
		return err
	}
	sheet := reports.PairingsSheetOf(v, loc)
	if hallURL := cmp.Or(o.HallURL, v.HallURL); hallURL != "" && !o.ResultsSheet {
		// --hall-url, else the address stored with 'hall set --url'
		if sheet.Hall, err = reports.ParseHallURL(hallURL, t.ID); err != nil {
			return fail(err, g.cliLocale().T("hint.hall_url"))
		}
	}
	names := reports.NamesOf(v.Entries)
	switch {
	case o.PDF != "" && o.ResultsSheet:
		return writePDF(cmd, g, o.PDF, func(w io.Writer, m reports.Meta) error { return reports.WriteResultsPDF(w, sheet, m) })
	case o.PDF != "":
		return writePDF(cmd, g, o.PDF, func(w io.Writer, m reports.Meta) error { return reports.WritePairingsPDF(w, sheet, m) })
	case g.json:
		return printJSON(cmd, reports.PairingsJSONOf(v))
	}
	return reports.WritePairingsRoundText(cmd.OutOrStdout(), v, reports.RoundText{Sheet: sheet, Explanation: v.Round.Explanation,
		Names: names, Messages: g.cliLocale(), Explain: o.Explain})
}

// unpairOptions are the flags of `arbitro unpair`.
type unpairOptions struct {
	Round  int    // --round: the round meant, checked to be the last paired; 0 the last
	Reason string // --reason: lets a round with results be unpaired (kept in the log)
}

func (o *unpairOptions) complete(*cobra.Command, []string) error {
	if o.Round < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag", "--round must be a round number (1, 2, ...), not {round}", "round", o.Round))
	}
	return nil
}

func newUnpairCmd(g *globalOptions, runF func(*cobra.Command, *unpairOptions) error) *cobra.Command {
	o := &unpairOptions{}
	cmd := &cobra.Command{
		Use:     "unpair [--round N] [--reason TEXT]",
		Aliases: []string{"annulla-turno"},
		Short:   "Remove the last paired round (with its results only with --reason)",
		Long: `Remove the last paired round, with its boards and the automatic bye, so it can be
paired again (an arbiter corrects a mistake). Written in the event log.

A round with results or game scores is removed only with --reason (why, for the event
log): its results and game scores are kept in the log, and when the round is paired
again the boards that pair the same White and Black get them back (a line says so for
each). A draw claim is not kept: a round with one cannot be unpaired. --round N names the
round meant (it must be the last paired). 'arbitro undo' puts the round back as it was.`,
		Example: `  arbitro unpair
  arbitro unpair --round 3 --reason "round paired without the absence of Rossi"`,
		Args: cobra.NoArgs,
	}
	cmd.Flags().IntVar(&o.Round, "round", 0, "the round to remove (must be the last paired; default: the last)")
	cmd.Flags().StringVar(&o.Reason, "reason", "", "why, for the event log; needed for a round with results, which are kept")
	return withRun(cmd, o, runF)
}

// runUnpair removes the last paired round (store.Unpair) and confirms it.
func runUnpair(cmd *cobra.Command, g *globalOptions, o *unpairOptions) error {
	var u *tournament.Unpaired
	var t tournament.Tournament
	err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		u, t, err = st.Unpair(cmd.Context(), g.tournament, store.UnpairRequest{Round: o.Round, Reason: strings.TrimSpace(o.Reason)})
		return t, err
	})
	if err != nil {
		if errors.Is(err, tournament.ErrNotPaired) {
			return fail(err, g.cliLocale().T("hint.nothing_to_remove"))
		}
		return explainPair(g, err)
	}
	name := t.Name
	if g.json {
		out := map[string]any{"tournament": name, "removed_round": u.Round}
		if u.Kept > 0 {
			out["kept"], out["reason"] = u.Kept, u.Reason
		}
		return printJSON(cmd, out)
	}
	return reports.WriteRoundUnpaired(cmd.OutOrStdout(), g.cliLocale(), u, name)
}
