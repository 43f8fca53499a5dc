package trf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"arbitro/pairing"
)

// TestGenerateDutchTRF: a generated tournament is a valid TRF (points columns agree with
// the results), holds every event the generator promises (draws, forfeits, half-point
// byes, retirements or late entries, the pairing-allocated bye), is reproducible from
// its seed, and CheckTRF finds every round to be the engine's own pairing.
func TestGenerateDutchTRF(t *testing.T) {
	opt := GenerateOptions{Players: 41, Rounds: 9, Seed: 8, DrawPct: 30, ForfeitPct: 5, ByePct: 5, RetirePct: 3, LatePct: 10}
	tr, err := GenerateDutch(opt)
	if err != nil {
		t.Fatal(err)
	}
	var a bytes.Buffer
	if err := Write(&a, tr); err != nil {
		t.Fatal(err)
	}
	again, err := GenerateDutch(opt)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	Write(&b, again)
	if a.String() != b.String() {
		t.Error("the same seed gave two different tournaments")
	}
	back, err := Parse(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatalf("the generated file does not read back: %v\n%s", err, a.String())
	}
	for _, code := range []string{" = ", " + ", " - H", " - Z", " - U", "142 9", "XXR 9", "192 FIDE_DUTCH_2025"} {
		if !strings.Contains(a.String(), code) {
			t.Errorf("the generated file has no %q", code)
		}
	}
	rep, err := Check(back, 0)
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
	if _, err := GenerateDutch(GenerateOptions{Players: 1, Rounds: 5}); err == nil {
		t.Error("1 player accepted")
	}
}

