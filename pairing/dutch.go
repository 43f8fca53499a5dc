package pairing

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrSearchLimit is wrapped by the error of a Dutch round one of whose brackets the search
// could not prove: its node budget (DutchOptions.SearchBudget) was spent, or a nested
// search it depends on was, before the chosen candidate was shown to be the first optimal
// one in the order of C.04.3 (Art. 3.8.1 with the generation order of 4.2–4.5). The
// message names the round and the bracket (its score, the pairing numbers of its
// residents and moved-down players) and what the arbiter can do. No pairing is returned:
// an approximate pairing is never passed off as the rules' pairing.
var ErrSearchLimit = errors.New("pairing: the Dutch bracket search ran out of nodes")

// maxListed is the number of pairing numbers an error message lists before "and N more".
const maxListed = 40

// numberList writes the pairing numbers of the players (indices into d.ps), ascending:
// "3, 5, 8" (at most maxListed, then "and N more").
func (d *dutch) numberList(players []int) string {
	nums := make([]int, len(players))
	for k, i := range players {
		nums[k] = d.ps[i].number
	}
	slices.Sort(nums)
	var parts []string
	for k, x := range nums {
		if k == maxListed {
			parts = append(parts, fmt.Sprintf("and %d more", len(nums)-k))
			break
		}
		parts = append(parts, fmt.Sprint(x))
	}
	return strings.Join(parts, ", ")
}

// inexactError describes the bracket whose search could not be completed: the round,
// the bracket's score (in chess points as a TRF writes them, and in game points), its
// residents and moved-down players by pairing number, the
// nodes spent, and the way out (the arbiter pairs that bracket's boards by hand with
// arbitro pair --set, and the engine pairs the other players; or reports the file).
func (d *dutch) inexactError(info DutchBracket, bs *bsearch) error {
	what := "ran out of its node budget"
	switch {
	case bs.gaveUp:
		what = "gave up after too many failed completion tests"
	case bs.approx:
		what = "could not complete the search of the following bracket (criterion C8)"
	}
	who := fmt.Sprintf("%d residents: %s", info.Residents, d.numberList(bs.mem[bs.nMDP:]))
	if bs.nMDP > 0 {
		who += fmt.Sprintf("; moved-down players: %s", d.numberList(bs.mem[:bs.nMDP]))
	}
	return fmt.Errorf("%w: round %d, the bracket of score %s (%d in draughts game points; pairing numbers of its %s) %s after %d nodes before proving which pairing C.04.3 chooses (Art. 3.8.1); no pairing is given (pair that bracket's boards by hand with arbitro pair --set \"A-B\", one per board, and the engine pairs the other players; or report the file)",
		ErrSearchLimit, d.round, scoreText(info.Score), info.Score, who, what, info.Nodes)
}

// scoreText writes game points as chess points (2 game points = 1 point): "3.5".
func scoreText(gp int) string {
	if gp%2 == 0 {
		return fmt.Sprintf("%d.0", gp/2)
	}
	return fmt.Sprintf("%d.5", gp/2)
}

// DutchOptions configures one round of the Dutch system.
type DutchOptions struct {
	// Round is the round being paired (1-based). 0: one more than the highest round in
	// any history.
	Round int
	// TotalRounds is the number of rounds of the event; it decides the last round, where
	// topscorers (Art. 1.8: more than 50% of the maximum possible score) are exempt from C3.
	// 0: unknown, no exemption.
	TotalRounds int
	// InitialColour is the colour Art. 5.2.5 gives to an odd-numbered higher-ranked player (5.1).
	// NoColour: drawn by lot with LotColour(Seed).
	InitialColour Colour
	// Seed is the stored seed of the lot.
	Seed uint64
	// Forbidden are pairs of entrant IDs that must not meet this round (the arbiter's
	// forbidden pairs, e.g. players of one family or club in some events: TRF-2026
	// record 260, bbpPairings' and JaVaFo's XXP). They are kept apart like players who
	// already met (C1, Art. 2.1.1), absolute; an unknown ID is ignored.
	Forbidden [][2]int
	// Acceleration gives the fictitious points (draughts game points) added to entrant
	// id's score for the pairing of round r only (C.04.7 accelerated systems:
	// BakuVirtualPoints, or TRF-2026 record 250). The brackets, the bye and the floats of
	// this round use the accelerated score, and so do the floats of earlier rounds
	// derived from scores (an accelerated score in round r decides who floated in r, as
	// bbpPairings reads it); the topscorer rule (Art. 1.8) and the results do not. nil: none.
	Acceleration func(id, r int) int
	// SearchBudget is the number of search nodes allowed per bracket and phase;
	// 0 means 100,000,000 + 20,000 × bracket size. A bracket whose search spends it before
	// the chosen pairing is proved to be the rules' choice is an ErrSearchLimit error.
	SearchBudget int
	// noMatchBound turns off the matching bound of the transposition walk
	// (dutch_bound.go), for the tests that compare the walk with and without it.
	noMatchBound bool
	// eagerMatchBound applies it from a phase's first node (the default waits for
	// matchBoundAfter nodes) and caps phase 1a at 50 nodes (phase1aCap), for the same
	// tests.
	eagerMatchBound bool
}

