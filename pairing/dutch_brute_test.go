package pairing

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"testing"
)

// An independent brute-force checker of the Dutch engine for small events: it enumerates
// every complete pairing of the round (all perfect matchings, with at most one bye, that
// respect C1–C3), splits each into brackets top-down exactly as C.04.3 does, and checks
// that, bracket after bracket, the engine's bracket pairing has the lexicographically
// smallest cost (package doc, dutch.go) among all complete pairings that agree with the
// engine on the brackets above. It shares no code with the engine besides the Entrant
// types: players' colour preferences, floats and colour allocation are recomputed here.

type bfPlayer struct {
	id, number, score int
	opps              map[int]bool
	blocked           bool
	cols              []Colour
	cd                int
	pref              Colour
	str               int // 0 none 1 mild 2 strong 3 absolute
	top               bool
	f1, f2            Float
	rank              int
}

type bfWorld struct {
	ps     map[int]*bfPlayer
	ids    []int // ranking order
	groups [][]int
	init   Colour
	S      int
	c8     map[string][]int // C8 block by downfloater set of the bracket being checked
	byeLow int              // the bye assignee's score (allPairings), -1: no bye
	round  int
}

func bfBuild(entrants []Entrant, opt DutchOptions, init Colour) *bfWorld {
	w := &bfWorld{ps: map[int]*bfPlayer{}, init: init, byeLow: -1, round: opt.Round}
	all := map[int]*Entrant{}
	for i := range entrants {
		all[entrants[i].ID] = &entrants[i]
	}
	// Scores and floats are derived here from the results alone, not taken from
	// Entrant.Score or Round.Float and not computed as the engine computes them: after[id][t]
	// is id's score after round t (the points of rounds 1..t, plus the acceleration's
	// virtual points of round t+1 when there is one, C.04.7); in round t a player paired
	// with an opponent of a different score before it floated, down for the higher and up
	// for the lower (C.04.3 Art. 1.4.2–1.4.3), and a bye, a forfeit win or points without
	// playing are a downfloat (1.4.3).
	round := opt.Round
	for i := range entrants {
		for _, r := range entrants[i].History {
			if opt.Round <= 0 && r.Number >= round {
				round = r.Number + 1
			}
		}
	}
	acc := func(id, t int) int {
		if opt.Acceleration == nil {
			return 0
		}
		return opt.Acceleration(id, t)
	}
	after := map[int][]int{}
	for i := range entrants {
		e := &entrants[i]
		a := make([]int, round)
		for _, r := range e.History {
			for t := r.Number; t >= 1 && t < round; t++ {
				a[t] += r.Points
			}
		}
		after[e.ID] = a
	}
	scoreBefore := func(id, t int) int { return after[id][t-1] + acc(id, t) }
	fl := func(e *Entrant, t int) Float {
		if t < 1 {
			return NoFloat
		}
		for _, r := range e.History {
			if r.Number != t {
				continue
			}
			switch {
			case r.Kind == Bye || r.Kind == ForfeitWin || (r.Kind == Absent && r.Points > 0):
				return Down
			case r.Kind == Played && after[r.Opponent] != nil:
				mine, theirs := scoreBefore(e.ID, t), scoreBefore(r.Opponent, t)
				if mine > theirs {
					return Down
				}
				if mine < theirs {
					return Up
				}
			}
			return NoFloat
		}
		return NoFloat
	}
	for i := range entrants {
		e := &entrants[i]
		if !e.Available {
			continue
		}
		p := bfNewPlayer(entrants, e, scoreBefore(e.ID, round))
		p.top = opt.TotalRounds == round && 2*after[e.ID][round-1] > 2*(round-1)
		p.f1, p.f2 = fl(e, round-1), fl(e, round-2)
		w.ps[e.ID] = p
		w.ids = append(w.ids, e.ID)
	}
	w.group()
	return w
}

