package store

import (
	"arbitro/tournament"
)

// ImportPlayers enters every row in tournament t with AddPlayer's rules, in the caller's
// transaction (so a bad row leaves nothing written when the caller returns the error).
// The error names the row's line and wraps ErrBadCSV together with the cause
// (ErrDuplicatePlayer for a player already entered or listed twice).
func (tx *Tx) ImportPlayers(t *tournament.Tournament, rows []tournament.PlayerRow) ([]tournament.Entry, error) {
	existing, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	dups := tournament.NewDupIndex(existing)
	out := make([]tournament.Entry, 0, len(rows))
	for _, r := range rows {
		e, err := tx.addPlayer(t, r.Player, dups, existing)
		if err != nil {
			return nil, &tournament.CSVError{Line: r.Line, Err: err}
		}
		if t.LotDrawnAt != "" {
			existing = append(existing, *e)
		}
		out = append(out, *e)
	}
	return out, nil
}
