package tournament

import (
	"bytes"
	"strings"
	"testing"
)

// TestGenerateDutchTRF: a generated tournament is a valid TRF (points columns agree with
// the results), holds every event the generator promises (draws, forfeits, half-point
// byes, retirements or late entries, the pairing-allocated bye), is reproducible from
// its seed, and CheckTRF finds every round to be the engine's own pairing.
func TestGenerateDutchTRF(t *testing.T) {
	opt := GenerateOptions{Players: 41, Rounds: 9, Seed: 8, DrawPct: 30, ForfeitPct: 5, ByePct: 5, RetirePct: 3, LatePct: 10}
	tr, err := GenerateDutchTRF(opt)
	if err != nil {
		t.Fatal(err)
	}
	var a bytes.Buffer
	if err := WriteTRF(&a, tr); err != nil {
		t.Fatal(err)
	}
	again, err := GenerateDutchTRF(opt)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteTRF(&b, again)
	if a.String() != b.String() {
		t.Error("the same seed gave two different tournaments")
	}
	back, err := ParseTRF(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatalf("the generated file does not read back: %v\n%s", err, a.String())
	}
	for _, code := range []string{" = ", " + ", " - H", " - Z", " - U", "142 9", "XXR 9", "192 FIDE_DUTCH_2025"} {
		if !strings.Contains(a.String(), code) {
			t.Errorf("the generated file has no %q", code)
		}
	}
	rep, err := CheckTRF(back, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rounds) != 9 || rep.Identical != 9 {
		for _, r := range rep.Rounds {
			if !r.Same {
				t.Errorf("round %d: %v %v %s", r.Round, r.Diffs, r.Violations, r.Error)
			}
		}
		t.Fatalf("%d of %d rounds identical", rep.Identical, len(rep.Rounds))
	}
	if _, err := GenerateDutchTRF(GenerateOptions{Players: 1, Rounds: 5}); err == nil {
		t.Error("1 player accepted")
	}
}

// TestCheckTRFFindsAChange: swapping the colours of a game in the last round of a
// generated file makes CheckTRF report that round, and only that round, as different.
func TestCheckTRFFindsAChange(t *testing.T) {
	tr, err := GenerateDutchTRF(GenerateOptions{Players: 12, Rounds: 5, Seed: 3, DrawPct: 20})
	if err != nil {
		t.Fatal(err)
	}
	// round 5: swap the colours of player 1's game
	p := &tr.Players[0]
	o := &tr.Players[p.Rounds[4].Opponent-1]
	p.Rounds[4].Colour, o.Rounds[4].Colour = o.Rounds[4].Colour, p.Rounds[4].Colour
	rep, err := CheckTRF(tr, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rounds {
		if r.Same == (r.Round == 5) {
			t.Errorf("round %d: same=%v %v", r.Round, r.Same, r.Diffs)
		}
	}
}

// TestGenerateByeKinds: the zero- and full-point byes of the generator (no late entries
// nor retirements here, so every Z is a zero-point bye of one round) are in the file, the
// file reads back (their points in the points column) and every round is the engine's.
func TestGenerateByeKinds(t *testing.T) {
	tr, err := GenerateDutchTRF(GenerateOptions{Players: 30, Rounds: 7, Seed: 5, DrawPct: 30, ZeroByePct: 5, FullByePct: 3})
	if err != nil {
		t.Fatal(err)
	}
	count := map[byte]int{}
	for _, p := range tr.Players {
		for _, rd := range p.Rounds {
			if rd.Opponent == 0 {
				count[rd.Result]++
			}
		}
	}
	if count['Z'] == 0 || count['F'] == 0 || count['H'] != 0 {
		t.Errorf("byes by kind %v: want Z and F, no H (ByePct 0)", count)
	}
	var out bytes.Buffer
	if err := WriteTRF(&out, tr); err != nil {
		t.Fatal(err)
	}
	back, err := ParseTRF(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("the generated file does not read back: %v", err)
	}
	rep, err := CheckTRF(back, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Identical != 7 {
		t.Errorf("%d of 7 rounds identical", rep.Identical)
	}
	if _, err := GenerateDutchTRF(GenerateOptions{Players: 10, Rounds: 3, ByePct: 50, ZeroByePct: 40, FullByePct: 20}); err == nil {
		t.Error("bye rates over 100% accepted")
	}
}