// DutchBracket describes how one bracket was paired, for explanations and audits.
type DutchBracket struct {
	Score        int   // residents' score in game points
	MDPs         []int // Entrant IDs moved down into this bracket
	Residents    int   // number of residents
	Downfloaters []int // Entrant IDs leaving this bracket (in the last bracket: the bye)
	// Exact is always true in a result: the search proved the chosen candidate to be the
	// first optimal one in the rules' order (a bracket it could not prove is an
	// ErrSearchLimit error, never a pairing).
	Exact bool
	Nodes int // search nodes used, all phases
}

// DutchResult is one paired round.
type DutchResult struct {
	Pairs         []Pair         // boards in the order of C.04.2 Art. 3.6; the bye last
	InitialColour Colour         // the initial colour used (drawn or given)
	Brackets      []DutchBracket // bracket by bracket, top-down
	// Floats gives the float of this round for every paired player whose opponent had a
	// different score (Down for the higher, Up for the lower) and Down for the bye (Art.
	// 1.4.2–1.4.3),
	// by Entrant ID; store it (boards.white_float / black_float) and pass it back as
	// Round.Float in later rounds.
	Floats map[int]Float
}

// dplayer is one available player with everything the criteria need, precomputed.
type dplayer struct {
	id, number, score int
	// colourNumber is the TPN Art. 5.2.5 reads: the player's place in pairing-number
	// order among the entrants who have taken part in a pairing or are available now
	// (entrants absent from every pairing so far and from this one are left out, as
	// late entries are; C.04.2 Art. 2, initial order and late entries, as bbpPairings
	// numbers the field)
	colourNumber int
	opps         []int32 // indices of past opponents among the available players
	forb         []int32 // indices of players this one must not meet (DutchOptions.Forbidden)
	byeBlocked   bool    // had a pairing-allocated bye or a win's points without playing (C2)
	played       int     // games played over the board
	noBye        bool    // may not get the bye this round: byeBlocked, or a score above the lowest possible (see lowestByeScore)
	cd           int     // colour difference (whites − blacks), played games
	colours      []Colour
	pref         Colour // preferred colour, NoColour if none
	strength     int8   // 0 none, 1 mild, 2 strong, 3 absolute
	abs          Colour // pref when absolute, else NoColour
	top          bool   // topscorer (Art. 1.8), last round only
	f1, f2       Float  // float in the previous round and two rounds before
}

// iC6 is the first component of every cost vector: criterion C6 (Art. 2.4.1), the number
// of downfloaters (fewer downfloaters = more pairs). The other indices are fields of
// dutch (layoutCost), as their blocks' sizes depend on the scores of the round.
const iC6 = 0

const (
	strNone int8 = iota
	strMild
	strStrong
	strAbsolute
)

type dutch struct {
	ps      []dplayer // sorted by score desc, number asc (the ranking order, Art. 1.2)
	initial Colour
	budget  int
	// matchBound: the transposition walk prunes with the matching bound (dutch_bound.go)
	matchBound bool
	// matchAfter: the nodes a phase spends before the matching bound is applied
	matchAfter int
	// phase1aCap: the nodes phase 1a may spend (with matchBound; see dutch_bound.go)
	phase1aCap int
	exch       map[[3]int][]exchange // exchange classes by (n1, n2, k), see exchangeClass
	round      int                   // the round being paired
	// byeScore is the score of the bye assignee (lowestByeScore: criterion C5, Art.
	// 2.3.1, decided before the first bracket), -1 when no bye
	byeScore int
	// The cost vector of a bracket candidate, compared lexicographically: each index is
	// named after the criterion of C.04.3 (2026) it holds (Art. 2.4.x). iC6 is the
	// constant 0. S is the number of score-difference buckets of a block (1..S, the
	// highest difference first; see sdAt).
	S    int
	iC7  int // C7 (Art. 2.4.2): the downfloaters' scores, in the PSD form (S buckets)
	iC8  int // C8 (Art. 2.4.3): the following bracket's downfloaters (1), then its C7 block (S)
	iC9  int // C9 (Art. 2.4.4): unplayed games of the bye assignee (byeUnplayed)
	iC10 int // C10 (Art. 2.4.5): topscorers or opponents with a colour difference beyond ±2
	iC11 int // C11 (Art. 2.4.6): topscorers or opponents with one colour three times running
	iC12 int // C12 (Art. 2.4.7): players who do not get their colour preference
	iC13 int // C13 (Art. 2.4.8): players who do not get their strong colour preference
	iC14 int // C14 (Art. 2.4.9): resident downfloaters who downfloated in the previous round
	iC15 int // C15 (Art. 2.4.10): MDP opponents who upfloated in the previous round
	iC16 int // C16 (Art. 2.4.11): resident downfloaters who downfloated two rounds before
	iC17 int // C17 (Art. 2.4.12): MDP opponents who upfloated two rounds before
	iC18 int // C18 (Art. 2.4.13): scores of the repeated downfloaters of C14, MDPs included (S)
	iC19 int // C19 (Art. 2.4.14): score differences of the MDP opponents of C15 (S)
	iC20 int // C20 (Art. 2.4.15): as iC18, downfloat two rounds before (S)
	iC21 int // C21 (Art. 2.4.16): as iC19, upfloat two rounds before (S)
	K    int // length of the cost vector
}

