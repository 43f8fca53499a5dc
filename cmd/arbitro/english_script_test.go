package main

// The script command `noenglish [-skip REGEXP]... stdout|stderr`: the last command's output
// holds none of the English words of testdata/english_words.txt (issue 29: an event run in
// Italian, French or Dutch prints its confirmations, lists and hints in that language).
// Each -skip REGEXP removes its matches from every line before the check: the codes and
// names a script knows the output to hold (the commands shown for typing, file names).

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["noenglish"] = cmdNoEnglish }

// englishWords is the word list kept beside the test, as one regular expression of whole
// words; nil when the file cannot be read (the command then fails).
var englishWords = func() *regexp.Regexp {
	b, err := os.ReadFile("testdata/english_words.txt")
	if err != nil {
		return nil
	}
	var words []string
	for _, line := range strings.Split(string(b), "\n") {
		if w := strings.TrimSpace(line); w != "" && !strings.HasPrefix(w, "#") {
			words = append(words, regexp.QuoteMeta(w))
		}
	}
	// Whole words by letters of any script: \b knows ASCII only, and would find "not" in
	// the French "notés".
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN_])(` + strings.Join(words, "|") + `)(?:[^\pL\pN_]|$)`)
}()

// commandText is an arbitro command in a message ('arbitro player list', "(arbitro pair
// TURNO)", "arbitro tournament create NOME --variant italian") or a hyphenated code (round-robin, after-tiebreaks,
// not-a-legal-move): code the arbiter types or reads as such, not words to translate.
var commandText = regexp.MustCompile(`'arbitro [^']*'|\(arbitro [^)]*\)|'--[a-z-]+[^']*'|\b[a-z]+(?:-[a-z]+)+\b|` +
	`\barbitro [a-z][a-z-]*(?: [a-z][a-z-]*)?(?: [A-Z0-9][A-Z0-9_.]*)*(?: --[a-z-]+(?: [^ ()]+)?)*`)

func cmdNoEnglish(ts *testscript.TestScript, neg bool, args []string) {
	var skips []*regexp.Regexp
	for len(args) > 2 && args[0] == "-skip" {
		re, err := regexp.Compile(args[1])
		ts.Check(err)
		skips, args = append(skips, re), args[2:]
	}
	if neg || len(args) != 1 || (args[0] != "stdout" && args[0] != "stderr") {
		ts.Fatalf("usage: noenglish [-skip REGEXP]... stdout|stderr")
	}
	if englishWords == nil {
		ts.Fatalf("cannot read testdata/english_words.txt")
	}
	out := ts.ReadFile(args[0])
	for _, line := range strings.Split(out, "\n") {
		checked := commandText.ReplaceAllString(line, "")
		for _, re := range skips {
			checked = re.ReplaceAllString(checked, " ")
		}
		if m := englishWords.FindStringSubmatch(checked); m != nil {
			ts.Fatalf("%s has the English word %q: %s", args[0], m[1], line)
		}
	}
}

// The list's words are found whole in any script's text: "round" and "Not" are, the
// "not" of the French "notés" and the "rest" of "restent" are not.
func TestEnglishWordsWhole(t *testing.T) {
	for text, want := range map[string]string{
		"the round 3": "the", "(Round)": "Round", "é not é": "not", "round": "round",
		"les résultats notés restent": "", "arrondi, playerà": "", "1-1 of 0-2": "",
	} {
		got := ""
		if m := englishWords.FindStringSubmatch(text); m != nil {
			got = m[1]
		}
		if got != want {
			t.Errorf("%q: found %q, want %q", text, got, want)
		}
	}
}
