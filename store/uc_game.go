package store

import (
	"context"
	"fmt"
	"io"

	"arbitro/rules"
	"arbitro/tournament"
)

// GameScore is a game score as read from its file (tournament.ReadGameScore): the game and
// its text, stored as given.
type GameScore struct {
	Game *rules.Game
	Text string
}

// AddGame stores the game score of board (game 1, or 2 for the return game) of round of
// the tournament ref names, replays it with the tournament's variant and stores the
// verdict (Tx.AddGame). An illegal score is stored too; the returned record's Verdict says
// where and why.
//
// Returns the game record as stored and the tournament as selected. Errors:
// ErrNotPaired, ErrNoBoard, ErrGameExists (unless opts.Replace), ErrMismatch (players,
// result or variant disagree with the pairing, unless opts.Force); those of updateIn. On
// an error nothing is written.
func (s *Store) AddGame(ctx context.Context, ref string, round, board, game int, score GameScore, opts tournament.GameOptions) (*tournament.GameRecord, tournament.Tournament, error) {
	var rec *tournament.GameRecord
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		rec, err = tx.AddGame(t, round, board, game, score.Game, score.Text, opts)
		return err
	})
	return rec, t, err
}

// ImportGames attaches every game of the PDN text read from r to its board of the
// tournament ref names, by round and players, in one transaction (Tx.ImportGames): games
// that fit no board, or several, are reported and not stored.
//
// source names the file in errors: Tx.ImportGames's error (ErrBadPDN: an empty, binary or
// too large file, or one without any game; a read error) is returned as "source: error".
// Returns the import's report (stored, already stored, unmatched, rejected, illegal) and
// the tournament as selected; updateIn's errors as they are. On an error nothing is
// written.
func (s *Store) ImportGames(ctx context.Context, ref, source string, r io.Reader, opts tournament.GameOptions) (*tournament.GameImportReport, tournament.Tournament, error) {
	var rep *tournament.GameImportReport
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if rep, err = tx.ImportGames(t, r, opts); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
		return nil
	})
	return rep, t, err
}
