package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"arbitro/tournament"
)

// The hall's use cases (arbitro serve --hall, issue 30; docs/hall.md): the players' PINs,
// the results they enter, and what the arbiter's console reads. The console's writes are
// the command line's own use cases (EnterResult, CorrectResult), under the actor ActingAs
// gives them.

// actorKey is the context key of ActingAs.
type actorKey struct{}

// ActingAs returns ctx carrying actor: every transaction run under it logs actor as who
// acted (events.actor, results.entered_by) instead of the store's WithActor name. The
// hall's console uses it ("arbiter via the hall"). An empty actor changes nothing.
func ActingAs(ctx context.Context, actor string) context.Context {
	return context.WithValue(ctx, actorKey{}, actor)
}

// actorOf is the actor ActingAs put in ctx, or def.
func actorOf(ctx context.Context, def string) string {
	if a, ok := ctx.Value(actorKey{}).(string); ok && a != "" {
		return a
	}
	return def
}

// checkActor refuses a write under an actor (WithActor, ActingAs) that the names check
// refuses (tournament.CheckText: a terminal escape, an invisible or bidi character): the
// event log would store it. (A login name of digits passes: the command line asks a
// visible letter of $ARBITRO_ARBITER only.) Errors wrap ErrMalformed.
func checkActor(actor string) error {
	if actor == "" || actor == DefaultActor {
		return nil
	}
	_, err := tournament.CheckText("arbiter", actor, tournament.MaxTextRunes)
	return err
}

// PINDigits is the length of a player's PIN.
const PINDigits = 6

// SetPINs gives the players refs names (entry ids or names, as 'arbitro player'; every
// active player of the tournament when refs is empty) a new random PIN of PINDigits
// digits (crypto/rand), storing only a salted SHA-256 hash (hall_pins), replacing any PIN
// they had, and logs it ("hall.pin", without the PIN, saying whether it replaced one), in
// one transaction.
//
// Returns the PINs in clear, in the order of refs (or of the entries). Errors:
// ErrNotFound or ErrInvalid for a ref (findEntry); those of updateIn. Nothing is written
// on error.
func (s *Store) SetPINs(ctx context.Context, ref string, refs []string) ([]tournament.PlayerPIN, tournament.Tournament, error) {
	var out []tournament.PlayerPIN
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		var entries []tournament.Entry
		if len(refs) == 0 {
			all, err := tx.Entries(t.ID)
			if err != nil {
				return err
			}
			for _, e := range all {
				if e.Status == tournament.StatusActive {
					entries = append(entries, e)
				}
			}
		}
		for _, r := range refs {
			e, err := tx.findEntry(t, r)
			if err != nil {
				return err
			}
			entries = append(entries, *e)
		}
		for _, e := range entries {
			pin, err := newPIN()
			if err != nil {
				return err
			}
			var had int
			if err := tx.queryRow(`SELECT count(*) FROM hall_pins WHERE entry_id = ?`, e.ID).Scan(&had); err != nil {
				return err
			}
			if err := tx.setPIN(e.ID, pin); err != nil {
				return err
			}
			if err := tx.logEvent(t.ID, "hall.pin", nil, pinLog{Entry: e.ID, Replaced: new(had > 0)}); err != nil {
				return err
			}
			out = append(out, tournament.PlayerPIN{Entry: e, PIN: pin})
		}
		return nil
	})
	return out, t, err
}

// newPIN draws PINDigits decimal digits from crypto/rand.
func newPIN() (string, error) {
	max := big.NewInt(1)
	for range PINDigits {
		max.Mul(max, big.NewInt(10))
	}
	n, err := rand.Int(rand.Reader, max)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%0*d", PINDigits, n), nil
}

func pinHash(salt, pin string) string {
	h := sha256.Sum256([]byte(salt + "\x00" + pin))
	return hex.EncodeToString(h[:])
}

