//go:build !unix

package store

import "os"

// readOnlyMedium reports whether nobody can be writing the file at path: here, a file
// with the read-only attribute (Go reports no write permission bit), which Windows lets
// no user write.
func readOnlyMedium(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().Perm()&0o222 == 0
}
