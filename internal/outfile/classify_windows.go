//go:build windows

package outfile

import (
	"errors"
	"syscall"
)

// Windows' error numbers (winerror.h).
const (
	errorWriteProtect    syscall.Errno = 19  // ERROR_WRITE_PROTECT: the medium is write-protected
	errorHandleDiskFull  syscall.Errno = 39  // ERROR_HANDLE_DISK_FULL
	errorDiskFull        syscall.Errno = 112 // ERROR_DISK_FULL
	errorDirectory       syscall.Errno = 267 // ERROR_DIRECTORY: the name is not a folder
	errorDiskQuotaExceed syscall.Errno = 1295
)

// diskFull: the disk is full, or the user's quota reached.
func diskFull(err error) bool {
	return errors.Is(err, errorDiskFull) || errors.Is(err, errorHandleDiskFull) || errors.Is(err, errorDiskQuotaExceed)
}

// readOnly: the medium is write-protected.
func readOnly(err error) bool { return errors.Is(err, errorWriteProtect) }

// notDir: a part of the path is a file, not a folder.
func notDir(err error) bool {
	return errors.Is(err, errorDirectory) || errors.Is(err, syscall.ERROR_PATH_NOT_FOUND)
}
