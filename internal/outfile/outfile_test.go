package outfile

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// sqliteFile is the start of a SQLite database file, as arbitro's database begins.
const sqliteFile = sqliteHeader + "\x10\x00\x02\x02rest of the database"

// tree returns "name sha256" of every entry under dir (links as "-> target"), sorted.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			lines = append(lines, rel+" -> "+l)
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			lines = append(lines, fmt.Sprintf("%s %x %v", rel, sha256.Sum256(b), fi.Mode().Perm()))
		default:
			lines = append(lines, rel+" "+fi.Mode().String())
		}
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func reason(err error) Reason {
	var oe *Error
	if errors.As(err, &oe) {
		return oe.Reason
	}
	return ""
}

// TestWrite: the target gets the whole content with the permissions of os.WriteFile, a
// replaced file keeps its own, and no temporary file is left behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.trf")
	if err := (Guard{}).WriteBytes(out, []byte("012 Open\n")); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, "ref")
	os.WriteFile(ref, nil, 0o644)
	got, _ := os.ReadFile(out)
	fi, _ := os.Stat(out)
	rfi, _ := os.Stat(ref)
	if string(got) != "012 Open\n" || fi.Mode().Perm() != rfi.Mode().Perm() {
		t.Errorf("content %q mode %v, want %v as os.WriteFile", got, fi.Mode().Perm(), rfi.Mode().Perm())
	}
	os.Chmod(out, 0o600)
	if err := (Guard{}).WriteBytes(out, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o600 {
		t.Errorf("a replaced file has mode %v, want its own 0600", fi.Mode().Perm())
	}
	onlyFiles(t, dir, "out.trf", "ref")
}

// TestSafetyOutputRefusesDatabase: the database, its -wal, -shm and -journal (present or
// not), a symbolic and a hard link to it, and any other SQLite file are refused, and left
// byte-identical (README S16).
func TestSafetyOutputRefusesDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	os.WriteFile(db, []byte(sqliteFile), 0o644)
	os.WriteFile(db+"-wal", []byte("wal"), 0o644)
	os.Symlink("t.db", filepath.Join(dir, "link.pdf"))
	os.Link(db, filepath.Join(dir, "hard.pdf"))
	os.WriteFile(filepath.Join(dir, "other.db"), []byte(sqliteFile), 0o644)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	g := Protect(filepath.Join(sub, "..", "t.db")) // another spelling of the same path
	before := tree(t, dir)
	for _, c := range []struct {
		path string
		want Reason
	}{
		{db, Database},
		{filepath.Join(dir, ".", "t.db"), Database},
		{db + "-wal", Database},
		{db + "-shm", Database},     // missing: refused by name
		{db + "-journal", Database}, // missing: refused by name
		{filepath.Join(dir, "link.pdf"), Database},
		{filepath.Join(dir, "hard.pdf"), Database},
		{filepath.Join(dir, "other.db"), SQLite},
	} {
		err := g.WriteBytes(c.path, []byte("%PDF-1.4 a report"))
		if reason(err) != c.want {
			t.Errorf("%s: %v, want %s", c.path, err, c.want)
		}
		if e := (*Error)(nil); errors.As(err, &e) && !strings.Contains(err.Error(), "nothing was written") {
			t.Errorf("%s: the message %q does not say that nothing was written", c.path, err)
		}
		if err := g.Check(c.path); reason(err) != c.want {
			t.Errorf("Check(%s): %v, want %s", c.path, err, c.want)
		}
	}
	if after := tree(t, dir); after != before {
		t.Errorf("the folder changed:\n%s\nwant\n%s", after, before)
	}
	if err := g.WriteBytes(filepath.Join(dir, "t.pdf"), []byte("report")); err != nil {
		t.Errorf("another file beside the database: %v", err)
	}
}

