package pairing

import "math/bits"

// WEdge is an undirected edge of weight W between vertices U and V (U ≠ V) of a
// weighted matching problem.
type WEdge struct {
	U, V int
	W    Weight
}

// maxWeightMatching returns a matching of the graph on vertices 0..n-1 as mate[v] (the
// partner of v, or -1). With maxCard it is a maximum-weight matching among the matchings
// of maximum cardinality; without it, a maximum-weight matching of any size. Weights may
// be zero, negative or up to 2^WeightBits in absolute value (Weight); give at most one
// edge per pair of vertices. Panics on an edge with an end outside 0..n-1 or a loop.
//
// The algorithm is Edmonds' primal-dual blossom algorithm for weighted matching
// (J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices", 1965) in the
// O(n³) organisation of Z. Galil, "Efficient algorithms for finding maximum matching in
// graphs", ACM Computing Surveys 18 (1986), section 4: stages, each of which grows
// alternating trees from every free vertex over tight edges, shrinks odd cycles into
// blossoms, and changes the dual variables by the smallest of four amounts (δ1 a vertex
// dual reaching zero, δ2 an edge from a tree to a free vertex, δ3 half the slack of an
// edge between two trees, δ4 a T-blossom dual reaching zero) until an augmenting path
// appears. Every vertex and blossom keeps its least-slack edge to each S-blossom, so a
// stage costs O(n²) and the whole O(n³) (O(n·m) edge scans plus O(n²) per dual change).
// With maxCard δ1 is never used, which keeps augmenting while a path exists (the dual
// problem of maximum-weight perfect matching on the largest matchable set).
//
// All arithmetic is exact integer arithmetic: vertex duals are kept doubled (the slack of
// edge uv is du + dv − 2·w), so every δ is an integer, as Galil's section 4 notes for
// integral weights.
func maxWeightMatching(n int, edges []WEdge, maxCard bool) []int {
	if n == 0 {
		return nil
	}
	m := newWMatcher(n, edges, maxCard)
	m.solve()
	mate := make([]int, n)
	for v := range mate {
		mate[v] = -1
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

// wMatcher is the state of one weighted matching. Vertices are 0..n-1; non-trivial
// blossoms are n..2n-1. An edge k has two endpoints 2k (its U) and 2k+1 (its V); p^1 is
// the other end of endpoint p.
type wMatcher struct {
	n, nedge int
	maxCard  bool
	eu, ev   []int
	ew       []Weight
	ew2      []Weight // 2·ew
	endpoint []int    // endpoint p → vertex
	nbStart  []int    // CSR: the remote endpoints of v's edges are nb[nbStart[v]:nbStart[v+1]]
	nb       []int
	mate     []int // v → remote endpoint of its matched edge, or -1

	label      []int8 // 0 free, 1 S, 2 T (top-level blossoms and vertices)
	labelEnd   []int  // endpoint through which the label was given, or -1
	inBlossom  []int  // v → its top-level blossom
	parent     []int  // blossom → parent blossom, or -1
	childs     [][]int
	base       []int // blossom → base vertex, or -1 (unused)
	endps      [][]int
	bestEdge   []int   // least-slack edge to a different S-blossom, or -1
	bestEdges  [][]int // non-trivial S-blossom → least-slack edges to other S-blossoms
	bestHas    []bool  // bestEdges[b] is valid
	unused     []int
	dual       []Weight
	allowEdge  []bool
	queue      []int
	scanMark   []bool
	bestEdgeTo []int // scratch of addBlossom, all -1 between uses
}

func newWMatcher(n int, edges []WEdge, maxCard bool) *wMatcher {
	m := &wMatcher{n: n, nedge: len(edges), maxCard: maxCard}
	m.eu = make([]int, len(edges))
	m.ev = make([]int, len(edges))
	m.ew = make([]Weight, len(edges))
	m.ew2 = make([]Weight, len(edges))
	m.endpoint = make([]int, 2*len(edges))
	deg := make([]int, n+1)
	var maxW Weight
	for k, e := range edges {
		if e.U == e.V || e.U < 0 || e.V < 0 || e.U >= n || e.V >= n {
			panic("pairing: maxWeightMatching: bad edge")
		}
		m.eu[k], m.ev[k], m.ew[k], m.ew2[k] = e.U, e.V, e.W, e.W.Add(e.W)
		m.endpoint[2*k], m.endpoint[2*k+1] = e.U, e.V
		deg[e.U+1]++
		deg[e.V+1]++
		if maxW.Less(e.W) {
			maxW = e.W
		}
	}
	for v := 0; v < n; v++ {
		deg[v+1] += deg[v]
	}
	m.nbStart = deg
	m.nb = make([]int, 2*len(edges))
	fill := make([]int, n)
	copy(fill, deg[:n])
	for k := range edges {
		u, v := m.eu[k], m.ev[k]
		m.nb[fill[u]] = 2*k + 1
		fill[u]++
		m.nb[fill[v]] = 2 * k
		fill[v]++
	}
	m.mate = make([]int, n)
	m.label = make([]int8, 2*n)
	m.labelEnd = make([]int, 2*n)
	m.inBlossom = make([]int, n)
	m.parent = make([]int, 2*n)
	m.childs = make([][]int, 2*n)
	m.base = make([]int, 2*n)
	m.endps = make([][]int, 2*n)
	m.bestEdge = make([]int, 2*n)
	m.bestEdges = make([][]int, 2*n)
	m.bestHas = make([]bool, 2*n)
	m.dual = make([]Weight, 2*n)
	m.allowEdge = make([]bool, len(edges))
	m.scanMark = make([]bool, 2*n)
	m.bestEdgeTo = make([]int, 2*n)
	for v := 0; v < n; v++ {
		m.mate[v] = -1
		m.inBlossom[v] = v
		m.base[v] = v
		m.dual[v] = maxW
	}
	for b := 0; b < 2*n; b++ {
		m.parent[b] = -1
		m.bestEdgeTo[b] = -1
		if b >= n {
			m.base[b] = -1
			m.unused = append(m.unused, b)
		}
	}
	return m
}

// slack of edge k: du + dv − 2·w (only meaningful between different top-level blossoms).
// The words are written out (weightWords = 4): this is the matcher's inner loop.
func (m *wMatcher) slack(k int) (r Weight) {
	a, b, w := &m.dual[m.eu[k]], &m.dual[m.ev[k]], &m.ew2[k]
	var c, d uint64
	r[0], c = bits.Add64(a[0], b[0], 0)
	r[0], d = bits.Sub64(r[0], w[0], 0)
	r[1], c = bits.Add64(a[1], b[1], c)
	r[1], d = bits.Sub64(r[1], w[1], d)
	r[2], c = bits.Add64(a[2], b[2], c)
	r[2], d = bits.Sub64(r[2], w[2], d)
	r[3], _ = bits.Add64(a[3], b[3], c)
	r[3], _ = bits.Sub64(r[3], w[3], d)
	return r
}

// leaves calls f for every vertex inside blossom b.
func (m *wMatcher) leaves(b int, f func(v int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.childs[b] {
		m.leaves(c, f)
	}
}

// assignLabel labels the top-level blossom of w with t (1 S, 2 T) reached through
// endpoint p; a T-blossom's mate becomes S.
func (m *wMatcher) assignLabel(w int, t int8, p int) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.bestEdge[w], m.bestEdge[b] = -1, -1
	if t == 1 {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	bs := m.base[b]
	mp := m.mate[bs]
	m.assignLabel(m.endpoint[mp], 1, mp^1)
}

// scanBlossom walks up the two trees from v and w alternately: the base of the first
// common blossom (a new blossom), or -1 when the trees differ (an augmenting path).
func (m *wMatcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inBlossom[v]
		if m.scanMark[b] {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.scanMark[b] = true
		if m.labelEnd[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelEnd[b]]
			b = m.inBlossom[v]
			v = m.endpoint[m.labelEnd[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.scanMark[b] = false
	}
	return base
}

// addBlossom shrinks the cycle closed by edge k, whose trees meet at vertex base, into a
// new S-blossom.
func (m *wMatcher) addBlossom(base, k int) {
	v, w := m.eu[k], m.ev[k]
	bb, bv, bw := m.inBlossom[base], m.inBlossom[v], m.inBlossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b
	path := []int{}
	endps := []int{}
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelEnd[bv])
		v = m.endpoint[m.labelEnd[bv]]
		bv = m.inBlossom[v]
	}
	path = append(path, bb)
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	for i, j := 0, len(endps)-1; i < j; i, j = i+1, j-1 {
		endps[i], endps[j] = endps[j], endps[i]
	}
	endps = append(endps, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelEnd[bw]^1)
		w = m.endpoint[m.labelEnd[bw]]
		bw = m.inBlossom[w]
	}
	m.childs[b], m.endps[b] = path, endps
	m.label[b] = 1
	m.labelEnd[b] = m.labelEnd[bb]
	m.dual[b] = Weight{}
	m.leaves(b, func(x int) {
		if m.label[m.inBlossom[x]] == 2 {
			m.queue = append(m.queue, x) // former T-vertices become S
		}
		m.inBlossom[x] = b
	})
	// least-slack edges from the new blossom to every other S-blossom
	to := m.bestEdgeTo
	var touched []int
	consider := func(k int) {
		i, j := m.eu[k], m.ev[k]
		if m.inBlossom[j] == b {
			i, j = j, i
		}
		_ = i
		bj := m.inBlossom[j]
		if bj != b && m.label[bj] == 1 {
			if to[bj] == -1 {
				to[bj] = k
				touched = append(touched, bj)
			} else if m.slack(k).Less(m.slack(to[bj])) {
				to[bj] = k
			}
		}
	}
	for _, s := range path {
		if m.bestHas[s] {
			for _, k := range m.bestEdges[s] {
				consider(k)
			}
		} else {
			m.leaves(s, func(x int) {
				for _, p := range m.nb[m.nbStart[x]:m.nbStart[x+1]] {
					consider(p >> 1)
				}
			})
		}
		m.bestEdges[s], m.bestHas[s] = nil, false
		m.bestEdge[s] = -1
	}
	list := make([]int, 0, len(touched))
	for _, bj := range touched {
		list = append(list, to[bj])
		to[bj] = -1
	}
	m.bestEdges[b], m.bestHas[b] = list, true
	m.bestEdge[b] = -1
	var best Weight
	for _, k := range list {
		if s := m.slack(k); m.bestEdge[b] == -1 || s.Less(best) {
			m.bestEdge[b], best = k, s
		}
	}
}

// childIndex is the position of child t in blossom b's cycle.
func (m *wMatcher) childIndex(b, t int) int {
	for i, c := range m.childs[b] {
		if c == t {
			return i
		}
	}
	panic("pairing: weighted matching: child not in blossom")
}

// at indexes a cycle with a possibly negative index.
func at(s []int, j int) int {
	if j < 0 {
		j += len(s)
	}
	return s[j]
}

// expandBlossom dissolves blossom b into its children: at the end of a stage (endStage,
// recursively for children of zero dual) or when its T-label dual reaches zero (δ4), in
// which case the children on the even path from the entry child to the base keep the tree
// alive.
func (m *wMatcher) expandBlossom(b int, endStage bool) {
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.inBlossom[s] = s
		case endStage && m.dual[s].IsZero():
			m.expandBlossom(s, endStage)
		default:
			m.leaves(s, func(v int) { m.inBlossom[v] = s })
		}
	}
	if !endStage && m.label[b] == 2 {
		m.relabelExpanded(b)
	}
	m.label[b], m.labelEnd[b] = -1, -1
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.bestEdges[b], m.bestHas[b] = nil, false
	m.bestEdge[b] = -1
	m.unused = append(m.unused, b)
}

