//go:build unix

package outfile

import (
	"errors"
	"syscall"
)

// diskFull: no space left on the device (ENOSPC), or the user's quota reached (EDQUOT).
func diskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// readOnly: the file system is mounted read-only (EROFS).
func readOnly(err error) bool { return errors.Is(err, syscall.EROFS) }

// notDir: a part of the path is a file, not a folder (ENOTDIR).
func notDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
