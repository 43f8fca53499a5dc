package store

import (
	"arbitro/tournament"
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// countingReader counts the bytes read through it.
type countingReader struct {
	r *bytes.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) Seek(off int64, whence int) (int64, error) { return c.r.Seek(off, whence) }

// bigEvent writes n Italian games, round i of players P<2k> - P<2k+1>, boards apart.
func bigEvent(n int, bad int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		round := (i-1)/50 + 1
		w, bl := fmt.Sprintf("W%d, P", (i-1)%50), fmt.Sprintf("B%d, P", (i-1)%50)
		moves := "1. 22-18 10-14"
		if i == bad {
			moves = "1. 22-18 {never closed"
		}
		b.WriteString(pdnGame(fmt.Sprint(round), w, bl, "1-1", moves))
	}
	return b.String()
}

// TestSafetyEventImportStreams is the Data safety row "memory follows the input": the
// first pass keeps no moves (the plan's games have no score yet) and a file whose game 37
// cannot be read is refused having read only its beginning.
func TestSafetyEventImportStreams(t *testing.T) {
	data := bigEvent(20000, 37)
	cr := &countingReader{r: bytes.NewReader([]byte(data))}
	_, err := tournament.PrepareEventImportFile(cr, tournament.EventImportOptions{Name: "Big"})
	if !errors.Is(err, tournament.ErrEventPDN) || !strings.Contains(err.Error(), "game 37") {
		t.Fatalf("want an ErrEventPDN naming game 37, got %v", err)
	}
	if cr.n > int64(len(data))/10 {
		t.Errorf("read %d of %d bytes before refusing game 37", cr.n, len(data))
	}

	// A good file: the plan holds no game; the import stores every game with its verdict.
	good := bigEvent(400, 0)
	plan, err := tournament.PrepareEventImportFile(bytes.NewReader([]byte(good)), tournament.EventImportOptions{Name: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.GamesFound() != 400 || plan.Legal() != 0 || len(plan.Illegal()) != 0 {
		t.Fatalf("the plan found %d games, %d judged before the import", plan.GamesFound(), plan.Legal())
	}
	st := newTestStore(t)
	var rep *tournament.ImportReport
	err = st.Update(context.Background(), func(tx *Tx) (err error) { rep, err = tx.importEvent(plan, "big.pdn"); return })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plan.Legal() != 400 {
		t.Errorf("%d games judged legal, want 400", rep.Plan.Legal())
	}
	var n int
	st.DB().QueryRow(`SELECT count(*) FROM games`).Scan(&n)
	if n != 400 {
		t.Errorf("%d games stored, want 400", n)
	}
}

// roundRobinEvent writes to path the first rounds of a round robin of players (even)
// players, Berger's circle: every player once in each round, every pair at most once, 1-1
// results, real opening moves. Names are pseudo-words far apart (no possible duplicates).
func roundRobinEvent(t *testing.T, path string, players, rounds int) int {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	word := func(n int) string {
		const letters = "bcdfglmnprstvz"
		const vowels = "aeiou"
		var b []byte
		for i := 0; i < 4; i++ {
			b = append(b, letters[n%len(letters)], vowels[(n/len(letters))%len(vowels)])
			n /= len(letters) * len(vowels)
			n += 7 * (i + 1)
		}
		b[0] -= 'a' - 'A'
		return string(b)
	}
	name := func(i int) string { return word(i*7919+13) + ", " + word(i*104729+3) }
	games := 0
	for r := 0; r < rounds; r++ {
		for k := 0; k < players/2; k++ {
			a, b := players-1, r%(players-1)
			if k > 0 {
				a, b = (r+k)%(players-1), (r-k+players-1)%(players-1)
			}
			if r%2 == 1 {
				a, b = b, a
			}
			games++
			fmt.Fprint(w, pdnGame(fmt.Sprint(r+1), name(a), name(b), "1/2-1/2", "1. 22-18 10-14 2. 21-17 14x21 3. 25x18"))
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return games
}

// peakImportHeap imports the event file path into a new database and returns the largest
// live heap (HeapInuse after a collection) seen every probeEvery games of both passes.
func peakImportHeap(t *testing.T, path string, games int) uint64 {
	t.Helper()
	var peak uint64
	tournament.ImportProbe = func() {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
	}
	defer func() { tournament.ImportProbe = nil }()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st := newTestStore(t)
	rep, err := ImportEventPDN(context.Background(), st, f, "big.pdn", tournament.EventImportOptions{Name: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plan.GamesFound() != games || rep.Plan.Legal() != games {
		t.Fatalf("%d games found, %d legal, want %d", rep.Plan.GamesFound(), rep.Plan.Legal(), games)
	}
	return peak
}

// TestSafetyEventImportMemoryFlat is the Data safety row "memory follows the event": the
// live heap of an event import of 20,000 games exceeds that of 2,000 games of the same 410
// players by less than 40 bytes a game (the plan used to keep about 1 KB a game; what
// remains is who played in which round, 99 rounds at most).
func TestSafetyEventImportMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 22,000 games")
	}
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small.pdn"), filepath.Join(dir, "big.pdn")
	ns := roundRobinEvent(t, small, 410, 10)
	nb := roundRobinEvent(t, big, 410, 98)
	ps := peakImportHeap(t, small, ns)
	pb := peakImportHeap(t, big, nb)
	growth := int64(pb) - int64(ps)
	t.Logf("%d games: peak live heap %d KB; %d games: %d KB; %.1f bytes a game more", ns, ps>>10, nb, pb>>10, float64(growth)/float64(nb-ns))
	if growth > 40*int64(nb-ns) {
		t.Errorf("the live heap grew by %d bytes for %d more games", growth, nb-ns)
	}
}

// onceReader is a reader that cannot seek (standard input), counting what it gave.
type onceReader struct {
	r io.Reader
	n int64
}

func (o *onceReader) Read(p []byte) (int, error) {
	n, err := o.r.Read(p)
	o.n += int64(n)
	return n, err
}

// TestSafetyEventImportStdin is the Data safety row "event import -": standard input is
// read once, copied as it is read to a spool file for the second pass; a refusal at game
// 37 stops reading there; a good stream imports as the same file would (same SHA-256).
func TestSafetyEventImportStdin(t *testing.T) {
	data := bigEvent(20000, 37)
	in := &onceReader{r: strings.NewReader(data)}
	spool, err := os.CreateTemp(t.TempDir(), "spool")
	if err != nil {
		t.Fatal(err)
	}
	defer spool.Close()
	_, err = tournament.PrepareEventImportSpool(in, spool, tournament.EventImportOptions{Name: "Big"})
	if !errors.Is(err, tournament.ErrEventPDN) || !strings.Contains(err.Error(), "game 37") {
		t.Fatalf("want an ErrEventPDN naming game 37, got %v", err)
	}
	if in.n > int64(len(data))/10 {
		t.Errorf("read %d of %d bytes of standard input before refusing game 37", in.n, len(data))
	}

	good := bigEvent(300, 0)
	spool2, err := os.CreateTemp(t.TempDir(), "spool")
	if err != nil {
		t.Fatal(err)
	}
	defer spool2.Close()
	plan, err := tournament.PrepareEventImportSpool(&onceReader{r: strings.NewReader(good)}, spool2, tournament.EventImportOptions{Name: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := tournament.PrepareEventImportFile(strings.NewReader(good), tournament.EventImportOptions{Name: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.SHA256 != fromFile.SHA256 || plan.GamesFound() != 300 {
		t.Errorf("stdin plan: sha %s games %d; file plan: sha %s", plan.SHA256, plan.GamesFound(), fromFile.SHA256)
	}
	st := newTestStore(t)
	rep, err := ImportEventPlan(context.Background(), st, plan, "standard input")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plan.Legal() != 300 {
		t.Errorf("%d legal of 300", rep.Plan.Legal())
	}
	// The same bytes again, from a file this time: already imported.
	if _, err := ImportEventPlan(context.Background(), st, fromFile, "big.pdn"); !errors.Is(err, tournament.ErrAlreadyImported) {
		t.Errorf("the same stream as a file: %v", err)
	}
}

// errRollback ends a fuzzed import's transaction without keeping it.
var errRollback = errors.New("rollback")

// FuzzEventImportTwoPass runs both passes of event import (PrepareEventImportFile, then
// Tx.importEvent, rolled back) on any bytes: a plan is stored whole, or the second pass
// fails cleanly; every game found is stored on one board and judged.
func FuzzEventImportTwoPass(f *testing.F) {
	f.Add([]byte(bigEvent(3, 0)), "")
	f.Add([]byte(bigEvent(4, 3)), "")
	f.Add([]byte(pdnGame("", "A, A", "B, B", "*", "1. 22-18")+pdnGame("", "A, A", "C, C", "1-0", "1. 22-18")), "")
	f.Add([]byte("\xff\xfe[\x00W\x00"), "")
	f.Add([]byte(pdnGame("1", "Dvo\xf8\xe1k, A", "B, B", "1-0", "1. 22-18")), "iso-8859-2")
	st, err := Open(filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	f.Fuzz(func(t *testing.T, data []byte, encoding string) {
		plan, err := tournament.PrepareEventImportFile(bytes.NewReader(data), tournament.EventImportOptions{Name: "Fuzz", Encoding: encoding})
		if err != nil {
			return
		}
		plan.Again = true
		err = st.Update(context.Background(), func(tx *Tx) error {
			if _, err := tx.importEvent(plan, "fuzz.pdn"); err != nil {
				return err
			}
			var boards, games int
			if err := tx.queryRow(`SELECT (SELECT count(*) FROM boards), (SELECT count(*) FROM games)`).Scan(&boards, &games); err != nil {
				return err
			}
			if boards != plan.GamesFound() || games != plan.GamesFound() || plan.Legal()+plan.IllegalFound() != plan.GamesFound() {
				t.Fatalf("%d games found, %d boards, %d scores, %d legal, %d illegal", plan.GamesFound(), boards, games, plan.Legal(), plan.IllegalFound())
			}
			return errRollback
		})
		if err != nil && !errors.Is(err, errRollback) && !errors.Is(err, tournament.ErrInvalid) && !errors.Is(err, tournament.ErrMalformed) {
			t.Fatalf("the second pass failed: %v", err)
		}
	})
}
