package main

import (
	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// claimOptions are the flags of `arbitro claim`.
type claimOptions struct {
	tournament.ClaimRequest
	Game         int // --game: 2 for the return game
	Round, Board int // ROUND BOARD
}

// complete reads ROUND and BOARD and checks --game.
func (o *claimOptions) complete(_ *cobra.Command, args []string) (err error) {
	if o.Round, o.Board, err = roundBoard(args); err != nil {
		return err
	}
	return checkGame(o.Game)
}

func newClaimCmd(g *globalOptions, runF func(*cobra.Command, *claimOptions) error) *cobra.Command {
	o := &claimOptions{}
	req := &o.ClaimRequest
	cmd := &cobra.Command{
		Use:   "claim ROUND BOARD --requested-at PLY --declared-at PLY",
		Short: "Check a draw claim against the stored score and record the arbiter's decision",
		Long: `Check a draw claim on the game score stored for a board and record it with the arbiter's
decision and the engine's reasoning. Plies are counted from 0 (the start position): ply 1 is
White's first move.

Italian draughts: the 40-move count (40 moves each = 80 plies without a man move or a
capture), counted from the ply at which the count was requested, restarting at every man
move or capture; the draw is valid when 80 plies were counted by the declared ply.
International draughts: FMJD Article 6 (threefold repetition, 25-move, 16-move and 5-move
rules): valid when one of them applied at or before the declared ply.

--decision records the arbiter's decision; by default it is the engine's verdict. A decision
against the engine is recorded and flagged by 'arbitro audit'.`,
		Example: `  arbitro claim 3 2 --requested-at 60 --declared-at 140
  arbitro claim 3 2 --requested-at 60 --declared-at 120 --decision rejected --claimant white`,
		Args: cobra.ExactArgs(2),
	}
	f := cmd.Flags()
	f.IntVar(&req.RequestedAt, "requested-at", 0, "ply after which the claim (or the count) was requested")
	f.IntVar(&req.DeclaredAt, "declared-at", 0, "ply after which the draw was declared")
	f.StringVar(&req.Decision, "decision", "", "the arbiter's decision: accepted or rejected (default: the engine's verdict)")
	f.StringVar(&req.Claimant, "claimant", "", "who claimed: white or black")
	f.StringVar(&req.Note, "note", "", "a note kept with the claim")
	f.IntVar(&o.Game, "game", 1, "game of the pairing: 2 for the return game when each pairing plays two")
	cmd.MarkFlagRequired("requested-at")
	cmd.MarkFlagRequired("declared-at")
	return withRun(cmd, o, runF)
}

// runClaim checks the claim and records it with the decision in one transaction.
func runClaim(cmd *cobra.Command, g *globalOptions, o *claimOptions) error {
	req := &o.ClaimRequest
	r, b := o.Round, o.Board
	var rec *tournament.ClaimRecord
	err := g.writeExplaining(explainBoard, func(st *store.Store) (t tournament.Tournament, err error) {
		rec, t, err = st.AddClaim(cmd.Context(), g.tournament, r, b, o.Game, *req)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, rec)
	}
	return reports.WriteClaimText(cmd.OutOrStdout(), g.cliLocale(), rec)
}
