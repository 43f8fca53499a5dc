package site

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// hallRound is a 400-player Italo-Swiss event, lot drawn, round 1 paired (200 boards),
// every player with a PIN, served as the hall on loopback.
type hallRound struct {
	st     *store.Store
	srv    *httptest.Server
	hall   *Hall
	boards []*tournament.Board
	pins   map[int64]string
	log    *syncBuffer // the hall's log lines
}

func newHallRound(tb testing.TB, players int) *hallRound {
	tb.Helper()
	st, err := store.Open(filepath.Join(tb.TempDir(), "hall.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tr := &tournament.Tournament{Name: "Hall load", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 7,
		ByePoints: 2, ForfeitPoints: 2, Seed: 3}
	ctx := context.Background()
	err = st.Update(ctx, func(tx *store.Tx) error {
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		for i := range players {
			if _, err := tx.AddPlayer(tr, tournament.Player{Name: fmt.Sprintf("Player%04d, Test", i), Rating: 1200 + i}); err != nil {
				return err
			}
		}
		if _, err := tx.DrawLot(tr, nil); err != nil {
			return err
		}
		_, err := tx.PairNext(tr, tournament.PairOptions{})
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	pins, _, err := st.SetPINs(ctx, "", nil)
	if err != nil {
		tb.Fatal(err)
	}
	hr := &hallRound{st: st, pins: map[int64]string{}}
	for _, p := range pins {
		hr.pins[p.Entry.ID] = p.PIN
	}
	if hr.boards, _, err = st.ResultList(ctx, "", 1); err != nil {
		tb.Fatal(err)
	}
	hr.log = &syncBuffer{}
	hr.hall = NewHall(st, "", hr.log)
	hr.srv = httptest.NewServer(hr.hall.Handler(NewHandler(st, "")))
	return hr
}

func (hr *hallRound) close() {
	hr.hall.Close()
	hr.srv.Close()
	hr.st.Close()
}

// seen is one version a screen received, and when.
type seen struct {
	v  int64
	at time.Time
}

// listen opens n event streams; each records every version it receives, with the time.
func (hr *hallRound) listen(tb testing.TB, ctx context.Context, n int) (got [][]seen, mu *sync.Mutex, ready *sync.WaitGroup) {
	got, mu, ready = make([][]seen, n), &sync.Mutex{}, &sync.WaitGroup{}
	for i := range n {
		ready.Add(1)
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", hr.srv.URL+"/hall/1/events", nil)
			resp, err := http.DefaultClient.Do(req)
			ready.Done()
			if err != nil {
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					n, _ := strconv.ParseInt(v, 10, 64)
					mu.Lock()
					got[i] = append(got[i], seen{n, time.Now()})
					mu.Unlock()
				}
			}
		}()
	}
	return got, mu, ready
}

// BenchmarkHallRound: 200 clients, one per board, each sends both players' entries of its
// board (400 POSTs in all, agreeing: 200 results) while 50 screens listen to the event
// stream, on loopback. Reported: the time of the whole round (ns/op), the latency of one
// entry (p50, p99), how long after a result was acknowledged a screen was told of it
// (p99, max), the peak heap. Checked: one stored result per board, the result entered;
// each screen's versions increasing, and each screen told of every stored result (a
// version at or past the result's) within 2 s of its acknowledgement. The stream
// coalesces by design (bus: a screen is sent the latest version, and reloads the latest
// state): a screen is not sent one message per result, but never misses one.
func BenchmarkHallRound(b *testing.B) {
	const players, screens = 400, 50
	var lat, lag []time.Duration
	var peak uint64
	for range b.N {
		b.StopTimer()
		hr := newHallRound(b, players)
		ctx, cancel := context.WithCancel(context.Background())
		got, mu, ready := hr.listen(b, ctx, screens)
		ready.Wait()
		stop := make(chan struct{})
		go func() {
			for {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				mu.Lock()
				peak = max(peak, ms.HeapInuse)
				mu.Unlock()
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
		tr := &http.Transport{MaxIdleConnsPerHost: 256}
		c := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		var wg sync.WaitGroup
		var lmu sync.Mutex
		acked := map[int]time.Time{} // board -> when the entry that stored its result was answered
		b.StartTimer()
		for _, bd := range hr.boards {
			if bd.Bye() {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				page := hr.srv.URL + "/hall/1/" + reports.HallBoardPath(1, bd.Board, 1)
				for _, s := range []struct {
					side  string
					entry int64
				}{{"W", bd.WhiteEntry}, {"B", bd.BlackEntry}} {
					t0 := time.Now()
					resp, err := c.PostForm(page, url.Values{"side": {s.side}, "pin": {hr.pins[s.entry]}, "result": {"1-1"}})
					if err != nil {
						b.Error(err)
						return
					}
					resp.Body.Close()
					now := time.Now()
					lmu.Lock()
					lat = append(lat, now.Sub(t0))
					if strings.Contains(resp.Header.Get("Location"), "msg=stored") {
						acked[bd.Board] = now
					}
					lmu.Unlock()
					if resp.StatusCode != http.StatusSeeOther {
						b.Errorf("board %d %s: %s", bd.Board, s.side, resp.Status)
					}
				}
			}()
		}
		wg.Wait()
		b.StopTimer()
		lag = append(lag, hr.check(b, acked, got, mu)...)
		close(stop)
		cancel()
		tr.CloseIdleConnections()
		hr.close()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	sort.Slice(lag, func(i, j int) bool { return lag[i] < lag[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
	if len(lag) > 0 {
		b.ReportMetric(float64(lag[len(lag)*99/100].Microseconds())/1000, "screen-p99-ms")
		b.ReportMetric(float64(lag[len(lag)-1].Microseconds())/1000, "screen-max-ms")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// check verifies the round BenchmarkHallRound played: exactly one result stored (one
// "result.set" event) per board, the one entered, each acknowledged (acked); every
// screen's versions (got, under mu) increasing and, for every stored result, a version at
// or past its event's within 2 s of its acknowledgement (waiting up to that for the
// screens still behind). It returns each screen's delay for each result.
func (hr *hallRound) check(b *testing.B, acked map[int]time.Time, got [][]seen, mu *sync.Mutex) []time.Duration {
	ctx := context.Background()
	evs, _, err := hr.st.EventLog(ctx, "")
	if err != nil {
		b.Fatal(err)
	}
	stored := map[int]int64{} // board -> its result.set event's id
	var last time.Time
	for _, e := range evs {
		if e.Action != "result.set" {
			continue
		}
		var r struct{ Round, Board int }
		if err := json.Unmarshal(e.After, &r); err != nil {
			b.Fatal(err)
		}
		if _, twice := stored[r.Board]; twice || r.Round != 1 {
			b.Errorf("board %d of round %d stored again (event %d)", r.Board, r.Round, e.ID)
		}
		stored[r.Board] = e.ID
	}
	bs, _, err := hr.st.ResultList(ctx, "", 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, bd := range bs {
		if bd.Bye() {
			continue
		}
		if _, ok := stored[bd.Board]; !ok || bd.Result == nil || bd.Result.WhitePoints != 1 || bd.Result.BlackPoints != 1 || acked[bd.Board].IsZero() {
			b.Errorf("board %d: stored %v, result %+v, acknowledged %v", bd.Board, ok, bd.Result, !acked[bd.Board].IsZero())
		}
		if acked[bd.Board].After(last) {
			last = acked[bd.Board]
		}
	}
	if len(stored) != len(bs) {
		b.Errorf("%d results stored, want %d", len(stored), len(bs))
	}
	final := evs[len(evs)-1].ID
	// Wait (a bound, not a sleep as a measure) until every screen has the final version or
	// 2 s after the last acknowledgement have passed; the delays are checked below.
	for deadline := last.Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		behind := 0
		for _, g := range got {
			if len(g) == 0 || g[len(g)-1].v < final {
				behind++
			}
		}
		mu.Unlock()
		if behind == 0 {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	var lag []time.Duration
	late := 0
	for i, g := range got {
		for j := 1; j < len(g); j++ {
			if g[j].v <= g[j-1].v {
				b.Errorf("screen %d: version %d after %d", i, g[j].v, g[j-1].v)
			}
		}
		for board, id := range stored {
			k := sort.Search(len(g), func(k int) bool { return g[k].v >= id })
			if k == len(g) {
				late++
				continue
			}
			d := max(g[k].at.Sub(acked[board]), 0) // told before the answer reached the player: no delay
			lag = append(lag, d)
			if d > 2*time.Second {
				late++
			}
		}
	}
	if late > 0 {
		b.Errorf("%d of %d (screen, result) pairs not told within 2 s of the result", late, len(got)*len(stored))
	}
	return lag
}
