package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSafetyReadOnlyMedia is the Data safety row "read-only media": read commands work on a
// file the user cannot write and in a folder the user cannot write (a USB stick mounted
// read-only, a shared folder), and leave no -wal or -shm file behind. As root (who may
// write anywhere) the commands run as user nobody through setpriv.
func TestSafetyReadOnlyMedia(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	var prefix []string
	if os.Geteuid() == 0 {
		sp, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("running as root without setpriv: cannot act as a user without write permission")
		}
		prefix = []string{sp, "--reuid=65534", "--regid=65534", "--clear-groups"}
	}
	fixture := catalogueFixture(t)
	base := t.TempDir()
	os.Chmod(base, 0o755)
	os.Chmod(filepath.Dir(base), 0o755)
	// The test binary, where user nobody can run it.
	bin := filepath.Join(base, "arbitro.test")
	copyFile(t, os.Args[0], bin)
	os.Chmod(bin, 0o755)

	reads := [][]string{{"--tournament", "Open", "player", "list"}, {"--tournament", "Open", "standings"}, {"tournament", "list"}, {"--tournament", "Open", "export", "trf"}}
	cases := []struct {
		name           string
		dirMode, dbMod os.FileMode
	}{
		{"folder-read-only-file-not-writable", 0o555, 0o644},
		{"folder-read-only-file-writable", 0o555, 0o666},
		{"folder-writable-file-read-only", 0o777, 0o444},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(base, c.name)
			os.Mkdir(dir, 0o755)
			copyFile(t, filepath.Join(fixture, "t.db"), filepath.Join(dir, "t.db"))
			os.Chmod(filepath.Join(dir, "t.db"), c.dbMod)
			os.Chmod(dir, c.dirMode)
			defer os.Chmod(dir, 0o755)
			before := snapshot(t, dir)
			for _, args := range reads {
				argv := append(append(prefix, bin, "--db", filepath.Join(dir, "t.db")), args...)
				cmd := exec.Command(argv[0], argv[1:]...)
				cmd.Dir = base
				cmd.Env = append(os.Environ(), envRunMain+"=1", "ARBITRO_DB=", "HOME="+base)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Errorf("%v: %v\n%s", args, err, out.String())
				}
				if after := snapshot(t, dir); after != before {
					t.Fatalf("%v changed the folder:\nbefore\n%s\nafter\n%s", args, before, after)
				}
			}
			// A write is refused with the file named, and nothing changes.
			argv := append(append(prefix, bin, "--db", filepath.Join(dir, "t.db")), "--tournament", "Open", "player", "add", "New, Player")
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Dir = base
			cmd.Env = append(os.Environ(), envRunMain+"=1", "ARBITRO_DB=", "HOME="+base)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Errorf("player add on read-only media succeeded:\n%s", out)
			}
			if !bytes.HasPrefix(out, []byte("arbitro: ")) {
				t.Errorf("player add: %q, want an 'arbitro: ...' message", out)
			}
			if after := snapshot(t, dir); after != before {
				t.Fatalf("the refused write changed the folder:\nbefore\n%s\nafter\n%s", before, after)
			}
		})
	}
}
