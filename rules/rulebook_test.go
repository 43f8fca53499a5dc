package rules

import (
	"slices"
	"strings"
	"testing"
)

// moveStrings returns the full-path strings of ms, sorted.
func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

func shortStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ShortString()
	}
	slices.Sort(out)
	return out
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	out := strings.Split(s, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	slices.Sort(out)
	return out
}

// The rulebook examples of docs/rules-italian.md (FID RegTec 6.6-6.10, 5.3), verbatim:
// FEN and the complete set of legal moves in from-to form.
func TestItalianRulebookExamples(t *testing.T) {
	cases := []struct{ fen, want, rule string }{
		{"W:WK21,31:B10,18,27", "31x6", "1: the man takes three, the king two"},
		{"W:WK23,31:B19,26,27", "23x21", "2: equal count, the king must capture"},
		{"W:WK23:B19,K28", "23x32", "3: takes the king"},
		{"W:WK30:B10,12,18,K20,K26,27", "30x5", "4: king met first"},
		{"W:WK30:B10,K12,K18,20,K26,K27", "30x5", "4: kings at [1,2] beat [1,3]"},
		{"W:WK31:B18,20,K27,K28", "31x13, 31x15", "5: free choice"},
		{"W:W30:BK26", "30-27", "a man cannot capture a king"},
		{"W:W32:BK28", "", "White is blocked and loses"},
	}
	for _, c := range cases {
		p := MustParseFEN(Italian, c.fen)
		got := shortStrings(p.LegalMoves())
		if want := splitList(c.want); !slices.Equal(got, want) {
			t.Errorf("%s (rule %s): legal moves %v, want %v", c.fen, c.rule, got, want)
		}
	}
}

func TestItalianFirstMoves(t *testing.T) {
	got := moveStrings(Italian.Start().LegalMoves())
	want := splitList("21-17, 21-18, 22-18, 22-19, 23-19, 23-20, 24-20")
	if !slices.Equal(got, want) {
		t.Errorf("first moves %v, want %v", got, want)
	}
}
