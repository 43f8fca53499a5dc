package tournament

import (
	"sort"
	"strings"
)

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
//
// Every such pair shares a folded word, so only names sharing a word are compared: the
// time follows the pairs that share a word, not the square of the number of names.
func PossibleDuplicates(names []string) []PossibleDuplicate {
	var out []PossibleDuplicate
	keys := make([][]string, len(names))
	byWord := map[string][]int{} // folded word -> the names holding it, in order
	for i, n := range names {
		keys[i] = nameTokens(n)
		for k, w := range keys[i] {
			if k == 0 || w != keys[i][k-1] {
				byWord[w] = append(byWord[w], i)
			}
		}
	}
	for i := range names {
		for _, j := range laterSharingAWord(i, keys[i], byWord) {
			if why := duplicateWhy(names[i], names[j], keys[i], keys[j]); why != "" {
				out = append(out, PossibleDuplicate{A: names[i], B: names[j], Why: why})
			}
		}
	}
	return out
}

// laterSharingAWord returns, in order, the names after i that share one of its words.
func laterSharingAWord(i int, words []string, byWord map[string][]int) []int {
	var js []int
	seen := map[int]bool{}
	for _, w := range words {
		list := byWord[w]
		for k := sort.SearchInts(list, i+1); k < len(list); k++ {
			if j := list[k]; !seen[j] {
				seen[j] = true
				js = append(js, j)
			}
		}
	}
	sort.Ints(js)
	return js
}

// duplicateWhy says why two names may be one person (one of the Dup* sentences), or "".
func duplicateWhy(a, b string, ka, kb []string) string {
	switch MatchName(a, b) {
	case NameExact:
		return DupLetters
	case NameInitials:
		return DupInitials
	}
	sa, sb := strings.Join(ka, " "), strings.Join(kb, " ")
	if len(sa) >= 8 && len(sb) >= 8 && shareWord(ka, kb) && editDistance(sa, sb, 2) <= 2 {
		return DupEdit
	}
	return ""
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
