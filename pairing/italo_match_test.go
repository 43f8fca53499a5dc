package pairing

import (
	"math/rand/v2"
	"testing"
)

// bruteMatch returns the size of a maximum matching by exhaustive search (small graphs).
func bruteMatch(v int, adj [][]bool) int {
	used := make([]bool, v)
	var rec func(i int) int
	rec = func(i int) int {
		for i < v && used[i] {
			i++
		}
		if i >= v {
			return 0
		}
		used[i] = true
		best := rec(i + 1) // i unmatched
		for j := i + 1; j < v; j++ {
			if !used[j] && adj[i][j] {
				used[j] = true
				best = max(best, 1+rec(i+1))
				used[j] = false
			}
		}
		used[i] = false
		return best
	}
	return rec(0)
}

// TestMatcherAgainstBrute checks the blossom matcher on random small graphs, from empty
// and from random valid starting matchings, against exhaustive search.
func TestMatcherAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var m matcher
	for iter := range 3000 {
		v := 2 + rng.IntN(11)
		p := rng.Float64()
		adj := make([][]bool, v)
		for i := range adj {
			adj[i] = make([]bool, v)
		}
		nbr := make([][]int32, v)
		for i := range v {
			for j := i + 1; j < v; j++ {
				if rng.Float64() < p {
					adj[i][j], adj[j][i] = true, true
				}
			}
		}
		for i := range v {
			for _, j := range rng.Perm(v) {
				if adj[i][j] {
					nbr[i] = append(nbr[i], int32(j))
				}
			}
		}
		start := make([]int, v)
		for i := range start {
			start[i] = -1
		}
		if iter%2 == 1 {
			for i := range v {
				for j := range v {
					if adj[i][j] && start[i] < 0 && start[j] < 0 && rng.IntN(3) == 0 {
						start[i], start[j] = j, i
					}
				}
			}
		}
		want := bruteMatch(v, adj)
		m.reset(v, nbr, start)
		m.maximum()
		got := 0
		for u := range v {
			if w := m.match[u]; w >= 0 {
				if m.match[w] != u || !adj[u][w] {
					t.Fatalf("inconsistent matching %v", m.match[:v])
				}
				got++
			}
		}
		if got/2 != want {
			t.Fatalf("iter %d: matching %d, want %d (v=%d)", iter, got/2, want, v)
		}
		m.reset(v, nbr, start)
		if m.perfect() != (2*want == v) {
			t.Fatalf("iter %d: perfect() wrong", iter)
		}
	}
}
