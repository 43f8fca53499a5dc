package outfile

import (
	"errors"
	"io/fs"
)

// classify names the cause of a file-system error err: a full disk, a read-only medium, a
// missing folder or a refused permission (the system's own error numbers: diskFull,
// readOnly, in classify_*.go), else def.
func classify(err error, def Reason) Reason {
	switch {
	case err == nil:
		return def
	case diskFull(err):
		return DiskFull
	case readOnly(err):
		return ReadOnly
	case def == Render || def == IO:
		return def
	case errors.Is(err, fs.ErrNotExist) || notDir(err):
		return NoFolder
	case errors.Is(err, fs.ErrPermission):
		return NotWritable
	}
	return def
}
