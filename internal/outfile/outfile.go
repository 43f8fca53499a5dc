// Package outfile is the one writer of every file arbitro writes: the PDF reports, the TRF
// exports (`export trf FILE`, `generate --output`, `pair --trf --output`), the demo's files,
// and the pages and manifest of a published site (package site, through Dir).
//
// Before writing, a Guard refuses what must never be overwritten (issue 27, classes 1 and 2):
//   - the database that is open (or named by --db) and its -wal, -shm and -journal files,
//     compared with os.SameFile, so also through a symbolic or a hard link (Database);
//   - any file that starts with the SQLite header "SQLite format 3\x00" (SQLite);
//   - anything that is not a regular file: a folder, a device such as /dev/full, a fifo, a
//     socket, a symbolic link to one of those or to nothing (NotRegular);
//   - inside a Dir (publish --out), any symbolic link on the way, which is never followed
//     (Symlink), on top of os.Root's own refusal of a name leading out of the folder.
//
// The content goes to a temporary file beside the target (TempPrefix), which is renamed over
// it only once complete and closed: a reader sees the old file or the new one, and a failed
// rendering, a full disk or a read-only medium leave the old file byte-identical and no
// temporary file behind. Every failure is an *Error whose Reason names the cause (Reason
// values), for the faces to word in the reader's language. Pure Go, no SQL.
package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// TempPrefix begins the name of every temporary file a write creates (".tmp-" and a random
// part), in the target's folder; one left behind by a killed process may be removed.
const TempPrefix = ".tmp-"

// sqliteHeader is the first 16 bytes of every SQLite database file (sqlite.org/fileformat.html §1.3.1).
const sqliteHeader = "SQLite format 3\x00"

// Reason is why a write was refused or failed: a stable code the faces turn into words.
type Reason string

const (
	Database    Reason = "database"     // the target is the database or its -wal/-shm/-journal
	SQLite      Reason = "sqlite"       // the target starts with the SQLite header
	NotRegular  Reason = "not-regular"  // the target is a folder, device, fifo, socket or a link to one (Kind says which)
	Symlink     Reason = "symlink"      // inside a Dir: a symbolic link on the way (Link names it)
	NotFolder   Reason = "not-folder"   // a Dir, or a folder on the way inside one, is a file (Link names it)
	Unreadable  Reason = "unreadable"   // the existing target cannot be read to check it is no database
	NoFolder    Reason = "no-folder"    // the folder of the target does not exist (or is a file)
	NotWritable Reason = "not-writable" // the folder or the target cannot be written by this user
	ReadOnly    Reason = "read-only"    // the medium is read-only (EROFS): permissions do not help
	DiskFull    Reason = "disk-full"    // no space left on the device, or the user's quota is reached
	Render      Reason = "render"       // the content could not be made (the renderer's own error)
	IO          Reason = "io"           // another error of the file system
)

// Kinds of NotRegular targets (Error.Kind).
const (
	KindDirectory = "directory"
	KindDevice    = "device"
	KindFifo      = "fifo"
	KindSocket    = "socket"
	KindDangling  = "dangling-link" // a symbolic link to nothing
	KindOther     = "other"
)

// Error is a refused or failed write. Path is the target as the caller named it; Existed
// says whether it existed before (it is then byte-identical: nothing was written); Kind is
// set for NotRegular, Link for Symlink (the link's path); Err is the underlying error
// (the renderer's for Render, the os error otherwise), given by Unwrap.
type Error struct {
	Path    string
	Reason  Reason
	Existed bool
	Kind    string
	Link    string
	Err     error
}

// Error is the English text of e (the faces word it from e.Reason in the reader's language).
func (e *Error) Error() string {
	state := "nothing was written; " + e.Path + " was not created"
	if e.Existed {
		state = "nothing was written; " + e.Path + " is as it was"
	}
	var what string
	switch e.Reason {
	case Database:
		what = "it is the database"
	case SQLite:
		what = "it is an SQLite database"
	case NotRegular:
		what = "it is not a regular file (" + e.Kind + ")"
	case Symlink:
		what = e.Link + " is a symbolic link, which is not followed"
	case Render, IO:
		what = fmt.Sprint(e.Err)
	default:
		what = string(e.Reason)
		if e.Err != nil {
			what += ": " + e.Err.Error()
		}
	}
	return fmt.Sprintf("cannot write %s: %s (%s)", e.Path, what, state)
}

func (e *Error) Unwrap() error { return e.Err }

// protected is one path a Guard never writes: its folder and base name, and the file's
// identity when it exists.
type protected struct {
	dir  os.FileInfo // the folder (nil when missing)
	base string
	file os.FileInfo // the file (nil when missing)
}

// Guard refuses to write the database files it protects (Protect), any SQLite file and
// anything not a regular file; its zero value protects no database but refuses the rest.
type Guard struct {
	protect []protected
}

// Protect returns a Guard of each database path given ("" is skipped) and of its -wal,
// -shm and -journal files (SQLite's names beside it).
func Protect(databases ...string) Guard {
	var g Guard
	for _, db := range databases {
		if db == "" {
			continue
		}
		for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
			p := db + suffix
			pr := protected{base: filepath.Base(p)}
			pr.dir, _ = os.Stat(filepath.Dir(p))
			pr.file, _ = os.Stat(p)
			g.protect = append(g.protect, pr)
		}
	}
	return g
}

