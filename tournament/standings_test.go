package tournament

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"arbitro/pairing"
)

// builder makes a Crosstable by hand: players are numbered 1..n with ID = Number = index+1.
type builder struct{ ct Crosstable }

func newBuilder(rounds int, names ...string) *builder {
	b := &builder{ct: Crosstable{Rounds: rounds, Scoring: Scoring210}}
	for i, n := range names {
		b.ct.Players = append(b.ct.Players, CrossEntry{ID: i + 1, Number: i + 1, Name: n})
	}
	return b
}

func (b *builder) add(id int, r CrossResult) {
	b.ct.Players[id-1].Results = append(b.ct.Players[id-1].Results, r)
}

// game records a game played in round r, white w against black bl, white scoring wp (2/1/0).
func (b *builder) game(r, w, bl, wp int) {
	b.add(w, CrossResult{Round: r, Opponent: bl, Colour: pairing.White, Kind: CrossPlayed, Points: wp})
	b.add(bl, CrossResult{Round: r, Opponent: w, Colour: pairing.Black, Kind: CrossPlayed, Points: 2 - wp})
}

// forfeit records that in round r `present` won by forfeit against `absent` (2-0).
func (b *builder) forfeit(r, present, absent int) {
	b.add(present, CrossResult{Round: r, Opponent: absent, Colour: pairing.White, Kind: CrossForfeitWin, Points: 2})
	b.add(absent, CrossResult{Round: r, Opponent: present, Colour: pairing.Black, Kind: CrossForfeitLoss, Points: 0})
}

func (b *builder) bye(r, id, pts int) { b.add(id, CrossResult{Round: r, Kind: CrossBye, Points: pts}) }

func (b *builder) absent(r, id int) { b.add(id, CrossResult{Round: r, Kind: CrossAbsent}) }

// row returns "name points tb1 tb2 ..." with raw integer values.
func row(s Standing) string {
	parts := []string{s.Entry.Name, fmt.Sprint(s.Points)}
	for _, v := range s.TieBreaks {
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, " ")
}

func byName(t *testing.T, st []Standing, name string) Standing {
	t.Helper()
	for _, s := range st {
		if s.Entry.Name == name {
			return s
		}
	}
	t.Fatalf("no standing for %s", name)
	return Standing{}
}

// fidDefault is the FID order of docs/pairing-fid.md §4.2.
var fidDefault = []TieBreak{TBQuoziente, TBSonnebornBerger, TBDirectEncounter}

// example210 is the 8-player Italo-Swiss of docs/pairing-fid.md §2.10, three rounds.
func example210() *builder {
	b := newBuilder(3, "1", "2", "3", "4", "5", "6", "7", "8")
	b.game(1, 1, 2, 2)
	b.game(1, 3, 4, 2)
	b.game(1, 5, 6, 1)
	b.game(1, 7, 8, 1)
	b.game(2, 3, 1, 1)
	b.game(2, 7, 5, 2)
	b.game(2, 8, 6, 0)
	b.game(2, 2, 4, 0)
	b.game(3, 6, 7, 2)
	b.game(3, 4, 1, 1)
	b.game(3, 5, 3, 2)
	b.game(3, 2, 8, 1)
	return b
}

