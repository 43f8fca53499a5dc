package pairing

import "testing"

// TestBakuGroupATextExamples: group A of the Baku method is the first half of the players
// rounded up to the nearest even number (C.04.7; C.04.5.1 before 2026). The text's
// example, 161 players: half is 80.5, group A is 1..82, and 82 is also the pairing number
// of its last player. 10 players: 5 rounded up to an even number, 6; 18: 9 → 10. The old
// rule (⌈n/2⌉, bbpPairings) gave 81, 5 and 9 and fails here.
func TestBakuGroupATextExamples(t *testing.T) {
	for _, c := range []struct{ n, last int }{{161, 82}, {10, 6}, {18, 10}, {21, 12}, {22, 12}} {
		if got := BakuGroupA(c.n); got != c.last {
			t.Errorf("BakuGroupA(%d) = %d, want %d", c.n, got, c.last)
		}
		if got := BakuVirtualPoints(c.n, 9, 1, c.last); got != 2 {
			t.Errorf("n=%d: player %d (the last of group A) gets %d in round 1, want 2", c.n, c.last, got)
		}
		if got := BakuVirtualPoints(c.n, 9, 1, c.last+1); got != 0 {
			t.Errorf("n=%d: player %d (the first of group B) gets %d in round 1, want 0", c.n, c.last+1, got)
		}
	}
}

// TestBakuGroupADefinition checks BakuGroupA against the definition itself for every n up
// to 400: the smallest even number that is at least half of n (at most n: a field of one
// player has no two to give), and that for n = 4k and 4k+3 this is ⌈n/2⌉ as before,
// while for 4k+1 and 4k+2 it is one more.
func TestBakuGroupADefinition(t *testing.T) {
	for n := 1; n <= 400; n++ {
		want := 0
		for want*2 < n || want%2 == 1 {
			want++
		}
		want = min(want, n)
		if got := BakuGroupA(n); got != want {
			t.Errorf("BakuGroupA(%d) = %d, want %d", n, got, want)
		}
		half := (n + 1) / 2
		switch n % 4 {
		case 0, 3:
			if want != half {
				t.Errorf("n=%d: group A %d differs from ⌈n/2⌉ = %d", n, want, half)
			}
		default:
			if n > 2 && want != half+1 {
				t.Errorf("n=%d: group A %d, want ⌈n/2⌉+1 = %d", n, want, half+1)
			}
		}
	}
	if BakuGroupA(0) != 0 || BakuGroupA(-3) != 0 {
		t.Error("BakuGroupA of an empty field is not 0")
	}
}

// TestBakuRoundsTable: the accelerated rounds are the first half of the tournament rounded
// up, the first half of those (rounded up) at 1 point, the rest at ½ (C.04.7: "In a
// nine-round tournament, the accelerated rounds are five", three at 1 point, two at ½).
func TestBakuRoundsTable(t *testing.T) {
	for _, c := range []struct{ rounds, acc, full int }{
		{9, 5, 3}, {7, 4, 2}, {8, 4, 2}, {10, 5, 3}, {11, 6, 3}, {5, 3, 2}, {1, 1, 1}, {2, 1, 1}, {0, 0, 0},
	} {
		acc, full := BakuRounds(c.rounds)
		if acc != c.acc || full != c.full {
			t.Errorf("BakuRounds(%d) = %d, %d; want %d, %d", c.rounds, acc, full, c.acc, c.full)
		}
		for r := 1; r <= c.rounds+1; r++ {
			want := 0
			switch {
			case r <= c.full:
				want = 2
			case r <= c.acc:
				want = 1
			}
			if got := BakuVirtualPoints(40, c.rounds, r, 1); got != want {
				t.Errorf("%d rounds, round %d: player 1 gets %d, want %d", c.rounds, r, got, want)
			}
			if got := BakuVirtualPoints(40, c.rounds, r, 21); got != 0 {
				t.Errorf("%d rounds, round %d: player 21 (group B) gets %d", c.rounds, r, got)
			}
		}
	}
}

// TestBakuPointsLateEntry: with late entries the last player of group A stays the same
// player (C.04.7, late entries; note 2: group A may then be odd). 20 players in round 1
// (group A 1..10); a late entry rated between 4 and 5 makes the old number 10 number 11,
// and group A is 1..11 from then on: BakuPoints takes that current number.
func TestBakuPointsLateEntry(t *testing.T) {
	lastA := BakuGroupA(20) + 1 // the last group-A player was shifted by one late entry
	for _, c := range []struct{ round, number, want int }{
		{2, 5, 2}, {2, 11, 2}, {2, 12, 0}, {4, 11, 1}, {6, 11, 0}, {2, 0, 0}, {0, 1, 0},
	} {
		if got := BakuPoints(lastA, 9, c.round, c.number); got != c.want {
			t.Errorf("round %d, number %d: %d, want %d", c.round, c.number, got, c.want)
		}
	}
}

// TestBakuLastA: the last group-A player is the 2·⌈n/4⌉-th of round 1's field by pairing
// number, not the player numbered 2·⌈n/4⌉ when the field has gaps (an entry withdrawn
// before round 1, a late entry numbered among them).
func TestBakuLastA(t *testing.T) {
	field := []int{1, 2, 3, 5, 6, 7, 8, 9, 10, 11} // 10 players, number 4 not in round 1
	if got := BakuLastA(field); got != 7 {
		t.Errorf("BakuLastA(%v) = %d, want 7 (the 6th of the field)", field, got)
	}
	if got := BakuLastA([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}); got != 6 {
		t.Errorf("10 players numbered 1-10: last group-A player %d, want 6", got)
	}
	if BakuLastA(nil) != 0 {
		t.Error("an empty field has no last group-A player")
	}
}
