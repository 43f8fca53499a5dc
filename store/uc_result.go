package store

import (
	"context"
	"errors"

	"arbitro/tournament"
)

// ResultEntry is the outcome of EnterResult and CorrectResult.
type ResultEntry struct {
	Tournament tournament.Tournament // as selected, before the result was written
	Board      *tournament.Board     // the board as it now stands
	// Warnings are the disagreements of the result with the board's stored game score
	// (Tx.ResultDisagreements), one sentence each; nil when none or no score.
	Warnings []string
	// Same, when not nil, is the note that the result was already recorded as given
	// (wrapping tournament.ErrSameResult): nothing was written, and it is not an error.
	Same error
}

// EnterResult records result spec (2-0, =, +-, ..., see tournament.ParseOutcome) on board
// board, game game (2: the return game) of round round of the tournament ref names, scores
// the round's byes and logs it (Tx.SetResult), in one transaction.
//
// Returns the board as it now stands and the disagreements with its game score; the same
// result entered again is not an error: ResultEntry.Same says so and nothing is written.
// Errors: ErrNotPaired, ErrNoBoard, ErrResultExists (the board has another result: see
// CorrectResult), ErrInvalid (an unreadable result, a bye on a board with two players,
// a game result on a bye board); those of updateIn. Nothing is written on error.
func (s *Store) EnterResult(ctx context.Context, ref string, round, board, game int, spec string) (ResultEntry, error) {
	return s.setResult(ctx, ref, round, board, game, spec, tournament.ResultOptions{})
}

// CorrectResult replaces the result of board board, game game of round round of the
// tournament ref names with spec, keeping the old result and reason in the event log
// (Tx.SetResult with Correct); a board without a result gets spec.
//
// Returns what EnterResult returns (Same is never set). Errors: ErrMalformed when reason
// is empty; ErrInvalid when spec is the result already recorded; otherwise EnterResult's.
// Nothing is written on error.
func (s *Store) CorrectResult(ctx context.Context, ref string, round, board, game int, spec, reason string) (ResultEntry, error) {
	return s.setResult(ctx, ref, round, board, game, spec, tournament.ResultOptions{Correct: true, Reason: reason})
}

func (s *Store) setResult(ctx context.Context, ref string, round, board, game int, spec string, opts tournament.ResultOptions) (ResultEntry, error) {
	var out ResultEntry
	var err error
	out.Tournament, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out.Board, err = tx.SetResult(t, round, board, game, spec, opts)
		if errors.Is(err, tournament.ErrSameResult) {
			out.Same = err // a harmless repeat: nothing written
			return nil
		} else if err != nil {
			return err
		}
		out.Warnings, err = tx.ResultDisagreements(out.Board)
		return err
	})
	return out, err
}

// ResultList reads the boards of round round (0: every round) of the tournament ref names,
// in round, board and game order, with their results and game scores (Tx.Boards). It
// writes nothing.
//
// Returns the boards (nil when none) and the tournament as selected. Errors: ErrNotPaired
// for a round not paired; those of viewIn.
func (s *Store) ResultList(ctx context.Context, ref string, round int) ([]*tournament.Board, tournament.Tournament, error) {
	var boards []*tournament.Board
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		boards, err = tx.Boards(t, round)
		return err
	})
	return boards, t, err
}