// relabelExpanded gives the children of an expanded T-blossom b their labels: T and S
// alternately along the even path from the child the tree enters by to the base, free
// (or T, if reachable through a tight edge) elsewhere.
func (m *wMatcher) relabelExpanded(b int) {
	ch, ep := m.childs[b], m.endps[b]
	entry := m.inBlossom[m.endpoint[m.labelEnd[b]^1]]
	j := m.childIndex(b, entry)
	jstep, trick := -1, 1
	if j&1 != 0 {
		j -= len(ch)
		jstep, trick = 1, 0
	}
	p := m.labelEnd[b]
	for j != 0 {
		m.label[m.endpoint[p^1]] = 0
		m.label[m.endpoint[at(ep, j-trick)^trick^1]] = 0
		m.assignLabel(m.endpoint[p^1], 2, p)
		m.allowEdge[at(ep, j-trick)>>1] = true
		j += jstep
		p = at(ep, j-trick) ^ trick
		m.allowEdge[p>>1] = true
		j += jstep
	}
	bv := at(ch, j)
	m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
	m.labelEnd[m.endpoint[p^1]], m.labelEnd[bv] = p, p
	m.bestEdge[bv] = -1
	j += jstep
	for at(ch, j) != entry {
		bv := at(ch, j)
		if m.label[bv] == 1 {
			j += jstep
			continue
		}
		found := -1
		m.leaves(bv, func(v int) {
			if found == -1 && m.label[v] != 0 {
				found = v
			}
		})
		if found >= 0 {
			m.label[found] = 0
			m.label[m.endpoint[m.mate[m.base[bv]]]] = 0
			m.assignLabel(found, 2, m.labelEnd[found])
		}
		j += jstep
	}
}

