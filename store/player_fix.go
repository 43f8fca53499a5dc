// Putting right a mistaken entry or withdrawal: player remove and player reinstate.

package store

import (
	"encoding/json"
	"sort"
	"strings"

	"arbitro/tournament"
)

// RemovePlayer deletes entry ref (an entry id, or a name as findEntry reads it) of t, an
// entry made by mistake, and logs "player.remove" with the entry as it was (its absences
// and category memberships go with it). The person stays in the file when another
// tournament has entered him, else he is deleted too.
//
// The entry must have no board (game or bye) and no claim in any round: a player who has
// played is withdrawn, never removed (the games stay in the others' records). When the lot
// is drawn and no round is paired, it is drawn again from the stored seed on the field
// without him (relot: the same numbers as a lot drawn without the slip); once round 1 is
// paired the numbers are fixed (docs/pairing-fid.md 2.8) and a removed late entrant's
// number stays empty (Gap; 0 when it was the last).
//
// Errors: ErrInvalid (he has games, a bye or a claim; the message names the first round),
// findEntry's (ErrNotFound, ErrInvalid).
func (tx *Tx) RemovePlayer(t *tournament.Tournament, ref string) (*tournament.PlayerChange, error) {
	return tx.RemovePlayerLot(t, ref, false)
}

// RemovePlayerLot is RemovePlayer with the arbiter's choice, between the lot and round 1,
// of what the lot becomes (issue 28): keep false draws it again from the stored seed on
// the field without him (Lot; his number in Left); keep true keeps the others' numbers
// and leaves his, Left, empty (Kept). Errors: RemovePlayer's; ErrInvalid for keep when
// the lot is not drawn or round 1 is paired (keptNumberOf).
func (tx *Tx) RemovePlayerLot(t *tournament.Tournament, ref string, keep bool) (*tournament.PlayerChange, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(cur, ref)
	if err != nil {
		return nil, err
	}
	if err := keptNumberOf(cur, e, keep); err != nil {
		return nil, err
	}
	var round int
	err = tx.queryRow(`SELECT coalesce(min(r.number), 0) FROM boards b JOIN rounds r ON r.id = b.round_id
		WHERE b.white_entry = ?1 OR b.black_entry = ?1`, e.ID).Scan(&round)
	if err != nil {
		return nil, err
	}
	if round > 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.remove_paired", "{err}: {player} is paired in round {round}; a player who has played stays in the others' records: withdraw him instead (arbitro player withdraw {ref})", "player", e.Player.Name, "round", round, "ref", e.Ref(e.Number > 0))
	}
	var claims int
	if err := tx.queryRow(`SELECT count(*) FROM claims WHERE claimant_entry = ?`, e.ID).Scan(&claims); err != nil {
		return nil, err
	}
	if claims > 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.remove_claim", "{err}: {player} has a draw claim recorded; withdraw him instead (arbitro player withdraw {ref})", "player", e.Player.Name, "ref", e.Ref(e.Number > 0))
	}
	rows, err := tx.deleteEntry(e)
	if err != nil {
		return nil, err
	}
	c := &tournament.PlayerChange{Entry: *e}
	if err := tx.lotAfterLeaving(cur, e, keep, c); err != nil {
		return nil, err
	}
	if cur.RoundsPaired > 0 && e.Number != 0 {
		var max int
		if err := tx.queryRow(`SELECT coalesce(max(pairing_number), 0) FROM entries WHERE tournament_id = ?`, cur.ID).Scan(&max); err != nil {
			return nil, err
		}
		if e.Number < max {
			c.Gap = e.Number
		}
	}
	return c, tx.logEvent(cur.ID, "player.remove", removedEntry{Entry: *e, Rows: rows}, c)
}