// Dutch pairs one round of the FIDE Dutch Swiss system (C.04.3) over the available
// entrants. Unavailable entrants are not paired but their histories are used to derive
// floats. Errors: ErrBadSnapshot (duplicate or non-positive id, duplicate pairing number
// among the available entrants), ErrNoPairing (no pairing satisfies C1–C3 with at most
// one bye, e.g. everybody left has already had the bye: Art. 1.9.3 leaves that round to
// the chief arbiter), ErrSearchLimit (a bracket whose search could not be completed:
// named in the message, no pairing returned).
//
// # Edition and article numbers
//
// The engine follows C.04.3 "FIDE (Dutch) System", approved by the FIDE Council on
// 28/10/2025, in force from 1 February 2026 (FIDE Handbook, chapter C0403202602), with
// the chapters it refers to in the same edition: C.04.1 Basic rules for Swiss systems,
// C.04.2 General handling rules, C.04.7 accelerated systems (Baku; C.04.5 before 2026).
// Differences with the FIDE-endorsed engine bbpPairings v6, which implements this text,
// on random tournaments are the test of this package (docs/dutch.md). Every "Art." below
// is an article of that C.04.3; its criteria are numbered [C1]–[C21] and cited as C1–C21:
//
//	1.2 ranking order (score, then TPN)     1.4.1–1.4.4 floats        1.5 the bye (PAB)
//	1.6 colour difference   1.7.1–1.7.4 colour preferences   1.8 topscorers (last round)
//	1.9.1–1.9.3 complete round-pairing, top down, else the chief arbiter decides
//	2.1.1–2.1.3 absolute criteria C1–C3   2.2.1 completion C4   2.3.1 PAB score C5
//	2.4.1–2.4.16 quality criteria C6–C21
//	3.1–3.7 the bracket's S1, S2, limbo, remainder and alterations
//	3.8.1 no perfect candidate: the best one, the earliest generated among equals
//	4.1 in-bracket sequence numbers (BSN)   4.2 transpositions   4.3 resident exchanges
//	4.4 sets of moved-down players   4.5 next element     5.1, 5.2.1–5.2.5 colours
//
// The text before 2026 (Baku 2016/Goynuk 2017, lettered A–E) numbered the criteria C.1–C.19:
// its C.5–C.7 are C6–C8 here, its C.8–C.19 are C10–C21; C5 and C9 are new. docs/dutch.md
// maps each criterion and rule to its article and to the function that implements it,
// and names the sources the numbers were checked against.
//
// # Route: bracket by bracket, exact branch-and-bound inside the bracket
//
// The round is paired top-down, one bracket at a time (Art. 1.9.2): the moved-down
// players (MDPs) from the brackets above plus the residents of one score group (1.3).
// Before the first bracket, C5 (Art. 2.3.1, the lowest score the bye assignee can have
// while the whole round stays pairable) is settled once (lowestByeScore). Inside a
// bracket every candidate (a set of pairs; the unpaired members float down) gets a cost
// vector, compared lexicographically, whose components are, in order (the cost indices
// of type dutch are named after them):
//
//	C4   completion (hard, Art. 2.2.1): the downfloaters and every lower player must be
//	     pairable among themselves with at most one bye, under C1–C3 and C5 (Edmonds'
//	     blossom algorithm, matching.go).
//	C6   (2.4.1) number of downfloaters (= maximise the number of pairs).
//	C7   (2.4.2) the scores of the downfloaters, highest first; counted in the form of
//	     the pre-2026 text's pairing score difference: the score differences of the
//	     pairs and, for each downfloater, its score minus (resident score − one point),
//	     compared from the highest difference down. One point is 2 game points.
//	C8   (2.4.3) the following bracket (this bracket's downfloaters as its MDPs + the
//	     next score group), paired under C1–C7: its number of downfloaters, then its C7
//	     (a nested search per downfloater set, cached); applied when the next score
//	     group is not the last one.
//	C9   (2.4.4) the unplayed games of the bye assignee, when the bracket's single
//	     downfloater is the assignee (byeUnplayed).
//	C10  (2.4.5) topscorers (1.8) or their opponents who get a colour difference
//	     beyond ±2.
//	C11  (2.4.6) topscorers or their opponents who get the same colour three times
//	     running.
//	C12  (2.4.7) players who do not get their colour preference.
//	C13  (2.4.8) players who do not get a strong (or absolute) colour preference.
//	C14  (2.4.9) resident downfloaters who also floated down in the previous round (a
//	     moved-down player gets this round's downfloat whatever the bracket does: it is
//	     counted in the bracket it left).
//	C15  (2.4.10) MDP opponents (residents paired with a higher MDP) who also floated
//	     up in the previous round.
//	C16, C17 (2.4.11, 2.4.12) the same for the round before the previous one.
//	C18  (2.4.13) the score differences of the players floating on from the bracket
//	     (MDPs included) who floated down in the previous round, highest first.
//	C19  (2.4.14) the score differences of the pairs of MDP opponents who floated up in
//	     the previous round.
//	C20, C21 (2.4.15, 2.4.16) the same as C18, C19 for two rounds before.
//
// The absolute criteria are never broken: C1 (Art. 2.1.1, C.04.1 Art. 2: no second game
// between two players; the arbiter's forbidden pairs, DutchOptions.Forbidden, are kept
// apart the same way), C2 (2.1.2, C.04.1 Art. 4: no second pairing-allocated bye, nor a
// bye for a player who scored a win's points in one round without playing), C3 (2.1.3:
// two non-topscorers with the same absolute colour preference never meet). They define
// the compatibility graph every candidate and every completion check uses.
//
// Among candidates of equal cost the first one generated wins (Art. 3.8.1). The
// generation order (Art. 3.6, 3.7 with 4.1–4.5): in a heterogeneous bracket S1 holds k
// MDPs (the most first), the other MDPs wait in the limbo (3.2.4) and float; the S1 sets
// come in the order of 4.4, and for each the residents are given to the S1 players in
// the order of the transpositions of S2 (4.2) (mdpByExchanges); then the remainder is
// split into S1 (its first half) and S2, and the candidates are the resident exchanges
// between S1 and S2 in the order of 4.3 (none first; fewer exchanged players; smaller
// difference of the moved sequence-number sums; the exchange moving the higher S1
// number; the one moving the lower S2 number), each followed by the transpositions of S2
// in lexicographic order (4.2). When the target candidate makes fewer pairs from the
// remainder than half of it, S1 holds that many players (MaxPairs, 3.1). Candidates the
// rules never generate (two MDPs paired together) come after all of these.
//
// The search is a depth-first branch-and-bound with an admissible lower bound (downfloater
// parity and the cheapest possible downfloater, a last MDP's unavoidable score
// difference, the classical bounds on unmet colour preferences, the completion
// deficiency of the lower players; in the walk of transpositions, once a phase has spent
// matchBoundAfter nodes, bipartite matchings of the S1 players still without a partner
// into the free S2 players: dutch_bound.go). Phase 1a walks the rules' order and accepts
// the first candidate that reaches the bound of the whole bracket (for a bracket that
// must float two or three players, with the exact C8 block of every set of floaters:
// setFloatBound, setDFLB): optimal and the first optimal one. Phase 1b (any order, same
// target) or phase 2 (plain branch-and-bound) find the optimum otherwise, or when phase
// 1a spends phase1aCap nodes, and phase 3 walks the rules' order again with that optimum
// as target (its first hit is the candidate phase 1a would have found). Every phase runs
// under a node budget (DutchOptions.SearchBudget). A bracket is returned only when its
// candidate was found in the rules' order with every nested search complete
// (DutchBracket.Exact); otherwise the round fails with ErrSearchLimit, naming the
// bracket: a pairing is never an approximation passed off as the rules' pairing. In
// arbitro's and bbpPairings' random tournaments of up to 200 players (7–11 rounds) no
// bracket needed more than the default budget; with the set and Hungarian bounds of
// dutch_bound.go, the hardest brackets of the re-checked differential files took
// about 20,000 nodes (docs/dutch.md gives the counts). The search is not polynomial (its
// worst case is exponential): the weighted matcher of matching_weighted.go
// (maxWeightMatching, exact 256-bit weights) is the building block of the polynomial
// route the endorsed engines take (criteria as edge weights), not yet used here.
//
// Other readings: a forfeited game does not count as a meeting for C1 (the two may be
// paired again, C.04.2 Art. 3.5: only games played over the board count, as in
// bbpPairings and JaVaFo); a pairing-allocated bye and any points scored without playing
// beyond a loss count as a downfloat (Art. 1.4.3); games won or lost by forfeit do not
// count for colours (C.04.2 Art. 3.4).
//
// # Colours (Art. 5)
//
// 5.2.1 both preferences granted; 5.2.2 the stronger preference granted (both absolute:
// the wider colour difference); 5.2.3 colours alternated back to the most recent played
// round in which the two had different colours; 5.2.4 the higher-ranked player's
// preference; 5.2.5 the higher-ranked player gets the initial colour if his TPN is odd,
// the other colour otherwise. The number 5.2.5 reads leaves out the entrants who have not
// entered the field (absent from every pairing so far and from this one: late entries,
// round-1 absences; C.04.2 Art. 2, initial order and late entries, which Art. 1.1 cites
// for TPNs), as bbpPairings numbers the field (colourNumbering). The initial colour is
// drawn by lot (5.1) from the stored seed (LotColour) unless given (TRF 152 or XXC).
// Colour preferences (1.7) count played games only (C.04.2 Art. 3.4): absolute when the
// colour difference (1.6) is beyond ±1 or the last two played games had the same colour;
// strong when the difference is ±1; mild when it is 0; none before the first game.
//
// # Floats
//
// Float history comes from Round.Float when set; otherwise it is derived (Art.
// 1.4.2–1.4.4): a pairing-allocated bye, a forfeit win or points without playing beyond a
// loss count as a downfloat, and a played game against an opponent with a different
// score before that round (accelerated scores when DutchOptions.Acceleration is set) is
// a downfloat for the higher and an upfloat for the lower player.
//
// # Scores and acceleration
//
// Scores are draughts game points (win 2, draw 1, loss 0): exactly the chess brackets
// (chess points × 2). DutchOptions.Acceleration adds fictitious points for the pairing
// (C.04.7 accelerated systems; BakuVirtualPoints for the Baku method).
func Dutch(entrants []Entrant, opt DutchOptions) (DutchResult, error) {
	d, err := newDutch(entrants, opt)
	if err != nil {
		return DutchResult{}, err
	}
	res := DutchResult{InitialColour: d.initial}
	n := len(d.ps)
	if n == 0 {
		return res, nil
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if !d.completable(all, nil) {
		return res, fmt.Errorf("%w: %d players cannot all be paired without a repeated game, a second bye or a colour clash (C.04.3 C1–C3, Art. 2.1; Art. 1.9.3 leaves the round to the chief arbiter)", ErrNoPairing, n)
	}
	d.lowestByeScore(all)
	// score groups
	var groups [][]int
	for i := 0; i < n; {
		j := i
		for j < n && d.ps[j].score == d.ps[i].score {
			j++
		}
		groups = append(groups, all[i:j])
		i = j
	}
	var pairs [][2]int // player indices, unordered
	bye := -1
	var mdps []int
	for g := 0; g < len(groups); g++ {
		var lower []int
		for _, gg := range groups[g+1:] {
			lower = append(lower, gg...)
		}
		var next []int
		if g+2 < len(groups) { // C8 only when the next group is not the last
			next = groups[g+1]
		}
		bs := d.newSearch(mdps, groups[g], lower, next)
		info := DutchBracket{Score: d.ps[groups[g][0]].score, Residents: len(groups[g])}
		for _, m := range mdps {
			info.MDPs = append(info.MDPs, d.ps[m].id)
		}
		ok := bs.run()
		info.Nodes = bs.spent + bs.nodes
		if !ok || !bs.exact {
			// never a pairing the search did not prove: the arbiter gets the bracket
			return res, d.inexactError(info, bs)
		}
		info.Exact = bs.exact
		mdps = mdps[:0:0]
		for k, pk := range bs.bestP {
			switch {
			case pk == -1:
				mdps = append(mdps, bs.mem[k])
			case pk > k:
				pairs = append(pairs, [2]int{bs.mem[k], bs.mem[pk]})
			}
		}
		for _, m := range mdps {
			info.Downfloaters = append(info.Downfloaters, d.ps[m].id)
		}
		res.Brackets = append(res.Brackets, info)
		if g == len(groups)-1 {
			if len(mdps) > 1 {
				return res, fmt.Errorf("%w: internal error, %d players left in the last bracket", ErrNoPairing, len(mdps))
			}
			if len(mdps) == 1 {
				bye = mdps[0]
			}
		}
	}
	res.Pairs = d.boards(pairs, bye)
	score := make(map[int]int, len(d.ps))
	for _, p := range d.ps {
		score[p.id] = p.score
	}
	res.Floats = RoundFloats(res.Pairs, func(id int) int { return score[id] }) // floats.go
	return res, nil
}

// lowestByeScore is criterion C5 (Art. 2.3.1: minimise the score of the assignee of the
// pairing-allocated bye). It restricts the bye to the bye-eligible players (C2) with the
// lowest score for which the whole round can still be paired: every completion test
// then treats the players above that score as not allowed the bye, so the score of the
// bye assignee is minimised before the number of pairs of any bracket (C5 ranks above
// C6, and Art. 3.8.1 compares C5 first, as bbpPairings reads it). Nothing changes for an
// even number of players.
func (d *dutch) lowestByeScore(all []int) {
	if len(all)%2 == 0 {
		return
	}
	var scores []int
	for _, p := range d.ps {
		if !p.byeBlocked {
			scores = append(scores, p.score)
		}
	}
	slices.Sort(scores)
	scores = slices.Compact(scores)
	for _, sc := range scores {
		for i := range d.ps {
			d.ps[i].noBye = d.ps[i].byeBlocked || d.ps[i].score > sc
		}
		if d.completable(all, nil) {
			d.byeScore = sc
			return
		}
	}
	for i := range d.ps { // not reached: the caller checked completion under C2
		d.ps[i].noBye = d.ps[i].byeBlocked
	}
}

func newDutch(entrants []Entrant, opt DutchOptions) (*dutch, error) {
	byID, maxR, err := indexEntrants(entrants)
	if err != nil {
		return nil, err
	}
	round := opt.Round
	if round <= 0 {
		round = maxR + 1
	}
	d := &dutch{budget: opt.SearchBudget, initial: opt.InitialColour, round: round, byeScore: -1, matchBound: !opt.noMatchBound, matchAfter: matchBoundAfter, phase1aCap: phase1aCap}
	if opt.eagerMatchBound {
		d.matchAfter, d.phase1aCap = 0, 50
	}
	if d.initial == NoColour {
		d.initial = LotColour(opt.Seed)
	}
	last := opt.TotalRounds > 0 && round == opt.TotalRounds
	acc := opt.Acceleration
	if acc == nil {
		acc = func(int, int) int { return 0 }
	}
	// score before round t, from the history's points
	scoreBefore := func(e *Entrant, t int) int {
		s := 0
		for _, r := range e.History {
			if r.Number < t {
				s += r.Points
			}
		}
		return s
	}
	floatIn := func(e *Entrant, t int) Float {
		for _, r := range e.History {
			if r.Number != t {
				continue
			}
			if r.Float != NoFloat {
				return r.Float
			}
			switch r.Kind {
			case Bye, ForfeitWin:
				return Down
			case Absent:
				// points without playing (a half- or full-point bye requested by
				// the player) count as a downfloat; a zero-point absence does not
				if r.Points > 0 {
					return Down
				}
			case Played:
				o := byID[r.Opponent]
				if o == nil {
					return NoFloat
				}
				f, _ := PairFloats(scoreBefore(e, t)+acc(e.ID, t), scoreBefore(o, t)+acc(o.ID, t)) // floats.go
				return f
			}
			return NoFloat
		}
		return NoFloat
	}
	colourNumbers := colourNumbering(entrants)
	for i := range entrants {
		e := &entrants[i]
		if !e.Available {
			continue
		}
		p := dplayer{id: e.ID, number: e.Number, score: e.Score + acc(e.ID, round), colourNumber: colourNumbers[e.ID]}
		p.readHistory(e.History)
		p.top = last && e.Score > round-1 // > 50% of 2·(round−1) game points
		p.f1 = floatIn(e, round-1)
		p.f2 = floatIn(e, round-2)
		d.ps = append(d.ps, p)
	}
	slices.SortFunc(d.ps, func(a, b dplayer) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.number, b.number)
	})
	d.linkOpponents(byID, opt.Forbidden)
	d.layoutCost()
	return d, nil
}

