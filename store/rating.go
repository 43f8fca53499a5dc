package store

import (
	"arbitro/tournament"
)

// RatingReport builds the Elo-Rubele report of t after its last round (table may be nil).
// Errors: LoadCrosstable's.
func (tx *Tx) RatingReport(t *tournament.Tournament, table tournament.ExpectedTable) (*tournament.RatingReport, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	entries, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	fid := map[int]string{}
	for _, e := range entries {
		fid[int(e.ID)] = e.Player.FIDID
	}
	byID := map[int]*tournament.CrossEntry{}
	for i := range ct.Players {
		byID[ct.Players[i].ID] = &ct.Players[i]
	}
	rep := &tournament.RatingReport{Tournament: t.Name, Variant: t.Variant.Name(), Q: tournament.RatingQ(t.Variant), Minimum: tournament.RatingMinimum, Table: table != nil, Event: ct.Event}
	for _, p := range ct.Players {
		rep.Rows = append(rep.Rows, tournament.RatingRowOf(p, fid[p.ID], byID, table))
	}
	rep.Missing, rep.LookedIn = tournament.RatingGaps(rep.Rows, rep.Table), tournament.RatingSources()
	return rep, nil
}
