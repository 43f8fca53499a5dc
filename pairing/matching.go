package pairing

// blossom finds maximum-cardinality matchings in a general graph with Edmonds' blossom
// algorithm (J. Edmonds, "Paths, trees and flowers", 1965): breadth-first search for an
// augmenting path from one free vertex at a time, contracting odd cycles (blossoms) by
// giving their vertices a common base. One search costs O(V²) adjacency tests, because
// the graph is implicit (adj is asked about pairs of vertices instead of reading lists):
// the compatibility graph of a Swiss round is dense, so lists would cost as much.
//
// The Dutch engine uses it for the completion criterion (C.04.3 C4, Art. 2.2.1): can the
// players not yet paired all be paired (with at most one bye) under the absolute
// criteria?
type blossom struct {
	n     int
	adj   func(i, j int) bool
	match []int // partner, or -1
	p     []int // BFS parent (in the alternating tree)
	base  []int // base of the blossom containing the vertex
	used  []bool
	mark  []bool // scratch for lca and blossom marks
	inB   []bool
	q     []int
}

// newBlossom prepares a matcher on vertices 0..n-1 with no edges matched.
func newBlossom(n int, adj func(i, j int) bool) *blossom {
	m := &blossom{n: n, adj: adj}
	m.match = make([]int, n)
	m.p = make([]int, n)
	m.base = make([]int, n)
	m.used = make([]bool, n)
	m.mark = make([]bool, n)
	m.inB = make([]bool, n)
	m.q = make([]int, 0, n)
	for i := range m.match {
		m.match[i] = -1
	}
	return m
}

// greedy matches free vertices in index order with the first free neighbour: a fast
// start that leaves few vertices for the augmenting searches.
func (m *blossom) greedy() {
	for i := 0; i < m.n; i++ {
		if m.match[i] >= 0 {
			continue
		}
		for j := i + 1; j < m.n; j++ {
			if m.match[j] < 0 && m.adj(i, j) {
				m.match[i], m.match[j] = j, i
				break
			}
		}
	}
}

func (m *blossom) lca(a, b int) int {
	for i := range m.mark {
		m.mark[i] = false
	}
	for {
		a = m.base[a]
		m.mark[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.p[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.mark[b] {
			return b
		}
		b = m.p[m.match[b]]
	}
}

func (m *blossom) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inB[m.base[v]] = true
		m.inB[m.base[m.match[v]]] = true
		m.p[v] = child
		child = m.match[v]
		v = m.p[m.match[v]]
	}
}

// augment searches an augmenting path from the free vertex root and flips it.
// It reports whether the matching grew.
func (m *blossom) augment(root int) bool {
	for i := 0; i < m.n; i++ {
		m.used[i] = false
		m.p[i] = -1
		m.base[i] = i
	}
	m.used[root] = true
	m.q = append(m.q[:0], root)
	for qh := 0; qh < len(m.q); qh++ {
		v := m.q[qh]
		for to := 0; to < m.n; to++ {
			if to == v || m.base[v] == m.base[to] || m.match[v] == to || !m.adj(v, to) {
				continue
			}
			if to == root || (m.match[to] >= 0 && m.p[m.match[to]] >= 0) {
				cur := m.lca(v, to)
				for i := range m.inB {
					m.inB[i] = false
				}
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := 0; i < m.n; i++ {
					if m.inB[m.base[i]] {
						m.base[i] = cur
						if !m.used[i] {
							m.used[i] = true
							m.q = append(m.q, i)
						}
					}
				}
			} else if m.p[to] < 0 {
				m.p[to] = v
				if m.match[to] < 0 {
					// flip the path root … v to
					for u := to; u >= 0; {
						pv := m.p[u]
						ppv := m.match[pv]
						m.match[u], m.match[pv] = pv, u
						u = ppv
					}
					return true
				}
				m.used[m.match[to]] = true
				m.q = append(m.q, m.match[to])
			}
		}
	}
	return false
}

// maximize augments from every free vertex; afterwards the matching is maximum
// (Berge: no augmenting path from any free vertex). It returns the number of free
// vertices left.
func (m *blossom) maximize() int {
	free := 0
	for v := 0; v < m.n; v++ {
		if m.match[v] < 0 && !m.augment(v) {
			free++
		}
	}
	return free
}

// maxMatching returns a maximum matching of the graph on 0..n-1 as a partner slice
// (-1 = unmatched) and its number of edges.
func maxMatching(n int, adj func(i, j int) bool) ([]int, int) {
	m := newBlossom(n, adj)
	m.greedy()
	free := m.maximize()
	return m.match, (n - free) / 2
}
