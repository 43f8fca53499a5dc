package pairing

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// This file implements the FID Italo-Swiss system with continuous rotation
// (sistema italo-svizzero a rotazione continua, FID Regolamento tecnico Capo V Art. 1-5) as
// read in docs/pairing-fid.md section 2, whose section 2.11 (reference algorithm)
// is normative here. Points the FID text leaves open are marked [arbitro]; each such default
// lives in one named function (italoMet, italoRested, italoColours, italoByeFirst) so that
// the real FID rule can replace it.

// ItaloOptions are the inputs of one Italo-Swiss round besides the snapshot.
type ItaloOptions struct {
	// Start is the Entrant.ID of the start player (docs/pairing-fid.md 2.4 step 1): the player
	// who had Black in the last pair formed in the previous round; see ItaloStart. 0 starts
	// the scan at the lowest pairing number, which pairs round 1 as FID Art. 3 says
	// (1–2, 3–4, …). The start player's circle position is used even if he is absent (2.8).
	Start int
	// Fixed are pairs imposed by the arbiter (White, Black ids; Black 0 gives White the bye).
	// The games take the first boards in the given order, with the given colours; the
	// rotation pairs everybody else; byes come last (a manual bye before the rotation's).
	Fixed []Pair
	// ByeBeforePairing selects the option of docs/pairing-fid.md 2.7: the bye goes, before the
	// rotation, to the lowest-scored player (highest draw number among equals) who has not
	// rested and whose removal leaves the others pairable. Default (false): the player left
	// unpaired when the rotation ends rests.
	ByeBeforePairing bool
}

// SkipReason says why a candidate opponent was passed over.
type SkipReason int8

// Reasons for passing over a candidate (docs/pairing-fid.md 2.4, 2.5).
const (
	SkipMet        SkipReason = iota + 1 // the two have already met (no repeated pairings)
	SkipUnpairable                       // taking him would leave the others with no complete pairing (2.5 backtracking)
)

// String returns "already met" or "would leave the rest unpairable".
func (r SkipReason) String() string {
	switch r {
	case SkipMet:
		return "already met"
	case SkipUnpairable:
		return "would leave the rest unpairable"
	case SkipRest:
		return "would leave as odd one out a player who may not rest"
	case SkipClub:
		return "clubmate (clubs are separated)"
	}
	return "?"
}

