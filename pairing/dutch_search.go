package pairing

import (
	"cmp"
	"slices"
)

// bsearch is the branch-and-bound search of one bracket (see the package doc in dutch.go).
type bsearch struct {
	d       *dutch
	mem     []int // player indices in bracket order: MDPs, then residents
	nMDP    int
	res     int // residents' score
	lower   []int
	next    []int
	partner []int // per member position: -2 unassigned, -1 downfloats, else position
	cost    []int32
	best    []int32
	bestP   []int
	found   bool
	// exact: the chosen candidate is proved to be the first optimal one in the rules'
	// order (found by phase 1a or phase 3, with every nested C8 search complete)
	exact bool
	// costExact: the chosen candidate's cost is proved optimal (its place in the rules'
	// order may not be); enough for a following-bracket (C8) search
	costExact bool
	// approx: a nested following-bracket search ran out of nodes, so some C8 costs
	// are estimates and nothing this search finds can be called exact
	approx  bool
	limit   []int32 // phase 1 target; nil in phase 2
	inS1    []bool
	split   bool
	w, b, u int // unassigned members preferring white, black, no preference
	ws, bs  int // of which with a strong or absolute preference
	mdpLeft int // unassigned MDPs
	mdpSum  int // sum of their scores
	scratch []int32
	// phase 1a: the remainder is paired by resident exchanges (Art. 4.3 order) × transpositions (4.2)
	exchPhase bool
	// mdpOrdered: the moved-down players are being paired by mdpByExchanges (S1 and
	// limbo fixed); the generic MDP loop of dfs is not entered
	mdpOrdered bool
	s1, s2     []int // S1 and S2 of the current exchange (member positions, BSN order)
	q          int   // unassigned members
	nodes      int
	failed     int             // completion tests failed, all phases
	gaveUp     bool            // too many failed completion tests: no further phase
	single     map[string]bool // completion verdict by downfloater set
	delta0     int             // vertices a maximum matching of the lower players (+ the bye) leaves out
	key        []byte
	spent      int // nodes of the phases before the current one
	budget     int
	stop       bool
	// completion and C8 bases
	lowerMatch []int
	nextMatch  []int
	dfBuf      []int
	// c8only: this search is the following bracket of another one, evaluated for its
	// C8 (criteria C4, C6 and C7 only: no colour or float costs)
	c8only  bool
	c8cache map[string][]int32 // C8 block by downfloater set; nil: C4 fails
	dfVec   [][]int32          // by member position: its cost floating alone, C8 included (rootBound)
	// setVec, by the bit set of member positions: the cost of those setK members
	// floating together, C8 included (setFloatBound); no entry: they cannot
	setVec          map[uint64][]int32
	setK            int
	bestSet, tmpSet []int32 // scratch of setDFLB
	unBuf           []int
	// scratch of minCostly (the Hungarian method)
	hgCols, hgU, hgV, hgP, hgWay, hgMin []int
	hgUsed                              []bool
	// pairKind caches, by member positions u*len(mem)+v, what the pair costs for the
	// matching bound of transPruned (pairUnknown until first asked)
	pairKind []int8
	// pairStrong: the pair costs in d.iC10, d.iC11 or d.iC13 (set with pairKind)
	pairStrong []bool
	// matchTo, seen: scratch of the bipartite matchings of transPruned
	matchTo []int
	seen    []bool
	// restMatch, restDelta: lowerMatch and delta0 of the following-bracket searches
	restMatch []int
	restDelta int
}

