package site

import (
	"arbitro/internal/sqlitetest"
	"context"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// peakRSS is the process's peak resident memory in bytes (Linux VmHWM; 0 elsewhere).
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n << 10
		}
	}
	return 0
}

// BenchmarkServeLoad is the serve load with one heavy page in flight (issue 27): conns
// clients (64) ask the event's pages in turn over kept-alive connections for 3 s, through
// the server of arbitro serve (NewServer, DefaultTimeouts), once the cache holds them, while
// (in "heavy"; not in "no-heavy", for comparison) one more client asks
// without pause the page of a 4 MB game score that is never cached (its page is drawn at
// every request: the cache bound is smaller than the page). Reported: pages/s answered to
// the conns clients, their slowest answer, the heavy pages drawn, the Go heap's peak in
// use and the process's peak RSS.
//
//	go test ./site -run '^$' -bench BenchmarkServeLoad -benchtime 1x
func BenchmarkServeLoad(b *testing.B) {
	b.Run("heavy", func(b *testing.B) { benchServeLoad(b, true) })
	b.Run("no-heavy", func(b *testing.B) { benchServeLoad(b, false) })
}

func benchServeLoad(b *testing.B, withHeavy bool) {
	t := b
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	db := sqlitetest.Open(t, st.Path())
	if _, err := db.Exec("UPDATE games SET pdn = ?", longScore(4<<20)); err != nil {
		b.Fatal(err)
	}
	h := NewHandler(st, "en")
	h.LimitCache(512 << 10) // the heavy page (~250 KB) costs more than an eighth: never cached
	addr := serveWith(t, h, DefaultTimeouts)
	const dir = "/1-torneo-b-di-b-prova/"
	pages := []string{"/", dir, dir + "standings.html", dir + "crosstable.html", dir + "round-1.html", dir + "player-1.html", dir + "data.json"}
	const conns = 64
	warm := &http.Client{}
	for _, p := range pages { // every page drawn once: what follows is the cache's load
		resp, err := warm.Get("http://" + addr + p)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		var served, heavy atomic.Int64
		var slowest atomic.Int64
		var peakHeap atomic.Uint64
		var wg sync.WaitGroup
		fetch := func(c *http.Client, p string) bool {
			resp, err := c.Get("http://" + addr + p)
			if err != nil {
				return false
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			return resp.StatusCode == 200
		}
		wg.Add(1)
		go func() { // the heavy page, again and again
			defer wg.Done()
			c := &http.Client{}
			for withHeavy && ctx.Err() == nil {
				if fetch(c, dir+"game-1-1.html") {
					heavy.Add(1)
				}
			}
		}()
		go func() {
			for ctx.Err() == nil {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				for old := peakHeap.Load(); ms.HeapInuse > old && !peakHeap.CompareAndSwap(old, ms.HeapInuse); old = peakHeap.Load() {
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
		start := time.Now()
		for i := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
				for j := i; ctx.Err() == nil; j++ {
					t0 := time.Now()
					if fetch(c, pages[j%len(pages)]) && ctx.Err() == nil {
						served.Add(1)
						for d, old := int64(time.Since(t0)), slowest.Load(); d > old && !slowest.CompareAndSwap(old, d); old = slowest.Load() {
						}
					}
				}
			}()
		}
		wg.Wait()
		cancel()
		el := time.Since(start).Seconds()
		b.ReportMetric(conns, "conns")
		b.ReportMetric(float64(served.Load())/el, "pages/s")
		b.ReportMetric(float64(time.Duration(slowest.Load()).Milliseconds()), "slowest-ms")
		b.ReportMetric(float64(heavy.Load()), "heavy-pages")
		b.ReportMetric(float64(peakHeap.Load())/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MB")
	}
}
