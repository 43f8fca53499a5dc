// Store integration of the pairing engines (lot, pair, unpair, pairings): announced
// absences, which the Swiss pairings leave out.

package main

import (
	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// absentOptions are the argument and flags of `arbitro absent`.
type absentOptions struct {
	Player    string // PLAYER: a number or a name (playerRefHelp)
	Round     int    // --round; 0 = the next round to pair
	Points    int    // --points: game points granted
	Reason    string // --reason, for the event log
	Remove    bool   // --remove: take the absence back
	pointsSet bool   // --points given
}

// complete checks the combination of flags: --remove goes without --points and --reason.
func (o *absentOptions) complete(cmd *cobra.Command, args []string) error {
	o.Player = args[0]
	o.pointsSet = cmd.Flags().Changed("points")
	if o.Remove && (o.pointsSet || o.Reason != "") {
		return usageCoded(tournament.Errf(nil, "err.cli.remove_alone", "--remove goes without --points and --reason"))
	}
	if o.Round < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag", "--round must be a round number (1, 2, ...), not {round}", "round", o.Round))
	}
	return nil
}

func newAbsentCmd(g *globalOptions, runF func(*cobra.Command, *absentOptions) error) *cobra.Command {
	o := &absentOptions{}
	cmd := &cobra.Command{
		Use:     "absent PLAYER",
		Aliases: []string{"assente"},
		Short:   "Record that a player will not play a round (not paired; points as granted)",
		Long: `Record that a player will not play a round that is not paired yet (assenza
annunciata): the Swiss pairings leave him out and he gets --points game points (default
0; 1 for a half-point bye where the rules allow it). --remove takes the absence back.
For a round already paired record a forfeit with 'arbitro result'; a round robin's rounds
are fixed, so there too the game is a forfeit.

` + playerRefHelp,
		Example: `  arbitro absent "Rossi, Mario"
  arbitro absent 12 --round 5 --points 1 --reason "requested half-point bye"
  arbitro absent 12 --round 5 --remove`,
		Args: cobra.ExactArgs(1),
	}
	f := cmd.Flags()
	f.IntVar(&o.Round, "round", 0, "the round (default: the next round to pair)")
	f.IntVar(&o.Points, "points", 0, "game points granted for the round (0, 1 or 2)")
	f.StringVar(&o.Reason, "reason", "", "why, for the event log")
	f.BoolVar(&o.Remove, "remove", false, "take the absence back")
	return withRun(cmd, o, runF)
}

// runAbsent records (or removes) the absence in one transaction and confirms it.
func runAbsent(cmd *cobra.Command, g *globalOptions, o *absentOptions) error {
	var a *tournament.Absence
	var t tournament.Tournament
	err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		if o.Remove {
			a, t, err = st.RemoveAbsence(cmd.Context(), g.tournament, o.Player, o.Round)
		} else {
			a, t, err = st.SetAbsence(cmd.Context(), g.tournament, o.Player, o.Round, o.Points, o.Reason)
		}
		return t, err
	})
	if err != nil {
		return explainPair(g, err)
	}
	if g.json {
		return printJSON(cmd, a)
	}
	return reports.WriteAbsence(cmd.OutOrStdout(), g.cliLocale(), t.Name, a, o.Remove)
}
