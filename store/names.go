package store

import (
	"arbitro/tournament"
	"fmt"
)

// UnsafeNames lists the players of the database whose stored name the names check
// (CheckText, MaxNameRunes) refuses: a name with a terminal escape, an invisible or a bidi
// character, stored before the check existed. `arbitro audit` warns about each.
func (tx *Tx) UnsafeNames() ([]tournament.UnsafeName, error) {
	rows, err := tx.query(`SELECT p.id, p.name, coalesce(e.id, 0), coalesce(e.pairing_number, 0), coalesce(e.tournament_id, 0)
		FROM players p LEFT JOIN entries e ON e.id = (SELECT max(id) FROM entries WHERE player_id = p.id) ORDER BY p.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.UnsafeName
	for rows.Next() {
		var id, entry, number, tid int64
		var name string
		if err := rows.Scan(&id, &name, &entry, &number, &tid); err != nil {
			return nil, err
		}
		if _, err := tournament.CheckText("player name", name, tournament.MaxNameRunes); err != nil {
			u := tournament.UnsafeName{PlayerID: id, Shown: tournament.ShownName(name), Reason: err.Error()}
			if number > 0 { // after the lot a number names the player by his pairing number
				entry = number
			}
			u.Fix = fmt.Sprintf("arbitro --tournament %d player set %d name \"Surname, Given name\"", tid, entry)
			out = append(out, u)
		}
	}
	return out, rows.Err()
}
