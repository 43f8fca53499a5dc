package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrite: the target gets the whole content with the permissions asked (less the
// umask, as os.WriteFile), and no temporary file is left behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.trf")
	if err := WriteBytes(path, 0o644, []byte("012 Open\n")); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, "ref")
	if err := os.WriteFile(ref, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	rfi, _ := os.Stat(ref)
	if string(got) != "012 Open\n" || fi.Mode().Perm() != rfi.Mode().Perm() {
		t.Errorf("content %q mode %v, want %v as os.WriteFile", got, fi.Mode().Perm(), rfi.Mode().Perm())
	}
	onlyFiles(t, dir, "out.trf", "ref")
}

// TestWriteFailureKeepsTarget: when fn fails, its error comes back as it is, the old
// content stays and the temporary file is gone; a missing folder fails at StageCreate.
func TestWriteFailureKeepsTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "page.html")
	if err := WriteBytes(path, 0o644, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if err != boom {
		t.Fatalf("error %v, want fn's own", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("target %q after a failed write, want the old content", got)
	}
	onlyFiles(t, dir, "page.html")
	var ae *Error
	if err := WriteBytes(filepath.Join(dir, "no", "such", "x"), 0o644, nil); !errors.As(err, &ae) || ae.Stage != StageCreate {
		t.Errorf("missing folder: %v", err)
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
