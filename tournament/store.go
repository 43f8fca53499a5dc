package tournament

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"arbitro"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// BusyTimeout is how long a writer waits for another process's write lock before the
// command fails with ErrBusy. It is set per connection in the DSN.
const BusyTimeout = 5 * time.Second

// Store is an open arbitro database file. It is safe for use by several goroutines; every
// write runs in its own immediate transaction (Update). Close it when done.
type Store struct {
	db       *sql.DB
	path     string
	readOnly bool
	version  int
}

// Open opens the database file at path, creating it if it does not exist, and brings its
// schema up to arbitro.SchemaVersion: a new file gets schema.sql, an older one the missing
// numbered migrations, all in one transaction under PRAGMA user_version.
//
// Errors (wrapped, test with errors.Is): ErrNewerSchema when the file's user_version is
// above arbitro.SchemaVersion (the file is not changed); ErrNotArbitro when the file is not
// SQLite or holds foreign tables; ErrBusy when another process holds the write lock
// longer than BusyTimeout during the upgrade.
//
// A file without any write permission bit (chmod a-w, as an arbiter archives a finished
// event) is opened read-only even by root: reads work, Update returns ErrReadOnly.
func Open(path string) (*Store, error) {
	if strings.TrimSpace(path) == "" {
		return nil, fmt.Errorf("%w: empty database file name", ErrMalformed)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	s := &Store{path: path}
	fi, statErr := os.Stat(abs)
	switch {
	case statErr == nil && fi.IsDir():
		return nil, fmt.Errorf("%s is a directory, not a database file", path)
	case statErr == nil:
		s.readOnly = fi.Mode().Perm()&0o222 == 0 || !writable(abs)
	case errors.Is(statErr, os.ErrNotExist):
		// Created by the first connection; the directory must be writable.
	default:
		return nil, statErr
	}

	u := url.URL{Scheme: "file", Path: abs}
	if statErr == nil && fi.Size() > 0 && !s.readOnly {
		// Look before touching: the DSN below switches the file to WAL, which would
		// modify a foreign file or one written by a newer arbitro.
		if err := s.probe("file:" + u.EscapedPath() + "?mode=ro"); err != nil {
			return nil, err
		}
	}
	q := "_pragma=foreign_keys(1)&_pragma=busy_timeout(" + fmt.Sprint(BusyTimeout.Milliseconds()) + ")"
	if s.readOnly {
		q = "mode=ro&" + q
	} else {
		q += "&_pragma=journal_mode(WAL)&_txlock=immediate"
	}
	dsn := "file:" + u.EscapedPath() + "?" + q
	s.db, err = sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := s.db.Ping(); err != nil {
		s.db.Close()
		return nil, s.wrapOpen(err)
	}
	if err := s.migrate(context.Background(), arbitro.Schema, arbitro.SchemaVersion, nil); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// probe opens dsn read-only and refuses a file of a newer schema or a foreign one.
func (s *Store) probe(dsn string) error {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	v, n, err := s.versionAndTables(context.Background(), db)
	switch {
	case err != nil:
		return s.wrapOpen(err)
	case v > arbitro.SchemaVersion:
		return s.newer(v, arbitro.SchemaVersion)
	case v == 0 && n > 0:
		return fmt.Errorf("%s: %w: it holds tables but no arbitro schema version; use another file name", s.path, ErrNotArbitro)
	}
	return nil
}

// wrapOpen turns the driver's errors at open time into messages an arbiter can act on.
func (s *Store) wrapOpen(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%s: %w (the file is not a SQLite database)", s.path, ErrNotArbitro)
		case sqlite3.SQLITE_CANTOPEN:
			return fmt.Errorf("cannot open or create %s: check that the folder exists and is writable", s.path)
		}
	}
	return s.mapErr(fmt.Errorf("open %s: %w", s.path, err))
}

// migrate applies schema (a whole schema of version target) to an empty database, or the
// needed migrations to an older one, in one immediate transaction. migs nil means
// arbitro.Migrations().
func (s *Store) migrate(ctx context.Context, schema string, target int, migs []arbitro.Migration) error {
	if migs == nil {
		var err error
		if migs, err = arbitro.Migrations(); err != nil {
			return err
		}
	}
	if s.readOnly {
		v, n, err := s.versionAndTables(ctx, s.db)
		if err != nil {
			return s.wrapOpen(err)
		}
		switch {
		case v > target:
			return s.newer(v, target)
		case v == 0 && n == 0:
			return fmt.Errorf("%s: %w and empty: nothing to read", s.path, ErrReadOnly)
		case v == 0:
			return fmt.Errorf("%s: %w: it holds tables but no arbitro schema version", s.path, ErrNotArbitro)
		case v < target:
			return fmt.Errorf("%s: %w, and its schema (version %d) needs upgrading to %d: make it writable once (chmod u+w) and run any arbitro command", s.path, ErrReadOnly, v, target)
		}
		s.version = v
		return nil
	}
	// The usual case, an up-to-date file, needs no write lock: readers must not wait for
	// (or block) a writer in another process just to open the file.
	if v, n, err := s.versionAndTables(ctx, s.db); err != nil {
		return s.wrapOpen(err)
	} else if v == target && n > 0 {
		s.version = v
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock in the DSN)
	if err != nil {
		return s.wrapOpen(err)
	}
	defer tx.Rollback()
	v, n, err := s.versionAndTables(ctx, tx)
	if err != nil {
		return s.wrapOpen(err)
	}
	switch {
	case v > target:
		return s.newer(v, target)
	case v == target:
		s.version = v
		return nil // nothing to write; Rollback ends the transaction
	case v == 0 && n > 0:
		return fmt.Errorf("%s: %w: it holds tables but no arbitro schema version; use another file name", s.path, ErrNotArbitro)
	case v == 0:
		if _, err := tx.ExecContext(ctx, schema); err != nil {
			return fmt.Errorf("create schema in %s: %w", s.path, s.mapErr(err))
		}
	default:
		for _, m := range migs {
			if m.Version <= v || m.Version > target {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("upgrade %s to schema %d: %w", s.path, m.Version, s.mapErr(err))
			}
			v = m.Version
		}
		if v != target {
			return fmt.Errorf("upgrade %s: no migration reaches schema %d (stopped at %d)", s.path, target, v)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", target)); err != nil {
		return s.mapErr(err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("write schema to %s: %w", s.path, s.mapErr(err))
	}
	s.version = target
	return nil
}

func (s *Store) newer(v, known int) error {
	return fmt.Errorf("%s: %w (schema %d, this one knows %d): upgrade arbitro", s.path, ErrNewerSchema, v, known)
}

type queryRower interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) versionAndTables(ctx context.Context, q queryRower) (version, tables int, err error) {
	if err = q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return
	}
	err = q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").Scan(&tables)
	return
}

