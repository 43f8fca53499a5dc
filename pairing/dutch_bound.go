package pairing

import "slices"

// The matching bound of the transposition walk (transDFS).
//
// Below a node of transDFS the S1 players still without a partner (R1) each take one
// free S2 player (F2); the S2 players left over float. Two facts about every candidate
// below the node hold whatever the order of the walk, and both are decided by a
// bipartite matching of R1 into F2 (polynomial, a few hundred edge tests):
//
//  1. If R1 cannot be matched into F2 along compatible pairs (C1–C3), no candidate
//     exists below the node: the node is pruned in every phase.
//  2. Call a pair free when it costs nothing in the colour components C10–C12 (Art.
//     2.4.5–2.4.7) of the cost vector (d.iC10, d.iC11, d.iC12: no topscorer colour
//     difference beyond ±2, no third equal colour for a topscorer's pair, every colour
//     preference granted). If the largest matching of R1 into F2 along free compatible
//     pairs has M players, at least |R1| − M of the pairs still to be made are not
//     free. Unless one of them costs in d.iC10 or d.iC11 (which are compared before
//     d.iC12: the candidate is then worse than the bound already), each costs at least
//     one unmet preference in d.iC12. The bound of the node (cost + restLB) counts
//     max(colourLB, |R1| − M) there instead of colourLB alone, which stays a lower
//     bound of every candidate below the node in the lexicographic order (colourLB
//     bounds the same count, and the pairs add nothing componentwise below zero).
//  3. Fact 2 sharpened (minCostly, the Hungarian method on R1 × F2): the least number
//     x of pairs that are not free in a matching of all of R1 into F2 (at least |R1| − M,
//     often more: a largest free matching need not extend to all of R1), and among the
//     matchings with x such pairs the least number y of pairs that deny a strong
//     preference (d.iC13, Art. 2.4.8; or cost in d.iC10, d.iC11). A candidate below
//     whose pairs still to be made count exactly x unmet preferences makes exactly x
//     pairs that are not free (unless one costs in d.iC10 or d.iC11, compared earlier),
//     so it denies at least y strong preferences; one with more unmet preferences is
//     worse in d.iC12 already. The bound counts max(colourLB's C12, x) in d.iC12 and,
//     when x is at least colourLB's C12, max(colourLB's C13, y) in d.iC13. (Found on
//     a 28-player bracket of a re-check of bbpPairings' tournaments whose optimum
//     denies one mild preference: the walk spent 49.5 million nodes on completions
//     whose last costly pair could only deny a strong one.)
//
// The floaters' C8 tables (setFloatBound, setDFLB; and oneDFLB for one floater) are
// the other bound that matters: when the optimum's cost lies in the following
// bracket (C8), the generic c8LB cannot see it, and a walk in the rules' order may try
// millions of candidates whose floaters make the following bracket worse.
//
// Pruning with a lower bound never changes which candidate a phase finds first: a node
// is cut only when no candidate below it can reach the phase's target (phases 1a, 1b, 3)
// or beat the best found (phase 2).

// matchBoundAfter is the number of nodes a phase of a bracket's search spends before
// transDFS applies the matching bound. Each application costs a few bipartite matchings
// (O(|R1|·|F2|) pair tests each, O(|F2|) of them with one floater), which is more than
// a whole easy search of a bracket of hundreds of players (a few thousand nodes); the
// brackets that need the bound are those whose walk runs on. The threshold changes the
// speed only: a sound bound applied at any node leaves the outcome unchanged.
const matchBoundAfter = 20_000

// phase1aCap is the number of nodes phase 1a (the rules' order with the root bound as
// target) may spend. Phase 1a accepts only a candidate reaching the root bound, which is
// then the optimum and the first optimal candidate in the rules' order; when the root
// bound is below the optimum it can only fail, after walking every candidate the bound
// does not cut (13.6 million nodes in one bracket of 14 players found by a stress run).
// Past the cap the bracket goes on as when phase 1a fails: phase 1b or 2 finds the optimum
// and phase 3 walks the rules' order again with it as target, whose first hit is the
// candidate phase 1a would have found (if it could: the root bound is then the optimum, so
// the two walks are the same walk). The cap changes the speed only; with noMatchBound it
// is off, so that TestDutchMatchBoundKeepsPairings checks it too (eagerMatchBound sets it
// to 50 nodes there).
const phase1aCap = 100_000

