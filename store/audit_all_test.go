package store

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// archiveStore imports the two real event files copies times each (tournaments named
// "<file> <i>"), then in the second tournament records a wrong result on round 1 board 1
// and replaces round 1 board 2's score with one whose 4th ply moves an opposing piece.
func archiveStore(t testing.TB, copies int) *Store {
	t.Helper()
	st := testStore(t)
	for i := range copies {
		for _, file := range []string{intlFile, itaFile} {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := tournament.PrepareEventImport(f, tournament.EventImportOptions{Name: fmt.Sprintf("%s %d", file, i)})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ImportEventPlan(context.Background(), st, plan, file); err != nil {
				t.Fatal(err)
			}
		}
	}
	err := st.Update(context.Background(), func(tx *Tx) error {
		ts, err := tx.Tournaments()
		if err != nil {
			return err
		}
		tour := &ts[1]
		if _, err := tx.SetResult(tour, 1, 1, 1, "0-2", tournament.ResultOptions{Correct: true, Reason: "test: a wrong result"}); err != nil {
			return err
		}
		_, err = plantIllegalScore(tx, tour)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// auditAllText runs AuditAll with jobs workers and returns every item written out, one
// line each, with the per-game part made by Render on the workers.
func auditAllText(t testing.TB, st *Store, jobs int) (string, *tournament.AuditSummary) {
	t.Helper()
	var out strings.Builder
	var total *tournament.AuditSummary
	opts := tournament.ArchiveAuditOptions{Jobs: jobs,
		Render: func(tour *tournament.Tournament, ga *tournament.GameAudit) []byte {
			var codes []string
			for _, p := range ga.Problems {
				codes = append(codes, fmt.Sprintf("%s@%d", p.Code, p.Ply))
			}
			return fmt.Appendf(nil, "game %d r%d b%d %s-%s plies %d legal %v %s", ga.GameID, ga.Board.Round, ga.Board.Board,
				ga.Board.White, ga.Board.Black, ga.Verdict.Plies, ga.Verdict.Legal, strings.Join(codes, ","))
		},
		OnItem: func(it *tournament.ArchiveItem) error {
			switch it.Kind {
			case tournament.ItemTournamentStart:
				fmt.Fprintf(&out, "start %d %s\n", it.Tournament.ID, it.Tournament.Name)
			case tournament.ItemGame:
				fmt.Fprintf(&out, "%s\n", it.Out)
			case tournament.ItemTournamentEnd:
				fmt.Fprintf(&out, "end %d %+v\n", it.Tournament.ID, *it.Summary)
			}
			return nil
		}}
	err := st.View(context.Background(), func(tx *Tx) (err error) {
		total, err = tx.AuditAll(opts)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), total
}

// AuditAll gives every tournament's scores in round, board order, the same bytes for
// any number of workers, and counts what was planted.
func TestAuditAllStableAndCounted(t *testing.T) {
	st := archiveStore(t, 2)
	one, total := auditAllText(t, st, 1)
	for _, jobs := range []int{2, 4, 7} {
		if got, _ := auditAllText(t, st, jobs); got != one {
			t.Fatalf("--jobs %d differs from --jobs 1:\n%s\n----\n%s", jobs, got, one)
		}
	}
	if total.Tournaments != 4 || total.Games != 2*(110+36) {
		t.Fatalf("totals %+v", total)
	}
	if total.Illegal != 1 || total.IllegalByReason[rules.ReasonNotOwnPiece] != 1 || total.Inconsistent != 1 || total.WithProblems != 2 {
		t.Errorf("findings %+v", total)
	}
	lines := strings.Split(strings.TrimSpace(one), "\n")
	if len(lines) != total.Games+2*total.Tournaments {
		t.Fatalf("%d lines for %d games", len(lines), total.Games)
	}
	// the planted problems, in the second tournament (Italian), at round 1 boards 1 and 2
	var planted []string
	for _, l := range lines {
		if strings.Contains(l, "legal false") || strings.Contains(l, "result-mismatch") {
			planted = append(planted, l[strings.Index(l, " r")+1:])
		}
	}
	if len(planted) != 2 || !strings.HasPrefix(planted[0], "r1 b1 ") || !strings.HasSuffix(planted[0], "result-mismatch@0") ||
		!strings.HasPrefix(planted[1], "r1 b2 ") || !strings.Contains(planted[1], "legal false not-own-piece@4") {
		t.Errorf("planted problems found as %q", planted)
	}
	// order: tournaments by id, boards by round then board
	lastT, lastKey := int64(0), -1
	for _, l := range lines {
		var id int64
		if _, err := fmt.Sscanf(l, "start %d", &id); err == nil {
			if id <= lastT {
				t.Fatalf("tournament %d after %d", id, lastT)
			}
			lastT, lastKey = id, -1
			continue
		}
		var gid, r, b int
		if _, err := fmt.Sscanf(l, "game %d r%d b%d", &gid, &r, &b); err == nil {
			if key := r*1000 + b; key <= lastKey {
				t.Fatalf("round %d board %d out of order", r, b)
			} else {
				lastKey = key
			}
		}
	}
}

// An error of OnItem stops the audit and is returned, with any number of workers.
func TestAuditAllStopsOnError(t *testing.T) {
	st := archiveStore(t, 1)
	for _, jobs := range []int{1, 3} {
		n := 0
		stop := fmt.Errorf("stop")
		err := st.View(context.Background(), func(tx *Tx) error {
			_, err := tx.AuditAll(tournament.ArchiveAuditOptions{Jobs: jobs, OnItem: func(it *tournament.ArchiveItem) error {
				n++
				if n == 10 {
					return stop
				}
				return nil
			}})
			return err
		})
		if err != stop || n != 10 {
			t.Errorf("jobs %d: err %v after %d items", jobs, err, n)
		}
	}
}

// BenchmarkAuditAll audits 20 tournaments (10 copies of each real file, 1,460 scores) per
// operation, on one worker, on two, and on one per processor the benchmark may use
// (jobsP: with -cpu 1,2 the one-job and two-job figures of issue 33). Besides the wall time
// it reports the process CPU time per operation (cpu-s/op) and the scores judged per
// second of wall time (games/s) and of CPU time (games/cpu-s): on a shared machine the
// wall time also counts the waits for a core.
func BenchmarkAuditAll(b *testing.B) {
	st := archiveStore(b, 10)
	for _, name := range []string{"jobs1", "jobs2", "jobsP"} {
		b.Run(name, func(b *testing.B) {
			jobs := runtime.GOMAXPROCS(0)
			if name != "jobsP" {
				jobs = int(name[4] - '0')
			}
			games := 0
			cpu0 := auditCPU()
			for b.Loop() {
				if err := st.View(context.Background(), func(tx *Tx) error {
					total, err := tx.AuditAll(tournament.ArchiveAuditOptions{Jobs: jobs})
					games += total.Games
					return err
				}); err != nil {
					b.Fatal(err)
				}
			}
			cpu := (auditCPU() - cpu0).Seconds()
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			if cpu > 0 {
				b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(games)/cpu, "games/cpu-s")
			}
		})
	}
}

// BenchmarkAuditAllFile audits the database named by $ARBITRO_AUDIT_DB (e.g. one made by
// testdata/archive/make-archive.sh) on one worker; skipped without it.
func BenchmarkAuditAllFile(b *testing.B) {
	path := os.Getenv("ARBITRO_AUDIT_DB")
	if path == "" {
		b.Skip("set ARBITRO_AUDIT_DB to a database file")
	}
	st, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	for b.Loop() {
		if err := st.View(context.Background(), func(tx *Tx) error {
			_, err := tx.AuditAll(tournament.ArchiveAuditOptions{Jobs: 1})
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// AuditAll judges every score as Audit does tournament by tournament (the archive reader
// reads the boards with fewer columns and the names per tournament): the same boards,
// verdicts, problems and claims, in the same order.
func TestAuditAllSameAsAudit(t *testing.T) {
	st := archiveStore(t, 1)
	var want []tournament.GameAudit
	var got []tournament.GameAudit
	err := st.View(context.Background(), func(tx *Tx) error {
		ts, err := tx.Tournaments()
		if err != nil {
			return err
		}
		for i := range ts {
			a, err := tx.Audit(&ts[i], 0)
			if err != nil {
				return err
			}
			for _, ga := range a.Games {
				ga.Game = nil
				ga.Board.Result = resultWithoutEntry(ga.Board.Result)
				want = append(want, ga)
			}
		}
		_, err = tx.AuditAll(tournament.ArchiveAuditOptions{Jobs: 3, OnItem: func(it *tournament.ArchiveItem) error {
			if it.Kind == tournament.ItemGame {
				got = append(got, *it.Game)
			}
			return nil
		}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 110+36 || len(got) != len(want) {
		t.Fatalf("%d scores by AuditAll, %d by Audit", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("score %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// resultWithoutEntry is r without when and by whom it was entered (AuditAll does not read
// them).
func resultWithoutEntry(r *tournament.Result) *tournament.Result {
	if r == nil {
		return nil
	}
	c := *r
	c.EnteredAt, c.EnteredBy = "", ""
	return &c
}

// The archive audit's memory does not grow with the number of tournaments or scores: the
// live heap (after a collection) at the end of the tournaments 14-16 stays within 256 KiB
// of the one at the end of the tournaments 3-5, over 16 tournaments and 1,168 scores, with
// one worker and with four. Each is the least of its three readings: a worker may hold a
// game in flight when the heap is read (with four, 563 KB above the base was seen once
// under heavy load), while a leak only grows. Keeping every judged score (its board,
// verdict and problems) adds about 950 KB over those tournaments (tried).
func TestAuditAllMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 16 tournaments")
	}
	st := archiveStore(t, 8)
	for _, jobs := range []int{1, 4} {
		var early, late []uint64 // live heap at the end of tournaments 3-5 and 14-16
		ends, games := 0, 0
		var ms runtime.MemStats
		err := st.View(context.Background(), func(tx *Tx) error {
			_, err := tx.AuditAll(tournament.ArchiveAuditOptions{Jobs: jobs, OnItem: func(it *tournament.ArchiveItem) error {
				switch it.Kind {
				case tournament.ItemGame:
					games++
				case tournament.ItemTournamentEnd:
					ends++
					if ends < 3 {
						return nil
					}
					runtime.GC()
					runtime.ReadMemStats(&ms)
					switch {
					case ends <= 5:
						early = append(early, ms.HeapAlloc)
					case ends >= 14:
						late = append(late, ms.HeapAlloc)
					}
				}
				return nil
			}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if ends != 16 || games != 8*(110+36) {
			t.Fatalf("jobs %d: %d tournaments, %d scores", jobs, ends, games)
		}
		base, last := slices.Min(early), slices.Min(late)
		if last > base+256<<10 {
			t.Errorf("jobs %d: live heap grew from %d to %d bytes over %d tournaments", jobs, base, last, ends)
		}
		t.Logf("jobs %d: live heap %d..%d bytes over %d tournaments, %d scores", jobs, base, last, ends, games)
	}
}
