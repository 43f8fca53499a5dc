//go:build !unix

package tournament

import "os"

// writable reports whether this process may open the existing file at path for
// writing. Windows has no access(2): the file is opened for writing (no create, no
// truncate, nothing written) and closed at once, which fails with "Access is
// denied" when the read-only attribute is set (Go reports it as mode 0444), when an
// ACL denies the user write access, or on a read-only share. The file's contents
// and modification time are left as they were.
func writable(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
