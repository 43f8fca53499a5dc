package main

import (
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// The script commands of the hall's scripts (serve --hall):
//
//	freeport VAR                 set $VAR to a free TCP port of 127.0.0.1
//	hallpins FILE ROUND BOARD    after 'arbitro player pin', set $WPIN and $BPIN to the PINs
//	                             (read from that command's stdout) of the players of board
//	                             BOARD of round ROUND of database FILE
//	httppost URL NAME=VALUE...   POST the form to URL, retrying for 10 s while nothing
//	                             listens; stdout: the status code and the Location
//	httpget URL FILE             GET URL into FILE; stdout: the status code and the
//	                             Content-Type
//
// Both keep the cookies a script's server sets (a login) for the script's next requests.

func scriptFreePort(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: freeport VAR")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	port := ln.Addr().(*net.TCPAddr).Port
	ts.Check(ln.Close())
	ts.Setenv(args[0], strconv.Itoa(port))
}

func scriptHallPins(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: hallpins FILE ROUND BOARD")
	}
	pins := map[string]string{} // entry id -> PIN
	for _, line := range strings.Split(ts.ReadFile("stdout"), "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && len(f[len(f)-1]) == 6 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				pins[f[0]] = f[len(f)-1]
			}
		}
	}
	db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
	ts.Check(err)
	defer db.Close()
	var w, b string
	ts.Check(db.QueryRow(`SELECT b.white_entry, b.black_entry FROM boards b JOIN rounds r ON r.id = b.round_id
		WHERE r.number = ? AND b.board = ? AND b.game = 1`, args[1], args[2]).Scan(&w, &b))
	if pins[w] == "" || pins[b] == "" {
		ts.Fatalf("no PIN in stdout for entries %s and %s", w, b)
	}
	ts.Setenv("WPIN", pins[w])
	ts.Setenv("BPIN", pins[b])
}

func scriptHTTPPost(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: httppost URL NAME=VALUE...")
	}
	form := url.Values{}
	for _, a := range args[1:] {
		k, v, _ := strings.Cut(a, "=")
		form.Add(k, v)
	}
	c := scriptClient(ts)
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := c.PostForm(args[0], form)
		if err != nil && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		ts.Check(err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		fmt.Fprintf(ts.Stdout(), "%d %s\n", resp.StatusCode, resp.Header.Get("Location"))
		return
	}
}

// scriptJars are the cookies of each running script (httppost, httpget).
var scriptJars sync.Map // *testscript.TestScript -> *cookiejar.Jar

// scriptClient is an HTTP client that follows no redirect and keeps the script's cookies.
func scriptClient(ts *testscript.TestScript) *http.Client {
	j, _ := cookiejar.New(nil)
	jar, _ := scriptJars.LoadOrStore(ts, j)
	ts.Defer(func() { scriptJars.Delete(ts) })
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout: 10 * time.Second, Jar: jar.(*cookiejar.Jar)}
}

func scriptHTTPGet(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: httpget URL FILE")
	}
	resp, err := scriptClient(ts).Get(args[0])
	ts.Check(err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), b, 0o644))
	fmt.Fprintf(ts.Stdout(), "%d %s\n", resp.StatusCode, resp.Header.Get("Content-Type"))
}
