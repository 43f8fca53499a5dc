// Store integration of the pairing engines (lot, pair, unpair, pairings): announced
// absences, which the Swiss pairings leave out.

package main

import (
	"arbitro/reports"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(newAbsentCmd) }

func newAbsentCmd(g *globalOptions) *cobra.Command {
	var round, points int
	var reason string
	var remove bool
	cmd := &cobra.Command{
		Use:     "absent PLAYER",
		Aliases: []string{"assente"},
		Short:   "Record that a player will not play a round (not paired; points as granted)",
		Long: `Record that a player will not play a round that is not paired yet (assenza
annunciata): the Swiss pairings leave him out and he gets --points game points (default
0; 1 for a half-point bye where the rules allow it). PLAYER is an id or a name. --remove
takes the absence back. For a round already paired record a forfeit with 'arbitro
result'; a round robin's rounds are fixed, so there too the game is a forfeit.`,
		Example: `  arbitro absent "Rossi, Mario"
  arbitro absent 12 --round 5 --points 1 --reason "requested half-point bye"
  arbitro absent 12 --round 5 --remove`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if remove && (cmd.Flags().Changed("points") || reason != "") {
				return usageErr("--remove goes without --points and --reason")
			}
			if round < 0 {
				return usageErr("--round must be a round number (1, 2, ...), not %d", round)
			}
			var a *tournament.Absence
			var name string
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				name = t.Name
				if remove {
					a, err = tx.RemoveAbsence(t, args[0], round)
				} else {
					a, err = tx.SetAbsence(t, args[0], round, points, reason)
				}
				return err
			})
			if err != nil {
				return explainPair(g, err)
			}
			if g.json {
				return printJSON(cmd, a)
			}
			return reports.WriteAbsence(cmd.OutOrStdout(), name, a, remove)
		},
	}
	f := cmd.Flags()
	f.IntVar(&round, "round", 0, "the round (default: the next round to pair)")
	f.IntVar(&points, "points", 0, "game points granted for the round (0, 1 or 2)")
	f.StringVar(&reason, "reason", "", "why, for the event log")
	f.BoolVar(&remove, "remove", false, "take the absence back")
	return cmd
}
