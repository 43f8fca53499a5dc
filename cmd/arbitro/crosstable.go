package main

import (
	"io"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

// crosstableOptions are the flags of `arbitro crosstable`.
type crosstableOptions struct {
	standingsFlags
	Grid, Swiss bool // --grid, --swiss: the layout (default by the system)
}

// complete checks that at most one layout is chosen, then --lang and --round.
func (o *crosstableOptions) complete(*cobra.Command, []string) error {
	if o.Grid && o.Swiss {
		return usageCoded(tournament.Errf(nil, "err.cli.grid_or_swiss", "choose one of --grid and --swiss"))
	}
	return o.check()
}

func newCrosstableCmd(g *globalOptions, runF func(*cobra.Command, *crosstableOptions) error) *cobra.Command {
	o := &crosstableOptions{}
	c := &cobra.Command{
		Use:     "crosstable",
		Aliases: []string{"tabellone"},
		Short:   "Crosstable (tabellone): player × player grid (round robin) or per-round cells like 12w2 (Swiss)",
		Long: `Crosstable after a round, lines in standings order. A round robin prints a player ×
player grid; the Swiss systems print one column per round: opponent's line number, colour
and points (12w2), 12+ / 12- for forfeits, -2 for a bye. --grid or --swiss choose the
layout. A grid too wide for a landscape A4 page is printed per round in the PDF.`,
		Args: cobra.NoArgs,
	}
	o.register(c, g)
	c.Flags().BoolVar(&o.Grid, "grid", false, "player × player grid (default for a round robin)")
	c.Flags().BoolVar(&o.Swiss, "swiss", false, "one column per round (default for the Swiss systems)")
	return withRun(c, o, runF)
}

// runCrosstable computes the standings and writes the crosstable in the chosen form.
func runCrosstable(cmd *cobra.Command, g *globalOptions, o *crosstableOptions) error {
	s, err := o.load(cmd.Context(), g, true)
	if err != nil {
		return err
	}
	useGrid := o.Grid || (!o.Swiss && s.Table.Event.System.FixedTable())
	if o.pdf != "" {
		return writePDF(cmd, g, o.pdf, func(w io.Writer, m reports.Meta) error {
			return reports.WriteCrosstablePDF(w, s, useGrid, m)
		})
	}
	if g.json {
		return reports.WriteCrosstableJSON(cmd.OutOrStdout(), s)
	}
	return reports.WriteCrosstableText(cmd.OutOrStdout(), s, useGrid)
}
