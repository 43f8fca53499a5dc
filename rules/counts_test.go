package rules

import (
	"strings"
	"testing"
)

func countsOf(t *testing.T, v *Variant, moves string) (Verdict, DrawCounts) {
	t.Helper()
	gs, err := ReadAllPDN(strings.NewReader(moves + " *\n"))
	if err != nil || len(gs) != 1 {
		t.Fatalf("read %q: %v", moves, err)
	}
	return ReplayCounts(gs[0], ReplayOptions{Variant: v, ForceVariant: true})
}

// The counts stand after the last legal ply: a man move resets the quiet count, king
// moves add to it, and a position met again is counted (FMJD 6.2, 6.3; the 40-move count).
func TestReplayCounts(t *testing.T) {
	// Italian: after three plies of men the quiet count is 0 and the position new.
	vd, c := countsOf(t, Italian, "1. 22-18 10-14 2. 23-19")
	if !vd.Legal || c.Ply != 3 || c.Quiet != 0 || c.Occurrences != 1 || c.Class != 0 {
		t.Fatalf("italian opening: verdict %+v counts %+v", vd.Legal, c)
	}
	// International, a king against a king (FMJD 6.5) from a FEN: four king plies back and forth bring the
	// start position back (second time), the quiet count is 4.
	g := `[FEN "W:WK50:BK1"] 1. 50-44 1-7 2. 44-50 7-1`
	vd, c = countsOf(t, International, g)
	if !vd.Legal || c.Quiet != 4 || c.Occurrences != 2 || c.Class != 5 || c.ClassPlies != 4 {
		t.Fatalf("kings: legal %v counts %+v", vd.Legal, c)
	}
	// One king against one king and a man: the same class (FMJD 6.5), counted from the start.
	vd, c = countsOf(t, International, `[FEN "W:WK50:BK1,20"] 1. 50-44 1-7`)
	if !vd.Legal || c.Class != 5 || c.ClassPlies != 2 {
		t.Fatalf("5-move class: legal %v counts %+v", vd.Legal, c)
	}
	// An illegal ply: the counts stand after the last legal one.
	vd, c = countsOf(t, Italian, "1. 22-18 10-14 2. 22-17")
	if vd.Legal || c.Ply != 2 || vd.Ply != 3 {
		t.Fatalf("illegal: verdict ply %d legal %v counts %+v", vd.Ply, vd.Legal, c)
	}
}
