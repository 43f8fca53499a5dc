package pairing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// hist builds a history of played matches against teams that are not in the event
// (ids 900+), from a colour string ("WBB"), each worth mp match points and gp game
// points.
func hist(colours string, mp, gp int) []TeamRound {
	var h []TeamRound
	for i, c := range colours {
		col := White
		if c == 'B' {
			col = Black
		}
		h = append(h, TeamRound{Number: i + 1, Opponent: 900 + i, Colour: col, Kind: Played, MatchPoints: mp, GamePoints: gp})
	}
	return h
}

func cols(s string) []Colour {
	var cs []Colour
	for _, c := range s {
		if c == 'W' {
			cs = append(cs, White)
		} else {
			cs = append(cs, Black)
		}
	}
	return cs
}

func TestTeamPreference(t *testing.T) {
	type want struct {
		c Colour
		s int
	}
	cases := []struct {
		colours string
		last    bool
		a, b    want
	}{
		{"", false, want{}, want{}},
		{"W", false, want{}, want{Black, 1}},           // cd +1: B mild
		{"B", true, want{}, want{White, 1}},            // cd −1: mild even in the last round
		{"WB", false, want{}, want{White, 1}},          // cd 0 after Black: mild White
		{"WB", true, want{}, want{}},                   // ... but not in the last round
		{"BW", false, want{}, want{Black, 1}},          // cd 0 after White
		{"WBB", false, want{White, 1}, want{White, 2}}, // cd −1 and BB
		{"BWW", false, want{Black, 1}, want{Black, 2}}, // cd +1 and WW
		{"BBWW", true, want{Black, 1}, want{Black, 2}}, // cd 0 and WW, last round too
		{"BBW", false, want{}, want{White, 1}},         // cd −1, last two BW: type A none, type B mild White
		{"BBB", false, want{White, 1}, want{White, 2}}, // cd −3
		{"WWWBB", false, want{}, want{Black, 1}},       // cd +1 after BB: not the White rule (cd 0 or −1); mild Black
		{"WWWBB", true, want{}, want{Black, 1}},        // cd +1: mild even in the last round
	}
	for _, c := range cases {
		pa, sa := teamPreference(cols(c.colours), TeamColoursA, c.last)
		pb, sb := teamPreference(cols(c.colours), TeamColoursB, c.last)
		if (want{pa, sa}) != c.a || (want{pb, sb}) != c.b {
			t.Errorf("%q last=%v: type A %v/%d (want %v/%d), type B %v/%d (want %v/%d)", c.colours, c.last, pa, sa, c.a.c, c.a.s, pb, sb, c.b.c, c.b.s)
		}
	}
}

func TestTeamAllocateSteps(t *testing.T) {
	mk := func(id, number, primary, secondary int, colours string, rule TeamColourRule) *tteam {
		x := &tteam{id: id, number: number, primary: primary, secondary: secondary, colours: cols(colours)}
		x.pref, x.strength = teamPreference(x.colours, rule, false)
		return x
	}
	cases := []struct {
		name       string
		rule       TeamColourRule
		a, b       *tteam
		white, stp int
	}{
		{"1 odd TPN first gets the initial colour", TeamColoursB, mk(1, 3, 0, 0, "", TeamColoursB), mk(2, 8, 0, 0, "", TeamColoursB), 1, 1},
		{"1 even TPN first gets the other colour", TeamColoursB, mk(1, 4, 0, 0, "", TeamColoursB), mk(2, 8, 0, 0, "", TeamColoursB), 2, 1},
		{"1 the first team by score, not TPN", TeamColoursB, mk(1, 4, 2, 0, "", TeamColoursB), mk(2, 3, 0, 0, "", TeamColoursB), 2, 1},
		{"2 one preference", TeamColoursA, mk(1, 1, 2, 0, "WW", TeamColoursA), mk(2, 2, 2, 0, "", TeamColoursA), 2, 2},
		{"3 opposite preferences", TeamColoursB, mk(1, 1, 2, 0, "W", TeamColoursB), mk(2, 2, 2, 0, "B", TeamColoursB), 2, 3},
		{"4 the strong preference", TeamColoursB, mk(1, 1, 2, 0, "B", TeamColoursB), mk(2, 2, 2, 0, "WBB", TeamColoursB), 2, 4},
		{"5 lower colour difference (type A, no preferences)", TeamColoursA, mk(1, 1, 2, 0, "WBW", TeamColoursA), mk(2, 2, 2, 0, "BW", TeamColoursA), 2, 5},
		{"6 alternation from the latest different colours", TeamColoursNone, mk(1, 1, 2, 0, "WB", TeamColoursNone), mk(2, 2, 2, 0, "BW", TeamColoursNone), 1, 6},
		{"7 the first team's preference", TeamColoursB, mk(1, 5, 2, 3, "W", TeamColoursB), mk(2, 2, 2, 1, "W", TeamColoursB), 2, 7},
		{"7 the first team by secondary score", TeamColoursB, mk(1, 5, 2, 3, "B", TeamColoursB), mk(2, 2, 2, 1, "B", TeamColoursB), 1, 7},
		{"8 the first team's last colour alternated", TeamColoursNone, mk(1, 1, 2, 0, "WB", TeamColoursNone), mk(2, 2, 2, 0, "", TeamColoursNone), 1, 8},
		{"9 the other team's last colour alternated", TeamColoursNone, mk(1, 1, 2, 0, "", TeamColoursNone), mk(2, 2, 2, 0, "WB", TeamColoursNone), 2, 9},
	}
	for _, c := range cases {
		for _, swap := range []bool{false, true} {
			a, b := c.a, c.b
			if swap {
				a, b = b, a
			}
			w, bl, step := teamAllocate(a, b, c.rule, White)
			if w != c.white || step != c.stp || w+bl != 3 {
				t.Errorf("%s (swapped %v): white %d step %d, want white %d step %d", c.name, swap, w, step, c.white, c.stp)
			}
		}
	}
}