// bfNewPlayer reads one available entrant: its 5.2.5 number, opponents, bye block,
// colours and preference, with the given score (the topscorer flag and the floats are
// set by the caller).
func bfNewPlayer(entrants []Entrant, e *Entrant, score int) *bfPlayer {
	// Art. 5.2.5 numbers the field without the entrants who never entered it (absent from
	// every pairing so far and from this one): count those at or above e
	inField := func(x *Entrant) bool {
		if x.Available {
			return true
		}
		return slices.ContainsFunc(x.History, func(r Round) bool { return r.Kind != Absent })
	}
	num := 0
	for k := range entrants {
		if x := &entrants[k]; inField(x) && (x.Number < e.Number || x.Number == e.Number && x.ID <= e.ID) {
			num++
		}
	}
	p := &bfPlayer{id: e.ID, number: num, score: score, opps: map[int]bool{}}
	for _, r := range e.History {
		if r.Opponent != 0 && r.Kind == Played {
			p.opps[r.Opponent] = true
		}
		if r.Kind == Bye || r.Kind == ForfeitWin || (r.Kind == Absent && r.Points >= 2) {
			p.blocked = true
		}
		if r.Kind == Played {
			p.cols = append(p.cols, r.Colour)
			if r.Colour == White {
				p.cd++
			} else {
				p.cd--
			}
		}
	}
	if k := len(p.cols); k > 0 {
		switch {
		case p.cd >= 2:
			p.pref, p.str = Black, 3
		case p.cd <= -2:
			p.pref, p.str = White, 3
		case k >= 2 && p.cols[k-1] == p.cols[k-2]:
			p.pref, p.str = p.cols[k-1].Opposite(), 3
		case p.cd != 0:
			p.pref, p.str = map[bool]Colour{true: Black, false: White}[p.cd > 0], 2
		default:
			p.pref, p.str = p.cols[k-1].Opposite(), 1
		}
	}
	return p
}

// group sorts the players by score and number and forms the score groups.
func (w *bfWorld) group() {
	sort.Slice(w.ids, func(i, j int) bool {
		a, b := w.ps[w.ids[i]], w.ps[w.ids[j]]
		if a.score != b.score {
			return a.score > b.score
		}
		return a.number < b.number
	})
	for i, id := range w.ids {
		w.ps[id].rank = i
		if i == 0 || w.ps[w.ids[i-1]].score != w.ps[id].score {
			w.groups = append(w.groups, nil)
		}
		w.groups[len(w.groups)-1] = append(w.groups[len(w.groups)-1], id)
	}
	if len(w.ids) > 0 {
		w.S = w.ps[w.ids[0]].score - w.ps[w.ids[len(w.ids)-1]].score + 3
	}
}

func (w *bfWorld) ok(a, b int) bool {
	pa, pb := w.ps[a], w.ps[b]
	if pa.opps[b] {
		return false
	}
	absA := pa.str == 3
	absB := pb.str == 3
	if absA && absB && pa.pref == pb.pref && !pa.top && !pb.top {
		return false
	}
	return true
}

// colours by Art. 5.2.1–5.2.5, written independently of the engine.
func (w *bfWorld) colours(a, b int) (white, black int) {
	pa, pb := w.ps[a], w.ps[b]
	grant := func(x int, c Colour) (int, int) {
		other := a
		if x == a {
			other = b
		}
		if c == White {
			return x, other
		}
		return other, x
	}
	switch {
	case pa.pref != NoColour && pb.pref != NoColour && pa.pref != pb.pref:
		return grant(a, pa.pref)
	case pa.pref != NoColour && pb.pref == NoColour:
		return grant(a, pa.pref)
	case pa.pref == NoColour && pb.pref != NoColour:
		return grant(b, pb.pref)
	case pa.pref != NoColour: // same preference
		if pa.str > pb.str {
			return grant(a, pa.pref)
		}
		if pb.str > pa.str {
			return grant(b, pb.pref)
		}
		if pa.str == 3 {
			da, db := pa.cd, pb.cd
			if da < 0 {
				da = -da
			}
			if db < 0 {
				db = -db
			}
			if da > db {
				return grant(a, pa.pref)
			}
			if db > da {
				return grant(b, pb.pref)
			}
		}
	}
	i, j := len(pa.cols)-1, len(pb.cols)-1
	for ; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if pa.cols[i] != pb.cols[j] {
			return grant(a, pa.cols[i].Opposite())
		}
	}
	hi := a
	if pb.rank < pa.rank {
		hi = b
	}
	if w.ps[hi].pref != NoColour {
		return grant(hi, w.ps[hi].pref)
	}
	if w.ps[hi].number%2 == 1 {
		return grant(hi, w.init)
	}
	return grant(hi, w.init.Opposite())
}

