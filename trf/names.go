package trf

import (
	"arbitro/tournament"
)

// checkTRFNames passes the players' names of a TRF file through CheckText, so that a
// hostile name is refused before the database file is opened (or created).
func CheckNames(tr *File) error {
	for _, pl := range tr.Players {
		p := tournament.Player{Name: pl.Name, Title: pl.Title, Federation: pl.Federation}
		if err := p.CheckText(); err != nil {
			return tournament.Errf(err, "err.trf.line", "TRF line {line}: {err}", "line", pl.Line)
		}
	}
	return nil
}
