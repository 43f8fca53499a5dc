//go:build unix

package store

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// readOnlyMedium reports whether nobody can be writing the file at path: the file has no
// write permission bit at all (an archived file, chmod a-w), or its file system is
// mounted read-only (access(2) of its folder for writing fails with EROFS, whoever asks).
// Only then may it be opened immutable=1, which never sees a change.
func readOnlyMedium(path string) bool {
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o222 == 0 {
		return true
	}
	return errors.Is(unix.Access(filepath.Dir(path), unix.W_OK), unix.EROFS)
}
