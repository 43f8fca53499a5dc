package main

// The whole-program check of issue 27's outputs: every command that takes an output path,
// found in the cobra tree by its mark (markOutput, markOutputArg), refuses the database's
// own path (also through a symbolic and a hard link, and its -wal) and a symbolic link
// leading out of its output folder, exits non-zero and leaves every file byte-identical.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// pathInputs are the path flags and arguments the commands read, never write: a new path
// flag or argument must be marked as an output (markOutput) or listed here.
var pathInputs = map[string]bool{
	"arbitro --db":                            true,
	"arbitro check --trf":                     true,
	"arbitro pair --trf":                      true,
	"arbitro rating --expected-table":         true,
	"arbitro audit [FILE.pdn...]":             true,
	"arbitro event import FILE.pdn|-":         true,
	"arbitro game add ROUND BOARD FILE.pdn|-": true,
	"arbitro game import FILE.pdn|-":          true,
	"arbitro player import FILE.csv":          true,
	"arbitro replay FILE.pdn...":              true,
	"arbitro tournament import-trf FILE":      true,

	// play-offs (docs/playoffs.md)
	"arbitro playoff game PLAYOFF GAME FILE.pdn|-": true,
}

// outputRuns are the arguments that reach each output's write, with OUT where the path
// goes (run in the folder of catalogueFixture, with in.trf beside t.db). A new output
// without a line here fails TestSafetyEveryOutputRefusesDatabase.
var outputRuns = map[string][][]string{
	"arbitro standings --pdf":   {{"--tournament", "Open", "standings", "--pdf", "OUT"}},
	"arbitro crosstable --pdf":  {{"--tournament", "Open", "crosstable", "--pdf", "OUT"}},
	"arbitro pairings --pdf":    {{"--tournament", "Open", "pairings", "--pdf", "OUT"}, {"--tournament", "Open", "pairings", "--results", "--pdf", "OUT"}},
	"arbitro audit --pdf":       {{"--tournament", "Open", "audit", "--pdf", "OUT"}, {"audit", "--all", "--pdf", "OUT"}},
	"arbitro rating --pdf":      {{"--tournament", "Open", "rating", "--pdf", "OUT"}},
	"arbitro export trf":        {{"--tournament", "Open", "export", "trf", "OUT"}},
	"arbitro generate --output": {{"generate", "--system", "dutch", "--players", "8", "--rounds", "3", "--output", "OUT"}},
	"arbitro pair --output":     {{"pair", "--system", "dutch", "--trf", "in.trf", "--output", "OUT"}},
	"arbitro publish --out":     {{"--tournament", "Open", "publish", "--out", "OUTDIR"}, {"publish", "--all", "--out", "OUTDIR"}},
	"arbitro demo --dir":        {{"demo", "--dir", "OUTDIR"}},
	"arbitro serve --publish":   {{"serve", "--hall", "--addr", "127.0.0.1:0", "--publish", "OUTDIR"}},
	// the team sheets (issue 32)
	"arbitro team list --pdf":       {{"--tournament", "Squadre", "team", "list", "--pdf", "OUT"}},
	"arbitro team matches --pdf":    {{"--tournament", "Squadre", "team", "matches", "--pdf", "OUT"}},
	"arbitro team standings --pdf":  {{"--tournament", "Squadre", "team", "standings", "--pdf", "OUT"}},
	"arbitro team crosstable --pdf": {{"--tournament", "Squadre", "team", "crosstable", "--pdf", "OUT"}},
	"arbitro team boards --pdf":     {{"--tournament", "Squadre", "team", "boards", "--pdf", "OUT"}},
}

// pathLike: a flag's help or an argument that names a file or a folder.
var pathLike = regexp.MustCompile("`FILE`|`DIR`|\\b(FILE|DIR)\\b|\\b([Ff]ile|[Ff]older|directory)([^'\\w]|$)")

// outputsOfTree walks the command tree: the outputs marked, and an error for each path
// flag or argument neither marked nor in pathInputs.
func outputsOfTree(t *testing.T) []string {
	t.Helper()
	var outs []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			key := c.CommandPath() + " --" + f.Name
			switch {
			case f.Annotations[outputAnnotation] != nil:
				outs = append(outs, key)
			case f.Value.Type() == "string" && pathLike.MatchString(f.Usage) && !pathInputs[key]:
				t.Errorf("%s looks like a path: mark it as an output (markOutput) or list it in pathInputs", key)
			}
		})
		use := c.CommandPath() + strings.TrimPrefix(c.Use, c.Name())
		switch {
		case c.Annotations[outputAnnotation] != "":
			outs = append(outs, c.CommandPath())
		case pathLike.MatchString(strings.TrimPrefix(c.Use, c.Name())) && !pathInputs[use] && !strings.Contains(c.Use, "--"):
			t.Errorf("%q takes a path: mark it as an output (markOutputArg) or list it in pathInputs", use)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(bufferStreams(io.Discard, io.Discard)))
	sort.Strings(outs)
	return outs
}