const (
	pairUnknown int8 = iota
	pairIncompatible
	pairCostly // compatible, with a cost in d.iC10, d.iC11 or d.iC12
	pairFree   // compatible, nothing in d.iC10, d.iC11, d.iC12
)

// kindOf returns (and caches) the matching-bound class of the members at positions u, v.
func (s *bsearch) kindOf(u, v int) int8 {
	m := len(s.mem)
	if s.pairKind == nil {
		s.pairKind = make([]int8, m*m)
		s.pairStrong = make([]bool, m*m)
	}
	if k := s.pairKind[u*m+v]; k != pairUnknown {
		return k
	}
	d := s.d
	k := pairIncompatible
	if d.compatible(s.mem[u], s.mem[v]) {
		k = pairFree
		if !s.c8only {
			tmp := make([]int32, d.K)
			s.addPair(tmp, s.mem[u], s.mem[v], 1)
			if tmp[d.iC10] != 0 || tmp[d.iC11] != 0 || tmp[d.iC12] != 0 {
				k = pairCostly
			}
			strong := tmp[d.iC10] != 0 || tmp[d.iC11] != 0 || tmp[d.iC13] != 0
			s.pairStrong[u*m+v], s.pairStrong[v*m+u] = strong, strong
		}
	}
	s.pairKind[u*m+v], s.pairKind[v*m+u] = k, k
	return k
}

// bipartite returns the size of a maximum matching of the members r1 into the free
// members of right (but skip) along the pairs of class at least minKind (Kuhn's
// augmenting paths).
func (s *bsearch) bipartite(r1, right []int, minKind int8, skip int) int {
	m := len(s.mem)
	if len(s.matchTo) < m {
		s.matchTo = make([]int, m)
		s.seen = make([]bool, m)
	}
	for _, v := range right {
		s.matchTo[v] = -1
	}
	var try func(u int) bool
	try = func(u int) bool {
		for _, v := range right {
			if v == skip || s.partner[v] != -2 || s.seen[v] || s.kindOf(u, v) < minKind {
				continue
			}
			s.seen[v] = true
			if s.matchTo[v] < 0 || try(s.matchTo[v]) {
				s.matchTo[v] = u
				return true
			}
		}
		return false
	}
	size := 0
	for _, u := range r1 {
		for _, v := range right {
			s.seen[v] = false
		}
		if try(u) {
			size++
		}
	}
	return size
}

// transPruned reports whether the node of transDFS at S1 index k (S1[k:] still to be
// paired, k < len(S1)) can be cut by the matching bound (see above).
func (s *bsearch) transPruned(k int) bool {
	r1 := s.s1[k:]
	if s.mdpLeft == 0 && !s.c8only && s.freeS2() == len(r1)+1 {
		return s.singleFloaterPruned(r1)
	}
	if s.bipartite(r1, s.s2, pairCostly, -1) < len(r1) {
		return true // fact 1: no candidate below
	}
	if s.c8only || (s.limit == nil && !s.found) {
		return false
	}
	c, y, ok := s.minCostly(r1, s.s2, -1)
	if !ok {
		return true
	}
	x, strong := int32(c), int32(y)
	if x == 0 {
		return false
	}
	d := s.d
	s.scratch = append(s.scratch[:0], s.cost...)
	s.restLB(s.scratch)
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, s.needDF())
	if x < c12 || (x == c12 && strong <= c13) {
		return false // restLB already counts as much
	}
	s.scratch[d.iC12] += x - c12
	s.scratch[d.iC13] += max(0, strong-c13)
	if s.limit != nil {
		return lexCmp(s.scratch, s.limit) > 0
	}
	return lexCmp(s.scratch, s.best) >= 0
}