// indexEntrants checks the entrants (positive unique ids; positive unique pairing numbers
// among the available ones) and returns them by id with the highest round of any history.
func indexEntrants(entrants []Entrant) (map[int]*Entrant, int, error) {
	byID := make(map[int]*Entrant, len(entrants))
	numbers := make(map[int]int)
	maxR := 0
	for i := range entrants {
		e := &entrants[i]
		if e.ID <= 0 {
			return nil, 0, fmt.Errorf("%w: entrant id %d (ids must be positive)", ErrBadSnapshot, e.ID)
		}
		if _, dup := byID[e.ID]; dup {
			return nil, 0, fmt.Errorf("%w: entrant id %d appears twice", ErrBadSnapshot, e.ID)
		}
		byID[e.ID] = e
		if e.Available {
			if e.Number <= 0 {
				return nil, 0, fmt.Errorf("%w: entrant %d has pairing number %d (must be positive)", ErrBadSnapshot, e.ID, e.Number)
			}
			if o, dup := numbers[e.Number]; dup {
				return nil, 0, fmt.Errorf("%w: entrants %d and %d share pairing number %d", ErrBadSnapshot, o, e.ID, e.Number)
			}
			numbers[e.Number] = e.ID
		}
		for _, r := range e.History {
			maxR = max(maxR, r.Number)
		}
	}
	return byID, maxR, nil
}

