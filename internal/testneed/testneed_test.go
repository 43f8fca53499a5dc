package testneed

import (
	"fmt"
	"testing"
)

// fakeT records what Missing did.
type fakeT struct{ skipped, failed string }

func (f *fakeT) Helper()                           {}
func (f *fakeT) Skipf(format string, args ...any)  { f.skipped = fmt.Sprintf(format, args...) }
func (f *fakeT) Fatalf(format string, args ...any) { f.failed = fmt.Sprintf(format, args...) }

func TestMissingSkipsOutsideCI(t *testing.T) {
	for _, ci := range []string{"", "false", "0", "no"} {
		t.Setenv("CI", ci)
		var f fakeT
		Missing(&f, "no %s installed", "zip")
		if f.skipped != "no zip installed" || f.failed != "" {
			t.Errorf("CI=%q: skipped %q, failed %q; want a skip", ci, f.skipped, f.failed)
		}
	}
}

func TestMissingFailsInCI(t *testing.T) {
	for _, ci := range []string{"true", "1", "TRUE"} {
		t.Setenv("CI", ci)
		var f fakeT
		Missing(&f, "no %s installed", "zip")
		if f.skipped != "" || f.failed != "no zip installed [CI=true: a missing program fails the test instead of skipping it]" {
			t.Errorf("CI=%q: skipped %q, failed %q; want a failure", ci, f.skipped, f.failed)
		}
	}
}

func TestProgram(t *testing.T) {
	t.Setenv("CI", "")
	var f fakeT
	if p := Program(&f, "no shell", "no-such-program-here", "sh"); p == "" || f.skipped != "" {
		t.Errorf("Program found %q, skipped %q; want sh", p, f.skipped)
	}
	if p := Program(&f, "neither program", "no-such-program-here"); p != "" || f.skipped != "neither program" {
		t.Errorf("Program found %q, skipped %q; want a skip", p, f.skipped)
	}
}