// TestSafetyOutputRefusesNonRegular: a folder, a device, a fifo, a link to a device and a
// dangling link are refused and left as they were; a link to a regular file writes that file.
func TestSafetyOutputRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	os.Symlink("/dev/null", filepath.Join(dir, "null.pdf"))
	os.Symlink("missing", filepath.Join(dir, "dangling.pdf"))
	os.WriteFile(filepath.Join(dir, "real.pdf"), []byte("old"), 0o644)
	os.Symlink("real.pdf", filepath.Join(dir, "alias.pdf"))
	cases := map[string]string{
		filepath.Join(dir, "folder"):       KindDirectory,
		filepath.Join(dir, "null.pdf"):     KindDevice,
		filepath.Join(dir, "dangling.pdf"): KindDangling,
	}
	if fifo := filepath.Join(dir, "fifo"); mkfifo(fifo) == nil {
		cases[fifo] = KindFifo
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		cases["/dev/full"] = KindDevice
	}
	before := tree(t, dir)
	for p, k := range cases {
		err := (Guard{}).WriteBytes(p, []byte("x"))
		var oe *Error
		if !errors.As(err, &oe) || oe.Reason != NotRegular || oe.Kind != k || !oe.Existed {
			t.Errorf("%s: %v, want not-regular %s", p, err, k)
		}
	}
	if after := tree(t, dir); after != before {
		t.Errorf("the folder changed:\n%s\nwant\n%s", after, before)
	}
	if fi, err := os.Lstat("/dev/full"); err == nil && fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/full is no longer a device: %v", fi.Mode())
	}
	if err := (Guard{}).WriteBytes(filepath.Join(dir, "alias.pdf"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "real.pdf")); string(b) != "new" {
		t.Errorf("through a link to a regular file: %q, want the file it leads to written", b)
	}
	if fi, _ := os.Lstat(filepath.Join(dir, "alias.pdf")); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
}

// failAfter is a writer that fails with err after n bytes, as a full disk does.
type failAfter struct {
	w   io.Writer
	n   int
	err error
}

// TestSafetyOutputFailureKeepsOld: a rendering that fails, a write that meets a full disk
// (a failing writer; /dev/full where there is one), a missing folder, a read-only medium and
// a folder the user cannot write each leave the old file byte-identical, no temporary file
// behind, and an error naming the cause and saying that nothing was written (README S17).
func TestSafetyOutputFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "standings.pdf")
	os.WriteFile(out, []byte("old report"), 0o644)
	before := tree(t, dir)
	boom := errors.New("the font is missing")
	check := func(what string, err error, want Reason) {
		t.Helper()
		var oe *Error
		if !errors.As(err, &oe) || oe.Reason != want {
			t.Errorf("%s: %v, want %s", what, err, want)
		} else if !oe.Existed || !strings.Contains(err.Error(), "nothing was written; "+out+" is as it was") {
			t.Errorf("%s: %q does not say that the file is as it was", what, err)
		}
		if after := tree(t, dir); after != before {
			t.Errorf("%s: the folder changed:\n%s\nwant\n%s", what, after, before)
		}
	}
	check("render", (Guard{}).Write(out, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	}), Render)
	if err := (Guard{}).Write(out, func(io.Writer) error { return boom }); !errors.Is(err, boom) {
		t.Errorf("the renderer's error is not wrapped: %v", err)
	}
	full := fmt.Errorf("write: %w", syscall.ENOSPC)
	underTemp = func(w io.Writer) io.Writer { return &failAfter{w: w, n: 4, err: full} }
	defer func() { underTemp = nil }()
	pdf := func(w io.Writer) error { _, err := io.WriteString(w, "%PDF-1.4 ..."); return err }
	check("disk full", (Guard{}).Write(out, pdf), DiskFull)
	check("disk full, the error dropped by the renderer", (Guard{}).Write(out, func(w io.Writer) error {
		pdf(w)
		return nil
	}), DiskFull)
	if dev, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer dev.Close()
		underTemp = func(io.Writer) io.Writer { return dev } // the kernel's own answer of a full disk
		check("disk full (/dev/full)", (Guard{}).Write(out, pdf), DiskFull)
	}
	underTemp = nil
	check("read-only medium", &Error{Path: out, Reason: classify(&os.PathError{Op: "open", Path: out, Err: syscall.EROFS}, NotWritable), Existed: true}, ReadOnly)
	missing := filepath.Join(dir, "no", "such", "x.pdf")
	if err := (Guard{}).WriteBytes(missing, nil); reason(err) != NoFolder || !strings.Contains(err.Error(), "was not created") {
		t.Errorf("missing folder: %v", err)
	}
	if os.Geteuid() != 0 && runtime.GOOS != "windows" {
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		check("folder not writable", (Guard{}).WriteBytes(out, []byte("new")), NotWritable)
	}
}

// Write implements io.Writer.
func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n, _ := f.w.Write(p[:f.n])
		f.n = 0
		return n, f.err
	}
	f.n -= len(p)
	return f.w.Write(p)
}

