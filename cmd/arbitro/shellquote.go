package main

import (
	"runtime"
	"strings"
	"unicode"
)

// shellQuote returns s written as one argument of a command line that arbitro prints for
// the user to paste (the demo's "by hand:" lines and closing hint): a path with spaces
// or accents, a tournament name. See quoteFor for the rules; the quoting is chosen for
// the system arbitro runs on when no single form suits every shell.
func shellQuote(s string) string { return quoteFor(runtime.GOOS, s) }

// quoteFor quotes s for pasting into the shells of goos ("windows": PowerShell and
// cmd.exe; anything else: a POSIX shell such as bash or zsh), in the first form that
// applies:
//
//  1. as it is, when it is not empty and holds only letters (accented ones too), digits
//     and _ - . / : + = (no shell gives those a meaning): "Torneo", "C:/dati/a.db";
//  2. in double quotes, when it holds none of " $ ` % ! (which PowerShell, cmd.exe or a
//     POSIX shell expand inside double quotes): "C:\Users\Niccolò Rossi\arbitro.db" and
//     "Dell'Acqua, Léa" then read the same in PowerShell, cmd.exe, bash and Git Bash.
//     Backslashes at the end are doubled, because Windows reads \" as a literal quote
//     ("C:\\" is C:\ for Windows programs and for bash alike);
//  3. otherwise the system's own literal quoting: on Windows PowerShell's single quotes
//     (a quote inside written twice), which cmd.exe does not understand; elsewhere POSIX single
//     quotes ('\” for a quote inside).
func quoteFor(goos, s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-./:+=", r)
	}) < 0 {
		return s
	}
	if !strings.ContainsAny(s, "\"$`%!\n\r") {
		trailing := len(s) - len(strings.TrimRight(s, `\`))
		return `"` + s + strings.Repeat(`\`, trailing) + `"`
	}
	if goos == "windows" {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
