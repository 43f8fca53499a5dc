package main

import (
	"io"
	"os/exec"

	"github.com/spf13/cobra"
	"runtime"
	"strings"
	"testing"
)

var quoteCases = []struct {
	in, windows, posix string
}{
	{"arbitro.db", "arbitro.db", "arbitro.db"},
	{"Forlì", "Forlì", "Forlì"},
	{"/tmp/demo/arbitro.db", "/tmp/demo/arbitro.db", "/tmp/demo/arbitro.db"},
	{`C:\Users\Niccolò Rossi\Documents\Torneo di Prova\arbitro.db`,
		`"C:\Users\Niccolò Rossi\Documents\Torneo di Prova\arbitro.db"`,
		`"C:\Users\Niccolò Rossi\Documents\Torneo di Prova\arbitro.db"`},
	{`D:\dati\arbitro.db`, `"D:\dati\arbitro.db"`, `"D:\dati\arbitro.db"`}, // a bare \ is an escape in a POSIX shell
	{`\\server\share\torneo.db`, `"\\server\share\torneo.db"`, `"\\server\share\torneo.db"`},
	{`C:\`, `"C:\\"`, `"C:\\"`},
	{"/home/niccolò/Torneo di Prova", `"/home/niccolò/Torneo di Prova"`, `"/home/niccolò/Torneo di Prova"`},
	{"Dell'Acqua, Léa", `"Dell'Acqua, Léa"`, `"Dell'Acqua, Léa"`},
	{"a,b", `"a,b"`, `"a,b"`}, // PowerShell's array operator
	{"@soci", `"@soci"`, `"@soci"`},
	{"~/arbitro.db", `"~/arbitro.db"`, `"~/arbitro.db"`},
	{"", `""`, `""`},
	{"100% Dama", `'100% Dama'`, `'100% Dama'`},
	{"$HOME", `'$HOME'`, `'$HOME'`},
	{`Torneo "Città di Forlì"`, `'Torneo "Città di Forlì"'`, `'Torneo "Città di Forlì"'`},
	{"It's 100%", `'It''s 100%'`, `'It'\''s 100%'`},
}

func TestQuoteFor(t *testing.T) {
	for _, tc := range quoteCases {
		if got := quoteFor("windows", tc.in); got != tc.windows {
			t.Errorf("quoteFor(windows, %q) = %s, want %s", tc.in, got, tc.windows)
		}
		if got := quoteFor("linux", tc.in); got != tc.posix {
			t.Errorf("quoteFor(linux, %q) = %s, want %s", tc.in, got, tc.posix)
		}
	}
}

// Every POSIX form, pasted into /bin/sh, gives back the original string as one argument
// (except a leading \\ pair, which only Windows shells keep).
func TestQuoteForPOSIXShell(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no POSIX shell on Windows; the Wine test pastes the demo's hint into cmd.exe")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh in PATH")
	}
	for _, tc := range quoteCases {
		if strings.HasPrefix(tc.in, `\\`) {
			continue
		}
		out, err := exec.Command(sh, "-c", `set -- `+tc.posix+`; printf '%s\n' "$#" "$1" | od -An -c`).Output()
		if err != nil {
			t.Fatalf("sh: %v", err)
		}
		want, _ := exec.Command(sh, "-c", `printf '%s\n' 1 "$1" | od -An -c`, "sh", tc.in).Output()
		if string(out) != string(want) {
			t.Errorf("sh reads %s as\n%s\nwant\n%s", tc.posix, out, want)
		}
	}
}

// The --help examples are pasted too: an argument in single quotes is split by cmd.exe,
// so examples use double quotes (see quoteFor).
func TestHelpExamplesQuoting(t *testing.T) {
	var walk func(c *cobra.Command)
	seen := 0
	walk = func(c *cobra.Command) {
		for _, line := range strings.Split(c.Example, "\n") {
			seen++
			if i := strings.Index(line, " '"); i >= 0 {
				t.Errorf("%s: example %q quotes with ' (cmd.exe splits it; use \")", c.CommandPath(), strings.TrimSpace(line))
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(bufferStreams(io.Discard, io.Discard)))
	if seen < 10 {
		t.Fatalf("only %d example lines found: the walk is broken", seen)
	}
}
