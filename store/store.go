package store

import (
	"arbitro/tournament"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

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
	reading  bool // opened with ForReading: never written, not even migrated
	busy     time.Duration
	version  int
	tmpCopy  string // ForReading on an older schema: the upgraded copy read instead, removed by Close
	// mu guards pending and version: a store opened for writing on an existing file that
	// is empty (zero bytes) or of an older schema is not changed by Open; its first
	// transaction upgrades it (run, upgradeInTx) and, when that transaction is kept, the
	// upgrade is kept with it.
	mu      sync.Mutex
	pending bool
	// imm is, for a store opened read-only on a file someone may be writing (openReadOnly),
	// a second pool of the file opened immutable=1 that keeps no connection between
	// transactions: a read transaction takes it while the file has no write-ahead log
	// (readTx), where mode=ro cannot open (SQLITE_READONLY_DIRECTORY). abs is the file's
	// absolute path.
	imm   *sql.DB
	abs   string
	clock func() time.Time
	actor string
	hook  func(stage string)
}

// OpenOption changes how Open opens a file: WithBusyTimeout, ForReading, WithClock,
// WithActor, WithTxHook.
type OpenOption func(*openConfig)

type openConfig struct {
	busy    time.Duration
	reading bool
	// noWrite makes Open take the file as one this user cannot write (tests: root passes
	// access(2), so another user's reads are simulated so).
	noWrite bool
	clock   func() time.Time
	actor   string
	hook    func(stage string)
}

// DefaultActor is the name the event log records when the store is opened without
// WithActor.
const DefaultActor = "arbiter"

// WithClock sets the clock the store reads once at the start of every transaction
// (Tx.Now: every row and event a transaction writes carries that one time, truncated to
// the second, UTC). nil keeps time.Now. Tests pass a fixed clock.
func WithClock(now func() time.Time) OpenOption {
	return func(c *openConfig) {
		if now != nil {
			c.clock = now
		}
	}
}

// WithActor sets who the event log names for every action written through the store
// (events.actor, results.entered_by, claims.decided_by): the arbiter's name, which the
// command reads from its environment ($ARBITRO_ARBITER, else $USER). Blank keeps
// DefaultActor.
func WithActor(name string) OpenOption {
	return func(c *openConfig) {
		if n := strings.TrimSpace(name); n != "" {
			c.actor = n
		}
	}
}

// WithTxHook sets a function called at each stage of every write transaction: "begin"
// when it has begun, "precommit" when fn has returned and the commit is next, "commit"
// once committed. The crash tests of cmd/arbitro use it (through the command's
// environment) to prove where a kill landed; nil means no hook.
func WithTxHook(hook func(stage string)) OpenOption {
	return func(c *openConfig) { c.hook = hook }
}

// WithBusyTimeout sets how long every connection of the store waits for a lock another
// process holds (SQLite's busy handler) before failing with ErrBusy; d <= 0 keeps
// BusyTimeout (5 s), d above MaxBusyTimeout is clamped to it (ClampBusyTimeout). Tests use
// a short one; a slow network share may want a longer one.
func WithBusyTimeout(d time.Duration) OpenOption {
	return func(c *openConfig) {
		if d > 0 {
			c.busy, _ = ClampBusyTimeout(d)
		}
	}
}

// MaxBusyTimeout is the longest busy timeout SQLite accepts: sqlite3_busy_timeout takes
// the milliseconds as a C int (2^31-1 ms, about 596 hours); PRAGMA busy_timeout with
// more overflows to a negative value, which turns the busy handler off, so that every
// writer failed at once instead of waiting (issue 27, class 8).
const MaxBusyTimeout = time.Duration(math.MaxInt32) * time.Millisecond

// ClampBusyTimeout returns d, or MaxBusyTimeout and true when d is longer.
func ClampBusyTimeout(d time.Duration) (time.Duration, bool) {
	if d > MaxBusyTimeout {
		return MaxBusyTimeout, true
	}
	return d, false
}