// allPairings enumerates complete pairings of ids (a pair list; a bye as [id, 0]).
func (w *bfWorld) allPairings(ids []int) [][][2]int {
	var out [][][2]int
	var cur [][2]int
	used := map[int]bool{}
	byeUsed := false
	var rec func()
	rec = func() {
		first := -1
		for _, id := range ids {
			if !used[id] {
				first = id
				break
			}
		}
		if first < 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		used[first] = true
		for _, o := range ids {
			if !used[o] && w.ok(first, o) {
				used[o] = true
				cur = append(cur, [2]int{first, o})
				rec()
				cur = cur[:len(cur)-1]
				used[o] = false
			}
		}
		if len(ids)%2 == 1 && !byeUsed && !w.ps[first].blocked {
			byeUsed = true
			cur = append(cur, [2]int{first, 0})
			rec()
			cur = cur[:len(cur)-1]
			byeUsed = false
		}
		used[first] = false
	}
	rec()
	// the bye goes to the lowest score that still allows a complete pairing (2026 text)
	low := -1
	for _, q := range out {
		for _, p := range q {
			if p[1] == 0 && (low < 0 || w.ps[p[0]].score < low) {
				low = w.ps[p[0]].score
			}
		}
	}
	w.byeLow = low
	if low >= 0 {
		keep := out[:0]
		for _, q := range out {
			if !slices.ContainsFunc(q, func(p [2]int) bool { return p[1] == 0 && w.ps[p[0]].score > low }) {
				keep = append(keep, q)
			}
		}
		out = keep
	}
	return out
}

// bracketSplit splits a complete pairing into brackets: for each score group, the pairs
// with both players in the bracket (sorted) and the downfloaters (sorted).
type bfBracket struct {
	res   int
	pairs [][2]int
	df    []int
}

func (w *bfWorld) split(q [][2]int) []bfBracket {
	partner := map[int]int{}
	for _, p := range q {
		partner[p[0]], partner[p[1]] = p[1], p[0]
	}
	var carried []int
	var out []bfBracket
	for _, g := range w.groups {
		mem := append(slices.Clone(carried), g...)
		in := map[int]bool{}
		for _, id := range mem {
			in[id] = true
		}
		br := bfBracket{res: w.ps[g[0]].score}
		for _, id := range mem {
			o := partner[id]
			if o != 0 && in[o] {
				if id < o {
					br.pairs = append(br.pairs, [2]int{id, o})
				}
			} else {
				br.df = append(br.df, id)
			}
		}
		sort.Slice(br.pairs, func(i, j int) bool {
			return br.pairs[i][0] < br.pairs[j][0] || (br.pairs[i][0] == br.pairs[j][0] && br.pairs[i][1] < br.pairs[j][1])
		})
		sort.Ints(br.df)
		out = append(out, br)
		carried = br.df
	}
	return out
}

// cost of bracket k of a split pairing (documented order in dutch.go).
// colourCost adds pair (a, b)'s colour criteria to c (C10–C13 at c[0..3]): a colour
// difference beyond ±2 or a third equal colour for a topscorer's pair, an unmet
// preference, an unmet strong preference.
func (w *bfWorld) colourCost(a, b int, top bool, c *[8]int) {
	wh, bl := w.colours(a, b)
	for _, x := range []struct {
		id int
		c  Colour
	}{{wh, White}, {bl, Black}} {
		p := w.ps[x.id]
		if p.pref != NoColour && p.pref != x.c {
			c[2]++
			if p.str >= 2 {
				c[3]++
			}
		}
		if top {
			cd := p.cd - 1
			if x.c == White {
				cd = p.cd + 1
			}
			if cd > 2 || cd < -2 {
				c[0]++
			}
			n := len(p.cols)
			if n >= 2 && p.cols[n-1] == x.c && p.cols[n-2] == x.c {
				c[1]++
			}
		}
	}
}

