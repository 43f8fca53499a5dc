package main

import (
	"os"
	"strings"
	"testing"
)

// testdata/example.json is `go test -json ./...` of a module with a package that does not
// compile and one with a passing test whose subtest skips, a failing test and a panicking one.
func TestSummarize(t *testing.T) {
	f, err := os.Open("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	s, err := summarize(f, &out)
	if err != nil {
		t.Fatal(err)
	}
	if s.passed != 1 || s.failed != 2 || len(s.skips) != 1 || strings.Join(s.failedPkgs, " ") != "bf/a bf/b" {
		t.Errorf("passed %d, failed %d, skips %q, failed packages %q", s.passed, s.failed, s.skips, s.failedPkgs)
	}
	for _, want := range []string{
		"a/a.go:3:13: cannot use \"s\"", // the build error
		"--- FAIL: bf/b TestC\n=== RUN   TestC\n    b_test.go:4: hello\n    b_test.go:4: bad\n", // a failed test's whole output
		"panic: boom",
		"FAIL  bf/b",
		"skipped tests (1):\n  SKIP bf/b TestB/sub: b_test.go:3: why\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.HasSuffix(out.String(), "\ntests: 1 passed, 2 failed, 1 skipped\n") {
		t.Errorf("the summary does not end with the counts:\n%s", out.String())
	}
}

func TestSummarizeNoSkip(t *testing.T) {
	in := `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA","Elapsed":0.5}
{"Action":"output","Package":"p","Output":"ok  \tp\t0.6s\n"}
{"Action":"pass","Package":"p","Elapsed":0.6}
`
	var out strings.Builder
	if _, err := summarize(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "ok    p                                            0.6s\n\nslowest tests:\n      0.5s p TestA\n\ntests: 1 passed, 0 failed, 0 skipped\n"; got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
