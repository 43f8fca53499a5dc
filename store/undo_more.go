// arbitro undo of the actions issue 28 added to it: category membership by hand, a
// prohibited pair, a game score added.

package store

import (
	"encoding/json"

	"arbitro/tournament"
)

// revertMember takes out of the category the entries a "category.member" made members.
// Refused (ErrCannotUndo) for an event logged before the entries were kept.
func (tx *Tx) revertMember(e *tournament.Event) error {
	var after struct {
		Category string  `json:"category"`
		ID       int64   `json:"category_id"`
		Entries  []int64 `json:"entries"`
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if after.ID == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.member", "{err}: this category.member ({category}) was logged without the entries it added; take them out with their own command", "category", after.Category)
	}
	for _, id := range after.Entries {
		if _, err := tx.exec(`DELETE FROM category_members WHERE category_id = ? AND entry_id = ?`, after.ID, id); err != nil {
			return err
		}
	}
	return nil
}

// revertForbid gives the pair a "pair.forbid" kept apart its prohibition before: none
// (the row is deleted) or the rounds it had.
func (tx *Tx) revertForbid(cur *tournament.Tournament, e *tournament.Event) error {
	var after forbidLog
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if after.EntryA == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.forbid", "{err}: this pair.forbid ({a}-{b}) was logged without its entries", "a", after.A, "b", after.B)
	}
	var before *forbidLog
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if before == nil {
		_, err := tx.exec(`DELETE FROM forbidden_pairs WHERE tournament_id = ? AND entry_a = ? AND entry_b = ?`, cur.ID, after.EntryA, after.EntryB)
		return err
	}
	_, err := tx.exec(`UPDATE forbidden_pairs SET first_round = ?, last_round = ? WHERE tournament_id = ? AND entry_a = ? AND entry_b = ?`,
		before.FirstRound, before.LastRound, cur.ID, after.EntryA, after.EntryB)
	return err
}

// revertGameAdd deletes the game score a "game.add" stored, after checking the board still
// holds that very score (its SHA-256).
func (tx *Tx) revertGameAdd(cur *tournament.Tournament, e *tournament.Event) error {
	var after tournament.GameEventJSON
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	game := after.Game
	if game == 0 {
		game = 1
	}
	b, err := tx.BoardAt(cur, after.Round, after.Board, game)
	if err != nil {
		return err
	}
	var pdn string
	if err := tx.queryRow(`SELECT pdn FROM games WHERE board_id = ?`, b.ID).Scan(&pdn); err != nil {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.game_gone", "{err}: round {round} board {board} has no game score any more", "round", after.Round, "board", after.Board)
	}
	if tournament.HashText(pdn) != after.SHA256 {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.game_other", "{err}: round {round} board {board} holds another game score than the one added", "round", after.Round, "board", after.Board)
	}
	_, err = tx.exec(`DELETE FROM games WHERE board_id = ?`, b.ID)
	return err
}

// revertPlayerSet gives the player a "player.set" corrected his fields before (the person's
// name, club, ids, rating, birth year, title; the entry's rating and start points), after checking
// the entry still holds what the correction wrote.
func (tx *Tx) revertPlayerSet(cur *tournament.Tournament, e *tournament.Event) error {
	var before, after tournament.Entry
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	now, err := tx.entryByID(cur, after.ID)
	if err != nil {
		return err
	}
	if now.Player != after.Player || now.Rating != after.Rating || now.StartPoints != after.StartPoints {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.player_set", "{err}: {player} was corrected again since", "player", now.Player.Name)
	}
	p := before.Player
	if _, err := tx.exec(`UPDATE players SET name = ?, club = ?, federation = ?, fid_id = ?, fmjd_id = ?, national_id = ?,
		rating = ?, birth_year = ?, title = ? WHERE id = ?`, p.Name, p.Club, p.Federation, p.FIDID, p.FMJDID, p.NationalID, p.Rating, p.BirthYear, p.Title, p.ID); err != nil {
		return err
	}
	_, err = tx.exec(`UPDATE entries SET rating = ?, start_points = ? WHERE id = ?`, before.Rating, before.StartPoints, before.ID)
	return err
}
