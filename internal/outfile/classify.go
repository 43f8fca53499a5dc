package outfile

import (
	"errors"
	"io/fs"
)

// classify names the cause of a file-system error err: a full disk, a read-only medium, a
// refused permission (the system's own error numbers: diskFull, readOnly, notDir in
// classify_*.go), a missing folder where a file is created (def NotWritable), else def.
// A renderer's error (def Render) is its own unless the disk was full or read-only.
func classify(err error, def Reason) Reason {
	switch {
	case err == nil:
		return def
	case diskFull(err):
		return DiskFull
	case readOnly(err):
		return ReadOnly
	case def == Render:
		return def
	case errors.Is(err, fs.ErrPermission):
		return NotWritable
	case def == NotWritable && (errors.Is(err, fs.ErrNotExist) || notDir(err)):
		return NoFolder
	}
	return def
}
