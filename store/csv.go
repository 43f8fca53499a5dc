package store

import (
	"iter"

	"arbitro/tournament"
)

// PlayersImported is what ImportPlayers entered: how many players, and the notes of their
// entries (possible duplicates), in the order of the rows.
type PlayersImported struct {
	Count int
	Notes []error // CodedErrors without a sentinel (Entry.NoteWords), worded by reports
}

// ImportPlayers enters every row in tournament t with AddPlayer's rules, in the caller's
// transaction (so a bad row leaves nothing written when the caller returns the error).
// The rows are taken one at a time and not kept, and the duplicate rule looks the entries
// up in a temporary table of the transaction (tableDups), so memory does not grow with
// the file (issue 27). An error of rows ends the import and is returned as it is.
// The error of a row names the row's line and wraps ErrBadCSV together with the cause
// (ErrDuplicatePlayer for a player already entered or listed twice).
func (tx *Tx) ImportPlayers(t *tournament.Tournament, rows iter.Seq2[tournament.PlayerRow, error]) (PlayersImported, error) {
	existing, err := tx.Entries(t.ID)
	if err != nil {
		return PlayersImported{}, err
	}
	dups, err := newTableDups(tx, t, existing)
	if err != nil {
		return PlayersImported{}, err
	}
	// addPlayer numbers a player entered after the lot after the highest number of
	// existing: one entry holding it is enough.
	highest := []tournament.Entry{{}}
	for _, e := range existing {
		highest[0].Number = max(highest[0].Number, e.Number)
	}
	var out PlayersImported
	for r, err := range rows {
		if err != nil {
			return PlayersImported{}, err
		}
		e, err := tx.addPlayer(t, r.Player, dups, highest)
		if err == nil {
			err = dups.err // a failed read or write of the table
		}
		if err != nil {
			return PlayersImported{}, &tournament.CSVError{Line: r.Line, Err: err}
		}
		highest[0].Number = max(highest[0].Number, e.Number)
		out.Count++
		out.Notes = append(out.Notes, e.NoteWords...)
	}
	return out, dups.drop()
}
