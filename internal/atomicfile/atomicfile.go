// Package atomicfile writes a file all at once: the content goes to a temporary file in
// the same folder, which is renamed over the target only when it is complete, so a reader
// (a web server, rsync, another arbitro) sees the old file or the new one, never part of
// one, and a failed write leaves the target as it was. It is the one such writer of the
// module (TRF and pairing exports of cmd/arbitro, the pages of package site).
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// TempPrefix begins the name of every temporary file Write creates (".tmp-" and a random
// part), in the target's folder; one left behind by a killed process may be removed.
const TempPrefix = ".tmp-"

// Stage names the step of Write that failed, for a caller that explains each one.
type Stage string

const (
	StageCreate Stage = "create" // the temporary file could not be created (missing or read-only folder)
	StageWrite  Stage = "write"  // writing or closing it failed (disk full, I/O error)
	StageRename Stage = "rename" // it could not be renamed over the target
)

// Error is an error of Write at one Stage (errors.As); Unwrap gives the os error.
type Error struct {
	Stage Stage
	Err   error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Write writes path with the bytes fn writes, through a temporary file renamed into place,
// with permissions perm (before the umask, as os.WriteFile). An error of fn is returned as
// it is; the others are *Error. On any error the temporary file is removed and path is
// unchanged.
func Write(path string, perm os.FileMode, fn func(io.Writer) error) (err error) {
	tmp, err := create(filepath.Dir(path), perm)
	if err != nil {
		return &Error{StageCreate, err}
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if err := fn(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return &Error{StageWrite, err}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return &Error{StageRename, err}
	}
	return nil
}

// create makes a new temporary file in dir with permissions perm (less the umask), named
// TempPrefix and a random number (os.CreateTemp's naming, with the caller's permissions).
func create(dir string, perm os.FileMode) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, TempPrefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// WriteBytes is Write of data.
func WriteBytes(path string, perm os.FileMode, data []byte) error {
	return Write(path, perm, func(w io.Writer) error { _, err := w.Write(data); return err })
}
