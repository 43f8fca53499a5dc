//go:build unix

package store

import "golang.org/x/sys/unix"

// writable reports whether this process may open the existing file at path for
// writing, as access(2) with W_OK answers it: false on a read-only mount, or when
// the permission bits or an ACL deny the caller. It never opens the file, so it
// leaves it (and its modification time) untouched. Root passes access(2) on any
// file with a write bit missing; Open checks the permission bits itself for that.
func writable(path string) bool {
	return unix.Access(path, unix.W_OK) == nil
}
