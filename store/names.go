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
			u := tournament.UnsafeName{PlayerID: id, Shown: tournament.ShownName(name), Reason: err.Error(), Why: err}
			if number > 0 { // after the lot a number names the player by his pairing number
				entry = number
			}
			u.Fix = fmt.Sprintf("arbitro --tournament %d player set %d name \"Surname, Given name\"", tid, entry)
			out = append(out, u)
		}
	}
	return out, rows.Err()
}

// unsafeTextColumns are the free-text columns UnsafeTexts reads: the table as
// UnsafeText.Table names it, the SQL giving (id, tournament id, text) per row, the column
// as the command that sets it names it, and the fix command ("" when none changes it;
// %[1]d the tournament, %[2]d the row).
var unsafeTextColumns = []struct{ table, query, column, fix string }{
	{"tournament", `SELECT id, id, name FROM tournaments`, "name", `arbitro --tournament %[1]d tournament set name "..."`},
	{"tournament", `SELECT id, id, place FROM tournaments`, "place", `arbitro --tournament %[1]d tournament set place "..."`},
	{"tournament", `SELECT id, id, federation FROM tournaments`, "federation", `arbitro --tournament %[1]d tournament set federation "..."`},
	{"tournament", `SELECT id, id, chief_arbiter FROM tournaments`, "arbiter", `arbitro --tournament %[1]d tournament set arbiter "..."`},
	{"tournament", `SELECT id, id, time_control FROM tournaments`, "time-control", `arbitro --tournament %[1]d tournament set time-control "..."`},
	{"player", unsafePlayerQuery("club"), "club", `arbitro --tournament %[1]d player set %[2]d club "..."`},
	{"player", unsafePlayerQuery("federation"), "federation", `arbitro --tournament %[1]d player set %[2]d federation "..."`},
	{"player", unsafePlayerQuery("fid_id"), "fid-id", `arbitro --tournament %[1]d player set %[2]d fid-id "..."`},
	{"player", unsafePlayerQuery("fmjd_id"), "fmjd-id", `arbitro --tournament %[1]d player set %[2]d fmjd-id "..."`},
	{"player", unsafePlayerQuery("national_id"), "national-id", `arbitro --tournament %[1]d player set %[2]d national-id "..."`},
	{"player", unsafePlayerQuery("title"), "title", `arbitro --tournament %[1]d player set %[2]d title "..."`},
	{"category", `SELECT id, tournament_id, name FROM categories`, "name", ""},
	{"category", `SELECT id, tournament_id, rule FROM categories`, "rule", ""},
	{"prize", `SELECT id, tournament_id, label FROM prizes`, "label", ""},
	{"absence", `SELECT id, tournament_id, reason FROM absences`, "reason", ""},
	{"claim", `SELECT c.id, r.tournament_id, c.note FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id`, "note", ""},
	{"claim", `SELECT c.id, r.tournament_id, c.decided_by FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id`, "decided-by", ""},
	{"result", `SELECT b.id, r.tournament_id, res.entered_by FROM results res JOIN boards b ON b.id = res.board_id JOIN rounds r ON r.id = b.round_id`, "entered-by", ""},
	{"round", `SELECT number, tournament_id, play_date FROM rounds`, "date", `arbitro --tournament %[1]d round set %[2]d --date YYYY-MM-DD`},
	{"round", `SELECT number, tournament_id, start_time FROM rounds`, "time", `arbitro --tournament %[1]d round set %[2]d --time HH:MM`},
	{"event", `SELECT id, coalesce(tournament_id, 0), actor FROM events`, "actor", ""},
	{"event", `SELECT id, coalesce(tournament_id, 0), action FROM events`, "action", ""},
}

// unsafePlayerQuery reads column col of every player with the entry that names him (his
// latest), as UnsafeNames does: (entry id, tournament id, text).
func unsafePlayerQuery(col string) string {
	return `SELECT coalesce(e.id, 0), coalesce(e.tournament_id, 0), p.` + col + ` FROM players p
		LEFT JOIN entries e ON e.id = (SELECT max(id) FROM entries WHERE player_id = p.id)`
}

// UnsafeTexts lists every stored free text of the database, other than the players' names
// (UnsafeNames), that the names check refuses (tournament.UnsafeTextReason): a terminal
// escape, an invisible or a bidi character, stored by an older arbitro or written into the
// file by another program. Each is shown escaped wherever it is printed; `arbitro audit`
// warns about each, with the command that corrects it when there is one. Errors: the
// reading's.
func (tx *Tx) UnsafeTexts() ([]tournament.UnsafeText, error) {
	var out []tournament.UnsafeText
	for _, c := range unsafeTextColumns {
		// only the rows that may hold something to escape: a byte outside printable ASCII
		rows, err := tx.query(`WITH x(id, tid, v) AS (` + c.query + `) SELECT id, tid, v FROM x WHERE v GLOB '*[^ -~]*'`)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id, tid int64
			var v string
			if err := rows.Scan(&id, &tid, &v); err != nil {
				rows.Close()
				return nil, err
			}
			why := tournament.UnsafeTextError(c.table+" "+c.column, v)
			if why == nil {
				continue
			}
			u := tournament.UnsafeText{Table: c.table, Row: id, Column: c.column, Shown: tournament.ShownText(v), Reason: why.Error(), Why: why}
			if c.fix != "" {
				u.Fix = fmt.Sprintf(c.fix, tid, id)
			}
			out = append(out, u)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
