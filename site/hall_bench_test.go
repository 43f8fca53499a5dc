package site

import (
	"bufio"
	"context"
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

// listen opens n event streams; each records the last version it received.
func (hr *hallRound) listen(tb testing.TB, ctx context.Context, n int) (last []int64, mu *sync.Mutex, ready *sync.WaitGroup) {
	last, mu, ready = make([]int64, n), &sync.Mutex{}, &sync.WaitGroup{}
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
					last[i] = n
					mu.Unlock()
				}
			}
		}()
	}
	return last, mu, ready
}

// BenchmarkHallRound: 200 clients, one per board, each sends both players' entries of its
// board (400 POSTs in all, agreeing: 200 results) while 50 screens listen to the event
// stream, on loopback. Reported: the time of the whole round (ns/op), the latency of one
// entry (p50, p99), the peak heap; checked: every result stored exactly once, every screen
// told the last version.
func BenchmarkHallRound(b *testing.B) {
	const players, screens = 400, 50
	var lat []time.Duration
	var peak uint64
	for range b.N {
		b.StopTimer()
		hr := newHallRound(b, players)
		ctx, cancel := context.WithCancel(context.Background())
		last, mu, ready := hr.listen(b, ctx, screens)
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
					d := time.Since(t0)
					lmu.Lock()
					lat = append(lat, d)
					lmu.Unlock()
					if resp.StatusCode != http.StatusSeeOther {
						b.Errorf("board %d %s: %s", bd.Board, s.side, resp.Status)
					}
				}
			}()
		}
		wg.Wait()
		b.StopTimer()
		// Every result stored once; every screen told the final version within 2 s.
		evs, _, err := hr.st.EventLog(context.Background(), "")
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, e := range evs {
			if e.Action == "result.set" {
				n++
			}
		}
		if n != len(hr.boards) {
			b.Errorf("%d results stored, want %d", n, len(hr.boards))
		}
		final := evs[len(evs)-1].ID
		deadline := time.Now().Add(2 * time.Second)
		for {
			mu.Lock()
			behind := 0
			for _, v := range last {
				if v != final {
					behind++
				}
			}
			mu.Unlock()
			if behind == 0 {
				break
			}
			if time.Now().After(deadline) {
				b.Errorf("%d of %d screens not told the last version within 2 s", behind, screens)
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		close(stop)
		cancel()
		tr.CloseIdleConnections()
		hr.close()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}