// freeS2 is the number of S2 players still without a partner.
func (s *bsearch) freeS2() int {
	n := 0
	for _, v := range s.s2 {
		if s.partner[v] == -2 {
			n++
		}
	}
	return n
}

// singleFloaterPruned is transPruned when exactly one S2 player will be left over to
// float (every MDP placed): the floater f is one of the free S2 players, R1 must be
// matched into the others (fact 1 for each f), and the node's bound is the lexicographic
// minimum over the possible f of cost + f's float cost (when nobody floats yet and
// rootBound computed it: its cost floating alone, C8 included, as oneDFLB counts it;
// otherwise addDF and the generic C8 bound c8LB, as restLB counts them) + the colour
// bound with |R1| − M(f) (fact 2 with f left out). A node where no f can float is pruned
// in every phase.
func (s *bsearch) singleFloaterPruned(r1 []int) bool {
	d := s.d
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, 1)
	// alone: f will be the bracket's only downfloater and its whole cost floating alone
	// (C8 included) is known (rootBound); otherwise its own float cost (addDF) and the
	// generic C8 bound of restLB
	alone := s.cost[iC6] == 0 && s.dfVec != nil
	var best []int32
	vec := make([]int32, d.K)
	for _, f := range s.s2 {
		if s.partner[f] != -2 || (alone && s.dfVec[f] == nil) {
			continue
		}
		if s.bipartite(r1, s.s2, pairCostly, f) < len(r1) {
			continue
		}
		copy(vec, s.cost)
		if alone {
			for k, x := range s.dfVec[f] {
				vec[k] += x
			}
		} else {
			s.addDF(vec, s.mem[f], 1)
			s.c8LB(vec, int(s.cost[iC6])+1)
		}
		x := int32(len(r1) - s.bipartite(r1, s.s2, pairFree, f))
		vec[d.iC12] += max(c12, x)
		vec[d.iC13] += c13
		if best == nil || lexCmp(vec, best) < 0 {
			best = append(best[:0], vec...)
		}
	}
	switch {
	case best == nil:
		return true // nobody can float: no candidate below
	case s.limit != nil:
		return lexCmp(best, s.limit) > 0
	case s.found:
		return lexCmp(best, s.best) >= 0
	}
	return false
}

// maxMatchBoundMembers is the largest number of unassigned members for which dfsPruned
// runs its blossom matching (O(q³) a node).
const maxMatchBoundMembers = 128

// dfsPruned is the matching bound of the generic walk (dfs: phases 1b and 2, and the
// candidates the rules' order does not generate). Every unassigned member is either
// paired with another unassigned member along a compatible pair (C1–C3) or floats, so at
// least free = q − 2ν of them float, ν being the size of a maximum matching of the
// compatibility graph on the unassigned members (Edmonds' blossom algorithm, matching.go).
// When that exceeds needDF, the node's bound is restLB's generic form with free
// downfloaters still to come (each at score difference 2 at least, the generic C8 bound,
// the colour bounds with free floaters): a lower bound of every candidate below the node,
// as restLB's is.
func (s *bsearch) dfsPruned() bool {
	if s.q > maxMatchBoundMembers || s.q < 2 {
		return false
	}
	var un []int
	for pos, p := range s.partner {
		if p == -2 {
			un = append(un, s.mem[pos])
		}
	}
	m := newBlossom(len(un), func(i, j int) bool { return s.d.compatible(un[i], un[j]) })
	m.greedy()
	free := m.maximize()
	need := s.needDF()
	if free <= need {
		return false
	}
	d := s.d
	v := append(s.scratch[:0], s.cost...)
	s.scratch = v
	v[iC6] += int32(free)
	v[d.sdAt(d.iC7, 2)] += int32(free)
	if s.mdpLeft == 1 && s.mdpSum > s.res {
		v[d.sdAt(d.iC7, s.mdpSum-s.res)]++
	}
	if !s.c8only {
		s.c8LB(v, int(s.cost[iC6])+free)
		c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, free)
		v[d.iC12] += c12
		v[d.iC13] += c13
	}
	switch {
	case s.limit != nil:
		return lexCmp(v, s.limit) > 0
	case s.found:
		return lexCmp(v, s.best) >= 0
	}
	return false
}

