package store

import (
	"database/sql"
	"errors"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

const boardCols = `b.id, r.number, b.board, b.game, b.white_entry, coalesce(b.black_entry, 0),
	pw.name, coalesce(pb.name, ''), res.kind, coalesce(res.white_points, 0), coalesce(res.black_points, 0),
	coalesce(res.entered_at, ''), coalesce(res.entered_by, ''), coalesce(g.id, 0), b.rest`

const boardFrom = ` FROM boards b JOIN rounds r ON r.id = b.round_id
	JOIN entries ew ON ew.id = b.white_entry JOIN players pw ON pw.id = ew.player_id
	LEFT JOIN entries eb ON eb.id = b.black_entry LEFT JOIN players pb ON pb.id = eb.player_id
	LEFT JOIN results res ON res.board_id = b.id
	LEFT JOIN games g ON g.board_id = b.id`

func scanBoard(sc interface{ Scan(...any) error }) (*tournament.Board, error) {
	var b tournament.Board
	var kind sql.NullString
	var r tournament.Result
	if err := sc.Scan(&b.ID, &b.Round, &b.Board, &b.Game, &b.WhiteEntry, &b.BlackEntry, &b.White, &b.Black,
		&kind, &r.WhitePoints, &r.BlackPoints, &r.EnteredAt, &r.EnteredBy, &b.GameID, &b.Rest); err != nil {
		return nil, err
	}
	b.White, b.Black = tournament.ShownName(b.White), tournament.ShownName(b.Black)
	r.EnteredBy = tournament.ShownText(r.EnteredBy)
	if kind.Valid {
		r.Kind = kind.String
		b.Result = &r
	}
	return &b, nil
}

// Boards returns the boards of round (0: every round) of tournament t, in round, board
// and game order. A round that is not paired gives ErrNotPaired.
func (tx *Tx) Boards(t *tournament.Tournament, round int) ([]*tournament.Board, error) {
	q := `SELECT ` + boardCols + boardFrom + ` WHERE r.tournament_id = ?`
	args := []any{t.ID}
	if round != 0 {
		if err := tx.checkRound(t, round); err != nil {
			return nil, err
		}
		q += ` AND r.number = ?`
		args = append(args, round)
	}
	rows, err := tx.query(q+` ORDER BY r.number, b.board, b.game`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*tournament.Board
	for rows.Next() {
		b, err := scanBoard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// checkRound returns ErrNotPaired (naming the rounds that are paired) when round of t does
// not exist.
func (tx *Tx) checkRound(t *tournament.Tournament, round int) error {
	var n, maxR int
	if err := tx.queryRow(`SELECT count(*) FILTER (WHERE number = ?), coalesce(max(number), 0) FROM rounds WHERE tournament_id = ?`, round, t.ID).Scan(&n, &maxR); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if maxR == 0 {
		return tournament.Errf(tournament.ErrNotPaired, "err.result.no_round_paired", "{err}: round {round} of {tournament}: no round is paired yet", "round", round, "tournament", t.Name)
	}
	return tournament.Errf(tournament.ErrNotPaired, "err.result.round_not_paired", "{err}: round {round} of {tournament} (the last round paired is {max_r})", "round", round, "tournament", t.Name, "max_r", maxR)
}

// BoardAt returns board number board (game game, 1 or 2) of round round of t.
// Errors: ErrNotPaired when the round does not exist, ErrNoBoard when the board does not.
func (tx *Tx) BoardAt(t *tournament.Tournament, round, board, game int) (*tournament.Board, error) {
	if game == 0 {
		game = 1
	}
	if err := tx.checkRound(t, round); err != nil {
		return nil, err
	}
	b, err := scanBoard(tx.queryRow(`SELECT `+boardCols+boardFrom+`
		WHERE r.tournament_id = ? AND r.number = ? AND b.board = ? AND b.game = ?`, t.ID, round, board, game))
	if errors.Is(err, sql.ErrNoRows) {
		var n, maxB int
		if err := tx.queryRow(`SELECT count(*), coalesce(max(b.board), 0) FROM boards b JOIN rounds r ON r.id = b.round_id
			WHERE r.tournament_id = ? AND r.number = ?`, t.ID, round).Scan(&n, &maxB); err != nil {
			return nil, err
		}
		if game != 1 {
			return nil, tournament.Errf(tournament.ErrNoBoard, "err.result.no_board_game", "{err}: round {round} has no board {board} game {game} (it has boards 1-{max_b})", "round", round, "board", board, "game", game, "max_b", maxB)
		}
		return nil, tournament.Errf(tournament.ErrNoBoard, "err.result.no_board", "{err}: round {round} has no board {board} (it has boards 1-{max_b})", "round", round, "board", board, "max_b", maxB)
	}
	return b, err
}

// scoreByes writes the bye result (tournaments.bye_points to White, kind "bye") of every
// bye board of round that has no result yet, logs "result.bye" for each, and returns how
// many it wrote. The pairing commands or SetResult call it; it is idempotent.
func (tx *Tx) scoreByes(t *tournament.Tournament, round int) (int, error) {
	boards, err := tx.Boards(t, round)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, b := range boards {
		if !b.Bye() || b.Result != nil {
			continue
		}
		r := tournament.Result{Kind: tournament.KindBye, WhitePoints: t.ByePoints, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
		if b.Rest == string(pairing.RestRT) {
			r.WhitePoints = 0 // the turn rest (riposo a turno) is worth nothing
		}
		if err := tx.writeResult(b.ID, &r); err != nil {
			return n, err
		}
		if err := tx.logEvent(t.ID, "result.bye", nil, tournament.ResultEvent(b, &r, "")); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (tx *Tx) writeResult(boardID int64, r *tournament.Result) error {
	_, err := tx.exec(`INSERT INTO results (board_id, kind, white_points, black_points, entered_at, entered_by)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (board_id) DO UPDATE SET kind = excluded.kind,
		white_points = excluded.white_points, black_points = excluded.black_points,
		entered_at = excluded.entered_at, entered_by = excluded.entered_by`,
		boardID, r.Kind, r.WhitePoints, r.BlackPoints, r.EnteredAt, r.EnteredBy)
	return err
}

// SetResult records the result written as spec (see ParseOutcome) for board board (game
// game) of round round of t, logs "result.set" (or "result.correct" with the old result
// and the reason), scores the round's byes (scoreByes), and returns the board as it now
// stands.
//
// Errors: ErrNotPaired, ErrNoBoard; ErrResultExists when a result is recorded and
// opts.Correct is false; ErrInvalid for an unreadable result, a correction without a
// reason, "bye" on a board with two players or a game result on a bye board (correct a
// bye with --correct and "--" or "bye"); ErrMalformed for a reason the names check refuses
// (tournament.CheckText). Nothing is written on error (the caller's
// transaction is rolled back).
func (tx *Tx) SetResult(t *tournament.Tournament, round, board, game int, spec string, opts tournament.ResultOptions) (*tournament.Board, error) {
	o, err := tournament.ParseOutcome(spec)
	if err != nil {
		return nil, err
	}
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	if b.Bye() {
		switch {
		case !opts.Correct:
			return nil, tournament.Errf(tournament.ErrInvalid, "err.result.bye_scored", "{err}: round {round} board {board} is the pairing bye of {white}, scored automatically ({points}); to change it use --correct --reason", "round", round, "board", board, "white", b.White, "points", tournament.GamePointsArg(t.ByePoints))
		case o.Kind == tournament.KindPlayed || (o.Kind == tournament.KindForfeit && o.Winner == 'B'):
			return nil, tournament.Errf(tournament.ErrInvalid, "err.result.bye_no_black", "{err}: round {round} board {board} is a bye: it has no Black player", "round", round, "board", board)
		}
	} else if o.Kind == tournament.KindBye {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.result.not_a_bye", "{err}: round {round} board {board} has two players ({white} - {black}); a bye is a board without opponent", "round", round, "board", board, "white", b.White, "black", b.Black)
	}
	reason, err := tournament.CheckText("reason", opts.Reason, tournament.MaxTextRunes)
	if err != nil {
		return nil, err
	}
	opts.Reason = reason
	if opts.Correct && strings.TrimSpace(opts.Reason) == "" {
		return nil, tournament.Errf(tournament.ErrMalformed, "err.result.correction_needs_reason", "{err}: a correction needs a reason (--reason \"...\"), kept in the event log")
	}
	old := b.Result
	if wp, bp := o.Points(t); old != nil && !opts.Correct && old.Kind == o.Kind && old.WhitePoints == wp && old.BlackPoints == bp {
		// The same result entered again (two arbiters, a retyped sheet): nothing to do.
		return b, tournament.Errf(tournament.ErrSameResult, "err.result.same", "{err}: round {round} board {board} ({white} - {black}) is already recorded as {old} since {entered_at}; nothing was changed", "round", round, "board", board, "white", b.White, "black", b.Black, "old", old.String(), "entered_at", old.EnteredAt)
	}
	if old != nil && !opts.Correct {
		return nil, tournament.Errf(tournament.ErrResultExists, "err.result.exists", "{err}: round {round} board {board} ({white} - {black}) is recorded as {old} since {entered_at}; to change it use --correct --reason \"...\"", "round", round, "board", board, "white", b.White, "black", b.Black, "old", old.String(), "entered_at", old.EnteredAt)
	}
	wp, bp := o.Points(t)
	r := &tournament.Result{Kind: o.Kind, WhitePoints: wp, BlackPoints: bp, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
	if old != nil && old.Kind == r.Kind && old.WhitePoints == r.WhitePoints && old.BlackPoints == r.BlackPoints {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.result.nothing_to_correct", "{err}: round {round} board {board} is already recorded as {old}; nothing to correct", "round", round, "board", board, "old", old.String())
	}
	if err := tx.writeResult(b.ID, r); err != nil {
		return nil, err
	}
	action := "result.set"
	if old != nil {
		action = "result.correct"
	} else if opts.Correct {
		action = "result.set"
	}
	if err := tx.logEvent(t.ID, action, tournament.ResultEvent(b, old, ""), tournament.ResultEvent(b, r, strings.TrimSpace(opts.Reason))); err != nil {
		return nil, err
	}
	if _, err := tx.scoreByes(t, round); err != nil {
		return nil, err
	}
	b.Result = r
	return b, nil
}

// ResultDisagreements compares the recorded result of board b with its stored game score,
// if any, and returns one sentence per disagreement (see CheckAgainstBoard; players are
// not compared here). nil when there is no score or they agree.
func (tx *Tx) ResultDisagreements(b *tournament.Board) ([]string, error) {
	if b.GameID == 0 || b.Result == nil {
		return nil, nil
	}
	sg, err := tx.GameOf(b)
	if err != nil {
		return nil, err
	}
	g, err := sg.Parse()
	if err != nil {
		return nil, nil // the audit reports unreadable scores
	}
	var out []string
	for _, p := range tournament.CheckAgainstBoard(g, b) {
		if s := p.Error(); strings.Contains(s, "result") || strings.Contains(s, "recorded as") {
			out = append(out, s)
		}
	}
	return out, nil
}
