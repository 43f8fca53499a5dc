//go:build !unix

package store

import "os"

// writable reports whether this process may open the existing file at path for
// writing. Windows has no access(2): false when the read-only attribute is set (Go
// reports it as mode 0444; Windows refuses writing to every user then), else the file
// is opened for writing (no create, no truncate, nothing written) and closed at once,
// which fails with "Access is denied" when an ACL denies the user write access or on a
// read-only share. The file's contents and modification time are left as they were.
//
// The attribute is checked first because Wine run as root lets the open through.
func writable(path string) bool {
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm()&0o200 == 0 {
		return false
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