// byeCost is the unplayed games of the bye assignee, when the bracket's single
// downfloater has the bye assignee's score and may get the bye.
func (w *bfWorld) byeCost(b bfBracket) int {
	bye := 0
	if w.byeLow >= 0 && b.res <= w.byeLow && len(b.df) == 1 {
		if p := w.ps[b.df[0]]; p.score == w.byeLow && !p.blocked {
			bye = max(0, w.round-1-len(p.cols))
		}
	}
	return bye
}

func (w *bfWorld) cost(br []bfBracket, k int) []int {
	S := w.S
	v := make([]int, 0, 10+5*S)
	b := br[k]
	psd := make([]int, S+1)
	lists := [4][]int{make([]int, S+1), make([]int, S+1), make([]int, S+1), make([]int, S+1)}
	var c [8]int // C8..C15
	clamp := func(x int) int { return min(x, S) }
	for _, id := range b.df {
		p := w.ps[id]
		psd[clamp(p.score-b.res+2)]++
		if p.f1 == Down {
			lists[0][clamp(p.score-b.res+2)]++
		}
		if p.f2 == Down {
			lists[2][clamp(p.score-b.res+2)]++
		}
		// an MDP floating on was counted where it first floated (it gets this
		// round's downfloat whatever this bracket does): residents only
		if p.score == b.res && p.f1 == Down {
			c[4]++
		}
		if p.score == b.res && p.f2 == Down {
			c[6]++
		}
	}
	for _, pr := range b.pairs {
		hi, lo := w.ps[pr[0]], w.ps[pr[1]]
		if lo.score > hi.score {
			hi, lo = lo, hi
		}
		if sd := hi.score - lo.score; sd > 0 {
			psd[clamp(sd)]++
			if lo.f1 == Up {
				c[5]++
				lists[1][clamp(sd)]++
			}
			if lo.f2 == Up {
				c[7]++
				lists[3][clamp(sd)]++
			}
		}
		w.colourCost(pr[0], pr[1], hi.top || lo.top, &c)
	}
	v = append(v, len(b.df))
	for sd := S; sd >= 1; sd-- {
		v = append(v, psd[sd])
	}
	// C8: the following bracket's downfloaters and C7 (PSD form), at their best over the complete
	// pairings sharing this bracket's downfloaters (bruteCheck fills w.c8)
	c8 := make([]int, 1+S)
	if k+2 < len(w.groups) && len(b.df) > 0 {
		if x, ok := w.c8[fmt.Sprint(b.df)]; ok {
			c8 = x
		} else {
			c8[0] = 1 << 20
		}
	}
	v = append(v, c8...)
	bye := w.byeCost(b)
	v = append(v, bye)
	v = append(v, c[:]...)
	for _, l := range []int{0, 1, 2, 3} {
		for sd := S; sd >= 1; sd-- {
			v = append(v, lists[l][sd])
		}
	}
	return v
}

