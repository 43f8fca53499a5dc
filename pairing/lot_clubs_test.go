package pairing

import (
	"fmt"
	"testing"
)

// Clubmates meet in the first rounds: the club of 4 gets numbers whose games end as early as
// any 4 numbers of the Berger table allow (checked against every 4-subset), the pair of
// Roma meets in round 1; the numbers are a permutation of 1..n, and the same seed gives the
// same draw.
func TestLotSeparatedClubsMeetEarly(t *testing.T) {
	for _, n := range []int{6, 9, 10, 16, 24} {
		ids := make([]int, n)
		group := map[int]string{}
		for i := range ids {
			ids[i] = 100 + i
		}
		group[100], group[101], group[102], group[103] = "Napoli", "Napoli", "Napoli", "Napoli"
		group[104], group[105] = "Roma", "Roma"
		nums, rep, err := LotSeparated(uint64(n)*7919, ids, group)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int]bool{}
		for _, id := range ids {
			k := nums[id]
			if k < 1 || k > n || seen[k] {
				t.Fatalf("n=%d: number %d given twice or out of range", n, k)
			}
			seen[k] = true
		}
		meet := bergerMeetings(n)
		last := func(club string) int {
			var ms []int
			for _, id := range ids {
				if group[id] == club {
					ms = append(ms, nums[id])
				}
			}
			l := 0
			for i := range ms {
				for j := i + 1; j < len(ms); j++ {
					l = max(l, meet[ms[i]][ms[j]])
				}
			}
			return l
		}
		best := 99
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				for c := b + 1; c <= n; c++ {
					for d := c + 1; d <= n; d++ {
						l := max(meet[a][b], meet[a][c], meet[a][d], meet[b][c], meet[b][d], meet[c][d])
						if meet[a][b]*meet[a][c]*meet[a][d]*meet[b][c]*meet[b][d]*meet[c][d] != 0 {
							best = min(best, l)
						}
					}
				}
			}
		}
		want := map[string]int{"Napoli": best, "Roma": 1}
		for c, w := range want {
			if got := last(c); got > w {
				t.Errorf("n=%d: %s's games end in round %d, want by round %d (report %v)", n, c, got, w, rep)
			}
		}
		again, _, _ := LotSeparated(uint64(n)*7919, ids, group)
		if fmt.Sprint(again) != fmt.Sprint(nums) {
			t.Errorf("n=%d: same seed, different draw", n)
		}
	}
}

// The lot tie-break is a permutation of the ids, reproducible from the seed, on its own
// stream (it does not repeat the lot of pairing numbers).
func TestLotTieBreak(t *testing.T) {
	ids := []int{5, 9, 2, 14, 7, 3}
	a, b := LotTieBreak(42, ids), LotTieBreak(42, []int{14, 7, 3, 5, 9, 2})
	nums, _ := Lot(42, ids)
	seen := map[int]bool{}
	same := true
	for _, id := range ids {
		if a[id] < 1 || a[id] > len(ids) || seen[a[id]] {
			t.Fatalf("not a permutation: %v", a)
		}
		seen[a[id]] = true
		if a[id] != b[id] {
			t.Fatalf("the order of the ids changed the draw: %v %v", a, b)
		}
		same = same && a[id] == nums[id]
	}
	if same {
		t.Error("the tie-break lot repeats the lot of pairing numbers")
	}
}
