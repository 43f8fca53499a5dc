// arbitro undo of a replaced game score, of the play-offs and of the hall's writes
// (settings, delay, check-in, PINs, the players' entries and score sheets).

package store

import (
	"database/sql"
	"encoding/json"
	"errors"

	"arbitro/tournament"
)

// replacedKept: a "game.replace" keeps the games row it replaced (replacedScore.Row);
// an arbitro before issue 28's remainder kept only its hash.
func replacedKept(e *tournament.Event) error {
	var before replacedScore
	if json.Unmarshal(e.Before, &before) != nil || before.Row == nil {
		return tournament.Errf(nil, "err.undo.why.replaced", "it was logged by an arbitro that did not keep the score it replaced (add that score again with 'arbitro game add --replace')")
	}
	return nil
}

// revertGameReplace writes back the score a "game.replace" replaced (its games row, same
// id), after checking the board still holds the score that replaced it (its SHA-256).
func (tx *Tx) revertGameReplace(cur *tournament.Tournament, e *tournament.Event) error {
	var before replacedScore
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if err := tx.revertGameAdd(cur, e); err != nil {
		return err
	}
	return tx.restoreRows("games", []map[string]any{before.Row})
}

// playoffOf is the id of play-off number of cur and how many games it has.
func (tx *Tx) playoffOf(cur *tournament.Tournament, number int) (id int64, games int, err error) {
	err = tx.queryRow(`SELECT p.id, (SELECT count(*) FROM playoff_games g WHERE g.playoff_id = p.id) FROM playoffs p
		WHERE p.tournament_id = ? AND p.number = ?`, cur.ID, number).Scan(&id, &games)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, tournament.Errf(tournament.ErrInvalid, "err.undo.no_playoff", "{err}: no play-off {playoff} in {tournament}", "playoff", number, "tournament", cur.Name)
	}
	return id, games, err
}

// revertPlayoffAdd deletes the play-off a "playoff.add" created, with its players
// (refused while it has a game).
func (tx *Tx) revertPlayoffAdd(cur *tournament.Tournament, e *tournament.Event) error {
	var after tournament.Playoff
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	id, games, err := tx.playoffOf(cur, after.Number)
	if err != nil {
		return err
	}
	if games > 0 {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.playoff_games", "{err}: play-off {playoff} has {games} game(s)", "playoff", after.Number, "games", games)
	}
	_, err = tx.exec(`DELETE FROM playoffs WHERE id = ?`, id)
	return err
}