func (d *dutch) newSearch(mdps, residents, lower, next []int) *bsearch {
	s := &bsearch{d: d, lower: lower, next: next}
	s.mem = append(append(s.mem, mdps...), residents...)
	// MDPs in ranking order (score, then pairing number) = index order
	sortInts(s.mem[:len(mdps)])
	s.nMDP = len(mdps)
	s.res = d.ps[residents[0]].score
	m := len(s.mem)
	s.partner = make([]int, m)
	s.inS1 = make([]bool, m)
	s.cost = make([]int32, d.K)
	s.budget = d.budget
	if s.budget <= 0 {
		s.budget = 100_000_000 + 20_000*m
	}
	return s
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (s *bsearch) reset() {
	for i := range s.partner {
		s.partner[i] = -2
	}
	clear(s.cost)
	s.w, s.b, s.u, s.ws, s.bs, s.q = 0, 0, 0, 0, 0, 0
	s.mdpLeft, s.mdpSum = 0, 0
	for pos := range s.mem {
		s.take(pos, -1)
	}
	s.spent += s.nodes
	s.nodes, s.stop, s.split = 0, false, false
}

// run searches the bracket; false when no candidate passing completion was found. On
// true, s.exact tells whether the candidate is proved to be the rules' choice.
func (s *bsearch) run() bool {
	if len(s.lower) > 0 && s.lowerMatch == nil {
		s.lowerMatch = s.d.baseMatching(s.lower)
		s.delta0 = s.lowerDeficiency()
	}
	if s.next != nil {
		s.nextMatch = s.d.baseMatching(s.next)
	}
	// Phase 1a: the lower bound of the whole bracket as target, the residents paired
	// S1 against S2 in the order of the rules (exchanges, then transpositions). With two
	// or more MDPs the bound ignores their score differences and cannot be reached:
	// phases 1a and 1b are skipped (phase 3 restores the rules' order).
	s.reset()
	if s.nMDP >= 2 {
		if s.d.matchBound && !s.c8only {
			// not a target: the root bound fills the floaters' exact C8 tables
			// (dfVec, setVec) that restLB uses
			s.rootBound()
		}
		return s.phase2()
	}
	s.limit = s.rootBound()
	s.exchPhase = true
	budget := s.budget
	if s.d.matchBound {
		// phase 1a is capped (phase1aCap): past the cap, phases 1b, 2 and 3 find the
		// same candidate (see phase1aCap)
		s.budget = min(s.budget, s.d.phase1aCap)
	}
	s.dfs(0)
	s.budget = budget
	s.exchPhase = false
	if s.found {
		// the first candidate in the rules' order reaching a lower bound of every
		// candidate: optimal, and the first optimal one
		s.exact, s.costExact = !s.approx, !s.approx
		return true
	}
	if s.gaveUp {
		return false
	}
	// Phase 1b: the same target, any pairing of the residents (for brackets whose best
	// candidate has fewer pairs than S1 has players, or exchanges beyond the cap). A
	// candidate found is optimal, but it is the rules' choice only if phase 3 finds it
	// (or an equal one earlier) in the rules' order.
	s.reset()
	s.dfs(0)
	if s.found {
		s.costExact = !s.approx
		return s.phase3()
	}
	if s.gaveUp {
		return false
	}
	return s.phase2()
}

// phase2 is the branch-and-bound for the best candidate, then phase 3.
func (s *bsearch) phase2() bool {
	// Phase 2: branch-and-bound for the best candidate.
	s.limit = nil
	s.reset()
	s.dfs(0)
	s.costExact = s.found && !s.stop && !s.approx
	if !s.costExact || s.gaveUp || s.c8only {
		// a following-bracket search needs the optimal cost only
		s.exact = s.costExact && !s.gaveUp
		return s.found
	}
	return s.phase3()
}

// phase3 walks the rules' order (phase 1a's) with the optimum found (s.best) as target:
// the first candidate reaching it is the one the rules choose. If the walk does not
// reach it (node budget, or the exchange cap), the optimum found is kept and the bracket
// is not exact.
func (s *bsearch) phase3() bool {
	best, bestP := slices.Clone(s.best), slices.Clone(s.bestP)
	s.reset()
	s.found = false
	s.limit = best
	s.exchPhase = true
	s.dfs(0)
	s.exchPhase = false
	if !s.found {
		s.best, s.bestP, s.found = best, bestP, true
		s.exact = false
		return true
	}
	s.exact = !s.approx
	return true
}

// colourLB is a lower bound on unmet colour preferences among the q unassigned members
// when (q mod 2) of them float: same-preference pairs are unavoidable beyond the others.
//
// C12 (Art. 2.4.7): when e = w − b − u − df > 0 (df: the downfloaters still to come), at least e white-preferring players cannot
// meet a black- or no-preference player, so at least ⌈e/2⌉ pairs are white-white and each
// denies one preference. C13 (2.4.8): those e players can be chosen mild-first; with m of them
// mild (m = min(mild, e)) and e − m strong, strong-strong pairs, each denying a strong
// preference (Art. 5.2.2 favours the stronger, so a mild-strong pair denies only the mild one),
// number at least ⌈(e − 2m)/2⌉. The same for black.
func colourLB(w, b, u, ws, bs, df int) (c12, c13 int32) {
	side := func(x, y, strong int) {
		e := x - y - u - df
		if e <= 0 {
			return
		}
		c12 += int32((e + 1) / 2)
		m := min(x-strong, e)
		if k := e - 2*m; k > 0 {
			c13 += int32((k + 1) / 2)
		}
	}
	side(w, b, ws)
	side(b, w, bs)
	return
}

// restLB writes into v the cheap lower bound of the cost of the unassigned members:
// (q mod 2) downfloaters at difference ≥ 2 (one chess point: a downfloater's value in
// the PSD form of C7, A.8 of the pre-2026 text), a last unassigned MDP's difference to
// the residents, and the colour bounds.
func (s *bsearch) restLB(v []int32) {
	d := s.d
	need := s.needDF()
	if need == 1 && s.cost[iC6] == 0 && s.dfVec != nil && s.oneDFLB(v) {
		return
	}
	if int(s.cost[iC6])+need == s.setK && s.setVec != nil && s.setDFLB(v, need) {
		return
	}
	v[iC6] += int32(need)
	v[d.sdAt(d.iC7, 2)] += int32(need)
	if s.mdpLeft == 1 && s.mdpSum > s.res {
		v[d.sdAt(d.iC7, s.mdpSum-s.res)]++
	}
	if s.c8only {
		return
	}
	s.c8LB(v, int(s.cost[iC6])+need)
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, need)
	v[d.iC12] += c12
	v[d.iC13] += c13
}

