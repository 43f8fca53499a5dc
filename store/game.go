package store

import (
	"encoding/json"
	"fmt"

	"arbitro/rules"
	"arbitro/tournament"
)

// AddGame stores the game score text (parsed as g, see ParseGameScore) for board board
// (game game) of round round of t, replays it at once with t's variant and stores the
// verdict (games.verdict is the JSON of rules.Verdict). An illegal score is stored too: the
// returned record's Verdict says where and why; the arbiter decides. Logs "game.add" (or
// "game.replace").
//
// Errors: ErrNotPaired, ErrNoBoard; ErrGameExists when the board has a score and
// !opts.Replace (also when the same text is submitted again); ErrMismatch when the players,
// the result or the GameType of the score disagree with the pairing, the recorded result or
// the tournament's variant and !opts.Force (the error lists each disagreement).
func (tx *Tx) AddGame(t *tournament.Tournament, round, board, game int, g *rules.Game, text string, opts tournament.GameOptions) (*tournament.GameRecord, error) {
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	return tx.addGame(t, b, g, text, opts, "")
}

func (tx *Tx) addGame(t *tournament.Tournament, b *tournament.Board, g *rules.Game, text string, opts tournament.GameOptions, source string) (*tournament.GameRecord, error) {
	v := t.Variant
	rec := &tournament.GameRecord{Board: b, SHA256: tournament.HashText(text)}
	var before any // null: no score replaced; else a replacedScore
	if b.Bye() {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.game.on_bye", "{err}: round {round} board {board} is the bye of {white}: no game is played on it", "round", b.Round, "board", b.Board, "white", b.White)
	}
	if b.GameID != 0 {
		old, err := tx.replacedGame(b, text, opts.Replace)
		if err != nil {
			return nil, err
		}
		rows, err := tx.snapshotRows("games", "id = ?", b.GameID)
		if err != nil || len(rows) != 1 {
			return nil, fmt.Errorf("read the score replaced: %v", err)
		}
		before = replacedScore{GameEventJSON: old, Row: rows[0]}
		rec.Replaced = true
	}
	problems := tournament.CheckAgainstBoard(g, b)
	if s := tournament.CheckVariant(g, v); s != nil {
		problems = append(problems, s)
	}
	if len(problems) > 0 && !opts.Force {
		return nil, tournament.Errf(tournament.ErrMismatch, "err.game.mismatch", "{err}: round {round} board {board} ({white} - {black}): {problems}", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black, "problems", tournament.Semicolons(problems))
	}
	rec.Problems, rec.ProblemErrs = tournament.Texts(problems), problems
	rec.Verdict = rules.Replay(g, rules.ReplayOptions{Variant: v, ForceVariant: true})
	vj, err := json.Marshal(rec.Verdict)
	if err != nil {
		return nil, err
	}
	var illegalPly any
	if !rec.Verdict.Legal {
		illegalPly = rec.Verdict.Ply
	}
	if b.GameID != 0 {
		if _, err := tx.exec(`DELETE FROM games WHERE id = ?`, b.GameID); err != nil {
			return nil, err
		}
	}
	res, err := tx.exec(`INSERT INTO games (board_id, pdn, verdict, legal, illegal_ply, reason, pdn_result, submitted_at, submitted_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, b.ID, text, string(vj), tournament.BoolToInt(rec.Verdict.Legal), illegalPly,
		rec.Verdict.Reason, g.FinalResult(), tx.nowText(), tx.actor)
	if err != nil {
		return nil, err
	}
	if rec.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	b.GameID = rec.ID
	ev := tournament.GameEventOf(b, rec, g, source)
	action := "game.add"
	if rec.Replaced {
		action = "game.replace"
	}
	if err := tx.logEvent(t.ID, action, before, ev); err != nil {
		return nil, err
	}
	return rec, nil
}

// replacedScore is the before of "game.replace": the event-log view of the score
// replaced, and its games row (column → value), which arbitro undo writes back.
type replacedScore struct {
	*tournament.GameEventJSON
	Row map[string]any `json:"row,omitempty"`
}

// replacedGame is the event-log view of the score stored on board b, which text is to
// replace: ErrGameExists when text is that very score, or when replace (--replace) is not
// given.
func (tx *Tx) replacedGame(b *tournament.Board, text string, replace bool) (*tournament.GameEventJSON, error) {
	var oldText, oldReason string
	var oldLegal, oldPly int
	if err := tx.queryRow(`SELECT pdn, coalesce(legal, 0), coalesce(illegal_ply, 0), reason FROM games WHERE id = ?`, b.GameID).Scan(&oldText, &oldLegal, &oldPly, &oldReason); err != nil {
		return nil, err
	}
	if oldText == text {
		return nil, tournament.Errf(tournament.ErrGameExists, "err.game.same_score", "{err}: round {round} board {board}: this very score is already stored (game {game_id})", "round", b.Round, "board", b.Board, "game_id", b.GameID)
	}
	if !replace {
		return nil, tournament.Errf(tournament.ErrGameExists, "err.game.exists", "{err}: round {round} board {board} ({white} - {black}) has game {game_id}; to replace it use --replace", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black, "game_id", b.GameID)
	}
	return &tournament.GameEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		SHA256: tournament.HashText(oldText), Legal: oldLegal == 1, Ply: oldPly, Reason: oldReason}, nil
}

// GameOf returns the stored score of board b; ErrNoGame when there is none.
func (tx *Tx) GameOf(b *tournament.Board) (*tournament.StoredGame, error) {
	if b.GameID == 0 {
		return nil, tournament.Errf(tournament.ErrNoGame, "err.game.none", "{err}: round {round} board {board} ({white} - {black}); add it with 'arbitro game add {round} {board} FILE.pdn'", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black)
	}
	sg := &tournament.StoredGame{ID: b.GameID, Board: b}
	var legal int
	if err := tx.queryRow(`SELECT pdn, coalesce(legal, 0), submitted_at FROM games WHERE id = ?`, b.GameID).Scan(&sg.PDN, &legal, &sg.SubmittedAt); err != nil {
		return nil, err
	}
	sg.Legal = legal == 1
	return sg, nil
}
