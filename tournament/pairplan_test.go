package tournament

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/rules"
)

// The plan of a round is a pure function of a pairingSnapshot: these tests build the
// snapshot in memory, with no database.

// round1Played builds entrants 1..n (entry id = 10×number) after a round 1 in which
// 1 beat 2, 3 beat 4, ... (odd n: n had the bye, 2 points).
func round1Played(n int) []pairing.Entrant {
	es := make([]pairing.Entrant, n)
	for i := range es {
		es[i] = pairing.Entrant{ID: 10 * (i + 1), Number: i + 1, Name: "P" + string(rune('A'+i)), Available: true}
	}
	for i := 0; i+1 < n; i += 2 {
		w, b := &es[i], &es[i+1]
		w.History = []pairing.Round{{Number: 1, Opponent: b.ID, Colour: pairing.White, Kind: pairing.Played, Points: 2}}
		b.History = []pairing.Round{{Number: 1, Opponent: w.ID, Colour: pairing.Black, Kind: pairing.Played}}
		w.Score = 2
	}
	if n%2 == 1 {
		es[n-1].History = []pairing.Round{{Number: 1, Kind: pairing.Bye, Points: 2, Float: pairing.Down}}
		es[n-1].Score = 2
	}
	return es
}

func snapshot(system System, round int, es []pairing.Entrant) *PairingSnapshot {
	return &PairingSnapshot{Tournament: Tournament{ID: 1, Name: "Plan", Variant: rules.Italian, System: system, Rounds: 5, Seed: 7,
		GamesPerPairing: 1, ItaloFormat: string(pairing.ItaloRotation), RoundsPaired: round - 1}, Round: round, Entrants: es}
}