// ForReading opens the file for a command that only reads: the file is never created,
// switched to WAL, migrated or written, and no -wal or -shm file is left behind where
// there was none. A missing file fails with an error wrapping fs.ErrNotExist, an empty
// (zero-byte) one with ErrNoTournament. A file the user cannot write, or one in a folder
// the user cannot write (read-only media), is read through SQLite's read-only URIs:
// mode=ro when it has a write-ahead log to read, else immutable=1. A file of an older
// schema is read through an upgraded copy in the temporary folder. Update fails with
// ErrReadOnly.
func ForReading() OpenOption { return func(c *openConfig) { c.reading = true } }

// Open opens the database file at path, creating it if it does not exist (a new file gets
// schema.sql at once, in one transaction, and is switched to WAL). An existing file that
// is empty (zero bytes) or of an older schema is not changed by Open: the first
// transaction run on the store (Update, or View) writes schema.sql or the missing
// numbered migrations inside itself, under PRAGMA user_version, so the upgrade is kept
// only with a write that is kept; a refused write, or a read, leaves the file
// byte-identical (issue 27, classes 3 and 4; README S20). With ForReading it only reads
// (see ForReading).
//
// Errors (wrapped, test with errors.Is): ErrNewerSchema when the file's user_version is
// above SchemaVersion (the file is not changed); ErrNotArbitro when the file is not
// SQLite or holds foreign tables; ErrBusy when another process holds a lock longer than
// the busy timeout (BusyTimeout, or WithBusyTimeout) while the file is opened.
//
// A file without any write permission bit (chmod a-w, as an arbiter archives a finished
// event) is opened read-only even by root: reads work, Update returns ErrReadOnly.
//
// Every connection the store opens sets busy_timeout before any other statement, so no
// step of opening (the schema check, the switch to WAL, the migration) fails at once
// because another process is writing: each waits up to the busy timeout.
func Open(path string, opts ...OpenOption) (*Store, error) {
	cfg := openConfig{busy: BusyTimeout, clock: time.Now, actor: DefaultActor}
	for _, o := range opts {
		o(&cfg)
	}
	if strings.TrimSpace(path) == "" {
		return nil, tournament.Errf(tournament.ErrMalformed, "err.store.empty_name", "{err}: empty database file name")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	s := &Store{path: path, busy: cfg.busy, reading: cfg.reading, clock: cfg.clock, actor: cfg.actor, hook: cfg.hook}
	fi, statErr := os.Stat(abs)
	switch {
	case statErr == nil && fi.IsDir():
		return nil, tournament.Errf(nil, "err.store.directory", "{path} is a directory, not a database file", "path", path)
	case statErr == nil:
		s.readOnly = fi.Mode().Perm()&0o222 == 0 || !writable(abs) || cfg.noWrite
	case errors.Is(statErr, os.ErrNotExist):
		if cfg.reading {
			return nil, tournament.Errf(statErr, "err.store.no_database", "no database {path}: {err}", "path", path)
		}
		// Created by the first connection; the directory must be writable.
	default:
		return nil, statErr
	}
	if cfg.reading {
		if fi.Size() == 0 {
			return nil, tournament.Errf(tournament.ErrNoTournament, "err.store.empty_file", "{path} is an empty file: {err}", "path", path)
		}
		if err := s.openForReading(abs); err != nil {
			return nil, err
		}
		return s, nil
	}
	if s.readOnly {
		if err := s.openReadOnly(abs); err != nil {
			return nil, err
		}
		if err := s.migrate(context.Background(), Schema, SchemaVersion, nil); err != nil {
			s.db.Close()
			return nil, err
		}
		return s, nil
	}
	if err := s.openReadWrite(abs, statErr == nil); err != nil {
		return nil, err
	}
	return s, nil
}

// openReadWrite opens the file at abs for reading and writing. A file that did not exist
// (existed false) is created and migrated at once, waiting for another process's
// migration; an existing one is only checked (checkWritable), its upgrade left to the
// first transaction. No journal_mode pragma in the DSN: a new file is switched to WAL by
// migrate, after it has been found to be an arbitro file of a known schema (a foreign
// file or one of a newer arbitro is left untouched).
func (s *Store) openReadWrite(abs string, existed bool) error {
	var err error
	s.db, err = sql.Open("sqlite", s.dsn(abs, "_txlock=immediate"))
	if err != nil {
		return tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path)
	}
	if err := s.db.Ping(); err != nil {
		s.db.Close()
		return s.wrapOpen(err)
	}
	if existed {
		err = s.checkWritable(context.Background())
	} else {
		err = s.migrateWaiting(context.Background())
	}
	if err != nil {
		s.db.Close()
		return err
	}
	return nil
}

