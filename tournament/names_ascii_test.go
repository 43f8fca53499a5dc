package tournament

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// The ASCII shortcut of nameTokens folds a name as the Unicode path does, and MatchName's
// shortcut for two equal texts gives what comparing their words gives.
func TestNameTokensASCIIShortcut(t *testing.T) {
	chars := []rune("abcXYZ09 .,'`-_()/\t;:Ab")
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SliceOfN(rapid.SampledFrom(chars), 0, 24).Draw(t, "name")
		s := string(rs)
		if got, want := asciiNameTokens(s), unicodeNameTokens(s); !slices.Equal(got, want) {
			t.Fatalf("%q: ASCII path %q, Unicode path %q", s, got, want)
		}
		want := NameNoMatch
		if toks := unicodeNameTokens(s); len(toks) > 0 {
			want = NameExact
		}
		if got := MatchName(s, s); got != want {
			t.Fatalf("MatchName(%q, itself) = %v, want %v", s, got, want)
		}
	})
}
