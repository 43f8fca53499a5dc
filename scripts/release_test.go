// Package scripts holds the test of the release recipe, scripts/release.sh.
package scripts

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/internal/testneed"
)

// TestReleaseReproducible runs scripts/release.sh twice for Windows on amd64 (the target
// whose archive is a zip, the one tool the recipe needs beyond Go, git, tar and gzip), each
// time into another folder (its sources in another temporary folder too), and compares the
// archives and the checksum files byte for byte: the README's "byte-for-byte reproducible
// from the same commit and Go version". Skipped under -short, and with a message where zip
// or git is missing (a failure under CI=true).
func TestReleaseReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the release recipe is not run")
	}
	testneed.Program(t, "zip is not installed, so scripts/release.sh was NOT run (apt-get install zip)", "zip")
	testneed.Program(t, "git is not installed, so scripts/release.sh was NOT run", "git")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").CombinedOutput(); err != nil {
		testneed.Missing(t, "%s is not a git repository, so scripts/release.sh (git archive) was NOT run: %s", root, out)
	}
	const version = "v0.0.0-test"
	archive := "arbitro_" + version + "_windows_amd64.zip"
	sums := "arbitro_" + version + "_checksums.txt"
	var runs [2]map[string][]byte
	for i := range runs {
		dist := filepath.Join(t.TempDir(), "dist")
		cmd := exec.Command("bash", filepath.Join(root, "scripts", "release.sh"), version)
		cmd.Env = append(os.Environ(), "TARGETS=windows/amd64", "DIST="+dist, "TMPDIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("release.sh, run %d: %v\n%s", i+1, err, out)
		}
		entries, err := os.ReadDir(dist)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = map[string][]byte{}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dist, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			runs[i][e.Name()] = b
		}
		if len(runs[i]) != 2 || runs[i][archive] == nil || runs[i][sums] == nil {
			t.Fatalf("run %d wrote %d files, want %s and %s only:\n%s", i+1, len(runs[i]), archive, sums, out)
		}
		if zip := runs[i][archive]; !bytes.HasPrefix(zip, []byte("PK\x03\x04")) ||
			!bytes.Contains(zip, []byte("arbitro_"+version+"_windows_amd64/arbitro.exe")) ||
			!bytes.Contains(zip, []byte("arbitro_"+version+"_windows_amd64/README.md")) {
			t.Fatalf("run %d: %s is not a zip of arbitro.exe and README.md", i+1, archive)
		}
		if !strings.HasSuffix(string(runs[i][sums]), "  "+archive+"\n") || strings.Count(string(runs[i][sums]), "\n") != 1 {
			t.Fatalf("run %d: the checksum file is not one line for %s:\n%s", i+1, archive, runs[i][sums])
		}
	}
	for name, b := range runs[0] {
		if !bytes.Equal(b, runs[1][name]) {
			t.Errorf("%s differs between two runs of release.sh (%d and %d bytes)", name, len(b), len(runs[1][name]))
		}
	}
}
