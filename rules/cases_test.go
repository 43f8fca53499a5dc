package rules

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mirrorMoveString maps every square number n in a move string to Squares()+1-n.
func mirrorMoveString(v *Variant, s string) string {
	sep := "-"
	if strings.Contains(s, "x") {
		sep = "x"
	}
	parts := strings.Split(s, sep)
	for i, p := range parts {
		n, _ := strconv.Atoi(p)
		parts[i] = strconv.Itoa(int(v.Mirror(Square(n))))
	}
	return strings.Join(parts, sep)
}

type legalCase struct {
	name string
	fen  string
	want string // comma-separated full-path moves (String form)
}

// checkBothColours checks the legal moves of the position and of its colour-flipped,
// 180-degree-rotated mirror (Black to move), so every rule is tested for both sides.
func checkBothColours(t *testing.T, v *Variant, cases []legalCase) {
	t.Helper()
	for _, c := range cases {
		p := MustParseFEN(v, c.fen)
		want := splitList(c.want)
		if got := moveStrings(p.LegalMoves()); !slices.Equal(got, want) {
			t.Errorf("%s: %s: legal %v, want %v", c.name, c.fen, got, want)
		}
		m := p.Mirror()
		var mwant []string
		for _, w := range want {
			mwant = append(mwant, mirrorMoveString(v, w))
		}
		slices.Sort(mwant)
		if mwant == nil {
			mwant = []string{}
		}
		if got := moveStrings(m.LegalMoves()); !slices.Equal(got, mwant) {
			t.Errorf("%s mirrored: %s: legal %v, want %v", c.name, m.FEN(), got, mwant)
		}
	}
}

func TestItalianRulesBothColours(t *testing.T) {
	checkBothColours(t, Italian, []legalCase{
		{"rule 1 quantity: man takes two, king one", "W:W30,K32:B18,26,28", "30x21x14"},
		{"rule 2 equal count: the king must capture", "W:W30,K32:B26,28", "32x23"},
		{"rule 3 the king capture taking a king", "W:WK30,K32:B28,K26", "30x21"},
		{"rule 4 king met first ([1] beats [2])", "W:WK30:B18,27,K20,K26", "30x21x14"},
		{"rule 5 free choice", "W:WK31:B18,20,K27,K28", "31x22x13, 31x24x15"},
		{"promotion ends the capture", "W:W10:B6,7", "10x3"},
		{"plain promotion", "W:W5:B32", "5-1, 5-2"},
		{"man does not capture backwards", "W:W18:B22", "18-13, 18-14"},
		{"man cannot capture a king, must capture the man", "W:W22:B18,K19", "22x13"},
		{"king moves one step in four directions", "W:WK18:B1", "18-13, 18-14, 18-21, 18-22"},
		{"king captures backwards", "W:WK14:B19", "14x23"},
		{"a piece cannot be jumped twice (no way back over 18)", "W:WK22:B18", "22x13"},
		{"king multiple capture changing direction", "W:WK26:B22,23", "26x19x28"},
		{"blocked: no legal move", "W:W32,31:BK28,K27,23,24", ""},
		{"no pieces: no legal move", "W:W:B1", ""},
	})
}

func TestInternationalRulesBothColours(t *testing.T) {
	checkBothColours(t, International, []legalCase{
		{"flying king, several landing squares", "W:WK46:B28", "46x10, 46x14, 46x19, 46x23, 46x5"},
		{"man captures backwards", "W:W23:B29", "23x34"},
		{"majority through a long path; ends on far row, promotes", "W:W32,34:B27,17,8,29", "32x21x12x3"},
		{"passing the far row mid-capture does not promote", "W:W12:B8,9", "12x3x14"},
		{"ending on the far row promotes", "W:W12:B8", "12x3"},
		{"majority: a man taking two beats a king taking one", "W:W32,45,K46:B41,40,29", "45x34x23"},
		{"Turkish strike: a captured piece still blocks", "W:WK46:B32,13,12,38", "46x19x8x17, 46x19x8x21, 46x19x8x26"},
		{"flying king moves", "W:WK1:B50", "1-12, 1-18, 1-23, 1-29, 1-34, 1-40, 1-45, 1-6, 1-7"},
		{"king may not jump two pieces in a row", "W:WK46:B37,32", "46-41"},
		{"blocked: no legal move", "W:W46:B41,37", ""},
	})
}

