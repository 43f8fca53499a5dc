package site

import (
	"arbitro/internal/sqlitetest"
	"arbitro/store"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"arbitro/tournament"
)

// BenchmarkPublishWorld2007 publishes the 2007 World Championship (International, 20
// players, 11 rounds, 110 game scores; cmd/arbitro/demodata): every page, every game
// replayed and drawn.
func BenchmarkPublishWorld2007(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "w.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	f, err := os.Open("../cmd/arbitro/demodata/intl_world_championship_2007_rounds01-11.pdn")
	if err != nil {
		b.Fatal(err)
	}
	_, err = store.ImportEventPDN(context.Background(), st, f, "wc2007", tournament.EventImportOptions{})
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	benchPublish(b, st, false)
}

func benchPublish(b *testing.B, st *store.Store, all bool) {
	b.Helper()
	b.Run("render", func(b *testing.B) {
		var peak uint64
		b.ReportAllocs()
		cpu := processCPU()
		for i := 0; i < b.N; i++ {
			if _, err := publish(context.Background(), st, Options{Out: "unused", All: all}, &writer{discard: true}); err != nil {
				b.Fatal(err)
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
		b.ReportMetric(float64(peak)/(1<<20), "heap-MB")
		b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	})
	b.Run("files", func(b *testing.B) { benchFiles(b, st, all) })
}

// benchFiles publishes into a folder (the files written as Publish writes them).
func benchFiles(b *testing.B, st *store.Store, all bool) {
	out := b.TempDir()
	var peak uint64
	b.ReportAllocs()
	cpu := processCPU()
	for i := 0; i < b.N; i++ {
		os.RemoveAll(out)
		if _, err := Publish(context.Background(), st, Options{Out: out, All: all}); err != nil {
			b.Fatal(err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
	}
	b.ReportMetric(float64(peak)/(1<<20), "heap-MB")
	b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}

// fill inserts, with plain SQL (test set-up only), tournaments of players each, rounds
// rounds of boards (pairing i against i+players/2 rotated by the round) with results, and
// a game score on the first games boards of each tournament.
func fill(b *testing.B, st *store.Store, tournaments, players, rounds, games int) {
	b.Helper()
	const score = "[GameType \"22\"]\n1. 21-17 10-13 2. 17x10 5x14 3. 22-18 14x21 4. 25x18 *\n"
	db := sqlitetest.Open(b, st.Path()) // plain SQL: test set-up only
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	exec := func(q string, args ...any) int64 {
		r, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			b.Fatalf("%s: %v", q, err)
		}
		id, _ := r.LastInsertId()
		return id
	}
	pid := 0
	for t := 0; t < tournaments; t++ {
		tid := exec(`INSERT INTO tournaments (name, variant, system, rounds, scoring, bye_points, forfeit_points, games_per_pairing, tiebreaks,
			lot_seed, start_date, end_date, place, federation, chief_arbiter, time_control, created_at)
			VALUES (?, 'italian', 'italo-swiss', ?, '2-1-0', 2, 2, 1, 'quoziente,sonneborn-berger', 1, ?, '', 'Roma', 'FID', '', '', 'x')`,
			"Torneo "+strconv.Itoa(t), rounds, fmt.Sprintf("%d-05-01", 1990+t%30))
		entries := make([]int64, players)
		for i := range entries {
			pid++
			p := exec(`INSERT INTO players (name, club, rating, created_at) VALUES (?, 'Club', ?, 'x')`, fmt.Sprintf("Giocatore%06d, Nome", pid), 1000+i)
			entries[i] = exec(`INSERT INTO entries (tournament_id, player_id, pairing_number, rating, created_at) VALUES (?, ?, ?, ?, 'x')`, tid, p, i+1, 1000+i)
		}
		g := 0
		for r := 1; r <= rounds; r++ {
			rid := exec(`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, ?, 'x')`, tid, r)
			for k := 0; k < players/2; k++ {
				w, bl := entries[(k+r)%players], entries[(k+r+players/2)%players]
				bid := exec(`INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES (?, ?, ?, ?)`, rid, k+1, w, bl)
				exec(`INSERT INTO results (board_id, kind, white_points, black_points, entered_at) VALUES (?, 'played', ?, ?, 'x')`, bid, 2-(k+r)%3, (k+r)%3)
				if g < games {
					g++
					exec(`INSERT INTO games (board_id, pdn, submitted_at) VALUES (?, ?, 'x')`, bid, score)
				}
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPublish1000Players publishes one Italo-Swiss event of 1,000 players and 11
// rounds (5,500 boards with results, 500 game scores).
func BenchmarkPublish1000Players(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "p.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	fill(b, st, 1, 1000, 11, 500)
	benchPublish(b, st, false)
}

// BenchmarkPublishArchive publishes an archive of $ARBITRO_BENCH_ARCHIVE tournaments
// (default 100; the figure is 1,000) of 20 players, 10 rounds (100 boards) and 100
// game scores each (1,000 tournaments: 100,000 games). heap-MB is the largest heap in use after a
// publish: it stays flat as the archive grows, since tournaments are rendered one at a
// time and games one at a time.
func BenchmarkPublishArchive(b *testing.B) {
	n := 100
	if s := os.Getenv("ARBITRO_BENCH_ARCHIVE"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	st, err := store.Open(filepath.Join(b.TempDir(), "a.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	fill(b, st, n, 20, 10, 100)
	benchPublish(b, st, true)
}