// bruteCheck checks the engine's result res for the snapshot; it returns the number of
// brackets checked and the number flagged inexact where a better candidate exists.
func bruteCheck(entrants []Entrant, opt DutchOptions, res DutchResult, resErr error) (checked, worse int, err error) {
	w := bfBuild(entrants, opt, res.InitialColour)
	all := w.allPairings(w.ids)
	if resErr != nil {
		if errors.Is(resErr, ErrNoPairing) && len(all) == 0 {
			return 0, 0, nil
		}
		return 0, 0, fmt.Errorf("engine error %v but %d complete pairings exist", resErr, len(all))
	}
	if len(all) == 0 {
		return 0, 0, fmt.Errorf("engine paired a round with no complete pairing")
	}
	var mine [][2]int
	for _, p := range res.Pairs {
		if p.IsBye() {
			mine = append(mine, [2]int{p.White, 0})
			continue
		}
		mine = append(mine, [2]int{p.White, p.Black})
		wh, _ := w.colours(p.White, p.Black)
		if wh != p.White {
			return 0, 0, fmt.Errorf("colours of %d-%d differ from Art. 5.2.1-5.2.5 (checker gives white to %d)", p.White, p.Black, wh)
		}
	}
	mineSplit := w.split(mine)
	splits := make([][]bfBracket, len(all))
	for i, q := range all {
		splits[i] = w.split(q)
	}
	same := func(a, b bfBracket) bool {
		return slices.Equal(a.df, b.df) && slices.EqualFunc(a.pairs, b.pairs, func(x, y [2]int) bool { return x == y })
	}
	alive := make([]int, len(all))
	for i := range alive {
		alive[i] = i
	}
	for k := range w.groups {
		w.c8 = map[string][]int{}
		if k+2 < len(w.groups) {
			for _, i := range alive {
				key := fmt.Sprint(splits[i][k].df)
				nx := w.cost(splits[i], k+1)[:1+w.S]
				if cur, ok := w.c8[key]; !ok || slices.Compare(nx, cur) < 0 {
					w.c8[key] = slices.Clone(nx)
				}
			}
		}
		myCost := w.cost(mineSplit, k)
		best := myCost
		for _, i := range alive {
			c := w.cost(splits[i], k)
			if slices.Compare(c, best) < 0 {
				best = c
			}
		}
		checked++
		if slices.Compare(best, myCost) == 0 {
			// the rules' candidate order (Art. 4.2, 4.3): the first optimal candidate wins
			valid := map[string]bool{}
			for _, i := range alive {
				valid[fmt.Sprint(splits[i][k])] = true
			}
			if first, ok := w.firstInRuleOrder(mineSplit, k, best, valid); ok && !same(first, mineSplit[k]) {
				return checked, worse, fmt.Errorf("bracket %d (score %d): engine chose %v, the first optimal candidate in Art. 4.2/4.3 order is %v", k, mineSplit[k].res, mineSplit[k], first)
			}
		}
		if slices.Compare(best, myCost) < 0 {
			exact := k < len(res.Brackets) && res.Brackets[k].Exact
			if exact {
				return checked, worse, fmt.Errorf("bracket %d (score %d) claimed exact: cost %v, a complete pairing reaches %v", k, mineSplit[k].res, myCost, best)
			}
			worse++
		}
		var next []int
		for _, i := range alive {
			if same(splits[i][k], mineSplit[k]) {
				next = append(next, i)
			}
		}
		alive = next
	}
	return checked, worse, nil
}

func TestDutchBruteForce(t *testing.T) {
	checked, worse, claims := 0, 0, 0
	for n := 3; n <= 10; n++ {
		for seed := uint64(1); seed <= 25; seed++ {
			rounds := min(n, 2+int(seed%6)) // short events reach the last round (topscorers)
			s := newSim(n, rounds, seed*7+uint64(n))
			for r := 1; r <= rounds; r++ {
				opt := s.opts(r)
				res, err := Dutch(s.entrants, opt)
				c, wr, cerr := bruteCheck(s.entrants, opt, res, err)
				if cerr != nil {
					t.Fatalf("n=%d seed=%d round %d: %v\nengine pairs %v brackets %+v", n, seed, r, cerr, res.Pairs, res.Brackets)
				}
				checked += c
				worse += wr
				if err != nil {
					claims++
					break
				}
				s.apply(r, res.Pairs)
			}
		}
	}
	t.Logf("%d brackets checked, %d inexact (allowed only when not claimed exact), %d no-pairing claims confirmed", checked, worse, claims)
	if worse > 0 {
		t.Errorf("%d brackets were not optimal", worse)
	}
}