// augmentBlossom swaps the matched and unmatched edges along the even path inside
// blossom b from vertex v to the base, which becomes v's sub-blossom.
func (m *wMatcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	ch, ep := m.childs[b], m.endps[b]
	i := m.childIndex(b, t)
	j := i
	jstep, trick := -1, 1
	if i&1 != 0 {
		j -= len(ch)
		jstep, trick = 1, 0
	}
	for j != 0 {
		j += jstep
		t = at(ch, j)
		p := at(ep, j-trick) ^ trick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(ch, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.childs[b] = append(append([]int{}, ch[i:]...), ch[:i]...)
	m.endps[b] = append(append([]int{}, ep[i:]...), ep[:i]...)
	m.base[b] = m.base[m.childs[b][0]]
}

// augmentMatching flips the augmenting path through edge k between two S-trees.
func (m *wMatcher) augmentMatching(k int) {
	ends := [2][2]int{{m.eu[k], 2*k + 1}, {m.ev[k], 2 * k}}
	for _, sp := range ends {
		s, p := sp[0], sp[1]
		for {
			bs := m.inBlossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == -1 {
				break // reached a tree root
			}
			t := m.endpoint[m.labelEnd[bs]]
			bt := m.inBlossom[t]
			s = m.endpoint[m.labelEnd[bt]]
			j := m.endpoint[m.labelEnd[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt] ^ 1
		}
	}
}

// solve runs stages until no augmenting path is left (or, without maxCard, until
// augmenting can no longer increase the weight).
func (m *wMatcher) solve() {
	for stage := 0; stage < m.n; stage++ {
		m.startStage()
		if !m.runStage() {
			break
		}
		// S-blossoms of zero dual are expanded at the end of the stage
		for b := m.n; b < 2*m.n; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && m.dual[b].IsZero() {
				m.expandBlossom(b, true)
			}
		}
	}
}

func (m *wMatcher) startStage() {
	for i := range m.label {
		m.label[i] = 0
		m.bestEdge[i] = -1
	}
	for b := m.n; b < 2*m.n; b++ {
		m.bestEdges[b], m.bestHas[b] = nil, false
	}
	for k := range m.allowEdge {
		m.allowEdge[k] = false
	}
	m.queue = m.queue[:0]
	for v := 0; v < m.n; v++ {
		if m.mate[v] == -1 && m.label[m.inBlossom[v]] == 0 {
			m.assignLabel(v, 1, -1)
		}
	}
}

// runStage grows the trees and changes the duals until an augmentation (true) or the
// optimum (false).
func (m *wMatcher) runStage() bool {
	for {
		if m.scanQueue() {
			return true
		}
		kind, delta, edge, blossom := m.chooseDelta()
		m.applyDelta(delta)
		switch kind {
		case 1:
			return false
		case 2, 3:
			// the edge is tight now: examine it alone (the S-end's other edges were
			// scanned and are tracked by the least-slack edges)
			m.allowEdge[edge] = true
			p := 2*edge + 1 // the remote end seen from eu
			if m.label[m.inBlossom[m.eu[edge]]] != 1 {
				p = 2 * edge
			}
			if m.scanEdge(m.endpoint[p^1], p) {
				return true
			}
		case 4:
			m.expandBlossom(blossom, false)
		}
	}
}

// scanQueue examines the edges of the queued S-vertices: tight edges extend the trees,
// make blossoms or augment (true); others update the least-slack edges.
func (m *wMatcher) scanQueue() bool {
	for len(m.queue) > 0 {
		v := m.queue[len(m.queue)-1]
		m.queue = m.queue[:len(m.queue)-1]
		for _, p := range m.nb[m.nbStart[v]:m.nbStart[v+1]] {
			if m.scanEdge(v, p) {
				return true
			}
		}
	}
	return false
}

// scanEdge examines the edge from S-vertex v to remote endpoint p: true when it
// augmented the matching.
func (m *wMatcher) scanEdge(v, p int) bool {
	k, w := p>>1, m.endpoint[p]
	bv, bw := m.inBlossom[v], m.inBlossom[w]
	if bv == bw || (m.label[bw] == 2 && m.label[w] != 0) {
		return false // inside one blossom, or a T-vertex already reached: nothing to learn
	}
	var ks Weight
	if !m.allowEdge[k] {
		ks = m.slack(k)
		if ks.Sign() <= 0 {
			m.allowEdge[k] = true
		}
	}
	switch {
	case m.allowEdge[k]:
		switch {
		case m.label[bw] == 0:
			m.assignLabel(w, 2, p^1)
		case m.label[bw] == 1:
			if base := m.scanBlossom(v, w); base >= 0 {
				m.addBlossom(base, k)
			} else {
				m.augmentMatching(k)
				return true
			}
		case m.label[w] == 0:
			m.label[w] = 2
			m.labelEnd[w] = p ^ 1
		}
	case m.label[bw] == 1:
		if m.bestEdge[bv] == -1 || ks.Less(m.slack(m.bestEdge[bv])) {
			m.bestEdge[bv] = k
		}
	case m.label[w] == 0:
		if m.bestEdge[w] == -1 || ks.Less(m.slack(m.bestEdge[w])) {
			m.bestEdge[w] = k
		}
	}
	return false
}

// chooseDelta finds the smallest dual change that makes progress: 1 a vertex dual
// reaches zero (the end, without maxCard; with it, only when nothing else is possible), 2
// an edge from an S-vertex to a free vertex becomes tight, 3 an edge between S-blossoms
// does, 4 a T-blossom's dual reaches zero.
func (m *wMatcher) chooseDelta() (kind int, delta Weight, edge, blossom int) {
	kind, edge, blossom = -1, -1, -1
	if !m.maxCard {
		kind = 1
		delta = m.dual[0]
		for v := 1; v < m.n; v++ {
			if m.dual[v].Less(delta) {
				delta = m.dual[v]
			}
		}
	}
	for v := 0; v < m.n; v++ {
		if m.label[m.inBlossom[v]] == 0 && m.bestEdge[v] != -1 {
			if d := m.slack(m.bestEdge[v]); kind == -1 || d.Less(delta) {
				kind, delta, edge = 2, d, m.bestEdge[v]
			}
		}
	}
	for b := 0; b < 2*m.n; b++ {
		if m.parent[b] == -1 && m.label[b] == 1 && m.bestEdge[b] != -1 && (b < m.n || m.base[b] >= 0) {
			if d := m.slack(m.bestEdge[b]).Half(); kind == -1 || d.Less(delta) {
				kind, delta, edge = 3, d, m.bestEdge[b]
			}
		}
	}
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && (kind == -1 || m.dual[b].Less(delta)) {
			kind, delta, blossom = 4, m.dual[b], b
		}
	}
	if kind == -1 {
		// maxCard and no further progress: the matching is final; end with a harmless step
		kind = 1
		delta = m.dual[0]
		for v := 1; v < m.n; v++ {
			if m.dual[v].Less(delta) {
				delta = m.dual[v]
			}
		}
		if delta.Sign() < 0 {
			delta = Weight{}
		}
	}
	return kind, delta, edge, blossom
}

func (m *wMatcher) applyDelta(delta Weight) {
	for v := 0; v < m.n; v++ {
		switch m.label[m.inBlossom[v]] {
		case 1:
			m.dual[v] = m.dual[v].Sub(delta)
		case 2:
			m.dual[v] = m.dual[v].Add(delta)
		}
	}
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] >= 0 && m.parent[b] == -1 {
			switch m.label[b] {
			case 1:
				m.dual[b] = m.dual[b].Add(delta)
			case 2:
				m.dual[b] = m.dual[b].Sub(delta)
			}
		}
	}
}
