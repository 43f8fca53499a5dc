package pairing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// italoSim is a small tournament driver for tests: entrant ids are 100 + draw number, so
// a confusion of ids and numbers shows at once.
type italoSim struct {
	t     testing.TB
	es    []Entrant
	round int
	bye   int    // game points of a bye
	prev  []Pair // last round's pairs
}

func newItaloSim(t testing.TB, n int) *italoSim {
	s := &italoSim{t: t, bye: 2}
	for num := 1; num <= n; num++ {
		s.es = append(s.es, Entrant{ID: 100 + num, Number: num, Name: fmt.Sprintf("P%d", num), Available: true})
	}
	return s
}

func (s *italoSim) entrant(id int) *Entrant {
	for i := range s.es {
		if s.es[i].ID == id {
			return &s.es[i]
		}
	}
	s.t.Fatalf("no entrant %d", id)
	return nil
}

// pair pairs the next round from the start player given by the previous round.
func (s *italoSim) pair() ItaloResult {
	s.t.Helper()
	res, err := ItaloSwiss(s.es, ItaloOptions{Start: ItaloStart(s.prev)})
	if err != nil {
		s.t.Fatalf("round %d: %v", s.round+1, err)
	}
	return res
}

// record stores the round's results: whitePoints(pair) is White's game points (2, 1, 0).
func (s *italoSim) record(pairs []Pair, whitePoints func(Pair) int) {
	s.round++
	for _, p := range pairs {
		w := s.entrant(p.White)
		if p.IsBye() {
			w.History = append(w.History, Round{Number: s.round, Kind: Bye, Points: s.bye})
			w.Score += s.bye
			continue
		}
		b := s.entrant(p.Black)
		wp := whitePoints(p)
		w.History = append(w.History, Round{Number: s.round, Opponent: b.ID, Colour: White, Kind: Played, Points: wp})
		b.History = append(b.History, Round{Number: s.round, Opponent: w.ID, Colour: Black, Kind: Played, Points: 2 - wp})
		w.Score += wp
		b.Score += 2 - wp
	}
	s.prev = pairs
}

// fmtPairs writes pairs by draw number, White first: "3-1 7-5 4-bye".
func fmtPairs(pairs []Pair) string {
	var b []string
	for _, p := range pairs {
		if p.IsBye() {
			b = append(b, fmt.Sprintf("%d-bye", p.White-100))
		} else {
			b = append(b, fmt.Sprintf("%d-%d", p.White-100, p.Black-100))
		}
	}
	return strings.Join(b, " ")
}

// results maps "W-B" (draw numbers) to White's points; missing games are errors.
func results(t testing.TB, m map[string]int) func(Pair) int {
	return func(p Pair) int {
		k := fmt.Sprintf("%d-%d", p.White-100, p.Black-100)
		v, ok := m[k]
		if !ok {
			t.Fatalf("no result given for %s", k)
		}
		return v
	}
}

func (s *italoSim) scores() string {
	es := slices.Clone(s.es)
	slices.SortStableFunc(es, func(a, b Entrant) int { return b.Score - a.Score })
	var b []string
	for _, e := range es {
		b = append(b, fmt.Sprintf("%d:%d", e.Number, e.Score))
	}
	return strings.Join(b, " ")
}

// TestItaloWorkedExample is docs/pairing-fid.md 2.10: 8 players, 3 rounds, every pair, colour
// and formation order as the spec's tables give them, and the explanation data.
func TestItaloWorkedExample(t *testing.T) {
	s := newItaloSim(t, 8)
	workedExampleRound1(t, s)
	workedExampleRound2(t, s)
	workedExampleRound3(t, s)
}

// workedExampleRound1 pairs and plays round 1 of the 2.10 example.
func workedExampleRound1(t *testing.T, s *italoSim) {
	r1 := s.pair()
	if got := fmtPairs(r1.Pairs); got != "1-2 3-4 5-6 7-8" {
		t.Fatalf("round 1 = %s", got)
	}
	s.record(r1.Pairs, results(t, map[string]int{"1-2": 2, "3-4": 2, "5-6": 1, "7-8": 1}))
}

