package pairing

import (
	"fmt"
	"slices"
	"strings"
)

// This file implements the FID Italo-Swiss as the federation's own pairing program (Kosmos)
// pairs it. FID Capo V Art. 1-5 (the text we could read) leaves open who rests in an odd
// field, what happens after a withdrawal and how colours are given; the federation's
// program settles them in practice. The behaviour below was learnt from the public port of
// that program in the LiFiDama fork of lidraughts (berengan/lidraughts,
// modules/tournament/src/main/itaswiss/PairingEngine.scala and its tests labelled "match
// Kosmos v15.81"); no code was taken from it. docs/italo-swiss.md states the rules.

// ItaloFormat names the variant of the Italo-Swiss a tournament is paired with; it is stored
// per tournament (tournaments.italo_format).
type ItaloFormat string

// The formats. The Kosmos keys are ITA_SWISS_FID_ART2, _ART8 and _ART9.
const (
	// ItaloRotation is arbitro's reading of Capo V before the federation's program was
	// studied (ItaloSwiss): the player the rotation leaves over rests. No FID text supports
	// it over the program's practice; it is kept so that events paired with it stay
	// reproducible (it is the format of every tournament created before schema version 2).
	ItaloRotation ItaloFormat = "rotation"
	// ItaloArt2 is Kosmos' plain format (ITA_SWISS_FID_ART2). Its pairing procedure is the
	// one of ItaloArt8: the program distinguishes the two by name only.
	ItaloArt2 ItaloFormat = "art2"
	// ItaloArt8 (ITA_SWISS_FID_ART8): in an odd field the rest ("RM", riposo, worth the
	// tournament's bye points, 2 by default) is decided before pairing.
	ItaloArt8 ItaloFormat = "art8"
	// ItaloArt9 (ITA_SWISS_FID_ART9): besides the RM, a "turn rest" ("RT", riposo a turno,
	// 0 points): in round 1 of an odd field the numbers from the planned number of rounds
	// upward rest; later one player a round who has not had it (the highest score, lowest
	// number among equals).
	ItaloArt9 ItaloFormat = "art9"
)

// ItaloFormats lists the formats in the order the help text shows them.
var ItaloFormats = []ItaloFormat{ItaloArt8, ItaloArt9, ItaloArt2, ItaloRotation}

// ParseItaloFormat reads a format name (case-insensitive; the Kosmos keys
// ITA_SWISS_FID_ART8 etc. are accepted too). Errors: ErrBadSnapshot naming the valid ones.
func ParseItaloFormat(s string) (ItaloFormat, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.TrimPrefix(k, "ita_swiss_fid_")
	for _, f := range ItaloFormats {
		if k == string(f) {
			return f, nil
		}
	}
	var names []string
	for _, f := range ItaloFormats {
		names = append(names, string(f))
	}
	return "", fmt.Errorf("%w: unknown Italo-Swiss format %q (one of %s)", ErrBadSnapshot, s, strings.Join(names, ", "))
}

// FID reports whether the format follows the federation's program (ItaloFID) rather than
// arbitro's earlier reading (ItaloSwiss).
func (f ItaloFormat) FID() bool { return f == ItaloArt2 || f == ItaloArt8 || f == ItaloArt9 }

// RestKind says what kind of rest (riposo) a pairing bye is, in the federation program's
// words. "" is an ordinary bye (round robin, Dutch, arbitro's rotation format, the
// arbiter's --set N-bye).
type RestKind string

// Rest kinds.
const (
	RestNone RestKind = ""
	// RestRM (riposo, "RM"): the rest of an odd field; scored like a bye (2 points by default).
	RestRM RestKind = "RM"
	// RestRR: the same rest given in a round when somebody has withdrawn; it goes only to a
	// player who has not met every withdrawn player. Scored like RM.
	RestRR RestKind = "RR"
	// RestRT (riposo a turno, "RT", format art9): the turn rest, 0 points.
	RestRT RestKind = "RT"
)

// Rest is one player resting in a round.
type Rest struct {
	ID   int      `json:"id"`
	Kind RestKind `json:"kind"`
}

