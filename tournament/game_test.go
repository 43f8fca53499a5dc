package tournament

import (
	"errors"
	"strings"
	"testing"
)

func TestParseGameScoreErrors(t *testing.T) {
	one := "[White \"A\"]\n[Black \"B\"]\n\n1. 21-17 12-15 *\n"
	cases := map[string]string{
		"empty":     "",
		"blank":     " \n\t\r\n",
		"binary":    "PK\x03\x04\x00\x00\x14\x00",
		"controls":  strings.Repeat("\x01\x02\x03 abc", 50),
		"syntax":    "[White \"A\"]\n\n1. 21-17 {unterminated\n",
		"two games": one + "\n" + one,
		"nothing":   "{just a comment}\n",
	}
	for name, in := range cases {
		if _, _, err := ParseGameScore([]byte(in)); !errors.Is(err, ErrBadPDN) {
			t.Errorf("%s: %v", name, err)
		}
	}
	g, text, err := ParseGameScore([]byte(one))
	if err != nil || len(g.Moves) != 2 || text != one {
		t.Errorf("one game: %v %v %q", g, err, text)
	}
	// Windows-1252 text is stored as UTF-8.
	_, text, err = ParseGameScore([]byte("[Event \"69\xb0 ASSOLUTO 1\xb0 TURNO\"]\n\n1. 21-17 *\n"))
	if err != nil || !strings.Contains(text, "69° ASSOLUTO 1° TURNO") {
		t.Errorf("cp1252: %v %q", err, text)
	}
	// More than MaxGameBytes is refused before parsing.
	if _, _, err := ReadGameScore(strings.NewReader(strings.Repeat(" ", MaxGameBytes+1))); !errors.Is(err, ErrBadPDN) || !strings.Contains(err.Error(), "more than") {
		t.Errorf("too large: %v", err)
	}
}

// FuzzParseGameScore: any input gives a game or an ErrBadPDN error, never a panic.
func FuzzParseGameScore(f *testing.F) {
	f.Add([]byte("[White \"A\"]\n[Black \"B\"]\n\n1. 21-17 12-15 *\n"))
	f.Add([]byte("[Dati \"69\xb0 ASSOLUTO 1\xb0 TURNO\"]\n1. 21-17 {x} 12-15 (13-9) $1 1-0"))
	f.Add([]byte("\x00\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _, err := ParseGameScore(data)
		if err != nil && !errors.Is(err, ErrBadPDN) {
			t.Fatalf("error not ErrBadPDN: %v", err)
		}
		if err == nil && g == nil {
			t.Fatal("no game and no error")
		}
	})
}
