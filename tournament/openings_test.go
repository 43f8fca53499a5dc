package tournament

import (
	"strings"
	"testing"

	"arbitro/rules"
)

// A score that begins with the opening, or starts from the position it reaches, passes; one
// that leaves it is flagged at the first ply that differs.
func TestOpeningProblems(t *testing.T) {
	o, _ := rules.ItalianOpeningByNumber(120) // 23-19 10-14 19-10
	pos, err := o.Position()
	if err != nil {
		t.Fatal(err)
	}
	read := func(pdn string) *rules.Game {
		gs, err := rules.ReadAllPDN(strings.NewReader(pdn))
		if err != nil || len(gs) != 1 {
			t.Fatalf("%v %d", err, len(gs))
		}
		return gs[0]
	}
	if p := OpeningProblems(read("1. 23-19 10-14 2. 19x10 *"), "120"); len(p) != 0 {
		t.Errorf("the opening itself flagged: %v", p)
	}
	if p := OpeningProblems(read("[FEN \""+pos.FEN()+"\"]\n*"), "120"); len(p) != 0 {
		t.Errorf("a score starting from the opening's position flagged: %v", p)
	}
	if p := OpeningProblems(read("1. 23-19 10-14 2. 22-18 *"), "120"); len(p) != 1 || p[0].Ply != 3 || p[0].Code != ProblemOpening {
		t.Errorf("a deviation at ply 3: %v", p)
	}
	if p := OpeningProblems(read("1. 23-19 *"), "120"); len(p) != 1 || p[0].Ply != 2 {
		t.Errorf("a score shorter than the opening: %v", p)
	}
	if p := OpeningProblems(read("1. 23-19 10-14 2. 22-18 *"), ""); len(p) != 0 {
		t.Errorf("no ballot, yet flagged: %v", p)
	}
}