// TestCheckTRFFindsAChange: swapping the colours of a game in the last round of a
// generated file makes CheckTRF report that round, and only that round, as different.
func TestCheckTRFFindsAChange(t *testing.T) {
	tr, err := GenerateDutch(GenerateOptions{Players: 12, Rounds: 5, Seed: 3, DrawPct: 20})
	if err != nil {
		t.Fatal(err)
	}
	// round 5: swap the colours of player 1's game
	p := &tr.Players[0]
	o := &tr.Players[p.Rounds[4].Opponent-1]
	p.Rounds[4].Colour, o.Rounds[4].Colour = o.Rounds[4].Colour, p.Rounds[4].Colour
	rep, err := Check(tr, 0)
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
	tr, err := GenerateDutch(GenerateOptions{Players: 30, Rounds: 7, Seed: 5, DrawPct: 30, ZeroByePct: 5, FullByePct: 3})
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
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	back, err := Parse(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("the generated file does not read back: %v", err)
	}
	rep, err := Check(back, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Identical != 7 {
		t.Errorf("%d of 7 rounds identical", rep.Identical)
	}
	if _, err := GenerateDutch(GenerateOptions{Players: 10, Rounds: 3, ByePct: 50, ZeroByePct: 40, FullByePct: 20}); err == nil {
		t.Error("bye rates over 100% accepted")
	}
}

// TestGenerateBakuRecords (C.04.7, Baku method): `arbitro generate --baku` writes record
// 192 FIDE_DUTCH_2025_BAKU and the acceleration itself as 250 records, so that a reader
// applies the text's group A (2·⌈n/4⌉) and not its own (bbpPairings: ⌈n/2⌉ for 192
// alone). Generated, written, read back: every player's virtual points in every round are
// BakuVirtualPoints' (n mod 4 = 1 and 2, where the two rules differ, and 0 and 3); and the
// rounds of the file are the engine's own pairings with them (CheckTRF).
func TestGenerateBakuRecords(t *testing.T) {
	for _, c := range []struct{ n, rounds int }{{21, 9}, {22, 7}, {23, 8}, {24, 11}, {10, 5}, {18, 9}} {
		tr, err := GenerateDutch(GenerateOptions{Players: c.n, Rounds: c.rounds, Seed: uint64(c.n), DrawPct: 30, Baku: true})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, tr); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		last := fmt.Sprintf(" 0001 %04d\n", pairing.BakuGroupA(c.n))
		if !strings.Contains(text, "192 FIDE_DUTCH_2025_BAKU") || !strings.Contains(text, "250       1.0 001 ") || !strings.Contains(text, last) {
			t.Errorf("n=%d: no 192 _BAKU or no 250 record for players 1-%d:\n%s", c.n, pairing.BakuGroupA(c.n), text)
		}
		back, err := Parse(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if back.Baku() {
			t.Errorf("n=%d: the file's 250 records do not replace record 192's own group", c.n)
		}
		acc := back.Accelerated()
		for id := 1; id <= c.n; id++ {
			for r := 1; r <= c.rounds; r++ {
				if got, want := acc(id, r), pairing.BakuVirtualPoints(c.n, c.rounds, r, id); got != want {
					t.Errorf("n=%d rounds=%d: player %d round %d gets %d from the file, want %d", c.n, c.rounds, id, r, got, want)
				}
			}
		}
		rep, err := Check(back, 0)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Identical != c.rounds {
			t.Errorf("n=%d: %d of %d rounds are the engine's pairing", c.n, rep.Identical, c.rounds)
		}
	}
}

// TestGenerateBakuLateEntries: with late entries the generator's group A is fixed by round
// 1's field (the players who enter in round 1): its last player is the
// BakuGroupA(field)-th of them, and every pairing number up to his is in group A, late
// entries numbered before him included (C.04.7, late entries). Late entries are the
// players absent (Z) in round 1 here (no zero-point byes, no retirement before round 2).
func TestGenerateBakuLateEntries(t *testing.T) {
	tr, err := GenerateDutch(GenerateOptions{Players: 30, Rounds: 9, Seed: 6, DrawPct: 30, LatePct: 20, Baku: true})
	if err != nil {
		t.Fatal(err)
	}
	var field []int
	for _, p := range tr.Players {
		if p.Rounds[0].Result != 'Z' {
			field = append(field, p.Number)
		}
	}
	if len(field) == 30 {
		t.Fatal("no late entry: the test would not see them")
	}
	lastA := field[pairing.BakuGroupA(len(field))-1]
	if lastA == pairing.BakuGroupA(30) {
		t.Fatalf("group A ends at %d either way: the test would not see the late entries ignored", lastA)
	}
	acc := tr.Accelerated()
	for id := 1; id <= 30; id++ {
		for r := 1; r <= 9; r++ {
			if got, want := acc(id, r), pairing.BakuPoints(lastA, 9, r, id); got != want {
				t.Errorf("player %d round %d: %d, want %d (group A 1-%d)", id, r, got, want, lastA)
			}
		}
	}
}

// TestBakuRecordsTextExample: the text's example, 161 players (C.04.5.1: group A is 1-82),
// 9 rounds (five accelerated: three at one point, two at half a point), written as 250
// records of a file whose record 192 asks for Baku; runs of group A that are not
// consecutive starting ranks (a file ordered by XXC rank) get one pair of records each.
func TestBakuRecordsTextExample(t *testing.T) {
	tr := &File{TotalRounds: 9, Points: DefaultPoints, TypeCode: "FIDE_DUTCH_2025_BAKU"}
	for i := 1; i <= 161; i++ {
		tr.Players = append(tr.Players, Player{Number: i})
	}
	var lines []string
	for _, a := range tr.BakuRecords(tr.RanksUpTo(pairing.BakuGroupA(len(tr.Players)))) {
		lines = append(lines, a.Line())
	}
	want := []string{"250       1.0 001 003 0001 0082", "250       0.5 004 005 0001 0082"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("161 players, 9 rounds:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if !tr.Baku() || tr.Accelerated()(82, 1) != 2 || tr.Accelerated()(83, 1) != 0 {
		t.Error("record 192 alone: players 82 and 83 do not get 2 and 0 in round 1")
	}
	got := tr.BakuRecords([]int{5, 1, 2, 3})
	if len(got) != 4 || got[0].LastPlayer != 3 || got[2].FirstPlayer != 5 || got[3].GamePoints != 5 {
		t.Errorf("group A {1,2,3,5}: %+v", got)
	}
}
