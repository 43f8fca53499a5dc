package store

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writableFixture writes a small file with a modification time in the past and
// returns its path.
func writableFixture(t *testing.T) (string, []byte, time.Time) {
	t.Helper()
	path := filepath.Join(tempDir(t), "Torneo di Prova è.db")
	body := []byte("not touched")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	past := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	return path, body, past
}

func TestWritableLeavesTheFileAlone(t *testing.T) {
	path, body, past := writableFixture(t)
	if !writable(path) {
		t.Fatalf("writable(%q) = false for a 0644 file this process created", path)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, body) || !fi.ModTime().Equal(past) {
		t.Fatalf("writable changed the file: %q, mtime %v (want %q, %v)", got, fi.ModTime(), body, past)
	}
}

func TestWritableMissingFile(t *testing.T) {
	if writable(filepath.Join(tempDir(t), "absent.db")) {
		t.Fatal("writable = true for a file that does not exist")
	}
}

// tempDir is t.TempDir with a best-effort removal: these tests also run on Windows under
// Debian's Wine 8 (cmd/arbitro's TestWindowsUnderWine), where Go 1.26's os.RemoveAll
// fails with "Invalid function" and t.TempDir's cleanup would fail the test.
func tempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "arbitro-writable-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(filepath.Join(dir, "Torneo di Prova è.db"), 0o644)
		os.RemoveAll(dir)
	})
	return dir
}