// TestDropsNoWriteError: a renderer that ignores the error of a write (fpdf keeps it) still
// fails the file: the first error under it is the one returned.
func TestDropsNoWriteError(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.pdf")
	os.WriteFile(out, []byte("old"), 0o644)
	f, _ := os.Create(filepath.Join(dir, "closed"))
	f.Close()
	ew := &errWriter{w: f}
	ew.Write([]byte("x"))
	if ew.err == nil {
		t.Fatal("a write to a closed file did not fail")
	}
	err := fill(f, 0o644, false, false, func(w io.Writer) error { w.Write([]byte("x")); return nil })
	if err == nil {
		t.Errorf("a dropped write error was lost")
	}
}

func onlyFiles(t *testing.T, dir string, want ...string) {
	t.Helper()
	des, _ := os.ReadDir(dir)
	var names []string
	for _, d := range des {
		names = append(names, d.Name())
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", names, want)
	}
}

// TestWriteFolderErrors: a path under a file names that file as not a folder; a
// permission refused is NotWritable.
func TestWriteFolderErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "afile"), []byte("x"), 0o644)
	err := (Guard{}).WriteBytes(filepath.Join(dir, "afile", "x.pdf"), nil)
	var oe *Error
	if !errors.As(err, &oe) || oe.Reason != NotFolder || oe.Link != filepath.Join(dir, "afile") {
		t.Errorf("under a file: %v, want not-folder naming it", err)
	}
	perm := &os.PathError{Op: "open", Path: "x", Err: syscall.EACCES}
	if classify(perm, NotWritable) != NotWritable || classify(perm, IO) != NotWritable {
		t.Errorf("EACCES is not classified as not writable")
	}
	if classify(&os.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}, NotWritable) != NoFolder {
		t.Errorf("ENOENT at creation is not a missing folder")
	}
	if classify(fmt.Errorf("render: %w", syscall.EROFS), Render) != ReadOnly {
		t.Errorf("EROFS under a renderer is not a read-only medium")
	}
}

// TestDir: a Dir writes inside its folder only; a link on the way (a folder or a file,
// leading out or not) is refused and never followed; Files lists and RemoveFile removes
// regular files only; Sub refuses a link; a name with ".." is refused.
func TestDir(t *testing.T) {
	base, outside := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(outside, "index.html"), []byte("theirs"), 0o644)
	out := filepath.Join(base, "out")
	d, err := (Guard{}).OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if changed, err := d.WriteBytes("a/index.html", []byte("page")); err != nil || !changed {
		t.Fatalf("write: %v %v", changed, err)
	}
	if changed, err := d.WriteBytes("a/index.html", []byte("page")); err != nil || changed {
		t.Errorf("the same content again: changed %v, %v", changed, err)
	}
	os.Symlink(outside, filepath.Join(out, "out-link"))
	os.Symlink("a", filepath.Join(out, "in-link"))
	os.Symlink(filepath.Join(outside, "index.html"), filepath.Join(out, "a", "file-link.html"))
	before := tree(t, outside)
	for _, name := range []string{"out-link/index.html", "in-link/index.html", "a/file-link.html", "../escape.html", "a/../../x"} {
		if _, err := d.WriteBytes(name, []byte("mine")); err == nil {
			t.Errorf("%s: written", name)
		}
		if d.RemoveFile(name) {
			t.Errorf("%s: removed", name)
		}
	}
	if _, err := d.Sub("out-link"); reason(err) != Symlink {
		t.Errorf("Sub through a link: %v", err)
	}
	if got := strings.Join(d.Files("a"), " "); got != "index.html" {
		t.Errorf("Files(a) = %q, want the regular file only", got)
	}
	if d.Files("out-link") != nil || d.RemoveEmptyDir("out-link") {
		t.Errorf("a link to a folder is listed or removed")
	}
	if after := tree(t, outside); after != before {
		t.Errorf("outside changed:\n%s\nwant\n%s", after, before)
	}
	if !d.RemoveFile("a/index.html") {
		t.Errorf("a regular file was not removed")
	}
	if d.RemoveEmptyDir("a/") {
		t.Errorf("a folder still holding a link was removed")
	}
	if _, err := (Guard{}).OpenDir(filepath.Join(outside, "index.html")); reason(err) != NotFolder {
		t.Errorf("OpenDir of a file: %v", err)
	}
}