// checkWritable reads the schema version of an existing file opened for writing, without
// writing: a newer schema or foreign tables are refused (the file is left as it was); the
// current one is ready; an empty file or an older schema is marked pending, for the first
// transaction to upgrade inside itself (upgradeInTx).
func (s *Store) checkWritable(ctx context.Context) error {
	v, n, err := s.versionAndTables(ctx, s.db)
	if err != nil {
		return s.wrapOpen(err)
	}
	switch {
	case v > SchemaVersion:
		return s.newer(v, SchemaVersion)
	case v == 0 && n > 0:
		return tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables_rename", "{path}: {err}: it holds tables but no arbitro schema version; use another file name", "path", s.path)
	}
	s.version, s.pending = v, v < SchemaVersion
	return nil
}

// needsUpgrade reports whether the store's file still waits for its upgrade (pending).
func (s *Store) needsUpgrade() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending
}

// upgradeInTx brings the file up to SchemaVersion inside stx, the transaction about to run
// a use case (BEGIN IMMEDIATE: no other writer can change the version meanwhile). It reads
// the version again (another process may have upgraded the file since Open) and reports
// whether the file was empty, so that upgraded can switch it to WAL once committed.
func (s *Store) upgradeInTx(ctx context.Context, stx *sql.Tx) (created bool, err error) {
	v, n, err := s.versionAndTables(ctx, stx)
	if err != nil {
		return false, s.mapErr(err)
	}
	switch {
	case v > SchemaVersion:
		return false, s.newer(v, SchemaVersion)
	case v == 0 && n > 0:
		return false, tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables_rename", "{path}: {err}: it holds tables but no arbitro schema version; use another file name", "path", s.path)
	case v == SchemaVersion:
		return false, nil
	}
	migs, err := Migrations()
	if err != nil {
		return false, err
	}
	return n == 0, s.upgrade(ctx, stx, v, Schema, SchemaVersion, migs)
}

