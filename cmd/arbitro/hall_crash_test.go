package main

import (
	"database/sql"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// A kill -9 of 'serve --hall' while the players of 20 boards send their entries loses no
// entry the hall acknowledged: every entry answered "waiting" or "stored" is in the file
// after the kill (and a "stored" board has its result), and the file is sound. Three
// runs, killed after 5, 15 and 30 acknowledgements.
func TestSafetyHallKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills 3 servers")
	}
	dir := t.TempDir()
	boards, pins := hallKillFixture(t, dir)
	for run, after := range []int{5, 15, 30} {
		hallKillRun(t, dir, run, after, boards, pins)
	}
}

// hallBoard is a board of the kill test's round.
type hallBoard struct {
	id           int64
	n            int
	white, black int64
}

// hallKillFixture makes fixture.db in dir: a Dutch event of 40 players, round 1 paired,
// every player with a PIN (returned by entry id).
func hallKillFixture(t *testing.T, dir string) ([]hallBoard, map[int64]string) {
	os.WriteFile(filepath.Join(dir, "club.csv"), []byte(genCSV(40, ";", "Club")), 0o644)
	for _, args := range [][]string{
		{"tournament", "create", "Hall", "--system", "dutch", "--rounds", "5", "--seed", "1"},
		{"player", "import", "club.csv"},
		{"lot"},
		{"pair"},
	} {
		mustRun(t, dir, append([]string{"--db", "fixture.db"}, args...)...)
	}
	out, err := arbitroCmd(dir, "--db", "fixture.db", "player", "pin").Output()
	if err != nil {
		t.Fatal(err)
	}
	pins := map[int64]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if id, err := strconv.ParseInt(firstOr(f), 10, 64); err == nil && len(f) >= 4 && len(f[len(f)-1]) == 6 {
			pins[id] = f[len(f)-1]
		}
	}
	var boards []hallBoard
	db, err := sql.Open("sqlite", filepath.Join(dir, "fixture.db"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT b.id, b.board, b.white_entry, b.black_entry FROM boards b JOIN rounds r ON r.id = b.round_id
		WHERE r.number = 1 AND b.black_entry IS NOT NULL ORDER BY b.board`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b hallBoard
		rows.Scan(&b.id, &b.n, &b.white, &b.black)
		boards = append(boards, b)
	}
	rows.Close()
	db.Close()
	tableCounts(t, filepath.Join(dir, "fixture.db")) // checkpoints the WAL into the file
	if len(boards) != 20 || len(pins) != 40 {
		t.Fatalf("%d boards, %d PINs", len(boards), len(pins))
	}
	return boards, pins
}

// hallKillRun serves a copy of the fixture, sends the entries of every board, kills the
// server with SIGKILL after `after` acknowledgements and checks that each acknowledged
// entry is in the file.
func hallKillRun(t *testing.T, dir string, run, after int, boards []hallBoard, pins map[int64]string) {
	name := fmt.Sprintf("run%d.db", run)
	copyFile(t, filepath.Join(dir, "fixture.db"), filepath.Join(dir, name))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := arbitroCmd(dir, "--db", name, "serve", "--hall", "--addr", addr)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 5 * time.Second}
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := c.Get("http://" + addr + "/hall/"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Since(start) > 10*time.Second {
			srv.Process.Kill()
			t.Fatal("serve --hall did not answer")
		}
	}
	type ack struct {
		b      hallBoard
		entry  int64
		stored bool
	}
	var mu sync.Mutex
	var acks []ack
	killed := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for _, b := range boards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, s := range []struct {
				side  string
				entry int64
			}{{"W", b.white}, {"B", b.black}} {
				page := fmt.Sprintf("http://%s/hall/1/board?round=1&board=%d&game=1", addr, b.n)
				resp, err := c.PostForm(page, url.Values{"side": {s.side}, "pin": {pins[s.entry]}, "result": {"1-1"}})
				if err != nil {
					return // the server is gone
				}
				resp.Body.Close()
				loc, _ := url.Parse(resp.Header.Get("Location"))
				msg := loc.Query().Get("msg")
				if resp.StatusCode != http.StatusSeeOther || (msg != "waiting" && msg != "stored") {
					t.Errorf("board %d %s: %d %s", b.n, s.side, resp.StatusCode, msg)
					return
				}
				mu.Lock()
				acks = append(acks, ack{b, s.entry, msg == "stored"})
				if len(acks) == after {
					once.Do(func() { srv.Process.Kill(); close(killed) })
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	once.Do(func() { srv.Process.Kill(); close(killed) })
	<-killed
	srv.Wait()
	checkDB(t, filepath.Join(dir, name))
	db := reopen(t, filepath.Join(dir, name))
	for _, a := range acks {
		var n int
		db.QueryRow(`SELECT count(*) FROM hall_entries WHERE board_id = ? AND entry_id = ?`, a.b.id, a.entry).Scan(&n)
		if n != 1 {
			t.Errorf("run %d: board %d: an acknowledged entry of %d is lost", run, a.b.n, a.entry)
		}
		if a.stored {
			db.QueryRow(`SELECT count(*) FROM results WHERE board_id = ?`, a.b.id).Scan(&n)
			if n != 1 {
				t.Errorf("run %d: board %d: an acknowledged result is lost", run, a.b.n)
			}
		}
	}
	db.Close()
	if len(acks) < after {
		t.Errorf("run %d: only %d entries acknowledged before the kill", run, len(acks))
	}
	t.Logf("run %d: killed after %d acknowledged entries; all in the file", run, len(acks))
}

func firstOr(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
