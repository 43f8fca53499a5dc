package site

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"arbitro/store"
	"arbitro/tournament"
)

// A delay in minutes moves on with the clock, not with the file: the live site (serve)
// draws its pages again when the next ply of a live board comes into view, though nothing
// was written (the cached page expires then), and a site published at a time shows what
// the delay shows at that time. White writes 21-17 at 10:00 and 12-15 at 10:01 under a
// delay of 2 minutes: at 10:01:30 no ply shows, at 10:02:30 the first, at 10:03:30 both.
func TestSiteLiveBoardsClock(t *testing.T) {
	path, st0, tr := newEvent(t, []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Luca", "Neri, Eva"})
	pins, _, err := st0.SetPINs(context.Background(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	set := func(hh, mm, ss int) { mu.Lock(); now = time.Date(2026, 11, 21, hh, mm, ss, 0, time.UTC); mu.Unlock() }
	st, err := store.Open(path, store.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	if _, err := st.SetSheetDelay(ctx, "", tournament.SheetDelay{Minutes: 2}); err != nil {
		t.Fatal(err)
	}
	var b2 *tournament.Board
	err = st.View(ctx, func(tx *store.Tx) error {
		bs, err := tx.Boards(tr, 1)
		b2 = bs[1]
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	pin := ""
	for _, p := range pins {
		if p.Entry.ID == b2.WhiteEntry {
			pin = p.PIN
		}
	}
	for i, ply := range []string{"21-17", "12-15"} {
		set(10, i, 0)
		if _, err := st.SheetWritePly(ctx, "", store.SheetRef{Round: 1, Board: 2, Game: 1, Side: 'W', PIN: pin, Device: "d", Seq: i + 1}, ply); err != nil {
			t.Fatal(err)
		}
	}
	h := NewHandler(st, "")
	h.now = clock
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(p string) string {
		t.Helper()
		resp, err := http.Get(srv.URL + "/" + Slug(tr) + "/" + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", p, resp.StatusCode)
		}
		return string(b)
	}
	shows := func(s string) string {
		switch {
		case strings.Contains(s, "12-15"):
			return "both"
		case strings.Contains(s, "21-17"):
			return "first"
		}
		return "none"
	}
	for _, c := range []struct {
		hh, mm, ss int
		want       string
	}{{10, 1, 30, "none"}, {10, 1, 45, "none"}, {10, 2, 30, "first"}, {10, 3, 30, "both"}} {
		set(c.hh, c.mm, c.ss)
		for _, p := range []string{"round-1.html", "data.json"} {
			if got := shows(get(p)); got != c.want {
				t.Errorf("%02d:%02d:%02d %s shows %s of the plies, want %s", c.hh, c.mm, c.ss, p, got, c.want)
			}
		}
	}
	// A ply is no event: the data version still changes with it, so the live site (no
	// delay now) shows it at the next request.
	if _, err := st.SetSheetDelay(ctx, "", tournament.SheetDelay{}); err != nil {
		t.Fatal(err)
	}
	if r := get("round-1.html"); !strings.Contains(r, "12-15") || strings.Contains(r, "23-19") {
		t.Errorf("no delay, before the third ply: %s", r)
	}
	if _, err := st.SheetWritePly(ctx, "", store.SheetRef{Round: 1, Board: 2, Game: 1, Side: 'W', PIN: pin, Device: "d", Seq: 3}, "23-19"); err != nil {
		t.Fatal(err)
	}
	if r := get("round-1.html"); !strings.Contains(r, "2. 23-19") {
		t.Errorf("no delay, after the third ply: %s", r)
	}
	if _, err := st.SetSheetDelay(ctx, "", tournament.SheetDelay{Minutes: 2}); err != nil {
		t.Fatal(err)
	}
	// Published at 10:02:30: the first ply only.
	set(10, 2, 30)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Publish(ctx, st, Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"round-1.html", "data.json"} {
		b, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		if got := shows(string(b)); got != "first" {
			t.Errorf("published at 10:02:30, %s shows %s of the plies, want first", p, got)
		}
	}
}