// upgraded records that the transaction which upgraded the file was committed; a file
// that was empty is then switched to WAL (journal_mode cannot change inside a
// transaction), retried while another connection holds it within the busy timeout. A
// switch that still fails leaves the file in rollback-journal mode, which SQLite reads
// and writes as well; the next Open of a new file switches again.
func (s *Store) upgraded(ctx context.Context, created bool) {
	s.mu.Lock()
	s.pending, s.version = false, SchemaVersion
	s.mu.Unlock()
	if !created {
		return
	}
	deadline := time.Now().Add(s.busy)
	for {
		_, err := s.db.ExecContext(ctx, "PRAGMA journal_mode=WAL")
		if err == nil || time.Now().After(deadline) || ctx.Err() != nil {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Upgrade brings the file of a store opened for writing up to SchemaVersion now, in a
// transaction of its own, for a face that writes and then reads many times (serve
// --hall), so that its reads do not each upgrade and roll back. Nothing is written when
// the file is already current. Errors: ErrNoTournament for an empty (zero-byte) file
// (nothing to serve: the file is left empty), ErrReadOnly for a store that cannot write,
// Update's otherwise.
func (s *Store) Upgrade(ctx context.Context) error {
	if !s.needsUpgrade() {
		return nil
	}
	if s.Version() == 0 {
		return tournament.Errf(tournament.ErrNoTournament, "err.store.empty_file", "{path} is an empty file: {err}", "path", s.path)
	}
	return s.Update(ctx, func(*Tx) error { return nil })
}

// dsn returns the modernc DSN of the file abs with the store's busy timeout (always the
// first pragma applied: the driver runs busy_timeout before any other) and foreign keys,
// plus params (SQLite URI parameters such as mode=ro, or the driver's _txlock).
func (s *Store) dsn(abs string, params ...string) string {
	u := url.URL{Scheme: "file", Path: abs}
	q := []string{
		"_pragma=busy_timeout(" + fmt.Sprint(s.busy.Milliseconds()) + ")",
		"_pragma=foreign_keys(1)",
	}
	return "file:" + u.EscapedPath() + "?" + strings.Join(append(params, q...), "&")
}

// openReadOnly opens abs, which the user cannot write (or which sits in a folder the user
// cannot write), without creating anything next to it. immutable=1 (no lock, no -wal or
// -shm opened at all, and no change ever seen) only where nobody can be writing the file:
// on a file system mounted read-only, or a file without any write permission bit
// (readOnlyMedium). Elsewhere, mode=ro: another user, the owner, may be writing the file
// (a serve run by a user who cannot write it), and a reader must see each new write, so it
// reads the write-ahead log through SQLite's read-only WAL support (issue 27, class 5;
// before, immutable=1 was taken whenever no -wal was present, and such a serve never
// showed a new result). The transient errors of a read-only reader while the owner
// writes are retried (beginRead).
func (s *Store) openReadOnly(abs string) error {
	if readOnlyMedium(abs) {
		db, err := sql.Open("sqlite", s.dsn(abs, "mode=ro", "immutable=1"))
		if err != nil {
			return tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path)
		}
		if err := db.Ping(); err != nil {
			db.Close()
			return s.wrapOpen(err)
		}
		s.db, s.readOnly = db, true
		return nil
	}
	// Neither pool keeps a connection between transactions: immutable=1 caches pages for
	// a connection's whole life, and a mode=ro connection can only open (its pragmas read
	// the schema) while the file has a write-ahead log, which the owner removes when he
	// closes the file. So mode=ro is not pinged here: readTx opens it when a log is there.
	ro, err := sql.Open("sqlite", s.dsn(abs, "mode=ro"))
	if err != nil {
		return tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path)
	}
	imm, err := sql.Open("sqlite", s.dsn(abs, "mode=ro", "immutable=1"))
	if err != nil {
		ro.Close()
		return tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path)
	}
	ro.SetMaxIdleConns(0)
	imm.SetMaxIdleConns(0)
	if err := imm.Ping(); err != nil {
		ro.Close()
		imm.Close()
		return s.wrapOpen(err)
	}
	s.db, s.imm, s.abs, s.readOnly = ro, imm, abs, true
	return nil
}

// openForReading opens abs for a read command (ForReading). A writable file in a writable
// folder is opened read-write without creating (mode=rw) and with query_only, so that
// SQLite manages its -wal and -shm as for any connection (the last one to close removes
// them) and nothing can be written; otherwise openReadOnly.
func (s *Store) openForReading(abs string) error {
	if !s.readOnly {
		db, err := sql.Open("sqlite", s.dsn(abs, "mode=rw", "_pragma=query_only(1)"))
		if err != nil {
			return tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path)
		}
		_, _, err = s.versionAndTables(context.Background(), db)
		if err == nil {
			s.db = db
		} else {
			db.Close()
			var se *sqlite.Error
			if !errors.As(err, &se) || (se.Code()&0xff != sqlite3.SQLITE_CANTOPEN && se.Code()&0xff != sqlite3.SQLITE_READONLY) {
				return s.wrapOpen(err)
			}
			// The folder cannot be written (no -wal or -shm can be made): read-only.
		}
	}
	if s.db == nil {
		if err := s.openReadOnly(abs); err != nil {
			return err
		}
	}
	s.readOnly = true
	var v, n int
	err := s.readVersion(context.Background(), &v, &n)
	if err != nil {
		s.closeDB()
		return s.wrapOpen(err)
	}
	switch {
	case v > SchemaVersion:
		s.db.Close()
		return s.newer(v, SchemaVersion)
	case v == 0 && n == 0:
		s.db.Close()
		return tournament.Errf(tournament.ErrNoTournament, "err.store.no_schema", "{path} holds no arbitro schema: {err}", "path", s.path)
	case v == 0:
		s.db.Close()
		return tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables", "{path}: {err}: it holds tables but no arbitro schema version", "path", s.path)
	case v < SchemaVersion:
		if err := s.readUpgradedCopy(v); err != nil {
			s.db.Close()
			return err
		}
		return nil
	}
	s.version = v
	return nil
}

