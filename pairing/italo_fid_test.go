package pairing

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// fidRoundSpec is one past round of a test state: pairs White-Black by number (= id) and
// rests by kind.
type fidRoundSpec struct {
	pairs [][2]int
	rests map[int]RestKind
}

// fidState builds the snapshot of n players (id = number = 1..n) with the given scores,
// past rounds and withdrawn players (withdrawn after the last past round).
func fidState(n int, scores map[int]int, past []fidRoundSpec, withdrawn ...int) []Entrant {
	es := make([]Entrant, n)
	for i := range es {
		es[i] = Entrant{ID: i + 1, Number: i + 1, Score: scores[i+1], Available: true}
	}
	for r, spec := range past {
		for _, p := range spec.pairs {
			es[p[0]-1].History = append(es[p[0]-1].History, Round{Number: r + 1, Opponent: p[1], Colour: White, Kind: Played})
			es[p[1]-1].History = append(es[p[1]-1].History, Round{Number: r + 1, Opponent: p[0], Colour: Black, Kind: Played})
		}
		for id, k := range spec.rests {
			es[id-1].History = append(es[id-1].History, Round{Number: r + 1, Kind: Bye, Rest: k})
		}
	}
	for _, w := range withdrawn {
		es[w-1].Available, es[w-1].Withdrawn = false, true
	}
	return es
}

func fidPairs(res ItaloResult) [][2]int {
	var out [][2]int
	for _, p := range res.Pairs {
		if !p.IsBye() {
			out = append(out, [2]int{p.White, p.Black})
		}
	}
	return out
}

// The states of the federation program's port's tests labelled "match Kosmos v15.81" (and
// its other engine tests), with the answers those tests assert (berengan/lidraughts,
// modules/tournament/src/test/PairingEngineTest.scala). Numbers are ids.
func TestItaloFIDKosmosStates(t *testing.T) {
	rest := func(kv ...any) map[int]RestKind {
		m := map[int]RestKind{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(int)] = kv[i+1].(RestKind)
		}
		return m
	}
	rt7to15 := map[int]RestKind{}
	for p := 7; p <= 15; p++ {
		rt7to15[p] = RestRT
	}
	cases := []struct {
		name      string
		es        []Entrant
		opt       ItaloFIDOptions
		prev      []Pair // previous round in formation order, for the start player
		prevRests map[int]RestKind
		start     int
		pairs     [][2]int
		rests     []Rest
	}{
		{name: "art2 round 1 by number", es: fidState(6, nil, nil), opt: ItaloFIDOptions{Format: ItaloArt2, Round: 1, Rounds: 4},
			pairs: [][2]int{{1, 2}, {3, 4}, {5, 6}}},
		{name: "art8 round 1 rest to the last number", es: fidState(5, nil, nil), opt: ItaloFIDOptions{Format: ItaloArt8, Round: 1, Rounds: 4},
			pairs: [][2]int{{1, 2}, {3, 4}}, rests: []Rest{{5, RestRM}}},
		{name: "art9 round 1 turn-rest block", es: fidState(15, nil, nil), opt: ItaloFIDOptions{Format: ItaloArt9, Round: 1, Rounds: 7},
			pairs: [][2]int{{1, 2}, {3, 4}, {5, 6}},
			rests: []Rest{{7, RestRT}, {8, RestRT}, {9, RestRT}, {10, RestRT}, {11, RestRT}, {12, RestRT}, {13, RestRT}, {14, RestRT}, {15, RestRT}}},
		// An even number of rounds: only rounds-2 players can be paired, so besides the
		// turn-rest block (numbers 6 and 7) one rest (RM) is left; it goes to the highest
		// number not already on turn rest (5), never to a turn-rest player (which left 5
		// unpaired and made the round unpairable).
		{name: "art9 round 1 even rounds: RM to the highest number off the turn-rest block", es: fidState(7, nil, nil), opt: ItaloFIDOptions{Format: ItaloArt9, Round: 1, Rounds: 6},
			pairs: [][2]int{{1, 2}, {3, 4}}, rests: []Rest{{5, RestRM}, {6, RestRT}, {7, RestRT}}},
		{name: "kosmos art8 round 2 with backtracking",
			es:   fidState(5, map[int]int{1: 2, 2: 0, 3: 1, 4: 1, 5: 2}, []fidRoundSpec{{[][2]int{{1, 2}, {3, 4}}, rest(5, RestRM)}}),
			opt:  ItaloFIDOptions{Format: ItaloArt8, Round: 2, Rounds: 4},
			prev: []Pair{{1, 1, 2}, {2, 3, 4}, {3, 5, 0}}, prevRests: rest(5, RestRM), start: 5,
			pairs: [][2]int{{5, 3}, {4, 1}}, rests: []Rest{{2, RestRM}}},
		{name: "kosmos art9 round 2 turn rest and colours",
			es:   fidState(15, map[int]int{1: 2, 3: 1, 4: 1, 6: 2}, []fidRoundSpec{{[][2]int{{1, 2}, {3, 4}, {5, 6}}, rt7to15}}),
			opt:  ItaloFIDOptions{Format: ItaloArt9, Round: 2, Rounds: 7},
			prev: []Pair{{1, 1, 2}, {2, 3, 4}, {3, 5, 6}, {4, 7, 0}, {5, 15, 0}}, prevRests: rt7to15, start: 6,
			pairs: [][2]int{{6, 3}, {4, 5}, {7, 8}, {9, 10}, {11, 12}, {13, 14}, {2, 15}}, rests: []Rest{{1, RestRT}}},
		{name: "kosmos withdrawal rest RR",
			es:   fidState(6, map[int]int{1: 2, 3: 1, 4: 1, 5: 2}, []fidRoundSpec{{[][2]int{{1, 2}, {3, 4}, {5, 6}}, nil}}, 6),
			opt:  ItaloFIDOptions{Format: ItaloArt2, Round: 2, Rounds: 4},
			prev: []Pair{{1, 1, 2}, {2, 3, 4}, {3, 5, 6}}, start: 6,
			pairs: [][2]int{{1, 3}, {4, 5}}, rests: []Rest{{2, RestRR}}},
		{name: "no second rest",
			es: fidState(5, map[int]int{1: 3, 2: 2, 3: 1, 4: 2, 5: 4}, []fidRoundSpec{
				{[][2]int{{1, 2}, {3, 4}}, rest(5, RestRM)}, {[][2]int{{5, 3}, {4, 1}}, rest(2, RestRM)}}),
			opt:  ItaloFIDOptions{Format: ItaloArt8, Round: 3, Rounds: 4},
			prev: []Pair{{1, 5, 3}, {2, 4, 1}, {3, 2, 0}}, prevRests: rest(2, RestRM), start: 2,
			pairs: [][2]int{{1, 5}, {2, 4}}, rests: []Rest{{3, RestRM}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.prev != nil {
				num := map[int]int{}
				for _, e := range c.es {
					num[e.ID] = e.Number
				}
				got := ItaloFIDStart(c.prev, c.prevRests, num)
				if got != c.start {
					t.Fatalf("start player %d, want %d", got, c.start)
				}
				c.opt.Start = got
			}
			res, err := ItaloFID(c.es, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := fidPairs(res); !reflect.DeepEqual(got, c.pairs) {
				t.Errorf("pairs %v, want %v", got, c.pairs)
			}
			if !reflect.DeepEqual(res.Rests, c.rests) {
				t.Errorf("rests %v, want %v", res.Rests, c.rests)
			}
		})
	}
}