// keptNumberOf checks the choice keep (the lot kept, the number of e left empty) for
// tournament cur: it exists only between the lot and round 1 (before the lot there is no
// number; once round 1 is paired the numbers are fixed anyway). Errors: ErrInvalid.
func keptNumberOf(cur *tournament.Tournament, e *tournament.Entry, keep bool) error {
	switch {
	case !keep:
		return nil
	case cur.LotDrawnAt == "" || e.Number == 0:
		return tournament.Errf(tournament.ErrInvalid, "err.keep_numbers.no_lot", "{err}: --keep-numbers keeps the numbers of the lot, but {name} has no number: the lot is not drawn; run it without --keep-numbers",
			"name", e.Player.Name)
	case cur.RoundsPaired > 0:
		return tournament.Errf(tournament.ErrInvalid, "err.keep_numbers.paired", "{err}: --keep-numbers chooses what the lot becomes before round 1, but round {round} of {tournament} is paired and the numbers are fixed; run it without --keep-numbers",
			"round", cur.RoundsPaired, "tournament", cur.Name)
	}
	return nil
}

// lotAfterLeaving does, after entry e (as he was) left the field of cur before round 1
// (removed, or withdrawn: he did not start), what the arbiter chose for the lot: drawn
// again from the stored seed (relot, c.Lot), or kept (keep: his number only is cleared,
// c.Kept). Either way c.Left is the number he held when the lot had one.
func (tx *Tx) lotAfterLeaving(cur *tournament.Tournament, e *tournament.Entry, keep bool, c *tournament.PlayerChange) error {
	if cur.LotDrawnAt == "" || cur.RoundsPaired > 0 {
		return nil
	}
	c.Left = e.Number
	if keep {
		c.Kept = true
		if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE id = ?`, e.ID); err != nil {
			return err
		}
		return tx.keptTableRounds(cur)
	}
	var err error
	c.Lot, err = tx.relot(cur)
	return err
}

// keptTableRounds follows, in a round robin whose lot was kept with numbers left empty,
// the Berger table the pairing uses (pairing.RoundRobinTable: the highest number in use):
// when the rounds come from the field (FieldCycles) they become that table's, as a lot
// sets them; a count the arbiter set is checked against it (tournament.RoundRobinRounds).
// Only an empty last number changes the table (the table of 7 without no. 7 is the
// table of 6). Other systems: nothing. Errors: RoundRobinRounds's (ErrInvalid).
func (tx *Tx) keptTableRounds(cur *tournament.Tournament) error {
	if !cur.System.FixedTable() {
		return nil
	}
	var table, players int
	if err := tx.queryRow(`SELECT coalesce(max(pairing_number), 0), count(pairing_number) FROM entries WHERE tournament_id = ?`, cur.ID).Scan(&table, &players); err != nil {
		return err
	}
	rounds, _, err := tournament.RoundRobinRounds(cur, max(table, players))
	if err != nil || cur.FieldCycles == 0 || rounds == cur.Rounds {
		return err
	}
	_, err = tx.exec(`UPDATE tournaments SET rounds = ? WHERE id = ?`, rounds, cur.ID)
	return err
}

// ReinstatePlayer undoes the withdrawal of entry ref of t (player withdraw entered by
// mistake, or a player who comes back): he is paired again from round from (0: the next
// round to pair, t.RoundsPaired+1), and logs "player.reinstate" with the entry before and
// the change after.
//
// A round already paired without him stays as it was: from must be after the last paired
// round. The rounds he missed (after his withdrawal, before from) are recorded, in a
// Swiss system, as absences with 0 points (the points of a withdrawn player's unplayed
// rounds: none); in a round robin they are the forfeits the boards hold. A player who
// withdrew before round 1 and comes back after it joins as a late entrant in round from
// (the next pairing number, docs/pairing-fid.md 2.8); before round 1 the lot, if drawn,
// is drawn again from the stored seed with him (relot), which gives back the numbers of
// the lot before his withdrawal.
//
// Errors (ErrInvalid): he is not withdrawn; from is paired already or beyond the
// tournament's rounds; findEntry's errors.
//
// A player withdrawn between the lot and round 1 with --keep-numbers (the others kept
// their numbers, his left empty) gets that number back and the lot is not drawn again
// (c.Kept, c.Number), as long as it is still empty and no lot was drawn since (keptNumber);
// otherwise the lot is drawn again as above.
func (tx *Tx) ReinstatePlayer(t *tournament.Tournament, ref string, from int) (*tournament.PlayerChange, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(cur, ref)
	if err != nil {
		return nil, err
	}
	if e.Status != tournament.StatusWithdrawn {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.not_withdrawn", "{err}: {player} is not withdrawn; nothing to reinstate", "player", e.Player.Name)
	}
	if from == 0 {
		from = cur.RoundsPaired + 1
	}
	switch {
	case from <= cur.RoundsPaired:
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.reinstate_paired", "{err}: round {from} is paired already without {player}; he can be paired again from round {next} (or unpair the rounds after {before} first)", "from", from, "player", e.Player.Name, "next", cur.RoundsPaired+1, "before", from-1)
	case from > cur.Rounds && cur.Rounds > 0:
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.reinstate_no_round", "{err}: {tournament} has {rounds} rounds, there is no round {from}", "tournament", cur.Name, "rounds", cur.Rounds, "from", from)
	}
	before := *e
	c := &tournament.PlayerChange{Entry: *e, From: from}
	c.Status, c.WithdrawnAfter = tournament.StatusActive, 0
	if e.DidNotStart() && cur.RoundsPaired > 0 {
		// he never started: a late entrant from round from
		var max int
		if err := tx.queryRow(`SELECT coalesce(max(pairing_number), 0) FROM entries WHERE tournament_id = ?`, cur.ID).Scan(&max); err != nil {
			return nil, err
		}
		c.Number, c.JoinedRound = max+1, from
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ?, joined_round = ? WHERE id = ?`, c.Number, c.JoinedRound, e.ID); err != nil {
			return nil, err
		}
	} else if !cur.System.FixedTable() {
		for r := e.WithdrawnAfter + 1; r < from; r++ {
			if r < e.JoinedRound {
				continue
			}
			res, err := tx.exec(`INSERT INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, 0, '')
				ON CONFLICT (entry_id, round_number) DO NOTHING`, cur.ID, e.ID, r)
			if err != nil {
				return nil, err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				c.Absent = append(c.Absent, r)
			}
		}
	}
	if _, err := tx.exec(`UPDATE entries SET status = 'active', withdrawn_after = NULL WHERE id = ?`, e.ID); err != nil {
		return nil, err
	}
	kept := 0
	if cur.RoundsPaired == 0 {
		if kept, err = tx.keptNumber(cur, e); err != nil {
			return nil, err
		}
	}
	if kept != 0 {
		// withdrawn with --keep-numbers: his number, empty since, is his again; the others
		// keep theirs (issue 28)
		c.Number, c.Kept = kept, true
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, kept, e.ID); err != nil {
			return nil, err
		}
		if err := tx.keptTableRounds(cur); err != nil {
			return nil, err
		}
	} else if cur.RoundsPaired == 0 {
		if c.Lot, err = tx.relot(cur); err != nil {
			return nil, err
		}
		if c.Lot != nil {
			for _, n := range c.Lot.Numbers {
				if n.Entry == e.ID {
					c.Number = n.Number
				}
			}
		}
	}
	return c, tx.logEvent(cur.ID, "player.reinstate", before, c)
}