// TestQuozienteExample210 checks the worked example of docs/pairing-fid.md §4.2: after 3 rounds
// (points / quoziente / SB) 6: 5/8/13; 1: 4/7/8; 5: 3/11/11; 3: 3/10/10; 7: 3/10/8;
// 4: 3/8/6; 8: 2/9/4; 2: 1/9/2, ranking 6, 1, 5, 3, 7, 4, 8, 2 with the default tie-breaks.
func TestQuozienteExample210(t *testing.T) {
	b := example210()
	b.ct.TieBreaks = fidDefault
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"6 5 8 13 0", "1 4 7 8 0", "5 3 11 11 0", "3 3 10 10 0", "7 3 10 8 0", "4 3 8 6 0", "8 2 9 4 0", "2 1 9 2 0"}
	for k, s := range st {
		if got := row(s); got != want[k] {
			t.Errorf("place %d: got %q, want %q", k+1, got, want[k])
		}
		if s.Rank != k+1 || s.RankTo != k+1 {
			t.Errorf("%s: place %s, want %d", s.Entry.Name, s.Place(), k+1)
		}
	}
	// Player 6: 1 draw, 2 wins in 3 games.
	if s := byName(t, st, "6"); s.Games != 3 || s.Wins != 2 || s.Draws != 1 || s.Losses != 0 {
		t.Errorf("player 6 games/wins/draws/losses = %d/%d/%d/%d, want 3/2/1/0", s.Games, s.Wins, s.Draws, s.Losses)
	}
}

// TestStandingsAfterRound1 shows that later rounds are ignored and that places are shared
// when every criterion ties. After round 1 of §2.10: 1 and 3 have 2 points, quoziente 0
// (their opponents 2 and 4 have 0), SB 0, never met: shared 1-2. 5, 6, 7, 8 have 1 point,
// quoziente 1, SB 1×1 = 1, not all met: shared 3-6. 2 and 4: 0 points, quoziente 2: 7-8.
func TestStandingsAfterRound1(t *testing.T) {
	b := example210()
	b.ct.TieBreaks = fidDefault
	st, err := ComputeStandings(&b.ct, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, s.Place()+":"+row(s))
	}
	want := "1-2:1 2 0 0 0|1-2:3 2 0 0 0|3-6:5 1 1 1 0|3-6:6 1 1 1 0|3-6:7 1 1 1 0|3-6:8 1 1 1 0|7-8:2 0 2 0 0|7-8:4 0 2 0 0"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("after round 1:\n got %s\nwant %s", g, want)
	}
	// Before round 1 everybody shares 1-8.
	st, err = ComputeStandings(&b.ct, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Place() != "1-8" || s.Points != 0 {
			t.Errorf("round 0: %s place %s points %d, want 1-8 and 0", s.Entry.Name, s.Place(), s.Points)
		}
	}
}

// unplayedEvent is a 5-player, 3-round Swiss with a bye, a forfeit and a withdrawal:
//
//	R1: A-B 2-0, C-D 1-1, E bye (2 points)
//	R2: A-C forfeit (C absent: A 2, C 0), B-E 2-0, D bye (2 points)
//	R3: D has withdrawn (absent, 0); A-E 1-1, B-C 0-2
//
// Ratings A 2000, B 1900, C 1800, D 1700, E unrated.
func unplayedEvent() *builder {
	b := newBuilder(3, "A", "B", "C", "D", "E")
	for i, r := range []int{2000, 1900, 1800, 1700, 0} {
		b.ct.Players[i].Rating = r
	}
	const A, B, C, D, E = 1, 2, 3, 4, 5
	b.game(1, A, B, 2)
	b.game(1, C, D, 1)
	b.bye(1, E, 2)
	b.forfeit(2, A, C)
	b.game(2, B, E, 2)
	b.bye(2, D, 2)
	b.absent(3, D)
	b.ct.Players[D-1].Withdrawn = true
	b.game(3, A, E, 1)
	b.game(3, B, C, 0)
	return b
}