// readHistory fills the C2 bye block, the games played, the colours, the colour
// difference (Art. 1.6) and the colour preference (1.7: absolute beyond ±1 or after two
// equal colours, strong at ±1, mild at 0, none before the first game; played games only,
// C.04.2 Art. 3.4) from the player's rounds.
func (p *dplayer) readHistory(history []Round) {
	h := slices.Clone(history)
	slices.SortStableFunc(h, func(a, b Round) int { return cmp.Compare(a.Number, b.Number) })
	for _, r := range h {
		// C2 (C.04.1 Art. 4): a pairing-allocated bye, or a win's points in one round
		// without playing (a forfeit win, a full-point bye), rule out the bye
		if r.Kind == Bye || r.Kind == ForfeitWin || (r.Kind == Absent && r.Points >= 2) {
			p.byeBlocked, p.noBye = true, true
		}
		if r.Kind == Played {
			p.played++
		}
		if r.Kind == Played && r.Colour != NoColour {
			p.colours = append(p.colours, r.Colour)
			if r.Colour == White {
				p.cd++
			} else {
				p.cd--
			}
		}
	}
	k := len(p.colours)
	if k == 0 {
		return
	}
	lastC := p.colours[k-1]
	switch {
	case p.cd < -1:
		p.pref, p.strength = White, strAbsolute
	case p.cd > 1:
		p.pref, p.strength = Black, strAbsolute
	case k >= 2 && p.colours[k-2] == lastC:
		p.pref, p.strength = lastC.Opposite(), strAbsolute
	case p.cd == -1:
		p.pref, p.strength = White, strStrong
	case p.cd == 1:
		p.pref, p.strength = Black, strStrong
	default:
		p.pref, p.strength = lastC.Opposite(), strMild
	}
	if p.strength == strAbsolute {
		p.abs = p.pref
	}
}