// dirTree is "name sha256" of every file under dir, "name -> target" of every link, sorted.
func dirTree(t *testing.T, dir string) string {
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
		default:
			lines = append(lines, rel+"/")
		}
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestSafetyEveryOutputRefusesDatabase (README S19): every output path of the command tree,
// given the database (t.db, ./t.db, a symbolic link to it, a hard link, t.db-wal) or
// /dev/full, is
// refused with exit 1 and "cannot write", every file left byte-identical; every output
// folder refuses a symbolic link inside it leading out, writing nothing there.
func TestSafetyEveryOutputRefusesDatabase(t *testing.T) {
	outs := outputsOfTree(t)
	if len(outs) < 10 {
		t.Fatalf("only %d outputs found in the command tree: %v", len(outs), outs)
	}
	for _, o := range outs {
		if outputRuns[o] == nil {
			t.Errorf("%s writes a file: give it a line in outputRuns", o)
		}
	}
	if testing.Short() {
		t.Skip("process test")
	}
	fixture := catalogueFixture(t)
	mustRun(t, fixture, "generate", "--system", "dutch", "--players", "8", "--rounds", "3", "--output", "in.trf")
	in, _ := os.ReadFile(filepath.Join(fixture, "in.trf")) // one round more to pair
	os.WriteFile(filepath.Join(fixture, "in.trf"), regexp.MustCompile(`(?m)^XXR +3`).ReplaceAll(in, []byte("XXR 4")), 0o644)
	mustRun(t, fixture, "pair", "--trf", "in.trf", "--system", "dutch")
	// a team event (issue 32, docs/teams.md), for the team sheets
	mustRun(t, fixture, "--db", "t.db", "tournament", "create", "Squadre", "--system", "round-robin", "--teams", "--boards", "2", "--seed", "7")
	for _, team := range []string{"A", "B"} {
		mustRun(t, fixture, "--db", "t.db", "--tournament", "Squadre", "team", "add", team, "--player", team+", Uno", "--player", team+", Due")
	}
	runs := 0
	for _, o := range outs {
		for _, args := range outputRuns[o] {
			isDir := strings.Contains(strings.Join(args, " "), "OUTDIR")
			targets := []string{"t.db", "./t.db", "link.db", "hard.db", "t.db-wal"}
			if fi, err := os.Stat("/dev/full"); err == nil && fi.Mode()&os.ModeDevice != 0 {
				targets = append(targets, "/dev/full") // as root, a PDF once replaced the device node
			}
			if isDir {
				targets = []string{"t.db", "link.db", "escape"}
			}
			for _, target := range targets {
				dir := t.TempDir()
				copyTestDir(t, fixture, dir)
				outside := t.TempDir()
				os.WriteFile(filepath.Join(outside, "index.html"), []byte("the federation's page"), 0o644)
				os.Symlink("t.db", filepath.Join(dir, "link.db"))
				if err := os.Link(filepath.Join(dir, "t.db"), filepath.Join(dir, "hard.db")); err != nil && target == "hard.db" {
					continue
				}
				if target == "escape" {
					// every name the output folder may hold at its top, a link out of it
					os.Mkdir(filepath.Join(dir, "escape"), 0o755)
					for _, n := range []string{"1-open", "2-imported", "assets", "site", "index.html", demoItalianFile} {
						os.Symlink(outside, filepath.Join(dir, "escape", n))
					}
				}
				a := []string{"--db", "t.db"}
				for _, s := range args {
					a = append(a, strings.NewReplacer("OUTDIR", target, "OUT", target).Replace(s))
				}
				before, beforeOut := dirTree(t, dir), dirTree(t, outside)
				out, err := arbitroCmd(dir, a...).CombinedOutput()
				runs++
				code := -1
				if ee, ok := err.(*exec.ExitError); ok {
					code = ee.ExitCode()
				}
				if code != 1 || !strings.Contains(string(out), "cannot write") {
					t.Errorf("arbitro %s: exit %d, want 1 and a refusal:\n%s", strings.Join(a, " "), code, out)
				}
				// publish may have written its own files inside the folder before meeting the
				// link; everything else, and the database above all, is as it was
				after := dirTree(t, dir)
				if target == "escape" {
					before, after = dropUnder(before, "escape/"), dropUnder(after, "escape/")
				}
				if after != before {
					t.Errorf("arbitro %s changed the folder:\n%s\nwant\n%s", strings.Join(a, " "), after, before)
				}
				if dirTree(t, outside) != beforeOut {
					t.Errorf("arbitro %s wrote outside its output folder", strings.Join(a, " "))
				}
			}
		}
	}
	if fi, err := os.Stat("/dev/full"); err == nil && fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/full is no longer a device")
	}
	t.Logf("%d outputs, %d refused runs", len(outs), runs)
}