// TestTieBreaksUnplayed checks every tie-break on unplayedEvent, computed by hand.
//
// Scores (2-1-0): A 2+2+1=5, B 0+2+0=2, C 1+0+2=3, D 1+2+0=3, E 2+0+1=3.
// Scores as opponents see them (rule 2: each unplayed round counts as a draw, 1):
// A 2+1+1=4, B 2 (all played), C 1+1+2=4, D 1+1+1=3, E 1+0+1=2.
// Contributions per round (rule 1: an unplayed round = dummy opponent with the OWN score):
//
//	A: B 2, forfeit win -> own 5, E 2        Bh 9  cut-1 7  median 2
//	B: A 4, E 2, C 4                         Bh 10 cut-1 8  median 4
//	C: D 3, forfeit loss -> own 3, B 2       Bh 8  cut-1 6  median 3
//	D: C 4, bye -> own 3, absent -> own 3    Bh 10 cut-1 7  median 3
//	E: bye -> own 3, B 2, A 4                Bh 9  cut-1 7  median 3
//
// Sonneborn-Berger = sum of (points in round) × contribution:
// A 2·2+2·5+1·2=16, B 0·4+2·2+0·4=4, C 1·3+0·3+2·2=7, D 1·4+2·3+0·3=10, E 2·3+0·2+1·4=10.
// Quoziente (played games only, real scores): A B2+E3=5, B A5+E3+C3=11, C D3+B2=5, D C3=3,
// E B2+A5=7. Wins with or without playing: A 2 (win, forfeit), B 1, C 1, D 1 (bye), E 1 (bye);
// over the board: A 1, B 1, C 1, D 0, E 0. Progressive: A 2+4+5=11, B 0+2+2=4, C 1+1+3=5,
// D 1+3+3=7, E 2+2+3=7. ARO (rated opponents over the board): A 1900 (E unrated), B
// (2000+1800)/2=1900, C (1700+1900)/2=1800, D 1800, E (1900+2000)/2=1950.
func TestTieBreaksUnplayed(t *testing.T) {
	b := unplayedEvent()
	b.ct.TieBreaks = []TieBreak{TBBuchholz, TBBuchholzCut1, TBBuchholzMedian, TBSonnebornBerger, TBQuoziente,
		TBWins, TBWinsPlayed, TBProgressive, TBAverageRating}
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"A": "A 5 9 7 2 16 5 2 1 11 1900",
		"B": "B 2 10 8 4 4 11 1 1 4 1900",
		"C": "C 3 8 6 3 7 5 1 1 5 1800",
		"D": "D 3 10 7 3 10 3 1 0 7 1800",
		"E": "E 3 9 7 3 10 7 1 0 7 1950",
	}
	for _, s := range st {
		if got := row(s); got != want[s.Entry.Name] {
			t.Errorf("%s:\n got %q\nwant %q (name points Bh Bh-1 Bh-M SB Quoz Win Won PS ARO)", s.Entry.Name, got, want[s.Entry.Name])
		}
	}
	// Order by Buchholz first: A (5); C, D, E on 3 with Bh 8, 10, 9 -> D, E, C; B (2).
	var order []string
	for _, s := range st {
		order = append(order, s.Place()+s.Entry.Name)
	}
	if g := strings.Join(order, " "); g != "1A 2D 3E 4C 5B" {
		t.Errorf("order %q, want 1A 2D 3E 4C 5B", g)
	}
	d := byName(t, st, "D")
	if d.Games != 1 || d.Draws != 1 || d.Byes != 1 || d.Absences != 1 || !d.Entry.Withdrawn {
		t.Errorf("D counts: %+v", d)
	}
	if a := byName(t, st, "A"); a.ForfeitWins != 1 || a.Games != 2 {
		t.Errorf("A: forfeit wins %d games %d, want 1 and 2", a.ForfeitWins, a.Games)
	}
}

// TestQuozienteVirtual: with the FIDE rule the quoziente equals the Buchholz (A 9, C 8...).
func TestQuozienteVirtual(t *testing.T) {
	b := unplayedEvent()
	b.ct.TieBreaks = []TieBreak{TBQuoziente, TBBuchholz}
	b.ct.Quoziente = QuozienteVirtual
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.TieBreaks[0] != s.TieBreaks[1] {
			t.Errorf("%s: quoziente %d != Buchholz %d", s.Entry.Name, s.TieBreaks[0], s.TieBreaks[1])
		}
	}
	if a := byName(t, st, "A"); a.TieBreaks[0] != 9 {
		t.Errorf("A quoziente (virtual) = %d, want 9", a.TieBreaks[0])
	}
}