// mapErr replaces SQLite's busy and read-only errors by ErrBusy and ErrReadOnly, naming
// the file; other errors are returned unchanged.
func (s *Store) mapErr(err error) error {
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return fmt.Errorf("%s: %w", s.path, ErrBusy)
		case sqlite3.SQLITE_READONLY:
			return fmt.Errorf("%s: %w", s.path, ErrReadOnly)
		}
	}
	return err
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB returns the underlying database handle for read queries. Writes must go through
// Update so that they run in one transaction and are logged.
func (s *Store) DB() *sql.DB { return s.db }

// Path returns the file name the store was opened with.
func (s *Store) Path() string { return s.path }

// ReadOnly reports whether the file was opened read-only (Update returns ErrReadOnly).
func (s *Store) ReadOnly() bool { return s.readOnly }

// Version returns the schema version of the open file (arbitro.SchemaVersion after Open).
func (s *Store) Version() int { return s.version }

// Tx is one transaction of the store, handed to the function given to Update or View. It
// embeds *sql.Tx (ExecContext, QueryContext, QueryRowContext...); use Ctx() as context.
// Actor is who the event log names for this transaction's actions (see Actor).
type Tx struct {
	*sql.Tx
	ctx      context.Context
	store    *Store
	now      time.Time
	readOnly bool
	// Actor is written in the event log for every LogEvent of this transaction.
	Actor string
}

// Ctx returns the context of the transaction.
func (tx *Tx) Ctx() context.Context { return tx.ctx }

// Now returns the transaction's timestamp (UTC, taken once when it began), so every row a
// command writes carries the same time.
func (tx *Tx) Now() time.Time { return tx.now }

// NowText returns Now in the schema's time format, RFC 3339 UTC ("2026-11-21T22:00:00Z").
func (tx *Tx) NowText() string { return tx.now.Format(time.RFC3339) }

// Actor returns the name the event log records for this process's actions: the
// environment variable ARBITRO_ARBITER, else USER, else "arbiter".
func Actor() string {
	for _, k := range []string{"ARBITRO_ARBITER", "USER"} {
		if v := strings.TrimSpace(os.Getenv(k)); v != "" {
			return v
		}
	}
	return "arbiter"
}

// Update runs fn in one immediate write transaction (BEGIN IMMEDIATE): if fn returns an
// error or panics, nothing it wrote is kept; otherwise everything is committed at once. A
// process killed during fn leaves the file as it was before.
//
// Errors: ErrReadOnly if the store is read-only; ErrBusy if another process held the
// write lock for more than BusyTimeout; fn's error otherwise (SQLite busy/read-only
// errors inside it are mapped to ErrBusy/ErrReadOnly).
func (s *Store) Update(ctx context.Context, fn func(tx *Tx) error) error {
	if s.readOnly {
		return fmt.Errorf("%s: %w", s.path, ErrReadOnly)
	}
	return s.run(ctx, false, fn)
}

// View runs fn in a read transaction: fn sees one consistent state of the file, and
// others may write meanwhile (WAL). fn must not write; LogEvent fails in a View.
func (s *Store) View(ctx context.Context, fn func(tx *Tx) error) error {
	return s.run(ctx, true, fn)
}

func (s *Store) run(ctx context.Context, readOnly bool, fn func(tx *Tx) error) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	stx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: readOnly})
	if err != nil {
		return s.mapErr(err)
	}
	tx := &Tx{Tx: stx, ctx: ctx, store: s, now: time.Now().UTC().Truncate(time.Second), readOnly: readOnly, Actor: Actor()}
	done := false
	defer func() {
		if !done {
			stx.Rollback()
		}
	}()
	if err := fn(tx); err != nil {
		return s.mapErr(err)
	}
	if readOnly {
		done = true
		return s.mapErr(stx.Rollback())
	}
	done = true
	if err := stx.Commit(); err != nil {
		return s.mapErr(err)
	}
	return nil
}
