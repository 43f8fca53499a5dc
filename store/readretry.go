package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"time"

	"arbitro/tournament"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// A reader that cannot write the file (opened with mode=ro: another user's file, a
// folder it cannot write) reads the owner's write-ahead log through its -shm index
// without being able to rebuild it. While the owner's processes come and go (the last
// one to close checkpoints the log and removes -wal and -shm; the next one makes them
// again) such a reader meets, for a moment, SQLITE_READONLY (its extended codes
// READONLY_RECOVERY, READONLY_CANTINIT, READONLY_CANTLOCK: "database file is read-only")
// or SQLITE_BUSY where SQLite calls no busy handler. Before issue 27, 5 to 46 reads in
// 300 of such a user failed so while the owner wrote. These are retried here, within the
// store's busy timeout, at the start of each read transaction (once it has its snapshot,
// a read transaction keeps it) and at open.

// transientRead reports whether err is one of those passing errors of a read-only reader.
func transientRead(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_CANTOPEN:
		return true
	}
	return false
}

// retryRead runs f until it succeeds, fails otherwise than transientRead, or the busy
// timeout has passed since the first try (then f's last error). Only a store opened
// read-only retries: a reader that can write the file rebuilds the index itself.
func (s *Store) retryRead(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(s.busy)
	pause := 2 * time.Millisecond
	for {
		err := f()
		if err == nil || !s.readOnly || !transientRead(err) || time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(pause)
		if pause < 50*time.Millisecond {
			pause *= 2
		}
	}
}

// beginRead begins a read transaction and takes its snapshot at once (a first read of
// the schema page), retrying while the snapshot cannot be taken for a passing reason
// (retryRead): once begun, every read of fn sees that one snapshot.
func (s *Store) beginRead(ctx context.Context) (*sql.Tx, error) {
	var stx *sql.Tx
	err := s.retryRead(ctx, func() (err error) {
		stx, err = s.beginReadOnce(ctx)
		return err
	})
	return stx, err
}

// beginReadOnce is one try of beginRead: a read transaction with its snapshot taken.
func (s *Store) beginReadOnce(ctx context.Context) (*sql.Tx, error) {
	stx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	var n int
	if err = stx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		stx.Rollback()
		return nil, err
	}
	return stx, nil
}

// readTx begins a read transaction for run. A store with an imm pool (openReadOnly on a
// file someone may be writing) chooses at each transaction: while the file has a
// write-ahead log (its owner is writing, or crashed), mode=ro reads it with the log
// (beginRead); while it has none, mode=ro cannot open (SQLite would have to create the
// -wal: SQLITE_READONLY_DIRECTORY), so a fresh immutable=1 connection reads the file
// alone, which then holds every committed write: a serve run by such a user shows each
// new result. immutable=1 takes no lock, so changed (nil otherwise) tells, after the
// reads, whether the file changed under them (its size or time, or a log appeared: the
// owner wrote and checkpointed meanwhile), and then fails with ErrBusy rather than
// return what may be a torn read.
func (s *Store) readTx(ctx context.Context) (*sql.Tx, func() error, error) {
	if s.imm == nil {
		stx, err := s.beginRead(ctx)
		return stx, nil, err
	}
	deadline := time.Now().Add(s.busy)
	for {
		before, err := os.Stat(s.abs)
		if err != nil {
			return nil, nil, err
		}
		if _, err := os.Stat(s.abs + "-wal"); errors.Is(err, os.ErrNotExist) {
			stx, err := s.imm.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
			if err != nil {
				return nil, nil, err
			}
			return stx, func() error {
				after, err := os.Stat(s.abs)
				_, walErr := os.Stat(s.abs + "-wal")
				if err != nil || after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) || walErr == nil {
					return tournament.ErrfWrap(tournament.ErrBusy, errChangedWhileRead, "err.store.changed_while_read", "{path} changed while it was read (another user wrote it): read again: {err}", "path", s.path)
				}
				return nil
			}, nil
		}
		// One try, not beginRead's retries: when the owner's last process has closed the
		// file meanwhile, the log is gone for good and mode=ro fails
		// (SQLITE_READONLY_DIRECTORY) until a write makes one again; retrying mode=ro then
		// waited the whole busy timeout and failed (CI, 1 read in 80 under load). Choose
		// again instead: the file alone is then read through imm.
		stx, err := s.beginReadOnce(ctx)
		if err == nil || !transientRead(err) || time.Now().After(deadline) || ctx.Err() != nil {
			return stx, nil, err
		}
		time.Sleep(2 * time.Millisecond) // the log went away meanwhile: choose again
	}
}

// errChangedWhileRead marks the error of a read through imm that the file's owner
// changed meanwhile: View reads again.
var errChangedWhileRead = errors.New("read again")

// readVersion reads the schema version and table count (versionAndTables) in a read
// transaction of readTx, for a store opened read-only.
func (s *Store) readVersion(ctx context.Context, v, n *int) error {
	deadline := time.Now().Add(s.busy)
	for {
		stx, changed, err := s.readTx(ctx)
		if err != nil {
			if s.imm != nil && transientRead(err) && time.Now().Before(deadline) && ctx.Err() == nil {
				time.Sleep(2 * time.Millisecond)
				continue
			}
			return err
		}
		*v, *n, err = s.versionAndTables(ctx, stx)
		stx.Rollback()
		if changed != nil {
			if cerr := changed(); cerr != nil {
				err = cerr // a failure too may come of a torn read
			}
		}
		// As View: the passing errors of a reader who cannot write the file (transientRead)
		// may also come after the first read; reading the version is read again.
		again := errors.Is(err, errChangedWhileRead) || (s.imm != nil && transientRead(err))
		if !again || time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// closeDB closes the store's pools.
func (s *Store) closeDB() error {
	if s.imm != nil {
		s.imm.Close()
	}
	return s.db.Close()
}
