package trf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// teamLines are a team section at the columns of TRF-2026 (310: 5-7, 9-40, 42-46,
// 48-53, 55-60, 62-67, 69-71, players every 5 columns from 74), in the order
// Teams.Lines writes.
var teamLines = []string{
	"352 WB",
	"362 TW 3.0   TD 1.0   TL 0.0",
	"310   1 Damasco Pesaro                   DPE     2150    4.0    6.5   1     1    4    7",
	"310   2 Circolo Urbino                   CUR     2100    3.0    5.0   2     2    5",
	"310   3 Dama Fano                                        0.0    1.5   3     3    6",
	"320  3.0  2.0 003 000 002",
	"330 +- 002 001 002",
	"300 002 001 003 0007 0000",
}

func smallWithTeams(t *testing.T) []byte {
	t.Helper()
	return append(readSmall(t), []byte(strings.Join(teamLines, "\n")+"\n")...)
}

func TestTeamsRoundTrip(t *testing.T) {
	in := smallWithTeams(t)
	f, err := Parse(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := ParseTeams(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := &Teams{
		Teams: []TeamRecord{
			{Number: 1, Name: "Damasco Pesaro", Nickname: "DPE", Strength: "2150", MatchPoints: 40, GamePoints: 65, Rank: 1, Members: []int{1, 4, 7}},
			{Number: 2, Name: "Circolo Urbino", Nickname: "CUR", Strength: "2100", MatchPoints: 30, GamePoints: 50, Rank: 2, Members: []int{2, 5}},
			{Number: 3, Name: "Dama Fano", MatchPoints: 0, GamePoints: 15, Rank: 3, Members: []int{3, 6}},
		},
		BoardColours: "WB",
		Points:       &TeamPoints{Win: 30, Draw: 10, Loss: 0},
		PAB:          []TeamPAB{{MatchPoints: 30, GamePoints: 20, Teams: []int{3, 0, 2}}},
		Forfeits:     []TeamForfeit{{Type: "+-", Round: 2, White: 1, Black: 2}},
		LineUps:      []TeamLineUp{{Round: 2, Team: 1, Opponent: 3, Players: []int{7, 0}}},
	}
	if !reflect.DeepEqual(ts, want) {
		t.Fatalf("ParseTeams\n%+v\nwant\n%+v", ts, want)
	}
	if other, err := TeamsOf(f); err != nil || !reflect.DeepEqual(other, ts) {
		t.Fatalf("TeamsOf %+v %v", other, err)
	}
	if err := CheckTeams(f, ts); err != nil {
		t.Fatal(err)
	}
	if got := ts.Lines(); !reflect.DeepEqual(got, teamLines) {
		t.Fatalf("Lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(teamLines, "\n"))
	}
	// Parse keeps the team lines; Write writes them back: byte for byte
	var out bytes.Buffer
	if err := Write(&out, f); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Fatalf("Write\n%s\nwant\n%s", out.Bytes(), in)
	}
	// SetTeams replaces them: a changed section is written, the rest stays
	ts.Teams[2].Name = "Dama Fano 1960"
	ts.Forfeits = nil
	SetTeams(f, ts)
	out.Reset()
	if err := Write(&out, f); err != nil {
		t.Fatal(err)
	}
	back, err := ParseTeams(bytes.NewReader(out.Bytes()))
	if err != nil || !reflect.DeepEqual(back, ts) {
		t.Fatalf("after SetTeams: %+v %v", back, err)
	}
	if strings.Contains(out.String(), "330 ") || !strings.Contains(out.String(), "Dama Fano 1960") {
		t.Fatalf("after SetTeams:\n%s", out.String())
	}
	SetTeams(f, nil)
	if ts, _ := TeamsOf(f); len(ts.Teams) != 0 || ts.Points != nil {
		t.Fatalf("SetTeams(nil) left %+v", ts)
	}
}

// TestTeams013: the TRF-16 team record, numbered by its order, written back as it was.
func TestTeams013(t *testing.T) {
	lines := []string{
		"013 Damasco Pesaro                     1    4    7",
		"013 Circolo Urbino                     2    5",
	}
	ts, err := ParseTeams(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	want := []TeamRecord{
		{Number: 1, Name: "Damasco Pesaro", MatchPoints: -1, GamePoints: -1, Members: []int{1, 4, 7}, Legacy: true},
		{Number: 2, Name: "Circolo Urbino", MatchPoints: -1, GamePoints: -1, Members: []int{2, 5}, Legacy: true},
	}
	if !reflect.DeepEqual(ts.Teams, want) {
		t.Fatalf("%+v", ts.Teams)
	}
	if got := ts.Lines(); !reflect.DeepEqual(got, lines) {
		t.Fatalf("Lines\n%q\nwant\n%q", got, lines)
	}
}

// TestTeamsRandomRoundTrip: random sections survive Lines and ParseTeams unchanged.
func TestTeamsRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	word := func(n int) string {
		b := make([]byte, 1+rng.IntN(n))
		for i := range b {
			b[i] = "abcdefghij XYZ"[rng.IntN(14)]
		}
		return strings.TrimSpace(string(b)) + "x"
	}
	ids := func(n, hi int) []int {
		var out []int
		for range n {
			out = append(out, 1+rng.IntN(hi))
		}
		return out
	}
	for range 300 {
		ts := &Teams{}
		for k := range 1 + rng.IntN(6) {
			tr := TeamRecord{Number: k + 1, Name: word(30), MatchPoints: -1, GamePoints: -1, Members: ids(1+rng.IntN(14), 9999)}
			if rng.IntN(4) == 0 {
				tr.Legacy = true
			} else {
				tr.Nickname, tr.Strength, tr.Rank = word(4), fmt.Sprint(rng.IntN(3000)), rng.IntN(999)
				tr.MatchPoints, tr.GamePoints = rng.IntN(10000)-1, 5*rng.IntN(2000)-1
			}
			ts.Teams = append(ts.Teams, tr)
		}
		if rng.IntN(2) == 0 {
			ts.BoardColours = "WBBW"[:1+rng.IntN(4)]
			ts.Points = &TeamPoints{Win: 10 * rng.IntN(4), Draw: 5 * rng.IntN(3), Loss: 0}
			ts.PAB = []TeamPAB{{MatchPoints: 20, GamePoints: 5 * rng.IntN(20), Teams: ids(1+rng.IntN(11), 999)}}
			ts.Forfeits = []TeamForfeit{{Type: []string{"+-", "-+", "--"}[rng.IntN(3)], Round: 1 + rng.IntN(999), White: 1 + rng.IntN(999), Black: 1 + rng.IntN(999)}}
			ts.LineUps = []TeamLineUp{{Round: 1 + rng.IntN(99), Team: 1 + rng.IntN(999), Opponent: 1 + rng.IntN(999), Players: append(ids(1+rng.IntN(10), 9999), 0)}}
		}
		text := strings.Join(ts.Lines(), "\n")
		back, err := ParseTeams(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		// 013 records are numbered by their order among the 013 records
		leg := 0
		for i := range ts.Teams {
			if ts.Teams[i].Legacy {
				leg++
				ts.Teams[i].Number = leg
			}
		}
		if !reflect.DeepEqual(back, ts) {
			t.Fatalf("round trip\n%+v\n%+v\n%s", back, ts, text)
		}
	}
}

func TestTeamsErrors(t *testing.T) {
	cases := []struct{ line, want string }{
		{"310 abc Team", "team pairing number \"abc\""},
		{"310     Team", "team pairing number (columns 5-7) is blank"},
		{"310   1 Team                                            x.0", "match points \"x.0\""},
		{"310   2 Circolo Urbino                   CUR     2100    3.0    5.0   2     2    x", "player 2 \"x\" (columns 79-82)"},
		{"330 ++ 001 001 002", "type \"++\""},
		{"330 +- 001 001", "black team (columns 16-18) is blank"},
		{"300 001 001 002 00a1", "board 1 \"00a1\""},
		{"320 2.0  x.0 001", "game points \"x.0\""},
		{"352 WBX", "W and B letters"},
		{"362 TW 2.0 TQ 1.0", "code \"TQ\""},
		{"362 TW", "codes and points"},
		{"013 Team                             0x1", "player 1 \"0x1\""},
	}
	for _, c := range cases {
		_, err := ParseTeams(strings.NewReader("012 x\n" + c.line + "\n"))
		var te *Error
		if !errors.As(err, &te) || te.Line != 2 || !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want line 2 and %q", c.line, err, c.want)
		}
	}
}

func TestCheckTeams(t *testing.T) {
	f, err := Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	good := func() *Teams {
		return &Teams{Teams: []TeamRecord{{Number: 1, Name: "A", Members: []int{1, 2}}, {Number: 2, Name: "B", Members: []int{3, 4}}}}
	}
	if err := CheckTeams(f, good()); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		change func(*Teams)
		want   string
	}{
		{func(ts *Teams) { ts.Teams[1].Members = []int{3, 9} }, "player 9, who has no 001 record"},
		{func(ts *Teams) { ts.Teams[1].Members = []int{3, 1} }, "player 1 is in teams \"A\" and \"B\""},
		{func(ts *Teams) { ts.Teams[1].Number = 1 }, "share pairing number 1"},
		{func(ts *Teams) { ts.Teams[1].Number = 0 }, "pairing number 0"},
		{func(ts *Teams) { ts.PAB = []TeamPAB{{Teams: []int{0, 5}}} }, "round 2's bye to team 5"},
		{func(ts *Teams) { ts.Forfeits = []TeamForfeit{{Type: "+-", Round: 1, White: 1, Black: 1}} }, "330 +- round 1"},
		{func(ts *Teams) { ts.LineUps = []TeamLineUp{{Round: 1, Team: 1, Opponent: 2, Players: []int{1, 8}}} }, "lines up player 8"},
		{func(ts *Teams) { ts.LineUps = []TeamLineUp{{Round: 0, Team: 1, Opponent: 2}} }, "300 round 0"},
	}
	for _, c := range cases {
		ts := good()
		c.change(ts)
		if err := CheckTeams(f, ts); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}

// FuzzParseTeams: any input either fails with a *Error or reads to a section that
// Lines writes and ParseTeams reads back to the same section.
func FuzzParseTeams(f *testing.F) {
	f.Add(strings.Join(teamLines, "\n"))
	f.Add("013 Damasco Pesaro                     1    4    7\n013 B   2")
	f.Add("330 -- 001 002 003\n300 001 001 002 0000\n320 2.0 1.0")
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := ParseTeams(strings.NewReader(in))
		if err != nil {
			var te *Error
			if !errors.As(err, &te) && !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v is not a TRF error", err)
			}
			return
		}
		text := strings.Join(ts.Lines(), "\n")
		back, err := ParseTeams(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%v reading back\n%s", err, text)
		}
		if !reflect.DeepEqual(normTeams(back), normTeams(ts)) {
			t.Fatalf("round trip\n%+v\n%+v\n%s", back, ts, text)
		}
	})
}

// normTeams is what Lines can keep of a section read from any text: names and fields
// trimmed to their columns, 013 teams numbered by their order, blank 320 points as 0.
func normTeams(ts *Teams) *Teams {
	c := *ts
	c.Teams = nil
	leg := 0
	for _, t := range ts.Teams {
		if t.Legacy {
			leg++
			t.Number = leg
		}
		c.Teams = append(c.Teams, t)
	}
	c.PAB = nil
	for _, p := range ts.PAB {
		p.MatchPoints, p.GamePoints = max(p.MatchPoints, 0), max(p.GamePoints, 0)
		c.PAB = append(c.PAB, p)
	}
	return &c
}