// readUpgradedCopy copies the open file (schema version v, older than this arbitro's) to
// a new file in the temporary folder with VACUUM INTO, migrates the copy and reads it
// instead, so that a read command neither changes the file nor fails on it.
func (s *Store) readUpgradedCopy(v int) error {
	dir, err := os.MkdirTemp("", "arbitro-read-")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, "copy.db")
	err = func() error {
		conn, err := s.db.Conn(context.Background())
		if err != nil {
			return err
		}
		defer conn.Close()
		// VACUUM INTO writes only the copy, but query_only refuses it too.
		if _, err := conn.ExecContext(context.Background(), "PRAGMA query_only = 0"); err != nil {
			return err
		}
		_, err = conn.ExecContext(context.Background(), "VACUUM INTO ?", tmp)
		conn.ExecContext(context.Background(), "PRAGMA query_only = 1")
		return err
	}()
	if err != nil {
		os.RemoveAll(dir)
		return tournament.Errf(s.mapErr(err), "err.store.read_upgraded", "read {path} (schema {v}) through an upgraded copy: {err}", "path", s.path, "v", v)
	}
	s.db.Close()
	copyStore, err := Open(tmp, WithBusyTimeout(s.busy))
	if err == nil {
		err = copyStore.Upgrade(context.Background())
	}
	if err != nil {
		os.RemoveAll(dir)
		return err
	}
	s.db, s.version, s.tmpCopy = copyStore.db, copyStore.version, dir
	return nil
}

// wrapOpen turns the driver's errors at open time into messages an arbiter can act on.
func (s *Store) wrapOpen(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB:
			return tournament.Errf(tournament.ErrNotArbitro, "err.store.not_sqlite", "{path}: {err} (the file is not a SQLite database)", "path", s.path)
		case sqlite3.SQLITE_CANTOPEN:
			return tournament.Errf(nil, "err.store.cannot_create", "cannot open or create {path}: check that the folder exists and is writable", "path", s.path)
		}
	}
	return s.mapErr(tournament.Errf(err, "err.store.open", "open {path}: {err}", "path", s.path))
}

// migrateWaiting is migrate for a read-write open, retried while it fails with ErrBusy
// within the busy timeout. Creating a file and switching it to WAL can meet SQLITE_BUSY
// where SQLite calls no busy handler (another connection switching the same new file to
// WAL at the same moment), so the wait the README promises is kept here too.
func (s *Store) migrateWaiting(ctx context.Context) error {
	deadline := time.Now().Add(s.busy)
	for {
		err := s.migrate(ctx, Schema, SchemaVersion, nil)
		if !errors.Is(err, tournament.ErrBusy) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// migrate applies schema (a whole schema of version target) to an empty database, or the
// needed migrations to an older one, in one immediate transaction. migs nil means
// Migrations().
func (s *Store) migrate(ctx context.Context, schema string, target int, migs []Migration) error {
	if migs == nil {
		var err error
		if migs, err = Migrations(); err != nil {
			return err
		}
	}
	if s.readOnly {
		return s.checkReadOnly(ctx, target) // (ForReading stores never come here: see openForReading.)
	}
	// The usual case, an up-to-date file, needs no write lock: readers must not wait for
	// (or block) a writer in another process just to open the file.
	v0, n0, err := s.versionAndTables(ctx, s.db)
	if err != nil {
		return s.wrapOpen(err)
	}
	switch {
	case v0 == target && n0 > 0:
		s.version = v0
		return nil
	case v0 > target:
		return s.newer(v0, target)
	case v0 == 0 && n0 > 0:
		return tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables_rename", "{path}: {err}: it holds tables but no arbitro schema version; use another file name", "path", s.path)
	}
	if n0 == 0 {
		// A new file: switch it to WAL before the schema goes in (journal_mode cannot
		// change inside a transaction; the mode is kept in the file). Waits under the busy
		// timeout like every statement of this connection.
		if _, err := s.db.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
			return s.wrapOpen(err)
		}
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
		return tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables_rename", "{path}: {err}: it holds tables but no arbitro schema version; use another file name", "path", s.path)
	}
	if err := s.upgrade(ctx, tx, v, schema, target, migs); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return tournament.Errf(s.mapErr(err), "err.store.write_schema", "write schema to {path}: {err}", "path", s.path)
	}
	s.version = target
	return nil
}

