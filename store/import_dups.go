package store

import (
	"database/sql"
	"strings"

	"arbitro/tournament"
)

// tableDups is the duplicate finder of an import (ImportPlayers): the keys of every entry
// (tournament.DupKeys) in a temporary table of the transaction, indexed, instead of the
// entries in memory, so that a players file of any size is imported in bounded memory
// (issue 27: 10^6 rows took 1 GB in the in-memory index). Find and Similar read the few
// entries that share a key with the player and apply tournament.DupIndex's rule to them,
// so the answer is DupIndex's. SQLite keeps temporary tables in a temporary file beside
// its page cache (temp_store's default), not in the process's heap.
type tableDups struct {
	tx *Tx
	t  *tournament.Tournament
	// last is the index of the candidates of the player last looked up (Find then
	// Similar ask about the same player).
	last    *tournament.Player
	lastIdx *tournament.DupIndex
	err     error
	// lookup[k] is the prepared candidates query for k keys (2 to 4); insert files a key.
	lookup [5]*sql.Stmt
	insert *sql.Stmt
}

// newTableDups creates the temporary table of the transaction's import and files the
// existing entries of t in it. drop removes it (the transaction's rollback does too).
func newTableDups(tx *Tx, t *tournament.Tournament, existing []tournament.Entry) (*tableDups, error) {
	if _, err := tx.exec(`CREATE TEMP TABLE import_dups (kind TEXT NOT NULL, key TEXT NOT NULL, entry_id INTEGER NOT NULL)`); err != nil {
		return nil, err
	}
	if _, err := tx.exec(`CREATE INDEX temp.import_dups_key ON import_dups (kind, key)`); err != nil {
		return nil, err
	}
	d := &tableDups{tx: tx, t: t}
	var err error
	if d.insert, err = tx.stx.PrepareContext(tx.ctx, `INSERT INTO temp.import_dups (kind, key, entry_id) VALUES (?, ?, ?)`); err != nil {
		return nil, err
	}
	for k := 1; k < len(d.lookup); k++ {
		conds := make([]string, k)
		for i := range conds {
			conds[i] = "SELECT entry_id FROM temp.import_dups WHERE kind = ? AND key = ?"
		}
		// +e.tournament_id: looked up by e.id (the few candidates), never by scanning
		// the tournament's entries, which would make the import quadratic.
		if d.lookup[k], err = tx.stx.PrepareContext(tx.ctx, `SELECT `+entryCols+` FROM entries e JOIN players p ON p.id = e.player_id
			WHERE +e.tournament_id = ? AND e.id IN (`+strings.Join(conds, " UNION ")+`) ORDER BY e.id`); err != nil {
			d.close()
			return nil, err
		}
	}
	for i := range existing {
		d.Add(&existing[i])
	}
	return d, d.err
}

// close closes the prepared statements.
func (d *tableDups) close() {
	for _, st := range append(d.lookup[:], d.insert) {
		if st != nil {
			st.Close()
		}
	}
}

// drop closes the statements and removes the table.
func (d *tableDups) drop() error {
	d.close()
	_, err := d.tx.exec(`DROP TABLE temp.import_dups`)
	return err
}

// candidates returns DupIndex of the entries sharing a key with p (read once per player).
func (d *tableDups) candidates(p *tournament.Player) *tournament.DupIndex {
	if d.last == p && d.lastIdx != nil {
		return d.lastIdx
	}
	keys := tournament.DupKeys(p)
	args := make([]any, 0, 2*len(keys)+1)
	args = append(args, d.t.ID)
	for _, k := range keys {
		args = append(args, k[0], k[1])
	}
	rows, err := d.lookup[len(keys)].QueryContext(d.tx.ctx, args...)
	var cands []tournament.Entry
	if err == nil {
		for rows.Next() {
			e, serr := scanEntry(rows)
			if serr != nil {
				err = serr
				break
			}
			cands = append(cands, e)
		}
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
	}
	if err != nil && d.err == nil {
		d.err = err
	}
	d.last, d.lastIdx = p, tournament.NewDupIndex(cands)
	return d.lastIdx
}

// Find is tournament.DupIndex.Find over the entries filed so far.
func (d *tableDups) Find(p *tournament.Player) (*tournament.Entry, string) {
	return d.candidates(p).Find(p)
}

// Similar is tournament.DupIndex.Similar over the entries filed so far.
func (d *tableDups) Similar(p *tournament.Player) []*tournament.Entry {
	return d.candidates(p).Similar(p)
}

// Add files e's keys.
func (d *tableDups) Add(e *tournament.Entry) {
	d.last, d.lastIdx = nil, nil
	for _, k := range tournament.DupKeys(&e.Player) {
		if _, err := d.insert.ExecContext(d.tx.ctx, k[0], k[1], e.ID); err != nil && d.err == nil {
			d.err = err
		}
	}
}
