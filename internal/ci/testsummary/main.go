// Command testsummary reads `go test -json` on its standard input and prints what a person
// reading CI's log needs: a line per package (ok, FAIL, its time), the whole output of every
// failed test, and at the end the ten slowest tests, every skipped test with the message it
// gave, and one line "tests: N passed, N failed, N skipped". A skip cannot go unseen (issue
// 34): .ci/run pipes the README's test command, with -json, through it.
//
//	go test -json ./... | go run ./internal/ci/testsummary
//
// Its exit status is 1 if a test or a package failed, or if no test ran.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Time       time.Time
	Action     string
	Package    string
	Test       string
	Elapsed    float64
	Output     string
	ImportPath string // build-output events
}

// summary is what the events said.
type summary struct {
	passed, failed int
	skips          []string // "package TestName: message", in order
	failedPkgs     []string
	slow           []timed // the top-level tests, slowest first at the end
}

// timed is a top-level test and how long it took.
type timed struct {
	name    string // "package TestName"
	elapsed float64
}

// slowest is how many of the slowest tests the summary names.
const slowest = 10

func main() {
	s, err := summarize(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(1)
	}
	if s.failed > 0 || len(s.failedPkgs) > 0 || s.passed+s.failed+len(s.skips) == 0 {
		os.Exit(1)
	}
}

// summarize reads the events from r and writes the report to w.
func summarize(r io.Reader, w io.Writer) (*summary, error) {
	s := &summary{}
	out := map[[2]string][]string{}      // package, test → its output lines so far
	started := map[[2]string]time.Time{} // package, test → its run event
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			fmt.Fprintf(w, "%s\n", line) // not an event: go test's own message
			continue
		}
		key := [2]string{e.Package, e.Test}
		switch e.Action {
		case "build-output":
			fmt.Fprint(w, e.Output)
		case "run":
			started[key] = e.Time
		case "output":
			out[key] = append(out[key], e.Output)
		case "pass", "fail", "skip":
			if e.Test == "" {
				s.endPackage(w, e, out)
				continue
			}
			if !strings.Contains(e.Test, "/") {
				// Elapsed, or the time from run to end where the test's own line gave none
				// (testscript's).
				elapsed := e.Elapsed
				if t0, ok := started[key]; ok && !t0.IsZero() && !e.Time.IsZero() {
					elapsed = max(elapsed, e.Time.Sub(t0).Seconds())
				}
				s.slow = append(s.slow, timed{e.Package + " " + e.Test, elapsed})
			}
			switch e.Action {
			case "pass":
				s.passed++
			case "fail":
				s.failed++
				fmt.Fprintf(w, "--- FAIL: %s %s\n%s", e.Package, e.Test, strings.Join(out[key], ""))
			case "skip":
				s.skips = append(s.skips, e.Package+" "+e.Test+": "+skipMessage(out[key]))
			}
			delete(out, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(s.slow) > 0 {
		sort.SliceStable(s.slow, func(i, j int) bool { return s.slow[i].elapsed > s.slow[j].elapsed })
		fmt.Fprintf(w, "\nslowest tests:\n")
		for _, t := range s.slow[:min(slowest, len(s.slow))] {
			fmt.Fprintf(w, "  %7.1fs %s\n", t.elapsed, t.name)
		}
	}
	if len(s.skips) > 0 {
		fmt.Fprintf(w, "\nskipped tests (%d):\n", len(s.skips))
		for _, sk := range s.skips {
			fmt.Fprintf(w, "  SKIP %s\n", sk)
		}
	}
	if len(s.failedPkgs) > 0 {
		fmt.Fprintf(w, "\nfailed packages: %s\n", strings.Join(s.failedPkgs, " "))
	}
	fmt.Fprintf(w, "\ntests: %d passed, %d failed, %d skipped\n", s.passed, s.failed, len(s.skips))
	return s, nil
}

// endPackage prints a package's line; for a failed package, also the output of the tests
// that never ended (a panic, a timeout) and of the package itself.
func (s *summary) endPackage(w io.Writer, e event, out map[[2]string][]string) {
	var rest []string // the package's unfinished tests, in a fixed order
	for k := range out {
		if k[0] == e.Package && k[1] != "" {
			rest = append(rest, k[1])
		}
	}
	sort.Strings(rest)
	switch e.Action {
	case "pass":
		fmt.Fprintf(w, "ok    %-40s %7.1fs\n", e.Package, e.Elapsed)
	case "skip":
		fmt.Fprintf(w, "?     %-40s [no test files]\n", e.Package)
	case "fail":
		s.failedPkgs = append(s.failedPkgs, e.Package)
		for _, t := range rest {
			fmt.Fprintf(w, "--- unfinished: %s %s\n%s", e.Package, t, strings.Join(out[[2]string{e.Package, t}], ""))
		}
		fmt.Fprintf(w, "%sFAIL  %-40s %7.1fs\n", strings.Join(out[[2]string{e.Package, ""}], ""), e.Package, e.Elapsed)
	}
	for _, t := range rest {
		delete(out, [2]string{e.Package, t})
	}
	delete(out, [2]string{e.Package, ""})
}

// skipMessage returns what a skipped test said, without the runner's own lines.
func skipMessage(lines []string) string {
	var msg []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		msg = append(msg, t)
	}
	if len(msg) == 0 {
		return "(no message)"
	}
	return strings.Join(msg, " / ")
}
