package main

// TRF-16 on the command line: `arbitro export trf [FILE]`, `arbitro tournament
// import-trf FILE`, and the database-free engine functions behind `arbitro pair --system
// dutch --trf IN.trf --output OUT.txt`, `arbitro pair --check --trf IN.trf`
// (runEnginePair and runTRFCheck: the pair command wires them).

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
	"arbitro/trf"

	"github.com/spf13/cobra"
)

// newExportCmd is `arbitro export`, the parent of `export trf`.
func newExportCmd(g *globalOptions) *cobra.Command {
	export := &cobra.Command{Use: "export", Short: "Write the tournament in an exchange format (trf)"}
	export.AddCommand(bind(newExportTRFCmd, runExportTRF)(g))
	return export
}

// exportTRFOptions are the argument of `arbitro export trf`.
type exportTRFOptions struct {
	File string // FILE; "" or "-" = standard output
}

func (o *exportTRFOptions) complete(_ *cobra.Command, args []string) error {
	if len(args) == 1 {
		o.File = args[0]
	}
	return nil
}

func newExportTRFCmd(g *globalOptions, runF func(*cobra.Command, *exportTRFOptions) error) *cobra.Command {
	return withRun(markOutputArg(&cobra.Command{
		Use:   "trf [FILE]",
		Short: "Write the tournament as a FIDE TRF-16 report (stdout, or FILE)",
		Long: `Write the tournament as a FIDE Tournament Report File (TRF-16), the exchange format of
pairing programs: header lines 012-122, one 001 line per player (starting rank = pairing
number) with every round, XXR (rounds) and, for a Dutch tournament, XXC (the colour of the
lot). Scores are written in chess points: draughts game points 2-1-0 become 1-0.5-0.`,
		Args: cobra.MaximumNArgs(1),
	}), &exportTRFOptions{}, runF)
}

// runExportTRF builds the TRF of the tournament and writes it.
func runExportTRF(cmd *cobra.Command, g *globalOptions, o *exportTRFOptions) error {
	var tr *trf.File
	if err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		tr, t, err = st.ExportTRF(cmd.Context(), g.tournament)
		return t, err
	}); err != nil {
		return err
	}
	if o.File == "" || o.File == "-" {
		return trf.Write(cmd.OutOrStdout(), tr)
	}
	return g.writeOutput(o.File, func(w io.Writer) error { return trf.Write(w, tr) })
}

// importTRFOptions are the argument and flags of `arbitro tournament import-trf`.
type importTRFOptions struct {
	trf.ImportOptions
	File        string // FILE
	VariantName string // --variant, parsed into TRFImportOptions.Variant
	SystemName  string // --system, parsed into TRFImportOptions.System
	systemErr   error  // ParseSystem's error, reported once the file is read
	g           *globalOptions
}

// complete reads FILE and parses --variant.
func (o *importTRFOptions) complete(cmd *cobra.Command, args []string) (err error) {
	o.File = args[0]
	if o.Variant, err = tournament.ParseVariant(o.VariantName); err != nil {
		return o.g.explain(err)
	}
	o.System, o.systemErr = tournament.ParseSystem(o.SystemName)
	if !cmd.Flags().Changed("system") {
		// not given: the zero System, Dutch, or a team round robin's from its 192 record
		o.System = tournament.System{}
	}
	o.Source = filepath.Base(o.File)
	return nil
}

func newImportTRFCmd(g *globalOptions, runF func(*cobra.Command, *importTRFOptions) error) *cobra.Command {
	o := &importTRFOptions{g: g}
	opts := &o.ImportOptions
	cmd := &cobra.Command{
		Use:   "import-trf FILE",
		Short: "Create a tournament from a FIDE TRF-16 file (players, rounds, results)",
		Long: `Create a tournament from a FIDE Tournament Report File (TRF-16), with the JaVaFo and
bbpPairings extension lines (XXR rounds, XXC white1|black1, BBW/BBD/BBL/BBZ/BBF/BBU point
system). Players get their starting rank as pairing number; the rounds played become
rounds with boards and results in game points (win 2, draw 1, loss 0); H, F and Z byes
become absences. All of it is written in one transaction, or nothing.`,
		Example: `  arbitro tournament import-trf open.trf --variant international`,
		Args:    cobra.ExactArgs(1),
	}
	f := cmd.Flags()
	f.StringVar(&opts.Name, "name", "", "tournament name (default: the TRF's 012 line)")
	f.StringVar(&o.VariantName, "variant", "international", "italian or international (a TRF does not say)")
	f.StringVar(&o.SystemName, "system", tournament.Dutch.Code(), "pairing system for the rounds still to play")
	f.StringVar(&opts.IDColumn, "id-column", "national", "whose id the TRF id column holds: national, fmjd or fid")
	f.Int64Var(&opts.Seed, "seed", 0, "seed of the lot (default random; moved to match XXC)")
	return withRun(cmd, o, runF)
}

