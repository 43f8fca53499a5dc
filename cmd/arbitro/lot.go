// Store integration of the pairing engines (lot, pair, unpair, pairings).

package main

import (
	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(bind(newLotCmd, runLot)) }

// lotOptions are the flags of `arbitro lot`.
type lotOptions struct {
	Seed    uint64 // --seed: 0 = the tournament's stored seed
	seedSet bool   // --seed given: draw from it (and store it)
}

func (o *lotOptions) complete(cmd *cobra.Command, _ []string) error {
	o.seedSet = cmd.Flags().Changed("seed")
	return nil
}

func newLotCmd(g *globalOptions, runF func(*cobra.Command, *lotOptions) error) *cobra.Command {
	o := &lotOptions{}
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
first, then name; FIDE C.04.2 Art. 2) and the seed draws round 1's initial colour. The draw is
written in the event log ('arbitro tournament log').`,
		Example: `  arbitro lot
  arbitro lot --seed 20261121`,
		Args: cobra.NoArgs,
	}
	cmd.Flags().Uint64Var(&o.Seed, "seed", 0, "seed of the draw (1 to 9223372036854775807; default: the tournament's stored seed)")
	return withRun(cmd, o, runF)
}

// runLot draws the lot in one transaction and prints it with its warnings.
func runLot(cmd *cobra.Command, g *globalOptions, o *lotOptions) error {
	var sp *uint64
	if o.seedSet {
		sp = &o.Seed
	}
	var res *tournament.LotResult
	var t tournament.Tournament
	err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		res, t, err = st.DrawLot(cmd.Context(), g.tournament, sp)
		return t, err
	})
	if err != nil {
		return explainPair(g, err)
	}
	if g.json {
		if err := reports.WriteWarnings(cmd.ErrOrStderr(), g.cliLocale(), res.Warnings); err != nil {
			return err
		}
		return printJSON(cmd, res)
	}
	return reports.WriteLotText(cmd.OutOrStdout(), cmd.ErrOrStderr(), g.cliLocale(), t.Name, res)
}