// ItaloFIDOptions are the inputs of one round of ItaloFID besides the snapshot.
type ItaloFIDOptions struct {
	Format ItaloFormat // art2, art8 or art9
	Round  int         // the round being paired, 1-based
	Rounds int         // rounds planned (art9 uses it in round 1)
	// Start is the Entrant.ID of the player whose circle position the round's scan starts
	// from (see ItaloFIDStart); 0 starts at the lowest pairing number (round 1).
	Start int
	// Fixed are pairs imposed by the arbiter (White, Black ids; Black 0: White rests). Their
	// players are taken out before the rest is decided; the pairs come first.
	Fixed []Pair
	// Avoid lists pairs of ids (smaller first) to pass over like players already met — the
	// clubmates of a tournament that separates clubs. When no pairing exists that way the
	// round is paired again without them (ItaloResult.ClubRelaxed).
	Avoid map[[2]int]bool
}

// ItaloFIDStart returns the player whose circle position the next round's scan starts from,
// given the previous round's pairs in formation order (Board = formation order), the kind
// of each rest and the pairing numbers (id → number): when the previous round had a rest
// other than a turn rest — "the next rotation starts from the player who rested" — the
// player who had the RM, or, when there is none (the rest was an RR, or the arbiter's),
// the rest of the highest pairing number, whatever its kind (the federation program's port
// does exactly this: with an RR and an RT in the same art9 round it starts from the
// higher-numbered of the two); otherwise the Black player of the last pair formed. It
// returns 0 if prev has no game and no rest.
func ItaloFIDStart(prev []Pair, rests map[int]RestKind, number map[int]int) int {
	restID, lastRest, hasRest := 0, 0, false
	for _, p := range prev {
		if !p.IsBye() {
			continue
		}
		k := rests[p.White]
		if k != RestRT {
			hasRest = true
		}
		if k == RestRM && restID == 0 {
			restID = p.White
		}
		if lastRest == 0 || number[p.White] > number[lastRest] {
			lastRest = p.White
		}
	}
	if hasRest {
		if restID != 0 {
			return restID
		}
		return lastRest
	}
	best, start := 0, 0
	for _, p := range prev {
		if !p.IsBye() && p.Board >= best {
			best, start = p.Board, p.Black
		}
	}
	return start
}

// Colour reasons of ItaloFID, in the order they are tried (ItaloStep.ColourReason).
const (
	ColourRound1      = "round-1"       // round 1: the first player of the pair has White
	ColourAfterTurn   = "after-turn"    // art9 round 2, a player who had the round-1 turn rest
	ColourFewerWhites = "fewer-whites"  // the one with fewer Whites so far (a rest counts as Black)
	ColourRecent      = "recent-differ" // the last round their colours differed: who had Black gets White
	ColourHigherScore = "higher-score"  // the higher score has White
	ColourLowerNumber = "lower-number"  // the lower pairing number has White
)

// SkipRest: taking this opponent would leave as the odd one out a player who may not rest.
const SkipRest SkipReason = 10

// SkipClub: the two are clubmates and the tournament separates clubs (ItaloFIDOptions.Avoid).
const SkipClub SkipReason = 11

// fid flags of one circle position during an ItaloFID round.
type fidFlag int8

const (
	fidFree fidFlag = iota
	fidPaired
	fidResting
	fidTurnRest
	fidOut // not in the round: withdrawn, absent, not entered yet, or in a manual pair
	fidConsidered
)

type fidPair struct {
	first, second int // circle positions; second -1 while open
	inhibited     []int
	skipped       []Skip
	cursor        int
}

type fidRound struct {
	es      []Entrant
	idx     map[int]int
	flag    []fidFlag
	score   []int
	met     []map[int]bool  // circle → circle positions met
	restMR  []bool          // had an RM or RR (or an ordinary bye) before
	restT   []bool          // had an RT before
	wdrawn  []int           // circle positions of the withdrawn
	restTie map[int]bool    // restCandidates: tied lowest, decided by the rotation
	avoid   map[[2]int]bool // circle positions (smaller first) to pass over: clubmates
}

