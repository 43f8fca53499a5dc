package tournament

import (
	"testing"
)

func TestNormalizeName(t *testing.T) {
	for in, want := range map[string]string{
		"  Rossi ,Mario ":      "Rossi, Mario",
		"De  Luca,Anna  Maria": "De Luca, Anna Maria",
		"Rossi":                "Rossi",
		"Rossi,":               "Rossi",
		" , ":                  "",
	} {
		if got := NormalizeName(in); got != want {
			t.Errorf("NormalizeName(%q) = %q, want %q", in, got, want)
		}
	}
}
