package main

// Process-level tests of the store: a kill -9 in the middle of an import, and two arbitro
// processes writing the same file at once. The children are this test binary run as
// arbitro (envRunMain, see TestMain in script_test.go).

import (
	"arbitro/internal/sqlitetest"
	"arbitro/store"
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// arbitroCmd returns a command running arbitro with args in dir.
func arbitroCmd(dir string, args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Dir = dir
	// Messages in English whatever the terminal's language, as the scripts run (LANG is read
	// since issue 29: an Italian event answers in Italian when no $LANG names a language).
	c.Env = append(os.Environ(), envRunMain+"=1", "ARBITRO_DB=", "ARBITRO_ARBITER=test", "LANG=en_US.UTF-8", "LC_ALL=", "LC_MESSAGES=")
	return c
}

func mustRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	out, err := arbitroCmd(dir, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("arbitro %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// checkDB opens path as arbitro does (recovering the WAL), and returns the number of
// entries after checking PRAGMA integrity_check and foreign_key_check.
func checkDB(t *testing.T, path string) int {
	t.Helper()
	db := reopen(t, path)
	defer db.Close()
	checkIntegrity(t, db)
	var entries, players, events int
	db.QueryRow("SELECT count(*) FROM entries").Scan(&entries)
	db.QueryRow("SELECT count(*) FROM players").Scan(&players)
	db.QueryRow("SELECT count(*) FROM events WHERE action = 'player.add'").Scan(&events)
	if players != entries || events != entries {
		t.Fatalf("%d entries, %d players, %d player.add events: a partial write", entries, players, events)
	}
	return entries
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestKillDuringImport kills (SIGKILL) `player import` of 10,000 rows at random moments
// and checks that the file then holds all of them or none, and passes integrity_check.
// Five kills wait for the write transaction to begin (the store's transaction hook,
// ARBITRO_TEST_TX_MARKER) and strike within the span its writes took in an uncut run; the
// sixth strikes anywhere in the command's run. The test requires that at least one kill
// landed inside the write transaction (begun, its writes not done: the hook's marks say so), so
// it proves the all-or-nothing rule on a cut transaction, not only on a cut start-up. The
// seed is logged: ARBITRO_CRASH_SEED=N replays the same delays.
func TestKillDuringImport(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes and imports 10,000 rows several times")
	}
	rng, seed := crashRNG(t)
	const rows = 10000
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.csv"), []byte(genCSV(rows, ";", "Giocatore")), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "--db", "template.db", "tournament", "create", "Open", "--system", "dutch", "--rounds", "9")

	// Calibrate: how long a whole import takes here, and its transaction's span (the
	// hook's marks).
	copyFile(t, filepath.Join(dir, "template.db"), filepath.Join(dir, "full.db"))
	marker := filepath.Join(dir, "full")
	cmd := arbitroCmd(dir, "--db", "full.db", "player", "import", "big.csv")
	cmd.Env = append(cmd.Env, "ARBITRO_TEST_TX_MARKER="+marker)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("uncut import: %v\n%s", err, out)
	}
	full := time.Since(start)
	fb, err1 := os.Stat(marker + ".begin")
	fp, err2 := os.Stat(marker + ".precommit")
	if err1 != nil || err2 != nil {
		t.Fatalf("the store's transaction hook left no marks (%v %v)", err1, err2)
	}
	span := max(fp.ModTime().Sub(fb.ModTime()), time.Millisecond)
	if n := checkDB(t, filepath.Join(dir, "full.db")); n != rows {
		t.Fatalf("uncut import wrote %d rows, want %d", n, rows)
	}
	t.Logf("a whole import of %d rows takes %v, its write transaction %v", rows, full, span)

	outcomes := map[int]int{}
	inside := 0
	for i := 0; i < 6; i++ {
		db := filepath.Join(dir, "kill.db")
		for _, suf := range []string{"", "-wal", "-shm"} {
			os.Remove(db + suf)
		}
		copyFile(t, filepath.Join(dir, "template.db"), db)
		marker := filepath.Join(dir, fmt.Sprintf("kill%d", i))
		cmd := arbitroCmd(dir, "--db", "kill.db", "player", "import", "big.csv")
		cmd.Env = append(cmd.Env, "ARBITRO_TEST_TX_MARKER="+marker)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var delay time.Duration
		if i < 5 {
			// Wait for the transaction to begin, then strike within its writes' span.
			deadline := time.Now().Add(30 * time.Second)
			for !exists(marker+".begin") && time.Now().Before(deadline) {
				time.Sleep(200 * time.Microsecond)
			}
			delay = time.Duration(float64(span) * (0.1 + 0.8*rng.Float64()))
		} else {
			delay = time.Duration(rng.Int63n(int64(full)))
		}
		time.Sleep(delay)
		pre := exists(marker + ".precommit") // the writes were done: the commit may follow
		cmd.Process.Kill()                   // SIGKILL: no deferred code, no rollback runs in the child
		err := cmd.Wait()
		began := exists(marker + ".begin")
		killed := err != nil
		n := checkDB(t, db)
		if n != 0 && n != rows {
			t.Fatalf("kill %d after %v left %d of %d rows", i, delay, n, rows)
		}
		in := killed && began && !pre // among the transaction's writes, before its commit
		if in {
			inside++
			if n != 0 {
				t.Fatalf("kill %d inside the write transaction left %d rows, want none", i, n)
			}
		}
		outcomes[n]++
		t.Logf("kill %d after %v: killed=%v, began=%v, inside the transaction=%v, %d rows", i, delay, killed, began, in, n)
	}
	t.Logf("outcomes (rows: times): %v; %d kills landed inside the write transaction", outcomes, inside)
	if inside == 0 {
		t.Fatalf("no kill landed inside the write transaction (seed %d): the test proved nothing about a cut transaction", seed)
	}
}

// TestConcurrentWriters starts two arbitro processes writing to the same file at once:
// each must succeed or fail with the "database busy" message, and the file must hold
// exactly the writes of those that succeeded.
func TestConcurrentWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	const rows = 3000
	dir := t.TempDir()

	// Two processes creating the same new file at once: schema applied once, both events in.
	var wg sync.WaitGroup
	results := make([]struct {
		err    error
		stderr string
	}, 2)
	for i, name := range []string{"Primo", "Secondo"} {
		wg.Add(1)
		go func(i int, name string) {
			defer wg.Done()
			var stderr bytes.Buffer
			c := arbitroCmd(dir, "tournament", "create", name, "--system", "dutch", "--rounds", "5")
			c.Stderr = &stderr
			results[i].err = c.Run()
			results[i].stderr = stderr.String()
		}(i, name)
	}
	wg.Wait()
	created := 0
	for _, r := range results {
		switch {
		case r.err == nil:
			created++
		case !strings.Contains(r.stderr, "database busy: another arbitro is writing; try again"):
			t.Fatalf("tournament create failed without the busy message: %v\n%s", r.err, r.stderr)
		}
	}
	var n int
	raw := reopen(t, filepath.Join(dir, "arbitro.db"))
	raw.QueryRow("SELECT count(*) FROM tournaments").Scan(&n)
	raw.Close()
	if n != created {
		t.Fatalf("%d tournaments in the file, %d creates succeeded", n, created)
	}
	if created == 0 {
		t.Fatal("both creates failed")
	}

	for round := 0; round < 3; round++ {
		before := checkDB(t, filepath.Join(dir, "arbitro.db"))
		// Different players each time (distinct names and FID ids), ';' and ',' files.
		files := []string{fmt.Sprintf("a%d.csv", round), fmt.Sprintf("b%d.csv", round)}
		os.WriteFile(filepath.Join(dir, files[0]), []byte(genCSV(rows, ";", fmt.Sprintf("Alfa%d-", round))), 0o644)
		os.WriteFile(filepath.Join(dir, files[1]), []byte(genCSV(rows, ",", fmt.Sprintf("Beta%d-", round))), 0o644)
		for i, f := range files {
			wg.Add(1)
			go func(i int, f string) {
				defer wg.Done()
				var stderr bytes.Buffer
				c := arbitroCmd(dir, "--tournament", "1", "player", "import", f)
				c.Stderr = &stderr
				results[i].err = c.Run()
				results[i].stderr = stderr.String()
			}(i, f)
		}
		wg.Wait()
		ok := 0
		for _, r := range results {
			switch {
			case r.err == nil:
				ok++
			case strings.Contains(r.stderr, "database busy: another arbitro is writing; try again"):
			default:
				t.Fatalf("import failed with an unexpected error: %v\n%s", r.err, r.stderr)
			}
		}
		after := checkDB(t, filepath.Join(dir, "arbitro.db"))
		if after != before+ok*rows {
			t.Fatalf("round %d: %d entries before, %d after, %d imports succeeded", round, before, after, ok)
		}
		t.Logf("round %d: %d of 2 imports succeeded; %d entries", round, ok, after)
	}
}

// reopen opens path as arbitro does (tournament.Open recovers the write-ahead log and
// checks the schema), closes it, and returns a plain SQLite connection to the file for the
// test's queries. Close it as soon as the queries are done: the last connection to close
// checkpoints the write-ahead log and removes the -wal file, which a test that copies a
// fixture over the file must not find left behind (it is closed at the test's end anyway).
func reopen(t *testing.T, path string) *sql.DB {
	t.Helper()
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("reopen %s: %v", path, err)
	}
	st.Close()
	return sqlitetest.Open(t, path)
}

// checkIntegrity fails the test unless PRAGMA integrity_check says ok and PRAGMA
// foreign_key_check reports no violation on db.
func checkIntegrity(t *testing.T, db *sql.DB) {
	t.Helper()
	var ok string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check: %q %v", ok, err)
	}
	rows, err := db.Query("PRAGMA foreign_key_check")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if rows.Next() {
		t.Fatal("foreign_key_check reports violations")
	}
}