// checkReadOnly is migrate for a file opened read-only: it can only be read as it is, so
// a schema other than target is an error (newer: upgrade arbitro; older: make the file
// writable once).
func (s *Store) checkReadOnly(ctx context.Context, target int) error {
	var v, n int
	err := s.readVersion(ctx, &v, &n)
	if err != nil {
		return s.wrapOpen(err)
	}
	switch {
	case v > target:
		return s.newer(v, target)
	case v == 0 && n == 0:
		return tournament.Errf(tournament.ErrReadOnly, "err.store.readonly_empty", "{path}: {err} and empty: nothing to read", "path", s.path)
	case v == 0:
		return tournament.Errf(tournament.ErrNotArbitro, "err.store.foreign_tables", "{path}: {err}: it holds tables but no arbitro schema version", "path", s.path)
	case v < target:
		return tournament.Errf(tournament.ErrReadOnly, "err.store.readonly_old", "{path}: {err}, and its schema (version {v}) needs upgrading to {target}: make it writable once (chmod u+w) and run any arbitro command", "path", s.path, "v", v, "target", target)
	}
	s.version = v
	return nil
}

// upgrade writes, in tx, the whole schema to an empty file (v 0) or the migrations after
// version v up to target, then user_version = target.
func (s *Store) upgrade(ctx context.Context, tx *sql.Tx, v int, schema string, target int, migs []Migration) error {
	if v == 0 {
		if _, err := tx.ExecContext(ctx, schema); err != nil {
			return tournament.Errf(s.mapErr(err), "err.store.create_schema", "create schema in {path}: {err}", "path", s.path)
		}
	} else {
		for _, m := range migs {
			if m.Version <= v || m.Version > target {
				continue
			}
			if err := s.runMigration(ctx, tx, m); err != nil {
				return tournament.Errf(s.mapErr(err), "err.store.upgrade", "upgrade {path} to schema {version}: {err}", "path", s.path, "version", m.Version)
			}
			v = m.Version
		}
		if v != target {
			return tournament.Errf(nil, "err.store.no_migration", "upgrade {path}: no migration reaches schema {target} (stopped at {v})", "path", s.path, "target", target, "v", v)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", target)); err != nil {
		return s.mapErr(err)
	}
	return nil
}

// chainMarker is the line of a migration where the store chains the event log's
// entries (chainEvents) between the statements before it and those after it (008.sql).
const chainMarker = "-- arbitro:chain-events\n"

// runMigration runs the statements of m in tx, and at its chainMarker line, if any,
// chains the existing entries of the event log.
func (s *Store) runMigration(ctx context.Context, tx *sql.Tx, m Migration) error {
	first, rest, chain := strings.Cut(m.SQL, chainMarker)
	if _, err := tx.ExecContext(ctx, first); err != nil {
		return err
	}
	if !chain {
		return nil
	}
	if err := chainEvents(ctx, tx); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, rest)
	return err
}

func (s *Store) newer(v, known int) error {
	return tournament.Errf(tournament.ErrNewerSchema, "err.store.newer", "{path}: {err} (schema {v}, this one knows {known}): upgrade arbitro", "path", s.path, "v", v, "known", known)
}

type queryRower interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) versionAndTables(ctx context.Context, q queryRower) (version, tables int, err error) {
	// One statement, so one read snapshot: read in two, a concurrent creator's schema
	// commit could fall between them (version 0 yet tables) and the file be refused.
	err = q.QueryRowContext(ctx, `SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%')`).Scan(&version, &tables)
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
			return tournament.Errf(tournament.ErrBusy, "err.store.path", "{path}: {err}", "path", s.path)
		case sqlite3.SQLITE_READONLY:
			return tournament.Errf(tournament.ErrReadOnly, "err.store.path", "{path}: {err}", "path", s.path)
		}
	}
	return err
}

// Close closes the database (and removes the upgraded copy a ForReading store of an older
// file read).
func (s *Store) Close() error {
	err := s.closeDB()
	if s.tmpCopy != "" {
		os.RemoveAll(s.tmpCopy)
	}
	return err
}

// Path returns the file name the store was opened with.
func (s *Store) Path() string { return s.path }

// ReadOnly reports whether the file was opened read-only (Update returns ErrReadOnly).
func (s *Store) ReadOnly() bool { return s.readOnly }