// mdpPruned is fact 1 of transPruned for the moved-down players of S1 (mdpS1): the S1
// players s1[i:] still without a resident must be matched into the free residents along
// compatible pairs, or no candidate exists below the node.
func (s *bsearch) mdpPruned(s1 []int, i int) bool {
	var res []int
	for v := s.nMDP; v < len(s.mem); v++ {
		if s.partner[v] == -2 {
			res = append(res, v)
		}
	}
	return s.bipartite(s1[i:], res, pairCostly, -1) < len(s1)-i
}

// maxSetFloatMembers is, by the number of players that must float (2 or 3), the largest
// bracket whose root bound evaluates the following bracket (C8) for every set of floaters.
var maxSetFloatMembers = [4]int{2: 48, 3: 20}

// setFloatBound is the root bound of a bracket of which at least k players (2 or 3)
// must float (needDF = k) and whose following bracket counts (C8): the lexicographic
// minimum over the sets of k members that can float together (the following bracket
// then passes C4) of their float costs, the exact C8 block of the set (the nested
// search of following, cached for the leaves) and, when the bracket's single moved-down
// player is not one of them, the score difference of its pair with a resident, plus
// the colour bounds. Every candidate with k floaters costs at least that (the pairs add
// nothing componentwise below zero, as for oneDFLB); one with more floaters has a
// larger first component. The generic bound counts C8 by c8LB only, which can lie below
// the optimum in the C8 block, and then phase 1a cannot succeed. nil: not applicable,
// or no set can float. It keeps the sets' vectors in s.setVec for setDFLB.
func (s *bsearch) setFloatBound(k int) []int32 {
	if s.next == nil || s.c8only || k < 2 || k > 3 || len(s.mem) > maxSetFloatMembers[k] {
		return nil
	}
	d := s.d
	s.setK, s.setVec = k, map[uint64][]int32{}
	var best []int32
	tmp := make([]int32, d.K)
	ps := make([]int, k)
	subsets(0, len(s.mem), k, func(set []int) {
		var mask uint64
		for i, pos := range set {
			ps[i] = s.mem[pos]
			mask |= 1 << pos
		}
		c8 := s.following(ps)
		if c8 == nil {
			return
		}
		clear(tmp)
		for _, p := range ps {
			s.addDF(tmp, p, 1)
		}
		for k, v := range c8 {
			tmp[d.iC8+k] += v
		}
		s.setVec[mask] = slices.Clone(tmp)
		if s.nMDP == 1 && set[0] > 0 && s.mdpSum > s.res {
			// the moved-down player stays and is paired with a resident
			tmp[d.sdAt(d.iC7, s.mdpSum-s.res)]++
		}
		if best == nil || lexCmp(tmp, best) < 0 {
			best = append(best[:0], tmp...)
		}
	})
	if best == nil {
		return nil
	}
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, k)
	best[d.iC12] += c12
	best[d.iC13] += c13
	return best
}