// TestPlanDutchManualFloats: a Dutch round 2 of 5 with the arbiter's pair 1-3 (both won
// round 1) on board 1: every available player is paired once, the bye is last, and every
// float follows the rule (the higher score of a pair floats down, the lower up, the bye
// down), computed here from the snapshot's scores.
func TestPlanDutchManualFloats(t *testing.T) {
	es := round1Played(5)
	s := snapshot(Dutch, 2, es)
	p, err := PlanRound(s, PairOptions{Manual: []ManualPair{{White: 1, Black: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Pairs[0] != (pairing.Pair{Board: 1, White: 10, Black: 30}) {
		t.Errorf("board 1 %+v, want the manual pair 10-30", p.Pairs[0])
	}
	score := map[int]int{}
	for _, e := range es {
		score[e.ID] = e.Score
	}
	seen := map[int]int{}
	for i, pr := range p.Pairs {
		if pr.Board != i+1 {
			t.Errorf("pair %d on board %d", i, pr.Board)
		}
		seen[pr.White]++
		if pr.IsBye() {
			if i != len(p.Pairs)-1 {
				t.Errorf("bye on board %d of %d: byes go last", pr.Board, len(p.Pairs))
			}
			if p.Floats[pr.White] != pairing.Down {
				t.Errorf("bye %d float %v, want down", pr.White, p.Floats[pr.White])
			}
			continue
		}
		seen[pr.Black]++
		w, b := score[pr.White], score[pr.Black]
		want := map[bool]pairing.Float{true: pairing.Down, false: pairing.Up}
		if w == b {
			if p.Floats[pr.White] != pairing.NoFloat || p.Floats[pr.Black] != pairing.NoFloat {
				t.Errorf("equal scores %d-%d float", pr.White, pr.Black)
			}
		} else if p.Floats[pr.White] != want[w > b] || p.Floats[pr.Black] != want[b > w] {
			t.Errorf("pair %d (%d) - %d (%d): floats %v %v", pr.White, w, pr.Black, b, p.Floats[pr.White], p.Floats[pr.Black])
		}
	}
	for _, e := range es {
		if seen[e.ID] != 1 {
			t.Errorf("entrant %d paired %d times", e.ID, seen[e.ID])
		}
	}
	if p.Explanation.Dutch == nil || len(p.Explanation.Dutch.Boards) != len(p.Pairs) || !p.Explanation.Dutch.Boards[0].Manual || p.Explanation.Dutch.Boards[1].Manual {
		t.Errorf("explanation boards %+v: board 1 alone is manual", p.Explanation.Dutch)
	}
	if p.Explanation.Round != 2 || p.Explanation.System != Dutch || len(p.Explanation.Manual) != 1 || p.Explanation.Forced {
		t.Errorf("explanation %+v", p.Explanation)
	}
}

// TestPlanManualPairs: the arbiter's pairs are checked against the snapshot, and a pair
// that repeats a game or a bye is allowed with a warning naming the round.
func TestPlanManualPairs(t *testing.T) {
	es := round1Played(5)
	es[3].Available = false // number 4 absent in round 2
	for _, c := range []struct {
		manual []ManualPair
		err    string
	}{
		{[]ManualPair{{White: 9, Black: 1}}, "no player has pairing number 9"},
		{[]ManualPair{{White: 1, Black: 4}}, "(number 4) is withdrawn, absent or not entered yet in round 2"},
		{[]ManualPair{{White: 1, Black: 3}, {White: 3, Black: 5}}, "number 3 is in two manual pairs"},
	} {
		_, err := PlanRound(snapshot(Dutch, 2, es), PairOptions{Manual: c.manual})
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%v: %v, want %q", c.manual, err, c.err)
		}
	}
	p, err := PlanRound(snapshot(Dutch, 2, es), PairOptions{Manual: []ManualPair{{White: 2, Black: 1}, {White: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	// The English sentences of these notes are checked by reports' TestNotesEnglish.
	want := []Note{NewNote(NoteManualMet, "pair", "2-1", "white", "PB", "black", "PA", "round", 1),
		NewNote(NoteManualByeAgain, "pair", "5-bye", "player", "PE", "round", 1),
		// 4 is absent: 3 is left alone and gets a second bye.
		NewNote(NoteByes, "n", 2, "round", 2, "manual", 1)}
	if !reflect.DeepEqual(p.Warnings, want) {
		t.Errorf("warnings %v, want %v", p.Warnings, want)
	}
}

// TestPlanRoundRobin: a round robin refuses manual pairs and late entrants, pairs round r
// of the Berger table, has no floats, and warns about an absent player.
func TestPlanRoundRobin(t *testing.T) {
	es := round1Played(4)
	s := snapshot(RoundRobin, 2, es)
	s.Tournament.Rounds = 3
	if _, err := PlanRound(s, PairOptions{Manual: []ManualPair{{White: 1, Black: 2}}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("manual pairs in a round robin: %v", err)
	}
	s.Late = []string{"Late, Luca"}
	if _, err := PlanRound(s, PairOptions{}); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "Late, Luca") {
		t.Errorf("late entrant: %v", err)
	}
	s.Late = nil
	s.Entrants[2].Available = false
	p, err := PlanRound(s, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := pairing.RoundRobin(s.Entrants, 2, pairing.RoundRobinOptions{Cycles: 1})
	if len(p.Pairs) != len(want) || p.Explanation.Berger == nil || p.Explanation.Berger.TableRound != 2 {
		t.Fatalf("pairs %v, Berger %+v; want %v", p.Pairs, p.Explanation.Berger, want)
	}
	for i := range want {
		if p.Pairs[i] != want[i] {
			t.Errorf("board %d: %v, want %v", i+1, p.Pairs[i], want[i])
		}
	}
	if len(p.Floats) != 0 {
		t.Errorf("round robin floats %v", p.Floats)
	}
	if len(p.Warnings) != 1 || !reflect.DeepEqual(p.Warnings[0], NewNote(NoteUnavailable, "player", "PC", "round", 2)) {
		t.Errorf("warnings %v", p.Warnings)
	}
}

// TestPlanGatesAndEdges: missing results paired with --force become warnings and mark the
// explanation forced; nobody available is ErrNoPairing; the FID ballot with every opening
// drawn is refused; an unknown system is refused.
func TestPlanGatesAndEdges(t *testing.T) {
	s := snapshot(ItaloSwiss, 2, round1Played(4))
	s.Missing = []MissingResult{{Round: 1, Board: 2, Game: 1, White: "PC", Black: "PD"}}
	s.Prev = []pairing.Pair{{Board: 1, White: 10, Black: 20}, {Board: 2, White: 30, Black: 40}}
	p, err := PlanRound(s, PairOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Explanation.Forced || len(p.Warnings) == 0 || !reflect.DeepEqual(p.Warnings[0],
		NewNote(NoteMissingResult, "round", 1, "board", 2, "game", 1, "white", "PC", "black", "PD", "adjourned", false)) {
		t.Errorf("forced: %v %v", p.Explanation.Forced, p.Warnings)
	}
	if p.Explanation.Start != pairing.ItaloStart(s.Prev) || p.Explanation.Italo == nil {
		t.Errorf("start %d, want pairing.ItaloStart of the round before (%d)", p.Explanation.Start, pairing.ItaloStart(s.Prev))
	}

	none := snapshot(Dutch, 2, round1Played(4))
	for i := range none.Entrants {
		none.Entrants[i].Available = false
	}
	if _, err := PlanRound(none, PairOptions{}); !errors.Is(err, ErrNoPairing) {
		t.Errorf("nobody available: %v", err)
	}

	ballot := snapshot(Dutch, 2, round1Played(4))
	ballot.Tournament.Openings = OpeningsFIDItalian
	ballot.UsedOpenings = map[string]bool{}
	p, err = PlanRound(ballot, PairOptions{})
	if err != nil || p.Explanation.Opening == nil {
		t.Fatalf("ballot: %v %+v", err, p)
	}
	for _, o := range rules.ItalianOpenings() {
		ballot.UsedOpenings[strconv.Itoa(o.Number)] = true
	}
	if _, err := PlanRound(ballot, PairOptions{}); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "every opening of the FID table has been drawn") {
		t.Errorf("every opening drawn: %v", err)
	}

	bad := snapshot(System{}, 2, round1Played(4))
	if _, err := PlanRound(bad, PairOptions{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("unknown system: %v", err)
	}
}
