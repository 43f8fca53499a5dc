// Package sqlitetest opens an arbitro database file as any SQLite client would, for the
// tests of packages other than tournament: they check what a command left in the file
// (row counts, integrity, foreign keys) or plant a row no command writes, without a back
// door into tournament.Store, whose SQL stays private (issue 12).
package sqlitetest

import (
	"database/sql"
	"net/url"
	"testing"

	_ "modernc.org/sqlite" // the driver tournament uses
)

// Open opens the SQLite file at path read-write (never creating it), with foreign keys on
// and a 5 s busy timeout, and closes it when the test ends. It fails the test when the file
// cannot be opened. Close it earlier when the test goes on using the file: while it is
// open the file's -wal stays, and the last connection to close checkpoints it.
func Open(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	u := url.URL{Scheme: "file", Path: path}
	db, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?mode=rw&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)")
	if err == nil {
		err = db.Ping()
	}
	if err != nil {
		tb.Fatalf("open %s: %v", path, err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}
