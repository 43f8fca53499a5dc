package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// The electronic score sheet's use cases (issue 31; docs/hall.md "The electronic score
// sheet"): a player, with his PIN, writes a ply on his sheet of a board (SheetWritePly),
// strikes the last ply standing (SheetStrike), confirms result and score at the end of the
// game (SheetConfirm); the arbiter reads every sheet of the round, judged by the rules
// engine (ReadHallSheets). Each is one transaction.

// SheetRef names a player's sheet: round, board and game of the tournament ref names, the
// side ('W' or 'B') of the player who keeps it, his PIN, and the device writing (its own
// name, and the entry's sequence number on it, from 1).
type SheetRef struct {
	Round, Board, Game int
	Side               byte
	PIN                string
	Device             string
	Seq                int
}

// sheetOf checks r's PIN and returns the board and the player (actor set to him).
// Errors: ErrWrongPIN, ErrNoPIN; ErrInvalid (a bye, a side not W or B, no device);
// ErrNotPaired, ErrNoBoard.
func (tx *Tx) sheetOf(t *tournament.Tournament, r SheetRef) (*tournament.Board, *tournament.Entry, error) {
	b, err := tx.BoardAt(t, r.Round, r.Board, r.Game)
	if err != nil {
		return nil, nil, err
	}
	if b.Bye() {
		return nil, nil, tournament.Errf(tournament.ErrInvalid, "err.sheet.bye", "{err}: round {round} board {board} is a bye: no game is played on it", "round", r.Round, "board", r.Board)
	}
	me := b.WhiteEntry
	switch r.Side {
	case 'W':
	case 'B':
		me = b.BlackEntry
	default:
		return nil, nil, tournament.Errf(tournament.ErrInvalid, "err.hall.side", "{err}: side {side}: White (W) or Black (B)", "side", strconv.QuoteRune(rune(r.Side)))
	}
	if err := tx.checkPIN(me, r.PIN); err != nil {
		return nil, nil, err
	}
	e, err := tx.hallEntry(t, me)
	if err != nil {
		return nil, nil, err
	}
	tx.actor = tournament.HallActor(e)
	return b, e, nil
}

