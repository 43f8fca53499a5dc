package store

import (
	"arbitro/pairing"
	"arbitro/tournament"
)

// roundRests returns the kind of rest of every bye of round `round` (white entry → kind).
func (tx *Tx) roundRests(t *tournament.Tournament, round int) (map[int]pairing.RestKind, error) {
	rows, err := tx.query(`SELECT b.white_entry, b.rest FROM boards b JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? AND r.number = ? AND b.game = 1 AND b.black_entry IS NULL`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]pairing.RestKind{}
	for rows.Next() {
		var id int
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			return nil, err
		}
		out[id] = pairing.RestKind(k)
	}
	return out, rows.Err()
}
