// Package testneed is for tests that need a program the machine may lack (Chromium,
// Wine, LibreOffice, zip). On a developer's machine such a test is skipped with its
// message; under CI (the environment variable CI=true, as .ci/run is run) it fails
// instead, since .ci/run installs every such program: a broken install step then turns CI
// red instead of hiding the test behind a skip.
package testneed

import (
	"os"
	"os/exec"
	"strconv"
)

// T is the part of testing.TB that testneed uses.
type T interface {
	Helper()
	Skipf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// InCI reports whether the environment variable CI says this is a CI run ("true", "1").
func InCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Missing stops the test because something it needs is missing: it skips with the
// message, or fails with it under CI.
func Missing(t T, format string, args ...any) {
	t.Helper()
	if InCI() {
		t.Fatalf(format+" [CI=true: a missing program fails the test instead of skipping it]", args...)
		return
	}
	t.Skipf(format, args...)
}

// Program returns the path of the first of names found in PATH. If none is, the test
// stops through Missing with the message why.
func Program(t T, why string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	Missing(t, "%s", why)
	return ""
}
