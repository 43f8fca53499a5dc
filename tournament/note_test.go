package tournament

import (
	"testing"

	"arbitro/pairing"
)

// TestStartFrom: the start player of a FID-format round rested in the round before, or
// had Black in its last pair; round 1 has none (issue 29: the line said "rested, else the
// Black" whatever happened).
func TestStartFrom(t *testing.T) {
	prev := []pairing.Pair{{Board: 1, White: 1, Black: 2}, {Board: 2, White: 3, Black: 4}, {Board: 3, White: 5}}
	rests := map[int]pairing.RestKind{5: pairing.RestRM}
	for _, c := range []struct {
		start int
		from  string
		kind  pairing.RestKind
	}{{5, StartRested, pairing.RestRM}, {4, StartBlack, ""}, {0, "", ""}} {
		if from, kind := startFrom(c.start, prev, rests); from != c.from || kind != c.kind {
			t.Errorf("start %d: %q %q, want %q %q", c.start, from, kind, c.from, c.kind)
		}
	}
	if got := pairing.ItaloFIDStart(prev, rests, map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5}); got != 5 {
		t.Errorf("ItaloFIDStart = %d, want 5 (who rested)", got)
	}
}
