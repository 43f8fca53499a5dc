package site

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"arbitro/internal/outfile"
)

// fileTree returns "name sha256" of every entry under dir, links as "name -> target", sorted.
func fileTree(t *testing.T, dir string) string {
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
			lines = append(lines, fmt.Sprintf("%s %x", rel, sha256.Sum256(b)))
		}
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// elsewhere makes a folder outside the site holding files named as a site names its files.
func elsewhere(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range []string{"index.html", "round-1.html", "data.json", "standings.html"} {
		os.WriteFile(filepath.Join(dir, n), []byte("the federation's own "+n), 0o644)
	}
	return dir
}

// TestSafetyPublishSymlinks (README S18): publish works inside --out through os.Root.
// A tournament's folder that is a symbolic link to a folder outside is refused, never
// followed (publish --all stops naming it, nothing outside is written); a manifest naming
// a symbolic link to a folder outside, or a top-level file that is a link, deletes
// nothing outside and leaves the link; a site file hard-linked to the database is refused
// and the database is left byte-identical.
func TestSafetyPublishSymlinks(t *testing.T) {
	db, st, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	ctx := context.Background()

	// A tournament's folder that leads out.
	out, outside := t.TempDir(), elsewhere(t)
	os.Symlink(outside, filepath.Join(out, Slug(tr)))
	before := fileTree(t, outside)
	_, err := Publish(ctx, st, Options{Out: out, All: true})
	var oe *outfile.Error
	if !errors.Is(err, ErrOut) || !errors.As(err, &oe) || oe.Reason != outfile.Symlink || oe.Link != filepath.Join(out, Slug(tr)) {
		t.Fatalf("publish --all through a link out of --out: %v, want a refusal naming the link", err)
	}
	if after := fileTree(t, outside); after != before {
		t.Errorf("publish wrote outside --out:\n%s\nwant\n%s", after, before)
	}
	if fi, err := os.Lstat(filepath.Join(out, Slug(tr))); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was changed: %v %v", fi, err)
	}

	// A manifest naming links: a folder and a file leading out, and a folder inside.
	out2, outside2 := t.TempDir(), elsewhere(t)
	os.Symlink(outside2, filepath.Join(out2, "old-event"))
	os.Symlink(filepath.Join(outside2, "data.json"), filepath.Join(out2, "data.json"))
	os.WriteFile(filepath.Join(out2, ManifestName), []byte("old-event/\ndata.json\n../escape/\n"), 0o644)
	before = fileTree(t, outside2)
	if _, err := Publish(ctx, st, Options{Out: out2}); err == nil || !errors.As(err, &oe) || oe.Reason != outfile.Symlink {
		t.Errorf("a site file that is a link out: %v, want refused", err) // data.json is the site's own name
	}
	os.Remove(filepath.Join(out2, "data.json"))
	os.Symlink(filepath.Join(outside2, "data.json"), filepath.Join(out2, "round-9.html"))
	os.WriteFile(filepath.Join(out2, ManifestName), []byte("old-event/\nround-9.html\n"), 0o644)
	res, err := Publish(ctx, st, Options{Out: out2})
	if err != nil {
		t.Fatal(err)
	}
	if after := fileTree(t, outside2); after != before {
		t.Errorf("pruning deleted or changed files outside --out:\n%s\nwant\n%s", after, before)
	}
	for _, link := range []string{"old-event", "round-9.html"} {
		if fi, err := os.Lstat(filepath.Join(out2, link)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link %s was removed or changed: %v", link, err)
		}
	}
	if res.Removed != 0 {
		t.Errorf("%d files removed, want none (links are not the site's files)", res.Removed)
	}

	// A site's file that is the database under another name.
	out3 := t.TempDir()
	if err := os.Link(db, filepath.Join(out3, "index.html")); err != nil {
		t.Skip("no hard links here:", err)
	}
	sum := func() [32]byte { b, _ := os.ReadFile(db); return sha256.Sum256(b) }
	was := sum()
	if _, err := Publish(ctx, st, Options{Out: out3}); !errors.As(err, &oe) || oe.Reason != outfile.Database {
		t.Errorf("index.html hard-linked to the database: %v, want refused as the database", err)
	}
	if sum() != was {
		t.Errorf("the database changed")
	}
}

// TestPublishPrunesOnlyItsFiles: pruning removes the regular files of the old site the
// manifest lists and this publish no longer writes, and nothing else: a file of another
// name in a listed folder, a link in it, a listed folder's link to a folder inside --out.
func TestPublishPrunesOnlyItsFiles(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	out := t.TempDir()
	old := filepath.Join(out, "9-old")
	os.Mkdir(old, 0o755)
	os.WriteFile(filepath.Join(old, "round-1.html"), []byte("old page"), 0o644)
	os.WriteFile(filepath.Join(old, "notes.txt"), []byte("the arbiter's notes"), 0o644)
	os.Mkdir(filepath.Join(out, "keep"), 0o755)
	os.WriteFile(filepath.Join(out, "keep", "index.html"), []byte("kept"), 0o644)
	os.Symlink("keep", filepath.Join(out, "8-alias"))
	os.Symlink("notes.txt", filepath.Join(old, "index.html"))
	os.WriteFile(filepath.Join(out, ManifestName), []byte("9-old/\n8-alias/\n"), 0o644)
	res, err := Publish(context.Background(), st, Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(old, "round-1.html")); !errors.Is(err, os.ErrNotExist) || res.Removed != 1 {
		t.Errorf("the old site's page is still there (%v), %d removed, want 1", err, res.Removed)
	}
	for _, keep := range []string{"9-old/notes.txt", "9-old/index.html", "keep/index.html", "8-alias"} {
		if _, err := os.Lstat(filepath.Join(out, keep)); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
}