// TestSharedPlaceAndDirectEncounter: C, D, E tie on 3 points; they did not all meet (D and
// E never played), so direct encounter does not separate them: they share 2-4.
func TestSharedPlaceAndDirectEncounter(t *testing.T) {
	b := unplayedEvent()
	b.ct.TieBreaks = []TieBreak{TBDirectEncounter}
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, s.Place()+s.Entry.Name)
	}
	if g := strings.Join(got, " "); g != "1A 2-4C 2-4D 2-4E 5B" {
		t.Errorf("got %q, want 1A 2-4C 2-4D 2-4E 5B", g)
	}
}

// TestDirectEncounterRoundRobin: 4-player round robin.
//
//	R1: A-B 2-0, C-D 1-1; R2: A-C 0-2, B-D 2-0; R3: A-D 1-1, B-C 1-1
//
// A 3, B 3, C 4, D 2. A and B met (A won): A 2nd with DE 2, B 3rd with DE 0.
// Three-way: same with Buchholz first leaves A, B tied? A's opponents B3 C4 D2 = 9, B's A3
// D2 C4 = 9: yes, so DE after Buchholz still decides.
func TestDirectEncounterRoundRobin(t *testing.T) {
	b := newBuilder(3, "A", "B", "C", "D")
	b.game(1, 1, 2, 2)
	b.game(1, 3, 4, 1)
	b.game(2, 1, 3, 0)
	b.game(2, 2, 4, 2)
	b.game(3, 1, 4, 1)
	b.game(3, 2, 3, 1)
	b.ct.TieBreaks = []TieBreak{TBBuchholz, TBDirectEncounter}
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, s.Place()+":"+row(s))
	}
	want := "1:C 4 8 0|2:A 3 9 2|3:B 3 9 0|4:D 2 10 0"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

// TestScoringScales: the same event in 1-½-0 and 3-1-0.
// 1-½-0 keeps half points: A 5 units = "2½"; Bh 9 = "4½"; SB 16 units / 4 = "4".
// 3-1-0: A win 3 + forfeit win 3 + draw 1 = 7; B 0+3+0 = 3; C 1+0+3 = 4; D 1+3+0 = 4; E 3+0+1 = 4.
func TestScoringScales(t *testing.T) {
	b := unplayedEvent()
	b.ct.Scoring = Scoring105
	b.ct.TieBreaks = []TieBreak{TBBuchholz, TBSonnebornBerger}
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	a := byName(t, st, "A")
	if got := b.ct.Scoring.Format(a.Points); got != "2½" {
		t.Errorf("A points %q, want 2½", got)
	}
	if got := TBBuchholz.Format(a.TieBreaks[0], b.ct.Scoring); got != "4½" {
		t.Errorf("A Buchholz %q, want 4½", got)
	}
	if got := TBSonnebornBerger.Format(a.TieBreaks[1], b.ct.Scoring); got != "4" {
		t.Errorf("A SB %q, want 4", got)
	}
	b.ct.Scoring = Scoring310
	st, err = ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"A": 7, "B": 3, "C": 4, "D": 4, "E": 4}
	for _, s := range st {
		if s.Points != want[s.Entry.Name] {
			t.Errorf("3-1-0: %s has %d, want %d", s.Entry.Name, s.Points, want[s.Entry.Name])
		}
	}
}