// linkOpponents records, as player indices, the past opponents (C1: games played over
// the board) and the forbidden opponents of every available player.
func (d *dutch) linkOpponents(byID map[int]*Entrant, forbidden [][2]int) {
	idx := make(map[int]int32, len(d.ps))
	for i, p := range d.ps {
		idx[p.id] = int32(i)
	}
	for i := range d.ps {
		e := byID[d.ps[i].id]
		for _, r := range e.History {
			// C1 forbids a second game: only games played over the board count; two
			// players whose game was not played may meet again (C.04.2 Art. 3.5, as
			// bbpPairings and JaVaFo read the rule).
			if r.Opponent != 0 && r.Kind == Played {
				if j, ok := idx[r.Opponent]; ok {
					d.ps[i].opps = append(d.ps[i].opps, j)
				}
			}
		}
	}
	for _, f := range forbidden {
		i, iok := idx[f[0]]
		j, jok := idx[f[1]]
		if iok && jok && i != j {
			d.ps[i].forb = append(d.ps[i].forb, j)
			d.ps[j].forb = append(d.ps[j].forb, i)
		}
	}
}

// layoutCost places the components of the cost vector (see Dutch).
func (d *dutch) layoutCost() {
	// cost layout
	minS, maxS := 0, 0
	if len(d.ps) > 0 {
		maxS, minS = d.ps[0].score, d.ps[len(d.ps)-1].score
	}
	d.S = maxS - minS + 3
	d.iC7 = iC6 + 1
	d.iC8 = d.iC7 + d.S
	d.iC9 = d.iC8 + 1 + d.S
	d.iC10 = d.iC9 + 1
	d.iC11, d.iC12, d.iC13, d.iC14, d.iC15, d.iC16, d.iC17 = d.iC10+1, d.iC10+2, d.iC10+3, d.iC10+4, d.iC10+5, d.iC10+6, d.iC10+7
	d.iC18 = d.iC17 + 1
	d.iC19 = d.iC18 + d.S
	d.iC20 = d.iC19 + d.S
	d.iC21 = d.iC20 + d.S
	d.K = d.iC21 + d.S
}

