package tournament

import (
	"errors"
	"strings"
	"testing"
)

// TestSafetyNamesRefused: every character that can hide or fake text is refused by
// CheckText with its code point, its Unicode name and its position (Data safety row
// "hostile names").
func TestSafetyNamesRefused(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Rosso\x1b[31m, Evil\x1b[0m\x1b[2J", "character 6 is U+001B ESCAPE"},
		{"Ros\u200bsi, Mario", "character 4 is U+200B ZERO WIDTH SPACE"},
		{"Rossi, \u202eoiraM", "character 8 is U+202E RIGHT-TO-LEFT OVERRIDE"},
		{"Rossi,\tMario", "character 7 is U+0009 CHARACTER TABULATION"},
		{"Rossi, Ma\u00adrio", "U+00AD SOFT HYPHEN"},
		{"\ufeffRossi, Mario", "character 1 is U+FEFF ZERO WIDTH NO-BREAK SPACE"},
		{"Rossi, Mario\u2028", "U+2028 LINE SEPARATOR"},
		{"Rossi, \ue000", "U+E000"},
		{"Rossi, \u009b2J", "U+009B CONTROL SEQUENCE INTRODUCER"},
		{"Rossi, Mar\xffio", "byte 0xFF at byte 11 is not UTF-8"},
		{strings.Repeat("a", 5000), "has 5000 characters, more than 100"},
	}
	for _, c := range cases {
		_, err := CheckText("player name", c.in, MaxNameRunes)
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an ErrMalformed naming %q", c.in, err, c.want)
			continue
		}
		// The message itself is safe to print: no control or invisible character in it.
		for _, r := range err.Error() {
			if Forbidden(r) != "" {
				t.Errorf("%q: the error message carries %s", c.in, RuneName(r))
			}
		}
	}
}

// TestSafetyNamesTidied: accepted text is returned in NFC with spaces tidied.
func TestSafetyNamesTidied(t *testing.T) {
	for in, want := range map[string]string{
		"Rosse\u0301, Mario":    "Rossé, Mario", // e + combining acute → é (NFC)
		"  Rossi,\u00a0Mario  ": "Rossi, Mario", // no-break space → space, trimmed
		"Dell'Acqua,   Anna":    "Dell'Acqua, Anna",
		"Иванов, Иван":          "Иванов, Иван",
		"王, 伟":                  "王, 伟",
	} {
		got, err := CheckText("player name", in, MaxNameRunes)
		if err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
}