func TestFormatFraction(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want string
	}{{13, 1, "13"}, {3, 2, "1½"}, {1, 2, "½"}, {0, 2, "0"}, {9, 4, "2¼"}, {3, 4, "¾"}, {-3, 2, "-1½"}, {7, 3, "2.33"}} {
		if got := FormatFraction(c.n, c.d); got != c.want {
			t.Errorf("FormatFraction(%d, %d) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	names, err := ParseTieBreaks(" quoziente, Sonneborn-Berger ,buchholz-median")
	if err != nil {
		t.Fatal(err)
	}
	tbs, err := TieBreaksFromNames(names)
	if err != nil || len(tbs) != 3 || tbs[1] != TBSonnebornBerger || tbs[2] != TBBuchholzMedian {
		t.Errorf("TieBreaksFromNames = %v, %v", tbs, err)
	}
	// tournament.go's ParseTieBreaks refuses names this file does not compute.
	if _, err := ParseTieBreaks("buchholz,koya"); err == nil {
		t.Errorf("koya accepted by ParseTieBreaks")
	}
	if _, err := TieBreaksFromNames([]string{"koya"}); !errors.Is(err, ErrUnknownTieBreak) {
		t.Errorf("koya: err %v, want ErrUnknownTieBreak", err)
	}
	for _, sys := range Systems() {
		if _, err := TieBreaksFromNames(sys.DefaultTieBreaks()); err != nil {
			t.Errorf("default tie-breaks of %s: %v", sys, err)
		}
	}
	if s, err := ParseScoring("1-0.5-0"); err != nil || s != Scoring105 {
		t.Errorf("ParseScoring = %v, %v", s, err)
	}
	if _, err := ParseScoring("4-2-0"); !errors.Is(err, ErrUnknownScoring) {
		t.Errorf("4-2-0: err %v", err)
	}
}

func TestStandingsErrors(t *testing.T) {
	b := example210()
	if _, err := ComputeStandings(&b.ct, 4); !errors.Is(err, ErrRoundRange) {
		t.Errorf("round 4 of 3: err %v, want ErrRoundRange", err)
	}
	b.ct.TieBreaks = []TieBreak{"koya"}
	if _, err := ComputeStandings(&b.ct, 3); !errors.Is(err, ErrUnknownTieBreak) {
		t.Errorf("unknown tie-break: err %v", err)
	}
	b.ct.TieBreaks = nil
	// Player 2 claims a win in round 3 where 8 also has a draw: the board disagrees.
	b.ct.Players[1].Results[2].Points = 2
	if _, err := ComputeStandings(&b.ct, 3); !errors.Is(err, ErrInvalidCrosstable) || !strings.Contains(err.Error(), "round 3") {
		t.Errorf("disagreeing board: err %v, want ErrInvalidCrosstable naming round 3", err)
	}
	b = example210()
	b.add(1, CrossResult{Round: 2, Opponent: 99, Kind: CrossPlayed, Points: 1})
	if _, err := ComputeStandings(&b.ct, 3); !errors.Is(err, ErrInvalidCrosstable) {
		t.Errorf("duplicate slot: err %v", err)
	}
	b = newBuilder(1, "x", "y")
	b.add(1, CrossResult{Round: 1, Opponent: 2, Kind: CrossPlayed, Points: 2})
	if _, err := ComputeStandings(&b.ct, 1); !errors.Is(err, ErrInvalidCrosstable) {
		t.Errorf("one-sided board: err %v", err)
	}
}

// TestPendingAndDoubleForfeit: a pending board scores nothing and is counted; a double
// forfeit is 0-0 and unplayed for both.
func TestPendingAndDoubleForfeit(t *testing.T) {
	b := newBuilder(1, "p", "q", "r", "s")
	b.add(1, CrossResult{Round: 1, Opponent: 2, Kind: CrossPending})
	b.add(2, CrossResult{Round: 1, Opponent: 1, Kind: CrossPending})
	b.add(3, CrossResult{Round: 1, Opponent: 4, Kind: CrossForfeitLoss})
	b.add(4, CrossResult{Round: 1, Opponent: 3, Kind: CrossForfeitLoss})
	b.ct.TieBreaks = []TieBreak{TBBuchholz}
	st, err := ComputeStandings(&b.ct, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Points != 0 || s.Games != 0 || s.Place() != "1-4" {
			t.Errorf("%s: points %d games %d place %s", s.Entry.Name, s.Points, s.Games, s.Place())
		}
	}
	if p := byName(t, st, "p"); p.Pending != 1 {
		t.Errorf("pending count %d, want 1", p.Pending)
	}
}

// TestTwoGamesPerPairing (andata e ritorno): A and B play twice in round 1, A wins the first
// game and draws the second: A 2+1 = 3, B 0+1 = 1; C and D draw twice: 2 each. Buchholz
// counts each game: A 1+1 = 2, C 2+2 = 4. A second game when the event plays one is refused.
func TestTwoGamesPerPairing(t *testing.T) {
	b := newBuilder(1, "A", "B", "C", "D")
	b.ct.GamesPerRound = 2
	b.game(1, 1, 2, 2)
	b.game(1, 3, 4, 1)
	b.add(1, CrossResult{Round: 1, Game: 2, Opponent: 2, Colour: pairing.Black, Kind: CrossPlayed, Points: 1})
	b.add(2, CrossResult{Round: 1, Game: 2, Opponent: 1, Colour: pairing.White, Kind: CrossPlayed, Points: 1})
	b.add(3, CrossResult{Round: 1, Game: 2, Opponent: 4, Colour: pairing.Black, Kind: CrossPlayed, Points: 1})
	b.add(4, CrossResult{Round: 1, Game: 2, Opponent: 3, Colour: pairing.White, Kind: CrossPlayed, Points: 1})
	b.ct.TieBreaks = []TieBreak{TBBuchholz}
	st, err := ComputeStandings(&b.ct, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, s.Place()+":"+row(s))
	}
	if g := strings.Join(got, "|"); g != "1:A 3 2|2-3:C 2 4|2-3:D 2 4|4:B 1 6" {
		t.Errorf("got %s", g)
	}
	b.ct.GamesPerRound = 1
	if _, err := ComputeStandings(&b.ct, 1); !errors.Is(err, ErrInvalidCrosstable) {
		t.Errorf("game 2 with one game per pairing: err %v", err)
	}
}

// twoByesEvent is a 6-player, 3-round event not covered above: a player with two byes, a
// player withdrawn after round 1 (absent in rounds 2 and 3) and a double forfeit.
//
//	R1: A-B 2-0, C-D 1-1, E-F 2-0
//	R2: F absent (withdrawn); A-E 1-1, B-C 2-0, D bye (2 points)
//	R3: F absent; A-C 2-0, B-E double forfeit (0-0), D bye (2 points)
//
// Ratings A 2000, B 1900, C 1800, D 1700, E 1600, F unrated.
func twoByesEvent() *builder {
	b := newBuilder(3, "A", "B", "C", "D", "E", "F")
	for i, r := range []int{2000, 1900, 1800, 1700, 1600, 0} {
		b.ct.Players[i].Rating = r
	}
	const A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
	b.game(1, A, B, 2)
	b.game(1, C, D, 1)
	b.game(1, E, F, 2)
	b.ct.Players[F-1].Withdrawn = true
	b.absent(2, F)
	b.game(2, A, E, 1)
	b.game(2, B, C, 2)
	b.bye(2, D, 2)
	b.absent(3, F)
	b.game(3, A, C, 2)
	b.add(B, CrossResult{Round: 3, Opponent: E, Colour: pairing.White, Kind: CrossForfeitLoss})
	b.add(E, CrossResult{Round: 3, Opponent: B, Colour: pairing.Black, Kind: CrossForfeitLoss})
	b.bye(3, D, 2)
	return b
}

// TestTieBreaksTwoByes checks every tie-break on twoByesEvent, computed by hand.
//
// Scores: A 2+1+2=5, B 0+2+0=2, C 1+0+0=1, D 1+2+2=5, E 2+1+0=3, F 0+0+0=0.
// As opponents see them (each unplayed round a draw, 1): A 5, B 0+2+1=3, C 1, D 1+1+1=3,
// E 2+1+1=4, F 0+1+1=2.
// Contributions (unplayed round = dummy opponent with the player's own score):
//
//	A: B 3, E 4, C 1                              Bh 8  cut-1 7  median 3
//	B: A 5, C 1, double forfeit -> own 2          Bh 8  cut-1 7  median 2
//	C: D 3, B 3, A 5                              Bh 11 cut-1 8  median 3
//	D: C 1, bye -> own 5, bye -> own 5            Bh 11 cut-1 10 median 5
//	E: F 2, A 5, double forfeit -> own 3          Bh 10 cut-1 8  median 3
//	F: E 4, absent -> own 0, absent -> own 0      Bh 4  cut-1 4  median 0
//
// SB: A 2·3+1·4+2·1=12, B 0·5+2·1+0·2=2, C 1·3+0·3+0·5=3, D 1·1+2·5+2·5=21,
// E 2·2+1·5+0·3=9, F 0. Quoziente (played games, real scores): A B2+E3+C1=6, B A5+C1=6,
// C D5+B2+A5=12, D C1=1, E F0+A5=5, F E3=3. Wins with or without playing: A 2, B 1, C 0,
// D 2 (two byes), E 1, F 0; over the board: A 2, B 1, C 0, D 0, E 1, F 0. Progressive:
// A 2+3+5=10, B 0+2+2=4, C 1+1+1=3, D 1+3+5=9, E 2+3+3=8, F 0. ARO: A (1900+1600+1800)/3
// =1766.7 -> 1767, B (2000+1800)/2=1900, C (1700+1900+2000)/3=1866.7 -> 1867, D 1800,
// E 2000 (F unrated), F 1600.
func TestTieBreaksTwoByes(t *testing.T) {
	b := twoByesEvent()
	b.ct.TieBreaks = []TieBreak{TBBuchholz, TBBuchholzCut1, TBBuchholzMedian, TBSonnebornBerger, TBQuoziente,
		TBWins, TBWinsPlayed, TBProgressive, TBAverageRating}
	st, err := ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"A": "A 5 8 7 3 12 6 2 2 10 1767",
		"B": "B 2 8 7 2 2 6 1 1 4 1900",
		"C": "C 1 11 8 3 3 12 0 0 3 1867",
		"D": "D 5 11 10 5 21 1 2 0 9 1800",
		"E": "E 3 10 8 3 9 5 1 1 8 2000",
		"F": "F 0 4 4 0 0 3 0 0 0 1600",
	}
	for _, s := range st {
		if got := row(s); got != want[s.Entry.Name] {
			t.Errorf("%s:\n got %q\nwant %q (name points Bh Bh-1 Bh-M SB Quoz Win Won PS ARO)", s.Entry.Name, got, want[s.Entry.Name])
		}
	}
	d, e, f := byName(t, st, "D"), byName(t, st, "E"), byName(t, st, "F")
	if d.Games != 1 || d.Draws != 1 || d.Byes != 2 {
		t.Errorf("D: games %d draws %d byes %d, want 1 1 2", d.Games, d.Draws, d.Byes)
	}
	if e.Games != 2 || e.ForfeitLosses != 1 || e.ForfeitWins != 0 {
		t.Errorf("E: games %d forfeit losses %d wins %d, want 2 1 0", e.Games, e.ForfeitLosses, e.ForfeitWins)
	}
	if f.Games != 1 || f.Losses != 1 || f.Absences != 2 || !f.Entry.Withdrawn {
		t.Errorf("F: %+v", f)
	}
	// Order by Buchholz: D (5, Bh 11) before A (5, Bh 8); E 3; B 2; C 1; F 0.
	// By direct encounter alone A and D never met: they share 1-2.
	for _, c := range []struct {
		tbs  []TieBreak
		want string
	}{
		{[]TieBreak{TBBuchholz, TBDirectEncounter}, "1D 2A 3E 4B 5C 6F"},
		{[]TieBreak{TBDirectEncounter}, "1-2A 1-2D 3E 4B 5C 6F"},
	} {
		b.ct.TieBreaks = c.tbs
		st, err := ComputeStandings(&b.ct, 3)
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, s := range st {
			order = append(order, s.Place()+s.Entry.Name)
		}
		if g := strings.Join(order, " "); g != c.want {
			t.Errorf("%v: order %q, want %q", c.tbs, g, c.want)
		}
	}
	// After round 2 (round 3 ignored, also in the opponents' scores): A 3 with opponents
	// B 2 (0+2, both played) and E 3 (2+1): Bh 5; D 3: C 1, bye -> own 3: Bh 4; F, absent in
	// round 2, has 0 + own 0 = Bh of E's adjusted 3 (2+1) + 0 = 3.
	b.ct.TieBreaks = []TieBreak{TBBuchholz}
	st, err = ComputeStandings(&b.ct, 2)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"A": 5, "D": 4, "F": 3} {
		if s := byName(t, st, name); s.TieBreaks[0] != want {
			t.Errorf("after round 2: %s Bh %d, want %d", name, s.TieBreaks[0], want)
		}
	}
	// Displays: 1-½-0 keeps half points (A "2½"), SB in quarters (D 21/4 = "5¼");
	// 3-1-0: A 3+1+3 = 7, D 1+3+3 = 7 (a bye of 2 game points is a win), E 3+1+0 = 4.
	b.ct.Scoring = Scoring105
	b.ct.TieBreaks = []TieBreak{TBSonnebornBerger}
	st, err = ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.ct.Scoring.Format(byName(t, st, "A").Points); got != "2½" {
		t.Errorf("1-½-0: A points %q, want 2½", got)
	}
	if got := TBSonnebornBerger.Format(byName(t, st, "D").TieBreaks[0], b.ct.Scoring); got != "5¼" {
		t.Errorf("1-½-0: D SB %q, want 5¼", got)
	}
	b.ct.Scoring = Scoring310
	st, err = ComputeStandings(&b.ct, 3)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"A": 7, "D": 7, "E": 4, "B": 3, "C": 1, "F": 0} {
		if s := byName(t, st, name); s.Points != want {
			t.Errorf("3-1-0: %s has %d, want %d", name, s.Points, want)
		}
	}
}

