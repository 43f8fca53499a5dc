package store

// A simple legal-move player, used by `arbitro demo` to fill an event with games that the
// rules engine itself produced. It is not a draughts engine: it only plays legal moves.

import (
	"bytes"
	"fmt"
	"strconv"

	"arbitro/rules"
	"arbitro/tournament"
)

// SimulateRound plays, with SimulateGame, every board of round round of t that has two
// players and no result yet; records each result (SetResult, from the game's result) and
// stores each score (AddGame, which replays and judges it), in the caller's transaction.
// Byes are left to the pairing (scoreByes). Returns the boards played, in board order.
// Errors: those of Boards, SetResult and AddGame; ErrInvalid when CountDrawBoard's game
// does not end by the count within 500 seeds.
func (tx *Tx) SimulateRound(t *tournament.Tournament, round int, opts tournament.SimRoundOptions) ([]tournament.SimulatedBoard, error) {
	v := t.Variant
	boards, err := tx.Boards(t, round)
	if err != nil {
		return nil, err
	}
	event := opts.Event
	if event == "" {
		event = t.Name
	}
	var out []tournament.SimulatedBoard
	for _, b := range boards {
		if b.Bye() || b.Result != nil {
			continue
		}
		seed := tournament.SimSeed(opts.Seed, t.ID, round, b.Board)
		so := tournament.SimOptions{Variant: v, Seed: seed, White: b.White, Black: b.Black, Event: event,
			Round: strconv.Itoa(round), Date: opts.Date}
		r, err := tournament.SimulateGame(so)
		if err != nil {
			return nil, err
		}
		if b.Board == opts.CountDrawBoard {
			for k := 1; r.End != tournament.SimCount; k++ {
				if k > 500 {
					return nil, fmt.Errorf("%w: no simulated game of round %d board %d ended by the move count in 500 tries", tournament.ErrInvalid, round, b.Board)
				}
				so.Seed = seed + uint64(k)
				if r, err = tournament.SimulateGame(so); err != nil {
					return nil, err
				}
			}
		}
		var text bytes.Buffer
		if err := rules.WritePDN(&text, r.Game); err != nil {
			return nil, err
		}
		if _, err := tx.SetResult(t, round, b.Board, b.Game, r.Result, tournament.ResultOptions{}); err != nil {
			return nil, err
		}
		rec, err := tx.AddGame(t, round, b.Board, b.Game, r.Game, text.String(), tournament.GameOptions{})
		if err != nil {
			return nil, err
		}
		out = append(out, tournament.SimulatedBoard{Round: round, Board: b.Board, White: b.White, Black: b.Black, Result: r.Result,
			End: r.End, Plies: r.Plies, CountFrom: r.CountFrom, GameID: rec.ID, Seed: so.Seed})
	}
	return out, nil
}