// firstInRuleOrder walks the candidates of bracket k in the engine's documented order,
// written here independently of the engine: the MDPs (the previous bracket's
// downfloaters) in ranking order, each trying the unused residents in ranking order, then
// the later MDPs, then floating; for each such choice the remaining residents in the
// order of C.04.3 Art. 4.2/4.3 (remainderOrder). It returns the first candidate with cost best
// that can be completed (its key is in valid).
func (w *bfWorld) firstInRuleOrder(br []bfBracket, k int, best []int, valid map[string]bool) (bfBracket, bool) {
	var mdps []int
	if k > 0 {
		mdps = slices.Clone(br[k-1].df)
	}
	byRank := func(x []int) {
		sort.Slice(x, func(i, j int) bool { return w.ps[x[i]].rank < w.ps[x[j]].rank })
	}
	byRank(mdps)
	res := slices.Clone(w.groups[k])
	byRank(res)
	used := map[int]bool{}
	var pairs [][2]int
	var df []int
	cand := slices.Clone(br)
	var found bfBracket
	try := func(p2 [][2]int, df2 []int) bool {
		b := bfBracket{res: br[k].res}
		for _, p := range append(slices.Clone(pairs), p2...) {
			b.pairs = append(b.pairs, [2]int{min(p[0], p[1]), max(p[0], p[1])})
		}
		b.df = append(slices.Clone(df), df2...)
		sort.Ints(b.df)
		sort.Slice(b.pairs, func(i, j int) bool {
			return b.pairs[i][0] < b.pairs[j][0] || (b.pairs[i][0] == b.pairs[j][0] && b.pairs[i][1] < b.pairs[j][1])
		})
		if !valid[fmt.Sprint(b)] {
			return false
		}
		cand[k] = b
		if slices.Compare(w.cost(cand, k), best) == 0 {
			found = b
			return true
		}
		return false
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(mdps) {
			var rem []int
			for _, r := range res {
				if !used[r] {
					rem = append(rem, r)
				}
			}
			n1 := len(rem) / 2 // S1: as many players as the remainder gives pairs
			if p := (len(rem) - (best[0] - len(df))) / 2; p >= 0 && p < n1 {
				n1 = p
			}
			return w.remainderOrder(rem, n1, try)
		}
		m := mdps[i]
		if used[m] {
			return rec(i + 1)
		}
		used[m] = true
		defer func() { used[m] = false }()
		for _, o := range append(slices.Clone(res), mdps[i+1:]...) {
			if used[o] || !w.ok(m, o) {
				continue
			}
			used[o] = true
			pairs = append(pairs, [2]int{m, o})
			ok := rec(i + 1)
			pairs = pairs[:len(pairs)-1]
			used[o] = false
			if ok {
				return true
			}
		}
		df = append(df, m)
		ok := rec(i + 1)
		df = df[:len(df)-1]
		return ok
	}
	if rec(0) {
		return found, true
	}
	return bfBracket{}, false
}

// remainderOrder calls yield with the candidates of a homogeneous set mem (ranking
// order) in the order of C.04.3 Art. 4.2/4.3: every exchange of equally sized groups between
// S1 = the first n1 players (⌊m/2⌋, fewer when the candidates make fewer pairs) and S2, sorted by size, by the difference of the moved
// sums, by the highest differing number moved from S1 (higher first), by the lowest
// differing number moved from S2 (lower first); for each, the transpositions of S2 by the
// lexicographic order of their first |S1| members; S2 players left over float. It stops
// and returns true when yield does.
func (w *bfWorld) remainderOrder(mem []int, n1 int, yield func([][2]int, []int) bool) bool {
	m := len(mem)
	type ex struct{ a, b []int }
	var exs []ex
	var combos func(lo, hi, k int) [][]int
	combos = func(lo, hi, k int) [][]int {
		if k == 0 {
			return [][]int{{}}
		}
		var out [][]int
		for v := lo; v < hi; v++ {
			for _, rest := range combos(v+1, hi, k-1) {
				out = append(out, append([]int{v}, rest...))
			}
		}
		return out
	}
	for size := 0; size <= n1 && size <= m-n1; size++ {
		var cls []ex
		for _, a := range combos(0, n1, size) {
			for _, b := range combos(n1, m, size) {
				cls = append(cls, ex{a, b})
			}
		}
		sumOf := func(x []int) int {
			t := 0
			for _, v := range x {
				t += v
			}
			return t
		}
		sort.SliceStable(cls, func(i, j int) bool {
			x, y := cls[i], cls[j]
			if dx, dy := sumOf(x.b)-sumOf(x.a), sumOf(y.b)-sumOf(y.a); dx != dy {
				return dx < dy
			}
			in := func(v int, set []int) bool { return slices.Contains(set, v) }
			hi := -1
			for _, v := range append(slices.Clone(x.a), y.a...) {
				if in(v, x.a) != in(v, y.a) && v > hi {
					hi = v
				}
			}
			if hi >= 0 {
				return in(hi, x.a)
			}
			lo := m
			for _, v := range append(slices.Clone(x.b), y.b...) {
				if in(v, x.b) != in(v, y.b) && v < lo {
					lo = v
				}
			}
			if lo < m {
				return in(lo, x.b)
			}
			return false
		})
		exs = append(exs, cls...)
	}
	for _, e := range exs {
		var s1, s2 []int
		for i := 0; i < m; i++ {
			inS1 := i < n1
			if slices.Contains(e.a, i) || slices.Contains(e.b, i) {
				inS1 = !inS1
			}
			if inS1 {
				s1 = append(s1, mem[i])
			} else {
				s2 = append(s2, mem[i])
			}
		}
		seen := map[string]bool{}
		var perm func(prefix, rest []int) bool
		perm = func(prefix, rest []int) bool {
			if len(prefix) == len(s1) {
				key := fmt.Sprint(prefix)
				if seen[key] {
					return false
				}
				seen[key] = true
				var ps [][2]int
				for i, x := range s1 {
					if !w.ok(x, prefix[i]) {
						return false
					}
					ps = append(ps, [2]int{x, prefix[i]})
				}
				return yield(ps, slices.Clone(rest))
			}
			for i := range rest {
				nr := append(slices.Clone(rest[:i]), rest[i+1:]...)
				if perm(append(slices.Clone(prefix), rest[i]), nr) {
					return true
				}
			}
			return false
		}
		if perm(nil, s2) {
			return true
		}
	}
	return false
}