// oneDFLB is restLB when exactly one downfloater is still to come and none has been
// chosen: the cheapest cost of an unassigned member floating alone, C8 included
// (s.dfVec, from rootBound), plus the last MDP's score difference unless that member is
// the MDP itself, plus the colour bounds. It reports false (v untouched) when no
// unassigned member can float alone.
func (s *bsearch) oneDFLB(v []int32) bool {
	d := s.d
	var best []int32
	bestPos := -1
	for pos, vec := range s.dfVec {
		if vec != nil && s.partner[pos] == -2 && (best == nil || lexCmp(vec, best) < 0) {
			best, bestPos = vec, pos
		}
	}
	if best == nil {
		return false
	}
	for k, x := range best {
		v[k] += x
	}
	if s.mdpLeft == 1 && s.mdpSum > s.res && bestPos >= s.nMDP {
		v[d.sdAt(d.iC7, s.mdpSum-s.res)]++
	}
	c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, 1)
	v[d.iC12] += c12
	v[d.iC13] += c13
	return true
}

// lowerDeficiency is the number of vertices a maximum matching of the lower players leaves
// unmatched, with one more vertex for the bye when the round has one (an odd number of
// players), adjacent to the lower players allowed the bye. In a complete pairing the lower
// players not paired with a downfloater, and the bye unless a downfloater takes it, are
// matched among themselves, and each downfloater accounts for at most one of the rest: the
// bracket must send at least that many players down in all.
func (s *bsearch) lowerDeficiency() int {
	d := s.d
	free := 0
	for _, p := range s.lowerMatch {
		if p < 0 {
			free++
		}
	}
	if len(d.ps)%2 == 0 {
		return free
	}
	// lowerMatch is maximum without the bye vertex, so any augmenting path ends at the
	// bye vertex: one search from it decides
	n := len(s.lower)
	m := newBlossom(n+1, func(i, j int) bool {
		if i == n || j == n {
			return !d.ps[s.lower[i+j-n]].noBye
		}
		return d.compatible(s.lower[i], s.lower[j])
	})
	copy(m.match, s.lowerMatch)
	if m.augment(n) {
		return free - 1
	}
	return free + 1
}

// needDF is a lower bound on the downfloaters still to come: parity, and completion — the
// bracket sends at least delta0 players down in all (lowerDeficiency). The count keeps
// the parity of the unassigned members.
func (s *bsearch) needDF() int {
	par := s.q % 2
	need := max(par, s.delta0-int(s.cost[iC6]))
	if (need-par)%2 != 0 {
		need++
	}
	return min(need, s.q)
}

// rootBound is the lower bound of the whole bracket: the parity downfloater (if any) at
// its cheapest, plus the colour bound.
func (s *bsearch) rootBound() []int32 {
	d := s.d
	lb := make([]int32, d.K)
	need := s.needDF()
	// one downfloater in a small bracket: its C8 block is computed for every member
	// (a nested search each), the generic c8LB otherwise
	c8each := need == 1 && s.next != nil && !s.c8only && len(s.mem) <= maxC8Each
	if c8each && s.dfVec == nil {
		s.dfVec = make([][]int32, len(s.mem))
	}
	mdpFloats := false // the cheapest floater is an MDP (then it has no pair to count)
	if need > 0 {
		var bestDF []int32
		tmp := make([]int32, d.K)
		for pos, p := range s.mem {
			clear(tmp)
			s.addDF(tmp, p, 1)
			if c8each {
				c8 := s.following([]int{p})
				if c8 == nil {
					continue // p cannot float alone (C4)
				}
				for k, v := range c8 {
					tmp[d.iC8+k] += v
				}
				s.dfVec[pos] = slices.Clone(tmp)
			}
			if bestDF == nil || lexCmp(tmp, bestDF) < 0 {
				bestDF = append(bestDF[:0], tmp...)
				mdpFloats = pos < s.nMDP
			}
		}
		if bestDF == nil { // nobody can float alone: the generic bound
			c8each = false
			for _, p := range s.mem {
				clear(tmp)
				s.addDF(tmp, p, 1)
				if bestDF == nil || lexCmp(tmp, bestDF) < 0 {
					bestDF = append(bestDF[:0], tmp...)
				}
			}
		}
		copy(lb, bestDF)
		lb[iC6] += int32(need - 1)
		lb[d.sdAt(d.iC7, 2)] += int32(need - 1)
	}
	if !s.c8only {
		c12, c13 := colourLB(s.w, s.b, s.u, s.ws, s.bs, need)
		lb[d.iC12] += c12
		lb[d.iC13] += c13
	}
	if s.mdpLeft == 1 && s.mdpSum > s.res && !(c8each && mdpFloats) {
		lb[d.sdAt(d.iC7, s.mdpSum-s.res)]++
	}
	if !c8each {
		s.c8LB(lb, need)
	}
	if (need == 2 || need == 3) && s.d.matchBound {
		if lb2 := s.setFloatBound(need); lb2 != nil && lexCmp(lb2, lb) > 0 {
			return lb2
		}
	}
	return lb
}