// ItaloFID pairs one round of the FID Italo-Swiss as the federation's program does
// (docs/italo-swiss.md):
//
//  1. The number of pairs is half the players in the round (art9: one player a round takes
//     the turn rest first). The rest is decided before pairing: round 1, the highest
//     number not on turn rest; later the lowest score among those who have not had an RM/RR, are not on turn rest and
//     — when somebody has withdrawn — have not met every withdrawn player. Ties among the
//     lowest are left to the rotation: the tied player the rotation cannot pair rests.
//  2. The scan starts at the circle position of opt.Start. The first player is the first
//     unpaired player with the highest score from there; his opponent the first unpaired
//     player with the highest score after him whom he has not met; candidates met are
//     passed over, and the scan continues from the last one examined. Each next first player
//     is sought from the last player examined.
//  3. When the last pair would leave as odd one out a player who may not rest, or a first
//     player has no opponent, the search backtracks: the previous pair's opponent is
//     forbidden to it and the next candidate is tried.
//  4. Colours: round 1 the first player has White; otherwise fewer Whites (a rest counts as
//     a Black), then Black in the most recent round where their colours differed, then the
//     higher score, then the lower number have White.
//
// Pairs are returned in formation order (the manual pairs first), the rests after them as
// byes (Black 0) in pairing-number order; Rests says each one's kind. Errors: ErrBadSnapshot,
// ErrNoPairing (the search fails).
func ItaloFID(entrants []Entrant, opt ItaloFIDOptions) (ItaloResult, error) {
	res := ItaloResult{Format: opt.Format}
	if !opt.Format.FID() {
		return res, fmt.Errorf("%w: ItaloFID pairs the formats art2, art8 and art9, not %q", ErrBadSnapshot, opt.Format)
	}
	if opt.Round < 1 {
		return res, fmt.Errorf("%w: round %d", ErrBadSnapshot, opt.Round)
	}
	s, err := newFIDRound(entrants)
	if err != nil {
		return res, err
	}
	manualRests, err := s.manualPairs(opt.Fixed, &res)
	if err != nil {
		return res, err
	}
	pool := s.pool()
	pairs := s.pairCount(opt, pool)
	s.decideRests(opt, pool, len(pool)-2*pairs, &res)
	start := 0
	if opt.Start != 0 {
		c, ok := s.idx[opt.Start]
		if !ok {
			return res, fmt.Errorf("%w: start player %d is not an entrant", ErrBadSnapshot, opt.Start)
		}
		start = c
	}
	s.setAvoid(opt.Avoid)
	stack, ok := s.searchKeepingClubsApart(pairs, start, &res)
	if !ok {
		return res, fmt.Errorf("%w: the rotation and its backtracking find no pairing of round %d (%d players, %d pairs) in which nobody meets an opponent twice and nobody rests twice", ErrNoPairing, opt.Round, len(pool), pairs)
	}
	for _, p := range stack {
		s.addGame(opt, p, &res)
	}
	s.addRests(manualRests, &res)
	return res, nil
}

// manualPairs takes the arbiter's pairs out of the round before anything else: the games go
// to res in the given order, the rests (Black 0) are returned to come after the others.
func (s *fidRound) manualPairs(fixed []Pair, res *ItaloResult) ([]Rest, error) {
	var manualRests []Rest
	for _, f := range fixed {
		w, okW := s.idx[f.White]
		b, okB := s.idx[f.Black]
		if !okW || (f.Black != 0 && !okB) || f.White == f.Black {
			return nil, fmt.Errorf("%w: manual pair %d-%d names an unknown player or the same player twice", ErrBadSnapshot, f.White, f.Black)
		}
		if s.flag[w] != fidFree || (f.Black != 0 && s.flag[b] != fidFree) {
			return nil, fmt.Errorf("%w: manual pair %d-%d: a player is absent, withdrawn or already paired", ErrBadSnapshot, f.White, f.Black)
		}
		s.flag[w] = fidOut
		st := ItaloStep{Board: len(res.Pairs) + 1, First: f.White, Second: f.Black, Manual: true, Bye: f.Black == 0, FirstScore: s.score[w]}
		if f.Black == 0 {
			manualRests = append(manualRests, Rest{ID: f.White, Kind: RestNone})
			continue
		}
		s.flag[b] = fidOut
		st.SecondScore = s.score[b]
		res.Pairs = append(res.Pairs, Pair{Board: st.Board, White: f.White, Black: f.Black})
		res.Steps = append(res.Steps, st)
	}
	return manualRests, nil
}