// setPIN stores pin's salted hash for entry id.
func (tx *Tx) setPIN(entryID int64, pin string) error {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	salt := hex.EncodeToString(b[:])
	_, err := tx.exec(`INSERT INTO hall_pins (entry_id, salt, hash, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (entry_id) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, created_at = excluded.created_at`,
		entryID, salt, pinHash(salt, pin), tx.nowText())
	return err
}

// checkPIN: ErrNoPIN when entry id has no PIN, ErrWrongPIN when pin is not it.
func (tx *Tx) checkPIN(entryID int64, pin string) error {
	var salt, hash string
	err := tx.queryRow(`SELECT salt, hash FROM hall_pins WHERE entry_id = ?`, entryID).Scan(&salt, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.ErrNoPIN
	} else if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(pinHash(salt, pin)), []byte(hash)) != 1 {
		return tournament.ErrWrongPIN
	}
	return nil
}

// HallEntered is the outcome of HallEnterResult.
type HallEntered struct {
	Tournament tournament.Tournament // as selected
	Board      *tournament.Board     // the board as it now stands
	Player     tournament.Entry      // who entered
	Status     tournament.HallStatus
	Result     string // the result entered, as stored ("2-0", "1-1", "0-2")
}

// HallEnterResult records the result spec (tournament.HallSpec) that the player sitting
// on side ('W' White, 'B' Black) of board board, game game of round round enters in the
// hall with his PIN, in one transaction: it checks the PIN, keeps his entry (hall_entries,
// replacing an earlier one of his) and logs it ("hall.entry", before: the entry replaced); when his opponent's entry
// agrees, the result is the board's, written as EnterResult writes it (Tx.SetResult);
// when it disagrees the board waits for the arbiter. A board with a result already is
// left as it is (HallAlready): only the arbiter changes a result. With arbiterConfirms
// (serve --hall --confirm), or the event's stored setting (hall set --confirm), agreeing
// entries are not stored but wait for the arbiter (HallAgreed). Everything is logged under tournament.HallActor ("player 7 via the hall").
//
// Returns the status and the board. Errors: ErrWrongPIN, ErrNoPIN (nothing written:
// the caller counts the failures); ErrInvalid (a result a player cannot enter, a bye
// board, a side that is not 'W' or 'B'); ErrNotPaired, ErrNoBoard; those of updateIn.
func (s *Store) HallEnterResult(ctx context.Context, ref string, round, board, game int, side byte, pin, spec string, arbiterConfirms bool) (HallEntered, error) {
	var out HallEntered
	res, err := tournament.HallSpec(spec)
	if err != nil {
		return out, err
	}
	out.Result = res
	out.Tournament, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		b, err := tx.BoardAt(t, round, board, game)
		if err != nil {
			return err
		}
		if b.Bye() {
			return tournament.Errf(tournament.ErrInvalid, "err.hall.bye", "{err}: round {round} board {board} is a bye: nothing to enter", "round", round, "board", board)
		}
		me, other := b.WhiteEntry, b.BlackEntry
		switch side {
		case 'W':
		case 'B':
			me, other = other, me
		default:
			return tournament.Errf(tournament.ErrInvalid, "err.hall.side", "{err}: side {side}: White (W) or Black (B)", "side", strconv.QuoteRune(rune(side)))
		}
		if err := tx.checkPIN(me, pin); err != nil {
			return err
		}
		e, err := tx.hallEntry(t, me)
		if err != nil {
			return err
		}
		out.Player, out.Board = *e, b
		if b.Result != nil {
			out.Status = tournament.HallAlready
			return nil
		}
		tx.actor = tournament.HallActor(e)
		prev, err := tx.hallBeforeOf("hall_entries", b.ID, me) // for arbitro undo
		if err != nil {
			return err
		}
		if _, err := tx.exec(`INSERT INTO hall_entries (board_id, entry_id, result, entered_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (board_id, entry_id) DO UPDATE SET result = excluded.result, entered_at = excluded.entered_at`,
			b.ID, me, res, tx.nowText()); err != nil {
			return err
		}
		var theirs string
		err = tx.queryRow(`SELECT result FROM hall_entries WHERE board_id = ? AND entry_id = ?`, b.ID, other).Scan(&theirs)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		set, err := tx.hallSettings(t.ID)
		if err != nil {
			return err
		}
		out.Status = tournament.DecideHallEntry(res, theirs, arbiterConfirms || set.Confirm)
		if err := tx.logEvent(t.ID, "hall.entry", prev, map[string]any{"round": round, "board": board, "game": game,
			"entry": me, "result": res, "status": out.Status}); err != nil {
			return err
		}
		if out.Status == tournament.HallStored {
			out.Board, err = tx.SetResult(t, round, board, game, res, tournament.ResultOptions{})
			return err
		}
		return nil
	})
	return out, err
}

