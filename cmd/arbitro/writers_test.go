package main

// Data safety, "two hundred writers at once": 200 arbitro processes started together on
// one file (50 results on different boards, 149 player additions, 1 pairing) must all
// succeed within the busy timeout, and the file must then hold exactly their sum.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"arbitro/store"
)

// TestSafetyManyWriters is the Data safety row "concurrent writers wait, none fails".
// Before the fix, opening a file first probed it through a connection without a busy
// timeout: a writer that started while another was recovering or checkpointing the WAL
// failed at once with "database busy" (1 to 5 in 50 in the loop).
func TestSafetyManyWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 200 processes")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	var csv strings.Builder
	csv.WriteString("Name;Rating\n")
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&csv, "Alfa%03d, Mario;%d\n", i, 1000+i)
	}
	os.WriteFile(filepath.Join(dir, "a.csv"), []byte(csv.String()), 0o644)
	csv.Reset()
	csv.WriteString("Name;Rating\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&csv, "Beta%03d, Luca;%d\n", i, 1500+i)
	}
	os.WriteFile(filepath.Join(dir, "b.csv"), []byte(csv.String()), 0o644)
	for _, args := range [][]string{
		{"tournament", "create", "A", "--system", "dutch", "--rounds", "5", "--seed", "1"},
		{"tournament", "create", "B", "--system", "dutch", "--rounds", "5", "--seed", "2"},
		{"tournament", "create", "C", "--system", "italo-swiss", "--rounds", "5", "--seed", "3"},
		{"--tournament", "A", "player", "import", "a.csv"},
		{"--tournament", "B", "player", "import", "b.csv"},
		{"--tournament", "A", "lot"},
		{"--tournament", "B", "lot"},
		{"--tournament", "A", "pair"},
	} {
		mustRun(t, dir, append([]string{"--db", db}, args...)...)
	}
	var eventsBefore int
	before := reopen(t, db)
	before.QueryRow("SELECT count(*) FROM events").Scan(&eventsBefore)
	before.Close() // no connection of the test stays open while the writers run

	// The writers: result r on board r of A's round 1 (2-0 on odd boards, 0-2 on even),
	// player additions to C, and B's first pairing.
	var jobs [][]string
	for b := 1; b <= 50; b++ {
		res := "2-0"
		if b%2 == 0 {
			res = "0-2"
		}
		jobs = append(jobs, []string{"--tournament", "A", "result", "1", fmt.Sprint(b), res})
	}
	for i := 1; i <= 149; i++ {
		jobs = append(jobs, []string{"--tournament", "C", "player", "add", fmt.Sprintf("Gamma%03d, Anna", i), "--rating", fmt.Sprint(1200 + i)})
	}
	jobs = append(jobs, []string{"--tournament", "B", "pair"})

	start := make(chan struct{})
	var wg sync.WaitGroup
	fails := make([]string, len(jobs))
	took := make([]time.Duration, len(jobs))
	for i, args := range jobs {
		wg.Add(1)
		go func(i int, args []string) {
			defer wg.Done()
			c := arbitroCmd(dir, append([]string{"--db", db}, args...)...)
			var stderr bytes.Buffer
			c.Stderr = &stderr
			<-start
			t0 := time.Now()
			err := c.Run()
			took[i] = time.Since(t0)
			if err != nil {
				fails[i] = fmt.Sprintf("arbitro %s: %v after %v: %s", strings.Join(args, " "), err, took[i].Round(time.Millisecond), stderr.String())
			}
		}(i, args)
	}
	close(start)
	wg.Wait()
	failed := 0
	for _, f := range fails {
		if f != "" {
			failed++
			t.Error(f)
		}
	}
	slowest := slices.Max(took)
	t.Logf("%d writers started together, %d failed; the slowest took %v (busy timeout %v)", len(jobs), failed, slowest.Round(time.Millisecond), store.BusyTimeout)

	// The sum: every result, every player, B's round, one event per command.
	raw := reopen(t, db)
	checkIntegrity(t, raw) // also foreign_key_check
	q := func(query string, args ...any) int {
		var n int
		if err := raw.QueryRow(query, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	if n := q(`SELECT count(*) FROM events`); n < eventsBefore+len(jobs) {
		t.Errorf("%d events after, %d before: want at least one per writer (%d)", n, eventsBefore, len(jobs))
	}
	ids := map[string]int64{}
	for _, name := range []string{"A", "B", "C"} {
		var id int64
		raw.QueryRow(`SELECT id FROM tournaments WHERE name = ?`, name).Scan(&id)
		ids[name] = id
	}
	if n := q(`SELECT count(*) FROM entries WHERE tournament_id = ?`, ids["C"]); n != 149 {
		t.Errorf("C holds %d players, want the 149 added", n)
	}
	if n := q(`SELECT count(*) FROM entries WHERE tournament_id = ?`, ids["A"]); n != 100 {
		t.Errorf("A holds %d players, want 100", n)
	}
	if n := q(`SELECT count(*) FROM events WHERE action = 'player.add' AND tournament_id = ?`, ids["C"]); n != 149 {
		t.Errorf("%d player.add events for C, want 149", n)
	}
	if n := q(`SELECT count(*) FROM rounds WHERE tournament_id = ?`, ids["B"]); n != 1 {
		t.Errorf("B has %d rounds, want its first pairing", n)
	}
	if n := q(`SELECT count(*) FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ?`, ids["B"]); n != 10 {
		t.Errorf("B's round 1 has %d boards, want 10", n)
	}
	// Every board of A's round 1 has its result, as entered.
	for b := 1; b <= 50; b++ {
		want := "2-0"
		if b%2 == 0 {
			want = "0-2"
		}
		var w, bl int
		err := raw.QueryRow(`SELECT x.white_points, x.black_points FROM results x JOIN boards b ON b.id = x.board_id
			JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number = 1 AND b.board = ?`, ids["A"], b).Scan(&w, &bl)
		got := fmt.Sprintf("%d-%d", w, bl)
		if err != nil || got != want {
			t.Errorf("A round 1 board %d: result %q (%v), want %s", b, got, err, want)
		}
	}
}
