package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/tournament"
)

// maxPerftDepth bounds --depth: beyond it a count from the start takes hours.
const maxPerftDepth = 20

// perftOptions are the flags of `arbitro perft`.
type perftOptions struct {
	Variant, FEN string
	Depth        int
	Divide       bool
	variant      *rules.Variant // --variant, parsed by complete
}

// complete parses --variant and checks --depth.
func (o *perftOptions) complete(*cobra.Command, []string) error {
	v, err := rules.VariantByName(o.Variant)
	if err != nil {
		return usageErr("%v", err)
	}
	if o.Depth < 0 || o.Depth > maxPerftDepth {
		return usageCoded(tournament.Errf(nil, "err.cli.perft_depth", "--depth {depth} is out of range 0..{max_perft_depth}", "depth", o.Depth, "max_perft_depth", maxPerftDepth))
	}
	o.variant = v
	return nil
}

func newPerftCmd(_ *globalOptions, runF func(*cobra.Command, *perftOptions) error) *cobra.Command {
	o := &perftOptions{}
	c := &cobra.Command{
		Use:   "perft --variant italian|international --depth N [--fen FEN] [--divide]",
		Short: "Count the positions N plies ahead (checks the move generator against published tables)",
		Long: `perft counts the leaf positions reached by every sequence of N legal plies from the
start position, or from --fen (PDN FEN, e.g. "W:W21-32:B1-12"). Capture paths with the same
start, end and captured pieces count once. --divide prints the count under each first move.
Published counts from the start: Italian perft(9) = 3860875, International perft(8) = 6483961.`,
		Args: cobra.NoArgs,
	}
	c.Flags().StringVar(&o.Variant, "variant", "italian", "italian or international")
	c.Flags().IntVar(&o.Depth, "depth", 1, "plies to look ahead (0.."+fmt.Sprint(maxPerftDepth)+")")
	c.Flags().StringVar(&o.FEN, "fen", "", "start from this PDN FEN position instead of the initial one")
	c.Flags().BoolVar(&o.Divide, "divide", false, "print the count under each first move")
	return withRun(c, o, runF)
}

// runPerft counts (options completed) and hands the count to reports.
func runPerft(cmd *cobra.Command, g *globalOptions, o *perftOptions) error {
	v := o.variant
	pos := v.Start()
	var err error
	if o.FEN != "" {
		pos, err = rules.ParseFEN(v, o.FEN)
		if err != nil {
			return fail(err, `write the position as in a PDN FEN tag, e.g. "W:W21-32:B1-12"`)
		}
	}
	start := time.Now()
	out := reports.PerftJSON{Variant: v.Name(), FEN: pos.FEN(), Depth: o.Depth}
	if o.Divide && o.Depth > 0 {
		for _, e := range rules.PerftDivide(pos, o.Depth) {
			out.Divide = append(out.Divide, reports.PerftDivideJSON{Move: e.Move.String(), Leaves: e.Leaves})
			out.Leaves += e.Leaves
		}
	} else {
		out.Leaves = rules.Perft(pos, o.Depth)
	}
	elapsed := time.Since(start)
	if g.io.ErrTTY {
		if err := reports.WritePerftSpeed(g.io.ErrOut, g.cliLocale(), elapsed, out.Leaves); err != nil {
			return err
		}
	}
	if g.json {
		return printJSON(cmd, out)
	}
	return reports.WritePerftText(cmd.OutOrStdout(), &out, o.Divide)
}
