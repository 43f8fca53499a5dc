// `arbitro generate --system dutch`: the random tournament generator of the certification kit.

package main

import (
	"io"
	"strconv"

	"arbitro/reports"
	"arbitro/tournament"
	"arbitro/trf"

	"github.com/spf13/cobra"
)

// generateOptions are the flags of `arbitro generate`.
type generateOptions struct {
	trf.GenerateOptions
	System string // --system: dutch only
	Output string // --output FILE; "" or "-" = standard output
}

func (o *generateOptions) complete(*cobra.Command, []string) error {
	if s, err := tournament.ParseSystem(o.System); err != nil || !s.TRFEngine() {
		return usageCoded(tournament.Errf(nil, "err.cli.generate_system", "generate knows --system dutch only (got {system})", "system", strconv.Quote(o.System)))
	}
	return nil
}

func newGenerateCmd(g *globalOptions, runF func(*cobra.Command, *generateOptions) error) *cobra.Command {
	o := &generateOptions{}
	cmd := &cobra.Command{
		Use:   "generate --system dutch",
		Short: "Write a random tournament paired by the Dutch engine as a TRF (generator)",
		Long: `Play a random tournament with the Dutch engine and write it as a TRF-2026 file
(with the JaVaFo lines XXR and XXC too): ratings spread between --low-rating and
--high-rating, round 1's colour drawn, each round's late entries, retirements and
half-, zero- and full-point byes announced before the round is paired, results drawn
(draws, forfeits, otherwise a win by the Elo expectation). The same --seed and options
give the same file.

This is the random tournament generator FIDE asks a pairing program to ship (rules for
the endorsement of pairing programs, 2026): another engine can pair its rounds and
compare (arbitro check --trf FILE checks them with arbitro's engine). Rates are percents.`,
		Example: `  arbitro generate --system dutch --players 60 --rounds 9 --seed 7 --output t.trf
  arbitro generate --system dutch --players 200 --rounds 11 --draws 30 --forfeits 3 --byes 4 --zero-byes 2 --full-byes 1 --retire 2 --late 5`,
		Args: cobra.NoArgs,
	}
	f := cmd.Flags()
	f.StringVar(&o.System, "system", "", "pairing system (dutch)")
	f.IntVar(&o.Players, "players", 30, "number of players (2-9999)")
	f.IntVar(&o.Rounds, "rounds", 9, "number of rounds (1-99)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the random choices")
	f.IntVar(&o.DrawPct, "draws", 30, "percent of played games drawn")
	f.IntVar(&o.ForfeitPct, "forfeits", 3, "percent of games forfeited")
	f.IntVar(&o.ByePct, "byes", 3, "percent of players asking a half-point bye in a round")
	f.IntVar(&o.ZeroByePct, "zero-byes", 0, "percent of players absent without points (zero-point bye) in a round")
	f.IntVar(&o.FullByePct, "full-byes", 0, "percent of players given a full-point bye in a round")
	f.IntVar(&o.RetirePct, "retire", 1, "percent of players retiring before a round")
	f.IntVar(&o.LatePct, "late", 3, "percent of players entering late")
	f.IntVar(&o.HighRating, "high-rating", 2600, "rating of the strongest player")
	f.IntVar(&o.LowRating, "low-rating", 1400, "rating of the weakest player")
	f.BoolVar(&o.Baku, "baku", false, "Baku acceleration (C.04.7)")
	f.StringVar(&o.Output, "output", "", "write the TRF to this file (default stdout)")
	markOutput(cmd, "output")
	return withRun(cmd, o, runF)
}

// runGenerate plays the random tournament and writes it as a TRF; when the engine stops
// at a round, the tournament up to it is kept in --output.
func runGenerate(cmd *cobra.Command, g *globalOptions, o *generateOptions) error {
	output := o.Output
	tr, err := trf.GenerateDutch(o.GenerateOptions)
	if err != nil && tr == nil {
		return fail(err, g.cliLocale().T("hint.generate.options"))
	}
	write := func(w io.Writer) error { return trf.Write(w, tr) }
	if err != nil { // the engine stopped at a round: keep the file up to it
		if output != "" && output != "-" {
			if werr := g.writeOutput(output, write); werr != nil {
				return werr
			}
			return fail(err, g.cliLocale().T("hint.generate.kept", "file", output))
		}
		return fail(err, g.cliLocale().T("hint.generate.output"))
	}
	if output == "" || output == "-" {
		return write(cmd.OutOrStdout())
	}
	if err := g.writeOutput(output, write); err != nil {
		return err
	}
	return reports.WriteTRFGenerated(cmd.ErrOrStderr(), g.cliLocale(), o.Players, o.Rounds, output, o.Seed)
}
