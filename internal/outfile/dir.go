package outfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Dir is a folder arbitro writes many files into (publish --out, the demo's folder), opened
// as an os.Root: no name leads out of it, and no symbolic link inside it is followed (every
// folder on the way to a file is checked with Lstat; a link is refused with Reason Symlink).
// Each file is written as by Guard.Write, under the same Guard. Names are slash-separated
// and relative to the folder ("1-open/index.html"). A Dir is for one goroutine.
type Dir struct {
	g       Guard
	root    *os.Root
	path    string          // the folder as the caller named it, for messages
	checked map[string]bool // folders known to exist with no link on the way
}

// OpenDir opens the folder path for writing, creating it (and its parents, 0755 less the
// umask) when missing. path itself may be a symbolic link to a folder (the caller's
// choice); nothing inside it is followed. Errors: *Error with Reason NotFolder (path is a
// file; Database when it is the database), or the cause of a failed creation (NoFolder,
// NotWritable, ReadOnly, DiskFull, IO).
func (g Guard) OpenDir(dir string) (*Dir, error) {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		r := NotFolder
		if g.isProtected(fi, nil, "") {
			r = Database
		}
		return nil, &Error{Path: dir, Reason: r, Existed: true}
	case err != nil:
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, &Error{Path: dir, Reason: classify(err, IO), Err: err}
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, &Error{Path: dir, Reason: classify(err, IO), Existed: true, Err: err}
	}
	return &Dir{g: g, root: root, path: dir, checked: map[string]bool{".": true}}, nil
}

// Sub opens the folder name inside d (created when missing) as a Dir of its own, under the
// same Guard; a symbolic link on the way is refused.
func (d *Dir) Sub(name string) (*Dir, error) {
	if err := d.folder(name, name, true); err != nil {
		return nil, err
	}
	root, err := d.root.OpenRoot(name)
	if err != nil {
		return nil, d.fail(name, IO, false, err)
	}
	return &Dir{g: d.g, root: root, path: d.Path(name), checked: map[string]bool{".": true}}, nil
}

// Close closes the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Path is name as a path of the file system (the folder joined with name), for messages.
func (d *Dir) Path(name string) string { return filepath.Join(d.path, filepath.FromSlash(name)) }

func (d *Dir) fail(name string, r Reason, existed bool, err error) error {
	return &Error{Path: d.Path(name), Reason: classify(err, r), Existed: existed, Err: err}
}

// folder checks that the folder dir of d exists (creating it when create) with no symbolic
// link on the way; file is the name the caller is after, for the error.
func (d *Dir) folder(dir, file string, create bool) error {
	if d.checked[dir] {
		return nil
	}
	if parent := path.Dir(dir); parent != "." {
		if err := d.folder(parent, file, create); err != nil {
			return err
		}
	}
	fi, err := d.root.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && create:
		if err := d.root.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return d.fail(file, NotWritable, false, err)
		}
		fi, err = d.root.Lstat(dir)
		if err != nil {
			return d.fail(file, IO, false, err)
		}
	case err != nil:
		return d.fail(file, IO, false, err)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return &Error{Path: d.Path(file), Reason: Symlink, Link: d.Path(dir)}
	case !fi.IsDir():
		return &Error{Path: d.Path(file), Reason: NotFolder, Link: d.Path(dir)}
	}
	d.checked[dir] = true
	return nil
}

// check checks the file name of d before it is written: its folder (created when missing),
// then the file itself when it exists (no link, a regular file, not the database). It
// returns the file's information (nil when missing).
func (d *Dir) check(name string) (os.FileInfo, error) {
	if !cleanName(name) {
		return nil, &Error{Path: d.Path(name), Reason: IO, Err: errors.New("not a name inside the folder")}
	}
	if err := d.folder(path.Dir(name), name, true); err != nil {
		return nil, err
	}
	fi, err := d.root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fi = nil
	case err != nil:
		return nil, d.fail(name, IO, false, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, &Error{Path: d.Path(name), Reason: Symlink, Link: d.Path(name), Existed: true}
	case !fi.Mode().IsRegular():
		return nil, &Error{Path: d.Path(name), Reason: NotRegular, Kind: kind(fi.Mode()), Existed: true}
	}
	base := path.Base(name)
	for _, p := range d.g.protect {
		if fi != nil && p.file != nil && os.SameFile(fi, p.file) {
			return nil, &Error{Path: d.Path(name), Reason: Database, Existed: true}
		}
		if base == p.base && p.dir != nil {
			if di, err := d.root.Stat(path.Dir(name)); err == nil && os.SameFile(di, p.dir) {
				return nil, &Error{Path: d.Path(name), Reason: Database, Existed: fi != nil}
			}
		}
	}
	return fi, nil
}

