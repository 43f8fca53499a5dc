package pairing

// matcher finds maximum matchings in a general graph with Edmonds' blossom algorithm
// (J. Edmonds, "Paths, trees, and flowers", 1965), in its array form: a breadth-first
// search for an augmenting path from one free vertex, shrinking odd cycles (blossoms) by
// relabelling their base. O(V + E) per search plus O(V) per blossom, over adjacency
// lists. It is only used to decide whether a set of players still has a complete pairing
// (italo.feasible).
type matcher struct {
	v       int
	nbr     [][]int32
	match   []int
	parent  []int
	base    []int
	used    []bool
	blossom []bool
	mark    []bool
	queue   []int
}

// reset prepares a graph of v vertices with adjacency lists nbr and a starting matching
// start (start[u] = partner or -1, consistent and along edges), completed greedily.
func (m *matcher) reset(v int, nbr [][]int32, start []int) {
	m.v, m.nbr = v, nbr
	grow := func(s []int) []int {
		if cap(s) < v {
			return make([]int, v)
		}
		return s[:v]
	}
	growB := func(s []bool) []bool {
		if cap(s) < v {
			return make([]bool, v)
		}
		return s[:v]
	}
	m.match, m.parent, m.base = grow(m.match), grow(m.parent), grow(m.base)
	m.used, m.blossom, m.mark = growB(m.used), growB(m.blossom), growB(m.mark)
	copy(m.match, start)
	// Greedy completion: most vertices are matched at once in the dense graphs of a Swiss.
	for u := range v {
		if m.match[u] >= 0 {
			continue
		}
		for _, w := range nbr[u] {
			if m.match[w] < 0 {
				m.match[u], m.match[w] = int(w), u
				break
			}
		}
	}
}

// perfect reports whether the graph has a perfect matching, augmenting from each free
// vertex and stopping at the first that cannot be matched (a vertex left free by a failed
// search stays free in some maximum matching).
func (m *matcher) perfect() bool {
	if m.v%2 == 1 {
		return false
	}
	for u := range m.v {
		if m.match[u] < 0 && !m.augment(u) {
			return false
		}
	}
	return true
}

// maximum augments from every free vertex: the result is a maximum matching.
func (m *matcher) maximum() {
	for u := range m.v {
		if m.match[u] < 0 {
			m.augment(u)
		}
	}
}

func (m *matcher) augment(root int) bool {
	v := m.findPath(root)
	if v < 0 {
		return false
	}
	for v >= 0 {
		pv := m.parent[v]
		ppv := m.match[pv]
		m.match[v], m.match[pv] = pv, v
		v = ppv
	}
	return true
}

func (m *matcher) lca(a, b int) int {
	clear(m.mark)
	for {
		a = m.base[a]
		m.mark[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.parent[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.mark[b] {
			return b
		}
		b = m.parent[m.match[b]]
	}
}

func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]] = true
		m.blossom[m.base[m.match[v]]] = true
		m.parent[v] = child
		child = m.match[v]
		v = m.parent[m.match[v]]
	}
}

func (m *matcher) findPath(root int) int {
	for i := range m.v {
		m.used[i] = false
		m.parent[i] = -1
		m.base[i] = i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for qh := 0; qh < len(m.queue); qh++ {
		v := m.queue[qh]
		for _, t := range m.nbr[v] {
			to := int(t)
			if m.base[v] == m.base[to] || m.match[v] == to {
				continue
			}
			if to == root || (m.match[to] >= 0 && m.parent[m.match[to]] >= 0) {
				cur := m.lca(v, to)
				clear(m.blossom)
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := range m.v {
					if m.blossom[m.base[i]] {
						m.base[i] = cur
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.match[to] < 0 {
					return to
				}
				m.used[m.match[to]] = true
				m.queue = append(m.queue, m.match[to])
			}
		}
	}
	return -1
}
