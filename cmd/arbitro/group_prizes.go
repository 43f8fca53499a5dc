package main

import (
	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// group prizes: the combined prize list of an event with groups (store.EventPrizes).

func newGroupPrizesCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	o := &groupReadOptions{g: g}
	c := &cobra.Command{
		Use:   "prizes",
		Short: "The prize list of the event and of every group, one after the other (each after its last complete round)",
		Args:  cobra.NoArgs,
	}
	c.Flags().IntVar(&o.stage, "stage", 0, "only the groups of this stage (default: every stage)")
	return withRun(c, o, runF)
}

func runGroupPrizes(cmd *cobra.Command, g *globalOptions, o *groupReadOptions) error {
	var lists []tournament.GroupPrizes
	var ev tournament.Tournament
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		lists, ev, err = st.EventPrizes(cmd.Context(), g.tournament, o.stage)
		return ev, err
	})
	if err != nil {
		return err
	}
	loc, err := g.reportLocale(&ev)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, lists)
	}
	return reports.WriteEventPrizesText(cmd.OutOrStdout(), loc, ev.Name, lists)
}
