package pairing

import "testing"

// TestItaloRoundsAdvised checks FID Capo V Art. 1 as docs/pairing-fid.md §2.2 reads it: at least
// one third and at most one half of the number of players, rounded inwards.
func TestItaloRoundsAdvised(t *testing.T) {
	for _, tc := range []struct{ n, lo, hi int }{
		{8, 3, 4},  // the spec's own example: 8 players, 3 or 4 rounds
		{9, 3, 4},  // 9/3 = 3 exactly, 9/2 = 4.5 -> 4
		{10, 4, 5}, // 10/3 = 3.33 -> at least 4
		{18, 6, 9},
		{30, 10, 15},
		{5, 2, 2},
	} {
		lo, hi := ItaloRoundsAdvised(tc.n)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("ItaloRoundsAdvised(%d) = %d..%d, want %d..%d", tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
