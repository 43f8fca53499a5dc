package main

// Issue 27, classes 3 and 4: read commands never write (not even the schema into a
// zero-byte file, nor an upgrade of an older one), and a refused write leaves the file
// byte-identical (no schema left behind, no upgrade).

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeV1DB writes at path a file of arbitro's first schema (store/testdata/schema/v1.sql)
// in WAL mode holding one tournament, as an arbitro of schema 1 left it.
func writeV1DB(t *testing.T, path string) {
	t.Helper()
	schema, err := os.ReadFile("../../store/testdata/schema/v1.sql")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{string(schema), "PRAGMA user_version = 1", "PRAGMA journal_mode = WAL",
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Vecchio', 'italian', 'italo-swiss', 5, 'x')`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// fileState is the hash, the size and the side files (-wal, -shm, -journal) of path.
func fileState(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := fmt.Sprintf("%d bytes %x", len(b), sha256.Sum256(b))
	for _, suf := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(path + suf); err == nil {
			s += " " + suf
		}
	}
	return s
}

// runBounded runs arbitro in dir with args; a command still running after d (serve) is
// stopped with SIGINT and counts as exit 0 with alive true.
func runBounded(t *testing.T, dir string, d time.Duration, args ...string) (code int, alive bool, stderr string) {
	t.Helper()
	cmd := arbitroCmd(dir, args...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(d):
		alive = true
		cmd.Process.Signal(syscall.SIGINT)
		err = <-done
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if alive {
		code = 0
	}
	return code, alive, errb.String()
}

// readCommands are the commands that only read the file, each with what it needs.
var readCommands = [][]string{
	{"standings"}, {"player", "list"}, {"tournament", "list"}, {"tournament", "show"},
	{"tournament", "log"}, {"crosstable"}, {"category", "list"}, {"prize", "list"},
	{"result", "list"}, {"audit"}, {"audit", "--all"}, {"export", "trf", "out.trf"},
	{"rating"}, {"publish", "--out", "site"}, {"publish", "--all", "--out", "site"},
	{"serve", "--addr", "127.0.0.1:0"},
}

// TestSafetyReadCommandsNeverWrite: every read command, on a zero-byte file, refuses and
// leaves it zero bytes with nothing beside it; on a file of schema 1 (writable, and made
// read-only with chmod a-w) it reads it (serve stays up) and leaves it byte-identical at
// schema 1. Before issue 27 serve, publish, publish --all and audit --all wrote the schema
// into the empty file and upgraded the old one in place (1 → 5), and refused the
// read-only old file that standings read.
func TestSafetyReadCommandsNeverWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for _, kind := range []string{"zero-byte", "schema-1", "schema-1-read-only"} {
		for _, args := range readCommands {
			name := kind + "/" + strings.Join(args, "-")
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				db := filepath.Join(dir, "t.db")
				if kind == "zero-byte" {
					os.WriteFile(db, nil, 0o644)
				} else {
					writeV1DB(t, db)
				}
				if kind == "schema-1-read-only" {
					os.Chmod(db, 0o444)
				}
				before := fileState(t, db)
				code, alive, stderr := runBounded(t, dir, 1500*time.Millisecond, append([]string{"--db", "t.db"}, args...)...)
				if after := fileState(t, db); after != before {
					t.Errorf("the file changed: %s -> %s (stderr %q)", before, after, stderr)
				}
				switch {
				case kind == "zero-byte" && (code == 0 || alive):
					t.Errorf("exit %d (alive %v) on a zero-byte file, want a refusal", code, alive)
				case kind == "zero-byte" && !strings.Contains(stderr, "empty file"):
					t.Errorf("stderr does not name the empty file: %q", stderr)
				case kind != "zero-byte" && code != 0:
					t.Errorf("exit %d on a schema-1 file, want 0: %s", code, stderr)
				}
			})
		}
	}
}

