package site

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const slowPage = "/1-torneo-b-di-b-prova/crosstable.html"

// shortClient gives up after 5 s (a page waiting behind another fails, not hangs).
var shortClient = &http.Client{Timeout: 5 * time.Second}

// get fetches p from srv with the headers h (name, value pairs).
func get(t *testing.T, url string, h ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(h); i += 2 {
		req.Header.Set(h[i], h[i+1])
	}
	resp, err := shortClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// S29: a heavy page being drawn holds no other page: a cached page and another page
// are answered while it renders, and requests for the heavy page share its one rendering.
func TestSafetyServeNoPageWaitsForAnother(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	h := NewHandler(st, "en")
	entered, release := make(chan struct{}, 4), make(chan struct{})
	var draws atomic.Int32
	h.rendering = func(p string) {
		if p == slowPage {
			draws.Add(1)
			entered <- struct{}{}
			<-release
		}
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	if resp, _ := get(t, srv.URL+"/"); resp.StatusCode != 200 {
		t.Fatalf("GET /: %d", resp.StatusCode)
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(srv.URL + slowPage)
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	<-entered
	releaseOnce := sync.OnceFunc(func() { close(release) })
	defer releaseOnce()               // a failing test lets the rendering end too
	time.Sleep(50 * time.Millisecond) // the other two requests join the rendering
	for _, p := range []string{"/", "/1-torneo-b-di-b-prova/standings.html"} {
		start := time.Now()
		resp, _ := get(t, srv.URL+p)
		if d := time.Since(start); resp.StatusCode != 200 || d > time.Second {
			t.Errorf("GET %s while %s renders: %d after %v", p, slowPage, resp.StatusCode, d)
		}
	}
	releaseOnce()
	wg.Wait()
	if n := draws.Load(); n != 1 {
		t.Errorf("three requests of the same page at one data version drew it %d times, want 1", n)
	}
}

// S30: a page answered again with its ETag (If-None-Match) or its Last-Modified
// (If-Modified-Since) is a 304 without a body, until the database changes it.
func TestSafetyServeNotModified(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	srv := httptest.NewServer(NewHandler(st, "en"))
	defer srv.Close()
	const page = "/1-torneo-b-di-b-prova/standings-1.html" // the round in play: a result changes it
	for _, p := range []string{page, "/", "/assets/site.css"} {
		resp, body := get(t, srv.URL+p)
		etag, lm := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
		if resp.StatusCode != 200 || etag == "" || lm == "" || body == "" {
			t.Fatalf("GET %s: %d, ETag %q, Last-Modified %q", p, resp.StatusCode, etag, lm)
		}
		for _, h := range [][]string{{"If-None-Match", etag}, {"If-Modified-Since", lm}} {
			resp, body := get(t, srv.URL+p, h...)
			if resp.StatusCode != http.StatusNotModified || body != "" {
				t.Errorf("GET %s with %s: %d, %d bytes; want 304 and none", p, h[0], resp.StatusCode, len(body))
			}
		}
		if resp, _ := get(t, srv.URL+p, "If-None-Match", `"other"`); resp.StatusCode != 200 {
			t.Errorf("GET %s with another ETag: %d, want 200", p, resp.StatusCode)
		}
	}
	resp, _ := get(t, srv.URL+page)
	etag, lm := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if _, err := st.EnterResult(context.Background(), "", 1, 1, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	for _, h := range [][]string{{"If-None-Match", etag}, {"If-Modified-Since", lm}} {
		resp, body := get(t, srv.URL+page, h...)
		if resp.StatusCode != 200 || resp.Header.Get("ETag") == etag || !strings.Contains(body, "<table") {
			t.Errorf("GET %s with %s after a result: %d, ETag %q (was %q)", page, h[0], resp.StatusCode, resp.Header.Get("ETag"), etag)
		}
		if resp.Header.Get("Last-Modified") == lm {
			t.Errorf("GET %s after a result: Last-Modified %q unchanged", page, lm)
		}
	}
}

// S31: the cache of rendered pages stays within its bound in bytes, whatever is asked.
func TestSafetyServeCacheBytes(t *testing.T) {
	_, st, _ := newEvent(t, hostileNames)
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true, Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	h := NewHandler(st, "en")
	const bound = 40 << 10
	h.LimitCache(bound)
	srv := httptest.NewServer(h)
	defer srv.Close()
	files := readTree(t, out)
	var most int64
	for range 2 {
		for name := range files {
			if name == ManifestName {
				continue
			}
			if resp, _ := get(t, srv.URL+"/"+name); resp.StatusCode != 200 {
				t.Fatalf("GET /%s: %d", name, resp.StatusCode)
			}
			held, max := h.CacheSize()
			if held > max || max != bound {
				t.Fatalf("after /%s the cache holds %d bytes, bound %d (want %d)", name, held, max, bound)
			}
			most = maxOf(most, held)
		}
	}
	if most < bound/2 {
		t.Errorf("the cache never held more than %d bytes of %d: is it used?", most, bound)
	}
	h.LimitCache(0)
	get(t, srv.URL+"/")
	if held, _ := h.CacheSize(); held != 0 {
		t.Errorf("with a bound of 0 the cache holds %d bytes", held)
	}
}

func maxOf(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// serveWith runs NewServer(h, tm) on a local port until the test ends; it returns the
// address.
func serveWith(t testing.TB, h http.Handler, tm Timeouts) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(h, tm, nil)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// closedAfter reads c until it is closed and returns how long after since that was
// (fails when it is still open limit after since).
func closedAfter(t *testing.T, c io.Reader, conn net.Conn, since time.Time, limit time.Duration) time.Duration {
	t.Helper()
	conn.SetReadDeadline(since.Add(limit))
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatalf("the connection was not closed within %v: %v", limit, err)
	}
	return time.Since(since)
}

// S32: connections that send nothing, or stay idle after an answer, are closed after
// the timeouts (DefaultTimeouts in arbitro serve), so they cannot hold every descriptor.
func TestSafetyServeIdleConnectionsClosed(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	tm := Timeouts{ReadHeader: 300 * time.Millisecond, Read: time.Second, Write: time.Second, Idle: 300 * time.Millisecond}
	addr := serveWith(t, NewHandler(st, "en"), tm)
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	silent, half, idle := dial(), dial(), dial()
	opened := time.Now()
	io.WriteString(half, "GET / HTTP/1.1\r\nHost: x\r\n") // never ends its headers
	io.WriteString(idle, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET / on a kept-alive connection: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	answered := time.Now()
	if d := closedAfter(t, br, idle, answered, 3*time.Second); d < 250*time.Millisecond {
		t.Errorf("idle connection closed %v after its answer, before the idle timeout", d)
	}
	for name, c := range map[string]net.Conn{"silent": silent, "half a request": half} {
		if d := closedAfter(t, c, c, opened, 3*time.Second); d < 250*time.Millisecond {
			t.Errorf("%s connection closed %v after it opened, before the read-header timeout", name, d)
		}
	}
}

// The hall's event stream outlives the server's read and write timeouts: a change long
// after both still reaches the screen.
func TestHallStreamOutlivesTimeouts(t *testing.T) {
	hs := newHallServer(t)
	tm := Timeouts{ReadHeader: 200 * time.Millisecond, Read: 300 * time.Millisecond, Write: 300 * time.Millisecond, Idle: 300 * time.Millisecond}
	addr := serveWith(t, hs.hall.Handler(NewHandler(hs.st, "")), tm)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+"/hall/1/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	time.Sleep(time.Second) // past every timeout
	if _, err := hs.st.EnterResult(context.Background(), "", 1, 2, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the event stream was closed by the server's timeouts")
			}
			if l == "event: change" {
				return
			}
		case <-time.After(3 * time.Second):
			t.Fatal("no change event within 3 s")
		}
	}
}