// workedExampleRound2 checks the start, pairs, explanation and scores of round 2.
func workedExampleRound2(t *testing.T, s *italoSim) {
	if got := ItaloStart(s.prev); got != 108 {
		t.Fatalf("round 2 start = %d, want 108 (Black in 7-8)", got)
	}
	r2 := s.pair()
	if got := fmtPairs(r2.Pairs); got != "3-1 7-5 8-6 2-4" {
		t.Fatalf("round 2 = %s, want 3-1 7-5 8-6 2-4", got)
	}
	// Explanation of round 2: 1 found from the start 8 (included); 5 v 7 skips 6 (met).
	st := r2.Steps
	if st[0].First != 101 || st[0].Second != 103 || st[0].CursorID != 108 || !st[0].CursorIncluded || st[0].FirstScore != 2 || st[0].ColourRule != 3 {
		t.Errorf("round 2 step 1 = %+v", st[0])
	}
	if st[1].First != 105 || st[1].Second != 107 || st[1].CursorID != 103 || st[1].CursorIncluded ||
		len(st[1].Skipped) != 1 || st[1].Skipped[0] != (Skip{ID: 106, Score: 1, Reason: SkipMet}) {
		t.Errorf("round 2 step 2 = %+v", st[1])
	}
	if st[2].First != 108 || st[2].Second != 106 || st[3].First != 102 || st[3].Second != 104 {
		t.Errorf("round 2 steps 3-4 = %+v %+v", st[2], st[3])
	}
	s.record(r2.Pairs, results(t, map[string]int{"3-1": 1, "7-5": 2, "8-6": 0, "2-4": 0}))
	if got := s.scores(); got != "1:3 3:3 6:3 7:3 4:2 5:1 8:1 2:0" {
		t.Errorf("scores after round 2 = %s", got)
	}
}

// workedExampleRound3 checks the start, pairs (with the drops of Art. 5), explanation and
// scores of round 3, and the start of round 4.
func workedExampleRound3(t *testing.T, s *italoSim) {
	if got := ItaloStart(s.prev); got != 104 {
		t.Fatalf("round 3 start = %d, want 104", got)
	}
	r3 := s.pair()
	if got := fmtPairs(r3.Pairs); got != "6-7 4-1 5-3 2-8" {
		t.Fatalf("round 3 = %s, want 6-7 4-1 5-3 2-8", got)
	}
	st := r3.Steps
	// 1 skips 3 (met) and drops to score 2: player 4.
	if st[1].First != 101 || st[1].Second != 104 || st[1].FirstScore != 3 || st[1].SecondScore != 2 ||
		len(st[1].Skipped) != 1 || st[1].Skipped[0].ID != 103 || st[1].Skipped[0].Reason != SkipMet || st[1].ColourRule != 2 {
		t.Errorf("round 3 step 2 = %+v", st[1])
	}
	// 3, the player left behind by the drop, found from the cursor 4; drops to score 1.
	if st[2].First != 103 || st[2].Second != 105 || st[2].CursorID != 104 || st[2].SecondScore != 1 || len(st[2].Skipped) != 0 {
		t.Errorf("round 3 step 3 = %+v", st[2])
	}
	if st[3].First != 108 || st[3].Second != 102 || st[3].ColourRule != 3 {
		t.Errorf("round 3 step 4 = %+v", st[3])
	}
	if r3.Fallback {
		t.Error("round 3 used the fallback")
	}
	s.record(r3.Pairs, results(t, map[string]int{"6-7": 2, "4-1": 1, "5-3": 2, "2-8": 1}))
	if got := s.scores(); got != "6:5 1:4 3:3 4:3 5:3 7:3 8:2 2:1" {
		t.Errorf("scores after round 3 = %s", got)
	}
	if got := ItaloStart(s.prev); got != 108 {
		t.Errorf("round 4 start = %d, want 108 (Black in 2-8)", got)
	}
}