// keptNumber is the pairing number entry e left empty when his withdrawal kept the lot
// (the "player.withdraw" of his entry logged Kept and Left), when that number is still
// held by nobody and no lot was drawn in cur since: no action after it, among those not
// undone (pendingActions), is a "lot.draw" or logged the lot it drew again (its after's
// "lot": a withdrawal or removal without --keep-numbers, a reinstatement). 0 otherwise:
// the lot is then drawn again, as after a withdrawal that did not keep it.
func (tx *Tx) keptNumber(cur *tournament.Tournament, e *tournament.Entry) (int, error) {
	actions, err := tx.pendingActions(cur)
	if err != nil {
		return 0, err
	}
	left := 0
walk:
	for _, a := range actions { // the last first
		for _, ev := range a.events {
			var after struct {
				ID   int64           `json:"id"`
				Left int             `json:"left_number"`
				Kept bool            `json:"kept_numbers"`
				Lot  json.RawMessage `json:"lot"`
			}
			if ev.Action == "lot.draw" {
				break walk
			}
			if json.Unmarshal(ev.After, &after) != nil {
				continue // an after that is no object: no lot in it
			}
			if ev.Action == "player.withdraw" && after.ID == e.ID {
				if after.Kept {
					left = after.Left
				}
				break walk
			}
			if len(after.Lot) > 0 && string(after.Lot) != "null" {
				break walk
			}
		}
	}
	if left == 0 {
		return 0, nil
	}
	var held int
	if err := tx.queryRow(`SELECT count(*) FROM entries WHERE tournament_id = ? AND pairing_number = ?`, cur.ID, left).Scan(&held); err != nil || held > 0 {
		return 0, err
	}
	return left, nil
}

