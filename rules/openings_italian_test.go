package rules

import "testing"

// Every opening of the FID table is legal from the start position, the numbers run 1-174
// without a repeat, White's first move is one of the 7 possible, and the two openings that
// lose a man at once (21-18 9-13 and 22-18 9-13, FID elementary course) are not in it.
func TestItalianOpeningsTable(t *testing.T) {
	ops := ItalianOpenings()
	if len(ops) != 174 {
		t.Fatalf("%d openings, want 174", len(ops))
	}
	first := map[[2]int]bool{}
	for _, m := range Italian.Start().LegalMoves() {
		first[[2]int{int(m.From), int(m.To)}] = true
	}
	if len(first) != 7 {
		t.Fatalf("the start position has %d moves, want 7", len(first))
	}
	seen := map[string]int{}
	for i, o := range ops {
		if o.Number != i+1 {
			t.Errorf("opening at %d has number %d", i, o.Number)
		}
		if j, dup := seen[o.Moves]; dup {
			t.Errorf("openings %d and %d are both %s", j, o.Number, o.Moves)
		}
		seen[o.Moves] = o.Number
		pl := o.Plies()
		if len(pl) != 3 || !first[pl[0]] {
			t.Errorf("opening %d %q: not three plies starting with a legal first move", o.Number, o.Moves)
		}
		if pl[0] == [2]int{21, 18} && pl[1] == [2]int{9, 13} || pl[0] == [2]int{22, 18} && pl[1] == [2]int{9, 13} {
			t.Errorf("opening %d %q loses a man at once and is excluded by FID", o.Number, o.Moves)
		}
		p, err := o.Position()
		if err != nil {
			t.Error(err)
			continue
		}
		if p.Turn() != Black {
			t.Errorf("opening %d: %v to move after three plies", o.Number, p.Turn())
		}
	}
	if o, ok := ItalianOpeningByNumber(174); !ok || o.Moves != "24-20 12-16 28-24" {
		t.Errorf("ItalianOpeningByNumber(174) = %v %v", o, ok)
	}
	if _, ok := ItalianOpeningByNumber(175); ok {
		t.Error("opening 175 exists")
	}
}
