package main

import (
	"io"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() { addCommand(newCrosstableCmd) }

func newCrosstableCmd(g *globalOptions) *cobra.Command {
	var f standingsFlags
	var grid, swiss bool
	c := &cobra.Command{
		Use:     "crosstable",
		Aliases: []string{"tabellone"},
		Short:   "Crosstable (tabellone): player × player grid (round robin) or per-round cells like 12w2 (Swiss)",
		Long: `Crosstable after a round, lines in standings order. A round robin prints a player ×
player grid; the Swiss systems print one column per round: opponent's line number, colour
and points (12w2), 12+ / 12- for forfeits, -2 for a bye. --grid or --swiss choose the
layout. A grid too wide for a landscape A4 page is printed per round in the PDF.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if grid && swiss {
				return usageErr("choose one of --grid and --swiss")
			}
			s, err := f.load(cmd.Context(), g)
			if err != nil {
				return err
			}
			useGrid := grid || (!swiss && s.Table.Event.System == tournament.SystemRoundRobin)
			if f.pdf != "" {
				return writePDF(cmd, g, f.pdf, func(w io.Writer, m reports.Meta) error {
					return reports.WriteCrosstablePDF(w, s, useGrid, m)
				})
			}
			if g.json {
				return reports.WriteCrosstableJSON(cmd.OutOrStdout(), s)
			}
			return reports.WriteCrosstableText(cmd.OutOrStdout(), s, useGrid)
		},
	}
	f.register(c)
	c.Flags().BoolVar(&grid, "grid", false, "player × player grid (default for a round robin)")
	c.Flags().BoolVar(&swiss, "swiss", false, "one column per round (default for the Swiss systems)")
	return c
}
