package store

import (
	"database/sql"
	"errors"
	"strconv"

	"arbitro/pairing"
	"arbitro/tournament"
)

// AddForbiddenPair stores a prohibited pair of t (pairing numbers) from round
// f.FirstRound (1 when 0) to f.LastRound (0: to the end) and logs "pair.forbid". The Dutch
// engine keeps the two apart in every round it covers. Errors: ErrInvalid when t is not
// Dutch, ErrNotFound (wrapped) when a number belongs to nobody, ErrLotNotDrawn before the
// lot. Storing the same pair again replaces its rounds.
func (tx *Tx) AddForbiddenPair(t *tournament.Tournament, f tournament.ForbiddenPair) error {
	if !t.System.DutchSettings() {
		return tournament.Errf(tournament.ErrInvalid, "err.dutch.forbidden_not_dutch", "{err}: forbidden pairs are a Dutch-system setting; {tournament} is {system}", "tournament", t.Name, "system", t.System)
	}
	if f.FirstRound == 0 {
		f.FirstRound = 1
	}
	ids := map[int]int64{}
	for _, n := range []int{f.A, f.B} {
		var id int64
		err := tx.queryRow(`SELECT id FROM entries WHERE tournament_id = ? AND pairing_number = ?`, t.ID, n).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			if t.LotDrawnAt == "" && t.RoundsPaired == 0 {
				return tournament.Errf(tournament.ErrLotNotDrawn, "err.dutch.no_numbers", "{err}: {tournament} has no pairing numbers yet", "tournament", t.Name)
			}
			return tournament.Errf(tournament.ErrNotFound, "err.dutch.no_number", "{err}: no player of {tournament} has pairing number {n}", "tournament", t.Name, "n", n)
		}
		if err != nil {
			return err
		}
		ids[n] = id
	}
	a, b := ids[f.A], ids[f.B]
	if a > b {
		a, b = b, a
	}
	before, err := tx.forbiddenRow(t.ID, a, b)
	if err != nil {
		return err
	}
	if _, err := tx.exec(`INSERT INTO forbidden_pairs (tournament_id, entry_a, entry_b, first_round, last_round) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, entry_a, entry_b) DO UPDATE SET first_round = excluded.first_round, last_round = excluded.last_round`,
		t.ID, a, b, f.FirstRound, f.LastRound); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "pair.forbid", before, forbidLog{ForbiddenPair: f, EntryA: a, EntryB: b})
}

// forbidLog is a "pair.forbid" event's before and after: the pair by pairing numbers and
// by entry ids (entry_a < entry_b), so that undo finds the row again.
type forbidLog struct {
	tournament.ForbiddenPair
	EntryA int64 `json:"entry_a"`
	EntryB int64 `json:"entry_b"`
}

// forbiddenRow is the stored prohibition of entries a < b of tournament id, nil when none.
func (tx *Tx) forbiddenRow(id, a, b int64) (*forbidLog, error) {
	r := forbidLog{EntryA: a, EntryB: b}
	err := tx.queryRow(`SELECT first_round, last_round FROM forbidden_pairs WHERE tournament_id = ? AND entry_a = ? AND entry_b = ?`, id, a, b).
		Scan(&r.FirstRound, &r.LastRound)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// forbiddenEntries lists the stored prohibited pairs of t covering round r, by entry id.
func (tx *Tx) forbiddenEntries(t *tournament.Tournament, r int) ([][2]int, error) {
	rows, err := tx.query(`SELECT entry_a, entry_b FROM forbidden_pairs WHERE tournament_id = ?
		AND first_round <= ? AND (last_round = 0 OR last_round >= ?) ORDER BY entry_a, entry_b`, t.ID, r, r)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]int
	for rows.Next() {
		var a, b int
		if err := rows.Scan(&a, &b); err != nil {
			return nil, err
		}
		out = append(out, [2]int{a, b})
	}
	return out, rows.Err()
}