// TestTeamSwissStrongPreferenceDecides: four teams of one score bracket, where the
// first candidate of the Dutch order leaves a strong preference unmet and the second a
// mild one only: type B (C13, C.04.6's strong preferences) takes the second.
func TestTeamSwissStrongPreferenceDecides(t *testing.T) {
	teams := []Team{
		{ID: 1, Number: 1, MatchPoints: 3, History: hist("WBB", 1, 4), Available: true}, // strong White
		{ID: 2, Number: 2, MatchPoints: 3, History: hist("WBW", 1, 4), Available: true}, // mild Black
		{ID: 3, Number: 3, MatchPoints: 3, History: hist("WBB", 1, 4), Available: true}, // strong White
		{ID: 4, Number: 4, MatchPoints: 3, History: hist("BWB", 1, 4), Available: true}, // mild White
	}
	res, err := TeamSwiss(teams, TeamSwissOptions{Round: 4, Rounds: 7, Colours: TeamColoursB})
	if err != nil {
		t.Fatal(err)
	}
	want := []Pair{{Board: 1, White: 1, Black: 4}, {Board: 2, White: 3, Black: 2}}
	if !slices.Equal(res.Pairs, want) {
		t.Fatalf("type B: %v, want %v", res.Pairs, want)
	}
	// type A: both teams 1 and 3 have a (simple) preference, 2 and 4 none: the first
	// candidate (1-3, 2-4) leaves one preference unmet, (1-4, 2-3) none.
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 4, Rounds: 7, Colours: TeamColoursA})
	if err != nil {
		t.Fatal(err)
	}
	if got := unordered(res.Pairs); !slices.Equal(got, [][2]int{{1, 4}, {2, 3}}) {
		t.Fatalf("type A: %v", res.Pairs)
	}
	// the individual rules: 1 and 3 have an absolute preference for White (C3).
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 4, Rounds: 7, Colours: TeamColoursDutch})
	if err != nil {
		t.Fatal(err)
	}
	if got := unordered(res.Pairs); slices.Contains(got, [2]int{1, 3}) {
		t.Fatalf("individual rules: %v pairs two absolute White preferences", res.Pairs)
	}
	// no preferences: the Dutch order's first candidate, 1-3 and 2-4
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 4, Rounds: 7, Colours: TeamColoursNone})
	if err != nil {
		t.Fatal(err)
	}
	if got := unordered(res.Pairs); !slices.Equal(got, [][2]int{{1, 3}, {2, 4}}) {
		t.Fatalf("no preferences: %v", res.Pairs)
	}
}

