package store

import (
	"context"
	"errors"

	"arbitro/tournament"
)

// The use cases of team events (issue 32, docs/teams.md). Each is one transaction on the
// team event ref names.

// CreateTeamEvent creates tournament t as a team event with settings s (boards per match,
// match points, team tie-breaks), in one transaction; logs "tournament.create" and
// "team.event".
//
// Returns t as stored. Errors: ErrInvalid (a value that does not fit, a system other than
// round robin), ErrDuplicateTournament; those of Update. Nothing is written on error.
func (s *Store) CreateTeamEvent(ctx context.Context, t tournament.Tournament, set tournament.TeamSettings) (tournament.Tournament, error) {
	err := s.Update(ctx, func(tx *Tx) error {
		if t.System != tournament.RoundRobin && t.System != tournament.Dutch {
			return tournament.Errf(tournament.ErrInvalid, "err.team.system", "{err}: a team event is paired by --system round-robin or dutch (the team Swiss), not {system}", "system", t.System.Code())
		}
		if t.GamesPerPairing != 1 && t.GamesPerPairing != 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.team.games", "{err}: a team match is one game a board (drop --games)")
		}
		if err := tx.CreateTournament(&t); err != nil {
			return err
		}
		if _, err := tx.exec(`INSERT INTO team_events (tournament_id, boards, match_win, match_draw, match_loss, tiebreaks) VALUES (?, ?, ?, ?, ?, ?)`,
			t.ID, set.Boards, set.MatchWin, set.MatchDraw, set.MatchLoss, teamTieBreakText(set.TieBreaks)); err != nil {
			return err
		}
		return tx.logEvent(t.ID, "team.event", nil, set)
	})
	return t, err
}

// AddTeam enters a team in the team event ref names: its players become entries of the
// event (club the team's), in roster order, reserves last (Tx.addTeam); logs "team.add"
// and each "player.add".
//
// Returns the team and the tournament. Errors: ErrNotTeamEvent; ErrInvalid (no player,
// more players than boards, a name twice, a team of that name); ErrMalformed (a name that
// cannot be read); ErrDuplicatePlayer (a player already entered); ErrLocked (after round
// 1 is paired); those of updateIn. Nothing is written on error.
func (s *Store) AddTeam(ctx context.Context, ref string, spec TeamSpec) (*tournament.Team, tournament.Tournament, error) {
	var tm *tournament.Team
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		set, err := tx.mustTeamSettings(t)
		if err != nil {
			return err
		}
		tm, err = tx.addTeam(t, set, spec)
		return err
	})
	return tm, t, err
}

// TeamEvent reads the team event ref names: settings, teams with their rosters, every
// match with its line-ups and results. It writes nothing.
//
// Errors: ErrNotTeamEvent; those of viewIn.
func (s *Store) TeamEvent(ctx context.Context, ref string) (*tournament.TeamEvent, tournament.Tournament, error) {
	var ev *tournament.TeamEvent
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		ev, err = tx.loadTeamEvent(t)
		return err
	})
	return ev, t, err
}

// PairTeamRound pairs the next round of the team event ref names (Tx.pairTeamRound): the
// team lot from the event's seed when not drawn ("team.lot"), then the matches by the
// Berger tables ("team.pair"). round, when not 0, must be the next round.
//
// Returns the round's matches. Errors: *RoundOrderError; ErrNotTeamEvent; ErrInvalid
// (fewer than 2 teams); ErrResultsMissing (a match of the round before not decided);
// ErrAllRoundsPaired; those of updateIn. Nothing is written on error.
func (s *Store) PairTeamRound(ctx context.Context, ref string, round int) (*TeamRound, tournament.Tournament, error) {
	var out *TeamRound
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if round != 0 && round != t.RoundsPaired+1 {
			return &RoundOrderError{Tournament: t.Name, Next: t.RoundsPaired + 1, Asked: round}
		}
		out, err = tx.pairTeamRound(t)
		return err
	})
	return out, t, err
}

// SetLineup stores team's line-up for its match of round of the team event ref names:
// refs one a board, board 1 first (a member's name, "#ORDER" in the roster, or
// tournament.EmptyBoard); once both teams' line-ups are in, the match's games are boards
// of the round (numbered tournament.RoundBoardOf) with the team named first White on the
// odd boards. A line-up given again replaces the first while no game of the match has a
// result. Logs "team.lineup" (undo reverts it).
//
// Returns the match as it now stands. Errors: ErrNotTeamEvent; ErrNotFound (no such team or
// player); ErrNotPaired; ErrInvalid (the line-up breaks the roster order, leaves a board
// empty above a player, names a player twice, the team rests); ErrRoundHasResults; those
// of updateIn. Nothing is written on error.
func (s *Store) SetLineup(ctx context.Context, ref string, round int, team string, refs []string) (*LineupSet, tournament.Tournament, error) {
	var out *LineupSet
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out, err = tx.setLineup(t, round, team, refs)
		return err
	})
	return out, t, err
}

// TeamForfeit records that the teams named (one, or the two of one match) did not come to
// their match of round: the match lost by forfeit (tournament.TeamMatch.Score), its
// line-ups and games removed. Logs "team.forfeit" (undo reverts it).
//
// Returns the match as it now stands. Errors: ErrNotTeamEvent; ErrNotFound; ErrNotPaired;
// ErrInvalid (teams of two matches, the same forfeit again); ErrRoundHasResults (a game
// of the match has a result); those of updateIn. Nothing is written on error.
func (s *Store) TeamForfeit(ctx context.Context, ref string, round int, teams []string) (*LineupSet, tournament.Tournament, error) {
	var out *LineupSet
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out, err = tx.setTeamForfeit(t, round, teams)
		return err
	})
	return out, t, err
}

// TeamResult records result spec (2-0, 1-1, 0-2, +-, ...: tournament.ParseOutcome, White's
// first) on board board of match match of round round of the team event ref names: the
// game is board tournament.RoundBoardOf(match, N, board) of the round, so this is
// EnterResult (Tx.SetResult) by the match's numbering.
//
// Returns what EnterResult returns. Errors: ErrNotTeamEvent; ErrNoBoard (no such match or
// board, or the board has no game: a player missing); EnterResult's.
func (s *Store) TeamResult(ctx context.Context, ref string, round, match, board int, spec string) (ResultEntry, error) {
	var out ResultEntry
	var err error
	out.Tournament, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		set, err := tx.mustTeamSettings(t)
		if err != nil {
			return err
		}
		if board < 1 || board > set.Boards || match < 1 {
			return tournament.Errf(tournament.ErrNoBoard, "err.team.no_board", "{err}: match {match}, board {board} (a match has boards 1 to {boards})", "match", match, "board", board, "boards", set.Boards)
		}
		out.Board, err = tx.SetResult(t, round, tournament.RoundBoardOf(match, set.Boards, board), 1, spec, tournament.ResultOptions{})
		if errors.Is(err, tournament.ErrSameResult) {
			out.Same = err
			return nil
		} else if err != nil {
			return err
		}
		out.Warnings, err = tx.ResultDisagreements(out.Board)
		return err
	})
	return out, err
}