// dropUnder removes the lines of a dirTree under prefix that are not links.
func dropUnder(tree, prefix string) string {
	var keep []string
	for _, l := range strings.Split(tree, "\n") {
		if strings.HasPrefix(l, prefix) && !strings.Contains(l, " -> ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// tmpfs mounts a small tmpfs (size) at a new folder and returns it, unmounted at the end;
// it skips the test where mounting is not allowed (not root, not Linux, a container
// without the capability).
func tmpfs(t *testing.T, size string) string {
	t.Helper()
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root on Linux")
	}
	mnt := filepath.Join(t.TempDir(), "mnt")
	os.Mkdir(mnt, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	return mnt
}

// fillDisk writes mnt/filler until the file system is full.
func fillDisk(t *testing.T, mnt string) {
	t.Helper()
	f, err := os.Create(filepath.Join(mnt, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}

// TestSafetyOutputDiskFullReadOnly (README S17): on a full disk (a small tmpfs filled up),
// a PDF report, a TRF export and a site fail naming the full disk and saying that the old
// file is as it was, which it is, with no temporary file left; on a read-only medium
// (the tmpfs remounted read-only) the message names the read-only medium, not chmod.
func TestSafetyOutputDiskFullReadOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("process test")
	}
	mnt := tmpfs(t, "256k")
	dir := catalogueFixture(t)
	old := bytes.Repeat([]byte("an old report\n"), 100)
	for _, n := range []string{"standings.pdf", "open.trf"} {
		os.WriteFile(filepath.Join(mnt, n), old, 0o644)
	}
	os.Mkdir(filepath.Join(mnt, "site"), 0o755)
	fillDisk(t, mnt)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"standings", "--pdf", filepath.Join(mnt, "standings.pdf")}, []string{"the disk is full", "nothing was written; " + filepath.Join(mnt, "standings.pdf") + " is as it was", "free some space"}},
		{[]string{"export", "trf", filepath.Join(mnt, "open.trf")}, []string{"the disk is full", "is as it was"}},
		{[]string{"publish", "--out", filepath.Join(mnt, "site")}, []string{"the disk is full", "publish stopped at"}},
		{[]string{"crosstable", "--pdf", filepath.Join(mnt, "new.pdf")}, []string{"the disk is full", "new.pdf was not created"}},
	} {
		before := dirTree(t, mnt)
		out, err := arbitroCmd(dir, append([]string{"--db", "t.db", "--tournament", "Open"}, c.args...)...).CombinedOutput()
		if err == nil {
			t.Errorf("%v on a full disk: exit 0", c.args)
		}
		for _, w := range c.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("%v on a full disk: %s\nwant %q", c.args, out, w)
			}
		}
		if c.args[0] != "publish" { // publish may have made its folders before the disk refused a file
			if after := dirTree(t, mnt); after != before {
				t.Errorf("%v on a full disk changed the disk:\n%s\nwant\n%s", c.args, after, before)
			}
		}
		if strings.Contains(dirTree(t, mnt), ".tmp-") {
			t.Errorf("%v left a temporary file", c.args)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(mnt, "standings.pdf")); !bytes.Equal(b, old) {
		t.Errorf("the old report changed on a full disk")
	}
	os.Remove(filepath.Join(mnt, "filler"))
	if out, err := exec.Command("mount", "-o", "remount,ro", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v %s", err, out)
	}
	before := dirTree(t, mnt)
	for _, name := range []string{"standings.pdf", "new.pdf"} {
		out, err := arbitroCmd(dir, "--db", "t.db", "--tournament", "Open", "standings", "--pdf", filepath.Join(mnt, name)).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "read-only medium") || strings.Contains(string(out), "chmod") {
			t.Errorf("standings --pdf on a read-only medium: %v %s", err, out)
		}
	}
	if dirTree(t, mnt) != before {
		t.Errorf("the read-only medium changed")
	}
}
