// Store integration of the pairing engines (lot, pair, unpair, pairings).

package main

import (
	"fmt"

	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(newLotCmd()) }

func newLotCmd() *cobra.Command {
	var seed uint64
	cmd := &cobra.Command{
		Use:     "lot",
		Aliases: []string{"sorteggio"},
		Short:   "Draw the pairing numbers (sorteggio) from the tournament's seed",
		Long: `Draw the pairing numbers (numeri di sorteggio) of every player from a seed. The seed is
the one stored when the tournament was created, or the one given with --seed (then
stored): anybody can repeat the draw from the seed and get the same numbers
(algorithm: pairing.Lot — sort the entry ids, Fisher-Yates with PCG(seed, 1)).

The lot may be drawn again while no round is paired; once round 1 is paired it is
refused, and players entered later get the next numbers automatically.

For the Dutch system the numbers follow the initial ranking instead (rating, highest
first, then name; FIDE C.04.2 A.2) and the seed draws round 1's initial colour. The draw is
written in the event log ('arbitro tournament log').`,
		Example: `  arbitro lot
  arbitro lot --seed 20261121`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var sp *uint64
			if cmd.Flags().Changed("seed") {
				sp = &seed
			}
			var res *tournament.LotResult
			var name string
			err := update(func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				name = t.Name
				res, err = tx.DrawLot(t, sp)
				return err
			})
			if err != nil {
				return explainPair(err)
			}
			for _, w := range res.Warnings {
				fmt.Fprintf(cmd.ErrOrStderr(), "arbitro: warning: %s\n", w)
			}
			if flagJSON {
				return printJSON(cmd, res)
			}
			out := cmd.OutOrStdout()
			verb := "drawn"
			if res.Redraw {
				verb = "drawn again"
			}
			if res.Method == "rating" {
				fmt.Fprintf(out, "pairing numbers of %s by rating (Dutch system, FIDE C.04.2 A.2), %d players; seed %d draws the initial colour: %s\n",
					name, len(res.Numbers), res.Seed, res.InitialColour)
			} else {
				fmt.Fprintf(out, "lot of %s %s with seed %d (%s)\n", name, verb, res.Seed, plural(len(res.Numbers), "player", "players"))
			}
			tw := newTable(out)
			fmt.Fprintln(tw, "No\tPlayer\tId")
			for _, n := range res.Numbers {
				fmt.Fprintf(tw, "%d\t%s\t%d\n", n.Number, n.Name, n.Entry)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			writeLotClubs(out, res)
			return nil
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 0, "seed of the draw (1 to 9223372036854775807; default: the tournament's stored seed)")
	return cmd
}
