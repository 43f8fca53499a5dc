package arbitro

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeGoVersion: every Go version the README asks for is go.mod's `go` line.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	asked := regexp.MustCompile(`(?:Go |\()(1\.[0-9.]*[0-9]) or later`).FindAllSubmatch(readme, -1)
	if len(asked) == 0 {
		t.Fatal("README.md names no Go version (\"Go 1.x or later\")")
	}
	for _, a := range asked {
		if string(a[1]) != string(m[1]) {
			t.Errorf("README.md asks for Go %s or later, go.mod for %s", a[1], m[1])
		}
	}
}

// TestCIRunsReadmeTests: .ci/run runs the README's test command (`go test ./...` in "On a
// fresh machine"), with -json only added for its summary of skipped tests.
func TestCIRunsReadmeTests(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, fresh, ok := strings.Cut(string(readme), "## On a fresh machine")
	_, block, ok2 := strings.Cut(fresh, "```sh\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no ```sh block under \"On a fresh machine\"")
	}
	var command string
	for _, line := range strings.Split(block, "\n") {
		if strings.HasPrefix(line, "go test ") {
			command = strings.TrimSpace(line)
		}
	}
	if command != "go test ./..." {
		t.Fatalf("README.md's test command is %q", command)
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	var runs []string
	for _, line := range strings.Split(string(ci), "\n") {
		if i := strings.Index(line, "go test "); i >= 0 && !strings.HasPrefix(strings.TrimSpace(line), "#") &&
			!strings.HasPrefix(strings.TrimSpace(line), "step ") {
			runs = append(runs, line[i:])
		}
	}
	if len(runs) != 1 || !strings.HasPrefix(strings.Replace(runs[0], " -json", "", 1), command+" ") {
		t.Fatalf(".ci/run's go test lines %q: want one, %q with -json", runs, command)
	}
}
