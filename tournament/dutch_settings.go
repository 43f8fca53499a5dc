package tournament

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// Dutch settings of a tournament (issue 19): prohibited pairs (TRF-2026 record 260) and
// the acceleration (FIDE C.04.7), stored in forbidden_pairs and dutch_settings.

// AccelerationBaku is the Baku method of FIDE C.04.7 (pairing.BakuVirtualPoints).
const AccelerationBaku = "baku"

// ForbiddenPair is a stored prohibited pair, by pairing number.
type ForbiddenPair struct {
	A          int `json:"a"`
	B          int `json:"b"`
	FirstRound int `json:"first_round"`
	LastRound  int `json:"last_round"` // 0: to the end
}

// ParseForbiddenPair reads "A-B" (pairing numbers). Errors wrap ErrMalformed.
func ParseForbiddenPair(s string) (ForbiddenPair, error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(s, " ", ""), "-")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 || x == y {
		return ForbiddenPair{}, fmt.Errorf("%w: forbidden pair %q (write two different pairing numbers, e.g. 12-7)", ErrMalformed, s)
	}
	return ForbiddenPair{A: min(x, y), B: max(x, y), FirstRound: 1}, nil
}

// AddForbiddenPair stores a prohibited pair of t (pairing numbers) from round
// f.FirstRound (1 when 0) to f.LastRound (0: to the end) and logs "pair.forbid". The Dutch
// engine keeps the two apart in every round it covers. Errors: ErrInvalid when t is not
// Dutch, ErrNotFound (wrapped) when a number belongs to nobody, ErrLotNotDrawn before the
// lot. Storing the same pair again replaces its rounds.
func (tx *Tx) AddForbiddenPair(t *Tournament, f ForbiddenPair) error {
	if t.System != SystemDutch {
		return fmt.Errorf("%w: forbidden pairs are a Dutch-system setting; %s is %s", ErrInvalid, t.Name, t.System)
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
				return fmt.Errorf("%w: %s has no pairing numbers yet", ErrLotNotDrawn, t.Name)
			}
			return fmt.Errorf("%w: no player of %s has pairing number %d", ErrNotFound, t.Name, n)
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
	if _, err := tx.exec(`INSERT INTO forbidden_pairs (tournament_id, entry_a, entry_b, first_round, last_round) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, entry_a, entry_b) DO UPDATE SET first_round = excluded.first_round, last_round = excluded.last_round`,
		t.ID, a, b, f.FirstRound, f.LastRound); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "pair.forbid", nil, f)
}

// forbiddenEntries lists the stored prohibited pairs of t covering round r, by entry id.
func (tx *Tx) forbiddenEntries(t *Tournament, r int) ([][2]int, error) {
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
func (tx *Tx) SetAcceleration(t *Tournament, acc string) error {
	if acc != "" && acc != AccelerationBaku {
		return fmt.Errorf("%w: acceleration %q (arbitro knows baku)", ErrInvalid, acc)
	}
	if acc != "" && t.System != SystemDutch {
		return fmt.Errorf("%w: the Baku acceleration is for the Dutch system; %s is %s", ErrInvalid, t.Name, t.System)
	}
	if t.RoundsPaired > 0 {
		return fmt.Errorf("%w: round %d of %s is paired; the acceleration is chosen before round 1", ErrInvalid, t.RoundsPaired, t.Name)
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
func (tx *Tx) acceleration(t *Tournament) (string, error) {
	var acc string
	err := tx.queryRow(`SELECT acceleration FROM dutch_settings WHERE tournament_id = ?`, t.ID).Scan(&acc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return acc, err
}

// dutchAcceleration is the acceleration of a Dutch tournament's rounds: the stored method
// (dutch_settings: "" or AccelerationBaku) and, for a tournament imported from a TRF, the
// fictitious points of the file's 250 records and XXA lines (kept in trf_records), by
// pairing number (an import makes the starting rank the pairing number).
type dutchAcceleration struct {
	method  string
	records func(num, r int) int // draughts game points; nil: none
	lastA   int                  // Baku: pairing number of the last player of group A (bakuLastA); 0 none
}

// loadAcceleration reads the dutchAcceleration of t: the stored method and the 250 and XXA
// lines an import kept, read with the kept point system (162, BB?, XXS) as
// TRF.RecordAcceleration reads them from the file, so that a round paired from the
// database gets the acceleration `arbitro pair --trf` gives the file.
func (tx *Tx) loadAcceleration(t *Tournament) (dutchAcceleration, error) {
	var acc dutchAcceleration
	var err error
	if acc.method, err = tx.acceleration(t); err != nil {
		return acc, err
	}
	if acc.method == AccelerationBaku {
		if acc.lastA, err = tx.bakuLastA(t); err != nil {
			return acc, err
		}
	}
	tr, err := tx.keptTRF(t, "250", "XXA")
	if err != nil {
		return acc, err
	}
	acc.records = tr.RecordAcceleration()
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
func (tx *Tx) bakuLastA(t *Tournament) (int, error) {
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

// dutchOptions are the options of pairing.Dutch for round r of t: rounds, the stored
// seed (round 1's colour), the prohibited pairs of r (forbidden, entry ids), the
// acceleration acc (Baku: group A is every entrant of es, the tournament's entrants,
// numbered up to the last group-A player's current pairing number, bakuLastA; an
// imported file's 250/XXA points by pairing number).
func dutchOptions(t *Tournament, r int, es []pairing.Entrant, forbidden [][2]int, acc dutchAcceleration) pairing.DutchOptions {
	opt := pairing.DutchOptions{Round: r, TotalRounds: t.Rounds, Seed: uint64(t.Seed), Forbidden: forbidden}
	if acc.method != AccelerationBaku && acc.records == nil {
		return opt
	}
	num := map[int]int{}
	for _, e := range es {
		num[e.ID] = e.Number
	}
	lastA, rounds := acc.lastA, t.Rounds
	if lastA == 0 {
		lastA = pairing.BakuGroupA(len(es))
	}
	opt.Acceleration = func(id, round int) int {
		gp := 0
		if acc.method == AccelerationBaku {
			gp += pairing.BakuPoints(lastA, rounds, round, num[id])
		}
		if acc.records != nil {
			gp += acc.records(num[id], round)
		}
		return gp
	}
	return opt
}