// WriteBytes writes data to the file name of d when its content differs (changed reports
// whether it was written), after the checks of check and of the SQLite header.
func (d *Dir) WriteBytes(name string, data []byte) (changed bool, err error) {
	fi, err := d.check(name)
	if err != nil {
		return false, err
	}
	if fi != nil {
		old, err := d.root.ReadFile(name)
		if err != nil {
			return false, d.fail(name, Unreadable, true, err)
		}
		if hasSQLiteHeader(old) {
			return false, &Error{Path: d.Path(name), Reason: SQLite, Existed: true}
		}
		if bytes.Equal(old, data) {
			return false, nil
		}
	}
	return true, d.write(name, fi, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// Write writes the file name of d with the bytes fn writes, as Guard.Write does.
func (d *Dir) Write(name string, fn func(io.Writer) error) error {
	fi, err := d.check(name)
	if err != nil {
		return err
	}
	if fi != nil {
		if f, err := d.root.Open(name); err == nil {
			head := make([]byte, len(sqliteHeader))
			n, _ := io.ReadFull(f, head)
			f.Close()
			if hasSQLiteHeader(head[:n]) {
				return &Error{Path: d.Path(name), Reason: SQLite, Existed: true}
			}
		} else {
			return d.fail(name, Unreadable, true, err)
		}
	}
	return d.write(name, fi, fn)
}

// write writes name (checked; old its information, nil when new) through a temporary file
// beside it, renamed over it.
func (d *Dir) write(name string, old os.FileInfo, fn func(io.Writer) error) error {
	perm := os.FileMode(0o644)
	if old != nil {
		perm = old.Mode().Perm()
	}
	dir := path.Dir(name)
	tmp, err := createTemp(func(t string) (*os.File, error) {
		return d.root.OpenFile(path.Join(dir, t), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
	})
	if err != nil {
		return d.fail(name, NotWritable, old != nil, err)
	}
	tmpName := path.Join(dir, filepath.Base(tmp.Name()))
	if err := fill(tmp, perm, old != nil, false, fn); err != nil { // a site is many files, published again at will: no fsync each
		d.root.Remove(tmpName)
		return d.fail(name, Render, old != nil, err)
	}
	if err := d.root.Rename(tmpName, name); err != nil {
		d.root.Remove(tmpName)
		return d.fail(name, IO, old != nil, err)
	}
	return nil
}

// ReadFile reads the regular file name of d (a link, or a link on the way, is an error).
func (d *Dir) ReadFile(name string) ([]byte, error) {
	if !cleanName(name) {
		return nil, fs.ErrInvalid
	}
	if err := d.folder(path.Dir(name), name, false); err != nil {
		return nil, err
	}
	fi, err := d.root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{Path: d.Path(name), Reason: NotRegular, Kind: kind(fi.Mode()), Existed: true}
	}
	return d.root.ReadFile(name)
}

// Files lists the regular files of the folder dir of d ("." the folder itself), sorted by
// name: no link, folder or other entry, and nothing when dir is missing, a link or has one
// on the way.
func (d *Dir) Files(dir string) []string {
	if dir != "." && (!cleanName(dir) || d.folder(dir, dir, false) != nil) {
		return nil
	}
	f, err := d.root.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, _ := f.ReadDir(-1)
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names
}

// RemoveFile removes the file name of d when it is a regular file with no link on the way
// (never a link, a folder or what a link leads to), and reports whether it did.
func (d *Dir) RemoveFile(name string) bool {
	if !cleanName(name) || d.folder(path.Dir(name), name, false) != nil {
		return false
	}
	fi, err := d.root.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	return d.root.Remove(name) == nil
}

// RemoveEmptyDir removes the folder name of d when it is an empty folder with no link on
// the way, and reports whether it did.
func (d *Dir) RemoveEmptyDir(name string) bool {
	name = strings.TrimSuffix(name, "/")
	if !cleanName(name) || d.folder(name, name, false) != nil {
		return false
	}
	if d.root.Remove(name) != nil {
		return false
	}
	delete(d.checked, name)
	return true
}