// pool returns the circle positions of the players in the round, in circle order.
func (s *fidRound) pool() []int {
	var pool []int
	for i, f := range s.flag {
		if f == fidFree {
			pool = append(pool, i)
		}
	}
	return pool
}

// someoneWithoutTurnRest reports whether a player of pool has not had the turn rest (RT).
func (s *fidRound) someoneWithoutTurnRest(pool []int) bool {
	for _, i := range pool {
		if !s.restT[i] {
			return true
		}
	}
	return false
}

// pairCount is the number of pairs of the round (step 1 of ItaloFID): half the players;
// art9 round 1 of an odd field: half the rounds planned less one (the others take the turn
// rest); art9 later: one player less while somebody has not had the turn rest.
func (s *fidRound) pairCount(opt ItaloFIDOptions, pool []int) int {
	avail := len(pool)
	switch {
	case opt.Round == 1 && avail%2 == 0:
		return avail / 2
	case opt.Round == 1 && opt.Format == ItaloArt9:
		return min((opt.Rounds-1)/2, avail/2)
	case opt.Round == 1:
		return avail / 2
	case opt.Format == ItaloArt9 && s.someoneWithoutTurnRest(pool):
		return (avail - 1) / 2
	}
	return avail / 2
}

// decideRests flags, before pairing, the `rests` players of pool who will not play (step 1
// of ItaloFID): the art9 turn rests first, then the rest (RM/RR); res gets the rule used
// and the candidates.
func (s *fidRound) decideRests(opt ItaloFIDOptions, pool []int, rests int, res *ItaloResult) {
	turnRests := 0
	if rests > 0 && opt.Format == ItaloArt9 {
		turnRests = s.decideTurnRests(opt, pool, res)
	}
	if rests-turnRests <= 0 {
		return
	}
	if opt.Round == 1 {
		// the highest number not already on turn rest: in art9 with an even number of
		// rounds the turn-rest block leaves rounds-1 players, one of whom must rest
		last := pool[len(pool)-1]
		for k := len(pool) - 1; k >= 0 && s.flag[last] == fidTurnRest; k-- {
			last = pool[k]
		}
		s.flag[last] = fidResting
		res.RestCandidates = []int{s.es[last].ID}
		res.RestRule = joinRule(res.RestRule, "round1-last")
		return
	}
	s.decideLowestRest(pool, res)
}

// decideTurnRests flags the art9 turn rests (RT) and returns how many: in round 1 every
// player from circle place opt.Rounds on; later the highest score (lowest number among
// equals) of those who have not had it, if any.
func (s *fidRound) decideTurnRests(opt ItaloFIDOptions, pool []int, res *ItaloResult) int {
	turnRests := 0
	if opt.Round == 1 {
		for k, i := range pool {
			if k >= opt.Rounds-1 {
				s.flag[i] = fidTurnRest
				turnRests++
			}
		}
		res.RestRule = "art9-round1"
	} else if s.someoneWithoutTurnRest(pool) {
		best := -1
		for _, i := range pool {
			if !s.restT[i] && (best < 0 || s.score[i] > s.score[best]) {
				best = i
			}
		}
		s.flag[best] = fidTurnRest
		turnRests = 1
		res.RestRule = "art9-turn"
	}
	return turnRests
}