// Version returns the schema version of the open file: SchemaVersion, or the older
// version of a file opened for writing whose upgrade waits for its first write.
func (s *Store) Version() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}

// Tx is one transaction of the store, handed to the function given to Update or View.
// Its SQL is private to this package: a caller reaches the file only through Tx's methods.
// A method that takes a *Tournament reads the state that changes (rounds paired, the lot)
// again in the transaction and never writes into the caller's struct: what it changed is
// in its result (DrawLot's LotResult, PairNext's PairedRound.Round, Unpair's round,
// SetTournamentField's new Tournament).
//
// Its methods, by use case (the file that holds them in brackets):
//   - the file's tournaments: Tournaments, SelectTournament, TournamentByID,
//     CreateTournament, SetTournamentField, SetRoundSchedule (tournament.go), Events
//     (eventlog.go);
//   - players: AddPlayer, ImportPlayers, Entries, SetPlayerField, WithdrawPlayer (player.go,
//     csv.go), SetAbsence, RemoveAbsence (absence.go);
//   - rounds: DrawLot, PairNext, Unpair, CheckPairing (rounds.go, pairplan.go),
//     PairingsView (pairings_view.go), AddForbiddenPair, SetAcceleration (dutch_settings.go);
//   - results and game scores: Boards, BoardAt, SetResult, ResultDisagreements (result.go),
//     AddGame, GameOf (game.go), ImportGames (game_import.go), AddClaim (claim.go);
//   - standings, categories and prizes: LoadCrosstable (standings_load.go), Categories,
//     AddCategory, AddToCategory, CategoryStandings, AddPrize, PrizeList (categories.go),
//     RatingReport (rating.go);
//   - audits: Audit (audit.go), AuditAll (audit_all.go), UnsafeNames (names.go);
//   - files in and out: ImportTRF, ExportTRF (trf_store.go); an event's PDN goes in through
//     the functions ImportEventFile and ImportEventPlan (eventimport*.go), one transaction;
//   - the web site: LoadSiteEvent, EachSiteGame, SiteGame, DataVersion (siteview.go);
//   - the demo: SimulateRound (simulate.go).
type Tx struct {
	stx      *sql.Tx
	ctx      context.Context
	store    *Store
	now      time.Time
	readOnly bool
	actor    string // who the event log names for every logEvent of this transaction (WithActor)
	// actionID is the id of the first event this transaction logged (0 before): every
	// event of the transaction carries it (events.action_id), one arbiter action for undo.
	actionID int64
}

func (tx *Tx) exec(query string, args ...any) (sql.Result, error) {
	return tx.stx.ExecContext(tx.ctx, query, args...)
}

func (tx *Tx) query(query string, args ...any) (*sql.Rows, error) {
	return tx.stx.QueryContext(tx.ctx, query, args...)
}

func (tx *Tx) queryRow(query string, args ...any) *sql.Row {
	return tx.stx.QueryRowContext(tx.ctx, query, args...)
}

func (tx *Tx) prepare(query string) (*sql.Stmt, error) {
	return tx.stx.PrepareContext(tx.ctx, query)
}

// nowText returns the transaction's timestamp (UTC, taken once when it began, so every row
// a command writes carries the same time) in the schema's time format, RFC 3339 UTC
// ("2026-11-21T22:00:00Z").
func (tx *Tx) nowText() string { return tx.now.Format(time.RFC3339) }

// Update runs fn in one immediate write transaction (BEGIN IMMEDIATE): if fn returns an
// error or panics, nothing it wrote is kept; otherwise everything is committed at once. A
// process killed during fn leaves the file as it was before.
//
// Errors: ErrReadOnly if the store is read-only; ErrBusy if another process held the
// write lock for more than BusyTimeout; fn's error otherwise (SQLite busy/read-only
// errors inside it are mapped to ErrBusy/ErrReadOnly).
func (s *Store) Update(ctx context.Context, fn func(tx *Tx) error) error {
	if s.readOnly {
		return tournament.Errf(tournament.ErrReadOnly, "err.store.path", "{path}: {err}", "path", s.path)
	}
	return s.run(ctx, false, fn)
}

