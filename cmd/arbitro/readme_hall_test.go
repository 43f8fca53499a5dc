package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestReadmeHall runs the README's "The hall" block after its walk-through (whose file it
// works on): each `./arbitro` line as `exec arbitro` (`< FILE` as the script's stdin),
// except `serve`, started in the
// background on a free port of 127.0.0.1 (whatever --addr the README gives), asked for a
// page until it answers, stopped with Ctrl-C and checked to have printed the hall's
// address and the login link.
func TestReadmeHall(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	walk, err := walkthroughCommands(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	hall, err := sectionCommands(string(readme), "## The hall")
	if err != nil {
		t.Fatal(err)
	}
	if len(hall) < 3 {
		t.Fatalf("found %d commands in README.md's hall section", len(hall))
	}
	var script strings.Builder
	script.WriteString("# generated from README.md, sections \"By hand, as an arbiter\" and \"The hall\"\nenv SOURCE_DATE_EPOCH=1763683200\n")
	serves := 0
	for _, words := range append(walk, hall...) {
		if words[0] != "./arbitro" {
			continue
		}
		if len(words) > 1 && words[1] == "serve" {
			serves++
			script.WriteString("freeport PORT\nexec arbitro serve")
			for i := 2; i < len(words); i++ {
				if words[i] == "--addr" {
					i++
					continue
				}
				script.WriteString(" " + scriptQuote(words[i]))
			}
			name := fmt.Sprintf("serve%d", serves)
			fmt.Fprintf(&script, " --addr 127.0.0.1:$PORT &%s&\nhttppost http://127.0.0.1:$PORT/hall/\nkill -INT %s\nwait %s\n", name, name, name)
			script.WriteString("stdout '^hall: http://127.0.0.1:\\d+/hall/(\\d+/)? '\nstdout 'login, once: http://127.0.0.1:\\d+/hall/login\\?token='\n")
			continue
		}
		if i := indexOf(words, "<"); i > 0 && i+1 < len(words) { // ./arbitro ... < FILE
			script.WriteString("stdin " + scriptQuote(words[i+1]) + "\n")
			words = words[:i]
		}
		script.WriteString("exec arbitro")
		for _, w := range words[1:] {
			script.WriteString(" " + scriptQuote(w))
		}
		script.WriteString("\n")
	}
	if serves == 0 {
		t.Fatal("README.md's hall section starts no serve --hall")
	}
	script.WriteString("sql arbitro.db 'SELECT count(*) > 0 FROM hall_pins'\nstdout '^1$'\n")
	script.WriteString("sql arbitro.db 'SELECT count(*) FROM hall_arbiter'\nstdout '^1$'\n")
	// an arbiter's own password (hall password --arbiter), and the site --publish wrote
	script.WriteString("sql arbitro.db 'SELECT count(*) FROM hall_arbiters'\nstdout '^1$'\nexists sito/index.html\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme_hall.txtar"), []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:  dir,
		Cmds: scriptCmds,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ARBITRO_ARBITER", "Test Arbiter")
			env.Setenv("ARBITRO_DB", "")
			return copyDir(filepath.Join(root, "docs", "walkthrough"), filepath.Join(env.WorkDir, "docs", "walkthrough"))
		},
		RequireExplicitExec: true,
	})
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}