// SetAcceleration stores the acceleration of t: "" none or AccelerationBaku; logs
// "tournament.acceleration". Errors: ErrInvalid for another name, a system other than
// Dutch, or a tournament whose round 1 is paired.
func (tx *Tx) SetAcceleration(t *tournament.Tournament, acc string) error {
	if acc != "" && acc != tournament.AccelerationBaku {
		return tournament.Errf(tournament.ErrInvalid, "err.dutch.acceleration", "{err}: acceleration {acc} (arbitro knows baku)", "acc", strconv.Quote(acc))
	}
	if acc != "" && !t.System.DutchSettings() {
		return tournament.Errf(tournament.ErrInvalid, "err.dutch.baku_not_dutch", "{err}: the Baku acceleration is for the Dutch system; {tournament} is {system}", "tournament", t.Name, "system", t.System)
	}
	if t.RoundsPaired > 0 {
		return tournament.Errf(tournament.ErrInvalid, "err.dutch.acceleration_locked", "{err}: round {rounds_paired} of {tournament} is paired; the acceleration is chosen before round 1", "rounds_paired", t.RoundsPaired, "tournament", t.Name)
	}
	before, err := tx.acceleration(t)
	if err != nil {
		return err
	}
	if _, err := tx.exec(`INSERT INTO dutch_settings (tournament_id, acceleration) VALUES (?, ?)
		ON CONFLICT (tournament_id) DO UPDATE SET acceleration = excluded.acceleration`, t.ID, acc); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "tournament.acceleration", before, acc)
}

// acceleration is the stored acceleration of t ("" none).
func (tx *Tx) acceleration(t *tournament.Tournament) (string, error) {
	var acc string
	err := tx.queryRow(`SELECT acceleration FROM dutch_settings WHERE tournament_id = ?`, t.ID).Scan(&acc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return acc, err
}

// loadAcceleration reads the dutchAcceleration of t: the stored method and the 250 and XXA
// lines an import kept, read with the kept point system (162, BB?, XXS) as
// TRF.RecordAcceleration reads them from the file, so that a round paired from the
// database gets the acceleration `arbitro pair --trf` gives the file.
func (tx *Tx) loadAcceleration(t *tournament.Tournament) (tournament.DutchAcceleration, error) {
	var acc tournament.DutchAcceleration
	var err error
	if acc.Method, err = tx.acceleration(t); err != nil {
		return acc, err
	}
	if acc.Method == tournament.AccelerationBaku {
		if acc.LastA, err = tx.bakuLastA(t); err != nil {
			return acc, err
		}
	}
	tr, err := tx.keptTRF(t, "250", "XXA")
	if err != nil {
		return acc, err
	}
	acc.Records = tr.RecordAcceleration()
	return acc, nil
}

// bakuLastA is the current pairing number of the last player of the Baku method's group
// A in t (C.04.7, 2026; C.04.5.1 before): among round 1's field, the entries that joined
// in round 1 (joined_round = 1) and had not withdrawn before it, in pairing-number order,
// the one numbered pairing.BakuGroupA(field size) then. An announced absence from round
// 1 does not take a player out of the field: he entered before round 1, and an imported
// TRF stores its round-1 H/Z/F as absences while the file's own reading counts every
// player. He stays the last of group A when late entries come (C.04.7, late entries):
// group A is everybody whose pairing number is at most his current one, whatever numbers
// the late entries took (AddPlayer gives them the next numbers, so today it is his
// round-1 number; the lot cannot be drawn again once round 1 is paired). The relative
// order of round 1's field never changes after the lot, so the k-th of them now is the
// k-th then. 0 when the field is empty.
func (tx *Tx) bakuLastA(t *tournament.Tournament) (int, error) {
	rows, err := tx.query(`SELECT pairing_number FROM entries WHERE tournament_id = ? AND pairing_number IS NOT NULL
		AND joined_round = 1 AND NOT (status = 'withdrawn' AND coalesce(withdrawn_after, 0) = 0)
		ORDER BY pairing_number`, t.ID)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var field []int
	for rows.Next() {
		var num int
		if err := rows.Scan(&num); err != nil {
			return 0, err
		}
		field = append(field, num)
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	return pairing.BakuLastA(field), nil
}
