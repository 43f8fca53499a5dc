package store

import (
	"arbitro/tournament"
)

// usedOpenings returns the openings (table numbers) drawn in the rounds of t before round.
func (tx *Tx) usedOpenings(t *tournament.Tournament, round int) (map[string]bool, error) {
	used := map[string]bool{}
	rows, err := tx.query(`SELECT opening FROM rounds WHERE tournament_id = ? AND number < ? AND opening <> ''`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		used[c] = true
	}
	return used, rows.Err()
}

// storeOpening records the opening drawn for the round row roundID (rounds.opening,
// rounds.opening_seed).
func (tx *Tx) storeOpening(roundID int64, d *tournament.OpeningDraw) error {
	if d == nil {
		return nil
	}
	_, err := tx.exec(`UPDATE rounds SET opening = ?, opening_seed = ? WHERE id = ?`, d.Code, d.Seed, roundID)
	return err
}

// roundOpenings returns the opening drawn for each round of t (round → table number).
func (tx *Tx) roundOpenings(t *tournament.Tournament) (map[int]string, error) {
	rows, err := tx.query(`SELECT number, opening FROM rounds WHERE tournament_id = ? AND opening <> ''`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var r int
		var c string
		if err := rows.Scan(&r, &c); err != nil {
			return nil, err
		}
		out[r] = c
	}
	return out, rows.Err()
}