func TestItalianKingLoopsBackToStart(t *testing.T) {
	p := MustParseFEN(Italian, "W:WK22:B10,11,18,19")
	all := p.AllCaptures()
	if len(all) != 2 {
		t.Fatalf("AllCaptures = %v, want the loop in both directions", moveStrings(all))
	}
	legal := p.LegalMoves()
	if len(legal) != 1 {
		t.Fatalf("LegalMoves = %v, want the two loop paths merged into one move", moveStrings(legal))
	}
	m := legal[0]
	if m.From != 22 || m.To != 22 || len(m.Captured) != 4 || m.ShortString() != "22x22" {
		t.Fatalf("loop move = %v (%v captured)", m, m.Captured)
	}
	q := p.Play(m)
	if q.FEN() != "B:WK22:B" {
		t.Errorf("after the loop: %s, want B:WK22:B", q.FEN())
	}
	if got := q.LegalMoves(); len(got) != 0 {
		t.Errorf("Black with no pieces has moves %v", got)
	}
}

func TestInternationalDuplicatePathsMerged(t *testing.T) {
	// A king going round four men either way ends on the same squares with the same
	// captured set; each (from, to, captured set) is one move.
	p := MustParseFEN(International, "W:WK33:B18,19,28,29")
	legal := p.LegalMoves()
	all := p.AllCaptures()
	tos := map[Square]int{}
	for _, m := range legal {
		if len(m.Captured) != 4 {
			t.Errorf("%v captures %d, want 4", m, len(m.Captured))
		}
		tos[m.To]++
	}
	for to, n := range tos {
		if n != 1 {
			t.Errorf("%d legal moves end on %d, want merged into 1", n, to)
		}
	}
	// ends on 33 (back to start), 38, 42, 47 one way round; 33, 39, 44, 50 the other.
	want := []Square{33, 38, 39, 42, 44, 47, 50}
	var got []Square
	for to := range tos {
		got = append(got, to)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("end squares %v, want %v (legal %v)", got, want, moveStrings(legal))
	}
	four := 0
	for _, m := range all {
		if len(m.Captured) == 4 {
			four++
		}
	}
	if four != 8 {
		t.Errorf("AllCaptures has %d four-piece paths %v, want 8", four, moveStrings(all))
	}
	if n := Perft(p, 1); n != 7 {
		t.Errorf("Perft(1) = %d, want 7", n)
	}
}

func TestTurkishStrikeMatters(t *testing.T) {
	// Control for the Turkish strike case: with 32 gone, the king would take 38 too.
	p := MustParseFEN(International, "W:WK46:B32,13,12,38")
	for _, m := range p.LegalMoves() {
		if slices.Contains(m.Captured, 38) {
			t.Errorf("%v jumps 38 across the captured (still standing) man on 32", m)
		}
	}
}

