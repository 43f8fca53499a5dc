package site

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

// arbitroBinary builds cmd/arbitro once for the tests of this package.
func arbitroBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		root, err := filepath.Abs("..")
		if err != nil {
			binErr = err
			return
		}
		if binDir, binErr = os.MkdirTemp("", "arbitro-site-test"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "arbitro")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/arbitro")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("go build ./cmd/arbitro: %v\n%s", binErr, binPath)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// 'arbitro serve' in one process, 'arbitro result' in another: the round's standings page shows
// the new result at the next request, without a restart; Ctrl-C (SIGINT) stops the server
// cleanly.
func TestServeProcessSeesResult(t *testing.T) {
	if testing.Short() {
		t.Skip("process test: skipped with -short")
	}
	if runtime.GOOS == "windows" {
		t.Skip("sends SIGINT: not on Windows")
	}
	bin := arbitroBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, append([]string{"--db", db}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("arbitro %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("tournament", "create", "Open di Prova", "--variant", "italian", "--system", "round-robin", "--rounds", "3", "--lang", "en")
	for _, n := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"} {
		run("player", "add", n)
	}
	run("lot")
	run("pair")

	srv := exec.Command(bin, "--db", db, "serve", "--addr", "127.0.0.1:0")
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	srv.Stderr = os.Stderr
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		t.Fatal("serve printed nothing")
	}
	line := sc.Text()
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("serve said %q", line)
	}
	base := strings.Fields(line[i:])[0]
	page := base + "1-open-di-prova/standings-1.html" // the round in play's: each result shows
	get := func() string {
		t.Helper()
		resp, err := http.Get(page)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d\n%s", page, resp.StatusCode, b)
		}
		return string(b)
	}
	if row := firstStandingsRow(t, get()); row[5] != "0*" {
		t.Fatalf("before any result the first line is %q", row)
	}
	out := run("result", "1", "1", "2-0")
	winner := strings.TrimSpace(strings.SplitN(strings.SplitN(out, ": ", 2)[1], " - ", 2)[0])
	if row := firstStandingsRow(t, get()); row[5] != "2" || row[2] != winner {
		t.Errorf("after 'arbitro result' (%s) the standings' first line is %q, want %s with 2", strings.TrimSpace(out), row, winner)
	}
	if err := srv.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		rest, _ := io.ReadAll(stdout)
		if !strings.Contains(string(rest), "stopped") {
			t.Errorf("serve did not say it stopped: %q", rest)
		}
		done <- srv.Wait()
	}()
	// No clock here: a serve that never stops is caught by go test's -timeout, which
	// prints every goroutine, this one waiting below.
	if err := <-done; err != nil {
		t.Errorf("serve after Ctrl-C: %v", err)
	}
}
