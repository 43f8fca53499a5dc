package tournament

import "strings"

// Reasons of a PossibleDuplicate.
const (
	DupCase     = "same name apart from case or spacing (merged: the store treats them as one name)"
	DupLetters  = "same words apart from accents, punctuation or order"
	DupInitials = "same surname, given name written as an initial or missing"
	DupEdit     = "at most 2 letters apart"
)

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

// PossibleDuplicates lists the pairs of names that may be one person written two ways,
// using the name matching of game scores (MatchName): the same words apart from case,
// accents, punctuation or order ("Faleo, Paolo" / "Faléo, Paolo"); the same surname with a
// given name written as an initial or missing ("GRECO, Sebastiano" / "Greco, S."); or, for
// names of at least 8 letters that share a word, at most 2 letters apart ("Neri, Carlo" /
// "Nerri, Carlo"). Pairs are in the order of names. Nothing is merged.
func PossibleDuplicates(names []string) []PossibleDuplicate {
	var out []PossibleDuplicate
	keys := make([][]string, len(names))
	for i, n := range names {
		keys[i] = nameTokens(n)
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			why := ""
			switch MatchName(names[i], names[j]) {
			case NameExact:
				why = DupLetters
			case NameInitials:
				why = DupInitials
			default:
				a, b := strings.Join(keys[i], " "), strings.Join(keys[j], " ")
				if len(a) >= 8 && len(b) >= 8 && shareWord(keys[i], keys[j]) && editDistance(a, b, 2) <= 2 {
					why = DupEdit
				}
			}
			if why != "" {
				out = append(out, PossibleDuplicate{A: names[i], B: names[j], Why: why})
			}
		}
	}
	return out
}

// shareWord reports whether two sorted word lists have a word in common.
func shareWord(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