// setDFLB is restLB when the candidates below the node have s.setK downfloaters at the
// fewest (cost[iC6] + need = setK) and setFloatBound computed the sets' vectors
// (s.setVec: float costs and the exact C8 block of every set of setK members that can
// float together). A candidate below with exactly setK downfloaters F costs at least the
// node's cost + the part of F's vector not yet counted (the floats still to come and
// C8) + the score difference of the single moved-down player's pair unless it floats +
// the colour bounds (the pairs still to be made add nothing componentwise below zero);
// one with more downfloaters has a larger C6, the first component. So the minimum over
// the sets still possible (the downfloaters already chosen with need unassigned members)
// is a lower bound of every candidate below the node (with need = 0, the set chosen:
// its C8 block is then exact). It reports false (v untouched) when no such set is left
// (the generic bound applies).
func (s *bsearch) setDFLB(v []int32, need int) bool {
	d := s.d
	var chosen uint64
	s.unBuf = s.unBuf[:0]
	for pos, p := range s.partner {
		switch p {
		case -1:
			chosen |= 1 << pos
		case -2:
			s.unBuf = append(s.unBuf, pos)
		}
	}
	if len(s.tmpSet) < d.K {
		s.tmpSet, s.bestSet = make([]int32, d.K), make([]int32, d.K)
	}
	best, tmp := s.bestSet, s.tmpSet
	ok := false
	mdpTerm := s.nMDP == 1 && s.mdpLeft == 1 && s.mdpSum > s.res
	subsets(0, len(s.unBuf), need, func(idx []int) {
		mask := chosen
		for _, i := range idx {
			mask |= 1 << s.unBuf[i]
		}
		vec := s.setVec[mask]
		if vec == nil {
			return
		}
		copy(tmp, vec)
		for pos := range s.mem {
			if chosen&(1<<pos) != 0 {
				s.addDF(tmp, s.mem[pos], -1) // already in the node's cost
			}
		}
		if mdpTerm && mask&1 == 0 {
			tmp[d.sdAt(d.iC7, s.mdpSum-s.res)]++
		}
		if !ok || lexCmp(tmp, best) < 0 {
			copy(best, tmp)
			ok = true
		}
	})
	if !ok {
		return false
	}
	for k, x := range best {
		v[k] += x
	}
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, need)
	v[d.iC12] += c12
	v[d.iC13] += c13
	return true
}

// minCostly is the least number of pairs that are not free (see pairFree: a cost in
// d.iC10, d.iC11 or d.iC12) in a matching of every member of r1 into a distinct free
// member of right (but skip) along compatible pairs (C1–C3), by the Hungarian method
// (rows r1, columns the free members of right, cost 0 for a free pair, 1 for a costly
// one, a prohibitive cost for an incompatible one). ok is false when no such matching
// exists. It is at least |r1| − M (M: the largest matching along free pairs), the count
// of fact 2, and can be larger: the free pairs of a largest free matching need not
// extend to a matching of every member of r1.
//
// strong is, among the matchings with that least number of costly pairs, the least
// number of pairs that cost in d.iC10, d.iC11 or d.iC13 (Art. 2.4.8: a strong colour
// preference not met): each costly pair weighs |r1| + 1, plus 1 when it costs there.
func (s *bsearch) minCostly(r1, right []int, skip int) (costly, strong int, ok bool) {
	cols := s.hgCols[:0]
	for _, v := range right {
		if v != skip && s.partner[v] == -2 {
			cols = append(cols, v)
		}
	}
	s.hgCols = cols
	n, m := len(r1), len(cols)
	if n == 0 {
		return 0, 0, true
	}
	if n > m {
		return 0, 0, false
	}
	const inf = 1 << 30
	w := n + 1
	big := n*(w+1) + 1 // an incompatible pair: more than any matching of compatible pairs
	mm := len(s.mem)
	cost := func(i, j int) int {
		u, v := r1[i-1], cols[j-1]
		switch s.kindOf(u, v) {
		case pairFree:
			return 0
		case pairCostly:
			if s.pairStrong[u*mm+v] {
				return w + 1
			}
			return w
		}
		return big
	}
	grow := func(a []int, k int) []int {
		if cap(a) < k {
			return make([]int, k)
		}
		return a[:k]
	}
	s.hgU, s.hgV = grow(s.hgU, n+1), grow(s.hgV, m+1)
	s.hgP, s.hgWay = grow(s.hgP, m+1), grow(s.hgWay, m+1)
	s.hgMin = grow(s.hgMin, m+1)
	if len(s.hgUsed) < m+1 {
		s.hgUsed = make([]bool, m+1)
	}
	u, v, p, way, minv, used := s.hgU, s.hgV, s.hgP, s.hgWay, s.hgMin, s.hgUsed
	clear(u)
	clear(v)
	clear(p)
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := 0; j <= m; j++ {
			minv[j] = inf
			used[j] = false
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], inf, 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				if cur := cost(i0, j) - u[i0] - v[j]; cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	total := 0
	for j := 1; j <= m; j++ {
		if p[j] != 0 {
			c := cost(p[j], j)
			if c == big {
				return 0, 0, false
			}
			total += c
		}
	}
	return total / w, total % w, true
}