// MarshalText writes the reason as its String, for JSON explanations.
func (r SkipReason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads what MarshalText wrote, so that a stored explanation can be read
// back (arbitro pairings --explain, pair --check). An unknown text is an error.
func (r *SkipReason) UnmarshalText(b []byte) error {
	for _, c := range []SkipReason{SkipMet, SkipUnpairable, SkipRest, SkipClub} {
		if string(b) == c.String() {
			*r = c
			return nil
		}
	}
	return fmt.Errorf("pairing: unknown skip reason %q", b)
}

// Skip is one candidate examined and rejected, in the order examined.
type Skip struct {
	ID     int        `json:"id"`
	Score  int        `json:"score"`
	Reason SkipReason `json:"reason"`
}

// ItaloStep explains one pair (or the bye) of an Italo-Swiss round: the data behind
// `arbitro pair --explain`. Scores are game points (2-1-0).
type ItaloStep struct {
	Board int `json:"board"` // board of the pair in Pairs (formation order)
	// First is the player found by the highest-score search, Second the opponent found for
	// him (docs/pairing-fid.md 2.1 "primo" and "secondo"); Second is 0 for the bye.
	First  int `json:"first"`
	Second int `json:"second"`
	// CursorID and CursorNumber name the circle position from which the search for First
	// started; CursorIncluded is true when that position itself could be taken (the round's
	// start, 2.4 step 2), false when the search began after it (2.4 step 5).
	CursorID       int  `json:"cursor_id"`
	CursorNumber   int  `json:"cursor_number"`
	CursorIncluded bool `json:"cursor_included"`
	FirstScore     int  `json:"first_score"`  // = the highest score among the unpaired (the score group)
	SecondScore    int  `json:"second_score"` // lower than FirstScore when the search dropped a group (Art. 5)
	// Skipped lists the candidates examined before Second, in step-3/4 order, with reasons.
	Skipped []Skip `json:"skipped,omitempty"`
	// Fallback is true when Second is not the plain rotation's choice (2.5 backtracking).
	Fallback bool `json:"fallback,omitempty"`
	Manual   bool `json:"manual,omitempty"` // imposed by the arbiter (ItaloOptions.Fixed)
	Bye      bool `json:"bye,omitempty"`    // First rests
	// ColourRule is the step of docs/pairing-fid.md 2.6 that decided the colours (1-5; 0 for a
	// bye or a manual pair).
	ColourRule int `json:"colour_rule,omitempty"`
	// SameColourThrice lists the players who get the same colour as in their last two
	// games (allowed, but to be flagged, 2.6).
	SameColourThrice []int `json:"same_colour_thrice,omitempty"`
	// ColourReason is the rule of ItaloFID that gave the colours (ColourRound1 ...); "" for
	// the rotation format, a rest or a manual pair.
	ColourReason string `json:"colour_reason,omitempty"`
	// Rest is the kind of a rest given by ItaloFID (Bye true).
	Rest RestKind `json:"rest,omitempty"`
}

// ItaloResult is one round of Italo-Swiss pairings with its explanation.
type ItaloResult struct {
	// Pairs are the boards in the order the pairs were formed (manual pairs first), White
	// first; the bye, if any, is last with Black 0. The order matters: the next round starts
	// from the Black player of the last game (ItaloStart).
	Pairs []Pair `json:"pairs"`
	// Steps explains Pairs, index by index.
	Steps []ItaloStep `json:"steps"`
	// Fallback is true when the plain rotation dead-ended and backtracking (2.5) was used.
	Fallback bool `json:"fallback"`
	// Plain holds, when Fallback, the pairs the plain rotation formed before its dead end
	// (First as White, Second as Black: colours not allocated) and PlainLeft the players it
	// left unpaired, so the report can show which pairs changed.
	Plain     []Pair `json:"plain,omitempty"`
	PlainLeft []int  `json:"plain_left,omitempty"`
	// ByeFirst is true when, with an odd number of players, the rotation could not leave
	// for the bye a player who had not rested (the backtracking search failed, or gave up
	// after italoSearchBudget matching tests) although a complete pairing exists: the bye
	// was then given before the rotation (see italoByeFallback).
	ByeFirst bool `json:"bye_first,omitempty"`
	// Format is the Italo-Swiss format that paired the round ("" for the rotation format of
	// ItaloSwiss in rounds stored before formats existed).
	Format ItaloFormat `json:"format,omitempty"`
	// Rests lists the ItaloFID rests with their kind (RM, RR, RT; "" for the arbiter's).
	Rests []Rest `json:"rests,omitempty"`
	// RestRule says how ItaloFID chose the rest: "round1-last", "lowest", "lowest-tied" (the
	// rotation decided among RestCandidates), "art9-round1", "art9-turn", "nobody-may-rest",
	// comma-separated when two apply.
	RestRule       string `json:"rest_rule,omitempty"`
	RestCandidates []int  `json:"rest_candidates,omitempty"`
	// ClubRelaxed: the tournament separates clubs, but no pairing kept clubmates apart, so
	// the round was paired without that restriction (ItaloFIDOptions.Avoid).
	ClubRelaxed bool `json:"club_relaxed,omitempty"`
}

// italoSearchBudget bounds the matching tests of one round's backtracking search among n
// players. [arbitro] With an even number of players the test is exact and the search needs
// a few per dead end; with an odd number, late in long events (after about N/2 rounds,
// when the players who have not rested are mostly high scorers, whom the rotation always
// picks first), the search may have to explore many dead branches before failing.
func italoSearchBudget(n int) int { return max(2000, 400000/max(n, 1)) }

// ItaloRoundsAdvised returns the range of rounds FID Capo V Art. 1 advises for an
// Italo-Swiss of n players: at least one third and at most one half of the number of
// players (docs/pairing-fid.md §2.2; 8 players: 3 or 4 rounds). It is advice only: real events
// exceed it, so callers warn and never refuse.
func ItaloRoundsAdvised(n int) (lo, hi int) {
	return (n + 2) / 3, n / 2
}

// ItaloStart returns the start player of the next round from the pairs of the previous one
// (docs/pairing-fid.md 2.4 step 1): the Black player of the game on the highest board — boards
// are numbered in formation order. A bye is not a pair. It returns 0 if prev has no game.
func ItaloStart(prev []Pair) int {
	best, start := 0, 0
	for _, p := range prev {
		if !p.IsBye() && p.Board >= best {
			best, start = p.Board, p.Black
		}
	}
	return start
}

// italoMet reports whether a past round makes its opponent "already met" for the no-repeat
// rule. [arbitro] Every round with an opponent counts — a game played or a published
// pairing lost or won by forfeit — because the pairing itself was made.
func italoMet(r Round) bool {
	return r.Opponent != 0 && (r.Kind == Played || r.Kind == ForfeitWin || r.Kind == ForfeitLoss)
}

// italoRested reports whether a player has already had the pairing bye, which he may not
// get twice while another pairing exists (docs/pairing-fid.md 2.5, 2.7). [arbitro] Only the
// pairing bye counts; an absence or a forfeit win is not a rest.
func italoRested(e *Entrant) bool {
	for _, r := range e.History {
		if r.Kind == Bye {
			return true
		}
	}
	return false
}

// colourState is the colour history of a player as docs/pairing-fid.md 2.6 reads it.
type colourState struct {
	played       bool
	due          Colour // opposite of the last game's colour
	imbalance    int    // |whites − blacks|
	lastTwoSame  bool   // his last two games had the same colour
	lastTwoColor Colour
}

func colourHistory(e *Entrant) colourState {
	var cs colourState
	w, b := 0, 0
	var last, prev Colour
	for _, r := range e.History {
		if r.Kind != Played || r.Colour == NoColour {
			continue // byes and forfeits do not count as games (2.6.1)
		}
		if r.Colour == White {
			w++
		} else {
			b++
		}
		prev, last = last, r.Colour
	}
	cs.played = w+b > 0
	cs.due = last.Opposite()
	cs.imbalance = max(w-b, b-w)
	cs.lastTwoSame = prev != NoColour && prev == last
	cs.lastTwoColor = last
	return cs
}

// italoColours allocates the colours of a pair formed by the rotation; first is the player
// found by the highest-score search. [arbitro] docs/pairing-fid.md 2.6:
//  1. different due colours (opposite of the last game's colour): both get them;
//  2. same due colour: the one with the larger |whites − blacks| gets it;
//  3. still equal: the first player gets his due colour;
//  4. neither has played a game: the first player takes White (also round 1, Art. 3);
//  5. only one has played: he gets his due colour.
//
// It returns the White and Black ids and the rule applied.
func italoColours(first, second *Entrant) (white, black, rule int) {
	a, b := colourHistory(first), colourHistory(second)
	give := func(to *Entrant, c Colour, other *Entrant, r int) (int, int, int) {
		if c == White {
			return to.ID, other.ID, r
		}
		return other.ID, to.ID, r
	}
	switch {
	case !a.played && !b.played:
		return first.ID, second.ID, 4
	case a.played != b.played:
		if a.played {
			return give(first, a.due, second, 5)
		}
		return give(second, b.due, first, 5)
	case a.due != b.due:
		return give(first, a.due, second, 1)
	case a.imbalance != b.imbalance:
		if a.imbalance > b.imbalance {
			return give(first, a.due, second, 2)
		}
		return give(second, b.due, first, 2)
	}
	return give(first, a.due, second, 3)
}

// italoByeFallback says whether, when the rotation and its backtracking (2.5) cannot end
// with a player who has not rested (2.7) but a complete pairing of the left players exists
// (an odd number of them: left is their count), the bye is given first — to the
// lowest-scored player, highest draw number among equals, who has not rested and whose
// removal leaves the others pairable (the 2.7 option) — and the rotation pairs the others.
// [arbitro] Yes: 2.5 stops with an error only when no complete pairing exists at all. The
// same is done when the search exceeds italoSearchBudget.
func italoByeFallback(left int) bool { return left%2 == 1 }

// italoByeFirst returns the order in which players are offered the bye when
// ItaloOptions.ByeBeforePairing is set. [arbitro] docs/pairing-fid.md 2.7 option: lowest score
// first, highest draw number among equals; players who have rested are not offered it.
func (s *italo) italoByeFirst() []int {
	var order []int
	for i := range s.n {
		if s.inU[i] && !s.rested[i] {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int {
		if s.score[x] != s.score[y] {
			return s.score[x] - s.score[y]
		}
		return s.es[y].Number - s.es[x].Number
	})
	return order
}

// italo is the working state of one round: entrants in circle (draw-number) order.
type italo struct {
	es     []Entrant // sorted by Number: index = circle position
	n      int
	idx    map[int]int // id → circle position
	score  []int
	rested []bool
	met    [][]uint64 // met[i] bit j: i and j have met
	inU    []bool     // still unpaired
	levels []int      // distinct scores of all entrants, descending
	lvl    []int      // lvl[i]: index in levels of player i's score
	byLvl  [][]int    // byLvl[l]: circle positions with score levels[l], increasing
	count  []int      // count[l]: unpaired players with score levels[l]
	nU     int        // number of unpaired players
	mt     matcher
	failed map[string]bool // search states known to have no completion (stateKey)
	// budget counts the matching tests the search may still run (-1: unlimited);
	// exhausted is set when it ran out.
	budget    int
	exhausted bool
	// scratch of graph(): the last complete pairing found (circle → partner, n = rests,
	// -1 none) used as the next search's starting point, and buffers.
	hint  []int
	loc   []int
	verts []int
	start []int
	umask []uint64
	nbr   [][]int32
}

func (s *italo) isMet(i, j int) bool { return s.met[i][j>>6]&(1<<(uint(j)&63)) != 0 }

func (s *italo) remove(i int) { s.inU[i] = false; s.count[s.lvl[i]]--; s.nU-- }
func (s *italo) add(i int)    { s.inU[i] = true; s.count[s.lvl[i]]++; s.nU++ }

// lap calls visit on the unpaired players of score level l in circle order, starting at
// the first position > from (>= from when inclusive) and going once round the circle.
func (s *italo) lap(l, from int, inclusive bool, visit func(i int) bool) {
	list := s.byLvl[l]
	k0, _ := slices.BinarySearch(list, from)
	if k0 < len(list) && list[k0] == from && !inclusive {
		k0++
	}
	for t := range len(list) {
		i := list[(k0+t)%len(list)]
		if s.inU[i] && !visit(i) {
			return
		}
	}
}

// pick returns the first unpaired player with the top score scanning forward from cursor
// (the cursor position itself only when inclusive): 2.4 steps 2 and 5.
func (s *italo) pick(cursor int, inclusive bool) int {
	for l := range s.levels {
		if s.count[l] > 0 {
			found := -1
			s.lap(l, cursor, inclusive, func(i int) bool { found = i; return false })
			return found
		}
	}
	return -1
}

// candidates yields the opponents of p (already removed from U) in the order of 2.4 steps
// 3-4 (candidates() of 2.11), with whether each was already met: the score groups from
// p's own down, each scanned for one lap from the player after the last one examined in
// the group above (after p for the first group examined).
func (s *italo) candidates(p int, yield func(q int, met bool) bool) {
	anchor := p
	stop := false
	for l := s.lvl[p]; l < len(s.levels) && !stop; l++ {
		if s.count[l] == 0 {
			continue
		}
		last := -1
		s.lap(l, anchor, false, func(i int) bool {
			last = i
			if !yield(i, s.isMet(p, i)) {
				stop = true
				return false
			}
			return true
		})
		if last >= 0 {
			anchor = last
		}
	}
}

// step is one pair formed by the rotation, before colours.
type step struct {
	p, q      int // circle positions; q = -1 for the bye
	cursor    int
	inclusive bool
	skipped   []Skip
	fallback  bool
}

// plain runs the plain rotation (the first success of extend() in 2.11 if no dead end)
// from the current state, appending its steps. It returns true if it paired everybody
// (possibly with a bye), false at a dead end; U is left as the steps made it.
func (s *italo) plain(steps *[]step, cursor int, inclusive bool) bool {
	for {
		left := s.nU
		if left == 0 {
			return true
		}
		if left == 1 {
			last := slices.Index(s.inU, true)
			if s.rested[last] {
				return false
			}
			s.remove(last)
			*steps = append(*steps, step{p: last, q: -1, cursor: cursor, inclusive: inclusive})
			return true
		}
		p := s.pick(cursor, inclusive)
		s.remove(p)
		st := step{p: p, q: -1, cursor: cursor, inclusive: inclusive}
		s.candidates(p, func(q int, met bool) bool {
			if met {
				st.skipped = append(st.skipped, Skip{ID: s.es[q].ID, Score: s.score[q], Reason: SkipMet})
				return true
			}
			st.q = q
			return false
		})
		if st.q < 0 {
			s.add(p)
			return false
		}
		s.remove(st.q)
		*steps = append(*steps, st)
		cursor, inclusive = st.q, false
	}
}

// ItaloSwiss pairs one round of the FID Italo-Swiss with continuous rotation
// (docs/pairing-fid.md 2.3-2.8, algorithm 2.11): players are on a circle in draw-number order
// (Entrant.Number); only Available players are paired; Entrant.Score is the current score
// in game points; Entrant.History gives the opponents met, the rests and the colours.
//
// The result is the plain rotation whenever it pairs everybody; otherwise the depth-first
// backtracking of 2.5, in the same candidate order, decides: the first complete pairing in
// that order. Branches are pruned with a perfect-matching test that never discards a branch
// that could succeed (exact for an even number of players), and failed search states are
// remembered, so the answer is the one plain backtracking gives without its exponential
// cost. With an odd number of players the one left unpaired rests, if he has not rested
// before (2.7); if the rotation cannot achieve that, see italoByeFallback.
//
// Errors: ErrBadSnapshot (duplicate or non-positive ids or numbers, unknown start player,
// bad manual pair); ErrNoPairing when no complete pairing exists, naming the players who
// cannot be paired.
func ItaloSwiss(entrants []Entrant, opt ItaloOptions) (ItaloResult, error) {
	s, err := newItalo(entrants)
	if err != nil {
		return ItaloResult{}, err
	}
	var res ItaloResult
	manualByes, err := s.manualPairs(opt.Fixed, &res)
	if err != nil {
		return res, err
	}

	cursor, inclusive := 0, true
	if opt.Start != 0 {
		c, ok := s.idx[opt.Start]
		if !ok {
			return res, fmt.Errorf("%w: start player %d is not an entrant", ErrBadSnapshot, opt.Start)
		}
		cursor = c
	}

	// byeFirst gives the bye before the rotation (2.7 option, and the search-limit fallback).
	byeFirst := func() ([]step, bool) {
		for _, i := range s.italoByeFirst() {
			s.remove(i)
			if s.feasible(-1) {
				return []step{{p: i, q: -1, cursor: -1}}, true
			}
			s.add(i)
		}
		return nil, false
	}
	var steps, byeStep []step
	if opt.ByeBeforePairing && s.left()%2 == 1 {
		var ok bool
		if byeStep, ok = byeFirst(); !ok {
			return res, s.noPairing()
		}
	}
	s.budget = italoSearchBudget(s.n)
	afterManual := slices.Clone(s.inU)
	if !s.solve(&steps, cursor, inclusive, &res) {
		s.exhausted, s.budget, s.failed = false, -1, nil
		s.setU(afterManual)
		if !italoByeFallback(s.left()) || !s.feasible(-1) {
			return res, s.noPairing()
		}
		res.ByeFirst = true
		steps = nil
		var ok bool
		if byeStep, ok = byeFirst(); !ok {
			return res, s.noPairing()
		}
		if !s.solve(&steps, cursor, inclusive, &res) {
			return res, s.noPairing()
		}
	}
	steps = append(steps, byeStep...)

	// Colours (2.6), pairs in formation order, the bye last.
	var bye *ItaloStep
	for _, st := range steps {
		is := s.explain(st)
		if st.q < 0 {
			is.Bye = true
			bye = &is
			continue
		}
		s.addGame(is, st, &res)
	}
	if bye != nil {
		manualByes = append(manualByes, *bye)
	}
	for _, b := range manualByes {
		b.Board = len(res.Pairs) + 1
		res.Pairs = append(res.Pairs, Pair{Board: b.Board, White: b.First})
		res.Steps = append(res.Steps, b)
	}
	return res, nil
}

// manualPairs takes the arbiter's pairs out of the rotation (ItaloOptions.Fixed): the games
// take the first boards of res in the given order; the manual byes are returned to go last.
func (s *italo) manualPairs(fixed []Pair, res *ItaloResult) ([]ItaloStep, error) {
	var manualByes []ItaloStep
	for _, f := range fixed {
		w, okW := s.idx[f.White]
		b, okB := s.idx[f.Black]
		if !okW || (f.Black != 0 && !okB) || f.White == f.Black {
			return nil, fmt.Errorf("%w: manual pair %d-%d names an unknown player or the same player twice", ErrBadSnapshot, f.White, f.Black)
		}
		if !s.inU[w] || (f.Black != 0 && !s.inU[b]) {
			return nil, fmt.Errorf("%w: manual pair %d-%d: a player is absent, withdrawn or already paired", ErrBadSnapshot, f.White, f.Black)
		}
		s.remove(w)
		st := ItaloStep{Board: len(res.Pairs) + 1, First: f.White, Second: f.Black, Manual: true, Bye: f.Black == 0,
			FirstScore: s.score[w]}
		if f.Black == 0 {
			manualByes = append(manualByes, st)
			continue
		}
		s.remove(b)
		st.SecondScore = s.score[b]
		res.Pairs = append(res.Pairs, Pair{Board: st.Board, White: f.White, Black: f.Black})
		res.Steps = append(res.Steps, st)
	}
	return manualByes, nil
}

// explain starts the explanation of one step of the search: the first player, where the
// search for him started (none for a bye given before the rotation), what it passed over.
func (s *italo) explain(st step) ItaloStep {
	first := &s.es[st.p]
	cur := &s.es[max(st.cursor, 0)]
	is := ItaloStep{First: first.ID, CursorID: cur.ID, CursorNumber: cur.Number, CursorIncluded: st.inclusive,
		FirstScore: s.score[st.p], Skipped: st.skipped, Fallback: st.fallback}
	if st.cursor < 0 {
		is.CursorID, is.CursorNumber = 0, 0
	}
	return is
}

// addGame gives the colours of the pair of step st (docs/pairing-fid.md 2.6), flags a
// player who gets the same colour a third time running, and appends the board to res.
func (s *italo) addGame(is ItaloStep, st step, res *ItaloResult) {
	first, second := &s.es[st.p], &s.es[st.q]
	is.Second, is.SecondScore = second.ID, s.score[st.q]
	w, b, rule := italoColours(first, second)
	is.ColourRule = rule
	for _, x := range []struct {
		e *Entrant
		c Colour
	}{{&s.es[s.idx[w]], White}, {&s.es[s.idx[b]], Black}} {
		if h := colourHistory(x.e); h.lastTwoSame && h.lastTwoColor == x.c {
			is.SameColourThrice = append(is.SameColourThrice, x.e.ID)
		}
	}
	is.Board = len(res.Pairs) + 1
	res.Pairs = append(res.Pairs, Pair{Board: is.Board, White: w, Black: b})
	res.Steps = append(res.Steps, is)
}

// solve completes the pairing from the current state (unpaired set, cursor) by the
// depth-first search of docs/pairing-fid.md 2.5/2.11: the plain rotation first; at a dead end,
// the deepest pair of the plain run whose first player has another candidate leading to a
// complete pairing gets it, trying candidates in step-3/4 order. Branches are pruned with
// the matching test (feasible), which never removes a branch that could succeed, so the
// result is the one the plain depth-first search gives. On success the steps are appended;
// on failure the state is restored and false returned.
func (s *italo) solve(steps *[]step, cursor int, inclusive bool, res *ItaloResult) bool {
	if s.exhausted {
		return false
	}
	key := s.stateKey(cursor, inclusive)
	if s.failed[key] {
		return false
	}
	if !s.solve1(steps, cursor, inclusive, res) {
		if s.exhausted {
			return false
		}
		if s.failed == nil {
			s.failed = map[string]bool{}
		}
		s.failed[key] = true
		return false
	}
	return true
}

// stateKey identifies a search state: the unpaired set and the cursor.
func (s *italo) stateKey(cursor int, inclusive bool) string {
	b := make([]byte, 0, s.n/8+6)
	var acc byte
	for i, in := range s.inU {
		if in {
			acc |= 1 << (i & 7)
		}
		if i&7 == 7 {
			b = append(b, acc)
			acc = 0
		}
	}
	b = append(b, acc, byte(cursor), byte(cursor>>8), byte(cursor>>16), byte(cursor>>24), byte(btoi(inclusive)))
	return string(b)
}

func (s *italo) solve1(steps *[]step, cursor int, inclusive bool, res *ItaloResult) bool {
	base := len(*steps)
	startU := slices.Clone(s.inU)
	if s.plain(steps, cursor, inclusive) {
		return true
	}
	planned := slices.Clone((*steps)[base:])
	if !res.Fallback {
		res.Fallback = true
		for _, st := range planned {
			res.Plain = append(res.Plain, Pair{Board: len(res.Plain) + 1, White: s.es[st.p].ID, Black: s.es[st.q].ID})
		}
		for i := range s.n {
			if s.inU[i] {
				res.PlainLeft = append(res.PlainLeft, s.es[i].ID)
			}
		}
	}
	*steps = (*steps)[:base]
	at := func(j int) { // state after the first j plain pairs
		s.setU(startU)
		for _, st := range planned[:j] {
			s.remove(st.p)
			s.remove(st.q)
		}
	}
	// The deepest state of the plain run that passes the matching test: every deeper state
	// fails it too (a pairing of a later state plus the pairs made since is a pairing of
	// an earlier one), so no alternative below it can succeed.
	at(0)
	if !s.feasible(-1) {
		return false
	}
	lo, hi := 0, len(planned)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		at(mid)
		if s.feasible(-1) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	for j := min(lo, len(planned)-1); j >= 0; j-- {
		at(j)
		st := planned[j]
		p := st.p
		s.remove(p)
		nst := step{p: p, q: -1, cursor: st.cursor, inclusive: st.inclusive, fallback: true}
		plainSeen := false
		s.candidates(p, func(q int, met bool) bool {
			if met {
				nst.skipped = append(nst.skipped, Skip{ID: s.es[q].ID, Score: s.score[q], Reason: SkipMet})
				return true
			}
			unpairable := Skip{ID: s.es[q].ID, Score: s.score[q], Reason: SkipUnpairable}
			if !plainSeen { // the plain choice: its whole subtree has failed
				plainSeen = true
				nst.skipped = append(nst.skipped, unpairable)
				return true
			}
			s.remove(q)
			next := -1
			if s.left()%2 == 1 && s.left() >= 3 {
				next = s.pick(q, false) // he will be paired next, so he cannot be the one who rests
			}
			if s.feasible(next) {
				mark := len(*steps)
				try := nst
				try.q = q
				try.skipped = slices.Clone(nst.skipped)
				*steps = append(*steps, try)
				if s.solve(steps, q, false, res) {
					nst.q = q
					return false
				}
				*steps = (*steps)[:mark]
			}
			s.add(q)
			nst.skipped = append(nst.skipped, unpairable)
			return true
		})
		if nst.q >= 0 {
			// prepend the plain pairs kept before node j
			tail := slices.Clone((*steps)[base:])
			*steps = append(append((*steps)[:base], planned[:j]...), tail...)
			return true
		}
	}
	s.setU(startU)
	return false
}

func newItalo(entrants []Entrant) (*italo, error) {
	es := slices.Clone(entrants)
	slices.SortFunc(es, func(a, b Entrant) int { return a.Number - b.Number })
	n := len(es)
	s := &italo{es: es, n: n, idx: make(map[int]int, n), score: make([]int, n), rested: make([]bool, n),
		met: make([][]uint64, n), inU: make([]bool, n), hint: make([]int, n), loc: make([]int, n), budget: -1}
	for i := range s.hint {
		s.hint[i] = -1
	}
	words := (n + 63) / 64
	buf := make([]uint64, n*words)
	for i := range es {
		e := &es[i]
		if err := checkItaloEntrant(es, i, s.idx); err != nil {
			return nil, err
		}
		s.idx[e.ID] = i
		s.met[i] = buf[i*words : (i+1)*words]
		s.score[i] = e.Score
		s.rested[i] = italoRested(e)
	}
	for i := range es {
		for _, r := range es[i].History {
			if !italoMet(r) {
				continue
			}
			if j, ok := s.idx[r.Opponent]; ok {
				s.met[i][j>>6] |= 1 << (uint(j) & 63)
				s.met[j][i>>6] |= 1 << (uint(i) & 63)
			}
		}
	}
	s.levels = slices.Clone(s.score)
	slices.Sort(s.levels)
	s.levels = slices.Compact(s.levels)
	slices.Reverse(s.levels)
	s.lvl = make([]int, n)
	s.byLvl = make([][]int, len(s.levels))
	s.count = make([]int, len(s.levels))
	for i := range es {
		l, _ := slices.BinarySearchFunc(s.levels, s.score[i], func(a, b int) int { return b - a })
		s.lvl[i] = l
		s.byLvl[l] = append(s.byLvl[l], i)
	}
	for i := range es {
		if es[i].Available {
			s.add(i)
		}
	}
	return s, nil
}

func (s *italo) left() int { return s.nU }

func (s *italo) setU(u []bool) {
	for i := range s.n {
		if s.inU[i] != u[i] {
			if u[i] {
				s.add(i)
			} else {
				s.remove(i)
			}
		}
	}
}

// graph builds the compatibility graph of the unpaired players, plus a bye vertex when
// their number is odd (adjacent to those who have not rested, except noBye), and loads
// it into s.mt, starting from the last complete pairing found (s.hint) where it still
// applies.
func (s *italo) graph(noBye int) (verts []int, dummy bool) {
	verts = s.verts[:0]
	for i := range s.n {
		s.loc[i] = -1
		if s.inU[i] {
			s.loc[i] = len(verts)
			verts = append(verts, i)
		}
	}
	s.verts = verts
	dummy = len(verts)%2 == 1
	v := len(verts) + btoi(dummy)
	if cap(s.nbr) < v {
		s.nbr = make([][]int32, v)
	}
	nbr := s.nbr[:v]
	for i := range nbr {
		nbr[i] = nbr[i][:0]
	}
	// unpaired mask
	words := (s.n + 63) / 64
	if cap(s.umask) < words {
		s.umask = make([]uint64, words)
	}
	um := s.umask[:words]
	clear(um)
	for _, i := range verts {
		um[i>>6] |= 1 << (uint(i) & 63)
	}
	for u, i := range verts {
		row := s.met[i]
		for w := range words {
			x := um[w] &^ row[w]
			for x != 0 {
				j := w*64 + bits.TrailingZeros64(x)
				x &= x - 1
				if j != i {
					nbr[u] = append(nbr[u], int32(s.loc[j]))
				}
			}
		}
		if dummy && !s.rested[i] && i != noBye {
			nbr[u] = append(nbr[u], int32(len(verts)))
			nbr[len(verts)] = append(nbr[len(verts)], int32(u))
		}
	}
	start := s.start[:0]
	for range v {
		start = append(start, -1)
	}
	for u, i := range verts {
		h := s.hint[i]
		switch {
		case h == s.n: // rested in the hint
			if dummy && start[len(verts)] < 0 && start[u] < 0 && !s.rested[i] && i != noBye {
				start[u], start[len(verts)] = len(verts), u
			}
		case h >= 0 && s.loc[h] >= 0 && start[s.loc[h]] < 0 && start[u] < 0:
			start[u], start[s.loc[h]] = s.loc[h], u
		}
	}
	s.start = start
	s.mt.reset(v, nbr, start)
	return verts, dummy
}

// feasible reports whether the unpaired players have a complete pairing: a perfect
// matching of the not-yet-met graph, the odd one out (bye vertex) among those who have not
// rested and is not noBye (a circle position, or -1). With an even number of players this
// is exactly the test of whether extend() of 2.11 succeeds from this state; with an odd
// number it is a necessary condition only (the rotation's order of picks may force the
// one player who could rest to be paired), so the search still backtracks past it.
func (s *italo) feasible(noBye int) bool {
	if s.budget == 0 {
		s.exhausted = true
		return false
	}
	if s.budget > 0 {
		s.budget--
	}
	verts, _ := s.graph(noBye)
	if !s.mt.perfect() {
		return false
	}
	for u, i := range verts {
		if p := s.mt.match[u]; p == len(verts) {
			s.hint[i] = s.n
		} else {
			s.hint[i] = verts[p]
		}
	}
	return true
}

// noPairing builds the ErrNoPairing error naming the players a maximum matching leaves out.
func (s *italo) noPairing() error {
	verts, dummy := s.graph(-1)
	s.mt.maximum()
	var names []string
	byeLeft := false
	for v := range s.mt.v {
		if s.mt.match[v] >= 0 {
			continue
		}
		if dummy && v == len(verts) {
			byeLeft = true
			continue
		}
		e := s.es[verts[v]]
		name := fmt.Sprintf("%d", e.ID)
		if e.Name != "" {
			name = fmt.Sprintf("%d (%s)", e.ID, e.Name)
		}
		names = append(names, name)
	}
	msg := "players " + strings.Join(names, ", ") + " cannot be paired: every possible opponent was already met"
	if byeLeft {
		msg += ", or the bye would go to a player who already rested"
	}
	if len(names) == 0 {
		msg = "the rotation cannot leave the bye to a player who has not rested"
	}
	return fmt.Errorf("%w: %s", ErrNoPairing, msg)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkItaloEntrant checks entrant es[i] of a snapshot sorted by pairing number, given
// the ids of es[:i] in idx: a positive id seen once, a pairing number (the lot is drawn)
// shared with no other entrant. Errors wrap ErrBadSnapshot.
func checkItaloEntrant(es []Entrant, i int, idx map[int]int) error {
	e := &es[i]
	if e.ID <= 0 {
		return fmt.Errorf("%w: entrant id %d (ids must be positive)", ErrBadSnapshot, e.ID)
	}
	if e.Number <= 0 {
		return fmt.Errorf("%w: entrant %d has no pairing number (draw the lot first)", ErrBadSnapshot, e.ID)
	}
	if i > 0 && es[i-1].Number == e.Number {
		return fmt.Errorf("%w: entrants %d and %d share pairing number %d", ErrBadSnapshot, es[i-1].ID, e.ID, e.Number)
	}
	if _, dup := idx[e.ID]; dup {
		return fmt.Errorf("%w: entrant id %d appears twice", ErrBadSnapshot, e.ID)
	}
	return nil
}
