//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSafetyOtherUserReadsWhileOwnerWrites: two processes of two users. The owner (root,
// the test's user) adds 80 players, one arbitro process each, while user nobody, who
// cannot write the file nor its folder, lists them 80 times: every read succeeds. Before
// issue 27, 5 to 18 such reads in 300 failed with "database file is read-only" (measured
// with the same loop in a shell). Run only as root (it needs a second user).
func TestSafetyOtherUserReadsWhileOwnerWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run a reader as user nobody")
	}
	dir, err := os.MkdirTemp("", "arbitro-users-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "arbitro.test")
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "--db", "t.db", "tournament", "create", "Open", "--system", "dutch", "--rounds", "5")
	const n = 80
	done := make(chan error, 1)
	go func() {
		for i := 0; i < n; i++ {
			if out, err := arbitroCmd(dir, "--db", "t.db", "player", "add", fmt.Sprintf("Player%d, X", i)).CombinedOutput(); err != nil {
				done <- fmt.Errorf("owner's write %d: %v\n%s", i, err, out)
				return
			}
		}
		done <- nil
	}()
	failed := 0
	for i := 0; i < n; i++ {
		c := arbitroCmd(dir, "--db", "t.db", "player", "list")
		c.Path = bin
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		if out, err := c.CombinedOutput(); err != nil {
			failed++
			t.Logf("read %d: %v\n%s", i, err, out)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if failed > 0 {
		t.Errorf("%d of %d reads by a user who cannot write the file failed while its owner wrote", failed, n)
	}
}
