package main

import (
	"strconv"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

func newRoundCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "round",
		Aliases: []string{"turno"},
		Short:   "Settings of a paired round (date and start time)",
	}
	cmd.AddCommand(bind(newRoundSetCmd, runRoundSet)(g))
	return cmd
}

// roundSetOptions are the argument and flags of `arbitro round set`.
type roundSetOptions struct {
	Round       int     // ROUND
	Date, Clock string  // --date, --time as typed
	date, clock *string // the ones given (nil = leave unchanged; "" clears)
}

// complete reads ROUND and which of --date and --time were given (at least one).
func (o *roundSetOptions) complete(cmd *cobra.Command, args []string) error {
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_arg", "ROUND must be a round number (1, 2, ...), not {value}", "value", strconv.Quote(args[0])))
	}
	o.Round = n
	if cmd.Flags().Changed("date") {
		o.date = &o.Date
	}
	if cmd.Flags().Changed("time") {
		o.clock = &o.Clock
	}
	if o.date == nil && o.clock == nil {
		return usageCoded(tournament.Errf(nil, "err.cli.date_or_time", "give --date, --time or both"))
	}
	return nil
}

func newRoundSetCmd(g *globalOptions, runF func(*cobra.Command, *roundSetOptions) error) *cobra.Command {
	o := &roundSetOptions{}
	cmd := &cobra.Command{
		Use:   "set ROUND [--date DATE] [--time HH:MM]",
		Short: "Store the day and start time of a paired round (printed on its pairing sheet)",
		Long: `Store the day (2026-11-21 or 21/11/2026) and the start time (15:30) of a paired
round; the pairing and results sheets print them. An empty value clears it. Written in the
event log.`,
		Example: `  arbitro round set 3 --date 21/11/2026 --time 15:30`,
		Args:    cobra.ExactArgs(1),
	}
	cmd.Flags().StringVar(&o.Date, "date", "", "the day, 2026-11-21 or 21/11/2026")
	cmd.Flags().StringVar(&o.Clock, "time", "", "the start time, 15:30")
	return withRun(cmd, o, runF)
}

// runRoundSet stores the schedule in one transaction and confirms it.
func runRoundSet(cmd *cobra.Command, g *globalOptions, o *roundSetOptions) error {
	var rs tournament.RoundSchedule
	var t tournament.Tournament
	if err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		rs, t, err = st.SetRoundSchedule(cmd.Context(), g.tournament, o.Round, o.date, o.clock)
		return t, err
	}); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, rs)
	}
	return reports.WriteRoundSet(cmd.OutOrStdout(), g.cliLocale(), t.Name, rs)
}