// TestSafetyRefusedWriteLeavesFile: a write command refused by the use case (an empty
// name, nothing to undo, an unknown board) on a zero-byte file or on a file of schema 1
// exits non-zero and leaves the file byte-identical: the schema goes in, or is upgraded,
// only in the transaction of a write that is kept. A write that is kept on the schema-1
// file upgrades it in the same transaction.
func TestSafetyRefusedWriteLeavesFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	refused := [][]string{
		{"player", "add", " "}, {"category", "add", " "}, {"undo"},
		{"result", "1", "99", "2-0"}, {"lot"},
	}
	for _, kind := range []string{"zero-byte", "schema-1"} {
		for _, args := range refused {
			t.Run(kind+"/"+strings.Join(args, "-"), func(t *testing.T) {
				dir := t.TempDir()
				db := filepath.Join(dir, "t.db")
				if kind == "zero-byte" {
					os.WriteFile(db, nil, 0o644)
				} else {
					writeV1DB(t, db)
				}
				before := fileState(t, db)
				code, _, stderr := runBounded(t, dir, 20*time.Second, append([]string{"--db", "t.db"}, args...)...)
				if code == 0 {
					t.Errorf("exit 0, want a refusal")
				}
				if !strings.HasPrefix(stderr, "arbitro: ") {
					t.Errorf("stderr %q", stderr)
				}
				if after := fileState(t, db); after != before {
					t.Errorf("the refused write changed the file: %s -> %s (stderr %q)", before, after, stderr)
				}
			})
		}
	}
	t.Run("schema-1/kept-write-upgrades", func(t *testing.T) {
		dir := t.TempDir()
		writeV1DB(t, filepath.Join(dir, "t.db"))
		mustRun(t, dir, "--db", "t.db", "player", "add", "Rossi, Mario")
		out, err := arbitroCmd(dir, "--db", "t.db", "player", "list").CombinedOutput()
		if err != nil || !strings.Contains(string(out), "Rossi") {
			t.Fatalf("player list after the upgrade: %v\n%s", err, out)
		}
		db, _ := sql.Open("sqlite", "file:"+filepath.Join(dir, "t.db")+"?mode=ro")
		defer db.Close()
		var v int
		var mode string
		db.QueryRow("PRAGMA user_version").Scan(&v)
		db.QueryRow("PRAGMA journal_mode").Scan(&mode)
		if v < 5 || mode != "wal" {
			t.Errorf("after a kept write the file is at schema %d in journal mode %s, want the current schema in WAL", v, mode)
		}
	})
	t.Run("zero-byte/kept-write-creates", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "t.db"), nil, 0o644)
		mustRun(t, dir, "--db", "t.db", "tournament", "create", "Open", "--system", "dutch", "--rounds", "5")
		db, _ := sql.Open("sqlite", "file:"+filepath.Join(dir, "t.db")+"?mode=ro")
		defer db.Close()
		var mode string
		db.QueryRow("PRAGMA journal_mode").Scan(&mode)
		if mode != "wal" {
			t.Errorf("a file created by a kept write is in journal mode %q, want wal", mode)
		}
	})
}

// TestSafetyBusyTimeoutClamped: ARBITRO_BUSY_TIMEOUT=600h, more than SQLite's busy
// timeout can hold (2^31-1 ms, about 596 h), is clamped with a note, and the writer
// waits for another process's write lock (held here for 400 ms) instead of failing at
// once as it did when the milliseconds overflowed into a negative busy_timeout.
func TestSafetyBusyTimeoutClamped(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	mustRun(t, dir, "--db", "t.db", "tournament", "create", "Open", "--system", "dutch", "--rounds", "5")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "t.db")+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec("UPDATE tournaments SET rounds = rounds"); err != nil {
		t.Fatal(err)
	}
	released := make(chan struct{})
	go func() {
		time.Sleep(400 * time.Millisecond)
		tx.Commit()
		close(released)
	}()
	cmd := arbitroCmd(dir, "--db", "t.db", "player", "add", "Rossi, Mario")
	cmd.Env = append(cmd.Env, "ARBITRO_BUSY_TIMEOUT=600h")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	start := time.Now()
	err = cmd.Run()
	<-released
	if err != nil {
		t.Fatalf("the writer failed after %v instead of waiting: %v\n%s", time.Since(start), err, errb.String())
	}
	if !strings.Contains(errb.String(), "note: ARBITRO_BUSY_TIMEOUT=600h is longer than SQLite accepts: waiting at most 596h31m23.647s") {
		t.Errorf("no note of the clamp: %q", errb.String())
	}
}
