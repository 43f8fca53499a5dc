package store

// Data safety guarantees of the store (README, "Data safety"): writers queue instead of
// failing, read commands never create or change a file.

import (
	"arbitro/tournament"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestSafetyWritersQueue: fifty writers each holding the write lock for 30 ms (1.5 s of
// queue in all), with a busy timeout of 750 ms, all succeed: the lock keeps moving (each
// commit is seen through PRAGMA data_version), so no one waits for a stuck writer. Before
// beginWrite, every writer that waited more than the timeout in total failed with ErrBusy.
// (The timeout is 25 times the 30 ms hold so that a loaded machine, which may pause a
// lock holder for hundreds of milliseconds — seen at a load average of 30 on two cores
// with 300 ms — does not fail the test; the queue is still twice the timeout.)
func TestSafetyWritersQueue(t *testing.T) {
	_, path := openTemp(t)
	const n = 50
	var wg sync.WaitGroup
	errs := make([]error, n)
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		s, err := Open(path, WithBusyTimeout(750*time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			errs[i] = s.Update(context.Background(), func(tx *Tx) error {
				time.Sleep(30 * time.Millisecond)
				return tx.logEvent(0, "test.write", nil, i)
			})
		}(i)
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got int
	s.DB().QueryRow(`SELECT count(*) FROM events WHERE action = 'test.write'`).Scan(&got)
	if got != n {
		t.Fatalf("%d events written, want %d", got, n)
	}
}

// TestSafetyReadNeverCreates: opening for reading a missing file fails and creates
// nothing; a zero-byte file is refused with ErrNoTournament and stays zero bytes, with
// no -wal or -shm beside it.
func TestSafetyReadNeverCreates(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	if _, err := Open(missing, ForReading()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v, want fs.ErrNotExist", err)
	}
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	if _, err := Open(empty, ForReading()); !errors.Is(err, tournament.ErrNoTournament) {
		t.Fatalf("empty file: %v, want ErrNoTournament", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("the folder holds %d files after the reads, want only empty.db", len(ents))
	}
	if fi, _ := os.Stat(empty); fi.Size() != 0 {
		t.Fatalf("the empty file grew to %d bytes", fi.Size())
	}
}

// TestSafetyReadLeavesFileUnchanged: a read through ForReading of a file closed cleanly
// leaves it byte-identical, with no -wal or -shm behind, and refuses Update.
func TestSafetyReadLeavesFileUnchanged(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Open")
	s.Close()
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatal("a -wal file is left after a clean close")
	}
	before := fileHash(t, path)
	r, err := Open(path, ForReading())
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := r.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		n = len(all)
		return err
	}); err != nil || n != 1 {
		t.Fatalf("read %d tournaments: %v", n, err)
	}
	if err := r.Update(context.Background(), func(tx *Tx) error { return nil }); !errors.Is(err, tournament.ErrReadOnly) {
		t.Fatalf("Update on a store opened for reading: %v, want ErrReadOnly", err)
	}
	r.Close()
	if fileHash(t, path) != before {
		t.Fatal("reading changed the file")
	}
	for _, suf := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + suf); err == nil {
			t.Errorf("reading left %s behind", filepath.Base(path+suf))
		}
	}
}

// TestSafetyReadUpgradedCopy: a store opened for reading reads an older file through a
// copy in the temporary folder (readUpgradedCopy, called by openForReading when the file's
// schema is older than this arbitro's): the file stays byte-identical and the copy is
// removed by Close.
func TestSafetyReadUpgradedCopy(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Old")
	s.Close()
	before := fileHash(t, path)
	r, err := Open(path, ForReading())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.readUpgradedCopy(r.version); err != nil {
		t.Fatal(err)
	}
	if r.tmpCopy == "" {
		t.Fatal("no copy made")
	}
	var n int
	r.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		n = len(all)
		return err
	})
	if n != 1 {
		t.Fatalf("the copy holds %d tournaments, want 1", n)
	}
	copyDir := r.tmpCopy
	r.Close()
	if _, err := os.Stat(copyDir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the copy %s is left after Close", copyDir)
	}
	if fileHash(t, path) != before {
		t.Fatal("reading through a copy changed the file")
	}
}

// TestSafetyReadOlderSchema: a read of a schema-1 file (testdata/schema/v1.sql) through
// ForReading sees it migrated, while the file itself stays byte-identical at version 1,
// with no -wal or -shm left and no temporary copy.
func TestSafetyReadOlderSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeV1File(t, path,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Vecchio', 'italian', 'italo-swiss', 5, 'x')`)
	before := fileHash(t, path)
	r, err := Open(path, ForReading())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	if err := r.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		for _, x := range all {
			names = append(names, x.Name)
		}
		return err
	}); err != nil || len(names) != 1 || names[0] != "Vecchio" {
		t.Fatalf("read %v: %v", names, err)
	}
	if r.Version() != SchemaVersion || r.tmpCopy == "" {
		t.Fatalf("read at version %d (copy %q), want %d through a copy", r.Version(), r.tmpCopy, SchemaVersion)
	}
	copyDir := r.tmpCopy
	r.Close()
	if fileHash(t, path) != before {
		t.Fatal("the read changed the schema-1 file")
	}
	for _, p := range []string{path + "-wal", path + "-shm", copyDir} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", p)
		}
	}
}
