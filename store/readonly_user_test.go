package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// asOtherUser opens the file as a user who cannot write it would (openConfig.noWrite).
func asOtherUser() OpenOption { return func(c *openConfig) { c.noWrite = true } }

// TestSafetyReaderWhoCannotWriteSeesNewWrites: a store opened for reading by a user who
// cannot write the file (simulated: openConfig.noWrite; the test runs as one user) and
// kept open, as serve keeps it, sees every write of the owner, whether the owner's file
// has a write-ahead log at that moment (a writer still open) or not (each writer closed,
// the log checkpointed and removed). Before issue 27 such a store was opened immutable=1
// whenever no log was present and never saw a new write.
func TestSafetyReaderWhoCannotWriteSeesNewWrites(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Open")
	s.Close()
	r, err := Open(path, ForReading(), asOtherUser())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.imm == nil {
		t.Fatal("the reader was not opened as one who cannot write")
	}
	count := func() (n int) {
		t.Helper()
		if err := r.View(context.Background(), func(tx *Tx) error {
			return tx.queryRow(`SELECT count(*) FROM events`).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	want := count()
	for i := 0; i < 6; i++ {
		w, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		mustUpdate(t, w, func(tx *Tx) error { return tx.logEvent(0, "test.write", nil, i) })
		want++
		if i%2 == 0 {
			w.Close() // the log is checkpointed and removed: the reader reads the file alone
			if _, err := os.Stat(path + "-wal"); err == nil {
				t.Fatal("a -wal is left after the writer closed")
			}
		}
		if got := count(); got != want {
			t.Fatalf("write %d (writer closed: %v): the reader sees %d events, want %d", i, i%2 == 0, got, want)
		}
		if i%2 == 1 {
			w.Close()
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "t.db-shm")); err == nil {
		t.Error("a -shm is left behind")
	}
}