// isProtected reports whether the file fi (nil: missing) named base in the folder dirInfo
// is one of the protected files: the same file, or the same name in the same folder.
func (g Guard) isProtected(fi, dirInfo os.FileInfo, base string) bool {
	for _, p := range g.protect {
		if fi != nil && p.file != nil && os.SameFile(fi, p.file) {
			return true
		}
		if base == p.base && dirInfo != nil && p.dir != nil && os.SameFile(dirInfo, p.dir) {
			return true
		}
	}
	return false
}

// kind names what a non-regular file is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return KindDirectory
	case m&fs.ModeDevice != 0:
		return KindDevice
	case m&fs.ModeNamedPipe != 0:
		return KindFifo
	case m&fs.ModeSocket != 0:
		return KindSocket
	}
	return KindOther
}

// Check reports (as Write would, without writing) whether path may be written: nil, or the
// *Error of the refusal. A missing path in an existing folder may be.
func (g Guard) Check(path string) error {
	_, _, err := g.resolve(path)
	return err
}

// resolve checks path and returns the file to replace (path, or the regular file a
// symbolic link at path leads to) and its current information (nil when missing).
func (g Guard) resolve(path string) (string, os.FileInfo, error) {
	refuse := func(r Reason, existed bool, k string, err error) (string, os.FileInfo, error) {
		return "", nil, &Error{Path: path, Reason: r, Existed: existed, Kind: k, Err: err}
	}
	target := path
	li, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || notDir(err):
		dirInfo, derr := os.Stat(filepath.Dir(path))
		if derr != nil {
			return refuse(classify(derr, NotWritable), false, "", derr)
		}
		if !dirInfo.IsDir() {
			return "", nil, &Error{Path: path, Reason: NotFolder, Link: filepath.Dir(path)}
		}
		if g.isProtected(nil, dirInfo, filepath.Base(path)) {
			return refuse(Database, false, "", nil)
		}
		return path, nil, nil
	case err != nil:
		return refuse(classify(err, IO), false, "", err)
	}
	if li.Mode()&fs.ModeSymlink != 0 {
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return refuse(NotRegular, true, KindDangling, err)
		}
		target = real
	}
	fi, err := os.Stat(target)
	if err != nil {
		return refuse(classify(err, IO), true, "", err)
	}
	dirInfo, _ := os.Stat(filepath.Dir(target))
	switch {
	case g.isProtected(fi, dirInfo, filepath.Base(target)):
		return refuse(Database, true, "", nil)
	case !fi.Mode().IsRegular():
		return refuse(NotRegular, true, kind(fi.Mode()), nil)
	}
	f, err := os.Open(target)
	if err != nil {
		return refuse(Unreadable, true, "", err)
	}
	head := make([]byte, len(sqliteHeader))
	n, _ := io.ReadFull(f, head)
	f.Close()
	if string(head[:n]) == sqliteHeader {
		return refuse(SQLite, true, "", nil)
	}
	return target, fi, nil
}

// Write writes path with the bytes fn writes, after the checks of the Guard (Check):
// through a temporary file in the folder of the file replaced (a symbolic link to a regular
// file is followed, and the file it leads to replaced), renamed over it once complete. A new
// file gets permissions 0644 less the umask, a replaced one keeps its own. On any error, the
// temporary file is removed, path is as it was, and the error is an *Error (Reason Render
// for fn's own error, which it wraps).
func (g Guard) Write(path string, fn func(io.Writer) error) error {
	target, old, err := g.resolve(path)
	if err != nil {
		return err
	}
	perm := os.FileMode(0o644)
	if old != nil {
		perm = old.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	fail := func(r Reason, err error) error {
		return &Error{Path: path, Reason: classify(err, r), Existed: old != nil, Err: err}
	}
	tmp, err := createTemp(func(name string) (*os.File, error) {
		return os.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
	})
	if err != nil {
		return fail(NotWritable, err)
	}
	tmpName := tmp.Name()
	if err := fill(tmp, perm, old != nil, true, fn); err != nil {
		os.Remove(tmpName)
		return fail(Render, err)
	}
	if err := os.Rename(tmpName, filepath.Join(dir, base)); err != nil {
		os.Remove(tmpName)
		return fail(IO, err)
	}
	return nil
}

// WriteBytes is Write of data.
func (g Guard) WriteBytes(path string, data []byte) error {
	return g.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// fill writes the temporary file f with fn, gives it perm exactly when it replaces a file
// (its own permissions, which the umask does not change), flushes it to the disk when
// sync (so that a file system reporting a full disk only then says so before the rename)
// and closes it. The first error of a write is returned even when fn drops it.
func fill(f *os.File, perm os.FileMode, replace, sync bool, fn func(io.Writer) error) error {
	ew := &errWriter{w: f}
	if underTemp != nil {
		ew.w = underTemp(f)
	}
	err := fn(ew)
	if ew.err != nil {
		err = ew.err // the file system's cause (a full disk) before what fn made of it
	}
	if err == nil && replace {
		err = f.Chmod(perm)
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// underTemp, when set (by tests only), is the writer under the temporary file: a full disk.
var underTemp func(io.Writer) io.Writer

// errWriter remembers the first error of its writer.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// createTemp makes a new temporary file with open (given a name TempPrefix and a random
// number, to create exclusively), trying another name when one exists.
func createTemp(open func(name string) (*os.File, error)) (*os.File, error) {
	for try := 0; ; try++ {
		f, err := open(TempPrefix + strconv.FormatUint(rand.Uint64(), 36))
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// hasSQLiteHeader reports whether data starts with the SQLite header.
func hasSQLiteHeader(data []byte) bool {
	return bytes.HasPrefix(data, []byte(sqliteHeader))
}

// cleanName checks a slash-separated name relative to a Dir: no empty, "." or ".." part,
// not absolute.
func cleanName(name string) bool {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "\\") {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}