// runImportTRF reads and checks the TRF before the database file is created, then
// imports it (store.ImportTRF) and confirms it.
func runImportTRF(cmd *cobra.Command, g *globalOptions, o *importTRFOptions) error {
	opts := o.ImportOptions
	tr, err := readTRFFile(g.cliLocale(), o.File)
	if err != nil {
		return err
	}
	if o.systemErr != nil {
		return g.explain(o.systemErr)
	}
	if err := trf.CheckImport(tr, opts); err != nil { // before the file is created
		return g.explain(err)
	}
	var t tournament.Tournament
	if err := g.create(func(st *store.Store) (err error) {
		t, err = st.ImportTRF(cmd.Context(), tr, opts)
		return err
	}); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, &t)
	}
	return reports.WriteTRFImported(cmd.OutOrStdout(), g.cliLocale(), &t, opts.Source)
}

// readTRFFile parses a TRF file ("-" = stdin is not supported: the name is needed for
// messages). Errors are explained for the user.
func readTRFFile(msg *reports.Locale, path string) (*trf.File, error) {
	f, err := openInputFile(msg, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tr, err := trf.Parse(f)
	if err != nil {
		if errors.Is(err, trf.ErrMalformed) {
			return nil, fail(fmt.Errorf("%s: %w", path, err), msg.T("hint.trf.fix_line"))
		}
		return nil, fail(inputFileError(path, err), msg.T("hint.file.read"))
	}
	return tr, nil
}

// runEnginePair is arbitro as a pairing engine for other programs, with no database:
// read the TRF at trfPath, pair its next round (tournament.PairTRF) and write it to
// outPath ("" or "-" = out) in the format of JaVaFo and bbpPairings
// (reports.WriteTRFPairs). Exit codes: 2 for a system other than dutch, 4 when no pairing
// exists, 1 for a bad file.
func runEnginePair(g *globalOptions, out io.Writer, system, trfPath, outPath string, seed uint64) error {
	if s, err := tournament.ParseSystem(system); err != nil || !s.TRFEngine() {
		return usageCoded(tournament.Errf(nil, "err.cli.trf_system", "the TRF engine mode pairs --system dutch only (got {system})", "system", strconv.Quote(system)))
	}
	tr, err := readTRFFile(g.cliLocale(), trfPath)
	if err != nil {
		return err
	}
	next, err := trf.Pair(tr, seed)
	if err != nil {
		var full *trf.CompleteError
		switch {
		case errors.As(err, &full):
			return fail(fmt.Errorf("%s: %w", trfPath, err), g.cliLocale().T("hint.trf.raise_xxr"))
		case errors.Is(err, tournament.ErrNoPairing):
			return withCode(exitNoPairing, err, g.cliLocale().T("hint.trf.no_pairing_round", "round", tr.PlayedRounds()+1))
		case errors.Is(err, trf.ErrSearchLimit):
			return fail(err, g.cliLocale().T("hint.trf.no_pairing_written"))
		}
		return fail(err, g.cliLocale().T("hint.trf.check"))
	}
	write := func(w io.Writer) error { return reports.WriteTRFPairs(w, next) }
	if outPath == "" || outPath == "-" {
		return write(out)
	}
	return g.writeOutput(outPath, write)
}

// runTRFCheck re-pairs the last round of the TRF at trfPath from the state before it
// (tournament.CheckTRFLastRound, the check of `arbitro check --trf` for one round) and
// prints, in the language msg, every difference from the round in the file and every absolute criterion it
// breaks. It returns an error (exit 1) when the round differs or breaks a criterion, nil
// when it is the engine's pairing.
func runTRFCheck(out io.Writer, msg *reports.Locale, trfPath string, seed uint64) error {
	tr, err := readTRFFile(msg, trfPath)
	if err != nil {
		return err
	}
	rc, err := trf.CheckLastRound(tr, seed)
	switch {
	case errors.Is(err, tournament.ErrNotPaired):
		return fail(tournament.Errf(err, "err.trf.no_round_paired", "{file}: no round has been paired", "file", trfPath), msg.T("hint.trf.nothing_to_check"))
	case errors.Is(err, tournament.ErrNoPairing):
		return withCode(exitNoPairing, err, msg.T("hint.trf.engine_no_pairing"))
	case err != nil:
		return fail(err, msg.T("hint.trf.check"))
	}
	if err := reports.WriteTRFRoundCheckText(out, msg, rc); err != nil {
		return err
	}
	if rc.Same {
		return nil
	}
	return fail(fmt.Errorf("round %d: %s, %s", rc.Round, plural(len(rc.Diffs), "difference", "differences"), plural(len(rc.Violations), "violation", "violations")), "see the lines above")
}