// TestTeamSwissPrimaryScore: the same teams bracketed by match points and by game
// points.
func TestTeamSwissPrimaryScore(t *testing.T) {
	teams := []Team{
		{ID: 1, Number: 1, MatchPoints: 2, GamePoints: 8, History: hist("W", 2, 8), Available: true},
		{ID: 2, Number: 2, MatchPoints: 2, GamePoints: 5, History: hist("B", 2, 5), Available: true},
		{ID: 3, Number: 3, MatchPoints: 0, GamePoints: 7, History: hist("W", 0, 7)[:1], Available: true},
		{ID: 4, Number: 4, MatchPoints: 0, GamePoints: 1, History: hist("B", 0, 1), Available: true},
	}
	teams[2].History[0].Opponent = 950
	res, err := TeamSwiss(teams, TeamSwissOptions{Round: 2, Colours: TeamColoursNone})
	if err != nil {
		t.Fatal(err)
	}
	if got := unordered(res.Pairs); !slices.Equal(got, [][2]int{{1, 2}, {3, 4}}) {
		t.Fatalf("by match points: %v", res.Pairs)
	}
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 2, Colours: TeamColoursNone, Score: TeamByGamePoints})
	if err != nil {
		t.Fatal(err)
	}
	if got := unordered(res.Pairs); !slices.Equal(got, [][2]int{{1, 3}, {2, 4}}) {
		t.Fatalf("by game points: %v", res.Pairs)
	}
	if res.Floats[1] != Down || res.Floats[3] != Up {
		t.Fatalf("floats %v", res.Floats)
	}
	var floats []string
	for _, n := range res.Notes {
		if n.Code == TeamNoteFloat {
			floats = append(floats, fmt.Sprint(n.Args))
		}
	}
	if strings.Join(floats, " ") != "[1 8 7] [2 5 1]" {
		t.Fatalf("float notes %v", floats)
	}
}

// TestTeamSwissRoundOne: top half against bottom half, colours alternating from the
// initial colour by TPN, the bye to the last TPN, and the notes.
func TestTeamSwissRoundOne(t *testing.T) {
	var teams []Team
	for i := 1; i <= 9; i++ {
		teams = append(teams, Team{ID: 10 * i, Number: i, Available: true})
	}
	res, err := TeamSwiss(teams, TeamSwissOptions{Rounds: 5, InitialColour: Black})
	if err != nil {
		t.Fatal(err)
	}
	want := []Pair{{1, 50, 10}, {2, 20, 60}, {3, 70, 30}, {4, 40, 80}}
	if !slices.Equal(res.Pairs, want) || res.Bye != 90 || res.InitialColour != Black {
		t.Fatalf("%v bye %d", res.Pairs, res.Bye)
	}
	var got []string
	for _, n := range res.Notes {
		got = append(got, fmt.Sprint(n.Code, n.Args))
	}
	wantNotes := "rule[0 0 2] bracket[0 9] float[90 0 -1] bye[90 0 0] colour[1 50 10 1] colour[2 20 60 1] colour[3 70 30 1] colour[4 40 80 1]"
	if strings.Join(got, " ") != wantNotes {
		t.Fatalf("notes\n%s\nwant\n%s", strings.Join(got, " "), wantNotes)
	}
	// the lot draws the initial colour from the seed
	a, _ := TeamSwiss(teams, TeamSwissOptions{Seed: 7})
	if a.InitialColour != LotColour(7) {
		t.Fatalf("initial colour %v, lot %v", a.InitialColour, LotColour(7))
	}
}