func TestCaptureRankRules(t *testing.T) {
	cases := []struct {
		fen, better, worse string
		rule               PriorityRule
	}{
		{"W:WK21,31:B10,18,27", "31x22x13x6", "21x14x5", RuleQuantity},
		{"W:WK23,31:B19,26,27", "23x30x21", "23x14", RuleQuantity},
		{"W:WK23,31:B19,26,27", "23x30x21", "31x22x15", RuleKingCaptures},
		{"W:W30,K32:B26,28", "32x23", "30x21", RuleKingCaptures},
		{"W:WK30,K32:B28,K26", "30x21", "32x23", RuleKingsCaptured},
		{"W:WK30:B18,27,K20,K26", "30x21x14", "30x23x16", RuleEarliestKing},
		{"W:WK31:B18,20,K27,K28", "31x22x13", "31x24x15", RuleNone},
	}
	for _, c := range cases {
		p := MustParseFEN(Italian, c.fen)
		byStr := map[string]Move{}
		for _, m := range p.AllCaptures() {
			byStr[m.String()] = m
		}
		a, ok1 := byStr[c.better]
		b, ok2 := byStr[c.worse]
		if !ok1 || !ok2 {
			t.Errorf("%s: captures %v lack %s or %s", c.fen, moveStrings(p.AllCaptures()), c.better, c.worse)
			continue
		}
		cmp, rule := Italian.ComparePriority(p.CaptureRank(a), p.CaptureRank(b))
		wantCmp := 1
		if c.rule == RuleNone {
			wantCmp = 0
		}
		if cmp != wantCmp || rule != c.rule {
			t.Errorf("%s: %s vs %s = %d by %v, want %d by %v", c.fen, c.better, c.worse, cmp, rule, wantCmp, c.rule)
		}
		if cmp2, rule2 := Italian.ComparePriority(p.CaptureRank(b), p.CaptureRank(a)); cmp2 != -wantCmp || rule2 != c.rule {
			t.Errorf("%s: reversed comparison = %d by %v", c.fen, cmp2, rule2)
		}
	}
	// Rule 4 with the kings at [1,2] against [1,3] (rulebook example 5).
	a := CaptureRank{Pieces: 4, ByKing: true, Kings: 2, KingOrder: []int{1, 2}}
	b := CaptureRank{Pieces: 4, ByKing: true, Kings: 2, KingOrder: []int{1, 3}}
	if cmp, rule := Italian.ComparePriority(a, b); cmp != 1 || rule != RuleEarliestKing {
		t.Errorf("[1,2] vs [1,3] = %d by %v", cmp, rule)
	}
	// International: only the number of pieces counts.
	b.ByKing = false
	b.Kings = 0
	if cmp, rule := International.ComparePriority(a, b); cmp != 0 || rule != RuleNone {
		t.Errorf("International equal counts = %d by %v, want free choice", cmp, rule)
	}
}

func TestPromotesFlag(t *testing.T) {
	for _, c := range []struct {
		v    *Variant
		fen  string
		want bool
	}{
		{Italian, "W:W10:B6,7", true},
		{International, "W:W12:B8,9", false},
		{International, "W:W12:B8", true},
		{International, "B:B45:W1", true},
		{International, "W:WK12:B8", false},
	} {
		ms := MustParseFEN(c.v, c.fen).LegalMoves()
		if len(ms) != 1 || ms[0].Promotes != c.want {
			t.Errorf("%s %s: moves %v, want one with Promotes=%v", c.v.Name(), c.fen, ms, c.want)
			continue
		}
		q := MustParseFEN(c.v, c.fen).Play(ms[0])
		if got := q.At(ms[0].To).IsKing(); got != (c.want || c.fen[3] == 'K') {
			t.Errorf("%s after %v: king on %d = %v", c.fen, ms[0], ms[0].To, got)
		}
	}
}

// World Championship 2007, game 59 of intl_world_championship_2007_rounds01-11.pdn
// (FMJD archive, see testdata/README.md), before ply 119 "5x46": the king on 5 takes 23,
// stops on 28, 32 or 37, and takes 41 landing on 46. The three paths capture the same
// pieces and are one move. The FEN was obtained by replaying the game score with this
// package (every one of the 110 games replays to its end).
func TestWC2007Game59DuplicatePaths(t *testing.T) {
	p := MustParseFEN(International, "W:W35,43,44,K5:B16,18,23,26,30,31,41")
	var paths []string
	for _, m := range p.AllCaptures() {
		if m.ShortString() == "5x46" {
			paths = append(paths, m.String())
		}
	}
	slices.Sort(paths)
	if want := []string{"5x28x46", "5x32x46", "5x37x46"}; !slices.Equal(paths, want) {
		t.Fatalf("5x46 paths %v, want %v", paths, want)
	}
	legal := p.LegalMoves()
	if len(legal) != 1 || legal[0].ShortString() != "5x46" || len(legal[0].Captured) != 2 {
		t.Fatalf("legal %v, want the single move 5x46", moveStrings(legal))
	}
	if n := Perft(p, 1); n != 1 {
		t.Fatalf("Perft(1) = %d, want 1", n)
	}
}