// decideLowestRest gives the rest after round 1 to the lowest score among the players who
// may rest (no RM/RR before, not on turn rest, not met every withdrawn player); tied
// lowest players are marked for the rotation to decide (restTie).
func (s *fidRound) decideLowestRest(pool []int, res *ItaloResult) {
	var eligible []int
	for _, i := range pool {
		if s.flag[i] == fidTurnRest || s.restMR[i] || !s.mayRestAfterWithdrawals(i) {
			continue
		}
		eligible = append(eligible, i)
	}
	if len(eligible) == 0 {
		res.RestRule = joinRule(res.RestRule, "nobody-may-rest")
		return
	}
	low := s.score[eligible[0]]
	for _, i := range eligible {
		low = min(low, s.score[i])
	}
	var tied []int
	for _, i := range eligible {
		if s.score[i] == low {
			tied = append(tied, i)
			res.RestCandidates = append(res.RestCandidates, s.es[i].ID)
		}
	}
	if len(tied) == 1 {
		s.flag[tied[0]] = fidResting
		res.RestRule = joinRule(res.RestRule, "lowest")
		return
	}
	for _, i := range tied {
		s.restTie[i] = true
	}
	res.RestRule = joinRule(res.RestRule, "lowest-tied")
}

// setAvoid converts the clubmate pairs of ids (ItaloFIDOptions.Avoid) to circle positions,
// smaller first; pairs naming somebody not in the snapshot are dropped.
func (s *fidRound) setAvoid(avoid map[[2]int]bool) {
	if len(avoid) == 0 {
		return
	}
	s.avoid = map[[2]int]bool{}
	for p := range avoid {
		a, okA := s.idx[p[0]]
		b, okB := s.idx[p[1]]
		if okA && okB {
			s.avoid[[2]int{min(a, b), max(a, b)}] = true
		}
	}
}

// searchKeepingClubsApart runs the search with clubmates kept apart and, when that finds no
// pairing, again as if clubs were not separated (res.ClubRelaxed).
func (s *fidRound) searchKeepingClubsApart(pairs, start int, res *ItaloResult) ([]fidPair, bool) {
	saved := slices.Clone(s.flag)
	stack, ok := s.search(pairs, start)
	if !ok && s.avoid != nil {
		s.avoid, res.ClubRelaxed = nil, true
		copy(s.flag, saved)
		stack, ok = s.search(pairs, start)
	}
	return stack, ok
}

// addGame gives the colours of one pair the search formed (step 4 of ItaloFID) and appends
// it to res with its explanation.
func (s *fidRound) addGame(opt ItaloFIDOptions, p fidPair, res *ItaloResult) {
	a, b := &s.es[p.first], &s.es[p.second]
	w, bl, why := s.colours(opt, a, b)
	st := ItaloStep{Board: len(res.Pairs) + 1, First: a.ID, Second: b.ID, FirstScore: s.score[p.first], SecondScore: s.score[p.second],
		CursorID: s.es[p.cursor].ID, CursorNumber: s.es[p.cursor].Number, CursorIncluded: true, Skipped: p.skipped, ColourReason: why,
		Fallback: len(p.inhibited) > 0}
	if st.Fallback {
		res.Fallback = true
	}
	res.Pairs = append(res.Pairs, Pair{Board: st.Board, White: w, Black: bl})
	res.Steps = append(res.Steps, st)
}

// addRests appends the rests after the games as byes: the turn rests and the RM (RR when
// somebody has withdrawn) in pairing-number order, then the arbiter's; res.Rests lists them.
func (s *fidRound) addRests(manualRests []Rest, res *ItaloResult) {
	kind := RestRM
	if len(s.wdrawn) > 0 {
		kind = RestRR
	}
	var restList []Rest
	for i, f := range s.flag {
		switch f {
		case fidTurnRest:
			restList = append(restList, Rest{ID: s.es[i].ID, Kind: RestRT})
		case fidResting:
			restList = append(restList, Rest{ID: s.es[i].ID, Kind: kind})
		}
	}
	restList = append(restList, manualRests...)
	for _, r := range restList {
		st := ItaloStep{Board: len(res.Pairs) + 1, First: r.ID, Bye: true, FirstScore: s.score[s.idx[r.ID]], Rest: r.Kind, Manual: r.Kind == RestNone}
		res.Pairs = append(res.Pairs, Pair{Board: st.Board, White: r.ID})
		res.Steps = append(res.Steps, st)
	}
	res.Rests = restList
}

func joinRule(a, b string) string {
	if a == "" {
		return b
	}
	return a + "," + b
}