func TestTeamSwissErrors(t *testing.T) {
	ok := []Team{{ID: 1, Number: 1, Available: true}, {ID: 2, Number: 2, Available: true}}
	cases := []struct {
		teams []Team
		opt   TeamSwissOptions
		want  error
		text  string
	}{
		{[]Team{{ID: 0, Number: 1, Available: true}}, TeamSwissOptions{}, ErrBadSnapshot, "team id 0"},
		{[]Team{{ID: 1, Number: 1, Available: true}, {ID: 1, Number: 2}}, TeamSwissOptions{}, ErrBadSnapshot, "appears twice"},
		{[]Team{{ID: 1, Number: 1, Available: true}, {ID: 2, Number: 1, Available: true}}, TeamSwissOptions{}, ErrBadSnapshot, "share pairing number 1"},
		{ok, TeamSwissOptions{Score: 5}, ErrTeamSnapshot, "pairing score 5"},
		{ok, TeamSwissOptions{Colours: 9}, ErrTeamSnapshot, "colour rule 9"},
		{[]Team{{ID: 1, Number: 1, Available: true, History: []TeamRound{{Number: 1, Kind: 9}}}}, TeamSwissOptions{}, ErrTeamSnapshot, "team 1, round 1"},
		{[]Team{
			{ID: 1, Number: 1, Available: true, History: []TeamRound{{Number: 1, Opponent: 2, Kind: Played, Colour: White}}},
			{ID: 2, Number: 2, Available: true, History: []TeamRound{{Number: 1, Opponent: 1, Kind: Played, Colour: Black}}},
		}, TeamSwissOptions{}, ErrNoPairing, "2 teams cannot all be paired in round 2"},
		{ok, TeamSwissOptions{Forbidden: [][2]int{{2, 1}}}, ErrNoPairing, "teams"},
	}
	for _, c := range cases {
		_, err := TeamSwiss(c.teams, c.opt)
		if !errors.Is(err, c.want) || !strings.Contains(fmt.Sprint(err), c.text) {
			t.Errorf("%v: error %v, want %v with %q", c.teams, err, c.want, c.text)
		}
	}
	// two teams whose only match was forfeited may be paired again (C.04.2 Art. 3.5)
	forf := []Team{
		{ID: 1, Number: 1, Available: true, MatchPoints: 2, History: []TeamRound{{Number: 1, Opponent: 2, Kind: ForfeitWin, MatchPoints: 2}}},
		{ID: 2, Number: 2, Available: true, History: []TeamRound{{Number: 1, Opponent: 1, Kind: ForfeitLoss}}},
	}
	if res, err := TeamSwiss(forf, TeamSwissOptions{}); err != nil || len(res.Pairs) != 1 {
		t.Fatalf("forfeited match: %v %v", res.Pairs, err)
	}
}

// TestTeamSwissByeRules: no second bye, none after a forfeit win or a full-point bye
// (match points of a won match, WinMatchPoints), and the lowest score first.
func TestTeamSwissByeRules(t *testing.T) {
	teams := []Team{
		{ID: 1, Number: 1, MatchPoints: 4, History: hist("WB", 2, 6), Available: true},
		{ID: 2, Number: 2, MatchPoints: 2, History: []TeamRound{{Number: 1, Kind: Bye, MatchPoints: 2}, {Number: 2, Opponent: 901, Kind: Played, Colour: White}}, Available: true},
		{ID: 3, Number: 3, MatchPoints: 3, History: []TeamRound{{Number: 1, Kind: Absent, MatchPoints: 3}, {Number: 2, Opponent: 902, Kind: Played, Colour: Black}}, Available: true},
		{ID: 4, Number: 4, MatchPoints: 2, History: []TeamRound{{Number: 1, Opponent: 903, Kind: ForfeitWin, MatchPoints: 2}, {Number: 2, Opponent: 904, Kind: Played, Colour: Black}}, Available: true},
		{ID: 5, Number: 5, MatchPoints: 3, History: []TeamRound{{Number: 1, Opponent: 905, Kind: Played, Colour: White, MatchPoints: 2}, {Number: 2, Opponent: 906, Kind: Played, Colour: Black, MatchPoints: 1}}, Available: true},
	}
	// scale 3/1/0: team 3's absence with 3 match points is a full-point bye, so the
	// lowest eligible team is 5 (3 points), not 2 (bye) nor 4 (forfeit win) nor 3
	res, err := TeamSwiss(teams, TeamSwissOptions{Round: 3, WinMatchPoints: 3})
	if err != nil || res.Bye != 5 {
		t.Fatalf("bye %d (%v), want 5", res.Bye, err)
	}
	// at 2/1/0... the same absence is then above a win: still no bye for 3
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 3})
	if err != nil || res.Bye != 5 {
		t.Fatalf("bye %d (%v), want 5", res.Bye, err)
	}
	// with a scale of 4 for a win, the absence of 3 is not a full point: 3 and 5 tie
	// at 3 points, the lower ranked (TPN 5) gets it
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 3, WinMatchPoints: 4})
	if err != nil || res.Bye != 5 {
		t.Fatalf("bye %d (%v), want 5", res.Bye, err)
	}
	teams[4].MatchPoints = 6
	res, err = TeamSwiss(teams, TeamSwissOptions{Round: 3, WinMatchPoints: 4})
	if err != nil || res.Bye != 3 {
		t.Fatalf("bye %d (%v), want 3", res.Bye, err)
	}
}