// sdAt is the index of score difference sd (>= 1) in a bucket list starting at base,
// highest difference first.
func (d *dutch) sdAt(base, sd int) int {
	sd = min(sd, d.S)
	return base + d.S - sd
}

// compatible is the absolute criteria C1 and C3 (Art. 2.1.1, 2.1.3) for a pair of player
// indices.
func (d *dutch) compatible(i, j int) bool {
	if i == j {
		return false
	}
	a, b := &d.ps[i], &d.ps[j]
	if a.abs != NoColour && a.abs == b.abs && !a.top && !b.top {
		return false
	}
	if len(a.opps) > len(b.opps) {
		a, i, j = b, j, i
	}
	for _, o := range a.opps {
		if int(o) == j {
			return false
		}
	}
	for _, o := range a.forb {
		if int(o) == j {
			return false
		}
	}
	return true
}

// completable reports whether the players (indices) can all be paired under C1–C3 with
// at most one bye to a player allowed one (C2, C5): the completion criterion C4 (Art.
// 2.2.1). base, if not nil, is a matching of a
// prefix of players (indices into players) to start from.
func (d *dutch) completable(players []int, base []int) bool {
	n := len(players)
	odd := n%2 == 1
	v := n
	if odd {
		v++
	}
	adj := func(i, j int) bool {
		if i == n || j == n {
			k := i
			if i == n {
				k = j
			}
			return k < n && !d.ps[players[k]].noBye
		}
		return d.compatible(players[i], players[j])
	}
	m := newBlossom(v, adj)
	if base != nil {
		copy(m.match, base)
	}
	m.greedy()
	return m.maximize() == 0
}