func newFIDRound(entrants []Entrant) (*fidRound, error) {
	es := slices.Clone(entrants)
	slices.SortFunc(es, func(a, b Entrant) int { return a.Number - b.Number })
	n := len(es)
	s := &fidRound{es: es, idx: make(map[int]int, n), flag: make([]fidFlag, n), score: make([]int, n),
		met: make([]map[int]bool, n), restMR: make([]bool, n), restT: make([]bool, n), restTie: map[int]bool{}}
	for i, e := range es {
		if err := checkItaloEntrant(es, i, s.idx); err != nil {
			return nil, err
		}
		s.idx[e.ID] = i
		s.score[i] = e.Score
		s.met[i] = map[int]bool{}
		if !e.Available {
			s.flag[i] = fidOut
			if e.Withdrawn {
				s.wdrawn = append(s.wdrawn, i)
			}
		}
		for _, r := range e.History {
			if r.Kind == Bye {
				if r.Rest == RestRT {
					s.restT[i] = true
				} else {
					s.restMR[i] = true
				}
			}
		}
	}
	for i, e := range es {
		for _, r := range e.History {
			if italoMet(r) {
				if j, ok := s.idx[r.Opponent]; ok {
					s.met[i][j], s.met[j][i] = true, true
				}
			}
		}
	}
	return s, nil
}

// mayRestAfterWithdrawals: with somebody withdrawn, the rest goes only to a player who has
// not met at least one of the withdrawn players (the "RR" rule).
func (s *fidRound) mayRestAfterWithdrawals(i int) bool {
	if len(s.wdrawn) == 0 {
		return true
	}
	for _, w := range s.wdrawn {
		if !s.met[i][w] {
			return true
		}
	}
	return false
}

// next returns the first free player with the highest score among the free ones, scanning
// the circle from position from (inclusive); -1 if nobody is free.
func (s *fidRound) next(from int) int {
	top, found := 0, false
	for i, f := range s.flag {
		if f == fidFree && (!found || s.score[i] > top) {
			top, found = s.score[i], true
		}
	}
	if !found {
		return -1
	}
	n := len(s.flag)
	for k := range n {
		i := (from + k) % n
		if s.flag[i] == fidFree && s.score[i] == top {
			return i
		}
	}
	return -1
}

func (s *fidRound) resetConsidered() {
	for i, f := range s.flag {
		if f == fidConsidered {
			s.flag[i] = fidFree
		}
	}
}

// search forms `pairs` pairs by the rotation with backtracking (steps 2-3 of ItaloFID).
func (s *fidRound) search(pairs, start int) ([]fidPair, bool) {
	var stack []fidPair
	cursor := start
	dynRest, dynDepth := -1, 0
	for len(stack) < pairs {
		s.resetConsidered()
		x := s.next(cursor)
		if x < 0 {
			return nil, false
		}
		s.flag[x] = fidPaired
		stack = append(stack, fidPair{first: x, second: -1, cursor: cursor})
		cursor = x
		for done := false; !done; {
			top := &stack[len(stack)-1]
			y := s.next(cursor)
			if y >= 0 {
				cursor = y
				switch {
				case s.met[x][y]:
					s.flag[y] = fidConsidered
					top.skipped = append(top.skipped, Skip{ID: s.es[y].ID, Score: s.score[y], Reason: SkipMet})
					continue
				case s.avoid[[2]int{min(x, y), max(x, y)}]:
					s.flag[y] = fidConsidered
					top.skipped = append(top.skipped, Skip{ID: s.es[y].ID, Score: s.score[y], Reason: SkipClub})
					continue
				case slices.Contains(top.inhibited, y):
					s.flag[y] = fidConsidered
					top.skipped = append(top.skipped, Skip{ID: s.es[y].ID, Score: s.score[y], Reason: SkipUnpairable})
					continue
				}
				top.second = y
				s.flag[y] = fidPaired
				done = true
				if len(stack) == pairs {
					// The odd ones out must be allowed to rest.
					for p := range s.flag {
						if p == y || (s.flag[p] != fidFree && s.flag[p] != fidConsidered) {
							continue
						}
						if !s.restMR[p] && s.restTie[p] {
							s.flag[p] = fidResting
							continue
						}
						s.flag[y] = fidConsidered
						top.second = -1
						done = false
					}
					if !done {
						top.skipped = append(top.skipped, Skip{ID: s.es[y].ID, Score: s.score[y], Reason: SkipRest})
					}
				}
				continue
			}
			// x has no opponent.
			left := 1
			for _, f := range s.flag {
				if f == fidFree || f == fidConsidered {
					left++
				}
			}
			switch {
			case left%2 == 1 && s.restTie[x]:
				// x is one of the tied lowest: he rests, and the scan goes on from him.
				dynRest, dynDepth = x, len(stack)
				s.flag[x] = fidResting
				stack = stack[:len(stack)-1]
				cursor = x
				s.resetConsidered()
				nx := s.next(cursor)
				if nx < 0 {
					return nil, false
				}
				x = nx
				s.flag[x] = fidPaired
				stack = append(stack, fidPair{first: x, second: -1, cursor: cursor})
				cursor = x
			case len(stack) > 1:
				if dynRest >= 0 && dynDepth == len(stack) {
					s.flag[dynRest] = fidFree
					dynRest = -1
				}
				stack = stack[:len(stack)-1]
				prev := &stack[len(stack)-1]
				if prev.second >= 0 {
					s.flag[prev.second] = fidFree
					prev.inhibited = append(prev.inhibited, prev.second)
				}
				prev.second = -1
				prev.skipped = nil
				s.flag[x] = fidFree
				x = prev.first
				cursor = x
				s.resetConsidered()
			default:
				return nil, false
			}
		}
	}
	return stack, true
}

