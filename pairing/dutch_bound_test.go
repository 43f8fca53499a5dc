package pairing

import (
	"math/rand/v2"
	"testing"
)

// TestMinCostlyAgainstBrute checks minCostly (the Hungarian method of fact 3 in
// dutch_bound.go) against every injection of r1 into the free members of right, on
// random pair classes: the least number of costly pairs, then the least number of
// strong ones among those, and no answer exactly when no injection uses compatible
// pairs only.
func TestMinCostlyAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	for iter := range 3000 {
		m := 2 + rng.IntN(9)
		s := &bsearch{mem: make([]int, m), partner: make([]int, m)}
		s.pairKind = make([]int8, m*m)
		s.pairStrong = make([]bool, m*m)
		for u := range m {
			s.partner[u] = -2
			for v := u + 1; v < m; v++ {
				k := []int8{pairIncompatible, pairCostly, pairFree}[rng.IntN(3)]
				strong := k == pairCostly && rng.IntN(2) == 0
				s.pairKind[u*m+v], s.pairKind[v*m+u] = k, k
				s.pairStrong[u*m+v], s.pairStrong[v*m+u] = strong, strong
			}
		}
		n1 := 1 + rng.IntN(m/2)
		perm := rng.Perm(m)
		r1, right := perm[:n1], perm[n1:]
		skip := -1
		if rng.IntN(3) == 0 {
			skip = right[rng.IntN(len(right))]
		}
		for _, v := range right {
			if v != skip && rng.IntN(6) == 0 {
				s.partner[v] = -1 // taken: not free
			}
		}
		// brute force
		bestC, bestS, found := 0, 0, false
		used := make([]bool, m)
		var rec func(i, c, st int)
		rec = func(i, c, st int) {
			if i == len(r1) {
				if !found || c < bestC || (c == bestC && st < bestS) {
					bestC, bestS, found = c, st, true
				}
				return
			}
			u := r1[i]
			for _, v := range right {
				if v == skip || used[v] || s.partner[v] != -2 || s.pairKind[u*m+v] == pairIncompatible {
					continue
				}
				dc, ds := 0, 0
				if s.pairKind[u*m+v] == pairCostly {
					dc = 1
					if s.pairStrong[u*m+v] {
						ds = 1
					}
				}
				used[v] = true
				rec(i+1, c+dc, st+ds)
				used[v] = false
			}
		}
		rec(0, 0, 0)
		c, st, ok := s.minCostly(r1, right, skip)
		if ok != found || (ok && (c != bestC || st != bestS)) {
			t.Fatalf("iteration %d: minCostly = (%d, %d, %v), brute force (%d, %d, %v)", iter, c, st, ok, bestC, bestS, found)
		}
	}
}
