package main

import (
	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// undoOptions are the flags of `arbitro undo`.
type undoOptions struct {
	List bool // --list: show what undo would revert, change nothing
}

func (o *undoOptions) complete(*cobra.Command, []string) error { return nil }

func newUndoCmd(g *globalOptions, runF func(*cobra.Command, *undoOptions) error) *cobra.Command {
	o := &undoOptions{}
	cmd := &cobra.Command{
		Use:     "undo",
		Aliases: []string{"annulla"},
		Short:   "Revert the last arbiter action from the event log (--list: what it would revert)",
		Long: `Revert the last arbiter action of the tournament from the event log's before and after:
a result (deleted), a correction (the result before it back), a pairing (unpaired, while it
has no result), an unpair (paired again as it was), a round's date and time, the lot (the
numbers before it), a setting of the tournament (as it was), a category, prize or claim
added (deleted), category members, a player added, imported (deleted), corrected,
removed (entered again, same id), withdrawn or reinstated (as he was, the lot drawn again
from the stored seed before round 1), an absence recorded or removed, a game score added,
replaced or imported, the tournament created or imported (deleted), a play-off, its games
and scores, the hall's settings, delay, check-ins, PINs and the players' entries and
sheets, groups made and a player moved. Each undo is itself logged; run it again to go
further back. The README's undo table says, for each action, when undo refuses it.

Only the last action is reverted, so whatever came after an action is undone first; an
action undo cannot revert (a PIN that replaced another, one logged by an older arbitro
without what undo needs) stops it, and the error names it. --list shows the actions undo
would revert, the last first.`,
		Example: `  arbitro undo --list
  arbitro undo`,
		Args: cobra.NoArgs,
	}
	cmd.Flags().BoolVar(&o.List, "list", false, "list what undo would revert, the last action first; change nothing")
	return withRun(cmd, o, runF)
}

// runUndo reverts the last action in one transaction (or lists the actions) and confirms.
func runUndo(cmd *cobra.Command, g *globalOptions, o *undoOptions) error {
	if o.List {
		var steps []tournament.UndoStep
		var t tournament.Tournament
		err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
			steps, t, err = st.UndoList(cmd.Context(), g.tournament)
			return t, err
		})
		if err != nil {
			return err
		}
		if g.json {
			return printJSON(cmd, steps)
		}
		return reports.WriteUndoList(cmd.OutOrStdout(), g.cliLocale(), t.Name, steps)
	}
	var u *tournament.UndoStep
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		u, t, err = st.Undo(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, u)
	}
	return reports.WriteUndone(cmd.OutOrStdout(), g.cliLocale(), u)
}
