//go:build !unix

package outfile

import "errors"

// mkfifo: no named pipes in the file system here.
func mkfifo(string) error { return errors.New("no fifo") }
