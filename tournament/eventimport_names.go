package tournament

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Reasons of a PossibleDuplicate.
const (
	DupCase     = "same name apart from case or spacing (merged: the store treats them as one name)"
	DupLetters  = "same letters apart from accents or punctuation"
	DupInitials = "same surname, given name written as an initial"
	DupEdit     = "at most 2 letters apart"
)

// foldName returns the letters and digits of s, lower-cased, accents removed (NFD, marks
// dropped), with single spaces between words: "Dé Grandis,  M." → "de grandis m".
func foldName(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// splitName returns the folded surname and given-name words of a stored name ("Surname,
// Given"); without a comma the first word is taken as the surname.
func splitName(s string) (surname string, given []string) {
	if i := strings.IndexByte(s, ','); i >= 0 {
		return foldName(s[:i]), strings.Fields(foldName(s[i+1:]))
	}
	w := strings.Fields(foldName(s))
	if len(w) == 0 {
		return "", nil
	}
	return w[0], w[1:]
}

// initialsMatch reports whether two lists of given-name words agree when one of them is
// written with initials: ["m"] matches ["michele"], ["g", "m"] matches ["giovanni", "maria"].
func initialsMatch(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 || len(a) != len(b) {
		return false
	}
	short := false
	for i := range a {
		x, y := a[i], b[i]
		switch {
		case x == y:
		case len(x) == 1 && strings.HasPrefix(y, x), len(y) == 1 && strings.HasPrefix(x, y):
			short = true
		default:
			return false
		}
	}
	return short
}

// editDistance is the Levenshtein distance between a and b (runes), stopping early above
// max (it then returns max+1).
func editDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
			best = min(best, c)
		}
		if best > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// PossibleDuplicates lists the pairs of names that may be one person written two ways:
// the same letters apart from accents or punctuation ("Faleo" / "Faléo"); the same surname
// with a given name written as an initial ("GRECO, Sebastiano" / "Greco, S."); or, for
// names of at least 8 letters, at most 2 letters apart ("MAIJNELLI" / "MAJNELLI"). Pairs
// are in the order of names. Nothing is merged.
func PossibleDuplicates(names []string) []PossibleDuplicate {
	var out []PossibleDuplicate
	folded := make([]string, len(names))
	for i, n := range names {
		folded[i] = foldName(n)
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			a, b := folded[i], folded[j]
			why := ""
			switch {
			case a == b:
				why = DupLetters
			default:
				sa, ga := splitName(names[i])
				sb, gb := splitName(names[j])
				if sa == sb && initialsMatch(ga, gb) {
					why = DupInitials
				} else if len(a) >= 8 && len(b) >= 8 && sameGivenOrSurname(sa, ga, sb, gb) && editDistance(a, b, 2) <= 2 {
					why = DupEdit
				}
			}
			if why != "" {
				out = append(out, PossibleDuplicate{A: names[i], B: names[j], Why: why})
			}
		}
	}
	sort.SliceStable(out, func(x, y int) bool { return out[x].A < out[y].A })
	return out
}

// sameGivenOrSurname keeps the edit-distance rule from pairing brothers ("MAIJNELLI,
// Antonino" / "MAIJNELLI, Michele" differ by more anyway) and unrelated short names: the
// two names must share the surname or the given names exactly, and differ in the other.
func sameGivenOrSurname(sa string, ga []string, sb string, gb []string) bool {
	return sa == sb || strings.Join(ga, " ") == strings.Join(gb, " ")
}
