package main

// TRF-16 on the command line: `arbitro export trf [FILE]`, `arbitro tournament
// import-trf FILE`, and the database-free engine functions behind `arbitro pair --system
// dutch --trf IN.trf --output OUT.txt`, `arbitro pair --check --trf IN.trf` and
// `arbitro pair --check` on the database (runEnginePair, runTRFCheck, runStoredCheck: the
// pair command wires them).

import (
	"arbitro/internal/atomicfile"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() {
	// `export` may be created by another noun file; add trf to it, or create it.
	var export *cobra.Command
	for _, c := range registered {
		if c.Name() == "export" {
			export = c
		}
	}
	if export == nil {
		export = &cobra.Command{Use: "export", Short: "Write the tournament in an exchange format (trf)"}
		addCommand(export)
	}
	export.AddCommand(newExportTRFCmd())
	// `tournament` belongs to tournament.go (its init runs first: files are initialised in
	// name order); import-trf is added to it here.
	for _, c := range registered {
		if c.Name() == "tournament" {
			c.AddCommand(newImportTRFCmd())
		}
	}
}

func newExportTRFCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "trf [FILE]",
		Short: "Write the tournament as a FIDE TRF-16 report (stdout, or FILE)",
		Long: `Write the tournament as a FIDE Tournament Report File (TRF-16), the exchange format of
pairing programs: header lines 012-122, one 001 line per player (starting rank = pairing
number) with every round, XXR (rounds) and, for a Dutch tournament, XXC (the colour of the
lot). Scores are written in chess points: draughts game points 2-1-0 become 1-0.5-0.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := openReading()
			if err != nil {
				return err
			}
			defer st.Close()
			var tr *tournament.TRF
			err = st.View(context.Background(), func(tx *tournament.Tx) error {
				t, err := tx.SelectTournament(flagTournament)
				if err != nil {
					return err
				}
				tr, err = tx.ExportTRF(t)
				return err
			})
			if err != nil {
				return explain(err)
			}
			if len(args) == 0 || args[0] == "-" {
				return tournament.WriteTRF(cmd.OutOrStdout(), tr)
			}
			return writeFileAtomic(args[0], func(w io.Writer) error { return tournament.WriteTRF(w, tr) })
		},
	}
}

func newImportTRFCmd() *cobra.Command {
	var opts tournament.TRFImportOptions
	var variant string
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
		RunE: func(cmd *cobra.Command, args []string) error {
			tr, err := readTRFFile(args[0])
			if err != nil {
				return err
			}
			if opts.Variant, err = tournament.ParseVariant(variant); err != nil {
				return explain(err)
			}
			opts.Source = filepath.Base(args[0])
			if err := tournament.CheckTRFImport(tr, opts); err != nil { // before the file is created
				return explain(err)
			}
			st, err := openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			var t *tournament.Tournament
			err = st.Update(context.Background(), func(tx *tournament.Tx) error {
				var err error
				t, err = tx.ImportTRF(tr, opts)
				return err
			})
			if err != nil {
				return explain(err)
			}
			if flagJSON {
				return printJSON(cmd, t)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "imported tournament %d %q from %s: %d players, %d of %d rounds, seed %d\n",
				t.ID, t.Name, opts.Source, t.Players, t.RoundsPaired, t.Rounds, t.Seed)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Name, "name", "", "tournament name (default: the TRF's 012 line)")
	f.StringVar(&variant, "variant", "international", "italian or international (a TRF does not say)")
	f.StringVar(&opts.System, "system", "dutch", "pairing system for the rounds still to play")
	f.StringVar(&opts.IDColumn, "id-column", "national", "whose id the TRF id column holds: national, fmjd or fid")
	f.Int64Var(&opts.Seed, "seed", 0, "seed of the lot (default random; moved to match XXC)")
	return cmd
}

// readTRFFile parses a TRF file ("-" = stdin is not supported: the name is needed for
// messages). Errors are explained for the user.
func readTRFFile(path string) (*tournament.TRF, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fail(err, "check the file name")
	}
	defer f.Close()
	tr, err := tournament.ParseTRF(f)
	if err != nil {
		if errors.Is(err, tournament.ErrBadTRF) {
			return nil, fail(fmt.Errorf("%s: %w", path, err), "fix that line (TRF-16 columns: see 'arbitro export trf --help'); nothing was written")
		}
		return nil, fail(err, "check the file")
	}
	return tr, nil
}

// writeFileAtomic writes path through a temporary file renamed into place (atomicfile),
// with a hint for each way that can fail.
func writeFileAtomic(path string, fn func(io.Writer) error) error {
	err := atomicfile.Write(path, 0o644, fn)
	var ae *atomicfile.Error
	if !errors.As(err, &ae) {
		return err // nil, or fn's own error
	}
	switch ae.Stage {
	case atomicfile.StageCreate:
		return fail(ae.Err, "check that the directory exists and is writable")
	case atomicfile.StageWrite:
		return fail(ae.Err, "check the disk")
	}
	return fail(ae.Err, "check that the directory is writable")
}

// runEnginePair is arbitro as a pairing engine for other programs, with no database:
// read the TRF at trfPath (XXR, XXC and the BB? point-system lines understood), pair the
// next round with system (only "dutch"), and write to outPath ("" or "-" = out) the
// format of JaVaFo and bbpPairings: the number of pairs on the first line (the bye
// counted), then "WHITE BLACK" by starting rank, the bye as "N 0". seed draws the initial
// colour when the file has no XXC. Exit codes: 2 for a system other than dutch, 4 when no
// pairing exists, 1 for a bad file.
func runEnginePair(out io.Writer, system, trfPath, outPath string, seed uint64) error {
	if strings.ToLower(system) != "dutch" {
		return usageErr("the TRF engine mode pairs --system dutch only (got %q)", system)
	}
	tr, err := readTRFFile(trfPath)
	if err != nil {
		return err
	}
	round := tr.PlayedRounds() + 1
	if tr.TotalRounds > 0 && round > tr.TotalRounds {
		return fail(fmt.Errorf("%s: all %d rounds (XXR) are paired", trfPath, tr.TotalRounds), "raise XXR to pair another round")
	}
	res, err := pairing.Dutch(tr.Entrants(), tr.DutchOptions(round, seed))
	if err != nil {
		if errors.Is(err, pairing.ErrNoPairing) {
			return withCode(exitNoPairing, err, "no pairing of round "+fmt.Sprint(round)+" respects the absolute criteria")
		}
		if errors.Is(err, pairing.ErrSearchLimit) {
			return fail(err, "no pairing was written")
		}
		return fail(err, "check the TRF")
	}
	write := func(w io.Writer) error {
		if _, err := fmt.Fprintf(w, "%d\n", len(res.Pairs)); err != nil {
			return err
		}
		for _, p := range res.Pairs {
			if _, err := fmt.Fprintf(w, "%d %d\n", p.White, p.Black); err != nil {
				return err
			}
		}
		return nil
	}
	if outPath == "" || outPath == "-" {
		return write(out)
	}
	return writeFileAtomic(outPath, write)
}

// runTRFCheck re-pairs the last round of the TRF at trfPath from the state before it
// (rounds 1..R-1; the players paired in round R are the available ones) with the Dutch
// engine and prints every difference from the round in the file and every absolute
// criterion it breaks. It returns an error (exit 1) when the round differs or breaks a
// criterion, nil when it is the engine's pairing.
func runTRFCheck(out io.Writer, trfPath string, seed uint64) error {
	tr, err := readTRFFile(trfPath)
	if err != nil {
		return err
	}
	return checkLastRound(out, tr, trfPath, seed)
}

// runStoredCheck is `arbitro pair --check` on the database: the --tournament's last round
// is checked against the Dutch engine as runTRFCheck does, through the tournament's TRF
// view (ExportTRF: results, byes, absences; the initial colour of the stored seed).
func runStoredCheck(out io.Writer) error {
	st, err := openReading()
	if err != nil {
		return err
	}
	defer st.Close()
	var tr *tournament.TRF
	var seed int64
	err = st.View(context.Background(), func(tx *tournament.Tx) error {
		t, err := tx.SelectTournament(flagTournament)
		if err != nil {
			return err
		}
		seed = t.Seed
		tr, err = tx.ExportTRF(t)
		if err == nil && tr.InitialColour == pairing.NoColour {
			tr.InitialColour = pairing.LotColour(uint64(t.Seed))
		}
		return err
	})
	if err != nil {
		return explain(err)
	}
	return checkLastRound(out, tr, tr.Name, uint64(seed))
}

func checkLastRound(out io.Writer, tr *tournament.TRF, what string, seed uint64) error {
	last := tr.PlayedRounds()
	if last == 0 {
		return fail(fmt.Errorf("%s: no round has been paired", what), "nothing to check")
	}
	checked := tr.RoundPairs(last)
	inRound := map[int]bool{}
	for _, p := range checked {
		inRound[p.White], inRound[p.Black] = true, true
	}
	es := tr.EntrantsAfter(last - 1)
	for i := range es {
		es[i].Available = inRound[es[i].ID]
	}
	c, err := pairing.CheckDutch(es, tr.DutchOptions(last, seed), checked)
	if err != nil {
		if errors.Is(err, pairing.ErrNoPairing) {
			return withCode(exitNoPairing, err, "the engine finds no pairing for that round")
		}
		return fail(err, "check the input")
	}
	fmt.Fprintf(out, "round %d: %s checked against the Dutch engine (C.04.3); players by pairing number\n", last, plural(len(checked), "board", "boards"))
	for _, v := range c.Violations {
		fmt.Fprintf(out, "violation: %s\n", v)
	}
	for _, d := range c.Diffs {
		fmt.Fprintf(out, "difference: %s\n", d)
	}
	if len(c.Violations)+len(c.Diffs) == 0 {
		fmt.Fprintln(out, "the round is the engine's pairing")
		return nil
	}
	return fail(fmt.Errorf("round %d: %s, %s", last, plural(len(c.Diffs), "difference", "differences"), plural(len(c.Violations), "violation", "violations")), "see the lines above")
}
