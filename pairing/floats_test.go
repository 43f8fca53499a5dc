package pairing

import "testing"

// TestRoundFloats: C.04.3 A.4 — the higher-scored player of a pair floats down and the
// lower up, whatever the colours; equal scores give no float; the bye floats down.
func TestRoundFloats(t *testing.T) {
	score := map[int]int{1: 4, 2: 2, 3: 2, 4: 2, 5: 0, 6: 3}
	pairs := []Pair{{Board: 1, White: 2, Black: 1}, {Board: 2, White: 3, Black: 4}, {Board: 3, White: 6, Black: 5}, {Board: 4, White: 7}}
	got := RoundFloats(pairs, func(id int) int { return score[id] })
	want := map[int]Float{1: Down, 2: Up, 6: Down, 5: Up, 7: Down}
	if len(got) != len(want) {
		t.Fatalf("floats %v, want %v", got, want)
	}
	for id, f := range want {
		if got[id] != f {
			t.Errorf("entrant %d: %v, want %v", id, got[id], f)
		}
	}
	for _, c := range []struct{ a, b int }{{3, 1}, {1, 3}, {2, 2}} {
		fa, fb := PairFloats(c.a, c.b)
		ga, gb := PairFloats(c.b, c.a)
		if fa != gb || fb != ga || (c.a == c.b) != (fa == NoFloat) {
			t.Errorf("PairFloats(%d, %d) = %v, %v; (%d, %d) = %v, %v", c.a, c.b, fa, fb, c.b, c.a, ga, gb)
		}
	}
}
