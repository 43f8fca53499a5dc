package rules

import (
	"strings"
	"testing"
)

// tagNameIs answers as strings.EqualFold, the Unicode folds included (the Kelvin sign is
// K, the long s is S).
func TestTagNameIsEqualFold(t *testing.T) {
	names := []string{"", "White", "white", "WHITE", "Whit", "Black", "Result", "result", "Risultato",
		"PlyCount", "plycount", "\u212Aing", "King", "king", "\u017Fite", "Site", "site", "@x", "`x", "[x", "{x", "ÉVÉNEMENT", "événement"}
	for _, a := range names {
		for _, b := range names {
			if got, want := tagNameIs(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("tagNameIs(%q, %q) = %v, EqualFold %v", a, b, got, want)
			}
		}
	}
}