// removedEntry is the before of "player.remove": the entry, and every row deleted with
// it (table → rows as column → value), which arbitro undo writes back.
type removedEntry struct {
	tournament.Entry
	Rows map[string][]map[string]any `json:"rows"`
}

// entryTables are the tables that hold an entry's rows, in the order they are written
// back (the person first, then the entry, then what refers to it); each with the
// condition selecting the rows of entry ?1 (person ?2).
var entryTables = []struct{ table, where string }{
	{"players", `id = ?2 AND NOT EXISTS (SELECT 1 FROM entries WHERE player_id = ?2 AND id <> ?1)`},
	{"entries", `id = ?1`},
	{"absences", `entry_id = ?1`},
	{"category_members", `entry_id = ?1`},
	{"forbidden_pairs", `entry_a = ?1 OR entry_b = ?1`},
	{"trf_players", `entry_id = ?1`},
	{"hall_pins", `entry_id = ?1`},     // a PIN given before he was found a mistake
	{"hall_checkins", `entry_id = ?1`}, // checked in before round 1
}

// deleteEntry deletes entry e with its absences, category memberships, forbidden pairs,
// TRF fields, hall PIN and check-ins, and the person when no other entry names him; it returns every row it
// deleted (restoreRows writes them back).
func (tx *Tx) deleteEntry(e *tournament.Entry) (map[string][]map[string]any, error) {
	rows := map[string][]map[string]any{}
	for _, t := range entryTables {
		rs, err := tx.snapshotRows(t.table, t.where, e.ID, e.Player.ID)
		if err != nil {
			return nil, err
		}
		if len(rs) > 0 {
			rows[t.table] = rs
		}
	}
	for i := len(entryTables) - 1; i >= 0; i-- {
		t := entryTables[i]
		if _, err := tx.exec(`DELETE FROM `+t.table+` WHERE `+t.where, e.ID, e.Player.ID); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// restoreEntry writes back the rows deleteEntry returned, with their ids.
func (tx *Tx) restoreEntry(rows map[string][]map[string]any) error {
	for _, t := range entryTables {
		if err := tx.restoreRows(t.table, rows[t.table]); err != nil {
			return err
		}
	}
	return nil
}

// snapshotRows returns the rows of table matching where (with args), each as column →
// value.
func (tx *Tx) snapshotRows(table, where string, args ...any) ([]map[string]any, error) {
	rows, err := tx.query(`SELECT * FROM `+table+` WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			m[c] = vals[i]
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// restoreRows inserts rows (column → value, as snapshotRows gave them, or read back from
// the event log's JSON: whole numbers come back as float64, which SQLite's INTEGER
// affinity stores as integers) into table.
func (tx *Tx) restoreRows(table string, rows []map[string]any) error {
	for _, r := range rows {
		cols := make([]string, 0, len(r))
		for c := range r {
			cols = append(cols, c)
		}
		sort.Strings(cols)
		args := make([]any, len(cols))
		marks := make([]string, len(cols))
		for i, c := range cols {
			args[i], marks[i] = r[c], "?"
		}
		if _, err := tx.exec(`INSERT INTO `+table+` (`+strings.Join(cols, ", ")+`) VALUES (`+strings.Join(marks, ", ")+`)`, args...); err != nil {
			return tournament.Errf(err, "err.player.write_back", "write back {table}: {err}", "table", table)
		}
	}
	return nil
}