// fidColour is a player's colour in one past round as the colour rule reads it: a game's
// colour, Black for any rest, none otherwise (absent, forfeit).
func fidColour(e *Entrant, round int) Colour {
	for _, r := range e.History {
		if r.Number != round {
			continue
		}
		switch {
		case r.Kind == Bye:
			return Black
		case r.Kind == Played:
			return r.Colour
		}
	}
	return NoColour
}

func turnRestRound1(e *Entrant) bool {
	for _, r := range e.History {
		if r.Number == 1 && r.Kind == Bye && r.Rest == RestRT {
			return true
		}
	}
	return false
}

// colours gives White and Black to the pair (a first, b second) and the reason.
func (s *fidRound) colours(opt ItaloFIDOptions, a, b *Entrant) (white, black int, why string) {
	if opt.Round == 1 {
		return a.ID, b.ID, ColourRound1
	}
	if opt.Format == ItaloArt9 && opt.Round == 2 {
		ar, br := turnRestRound1(a), turnRestRound1(b)
		switch {
		case ar && br:
			if a.Number < b.Number {
				return a.ID, b.ID, ColourAfterTurn
			}
			return b.ID, a.ID, ColourAfterTurn
		case ar:
			if fidColour(b, 1) == White {
				return a.ID, b.ID, ColourAfterTurn
			}
			return b.ID, a.ID, ColourAfterTurn
		case br:
			if fidColour(a, 1) == White {
				return b.ID, a.ID, ColourAfterTurn
			}
			return a.ID, b.ID, ColourAfterTurn
		}
	}
	wa, wb, recent := 0, 0, NoColour
	for r := opt.Round - 1; r >= 1; r-- {
		ca, cb := fidColour(a, r), fidColour(b, r)
		if ca == White {
			wa++
		}
		if cb == White {
			wb++
		}
		if recent == NoColour && ca != NoColour && cb != NoColour && ca != cb {
			recent = ca.Opposite() // a gets the colour he did not have
		}
	}
	switch {
	case wa < wb:
		return a.ID, b.ID, ColourFewerWhites
	case wa > wb:
		return b.ID, a.ID, ColourFewerWhites
	case recent == White:
		return a.ID, b.ID, ColourRecent
	case recent == Black:
		return b.ID, a.ID, ColourRecent
	case a.Score > b.Score:
		return a.ID, b.ID, ColourHigherScore
	case b.Score > a.Score:
		return b.ID, a.ID, ColourHigherScore
	case a.Number < b.Number:
		return a.ID, b.ID, ColourLowerNumber
	}
	return b.ID, a.ID, ColourLowerNumber
}