// maxC8Each is the largest bracket whose root bound computes the C8 block of every
// member floating alone.
const maxC8Each = 48

// c8LB adds to v a lower bound of the C8 block for a candidate with df downfloaters:
// the following bracket has at least its parity of downfloaters (at best a resident of
// it, PSD value 2), and each of the df arrives with a score difference of at least
// (residents' score − next score), paired there or not.
func (s *bsearch) c8LB(v []int32, df int) {
	if s.next == nil || df <= 0 {
		return
	}
	d := s.d
	par := (df + len(s.next)) % 2
	v[d.iC8] += int32(par)
	v[d.sdAt(d.iC8+1, s.res-d.ps[s.next[0]].score)] += int32(df)
	if par == 1 {
		v[d.sdAt(d.iC8+1, 2)]++
	}
}

func lexCmp(a, b []int32) int {
	for k := range a {
		if a[k] != b[k] {
			if a[k] < b[k] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// boundCmp compares cost + cheap lower bound of the unassigned rest with ref.
func (s *bsearch) boundCmp(ref []int32) int {
	s.scratch = append(s.scratch[:0], s.cost...)
	s.restLB(s.scratch)
	return lexCmp(s.scratch, ref)
}

// addDF adds (sign 1) or removes (sign −1) the cost of player p floating down.
func (s *bsearch) addDF(v []int32, p int, sign int32) {
	d := s.d
	pl := &d.ps[p]
	v[iC6] += sign
	v[d.sdAt(d.iC7, pl.score-s.res+2)] += sign
	if s.c8only {
		return
	}
	// C18, C20 (Art. 2.4.13, 2.4.15): the players who float on from this bracket after a
	// downfloat in the previous round (two rounds before), by their score, the highest
	// first (the higher the score a repeated downfloater leaves, the worse), moved-down
	// players included (as bbpPairings weighs these criteria)
	if pl.f1 == Down {
		v[d.sdAt(d.iC18, pl.score-s.res+2)] += sign
	}
	if pl.f2 == Down {
		v[d.sdAt(d.iC20, pl.score-s.res+2)] += sign
	}
	if pl.score != s.res {
		// C14, C16 (Art. 2.4.9, 2.4.11) count the players who get this round's downfloat here: a
		// moved-down player gets it whatever this bracket does (paired with a lower
		// player or floating on), and was counted in the bracket it left
		return
	}
	if pl.f1 == Down {
		v[d.iC14] += sign
	}
	if pl.f2 == Down {
		v[d.iC16] += sign
	}
}

// addPair adds or removes the cost of the pair (p, q) with colours by section E.
func (s *bsearch) addPair(v []int32, p, q int, sign int32) {
	d := s.d
	a, b := &d.ps[p], &d.ps[q]
	sd := a.score - b.score
	if sd < 0 {
		a, b, sd = b, a, -sd
		p, q = q, p
	}
	if s.c8only {
		if sd > 0 {
			v[d.sdAt(d.iC7, sd)] += sign
		}
		return
	}
	if sd > 0 {
		v[d.sdAt(d.iC7, sd)] += sign
		// a is the moved-down player, b floats up
		if b.f1 == Up {
			v[d.iC15] += sign
			v[d.sdAt(d.iC19, sd)] += sign
		}
		if b.f2 == Up {
			v[d.iC17] += sign
			v[d.sdAt(d.iC21, sd)] += sign
		}
	}
	wh, _ := d.allocate(p, q)
	top := a.top || b.top
	for _, x := range [2]int{p, q} {
		pl := &d.ps[x]
		c := Black
		if x == wh {
			c = White
		}
		if pl.pref != NoColour && c != pl.pref {
			v[d.iC12] += sign
			if pl.strength >= strStrong {
				v[d.iC13] += sign
			}
		}
		if top {
			cd := pl.cd + 1
			if c == Black {
				cd = pl.cd - 1
			}
			if cd > 2 || cd < -2 {
				v[d.iC10] += sign
			}
			if k := len(pl.colours); k >= 2 && pl.colours[k-1] == c && pl.colours[k-2] == c {
				v[d.iC11] += sign
			}
		}
	}
}

// take removes (sign 1) or returns (sign −1) member pos from the unassigned counts.
func (s *bsearch) take(pos int, sign int) {
	pl := &s.d.ps[s.mem[pos]]
	strong := pl.strength >= strStrong
	switch pl.pref {
	case White:
		s.w -= sign
		if strong {
			s.ws -= sign
		}
	case Black:
		s.b -= sign
		if strong {
			s.bs -= sign
		}
	default:
		s.u -= sign
	}
	if pos < s.nMDP {
		s.mdpLeft -= sign
		s.mdpSum -= sign * pl.score
	}
	s.q -= sign
}

// pruned reports whether the node's bound cannot beat (phase 2) or reach (phase 1).
func (s *bsearch) pruned() bool {
	if s.limit != nil {
		return s.boundCmp(s.limit) > 0
	}
	return s.found && s.boundCmp(s.best) >= 0
}

// enter counts one search node and reports whether the search goes on below it: false
// once the node budget is spent (the bracket is then marked inexact) or when the bound
// shows the node cannot beat the best pairing found so far.
func (s *bsearch) enter() bool {
	if s.stop {
		return false
	}
	s.nodes++
	if s.nodes > s.budget {
		s.stop = true
		return false
	}
	return !s.pruned()
}

func (s *bsearch) dfs(from int) {
	if !s.enter() {
		return
	}
	m := len(s.mem)
	u := from
	for u < m && s.partner[u] != -2 {
		u++
	}
	if u == m {
		s.leaf()
		return
	}
	if !s.exchPhase && s.d.matchBound && s.nodes >= s.d.matchAfter && s.dfsPruned() {
		return
	}
	if u >= s.nMDP && !s.split && s.exchPhase {
		s.remainderByExchanges()
		return
	}
	if u == 0 && s.nMDP > 0 && s.exchPhase && !s.mdpOrdered {
		// the moved-down players in the rules' order first (Art. 4.4 with 4.2), then, for
		// candidates the rules' order does not generate (two moved-down players paired
		// together), the plain order below
		s.mdpOrdered = true
		s.mdpByExchanges()
		s.mdpOrdered = false
		if s.stop || s.pruned() || s.nMDP < 2 {
			return
		}
	}
	if u >= s.nMDP && !s.split {
		s.splitRemainder()
		defer func() { s.split = false }()
	}
	if s.tryPartners(u) {
		return
	}
	// float down
	s.partner[u] = -1
	s.take(u, 1)
	s.addDF(s.cost, s.mem[u], 1)
	s.dfs(u + 1)
	s.addDF(s.cost, s.mem[u], -1)
	s.take(u, -1)
	s.partner[u] = -2
}

// splitRemainder splits the residents still unassigned into S1 (first half) and S2
// (Art. 3.2; S1 of MaxPairs players, 3.1.2).
func (s *bsearch) splitRemainder() {
	var rest []int
	for k := s.nMDP; k < len(s.mem); k++ {
		if s.partner[k] == -2 {
			rest = append(rest, k)
		}
	}
	h := len(rest) / 2
	for k, pos := range rest {
		s.inS1[pos] = k < h
	}
	s.split = true
}

// tryPartners pairs member u with each possible partner in the generation order (an MDP
// with the residents first, then the other MDPs; an S1 member with S2 in order, then with
// S1 from the bottom; an S2 member with the next ones): true when the search must stop
// or prune here.
func (s *bsearch) tryPartners(u int) bool {
	m := len(s.mem)
	switch {
	case u < s.nMDP:
		for v := s.nMDP; v < m; v++ {
			if s.tryPair(u, v) {
				return true
			}
		}
		for v := u + 1; v < s.nMDP; v++ {
			if s.tryPair(u, v) {
				return true
			}
		}
	case s.inS1[u]:
		for v := u + 1; v < m; v++ {
			if !s.inS1[v] && s.tryPair(u, v) {
				return true
			}
		}
		for v := m - 1; v > u; v-- {
			if s.inS1[v] && s.tryPair(u, v) {
				return true
			}
		}
	default:
		for v := u + 1; v < m; v++ {
			if s.tryPair(u, v) {
				return true
			}
		}
	}
	return false
}

// tryPair pairs members u and v (if both free and compatible) and searches on: true
// when the search must stop or prune here.
func (s *bsearch) tryPair(u, v int) bool {
	if s.partner[v] != -2 || !s.d.compatible(s.mem[u], s.mem[v]) {
		return false
	}
	s.partner[u], s.partner[v] = v, u
	s.take(u, 1)
	s.take(v, 1)
	s.addPair(s.cost, s.mem[u], s.mem[v], 1)
	s.dfs(u + 1)
	s.addPair(s.cost, s.mem[u], s.mem[v], -1)
	s.take(u, -1)
	s.take(v, -1)
	s.partner[u], s.partner[v] = -2, -2
	return s.stop || s.pruned()
}

func (s *bsearch) leaf() {
	d := s.d
	s.dfBuf = s.dfBuf[:0]
	for k, p := range s.partner {
		if p == -1 {
			s.dfBuf = append(s.dfBuf, s.mem[k])
		}
	}
	// C8 before the completion test; a following bracket that cannot be paired under
	// C4 means this candidate fails completion too
	var c8 []int32
	if s.next != nil && len(s.dfBuf) > 0 {
		if c8 = s.following(s.dfBuf); c8 == nil {
			return
		}
	}
	for k, v := range c8 {
		s.cost[d.iC8+k] += v
	}
	byeC := s.byeUnplayed()
	s.cost[d.iC9] += byeC
	defer func() {
		for k, v := range c8 {
			s.cost[d.iC8+k] -= v
		}
		s.cost[d.iC9] -= byeC
	}()
	if s.limit != nil {
		if lexCmp(s.cost, s.limit) > 0 {
			return
		}
	} else if s.found && lexCmp(s.cost, s.best) >= 0 {
		return
	}
	// C4 completion (Art. 2.2.1)
	if len(s.lower) == 0 {
		if len(s.dfBuf) > 1 || (len(s.dfBuf) == 1 && d.ps[s.dfBuf[0]].noBye) {
			return
		}
	} else if !s.completes() {
		return
	}
	s.best = append(s.best[:0], s.cost...)
	s.bestP = append(s.bestP[:0], s.partner...)
	s.found = true
	if s.limit != nil {
		s.stop = true // phase 1: the lower bound is reached, the candidate is optimal
	}
}

// following returns the C8 block (Art. 2.4.3) of the downfloaters dfs (ranking order):
// the following bracket (the downfloaters as its MDPs, the next score group as its
// residents) is searched as a bracket of its own under C1–C7 (C4, C6, C7: no colour or
// float costs), with completion against the players below it, and the block is its number
// of downfloaters then its C7 buckets (PSD form). nil: no pairing of the following
// bracket passes completion. When the nested search runs out of budget the block falls
// back to the players a maximum matching of the following bracket leaves unpaired
// (completion ignored), C7 not counted.
func (s *bsearch) following(dfs []int) []int32 {
	d := s.d
	s.key = s.key[:0]
	for _, p := range dfs {
		s.key = append(s.key, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	}
	if v, ok := s.c8cache[string(s.key)]; ok {
		return v
	}
	sub := d.newSearch(slices.Clone(dfs), s.next, s.lower[len(s.next):], nil)
	sub.c8only = true
	// every following-bracket search has the same lower players: their matching and
	// deficiency are computed once
	sub.lowerMatch, sub.delta0 = s.restMatch, s.restDelta
	defer func() { s.restMatch, s.restDelta = sub.lowerMatch, sub.delta0 }()
	v := make([]int32, 1+d.S)
	switch {
	case sub.run():
		if !sub.costExact {
			s.approx = true
		}
		v[iC6] = sub.best[iC6]
		copy(v[1:], sub.best[d.iC7:d.iC7+d.S])
	case sub.stop:
		s.approx = true
		v[iC6] = int32(d.unpairedIn(s.next, s.nextMatch, dfs, false))
	default:
		v = nil
	}
	if s.c8cache == nil {
		s.c8cache = map[string][]int32{}
	}
	if len(s.c8cache) < 100_000 {
		s.c8cache[string(s.key)] = v
	}
	return v
}

// byeUnplayed is criterion C9 (Art. 2.4.4), compared right after the following
// bracket's C8: the unplayed games of the bye assignee, minimised. It is counted when the
// bracket's single downfloater has the bye assignee's score (lowestByeScore) and may get
// the bye: it is then the assignee, every other player of that score being paired by
// now. With two or more downfloaters it is 0 (as bbpPairings applies the criterion only
// to a single downfloater that is the bye assignee).
func (s *bsearch) byeUnplayed() int32 {
	d := s.d
	if d.byeScore < 0 || s.c8only || len(s.dfBuf) != 1 {
		return 0
	}
	x := &d.ps[s.dfBuf[0]]
	if x.score != d.byeScore || x.noBye || s.res > d.byeScore {
		return 0
	}
	return int32(max(0, d.round-1-x.played))
}

// unpairedIn returns how many players a maximum matching of base ∪ extra leaves unpaired,
// not counting one player allowed the bye when the total is odd (the dummy vertex).
// baseMatch is a maximum matching of base (local indices). With byeRule the odd player
// out must be allowed the bye (C2); without it anybody may be the odd one (C8 counts).
func (d *dutch) unpairedIn(base []int, baseMatch []int, extra []int, byeRule bool) int {
	nb := len(base)
	n := nb + len(extra)
	odd := n%2 == 1
	v := n
	if odd {
		v++
	}
	pl := func(k int) int {
		if k < nb {
			return base[k]
		}
		return extra[k-nb]
	}
	m := newBlossom(v, func(i, j int) bool {
		if i == n || j == n {
			k := i + j - n
			return !byeRule || !d.ps[pl(k)].noBye
		}
		return d.compatible(pl(i), pl(j))
	})
	copy(m.match, baseMatch)
	m.greedy()
	return m.maximize()
}

// maxFailed caps the failed completion tests of one bracket: each costs up to a full
// search of the lower players (O(L²) compatibility tests): the cap keeps their total near
// 4·10⁸ tests, and at least 20 tests.
func (s *bsearch) maxFailed() int {
	l := len(s.lower)
	return max(20, 400_000_000/(l*l+1))
}

// completes is the completion test (C4, Art. 2.2.1) of the current downfloaters, with the verdict
// cached by downfloater set (candidates differing only in their pairs share it).
func (s *bsearch) completes() bool {
	s.key = s.key[:0]
	for _, p := range s.dfBuf {
		s.key = append(s.key, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	}
	if ok, seen := s.single[string(s.key)]; seen {
		return ok
	}
	ok := s.d.unpairedIn(s.lower, s.lowerMatch, s.dfBuf, true) == 0
	if !ok {
		// a failed test costs a full search of the lower players; past maxFailed the
		// bracket gives up (an ErrSearchLimit error unless the candidate found is proved)
		s.failed++
		if s.failed > s.maxFailed() {
			s.stop, s.gaveUp = true, true
		}
	}
	if s.single == nil {
		s.single = map[string]bool{}
	}
	if len(s.single) < 100_000 {
		s.single[string(s.key)] = ok
	}
	return ok
}

// mdpByExchanges pairs the moved-down players as C.04.3 orders the candidates of a
// heterogeneous bracket: S1 holds k moved-down players (the most that can be paired
// first), the others wait in the limbo and float; the S1 sets of k players come in the
// order of Art. 4.4.2 (the set with the smallest differing in-bracket sequence number
// first: the lexicographic order of the sorted BSNs, which, the players being in the
// ranking order of 1.2, puts the highest scores first), and for
// each S1 the residents are given to its players in the order of the transpositions of
// S2 (4.2); the remainder is then paired by remainderByExchanges.
func (s *bsearch) mdpByExchanges() {
	res := 0
	for k := s.nMDP; k < len(s.mem); k++ {
		if s.partner[k] == -2 {
			res++
		}
	}
	for k := min(s.nMDP, res); k >= 0; k-- {
		stop := false
		subsets(0, s.nMDP, k, func(s1 []int) {
			if stop {
				return
			}
			in := make([]bool, s.nMDP)
			for _, m := range s1 {
				in[m] = true
			}
			var limbo []int
			for m := 0; m < s.nMDP; m++ {
				if !in[m] && s.partner[m] == -2 {
					limbo = append(limbo, m)
				}
			}
			for _, m := range limbo {
				s.partner[m] = -1
				s.take(m, 1)
				s.addDF(s.cost, s.mem[m], 1)
			}
			if !s.pruned() {
				s.mdpS1(slices.Clone(s1), 0)
			}
			for _, m := range limbo {
				s.addDF(s.cost, s.mem[m], -1)
				s.take(m, -1)
				s.partner[m] = -2
			}
			if s.stop || s.pruned() {
				stop = true
			}
		})
		if stop {
			return
		}
	}
}

// mdpS1 gives the S1 players s1[i:] their residents in transposition order, then pairs
// the remainder.
func (s *bsearch) mdpS1(s1 []int, i int) {
	if !s.enter() {
		return
	}
	if i == len(s1) {
		s.remainderByExchanges()
		return
	}
	if s.d.matchBound && s.nodes >= s.d.matchAfter && s.mdpPruned(s1, i) {
		return
	}
	u := s1[i]
	for v := s.nMDP; v < len(s.mem); v++ {
		if s.partner[v] != -2 || !s.d.compatible(s.mem[u], s.mem[v]) {
			continue
		}
		s.partner[u], s.partner[v] = v, u
		s.take(u, 1)
		s.take(v, 1)
		s.addPair(s.cost, s.mem[u], s.mem[v], 1)
		s.mdpS1(s1, i+1)
		s.addPair(s.cost, s.mem[u], s.mem[v], -1)
		s.take(u, -1)
		s.take(v, -1)
		s.partner[u], s.partner[v] = -2, -2
		if s.stop || s.pruned() {
			return
		}
	}
}

// maxExchanges caps the exchanges tried in phase 1a (whole size classes only).
const maxExchanges = 20000

// remainderByExchanges pairs the unassigned residents (the homogeneous bracket, or the
// remainder of a heterogeneous one) as C.04.3 orders the candidates: S1 = the first half
// by bracket sequence number, S2 the rest; resident exchanges between S1 and S2 in the
// order of Art. 4.3 (none first), and for each exchange the transpositions of S2 in
// lexicographic order (4.2): S1[i] meets the i-th player of the transposed S2, the S2
// players left over float.
func (s *bsearch) remainderByExchanges() {
	var rest []int
	for k := s.nMDP; k < len(s.mem); k++ {
		if s.partner[k] == -2 {
			rest = append(rest, k)
		}
	}
	// S1 holds as many players as the remainder gives pairs (MaxPairs, Art. 3.1.2): half the
	// remainder, or fewer when the target leaves more of it floating (C4, C6)
	h := len(rest) / 2
	if s.limit != nil {
		df := int(s.limit[iC6]) - int(s.cost[iC6]) // downfloaters the target leaves to the remainder
		if p := (len(rest) - df) / 2; p >= 0 && p < h {
			h = p
		}
	}
	saved1, saved2 := s.s1, s.s2
	defer func() { s.s1, s.s2 = saved1, saved2 }()
	inS1 := make([]bool, len(rest))
	try := func(ex exchange) bool {
		for i := range inS1 {
			inS1[i] = i < h
		}
		for _, i := range ex.fromS1 {
			inS1[i] = false
		}
		for _, j := range ex.fromS2 {
			inS1[j] = true
		}
		s1, s2 := make([]int, 0, h), make([]int, 0, len(rest)-h)
		for i, pos := range rest {
			if inS1[i] {
				s1 = append(s1, pos)
			} else {
				s2 = append(s2, pos)
			}
		}
		s.s1, s.s2 = s1, s2
		s.transDFS(0)
		return s.stop || s.pruned()
	}
	if try(exchange{}) {
		return
	}
	total := 1
	for k := 1; k <= h && k <= len(rest)-h; k++ {
		c := binom(h, k) * binom(len(rest)-h, k)
		if c <= 0 || total+c > maxExchanges {
			return
		}
		total += c
		for _, ex := range s.d.exchangeClass(h, len(rest)-h, k) {
			if try(ex) {
				return
			}
		}
	}
}

// transDFS gives S1[k:] their S2 partners in lexicographic transposition order.
func (s *bsearch) transDFS(k int) {
	if !s.enter() {
		return
	}
	if k < len(s.s1) && s.d.matchBound && s.nodes >= s.d.matchAfter && s.transPruned(k) {
		return
	}
	if k == len(s.s1) {
		var fl []int
		for _, v := range s.s2 {
			if s.partner[v] == -2 {
				fl = append(fl, v)
			}
		}
		for _, v := range fl {
			s.partner[v] = -1
			s.take(v, 1)
			s.addDF(s.cost, s.mem[v], 1)
		}
		if !s.pruned() {
			s.leaf()
		}
		for _, v := range fl {
			s.addDF(s.cost, s.mem[v], -1)
			s.take(v, -1)
			s.partner[v] = -2
		}
		return
	}
	u := s.s1[k]
	for _, v := range s.s2 {
		if s.partner[v] != -2 || !s.d.compatible(s.mem[u], s.mem[v]) {
			continue
		}
		s.partner[u], s.partner[v] = v, u
		s.take(u, 1)
		s.take(v, 1)
		s.addPair(s.cost, s.mem[u], s.mem[v], 1)
		s.transDFS(k + 1)
		s.addPair(s.cost, s.mem[u], s.mem[v], -1)
		s.take(u, -1)
		s.take(v, -1)
		s.partner[u], s.partner[v] = -2, -2
		if s.stop || s.pruned() {
			return
		}
	}
}

// exchange moves the S1 players at indices fromS1 to S2 and the S2 players at fromS2 to
// S1 (indices into the remainder in bracket order: S1 is 0..n1-1, S2 n1..n1+n2-1).
type exchange struct{ fromS1, fromS2 []int }

// exchangeClass lists the exchanges of k players between S1 (n1 players) and S2 (n2)
// in the order of C.04.3 Art. 4.3.2 (the empty exchange comes before every class; rule 1,
// fewer exchanged players, is the class order): (2) smaller
// difference between the sum of the sequence numbers moved from S2 to S1 and the sum of
// those moved from S1 to S2 first; (3) then the exchange whose highest differing number
// moved from S1 is higher; (4) then the exchange whose lowest differing number moved from
// S2 is lower. Classes are cached per (n1, n2, k).
func (d *dutch) exchangeClass(n1, n2, k int) []exchange {
	key := [3]int{n1, n2, k}
	if cls, ok := d.exch[key]; ok {
		return cls
	}
	var cls []exchange
	subsets(0, n1, k, func(a []int) {
		subsets(n1, n1+n2, k, func(b []int) {
			cls = append(cls, exchange{fromS1: append([]int(nil), a...), fromS2: append([]int(nil), b...)})
		})
	})
	sum := func(x []int) int {
		t := 0
		for _, v := range x {
			t += v
		}
		return t
	}
	slices.SortStableFunc(cls, func(x, y exchange) int {
		if c := cmp.Compare(sum(x.fromS2)-sum(x.fromS1), sum(y.fromS2)-sum(y.fromS1)); c != 0 {
			return c
		}
		for i := len(x.fromS1) - 1; i >= 0; i-- { // (c) descending, the higher is better
			if x.fromS1[i] != y.fromS1[i] {
				return cmp.Compare(y.fromS1[i], x.fromS1[i])
			}
		}
		for i := range x.fromS2 { // (d) ascending, the lower is better
			if x.fromS2[i] != y.fromS2[i] {
				return cmp.Compare(x.fromS2[i], y.fromS2[i])
			}
		}
		return 0
	})
	if d.exch == nil {
		d.exch = map[[3]int][]exchange{}
	}
	d.exch[key] = cls
	return cls
}

// subsets calls fn with every k-subset of [lo, hi) in increasing order (fn must copy).
func subsets(lo, hi, k int, fn func([]int)) {
	cur := make([]int, 0, k)
	var rec func(start int)
	rec = func(start int) {
		if len(cur) == k {
			fn(cur)
			return
		}
		for v := start; v <= hi-(k-len(cur)); v++ {
			cur = append(cur, v)
			rec(v + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(lo)
}

// binom is n choose k, or -1 beyond 1e9.
func binom(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
		if r > 1e9 {
			return -1
		}
	}
	return r
}