// TestItaloFallback is the backtracking illustration of docs/pairing-fid.md 2.10 (2.5).
func TestItaloFallback(t *testing.T) {
	s := newItaloSim(t, 8)
	whiteWins := func(Pair) int { return 2 }
	s.record([]Pair{{1, 101, 102}, {2, 103, 104}, {3, 105, 106}, {4, 107, 108}}, whiteWins)
	s.record([]Pair{{1, 103, 101}, {2, 107, 105}, {3, 108, 102}, {4, 104, 106}}, whiteWins)
	s.record([]Pair{{1, 103, 107}, {2, 105, 104}, {3, 101, 108}, {4, 102, 106}}, func(p Pair) int {
		if p.White == 102 {
			return 1
		}
		return 2
	})
	if got := s.scores(); got != "3:6 1:4 5:4 7:4 4:2 8:2 2:1 6:1" {
		t.Fatalf("scores = %s", got)
	}
	if got := ItaloStart(s.prev); got != 106 {
		t.Fatalf("start = %d, want 106", got)
	}
	r := s.pair()
	var firstSecond []string
	for _, st := range r.Steps {
		firstSecond = append(firstSecond, fmt.Sprintf("%d v %d", st.First-100, st.Second-100))
	}
	if got := strings.Join(firstSecond, ", "); got != "3 v 5, 7 v 1, 4 v 2, 8 v 6" {
		t.Errorf("pairs = %s, want 3 v 5, 7 v 1, 4 v 2, 8 v 6", got)
	}
	if !r.Fallback || fmtPairs(r.Plain) != "3-5 7-1 4-8" || fmt.Sprint(r.PlainLeft) != "[102 106]" {
		t.Errorf("fallback record: %v plain %s left %v", r.Fallback, fmtPairs(r.Plain), r.PlainLeft)
	}
	st := r.Steps[2]
	if !st.Fallback || len(st.Skipped) != 1 || st.Skipped[0] != (Skip{ID: 108, Score: 2, Reason: SkipUnpairable}) {
		t.Errorf("step 4 v 2 = %+v", st)
	}
	for i, st := range r.Steps {
		if st.Fallback != (i == 2) {
			t.Errorf("step %d fallback = %v", i+1, st.Fallback)
		}
	}
}

// TestItaloOddField is the 5-player example of docs/pairing-fid.md 2.7/2.10: the rest goes to
// the player left when the rotation ends (4, score 1), not to the lowest score.
func TestItaloOddField(t *testing.T) {
	s := newItaloSim(t, 5)
	r1 := s.pair()
	if got := fmtPairs(r1.Pairs); got != "1-2 3-4 5-bye" {
		t.Fatalf("round 1 = %s", got)
	}
	if !r1.Steps[2].Bye || r1.Steps[2].First != 105 {
		t.Errorf("bye step = %+v", r1.Steps[2])
	}
	s.record(r1.Pairs, results(t, map[string]int{"1-2": 2, "3-4": 1}))
	if got := s.scores(); got != "1:2 5:2 3:1 4:1 2:0" {
		t.Fatalf("scores = %s", got)
	}
	if ItaloStart(s.prev) != 104 {
		t.Fatalf("start = %d", ItaloStart(s.prev))
	}
	r2 := s.pair()
	// 5 v 1: 5 has only a bye (rule 5: 1 gets his due Black); 3 v 2: due colours differ.
	if got := fmtPairs(r2.Pairs); got != "5-1 2-3 4-bye" {
		t.Fatalf("round 2 = %s, want 5-1 2-3 4-bye", got)
	}
	if r2.Steps[0].ColourRule != 5 || r2.Steps[1].ColourRule != 1 {
		t.Errorf("colour rules %d %d", r2.Steps[0].ColourRule, r2.Steps[1].ColourRule)
	}
	if sk := r2.Steps[1].Skipped; len(sk) != 1 || sk[0].ID != 104 || sk[0].Reason != SkipMet {
		t.Errorf("3's skipped = %v", sk)
	}

	// Option of 2.7: the bye before pairing to the lowest score, highest number: 2.
	res, err := ItaloSwiss(s.es, ItaloOptions{Start: 104, ByeBeforePairing: true})
	if err != nil {
		t.Fatal(err)
	}
	if last := res.Pairs[len(res.Pairs)-1]; !last.IsBye() || last.White != 102 {
		t.Errorf("bye-first option: %s", fmtPairs(res.Pairs))
	}
}

// TestItaloAbsentAndLate covers 2.8: an absent start player's position still starts the
// scan; a late entrant at the end of the circle joins with the score granted.
func TestItaloAbsentAndLate(t *testing.T) {
	s := newItaloSim(t, 6)
	r1 := s.pair()
	s.record(r1.Pairs, results(t, map[string]int{"1-2": 2, "3-4": 2, "5-6": 2}))
	// Scores 1:2 3:2 5:2 2:0 4:0 6:0; start is 6. Now 6 is absent and 7 enters late.
	s.entrant(106).Available = false
	s.es = append(s.es, Entrant{ID: 107, Number: 7, Available: true})
	r2 := s.pair()
	// From 6's position (absent): scan 7 (0), 1 (2) → 1 v 3; from 4: 5 (2) → drops to
	// score 0 starting after 5: 7 → 5 v 7; from 1: 2 v 4.
	var fs []string
	for _, st := range r2.Steps {
		fs = append(fs, fmt.Sprintf("%d v %d", st.First-100, st.Second-100))
	}
	if got := strings.Join(fs, ", "); got != "1 v 3, 5 v 7, 2 v 4" {
		t.Fatalf("round 2 = %s", got)
	}
	if r2.Steps[0].CursorID != 106 || !r2.Steps[0].CursorIncluded {
		t.Errorf("start cursor = %+v", r2.Steps[0])
	}
	// 5 (one White) v 7 (no game): rule 5, 5 gets his due Black; 2 v 4 both due White, rule 3.
	if got := fmtPairs(r2.Pairs); got != "3-1 7-5 2-4" {
		t.Errorf("round 2 colours = %s, want 3-1 7-5 2-4", got)
	}
	for _, p := range r2.Pairs {
		if p.White == 106 || p.Black == 106 {
			t.Error("absent player paired")
		}
	}
}