// revertPlayoffResult deletes the game a "playoff.result" added, the play-off's last.
func (tx *Tx) revertPlayoffResult(cur *tournament.Tournament, e *tournament.Event) error {
	var after struct {
		Playoff int                    `json:"playoff"`
		Game    tournament.PlayoffGame `json:"game"`
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	id, games, err := tx.playoffOf(cur, after.Playoff)
	if err != nil {
		return err
	}
	if games != after.Game.Game {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.playoff_last", "{err}: game {game} is not the last of play-off {playoff} ({games})", "game", after.Game.Game, "playoff", after.Playoff, "games", games)
	}
	_, err = tx.exec(`DELETE FROM playoff_games WHERE playoff_id = ? AND game = ?`, id, after.Game.Game)
	return err
}

// revertPlayoffGame gives a play-off game the score before a "playoff.game" (none: pdn
// ""), after checking it still holds the score the action stored.
func (tx *Tx) revertPlayoffGame(cur *tournament.Tournament, e *tournament.Event) error {
	var after struct {
		Playoff int    `json:"playoff"`
		Game    int    `json:"game"`
		SHA256  string `json:"sha256"`
	}
	var before map[string]any
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	id, _, err := tx.playoffOf(cur, after.Playoff)
	if err != nil {
		return err
	}
	var pdn string
	if err := tx.queryRow(`SELECT pdn FROM playoff_games WHERE playoff_id = ? AND game = ?`, id, after.Game).Scan(&pdn); err != nil {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.playoff_no_game", "{err}: play-off {playoff} has no game {game}", "playoff", after.Playoff, "game", after.Game)
	}
	if tournament.HashText(pdn) != after.SHA256 {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.playoff_score", "{err}: play-off {playoff} game {game} holds another score than the one given", "playoff", after.Playoff, "game", after.Game)
	}
	_, err = tx.exec(`UPDATE playoff_games SET pdn = ?, verdict = ?, legal = ?, illegal_ply = ?, reason = ? WHERE playoff_id = ? AND game = ?`,
		before["pdn"], before["verdict"], before["legal"], before["illegal_ply"], before["reason"], id, after.Game)
	return err
}

// revertHallSettings gives the event the hall's settings before a "hall.settings"; the
// settings of an event that had set none (the zero settings) are deleted.
func (tx *Tx) revertHallSettings(cur *tournament.Tournament, e *tournament.Event) error {
	var before tournament.HallSettings
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if before == (tournament.HallSettings{Sheets: tournament.SheetsAny}) || before == (tournament.HallSettings{}) {
		_, err := tx.exec(`DELETE FROM hall_settings WHERE tournament_id = ?`, cur.ID)
		return err
	}
	_, err := tx.exec(`UPDATE hall_settings SET url = ?, confirm = ?, single_minutes = ?, sheets = ? WHERE tournament_id = ?`,
		before.URL, before.Confirm, before.SingleMinutes, before.Sheets, cur.ID)
	return err
}

// revertSheetDelay gives the event the spectators' delay before a "sheet.delay"; the
// delay of an event that had set none (DefaultSheetDelay) is deleted.
func (tx *Tx) revertSheetDelay(cur *tournament.Tournament, e *tournament.Event) error {
	var before tournament.SheetDelay
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if before == tournament.DefaultSheetDelay {
		_, err := tx.exec(`DELETE FROM sheet_delays WHERE tournament_id = ?`, cur.ID)
		return err
	}
	_, err := tx.exec(`UPDATE sheet_delays SET minutes = ?, moves = ? WHERE tournament_id = ?`, before.Minutes, before.Moves, cur.ID)
	return err
}

// revertCheckIn deletes the check-in a "hall.checkin" recorded.
func (tx *Tx) revertCheckIn(_ *tournament.Tournament, e *tournament.Event) error {
	var after struct {
		Entry int64 `json:"entry"`
		Round int   `json:"round"`
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	_, err := tx.exec(`DELETE FROM hall_checkins WHERE entry_id = ? AND round_number = ?`, after.Entry, after.Round)
	return err
}

// pinLog is the after of "hall.pin": the entry given a PIN, and whether it replaced one
// (nil: logged by an arbitro that did not say).
type pinLog struct {
	Entry    int64 `json:"entry"`
	Replaced *bool `json:"replaced"`
}

// pinKept: undo deletes a PIN given to a player who had none; the PIN a "hall.pin"
// replaced is not kept (the log keeps no PIN, nor its hash), so that one is refused.
func pinKept(e *tournament.Event) error {
	var after pinLog
	_ = json.Unmarshal(e.After, &after)
	switch {
	case after.Replaced == nil:
		return tournament.Errf(nil, "err.undo.why.pin_unknown", "it was logged by an arbitro that did not say whether it replaced a PIN (give new PINs with 'arbitro player pin')")
	case *after.Replaced:
		return tournament.Errf(nil, "err.undo.why.pin_replaced", "it replaced a PIN, which the log does not keep (give a new one with 'arbitro player pin')")
	}
	return nil
}

// revertPIN deletes the PIN a "hall.pin" gave a player who had none.
func (tx *Tx) revertPIN(_ *tournament.Tournament, e *tournament.Event) error {
	if why := pinKept(e); why != nil {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.cannot", "{err}: {why}", "why", why)
	}
	var after pinLog
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	_, err := tx.exec(`DELETE FROM hall_pins WHERE entry_id = ?`, after.Entry)
	return err
}

// hallBefore is the before of "hall.entry" and "sheet.confirm": the player's entry or
// confirmation of the board that the action replaced (Result "": none).
type hallBefore struct {
	Board  int64  `json:"board_id"`
	Entry  int64  `json:"entry"`
	Result string `json:"result"`
	Moves  string `json:"moves,omitempty"`
	At     string `json:"at"`
}

// revertHallEntry gives the player of a "hall.entry" his entry of the board before it
// (none: deleted); the result it made the board's is its own event (result.set).
func (tx *Tx) revertHallEntry(_ *tournament.Tournament, e *tournament.Event) error {
	var b hallBefore
	if err := json.Unmarshal(e.Before, &b); err != nil || b.Board == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.hall_entry", "{err}: the log does not hold the entry before this hall.entry")
	}
	if b.Result == "" {
		_, err := tx.exec(`DELETE FROM hall_entries WHERE board_id = ? AND entry_id = ?`, b.Board, b.Entry)
		return err
	}
	_, err := tx.exec(`UPDATE hall_entries SET result = ?, entered_at = ? WHERE board_id = ? AND entry_id = ?`, b.Result, b.At, b.Board, b.Entry)
	return err
}

// revertSheetConfirm gives the player of a "sheet.confirm" his confirmation of the board
// before it (none: deleted); the result and the game score it stored are their own
// events (result.set, game.add).
func (tx *Tx) revertSheetConfirm(_ *tournament.Tournament, e *tournament.Event) error {
	var b hallBefore
	if err := json.Unmarshal(e.Before, &b); err != nil || b.Board == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.sheet_confirm", "{err}: the log does not hold the confirmation before this sheet.confirm")
	}
	if b.Result == "" {
		_, err := tx.exec(`DELETE FROM sheet_confirms WHERE board_id = ? AND entry_id = ?`, b.Board, b.Entry)
		return err
	}
	_, err := tx.exec(`UPDATE sheet_confirms SET result = ?, moves = ?, at = ? WHERE board_id = ? AND entry_id = ?`, b.Result, b.Moves, b.At, b.Board, b.Entry)
	return err
}

// hallBeforeOf reads, for the log, the row of table (hall_entries: entered_at;
// sheet_confirms: moves and at) that entry's action on board is about to replace.
func (tx *Tx) hallBeforeOf(table string, board, entry int64) (hallBefore, error) {
	b := hallBefore{Board: board, Entry: entry}
	var err error
	if table == "hall_entries" {
		err = tx.queryRow(`SELECT result, entered_at FROM hall_entries WHERE board_id = ? AND entry_id = ?`, board, entry).Scan(&b.Result, &b.At)
	} else {
		err = tx.queryRow(`SELECT result, moves, at FROM sheet_confirms WHERE board_id = ? AND entry_id = ?`, board, entry).Scan(&b.Result, &b.Moves, &b.At)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return b, nil
	}
	return b, err
}
