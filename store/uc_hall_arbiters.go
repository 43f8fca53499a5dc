package store

import (
	"context"
	"database/sql"
	"errors"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"arbitro/tournament"
)

// MaxArbiterName is the longest arbiter's name of the hall's console, in characters.
const MaxArbiterName = 60

// SetArbiterPassword sets the password arbiter name logs in with on the hall's console
// (arbitro hall password --arbiter NAME), for every event of the file: a bcrypt hash
// (default cost) in hall_arbiters, replacing his earlier one (names compare without case),
// logged as "hall.password" with his name (never the password), in one transaction. The
// file-wide password (SetHallPassword) is left as it is. The console then names him in
// the event log: "arbiter NAME via the hall" (HallActor).
//
// Errors: ErrMalformed for a name that is blank, longer than MaxArbiterName characters or
// without a letter, or holds a control, invisible or bidi character (tournament.CheckPersonName); ErrInvalid for a
// password shorter than MinHallPassword characters or longer than bcrypt's 72 bytes;
// Update's. Nothing is written on error.
func (s *Store) SetArbiterPassword(ctx context.Context, name, password string) error {
	name, err := arbiterName(name)
	if err != nil {
		return err
	}
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
		if _, err := tx.exec(`INSERT INTO hall_arbiters (name, hash, set_at) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET name = excluded.name, hash = excluded.hash, set_at = excluded.set_at`,
			name, string(hash), tx.nowText()); err != nil {
			return err
		}
		return tx.logEvent(0, "hall.password", nil, map[string]string{"arbiter": name})
	})
}

// arbiterName checks an arbiter's name (SetArbiterPassword's errors) and returns it
// trimmed.
func arbiterName(name string) (string, error) {
	name, err := tournament.CheckPersonName("arbiter's name", name, MaxArbiterName)
	if err != nil {
		return "", err
	}
	if name == "" {
		return "", tournament.Errf(tournament.ErrMalformed, "err.hall.arbiter_blank", "{err}: the arbiter's name is blank; give the name he logs in with")
	}
	return name, nil
}

// dummyHash is compared when no arbiter has the name given, so that a wrong name takes
// as long as a wrong password.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("arbitro: no such arbiter"), bcrypt.DefaultCost)

// CheckArbiterPassword reports whether password is arbiter name's password of the hall's
// console (SetArbiterPassword; names compare without case), and the name as he set it.
// A name no arbiter has is a wrong password (false), after as long a comparison. It
// writes nothing.
//
// Errors: ErrNoPassword when no arbiter has a password of his own; View's.
func (s *Store) CheckArbiterPassword(ctx context.Context, name, password string) (bool, string, error) {
	var hash, stored string
	var n int
	err := s.View(ctx, func(tx *Tx) error {
		if err := tx.queryRow(`SELECT count(*) FROM hall_arbiters`).Scan(&n); err != nil || n == 0 {
			return err
		}
		err := tx.queryRow(`SELECT name, hash FROM hall_arbiters WHERE name = ?`, name).Scan(&stored, &hash)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	switch {
	case err != nil:
		return false, "", err
	case n == 0:
		return false, "", tournament.ErrNoPassword
	case hash == "":
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return false, "", nil
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil, stored, nil
}

// HallActor is who the event log names for a write from the hall's console: "arbiter
// via the hall", or with the name of the arbiter logged in with his own password
// "arbiter NAME via the hall".
func HallActor(arbiter string) string {
	if arbiter == "" {
		return "arbiter via the hall"
	}
	return "arbiter " + arbiter + " via the hall"
}
