package site

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"arbitro/store"
	"arbitro/tournament"
)

// The overdue mark (hall set --single-after): a single entry (the opponent entered nothing)
// is shown in the console's waiting boards with its time; once the event's minutes have
// passed on the hall's clock (a hall on the same file whose store's clock is 11 minutes
// ahead) the console marks it "one entry only, past the event's time: decide", and the
// board with two agreeing entries is not marked; with no minutes set nothing is marked.
func TestHallOverdueMark(t *testing.T) {
	path, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Luca", "Neri, Eva"})
	ctx := context.Background()
	pins, _, err := st.SetPINs(ctx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	pin := map[int64]string{}
	for _, p := range pins {
		pin[p.Entry.ID] = p.PIN
	}
	yes, ten := true, 10
	if _, _, err := st.SetHallSettings(ctx, "", tournament.HallSettingsChange{Confirm: &yes, SingleMinutes: &ten}); err != nil {
		t.Fatal(err)
	}
	bs, _, err := st.ResultList(ctx, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	single, both := bs[0], bs[1]
	for _, e := range []struct {
		b    *tournament.Board
		side byte
	}{{single, 'B'}, {both, 'W'}, {both, 'B'}} {
		entry := e.b.WhiteEntry
		if e.side == 'B' {
			entry = e.b.BlackEntry
		}
		if _, err := st.HallEnterResult(ctx, "", 1, e.b.Board, 1, e.side, pin[entry], "1-1", false); err != nil {
			t.Fatal(err)
		}
	}
	const mark = "un solo inserimento, oltre il tempo fissato: decidete"
	console := func(st *store.Store) string {
		t.Helper()
		h := NewHall(st, "", &syncBuffer{})
		srv := httptest.NewServer(h.Handler(NewHandler(st, "")))
		defer srv.Close()
		defer h.Close()
		hs := &hallServer{srv: srv, hall: h, st: st, c: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
		_, _, page := hs.do(t, "GET", "/hall/1/console", nil, "Cookie", hs.login(t))
		i := strings.Index(page, `<ul class="pending">`)
		j := strings.Index(page, "</ul>\n<h2>")
		if i < 0 || j < i {
			t.Fatalf("no waiting boards in the console:\n%s", page)
		}
		return page[i:j]
	}
	now := console(st)
	if strings.Contains(now, mark) || strings.Count(now, "<li") != 5 || !strings.Contains(now, `class="agreed"`) {
		t.Errorf("just entered: no mark, the single entry and the agreed board waiting:\n%s", now)
	}
	later, err := store.Open(path, store.WithClock(func() time.Time { return time.Now().Add(11 * time.Minute) }))
	if err != nil {
		t.Fatal(err)
	}
	defer later.Close()
	page := console(later)
	if strings.Count(page, mark) != 1 {
		t.Fatalf("11 minutes later: want the mark once\n%s", page)
	}
	first := page[:strings.Index(page, "</li>")]
	if !strings.Contains(first, `class="disputed"`) || !strings.Contains(first, mark) || !strings.Contains(first, single.White) {
		t.Errorf("the mark is not on the single entry's board %d:\n%s", single.Board, page)
	}
	zero := 0
	if _, _, err := st.SetHallSettings(ctx, "", tournament.HallSettingsChange{SingleMinutes: &zero}); err != nil {
		t.Fatal(err)
	}
	if page := console(later); strings.Contains(page, mark) {
		t.Errorf("no minutes set: marked\n%s", page)
	}
}