// TestItaloManual: the arbiter's pairs take the first boards with the given colours.
func TestItaloManual(t *testing.T) {
	s := newItaloSim(t, 6)
	res, err := ItaloSwiss(s.es, ItaloOptions{Fixed: []Pair{{White: 104, Black: 101}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmtPairs(res.Pairs); got != "4-1 2-3 5-6" || !res.Steps[0].Manual {
		t.Errorf("manual = %s %+v", got, res.Steps[0])
	}
	for _, bad := range [][]Pair{{{White: 104, Black: 104}}, {{White: 104, Black: 999}}, {{White: 101, Black: 102}, {White: 102, Black: 103}}} {
		if _, err := ItaloSwiss(s.es, ItaloOptions{Fixed: bad}); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("fixed %v: err = %v", bad, err)
		}
	}
}

func TestItaloErrors(t *testing.T) {
	for name, es := range map[string][]Entrant{
		"zero id":        {{ID: 0, Number: 1, Available: true}},
		"no number":      {{ID: 1, Available: true}},
		"dup number":     {{ID: 1, Number: 1}, {ID: 2, Number: 1}},
		"dup id":         {{ID: 1, Number: 1}, {ID: 1, Number: 2}},
		"unknown start?": nil,
	} {
		if es == nil {
			_, err := ItaloSwiss([]Entrant{{ID: 1, Number: 1}}, ItaloOptions{Start: 5})
			if !errors.Is(err, ErrBadSnapshot) {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if _, err := ItaloSwiss(es, ItaloOptions{}); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Four players after three rounds have all met: no pairing, players named.
	s := newItaloSim(t, 4)
	for range 3 {
		s.record(s.pair().Pairs, func(Pair) int { return 1 })
	}
	_, err := ItaloSwiss(s.es, ItaloOptions{Start: ItaloStart(s.prev)})
	if !errors.Is(err, ErrNoPairing) || !strings.Contains(err.Error(), "101 (P1)") {
		t.Errorf("exhausted field: %v", err)
	}
	// Three players, two rounds: everyone left for the bye... 3 rounds: all rested, all met.
	s = newItaloSim(t, 3)
	for range 3 {
		s.record(s.pair().Pairs, func(Pair) int { return 1 })
	}
	_, err = ItaloSwiss(s.es, ItaloOptions{Start: ItaloStart(s.prev)})
	if !errors.Is(err, ErrNoPairing) || !strings.Contains(err.Error(), "rested") {
		t.Errorf("3 players after 3 rounds: %v", err)
	}
	// Empty and one-player rounds are not errors.
	if r, err := ItaloSwiss(nil, ItaloOptions{}); err != nil || len(r.Pairs) != 0 {
		t.Errorf("empty: %v %v", r, err)
	}
	if r, err := ItaloSwiss([]Entrant{{ID: 9, Number: 1, Available: true}}, ItaloOptions{}); err != nil || fmt.Sprint(r.Pairs) != "[{1 9 0}]" {
		t.Errorf("single: %v %v", r.Pairs, err)
	}
}

func TestItaloColoursRules(t *testing.T) {
	played := func(id int, cs ...Colour) *Entrant {
		e := &Entrant{ID: id}
		for i, c := range cs {
			e.History = append(e.History, Round{Number: i + 1, Opponent: 99, Colour: c, Kind: Played})
		}
		return e
	}
	W, B := White, Black
	cases := []struct {
		name          string
		first, second *Entrant
		white, rule   int
	}{
		{"due differ", played(1, W), played(2, B), 2, 1},
		{"both due black, second more unbalanced", played(1, B, W), played(2, W, W), 1, 2},
		{"both due white, first more unbalanced", played(1, B, B), played(2, W, B), 1, 2},
		{"equal: first gets due", played(1, W), played(2, W), 2, 3},
		{"neither played", played(1), played(2), 1, 4},
		{"only second played (W)", played(1), played(2, W), 1, 5},
		{"only first played (W)", played(1, W), played(2), 2, 5},
	}
	for _, c := range cases {
		w, b, rule := italoColours(c.first, c.second)
		if w != c.white || rule != c.rule || w+b != 3 {
			t.Errorf("%s: white %d black %d rule %d, want white %d rule %d", c.name, w, b, rule, c.white, c.rule)
		}
	}
	// Forfeits and byes are not games: a bye then a White game → due Black.
	e := played(1, W)
	e.History = append(e.History, Round{Number: 2, Kind: Bye}, Round{Number: 3, Opponent: 5, Kind: ForfeitWin})
	if w, _, _ := italoColours(e, played(2, B)); w != 2 {
		t.Errorf("bye/forfeit counted as a game")
	}
}

func TestItaloStart(t *testing.T) {
	if got := ItaloStart([]Pair{{1, 1, 2}, {3, 5, 6}, {2, 3, 4}, {4, 7, 0}}); got != 6 {
		t.Errorf("start = %d, want 6 (Black on the highest game board)", got)
	}
	if got := ItaloStart([]Pair{{1, 7, 0}}); got != 0 {
		t.Errorf("bye only: %d", got)
	}
}

// TestItaloByeFirst: the rotation cannot leave the only player who has not rested (5, a
// top scorer) for the bye, whatever the backtracking tries, but a complete pairing exists:
// the bye goes first (italoByeFallback) and the rotation pairs the others.
func TestItaloByeFirst(t *testing.T) {
	met := map[int][]int{1: {2}, 2: {1, 3}, 3: {2, 4}, 4: {3}}
	score := map[int]int{1: 0, 2: 1, 3: 0, 4: 1, 5: 1}
	var es []Entrant
	for id := 1; id <= 5; id++ {
		e := Entrant{ID: id, Number: id, Score: score[id], Available: true}
		if id != 5 {
			e.History = append(e.History, Round{Number: 1, Kind: Bye})
		}
		for _, o := range met[id] {
			e.History = append(e.History, Round{Number: 2, Opponent: o, Kind: Played})
		}
		es = append(es, e)
	}
	if _, ok := refItalo(es, 4); ok {
		t.Fatal("the reference search should fail here")
	}
	res, err := ItaloSwiss(es, ItaloOptions{Start: 4})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range res.Steps {
		got = append(got, fmt.Sprintf("%d v %d", st.First, st.Second))
	}
	if !res.ByeFirst || strings.Join(got, ", ") != "4 v 2, 3 v 1, 5 v 0" {
		t.Errorf("bye first = %v, steps %s; want 4 v 2, 3 v 1, 5 v 0", res.ByeFirst, strings.Join(got, ", "))
	}
}

// TestItaloManualBye: a manual bye comes last; the rotation pairs the rest from number 1.
func TestItaloManualBye(t *testing.T) {
	s := newItaloSim(t, 5)
	res, err := ItaloSwiss(s.es, ItaloOptions{Fixed: []Pair{{White: 102}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmtPairs(res.Pairs); got != "1-3 4-5 2-bye" || !res.Steps[2].Manual || !res.Steps[2].Bye {
		t.Errorf("manual bye: %s %+v", got, res.Steps[2])
	}
}

// TestItaloSameColourThrice: 2 and 4 both had White twice; the first player (2) gets his
// due Black, 4 gets White a third time running, which the explanation flags (2.6).
func TestItaloSameColourThrice(t *testing.T) {
	s := newItaloSim(t, 4)
	s.record([]Pair{{1, 102, 101}, {2, 104, 103}}, func(Pair) int { return 1 })
	s.record([]Pair{{1, 102, 103}, {2, 104, 101}}, func(Pair) int { return 1 })
	// Everyone on 2 points; the arbiter sets 1-3, the rotation pairs 2 v 4 (not met).
	res, err := ItaloSwiss(s.es, ItaloOptions{Fixed: []Pair{{White: 101, Black: 103}}, Start: 101})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Steps[1]
	if st.First != 102 || st.Second != 104 || fmtPairs(res.Pairs[1:]) != "4-2" || fmt.Sprint(st.SameColourThrice) != "[104]" || st.ColourRule != 3 {
		t.Errorf("step %+v pairs %s", st, fmtPairs(res.Pairs))
	}
}
