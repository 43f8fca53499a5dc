package store

import (
	"context"
	"database/sql"
	"errors"

	"arbitro/tournament"
)

// SetHallSettings changes the hall's settings of the tournament ref names (arbitro hall
// set; tournament.HallSettingsChange: a nil field is kept) in one transaction, logged
// "hall.settings" with the settings before and after.
//
// Returns the settings now stored and the tournament. Errors: tournament.ErrHallURL for
// an address that is not the hall's (or another tournament's hall); ErrInvalid for the
// minutes or who keeps the score sheet; those of updateIn. Nothing is written on error.
func (s *Store) SetHallSettings(ctx context.Context, ref string, c tournament.HallSettingsChange) (tournament.HallSettings, tournament.Tournament, error) {
	var out tournament.HallSettings
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		old, err := tx.hallSettings(t.ID)
		if err != nil {
			return err
		}
		if out, err = c.Apply(old, t.ID); err != nil {
			return err
		}
		if out.Sheets == "" {
			out.Sheets = tournament.SheetsAny
		}
		if _, err := tx.exec(`INSERT INTO hall_settings (tournament_id, url, confirm, single_minutes, set_at, sheets) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET url = excluded.url, confirm = excluded.confirm,
			single_minutes = excluded.single_minutes, set_at = excluded.set_at, sheets = excluded.sheets`,
			t.ID, out.URL, out.Confirm, out.SingleMinutes, tx.nowText(), out.Sheets); err != nil {
			return err
		}
		return tx.logEvent(t.ID, "hall.settings", old, out)
	})
	return out, t, err
}

// ReadHallSettings reads the hall's settings of the tournament ref names (the zero
// HallSettings when none is set). It writes nothing. Errors: those of viewIn.
func (s *Store) ReadHallSettings(ctx context.Context, ref string) (tournament.HallSettings, tournament.Tournament, error) {
	var out tournament.HallSettings
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		out, err = tx.hallSettings(t.ID)
		return err
	})
	return out, t, err
}

// hallSettings reads tournament id's hall settings (zero when none are set).
func (tx *Tx) hallSettings(id int64) (tournament.HallSettings, error) {
	var s tournament.HallSettings
	err := tx.queryRow(`SELECT url, confirm, single_minutes, sheets FROM hall_settings WHERE tournament_id = ?`, id).Scan(&s.URL, &s.Confirm, &s.SingleMinutes, &s.Sheets)
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.HallSettings{Sheets: tournament.SheetsAny}, nil
	}
	return s, err
}