// ComputeStandingsAsOf leaves out of the standings after round k the late entrants who
// joined after round k+1 was paired, and keeps those of round k+1 (the standings round
// k+1 is paired from), placed among themselves.
func TestComputeStandingsAsOf(t *testing.T) {
	ct := &Crosstable{Rounds: 3, Scoring: Scoring210, Players: []CrossEntry{
		{ID: 1, Number: 1, Name: "A", JoinedRound: 1, Results: []CrossResult{{Round: 1, Opponent: 2, Kind: CrossPlayed, Points: 2, Colour: pairing.White}}},
		{ID: 2, Number: 2, Name: "B", JoinedRound: 1, Results: []CrossResult{{Round: 1, Opponent: 1, Kind: CrossPlayed, Points: 0, Colour: pairing.Black}}},
		{ID: 3, Number: 3, Name: "C", JoinedRound: 2},
		{ID: 4, Number: 4, Name: "D", JoinedRound: 3},
		// an entry that says round 3 but was paired in round 2 (an older import)
		{ID: 5, Number: 5, Name: "E", JoinedRound: 3, Results: []CrossResult{{Round: 2, Kind: CrossBye, Points: 2}}},
	}}
	names := func(st []Standing) string {
		var s []string
		for _, r := range st {
			s = append(s, r.Entry.Name+"@"+r.Place())
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		after int
		want  string
	}{{0, "A@1-2 B@1-2"}, {1, "A@1 B@2-4 C@2-4 E@2-4"}, {2, "A@1-2 E@1-2 B@3-5 C@3-5 D@3-5"}} {
		st, err := ComputeStandingsAsOf(ct, c.after)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(st); got != c.want {
			t.Errorf("after round %d: %s, want %s", c.after, got, c.want)
		}
	}
}