// The start after a round with an RR and an RT (art9 with a withdrawal): no RM, so the
// rest with the higher number, here the RT; with an RM, the RM; with only an RT, the last
// Black.
func TestItaloFIDStartAfterRests(t *testing.T) {
	num := map[int]int{3: 3, 11: 11, 1: 1, 2: 2, 4: 4, 5: 5}
	prev := []Pair{{1, 1, 2}, {2, 4, 5}, {3, 3, 0}, {4, 11, 0}}
	if got := ItaloFIDStart(prev, map[int]RestKind{3: RestRR, 11: RestRT}, num); got != 11 {
		t.Errorf("RR 3 + RT 11: start %d, want 11", got)
	}
	if got := ItaloFIDStart(prev, map[int]RestKind{3: RestRM, 11: RestRT}, num); got != 3 {
		t.Errorf("RM 3 + RT 11: start %d, want 3", got)
	}
	if got := ItaloFIDStart(prev, map[int]RestKind{3: RestRT, 11: RestRT}, num); got != 5 {
		t.Errorf("RT only: start %d, want 5 (Black of the last pair)", got)
	}
}

// A withdrawn player is not paired, and a player who met every withdrawn player does not
// get the rest (the port's "RM when all withdrawn opponents were already played" state: 1
// met the withdrawn 2).
func TestItaloFIDWithdrawn(t *testing.T) {
	es := fidState(4, map[int]int{1: 2, 3: 2}, []fidRoundSpec{{[][2]int{{1, 2}, {3, 4}}, nil}}, 4)
	res, err := ItaloFID(es, ItaloFIDOptions{Format: ItaloArt2, Round: 2, Rounds: 3, Start: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Pairs {
		if p.White == 4 || p.Black == 4 {
			t.Fatalf("withdrawn player paired: %v", res.Pairs)
		}
	}
	es = fidState(6, map[int]int{2: 2, 3: 1, 4: 1, 5: 2}, []fidRoundSpec{{[][2]int{{1, 2}, {3, 4}, {5, 6}}, nil}}, 2)
	res, err = ItaloFID(es, ItaloFIDOptions{Format: ItaloArt2, Round: 2, Rounds: 4, Start: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rests {
		if r.ID == 1 {
			t.Fatalf("player 1 met the only withdrawn player and still rests: %v", res.Rests)
		}
	}
	if len(res.Rests) != 1 || res.Rests[0].Kind != RestRR {
		t.Fatalf("rests %v, want one RR", res.Rests)
	}
}

// The colour rule: fewer Whites first (a rest counts as Black), then the most recent round
// where the colours differed, then the higher score, then the lower number.
func TestItaloFIDColours(t *testing.T) {
	mk := func(id, score int, cs ...Colour) Entrant {
		e := Entrant{ID: id, Number: id, Score: score, Available: true}
		for r, c := range cs {
			if c == NoColour {
				e.History = append(e.History, Round{Number: r + 1, Kind: Bye, Rest: RestRM})
			} else {
				e.History = append(e.History, Round{Number: r + 1, Kind: Played, Colour: c, Opponent: 100 + r})
			}
		}
		return e
	}
	cases := []struct {
		a, b      Entrant
		white     int
		reason    string
		wantRound int
	}{
		{mk(1, 0, White, White), mk(2, 4, White, Black), 2, ColourFewerWhites, 3},
		{mk(1, 0, NoColour, White), mk(2, 0, Black, White), 2, ColourRecent, 3}, // rest = Black: 1 W, 2 W; round 2 same, round 1 both Black
		{mk(1, 0, White, Black), mk(2, 4, Black, White), 1, ColourRecent, 3},    // round 2: 1 had Black
		{mk(1, 2, White, Black), mk(2, 4, White, Black), 2, ColourHigherScore, 3},
		{mk(3, 2, White, Black), mk(2, 2, White, Black), 2, ColourLowerNumber, 3},
	}
	for i, c := range cases {
		s, err := newFIDRound([]Entrant{c.a, c.b})
		if err != nil {
			t.Fatal(err)
		}
		w, _, why := s.colours(ItaloFIDOptions{Format: ItaloArt8, Round: c.wantRound}, &c.a, &c.b)
		if c.reason == ColourRecent && i == 1 {
			// rest counts as Black: 1 (B, W) and 2 (B, W) never differ: the score decides
			// nothing (equal), the lower number does.
			if w != 1 || why != ColourLowerNumber {
				t.Errorf("case %d: White %d (%s), want 1 (%s)", i, w, why, ColourLowerNumber)
			}
			continue
		}
		if w != c.white || why != c.reason {
			t.Errorf("case %d: White %d (%s), want %d (%s)", i, w, why, c.white, c.reason)
		}
	}
}

// When nobody may rest, ItaloFID reports ErrNoPairing.
func TestItaloFIDNoPairing(t *testing.T) {
	es := fidState(3, nil, []fidRoundSpec{
		{[][2]int{{1, 2}}, map[int]RestKind{3: RestRM}},
		{[][2]int{{3, 1}}, map[int]RestKind{2: RestRM}},
		{[][2]int{{2, 3}}, map[int]RestKind{1: RestRM}},
	})
	_, err := ItaloFID(es, ItaloFIDOptions{Format: ItaloArt8, Round: 4, Rounds: 4, Start: 1})
	if !errors.Is(err, ErrNoPairing) {
		t.Fatalf("err %v, want ErrNoPairing", err)
	}
}

func TestParseItaloFormat(t *testing.T) {
	for in, want := range map[string]ItaloFormat{"art8": ItaloArt8, "ITA_SWISS_FID_ART9": ItaloArt9, "Rotation": ItaloRotation, "art2": ItaloArt2} {
		if got, err := ParseItaloFormat(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	if _, err := ParseItaloFormat("art7"); err == nil {
		t.Error("art7 accepted")
	}
}

// Club separation: clubmates are passed over like players already met while a pairing
// exists without them; when none does, the round is paired without the restriction.
func TestItaloFIDAvoidClubmates(t *testing.T) {
	es := fidState(4, nil, nil)
	res, err := ItaloFID(es, ItaloFIDOptions{Format: ItaloArt8, Round: 1, Rounds: 3, Avoid: map[[2]int]bool{{1, 2}: true}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(fidPairs(res)); got != "[[1 3] [4 2]]" || res.ClubRelaxed {
		t.Errorf("pairs %s relaxed %v, want [[1 3] [4 2]] kept apart", got, res.ClubRelaxed)
	}
	if res.Steps[0].Skipped[0].Reason != SkipClub {
		t.Errorf("explanation %+v, want 2 passed over as a clubmate", res.Steps[0].Skipped)
	}
	es = fidState(2, nil, nil)
	res, err = ItaloFID(es, ItaloFIDOptions{Format: ItaloArt8, Round: 1, Rounds: 1, Avoid: map[[2]int]bool{{1, 2}: true}})
	if err != nil || !res.ClubRelaxed || fmt.Sprint(fidPairs(res)) != "[[1 2]]" {
		t.Errorf("two clubmates alone: %v %+v", err, res)
	}
}
