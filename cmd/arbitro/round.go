package main

import (
	"strconv"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() { addCommand(newRoundCmd) }

func newRoundCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "round",
		Aliases: []string{"turno"},
		Short:   "Settings of a paired round (date and start time)",
	}
	cmd.AddCommand(newRoundSetCmd(g))
	return cmd
}

func newRoundSetCmd(g *globalOptions) *cobra.Command {
	var date, clock string
	cmd := &cobra.Command{
		Use:   "set ROUND [--date DATE] [--time HH:MM]",
		Short: "Store the day and start time of a paired round (printed on its pairing sheet)",
		Long: `Store the day (2026-11-21 or 21/11/2026) and the start time (15:30) of a paired
round; the pairing and results sheets print them. An empty value clears it. Written in the
event log.`,
		Example: `  arbitro round set 3 --date 21/11/2026 --time 15:30`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 1 {
				return usageErr("ROUND must be a round number (1, 2, ...), not %q", args[0])
			}
			var dp, tp *string
			if cmd.Flags().Changed("date") {
				dp = &date
			}
			if cmd.Flags().Changed("time") {
				tp = &clock
			}
			if dp == nil && tp == nil {
				return usageErr("give --date, --time or both")
			}
			var rs tournament.RoundSchedule
			var name string
			if err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				name = t.Name
				rs, err = tx.SetRoundSchedule(t, n, dp, tp)
				return err
			}); err != nil {
				return err
			}
			if g.json {
				return printJSON(cmd, rs)
			}
			return reports.WriteRoundSet(cmd.OutOrStdout(), g.cliLocale(), name, rs)
		},
	}
	cmd.Flags().StringVar(&date, "date", "", "the day, 2026-11-21 or 21/11/2026")
	cmd.Flags().StringVar(&clock, "time", "", "the start time, 15:30")
	return cmd
}
