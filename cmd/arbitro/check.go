// `arbitro check --trf FILE`: the free pairings checker of the certification kit.

package main

import (
	"errors"
	"fmt"
	"strconv"

	"arbitro/reports"
	"arbitro/tournament"
	"arbitro/trf"

	"github.com/spf13/cobra"
)

// checkOptions are the flags of `arbitro check`.
type checkOptions struct {
	trf    string
	system string
	seed   uint64
}

// complete checks that --trf is given and --system is dutch.
func (o *checkOptions) complete(*cobra.Command, []string) error {
	if o.trf == "" {
		return usageCoded(tournament.Errf(nil, "err.cli.trf_file_required", "--trf FILE is required (the tournament to check)"))
	}
	if s, err := tournament.ParseSystem(o.system); err != nil || !s.TRFEngine() {
		return usageCoded(tournament.Errf(nil, "err.cli.check_system", "check knows --system dutch only (got {system})", "system", strconv.Quote(o.system)))
	}
	return nil
}

func newCheckCmd(g *globalOptions, runF func(*cobra.Command, *checkOptions) error) *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check --trf FILE",
		Short: "Re-pair every round of a TRF and list each round that differs (pairings checker)",
		Long: `Re-pair every paired round of a TRF (TRF-16 or TRF-2026, with the JaVaFo and
bbpPairings lines) with the Dutch engine, each from the state before it, and compare it
with the file: pairs and colours. The players paired in a round are the ones available
for it; the file's rounds (142/XXR), initial colour (152/XXC), prohibited pairs (260/XXP)
and acceleration (250, or 192 FIDE_DUTCH_2025_BAKU) are used. Players are named by their
starting rank.

This is the free checker FIDE asks a pairing program to ship (rules for the endorsement
of pairing programs, 2026). Exit status 0 when every round is identical, 1 when one
differs (or breaks an absolute criterion, or the engine cannot pair it).`,
		Example: `  arbitro check --trf open.trf
  arbitro check --trf open.trf --json`,
		Args: cobra.NoArgs,
	}
	f := cmd.Flags()
	f.StringVar(&o.trf, "trf", "", "the TRF file to check")
	f.StringVar(&o.system, "system", "dutch", "pairing system (dutch)")
	f.Uint64Var(&o.seed, "seed", 0, "seed of the lot for the initial colour when the file has none (152/XXC)")
	return withRun(cmd, o, runF)
}

// runCheckTRF re-pairs every round of the TRF and lists the rounds that differ (exit 1
// when one does).
func runCheckTRF(cmd *cobra.Command, g *globalOptions, o *checkOptions) error {
	tr, err := readTRFFile(g.cliLocale(), o.trf)
	if err != nil {
		return err
	}
	rep, err := trf.Check(tr, o.seed)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", o.trf, err), g.cliLocale().T("hint.check_file"))
	}
	if g.json {
		if err := printJSON(cmd, rep); err != nil {
			return err
		}
	} else if err := reports.WriteTRFCheckText(cmd.OutOrStdout(), g.cliLocale(), rep); err != nil {
		return err
	}
	if rep.Identical != len(rep.Rounds) {
		msg := g.cliLocale()
		return fail(errors.New(msg.T("err.trf_rounds_differ", "file", o.trf, "differ", len(rep.Rounds)-rep.Identical, "rounds", len(rep.Rounds))),
			msg.T("hint.see_rounds"))
	}
	return nil
}
