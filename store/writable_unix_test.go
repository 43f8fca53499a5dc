//go:build unix

package store

import (
	"os"
	"testing"
)

// access(2) lets root write a file whose write bits are all clear; everyone else is
// refused. Open relies on the permission bits for root (see Open's docstring).
func TestWritableUnixPermissionBits(t *testing.T) {
	path, _, _ := writableFixture(t)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	root := os.Geteuid() == 0
	if got := writable(path); got != root {
		t.Fatalf("writable on a 0444 file as uid %d = %v, want %v", os.Geteuid(), got, root)
	}
}
