package store

import (
	"context"

	"arbitro/rules"
	"arbitro/tournament"
)

// AddPlayoff creates a play-off (barrage, spareggio tecnico; docs/playoffs.md) of the
// tournament ref names between the players refs name (pairing numbers or names), for a
// title or a place, at time control tc, ordering them after the tie-breaks or before them
// (when: "after-tiebreaks", the default for "", or "before-tiebreaks") (Tx.addPlayoff).
//
// Returns the play-off as stored and the tournament as selected. Errors: those of
// Tx.addPlayoff and updateIn; on an error nothing is written.
func (s *Store) AddPlayoff(ctx context.Context, ref string, refs []string, title string, place int, tc, when string) (*tournament.Playoff, tournament.Tournament, error) {
	var p *tournament.Playoff
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		p, err = tx.addPlayoff(t, refs, title, place, tc, when)
		return err
	})
	return p, t, err
}

// PlayoffResult adds the next game of play-off number of the tournament ref names, white
// against black with result (Tx.playoffResult).
//
// Returns the play-off with the game, the game, and the tournament as selected. Errors:
// those of Tx.playoffResult and updateIn; on an error nothing is written.
func (s *Store) PlayoffResult(ctx context.Context, ref string, number int, white, black, result string) (*tournament.Playoff, *tournament.PlayoffGame, tournament.Tournament, error) {
	var p *tournament.Playoff
	var g *tournament.PlayoffGame
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		p, g, err = tx.playoffResult(t, number, white, black, result)
		return err
	})
	return p, g, t, err
}

// PlayoffGame stores the PDN score of game game of play-off number of the tournament ref
// names, judged by the same replay as every game (Tx.playoffGameScore).
//
// Returns the game, the replay's verdict and the tournament as selected. Errors: those of
// Tx.playoffGameScore and updateIn; on an error nothing is written.
func (s *Store) PlayoffGame(ctx context.Context, ref string, number, game int, score GameScore, force, replace bool) (*tournament.PlayoffGame, rules.Verdict, tournament.Tournament, error) {
	var g *tournament.PlayoffGame
	var v rules.Verdict
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		g, v, err = tx.playoffGameScore(t, number, game, score.Game, score.Text, force, replace)
		return err
	})
	return g, v, t, err
}

// Playoffs lists the play-offs of the tournament ref names (Tx.playoffs). It writes
// nothing. Errors: viewIn's.
func (s *Store) Playoffs(ctx context.Context, ref string) ([]tournament.Playoff, tournament.Tournament, error) {
	var out []tournament.Playoff
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out, err = tx.playoffs(t)
		return err
	})
	return out, t, err
}