// baseMatching returns a maximum matching of players (local indices, -1 free).
func (d *dutch) baseMatching(players []int) []int {
	m, _ := maxMatching(len(players), func(i, j int) bool { return d.compatible(players[i], players[j]) })
	return m
}

// allocate gives colours to the pair (i, j) by C.04.3 Art. 5.2.1–5.2.5 and returns (white,
// black).
func (d *dutch) allocate(i, j int) (int, int) {
	a, b := &d.ps[i], &d.ps[j]
	give := func(x int, c Colour) (int, int) {
		y := i + j - x
		if c == White {
			return x, y
		}
		return y, x
	}
	// 5.2.1
	if a.pref != b.pref {
		if a.pref != NoColour {
			return give(i, a.pref)
		}
		return give(j, b.pref)
	}
	if a.pref != NoColour {
		// 5.2.2
		if a.strength != b.strength {
			if a.strength > b.strength {
				return give(i, a.pref)
			}
			return give(j, b.pref)
		}
		if a.strength == strAbsolute {
			ca, cb := abs(a.cd), abs(b.cd)
			if ca != cb {
				if ca > cb {
					return give(i, a.pref)
				}
				return give(j, b.pref)
			}
		}
	}
	// 5.2.3: alternate to the most recent played round where they had different colours
	// (the latest played games aligned, C.04.2 Art. 3.4)
	for k := 1; k <= len(a.colours) && k <= len(b.colours); k++ {
		x, y := a.colours[len(a.colours)-k], b.colours[len(b.colours)-k]
		if x != y {
			return give(i, x.Opposite())
		}
	}
	// 5.2.4 / 5.2.5: i is the higher ranked (lower index)
	hi := min(i, j)
	h := &d.ps[hi]
	if h.pref != NoColour {
		return give(hi, h.pref)
	}
	if h.colourNumber%2 == 1 {
		return give(hi, d.initial)
	}
	return give(hi, d.initial.Opposite())
}

// colourNumbering gives every entrant counted by Art. 5.2.5 its place (1-based) in pairing-number
// order: the available entrants, and the unavailable ones who have taken part in an
// earlier pairing (a game, a forfeit, a pairing-allocated bye). An entrant absent from
// every pairing so far and from this one (a late entry, or a round-1 absence) has not
// entered the field yet and does not shift the others' parity. Ties of Number (only
// possible among unavailable entrants) are broken by ID.
func colourNumbering(entrants []Entrant) map[int]int {
	var counted []*Entrant
	for i := range entrants {
		e := &entrants[i]
		took := e.Available
		for _, r := range e.History {
			if r.Kind != Absent {
				took = true
			}
		}
		if took {
			counted = append(counted, e)
		}
	}
	slices.SortFunc(counted, func(a, b *Entrant) int {
		if c := cmp.Compare(a.Number, b.Number); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	out := make(map[int]int, len(counted))
	for k, e := range counted {
		out[e.ID] = k + 1
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// boards orders the pairs (C.04.2 Art. 3.6: the higher score of the pair, then the sum of scores,
// then the rank of the higher-ranked player) and allocates colours; the bye goes last.
func (d *dutch) boards(pairs [][2]int, bye int) []Pair {
	slices.SortFunc(pairs, func(x, y [2]int) int {
		mx := max(d.ps[x[0]].score, d.ps[x[1]].score)
		my := max(d.ps[y[0]].score, d.ps[y[1]].score)
		if c := cmp.Compare(my, mx); c != 0 {
			return c
		}
		sx := d.ps[x[0]].score + d.ps[x[1]].score
		sy := d.ps[y[0]].score + d.ps[y[1]].score
		if c := cmp.Compare(sy, sx); c != 0 {
			return c
		}
		return cmp.Compare(min(x[0], x[1]), min(y[0], y[1]))
	})
	out := make([]Pair, 0, len(pairs)+1)
	for k, p := range pairs {
		w, b := d.allocate(p[0], p[1])
		out = append(out, Pair{Board: k + 1, White: d.ps[w].id, Black: d.ps[b].id})
	}
	if bye >= 0 {
		out = append(out, Pair{Board: len(out) + 1, White: d.ps[bye].id})
	}
	return out
}