// ReadHallConsole reads, in one read transaction, the arbiter's console of the tournament
// ref names: the boards of its last round paired, every board without a result that has
// entries from the hall (a single entry marked Overdue once the event's SingleMinutes
// have passed at the transaction's clock), the event's hall settings, and the check-in of the next round to pair (ReadHallCheckIn). It writes nothing.
//
// Errors: those of viewIn.
func (s *Store) ReadHallConsole(ctx context.Context, ref string) (tournament.HallConsole, error) {
	var out tournament.HallConsole
	var err error
	out.Tournament, err = s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if out.Version, err = tx.DataVersion(); err != nil {
			return err
		}
		if err := tx.queryRow(`SELECT coalesce(max(number), 0) FROM rounds WHERE tournament_id = ?`, t.ID).Scan(&out.Round); err != nil {
			return err
		}
		all, err := tx.Boards(t, 0)
		if err != nil && !errors.Is(err, tournament.ErrNotPaired) {
			return err
		}
		byID := map[int64]*tournament.Board{}
		for _, b := range all {
			byID[b.ID] = b
			if b.Round == out.Round {
				out.Boards = append(out.Boards, b)
			}
		}
		out.CheckIn.Tournament = *t
		if err := tx.readCheckIn(t, &out.CheckIn); err != nil {
			return err
		}
		pending, err := tx.hallEntries(t)
		if err != nil {
			return err
		}
		if out.Settings, err = tx.hallSettings(t.ID); err != nil {
			return err
		}
		for _, b := range all { // board order
			es := pending[b.ID]
			if b.Result != nil || len(es) == 0 {
				continue
			}
			p := tournament.HallPendingBoard{Board: b, Entries: es}
			p.Disputed = len(es) == 2 && es[0].Result != es[1].Result
			p.Agreed = len(es) == 2 && es[0].Result == es[1].Result
			p.Overdue = len(es) == 1 && out.Settings.Overdue(es[0].EnteredAt, tx.now)
			out.Pending = append(out.Pending, p)
		}
		return nil
	})
	return out, err
}

// hallEntries reads the hall entries of tournament t by board id, by entry id.
func (tx *Tx) hallEntries(t *tournament.Tournament) (map[int64][]tournament.HallEntry, error) {
	rows, err := tx.query(`SELECT h.board_id, h.entry_id, h.result, h.entered_at FROM hall_entries h
		JOIN boards b ON b.id = h.board_id JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? ORDER BY h.board_id, h.entry_id`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]tournament.HallEntry{}
	for rows.Next() {
		var e tournament.HallEntry
		if err := rows.Scan(&e.BoardID, &e.EntryID, &e.Result, &e.EnteredAt); err != nil {
			return nil, err
		}
		out[e.BoardID] = append(out[e.BoardID], e)
	}
	return out, rows.Err()
}

// hallEntry reads entry id of t alone (findEntry reads every entry: too slow for a hall
// of 400 players entering at once). Errors: ErrNotFound.
func (tx *Tx) hallEntry(t *tournament.Tournament, id int64) (*tournament.Entry, error) {
	e, err := scanEntry(tx.queryRow(`SELECT `+entryCols+` FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? AND e.id = ?`, t.ID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, tournament.Errf(tournament.ErrNotFound, "err.hall.no_entry", "{err}: no player with id {id} in {tournament}", "id", int(id), "tournament", t.Name)
	}
	return &e, err
}
