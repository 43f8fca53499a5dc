package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestReadmeWalkthrough runs the "By hand, as an arbiter" block of the repository's
// README.md, command by command, as a testscript: every `./arbitro ...` line (with its
// continuation lines) becomes `exec arbitro ...` in a folder holding a copy of
// docs/walkthrough/, so the README and the program cannot drift apart. Each command must
// succeed; the script then checks that the files the README names were written.
func TestReadmeWalkthrough(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := walkthroughCommands(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) < 15 {
		t.Fatalf("found %d commands in README.md's walk-through", len(cmds))
	}
	var script strings.Builder
	script.WriteString("# generated from README.md, section \"By hand, as an arbiter\"\nenv SOURCE_DATE_EPOCH=1763683200\n")
	var pdfs []string
	for _, words := range cmds {
		if words[0] != "./arbitro" {
			continue // go build: the script's arbitro is this test binary
		}
		script.WriteString("exec arbitro")
		for i, w := range words[1:] {
			script.WriteString(" " + scriptQuote(w))
			if words[i] == "--pdf" {
				pdfs = append(pdfs, w)
			}
		}
		script.WriteString("\n")
	}
	// The last command prints the standings in English (--lang en) although the event's
	// sheets are Italian.
	script.WriteString("stdout 'Standings after round 1 of 3'\n")
	for _, p := range pdfs {
		fmt.Fprintf(&script, "grep '\\A%%PDF-1\\.' %s\n", p)
	}
	// The walk-through's own claims: the claim is accepted, round 2 is paired, the sheets
	// are in Italian and the last command prints English.
	script.WriteString("sql arbitro.db 'SELECT decision FROM claims'\nstdout '^accepted$'\n")
	script.WriteString("sql arbitro.db 'SELECT max(number) FROM rounds'\nstdout '^2$'\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(script.String()), 0o644); err != nil {
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

// walkthroughCommands returns the commands of the first ```sh block after the heading
// "## By hand, as an arbiter", split into words as the shell would (quotes, backslash
// continuations, # comments).
func walkthroughCommands(readme string) ([][]string, error) {
	return sectionCommands(readme, "## By hand, as an arbiter")
}

// sectionCommands is walkthroughCommands for the first ```sh block after heading.
func sectionCommands(readme, heading string) ([][]string, error) {
	i := strings.Index(readme, heading+"\n")
	if i < 0 {
		return nil, fmt.Errorf("README.md has no section %q", heading)
	}
	rest := readme[i:]
	j := strings.Index(rest, "```sh\n")
	if j < 0 {
		return nil, fmt.Errorf("no ```sh block in the walk-through")
	}
	rest = rest[j+len("```sh\n"):]
	k := strings.Index(rest, "```")
	if k < 0 {
		return nil, fmt.Errorf("unterminated ```sh block")
	}
	block := strings.ReplaceAll(rest[:k], "\\\n", " ")
	var out [][]string
	for _, line := range strings.Split(block, "\n") {
		words, err := shellWords(line)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", line, err)
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out, nil
}

// shellWords splits a line as sh does for the README's commands: single and double
// quotes, backslash escapes, and a # starting a word begins a comment.
func shellWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words, nil
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated '")
			}
			cur.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) {
					i++
				}
				cur.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, fmt.Errorf("unterminated \"")
			}
			inWord = true
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// scriptQuote quotes a word for a testscript command line (single quotes, ” for ').
func scriptQuote(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t'\"#$") {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", "''") + "'"
}

func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string]string{
		`./arbitro tournament create "Open di Palermo 2026" --arbiter "Bianchi, Luca"  # a comment`: `./arbitro|tournament|create|Open di Palermo 2026|--arbiter|Bianchi, Luca`,
		`./arbitro pair --set '12-7' x\ y`: `./arbitro|pair|--set|12-7|x y`,
		`# only a comment`:                 ``,
	} {
		got, err := shellWords(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("shellWords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
