package store

import (
	"arbitro/tournament"
)

// liveGames reads what spectators may see of the games kept on electronic score sheets
// on boards (one round's, byes skipped) under delay at the transaction's clock (issue 31,
// docs/hall.md): for each board on which a sheet is kept (White's, else Black's), the
// plies the delay lets them see (tournament.SheetDelay.Delayed: every ply once the board
// has a result or a game) and the position after the last legal one of them; and when
// the next ply held back by a delay in minutes comes into view (SheetDelay.NextShown, ""
// none). Nothing of a sheet younger than the delay leaves this function. The entries of
// every board are read in one query. Errors: the database's.
func (tx *Tx) liveGames(t *tournament.Tournament, boards []*tournament.Board, delay tournament.SheetDelay) ([]tournament.HallGame, string, error) {
	if len(boards) == 0 {
		return nil, "", nil
	}
	rows, err := tx.query(`SELECT s.board_id, s.entry_id, s.id, s.device, s.seq, s.kind, s.text, coalesce(s.struck, 0), s.at
		FROM sheet_entries s JOIN boards b ON b.id = s.board_id
		WHERE b.round_id = (SELECT round_id FROM boards WHERE id = ?) ORDER BY s.id`, boards[0].ID)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	type sheet struct{ board, entry int64 }
	entries := map[sheet][]tournament.SheetEntry{}
	for rows.Next() {
		var k sheet
		var e tournament.SheetEntry
		if err := rows.Scan(&k.board, &k.entry, &e.ID, &e.Device, &e.Seq, &e.Kind, &e.Text, &e.Struck, &e.At); err != nil {
			return nil, "", err
		}
		entries[k] = append(entries[k], e)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	var out []tournament.HallGame
	until, now := "", tx.nowText()
	for _, b := range boards {
		if b.Bye() {
			continue
		}
		es := entries[sheet{b.ID, b.WhiteEntry}]
		if len(es) == 0 {
			es = entries[sheet{b.ID, b.BlackEntry}]
		}
		if len(es) == 0 {
			continue
		}
		g := tournament.HallGame{Board: b, Over: b.Result != nil || b.GameID != 0}
		g.Plies = delay.Delayed(es, now, g.Over)
		v := &tournament.SheetView{Standing: g.Plies}
		tournament.JudgeSheet(v, t.Variant)
		g.Position = v.Final
		out = append(out, g)
		if next := delay.NextShown(es, now, g.Over); next != "" && (until == "" || next < until) {
			until = next
		}
	}
	return out, until, nil
}

// loadLive fills ev.Live, ev.LiveDelay and ev.LiveUntil (tournament.SiteEvent): the games
// of the last paired round kept on score sheets whose score is not stored (a stored score
// has its own game page), under the event's delay, at the transaction's clock.
func (tx *Tx) loadLive(ev *tournament.SiteEvent) error {
	last := 0
	for _, b := range ev.Boards {
		last = max(last, b.Round)
	}
	var boards []*tournament.Board
	for _, b := range ev.Boards {
		if b.Round == last && b.GameID == 0 {
			boards = append(boards, b)
		}
	}
	if len(boards) == 0 {
		return nil
	}
	var err error
	if ev.LiveDelay, err = tx.sheetDelay(ev.Tournament.ID); err != nil {
		return err
	}
	ev.Live, ev.LiveUntil, err = tx.liveGames(&ev.Tournament, boards, ev.LiveDelay)
	return err
}
