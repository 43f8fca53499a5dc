//go:build !unix

package store

import (
	"os"
	"testing"
)

// On Windows os.Chmod(0444) sets the read-only attribute, which refuses writing to
// every user, Administrator included.
func TestWritableReadOnlyAttribute(t *testing.T) {
	path, _, _ := writableFixture(t)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if writable(path) {
		t.Fatal("writable = true for a file with the read-only attribute set")
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if !writable(path) {
		t.Fatal("writable = false once the read-only attribute is cleared")
	}
}
