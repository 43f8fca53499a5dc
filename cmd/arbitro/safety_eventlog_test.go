package main

// Issue 27, classes 9 and 7: arbitro audit finds the event log tampered with the sqlite3
// shell; arbitro tournament delete asks for the name again, takes the write lock first
// and logs the deletion in the file-wide log, keeping the tournament's entries.

import (
	"bytes"
	"database/sql"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sqlExec runs statements on the file path as the sqlite3 shell would (no arbitro).
func sqlExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func sqlInt(t *testing.T, path, query string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// runIn runs arbitro in dir with stdin and returns its exit code, stdout and stderr.
func runIn(t *testing.T, dir, stdin string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := arbitroCmd(dir, args...)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// TestSafetyAuditFindsTamperedLog: the README used to say the event log "cannot be changed
// or deleted", yet with the sqlite3 shell anyone could drop the triggers, change a result
// and delete its events, and neither tournament log nor audit noticed. Now arbitro audit
// (of the tournament, and --all) warns naming the first entry where the chain breaks and
// exits 3, while the untouched file audits clean.
func TestSafetyAuditFindsTamperedLog(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	fixture := catalogueFixture(t)
	cases := []struct {
		name, want string
		sql        []string
	}{
		{"result-changed", "breaks at entry 10: it does not match its hash", []string{"DROP TRIGGER events_no_update",
			"UPDATE events SET after_json = replace(after_json, '2-0', '0-2') WHERE id = 10", "UPDATE results SET white_points = 0, black_points = 2"}},
		{"events-deleted", "breaks at entry 10: entries 8 to 9 are missing", []string{"DROP TRIGGER events_no_delete",
			"DELETE FROM events WHERE id IN (8, 9)"}},
		{"triggers-dropped", "append-only triggers were dropped", []string{"DROP TRIGGER events_no_update", "DROP TRIGGER events_no_delete"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			copyTestDir(t, fixture, dir)
			db := filepath.Join(dir, "t.db")
			if code, _, stderr := runIn(t, dir, "", nil, "--db", "t.db", "--tournament", "Open", "audit"); code != 0 || strings.Contains(stderr, "event log") {
				t.Fatalf("the untouched file: exit %d, %s", code, stderr)
			}
			if sqlInt(t, db, "SELECT count(*) FROM events WHERE action = 'result.set' AND id = 10") != 1 {
				t.Fatal("the fixture's result is no longer event 10: update the test")
			}
			sqlExec(t, db, c.sql...)
			for _, args := range [][]string{{"--tournament", "Open", "audit"}, {"audit", "--all"}} {
				code, _, stderr := runIn(t, dir, "", nil, append([]string{"--db", "t.db"}, args...)...)
				if code != 3 || !strings.Contains(stderr, "arbitro: warning: ") || !strings.Contains(stderr, c.want) {
					t.Errorf("%v: exit %d, want 3 and %q:\n%s", args, code, c.want, stderr)
				}
			}
		})
	}
}

// TestSafetyTournamentDelete: tournament delete refuses a name typed wrong or none
// (the file byte-identical), and while another process holds the write lock (refused
// with "database busy" after the busy timeout, the file byte-identical); with the name
// typed again it deletes every row of the tournament and nothing else (foreign keys and
// integrity hold, the other tournament intact), keeps its log entries, logs the deletion
// file-wide, the chain still verifies, and a tournament created next never takes the
// deleted one's id (its log would be inherited).
func TestSafetyTournamentDelete(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := catalogueFixture(t)
	db := filepath.Join(dir, "t.db")
	before := snapshot(t, dir)
	for _, typed := range []string{"", "\n", "Importe\n"} {
		code, _, stderr := runIn(t, dir, typed, nil, "--db", "t.db", "tournament", "delete", "Imported")
		if code != 1 || !strings.Contains(stderr, "nothing was deleted") {
			t.Errorf("typed %q: exit %d, %s", typed, code, stderr)
		}
	}
	if after := snapshot(t, dir); after != before {
		t.Fatalf("a refused delete changed the folder")
	}

	// Another process holds the write lock: refused after the busy timeout.
	hold, err := sql.Open("sqlite", "file:"+db+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	tx, err := hold.Begin()
	if err != nil {
		t.Fatal(err)
	}
	tx.Exec("UPDATE tournaments SET rounds = rounds WHERE id = 0")
	code, _, stderr := runIn(t, dir, "", []string{"ARBITRO_BUSY_TIMEOUT=300ms"}, "--db", "t.db", "tournament", "delete", "Imported", "--yes")
	tx.Rollback()
	hold.Close()
	if code != 1 || !strings.Contains(stderr, "database busy") {
		t.Errorf("while another writer holds the lock: exit %d, %s", code, stderr)
	}
	if after := snapshot(t, dir); after != before {
		t.Fatalf("a delete refused as busy changed the folder")
	}

	kept := sqlInt(t, db, "SELECT count(*) FROM events WHERE tournament_id = 2")
	openRows := sqlInt(t, db, "SELECT count(*) FROM entries WHERE tournament_id = 1")
	code, out, stderr := runIn(t, dir, "imported\n", nil, "--db", "t.db", "tournament", "delete", "Imported")
	if code != 0 || !strings.Contains(out, `deleted tournament 2 "Imported": 3 entries, 3 rounds, 3 boards, 3 game scores;`) {
		t.Fatalf("delete: exit %d\n%s%s", code, out, stderr)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM tournaments WHERE id = 2":                                            0,
		"SELECT count(*) FROM entries WHERE tournament_id = 2":                                     0,
		"SELECT count(*) FROM rounds WHERE tournament_id = 2":                                      0,
		"SELECT count(*) FROM games":                                                               0,
		"SELECT count(*) FROM entries WHERE tournament_id = 1":                                     openRows,
		"SELECT count(*) FROM events WHERE tournament_id = 2":                                      kept,
		"SELECT count(*) FROM events WHERE tournament_id IS NULL AND action = 'tournament.delete'": 1,
		"SELECT count(*) FROM pragma_foreign_key_check":                                            0,
	} {
		if got := sqlInt(t, db, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
	if code, _, stderr := runIn(t, dir, "", nil, "--db", "t.db", "--tournament", "Open", "audit"); code != 0 || stderr != "" {
		t.Errorf("audit after the delete: exit %d, %s", code, stderr)
	}
	mustRun(t, dir, "--db", "t.db", "tournament", "create", "Next", "--system", "dutch", "--rounds", "5")
	if got := sqlInt(t, db, "SELECT id FROM tournaments WHERE name = 'Next'"); got != 3 {
		t.Errorf("the next tournament got id %d, want 3 (2 was the deleted one's)", got)
	}
}