// sheetEntries reads the entries of entry's sheet of board b, in the order stored.
func (tx *Tx) sheetEntries(boardID, entryID int64) ([]tournament.SheetEntry, error) {
	rows, err := tx.query(`SELECT id, device, seq, kind, text, coalesce(struck, 0), at FROM sheet_entries
		WHERE board_id = ? AND entry_id = ? ORDER BY id`, boardID, entryID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.SheetEntry
	for rows.Next() {
		var e tournament.SheetEntry
		if err := rows.Scan(&e.ID, &e.Device, &e.Seq, &e.Kind, &e.Text, &e.Struck, &e.At); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// sheetWrite writes one entry of kind (a ply text, or a strike) on the sheet r names.
func (s *Store) sheetWrite(ctx context.Context, ref string, r SheetRef, kind, text string) (tournament.SheetWritten, error) {
	var out tournament.SheetWritten
	if r.Device == "" || len(r.Device) > 64 || r.Seq < 1 {
		return out, tournament.Errf(tournament.ErrInvalid, "err.sheet.device", "{err}: a sheet entry needs its device and its sequence number (from 1)")
	}
	_, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, e, err := tx.sheetOf(t, r)
		if err != nil {
			return err
		}
		hs, err := tx.hallSettings(t.ID)
		if err != nil {
			return err
		}
		if ok, keeper := hs.SheetKeeper(r.Side); !ok {
			return tournament.Errf(tournament.ErrSheetKeeper, "err.sheet.keeper_other", "{err}: in this event {keeper} keeps the score sheet for both players (arbitro hall set --sheets)", "keeper", keeper)
		}
		if kind == tournament.SheetPly {
			if text, err = tournament.SheetPlyText(text, t.Variant.Squares()); err != nil {
				return err
			}
		}
		var last int
		if err := tx.queryRow(`SELECT coalesce(max(seq), 0) FROM sheet_entries WHERE board_id = ? AND entry_id = ? AND device = ?`,
			b.ID, e.ID, r.Device).Scan(&last); err != nil {
			return err
		}
		es, err := tx.sheetEntries(b.ID, e.ID)
		if err != nil {
			return err
		}
		if r.Seq <= last { // sent again (the answer was lost): stored once
			for _, x := range es {
				if x.Device == r.Device && x.Seq == r.Seq {
					if x.Kind != kind || kind == tournament.SheetPly && x.Text != text {
						return &tournament.SheetOrderError{Msg: fmt.Sprintf("entry %d of this device is already stored as %s %q", r.Seq, x.Kind, x.Text)}
					}
					out.Entry, out.Already = x, true
				}
			}
			out.Standing = len(tournament.SheetStanding(es))
			return nil
		}
		if r.Seq != last+1 {
			return &tournament.SheetOrderError{Expected: last + 1, Msg: fmt.Sprintf("entry %d of this device, after %d: send from %d", r.Seq, last, last+1)}
		}
		standing := tournament.SheetStanding(es)
		var struck any
		if kind == tournament.SheetStrike {
			if len(standing) == 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.sheet.no_strike", "{err}: nothing to strike: the sheet has no ply")
			}
			x := standing[len(standing)-1]
			text, struck = x.Text, x.ID
			out.Entry.Struck = x.ID
		}
		res, err := tx.exec(`INSERT INTO sheet_entries (board_id, entry_id, device, seq, kind, text, struck, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			b.ID, e.ID, r.Device, r.Seq, kind, text, struck, tx.nowText())
		if err != nil {
			return err
		}
		out.Entry.ID, _ = res.LastInsertId()
		out.Entry.Device, out.Entry.Seq, out.Entry.Kind, out.Entry.Text, out.Entry.At = r.Device, r.Seq, kind, text, tx.nowText()
		out.Standing = len(standing) + 1
		if kind == tournament.SheetStrike {
			out.Standing = len(standing) - 1
		}
		// The sheet is its own log (every entry, with its time and device): the event log
		// keeps the arbiter's actions, which 'arbitro undo' walks back, and a ply written
		// every few seconds by each player would stop it (an action it cannot undo).
		return nil
	})
	return out, err
}

// SheetWritePly writes ply (as the page sends it: tournament.SheetPlyText) on the sheet r
// names, after checking the player's PIN, in one transaction. The sheet_entries row is the
// entry's log (with its time and device); SheetVersion counts it. The same entry sent again
// (same device and sequence number) is stored once and answered as before (Already).
//
// Errors: ErrWrongPIN, ErrNoPIN; ErrInvalid (a text that is no ply on the tournament's
// board, a bye, a side not W or B, no device); tournament.ErrSheetOrder (the device's
// entries out of order: its message names the one to send); ErrNotPaired, ErrNoBoard;
// those of updateIn. Nothing is written on error.
func (s *Store) SheetWritePly(ctx context.Context, ref string, r SheetRef, ply string) (tournament.SheetWritten, error) {
	return s.sheetWrite(ctx, ref, r, tournament.SheetPly, ply)
}

// SheetStrike strikes the last ply standing on the sheet r names (a correction, as on
// paper: the entry stays, struck), after checking the PIN, in one transaction. Errors as
// SheetWritePly; ErrInvalid when no ply stands.
func (s *Store) SheetStrike(ctx context.Context, ref string, r SheetRef) (tournament.SheetWritten, error) {
	return s.sheetWrite(ctx, ref, r, tournament.SheetStrike, "")
}

// SheetConfirm is a player's end of the game: with his PIN he confirms the result res (a
// game played, tournament.HallSpec) and the score moves his page shows (its plies, one
// space between), which must be his sheet's standing plies (else ErrSheetOrder: the page
// is not synchronised) or, when he kept no sheet (one player keeps it for both), his
// opponent's. When his opponent has confirmed the same result and score, in the
// same transaction the result becomes the board's (as HallEnterResult stores it, when the
// board has none) and the score its game, stored as 'arbitro game add' stores it
// (Tx.addGame, tags from the event: tournament.SheetPDN), the event log saying it came
// from the electronic sheet. Different confirmations go to the arbiter (HallDisputed).
//
// Errors: those of SheetWritePly; ErrInvalid for a result a player cannot enter;
// ErrGameExists when the board has a game already; ErrMismatch when the result disagrees
// with one the board has (the arbiter decides). Nothing is written on error.
func (s *Store) SheetConfirm(ctx context.Context, ref string, r SheetRef, res, moves string) (tournament.SheetConfirmed, error) {
	var out tournament.SheetConfirmed
	res, err := tournament.HallSpec(res)
	if err != nil {
		return out, err
	}
	moves = strings.Join(strings.Fields(moves), " ")
	_, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, e, err := tx.sheetOf(t, r)
		if err != nil {
			return err
		}
		es, err := tx.sheetEntries(b.ID, e.ID)
		if err != nil {
			return err
		}
		other := b.BlackEntry
		if e.ID == b.BlackEntry {
			other = b.WhiteEntry
		}
		if len(es) == 0 { // he kept no sheet: he confirms his opponent's
			if es, err = tx.sheetEntries(b.ID, other); err != nil {
				return err
			}
		}
		if have := tournament.SheetMoves(tournament.SheetStanding(es)); have != moves {
			return &tournament.SheetOrderError{Msg: fmt.Sprintf("the score confirmed is not the sheet stored (%d plies); send the moves first", len(strings.Fields(have)))}
		}
		mine := tournament.SheetConfirm{Result: res, Moves: moves, At: tx.nowText()}
		prev, err := tx.hallBeforeOf("sheet_confirms", b.ID, e.ID) // for arbitro undo
		if err != nil {
			return err
		}
		if _, err := tx.exec(`INSERT INTO sheet_confirms (board_id, entry_id, result, moves, at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (board_id, entry_id) DO UPDATE SET result = excluded.result, moves = excluded.moves, at = excluded.at`,
			b.ID, e.ID, res, moves, mine.At); err != nil {
			return err
		}
		theirs, err := tx.sheetConfirm(b.ID, other)
		if err != nil {
			return err
		}
		out.Status = tournament.DecideSheets(mine, theirs)
		if err := tx.logEvent(t.ID, "sheet.confirm", prev, map[string]any{"round": b.Round, "board": b.Board, "game": b.Game,
			"entry": e.ID, "result": res, "plies": len(strings.Fields(moves)), "status": out.Status}); err != nil {
			return err
		}
		if out.Status != tournament.HallStored {
			return nil
		}
		if b.Result == nil {
			if b, err = tx.SetResult(t, b.Round, b.Board, b.Game, res, tournament.ResultOptions{}); err != nil {
				return err
			}
		}
		text := tournament.SheetPDN(t, b, moves, res, strings.ReplaceAll(tx.nowText()[:10], "-", "."))
		g, text, err := tournament.ParseGameScore([]byte(text))
		if err != nil {
			return err
		}
		rec, err := tx.addGame(t, b, g, text, tournament.GameOptions{}, tournament.SheetSource)
		if err != nil {
			return err
		}
		out.GameID = rec.ID
		return nil
	})
	return out, err
}

// sheetConfirm reads entry's confirmation of board id (nil: none).
func (tx *Tx) sheetConfirm(boardID, entryID int64) (*tournament.SheetConfirm, error) {
	var c tournament.SheetConfirm
	err := tx.queryRow(`SELECT result, moves, at FROM sheet_confirms WHERE board_id = ? AND entry_id = ?`, boardID, entryID).Scan(&c.Result, &c.Moves, &c.At)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &c, err
}

// ReadSheet reads, in one read transaction, the plies standing on the sheet r names (its
// Device and Seq unused), after checking the PIN: a player's page opened on another device
// starts from them; and those of his opponent's sheet, which he confirms when he keeps
// none. Errors as SheetWritePly.
func (s *Store) ReadSheet(ctx context.Context, ref string, r SheetRef) (own, opponent []tournament.SheetEntry, err error) {
	_, err = s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, e, err := tx.sheetOf(t, r)
		if err != nil {
			return err
		}
		other := b.BlackEntry
		if e.ID == b.BlackEntry {
			other = b.WhiteEntry
		}
		es, err := tx.sheetEntries(b.ID, e.ID)
		if err != nil {
			return err
		}
		oes, err := tx.sheetEntries(b.ID, other)
		own, opponent = tournament.SheetStanding(es), tournament.SheetStanding(oes)
		return err
	})
	return own, opponent, err
}

// ReadHallSheets reads, in one read transaction, every sheet kept on the boards of the
// last round paired of the tournament ref names, each judged by the rules engine
// (tournament.JudgeSheet: the verdict, the first illegal ply with its reason and the
// legal moves there, the draw counts), with its correction log and confirmation.
//
// Errors: those of viewIn.
func (s *Store) ReadHallSheets(ctx context.Context, ref string) (tournament.HallSheets, error) {
	var out tournament.HallSheets
	var err error
	out.Tournament, err = s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if err := tx.queryRow(`SELECT coalesce(max(number), 0) FROM rounds WHERE tournament_id = ?`, t.ID).Scan(&out.Round); err != nil {
			return err
		}
		if out.Round == 0 {
			return nil
		}
		boards, err := tx.Boards(t, out.Round)
		if err != nil && !errors.Is(err, tournament.ErrNotPaired) {
			return err
		}
		for _, b := range boards {
			if b.Bye() {
				continue
			}
			sb := tournament.SheetBoard{Board: b}
			for _, side := range []byte{'W', 'B'} {
				id := b.WhiteEntry
				if side == 'B' {
					id = b.BlackEntry
				}
				es, err := tx.sheetEntries(b.ID, id)
				if err != nil {
					return err
				}
				c, err := tx.sheetConfirm(b.ID, id)
				if err != nil {
					return err
				}
				if len(es) == 0 && c == nil {
					continue
				}
				e, err := tx.hallEntry(t, id)
				if err != nil {
					return err
				}
				v := &tournament.SheetView{Board: b, Player: *e, Side: side, Entries: es, Standing: tournament.SheetStanding(es), Confirm: c}
				tournament.JudgeSheet(v, t.Variant)
				sb.Sheets = append(sb.Sheets, v)
			}
			if len(sb.Sheets) == 0 {
				continue
			}
			if len(sb.Sheets) == 2 && sb.Sheets[0].Confirm != nil && sb.Sheets[1].Confirm != nil && b.GameID == 0 {
				sb.Disputed = tournament.DecideSheets(*sb.Sheets[0].Confirm, sb.Sheets[1].Confirm) == tournament.HallDisputed
			}
			out.Boards = append(out.Boards, sb)
		}
		return nil
	})
	return out, err
}

// SetSheetDelay sets the spectators' delay d of the games of the tournament ref names
// (arbitro hall delay; tournament.SheetDelay), in one transaction, logged "sheet.delay"
// with the delay before and after. Errors: those of updateIn.
func (s *Store) SetSheetDelay(ctx context.Context, ref string, d tournament.SheetDelay) (tournament.Tournament, error) {
	return s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		old, err := tx.sheetDelay(t.ID)
		if err != nil {
			return err
		}
		if _, err := tx.exec(`INSERT INTO sheet_delays (tournament_id, minutes, moves, set_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET minutes = excluded.minutes, moves = excluded.moves, set_at = excluded.set_at`,
			t.ID, d.Minutes, d.Moves, tx.nowText()); err != nil {
			return err
		}
		return tx.logEvent(t.ID, "sheet.delay", old, d)
	})
}

// sheetDelay reads tournament id's spectators' delay (tournament.DefaultSheetDelay when
// none is set).
func (tx *Tx) sheetDelay(id int64) (tournament.SheetDelay, error) {
	d := tournament.DefaultSheetDelay
	err := tx.queryRow(`SELECT minutes, moves FROM sheet_delays WHERE tournament_id = ?`, id).Scan(&d.Minutes, &d.Moves)
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.DefaultSheetDelay, nil
	}
	return d, err
}

// ReadHallGames reads, in one read transaction, what spectators see of the games of the
// last round paired of the tournament ref names: for each board on which a sheet is kept
// (White's, else Black's), the plies its delay lets them see at the transaction's clock
// (tournament.SheetDelay.Delayed: every ply once the board has a result or a game) and
// the position after the last legal one. Nothing of a sheet younger than the delay is
// read out. Errors: those of viewIn.
func (s *Store) ReadHallGames(ctx context.Context, ref string) (tournament.HallGames, error) {
	var out tournament.HallGames
	var err error
	out.Tournament, err = s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if out.Delay, err = tx.sheetDelay(t.ID); err != nil {
			return err
		}
		if err := tx.queryRow(`SELECT coalesce(max(number), 0) FROM rounds WHERE tournament_id = ?`, t.ID).Scan(&out.Round); err != nil {
			return err
		}
		if out.Round == 0 {
			return nil
		}
		boards, err := tx.Boards(t, out.Round)
		if err != nil && !errors.Is(err, tournament.ErrNotPaired) {
			return err
		}
		out.Games, _, err = tx.liveGames(t, boards, out.Delay)
		return err
	})
	return out, err
}

// SheetAdopt is the arbiter's decision on a board whose sheets disagree (or whose players
// did not both confirm): the plies standing on the sheet kept by the player on side ('W'
// or 'B') become the board's game, with result res (tournament.HallSpec; written as the
// board's result when it has none), stored as 'arbitro game add' stores it, logged with
// the source "electronic sheet", in one transaction, under the actor of ctx (ActingAs).
//
// Returns the game stored. Errors: ErrInvalid (a result a player could not enter, a side
// not W or B, a bye, a sheet without a ply); ErrGameExists; ErrMismatch (the result
// disagrees with the board's); ErrNotPaired, ErrNoBoard; those of updateIn.
func (s *Store) SheetAdopt(ctx context.Context, ref string, round, board, game int, side byte, res string) (*tournament.GameRecord, error) {
	var rec *tournament.GameRecord
	res, err := tournament.HallSpec(res)
	if err != nil {
		return nil, err
	}
	_, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, err := tx.BoardAt(t, round, board, game)
		if err != nil {
			return err
		}
		if b.Bye() {
			return tournament.Errf(tournament.ErrInvalid, "err.sheet.adopt_bye", "{err}: round {round} board {board} is a bye", "round", round, "board", board)
		}
		id := b.WhiteEntry
		switch side {
		case 'W':
		case 'B':
			id = b.BlackEntry
		default:
			return tournament.Errf(tournament.ErrInvalid, "err.hall.side", "{err}: side {side}: White (W) or Black (B)", "side", strconv.QuoteRune(rune(side)))
		}
		es, err := tx.sheetEntries(b.ID, id)
		if err != nil {
			return err
		}
		moves := tournament.SheetMoves(tournament.SheetStanding(es))
		if moves == "" {
			return tournament.Errf(tournament.ErrInvalid, "err.sheet.adopt_empty", "{err}: round {round} board {board}: no ply on that sheet", "round", round, "board", board)
		}
		if b.Result == nil {
			if b, err = tx.SetResult(t, round, board, game, res, tournament.ResultOptions{}); err != nil {
				return err
			}
		}
		g, text, err := tournament.ParseGameScore([]byte(tournament.SheetPDN(t, b, moves, res, strings.ReplaceAll(tx.nowText()[:10], "-", "."))))
		if err != nil {
			return err
		}
		rec, err = tx.addGame(t, b, g, text, tournament.GameOptions{}, tournament.SheetSource)
		return err
	})
	return rec, err
}

// SheetVersion is the number of the last sheet entry of the file (0 none), in one read
// transaction: it changes at every entry on any sheet, as the data version changes at
// every event, so the hall's event stream follows the sheets too. Errors: those of View.
func (s *Store) SheetVersion(ctx context.Context) (int64, error) {
	var n int64
	err := s.View(ctx, func(tx *Tx) error {
		return tx.queryRow(`SELECT coalesce(max(id), 0) FROM sheet_entries`).Scan(&n)
	})
	return n, err
}