// View runs fn in a read transaction: fn sees one consistent state of the file, and
// others may write meanwhile (WAL). fn must not write; a write logs nothing in a View (logEvent fails).
//
// On a store opened read-only on a file another user may be writing, fn may run again
// from the start (readTx): when the file changed under a read that takes no lock, the
// reads are done again, within the busy timeout, so fn must have no effect outside the
// transaction (viewOnce is View for a fn that streams what it reads).
func (s *Store) View(ctx context.Context, fn func(tx *Tx) error) error {
	deadline := time.Now().Add(s.busy)
	for {
		err := s.run(ctx, true, fn)
		// Another user's read may also meet, after its first read, the passing errors of
		// beginRead (mapped to ErrReadOnly or ErrBusy): a read cannot otherwise get them.
		again := errors.Is(err, errChangedWhileRead) ||
			(s.imm != nil && (errors.Is(err, tournament.ErrReadOnly) || errors.Is(err, tournament.ErrBusy)))
		if !again || time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// viewOnce is View without running fn again: a file changed under the read fails with
// ErrBusy.
func (s *Store) viewOnce(ctx context.Context, fn func(tx *Tx) error) error {
	return s.run(ctx, true, fn)
}

// beginWrite starts a BEGIN IMMEDIATE transaction on a connection of its own. SQLite's
// busy handler waits up to the busy timeout for the write lock; when that runs out but
// another connection committed meanwhile (PRAGMA data_version changed), the lock is
// moving from writer to writer, not held by a stuck one, and beginWrite waits again. So
// a queue of many short writers all get their turn, and only a writer that holds the lock
// for a whole busy timeout without committing makes the others fail with ErrBusy.
// Close the returned connection after the transaction.
func (s *Store) beginWrite(ctx context.Context) (*sql.Conn, *sql.Tx, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	version := func() (v int64) {
		if conn.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v) != nil {
			return -1
		}
		return v
	}
	for {
		before := version()
		tx, err := conn.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock in the DSN)
		if err == nil {
			return conn, tx, nil
		}
		var se *sqlite.Error
		if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || ctx.Err() != nil {
			return conn, nil, err
		}
		if after := version(); after < 0 || after == before {
			return conn, nil, err // nobody committed during a whole busy timeout
		}
	}
}

func (s *Store) run(ctx context.Context, readOnly bool, fn func(tx *Tx) error) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if !readOnly {
		if err := checkActor(actorOf(ctx, s.actor)); err != nil {
			return err // before the file is touched
		}
	}
	var stx *sql.Tx
	upgrade := s.needsUpgrade()
	var changed func() error // a read through imm: did the file change meanwhile
	if readOnly && !upgrade {
		stx, changed, err = s.readTx(ctx)
	} else {
		// A pending upgrade is written in a write transaction even for a View, which
		// rolls it back with the rest.
		var conn *sql.Conn
		conn, stx, err = s.beginWrite(ctx)
		if conn != nil {
			defer conn.Close()
		}
	}
	if err != nil {
		return s.mapErr(err)
	}
	tx := &Tx{stx: stx, ctx: ctx, store: s, now: s.clock().UTC().Truncate(time.Second), readOnly: readOnly, actor: actorOf(ctx, s.actor)}
	done := false
	defer func() {
		if !done {
			stx.Rollback()
		}
	}()
	created := false
	if upgrade {
		if created, err = s.upgradeInTx(ctx, stx); err != nil {
			return err
		}
	}
	if !readOnly {
		s.mark("begin")
	}
	if err := fn(tx); err != nil {
		if changed != nil {
			if cerr := changed(); cerr != nil {
				return cerr // what failed may be a torn read: View reads again
			}
		}
		return s.mapErr(err)
	}
	if readOnly {
		done = true
		if err := stx.Rollback(); err != nil {
			return s.mapErr(err)
		}
		if changed != nil {
			return changed()
		}
		return nil
	}
	s.mark("precommit")
	done = true
	if err := stx.Commit(); err != nil {
		return s.mapErr(err)
	}
	s.mark("commit")
	if upgrade {
		s.upgraded(ctx, created)
	}
	return nil
}

// mark calls the WithTxHook hook, if any, with stage.
func (s *Store) mark(stage string) {
	if s.hook != nil {
		s.hook(stage)
	}
}
