package tournament

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// NameKey reduces a player's name to a comparison key that ignores case, accents,
// punctuation and word order: "BORGHETTI Michele", "Michele Borghetti", "Borghetti, Michele"
// and "Borghétti Michele" all give "borghetti michele" (the words sorted). Apostrophes and
// hyphens join ("Dell'Acqua" → "dellacqua"). Letters of other scripts are kept (lower-cased).
func NameKey(s string) string {
	return strings.Join(nameTokens(s), " ")
}

// nameTokens returns the sorted, folded words of a name.
func nameTokens(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // combining accent: drop
		case r == '\'' || r == '’' || r == '`' || r == '-' || r == '.':
			// joins (Dell'Acqua, Rossi-Bianchi); a dot after an initial ends it
			if r == '.' {
				b.WriteByte(' ')
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteByte(' ')
		}
	}
	toks := strings.Fields(b.String())
	sort.Strings(toks)
	return toks
}

// NameMatch says how well a name written in a game score fits a player's registered name.
type NameMatch int

// Levels of NameMatch, worst first.
const (
	NameNoMatch NameMatch = iota // the names differ
	// NameInitials: the same surname(s) and the given names fit as initials ("Rossi M."
	// against "Rossi, Mario"), or one name has extra words the other lacks ("Rossi" against
	// "Rossi, Mario"). Accepted only when no other player of the board list fits as well.
	NameInitials
	NameExact // the same words, ignoring case, accents, punctuation and order
)

// MatchName compares written (a PDN White/Bianco tag) with registered (players.name) and
// returns how well they fit; see NameMatch. Empty names never match.
func MatchName(written, registered string) NameMatch {
	a, b := nameTokens(written), nameTokens(registered)
	if len(a) == 0 || len(b) == 0 {
		return NameNoMatch
	}
	if strings.Join(a, " ") == strings.Join(b, " ") {
		return NameExact
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	// Every word of the shorter name must fit a distinct word of the longer one: equal, or
	// a one-letter initial of it. At least one full word (not an initial) must be equal.
	used := make([]bool, len(b))
	full := false
	for _, w := range a {
		found := false
		for pass := 0; pass < 2 && !found; pass++ {
			for j, x := range b {
				if used[j] {
					continue
				}
				if (pass == 0 && w == x) || (pass == 1 && initialOf(w, x)) {
					used[j], found = true, true
					if pass == 0 && len([]rune(w)) > 1 {
						full = true
					}
					break
				}
			}
		}
		if !found {
			return NameNoMatch
		}
	}
	if !full {
		return NameNoMatch
	}
	return NameInitials
}

func initialOf(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 1 && len(rb) > 1 {
		return ra[0] == rb[0]
	}
	if len(rb) == 1 && len(ra) > 1 {
		return rb[0] == ra[0]
	}
	return false
}
