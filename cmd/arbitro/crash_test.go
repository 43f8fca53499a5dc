package main

// Data safety row "kill -9 inside a write": result, pair, game import, event import (of a
// file and of standard input) and
// player import are each killed (SIGKILL) 20 times at a random moment inside their write
// transaction. The store's transaction hook (tournament.WithTxHook, which the command sets
// from ARBITRO_TEST_TX_MARKER: txMarker in storeenv.go) marks when the transaction began
// and when its writes were done, so the test proves where each kill landed. After each
// kill the file must pass integrity_check and foreign_key_check and hold either nothing of
// the command (every table's row count as before) or all of it (as after an uncut run); a
// kill before the writes were done must leave nothing. The seed is printed: ARBITRO_CRASH_SEED=N replays.

import (
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tableCounts returns "table=rows ..." for every table of the file, after checking it.
func tableCounts(t *testing.T, path string) string {
	t.Helper()
	db := reopen(t, path)
	defer db.Close() // the last connection out checkpoints and removes the -wal file
	checkIntegrity(t, db)
	var names []string
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	rows.Close()
	var out []string
	for _, n := range names {
		var c int
		db.QueryRow(`SELECT count(*) FROM "` + n + `"`).Scan(&c)
		out = append(out, fmt.Sprintf("%s=%d", n, c))
	}
	return strings.Join(out, " ")
}

// crashRNG returns the random source of a kill test and its seed, taken from the clock or
// from $ARBITRO_CRASH_SEED; the seed is logged so that a failure can be replayed.
func crashRNG(t *testing.T) (*rand.Rand, int64) {
	seed := time.Now().UnixNano()
	if v := os.Getenv("ARBITRO_CRASH_SEED"); v != "" {
		seed, _ = strconv.ParseInt(v, 10, 64)
	}
	t.Logf("seed %d (replay with ARBITRO_CRASH_SEED=%d)", seed, seed)
	return rand.New(rand.NewSource(seed)), seed
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

func TestSafetyCrashInsideWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("kills 120 processes")
	}
	rng, _ := crashRNG(t)

	dir := t.TempDir()
	ita, err := os.ReadFile("../../tournament/testdata/events/ita_campionato_italiano_assoluto_2005_turni1-4.pdn")
	if err != nil {
		t.Fatal(err)
	}
	wk, err := os.ReadFile("../../tournament/testdata/events/intl_world_championship_2007_rounds01-11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "ita.pdn"), ita, 0o644)
	os.WriteFile(filepath.Join(dir, "wk.pdn"), wk, 0o644)
	os.WriteFile(filepath.Join(dir, "club.csv"), []byte(genCSV(40, ";", "Club")), 0o644)
	os.WriteFile(filepath.Join(dir, "big.csv"), []byte(genCSV(1000, ";", "Big")), 0o644)
	for _, args := range [][]string{
		{"tournament", "create", "Club", "--system", "dutch", "--rounds", "5", "--seed", "1"},
		{"--tournament", "Club", "player", "import", "club.csv"},
		{"--tournament", "Club", "lot"},
		{"--tournament", "Club", "pair"},
		{"tournament", "create", "PairMe", "--system", "dutch", "--rounds", "5", "--seed", "2"},
		{"--tournament", "PairMe", "player", "import", "club.csv"},
		{"--tournament", "PairMe", "lot"},
		{"tournament", "create", "Empty", "--system", "italo-swiss", "--rounds", "5", "--seed", "3"},
		{"event", "import", "ita.pdn", "--name", "Assoluto"},
	} {
		mustRun(t, dir, append([]string{"--db", "fixture.db"}, args...)...)
	}
	// Assoluto keeps its boards and results but loses its scores, for game import.
	db, err := sql.Open("sqlite", filepath.Join(dir, "fixture.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM games`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	tableCounts(t, filepath.Join(dir, "fixture.db")) // checkpoints the WAL into the file

	commands := []struct {
		name  string
		args  []string
		stdin string // file given as standard input
	}{
		{"result", []string{"--tournament", "Club", "result", "1", "3", "2-0"}, ""},
		{"pair", []string{"--tournament", "PairMe", "pair"}, ""},
		{"game import", []string{"--tournament", "Assoluto", "game", "import", "ita.pdn"}, ""},
		{"event import", []string{"event", "import", "wk.pdn", "--name", "World"}, ""},
		{"event import -", []string{"event", "import", "-", "--name", "World"}, "wk.pdn"},
		{"player import", []string{"--tournament", "Empty", "player", "import", "big.csv"}, ""},
	}
	const kills = 20
	total := map[string][3]int{}
	for ci, c := range commands {
		// An uncut run: the counts after, and how long the writes take.
		for _, suf := range []string{"", "-wal", "-shm"} { // a stale -wal would be replayed on the copy
			os.Remove(filepath.Join(dir, "ref.db") + suf)
		}
		copyFile(t, filepath.Join(dir, "fixture.db"), filepath.Join(dir, "ref.db"))
		before := tableCounts(t, filepath.Join(dir, "ref.db"))
		marker := filepath.Join(dir, "ref")
		cmd := arbitroCmd(dir, append([]string{"--db", "ref.db"}, c.args...)...)
		cmd.Env = append(cmd.Env, "ARBITRO_TEST_TX_MARKER="+marker)
		setStdin(t, cmd, dir, c.stdin)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s uncut: %v\n%s", c.name, err, out)
		}
		took := time.Since(start)
		// The transaction's own span, from the hook's marks: kills are placed within it.
		fb, err1 := os.Stat(marker + ".begin")
		fp, err2 := os.Stat(marker + ".precommit")
		if err1 != nil || err2 != nil {
			t.Fatalf("%s uncut: the store's test hook left no marks (%v %v)", c.name, err1, err2)
		}
		span := max(fp.ModTime().Sub(fb.ModTime()), time.Millisecond)
		after := tableCounts(t, filepath.Join(dir, "ref.db"))
		if after == before {
			t.Fatalf("%s changed nothing", c.name)
		}
		for _, s := range []string{".begin", ".precommit", ".commit"} {
			os.Remove(marker + s)
		}

		// The hook holds the finished transaction open this long before its commit, so a
		// kill placed within the writes' span lands inside the transaction even when this
		// run's writes go faster than the uncut run's.
		pause := 2*span + 200*time.Millisecond
		var during, paused, nothing int
		for k := 0; k < kills; k++ {
			path := filepath.Join(dir, "kill.db")
			for _, suf := range []string{"", "-wal", "-shm"} {
				os.Remove(path + suf)
			}
			copyFile(t, filepath.Join(dir, "fixture.db"), path)
			marker := filepath.Join(dir, fmt.Sprintf("kill%d-%d", ci, k))
			cmd := arbitroCmd(dir, append([]string{"--db", "kill.db"}, c.args...)...)
			cmd.Env = append(cmd.Env, "ARBITRO_TEST_TX_MARKER="+marker, "ARBITRO_TEST_TX_PAUSE="+pause.String())
			setStdin(t, cmd, dir, c.stdin)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait for the transaction to begin, then kill at a random moment of it: among
			// its writes, or in the pause after them (before the commit).
			deadline := time.Now().Add(30 * time.Second)
			for !exists(marker+".begin") && time.Now().Before(deadline) {
				time.Sleep(200 * time.Microsecond)
			}
			time.Sleep(time.Duration(rng.Int63n(int64(span))))
			pre, com := exists(marker+".precommit"), exists(marker+".commit")
			cmd.Process.Kill()
			cmd.Wait()
			began := exists(marker + ".begin")
			if left, _ := filepath.Glob(filepath.Join(dir, ".arbitro-stdin-*")); len(left) > 0 {
				t.Fatalf("%s kill %d left the copy of standard input behind: %v", c.name, k, left)
			}
			got := tableCounts(t, path)
			switch {
			case !began:
				t.Fatalf("%s kill %d: the transaction never began", c.name, k)
			case com:
				// Landed after the commit: everything must be there.
				if got != after {
					t.Fatalf("%s kill %d after the commit: %s, want %s", c.name, k, got, after)
				}
			case !pre:
				during++
				if got != before {
					t.Fatalf("%s kill %d among the writes left a partial state:\n got %s\nwant %s", c.name, k, got, before)
				}
				nothing++
			default:
				paused++
				if got != before && got != after {
					t.Fatalf("%s kill %d before the commit: %s, neither before (%s) nor after (%s)", c.name, k, got, before, after)
				}
				if got == before {
					nothing++
				}
			}
		}
		total[c.name] = [3]int{during, paused, nothing}
		t.Logf("%s: %d kills, %d among the writes, %d after the writes before the commit, %d left nothing (uncut: the process %v, its writes %v)", c.name, kills, during, paused, nothing, took.Round(time.Millisecond), span.Round(time.Millisecond))
		if during+paused != kills {
			t.Errorf("%s: only %d of %d kills landed inside the transaction", c.name, during+paused, kills)
		}
	}
}

// setStdin gives cmd the file name of dir as its standard input ("" = none).
func setStdin(t *testing.T, cmd *exec.Cmd, dir, name string) {
	t.Helper()
	if name == "" {
		return
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	cmd.Stdin = f
}
