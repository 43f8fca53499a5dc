package store

import (
	"context"

	"arbitro/tournament"
	"arbitro/trf"
)

// ExportTRF builds the TRF-16 report of the tournament ref names (Tx.ExportTRF: header,
// one 001 line per player with every round, the extension records). It writes nothing.
//
// Returns the file, to write with trf.Write, and the tournament as selected. Errors:
// LoadCrosstable's; those of viewIn.
func (s *Store) ExportTRF(ctx context.Context, ref string) (*trf.File, tournament.Tournament, error) {
	var f *trf.File
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		f, err = tx.ExportTRF(t)
		return err
	})
	return f, t, err
}

// ImportTRF creates a tournament from the parsed TRF file tr (Tx.ImportTRF: players,
// rounds, results, byes as absences), in one transaction. The caller checks tr first with
// trf.CheckImport.
//
// Returns the tournament created. Errors: ErrInvalid, ErrDuplicateTournament,
// ErrDuplicatePlayer, or the database's. Nothing is written on error.
func (s *Store) ImportTRF(ctx context.Context, tr *trf.File, opts trf.ImportOptions) (tournament.Tournament, error) {
	var t *tournament.Tournament
	err := s.Update(ctx, func(tx *Tx) (err error) {
		t, err = tx.ImportTRF(tr, opts)
		return err
	})
	if err != nil {
		return tournament.Tournament{}, err
	}
	return *t, nil
}
