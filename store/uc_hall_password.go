package store

import (
	"context"
	"database/sql"
	"errors"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"arbitro/tournament"
)

// MinHallPassword is the shortest arbiter's password the hall accepts, in characters.
const MinHallPassword = 10

// SetHallPassword sets the arbiter's password of the hall's console for the whole file
// (arbitro hall password), kept as a bcrypt hash (golang.org/x/crypto/bcrypt, default
// cost), replacing any earlier one, and logs it ("hall.password", without the password),
// in one transaction.
//
// Errors: ErrInvalid for a password shorter than MinHallPassword characters or longer than
// bcrypt's 72 bytes; Update's. Nothing is written on error.
func (s *Store) SetHallPassword(ctx context.Context, password string) error {
	if n := utf8.RuneCountInString(password); n < MinHallPassword {
		return tournament.Errf(tournament.ErrInvalid, "err.hall.password_short", "{err}: the password has {chars} characters; give at least {min}", "chars", n, "min", MinHallPassword)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if errors.Is(err, bcrypt.ErrPasswordTooLong) {
		return tournament.Errf(tournament.ErrInvalid, "err.hall.password_long", "{err}: the password is longer than 72 bytes; give a shorter one")
	} else if err != nil {
		return err
	}
	return s.Update(ctx, func(tx *Tx) error {
		if _, err := tx.exec(`INSERT INTO hall_arbiter (id, hash, set_at) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at`, string(hash), tx.nowText()); err != nil {
			return err
		}
		return tx.logEvent(0, "hall.password", nil, nil)
	})
}

// CheckHallPassword reports whether password is the arbiter's password of the hall
// (bcrypt's comparison, some tens of milliseconds on purpose). It writes nothing.
//
// Errors: ErrNoPassword when none is set; View's.
func (s *Store) CheckHallPassword(ctx context.Context, password string) (bool, error) {
	var hash string
	err := s.View(ctx, func(tx *Tx) error {
		return tx.queryRow(`SELECT hash FROM hall_arbiter WHERE id = 1`).Scan(&hash)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return false, tournament.ErrNoPassword
	} else if err != nil {
		return false, err
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil, nil
}