// TestBruteDerivesScoresAndFloats: the oracle reads the results only. Entrants whose
// Score and Round.Float are wrong give the oracle the same scores and floats as the true
// ones, so it cannot inherit a mistake of the fields the engine reads.
func TestBruteDerivesScoresAndFloats(t *testing.T) {
	s := newSim(8, 5, 11)
	for r := 1; r <= 3; r++ {
		res, err := Dutch(s.entrants, s.opts(r))
		if err != nil {
			t.Fatal(err)
		}
		s.apply(r, res.Pairs)
	}
	opt := s.opts(4)
	want := bfBuild(s.entrants, opt, White)
	wrong := make([]Entrant, len(s.entrants))
	for i, e := range s.entrants {
		e.Score = 99 - e.Score
		e.History = slices.Clone(e.History)
		for k := range e.History {
			e.History[k].Float = Up
		}
		wrong[i] = e
	}
	got := bfBuild(wrong, opt, White)
	for id, p := range want.ps {
		q := got.ps[id]
		if q.score != p.score || q.f1 != p.f1 || q.f2 != p.f2 || q.top != p.top {
			t.Errorf("entrant %d: score %d floats %v %v from the wrong fields, %d %v %v from the results", id, q.score, q.f1, q.f2, p.score, p.f1, p.f2)
		}
		if e := s.entrants[slices.IndexFunc(s.entrants, func(e Entrant) bool { return e.ID == id })]; p.score != e.Score {
			t.Errorf("entrant %d: derived score %d, the simulation's %d", id, p.score, e.Score)
		}
	}
}

// TestDutchBruteForceAccelerated: as TestDutchBruteForce with Baku acceleration (C.04.7;
// C.04.5.1 before 2026, BakuVirtualPoints), where the brackets, the bye and the floats go
// by accelerated scores: the oracle adds the virtual points to the scores it derives from
// the results, the engine to Entrant.Score.
func TestDutchBruteForceAccelerated(t *testing.T) {
	checked, worse := 0, 0
	for n := 6; n <= 10; n++ {
		for seed := uint64(1); seed <= 10; seed++ {
			rounds := 5 + int(seed%3)
			s := newSim(n, rounds, seed*13+uint64(n))
			num := map[int]int{}
			for _, e := range s.entrants {
				num[e.ID] = e.Number
			}
			for r := 1; r <= min(rounds, 4); r++ {
				opt := s.opts(r)
				opt.Acceleration = func(id, round int) int { return BakuVirtualPoints(n, rounds, round, num[id]) }
				res, err := Dutch(s.entrants, opt)
				c, wr, cerr := bruteCheck(s.entrants, opt, res, err)
				if cerr != nil {
					t.Fatalf("n=%d seed=%d round %d: %v\nengine pairs %v brackets %+v", n, seed, r, cerr, res.Pairs, res.Brackets)
				}
				checked += c
				worse += wr
				if err != nil {
					break
				}
				s.apply(r, res.Pairs)
			}
		}
	}
	t.Logf("%d brackets checked, %d inexact", checked, worse)
	if worse > 0 {
		t.Errorf("%d brackets were not optimal", worse)
	}
}
