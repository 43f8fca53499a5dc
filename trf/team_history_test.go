package trf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arbitro/pairing"
)

// teamEvent plays a team Swiss of n teams of 4 boards and 5 players with
// pairing.TeamSwiss, and writes it as a TRF as it goes: players' games in 001 records,
// teams in 310, byes in 320, whole-match forfeits in 330 (or only as the boards'
// forfeits), line-ups out of order and empty boards in 300, board colours WBWB in 352.
// truth holds the histories as the event knows them.
type teamEvent struct {
	rng    *rand.Rand
	f      *File
	ts     *Teams
	truth  map[int][]pairing.TeamRound
	mp, gp map[int]int
}

const evBoards, evMembers = 4, 5

func newTeamEvent(n int, seed uint64) *teamEvent {
	e := &teamEvent{rng: rand.New(rand.NewPCG(seed, 1)), f: &File{Points: DefaultPoints, Unknown: -1},
		ts: &Teams{BoardColours: "WBWB"}, truth: map[int][]pairing.TeamRound{}, mp: map[int]int{}, gp: map[int]int{}}
	for t := 1; t <= n; t++ {
		tr := TeamRecord{Number: t, Name: fmt.Sprintf("Squadra %d", t), MatchPoints: -1, GamePoints: -1}
		for k := range evMembers {
			s := (t-1)*evMembers + k + 1
			tr.Members = append(tr.Members, s)
			e.f.Players = append(e.f.Players, Player{Number: s, Name: fmt.Sprintf("Giocatore %d", s)})
		}
		e.ts.Teams = append(e.ts.Teams, tr)
	}
	return e
}

func (e *teamEvent) snapshot() []pairing.Team {
	var out []pairing.Team
	for _, t := range e.ts.Teams {
		out = append(out, pairing.Team{ID: t.Number, Number: t.Number, MatchPoints: e.mp[t.Number], GamePoints: e.gp[t.Number], History: e.truth[t.Number], Available: true})
	}
	return out
}

func (e *teamEvent) record(t int, tr pairing.TeamRound) {
	e.truth[t] = append(e.truth[t], tr)
	e.mp[t] += tr.MatchPoints
	e.gp[t] += tr.GamePoints
}

// setRound writes player s's block of round r.
func (e *teamEvent) setRound(s, r int, rd Round) {
	p := &e.f.Players[s-1]
	for len(p.Rounds) < r {
		p.Rounds = append(p.Rounds, Round{Colour: '-', Result: 'Z'})
	}
	p.Rounds[r-1] = rd
}

// lineUp draws a team's boards: the first four members, now and then with the second
// sitting out (default order, no 300), two boards swapped, board 4 or board 1 empty
// (300).
func (e *teamEvent) lineUp(t, opp, r int) []int {
	m := e.ts.Teams[t-1].Members
	boards := slices.Clone(m[:evBoards])
	switch e.rng.IntN(7) {
	case 3:
		boards[0] = 0 // board 1 empty: the team colour is read from board 2 and 352
		e.ts.LineUps = append(e.ts.LineUps, TeamLineUp{Round: r, Team: t, Opponent: opp, Players: boards})
	case 0:
		boards = []int{m[0], m[2], m[3], m[4]}
	case 1:
		boards[0], boards[1] = boards[1], boards[0]
		e.ts.LineUps = append(e.ts.LineUps, TeamLineUp{Round: r, Team: t, Opponent: opp, Players: boards})
	case 2:
		boards[3] = 0
		e.ts.LineUps = append(e.ts.LineUps, TeamLineUp{Round: r, Team: t, Opponent: opp, Players: boards})
	}
	return boards
}

func (e *teamEvent) play(r int, res pairing.TeamSwissResult) {
	for _, p := range res.Pairs {
		wb, bb := e.lineUp(p.White, p.Black, r), e.lineUp(p.Black, p.White, r)
		whole := e.rng.IntN(16)
		var gw, gb int
		played := false
		for k := range evBoards {
			x, y := wb[k], bb[k]
			cx, cy := byte('w'), byte('b')
			if k%2 == 1 {
				cx, cy = 'b', 'w'
			}
			var rx, ry byte
			switch {
			case x == 0 && y == 0:
				continue
			case x == 0:
				rx, ry = '-', '+' // the empty board is lost
			case y == 0:
				rx, ry = '+', '-'
			case whole == 0:
				rx, ry = '+', '-'
			case whole == 1:
				rx, ry = '-', '+' // the white team did not appear
			default:
				rx, ry = "10="[e.rng.IntN(3)], 0
				ry = map[byte]byte{'1': '0', '0': '1', '=': '='}[rx]
				played = true
			}
			if rx == '+' || rx == '-' {
				cx, cy = '-', '-'
			}
			gw, gb = gw+GamePoints(rx), gb+GamePoints(ry)
			if x != 0 {
				opp := y
				if y == 0 {
					opp = 0
				}
				e.setRound(x, r, Round{Opponent: opp, Colour: cx, Result: rx})
			}
			if y != 0 {
				e.setRound(y, r, Round{Opponent: x, Colour: cy, Result: ry})
			}
		}
		kw, kb, colW, colB := pairing.Played, pairing.Played, pairing.White, pairing.Black
		if !played {
			kw, kb, colW, colB = pairing.ForfeitWin, pairing.ForfeitLoss, pairing.NoColour, pairing.NoColour
			if gw < gb {
				kw, kb = kb, kw
			}
			if e.rng.IntN(2) == 0 { // recorded as a forfeited match too
				typ := "+-"
				if gw < gb {
					typ = "-+"
				}
				e.ts.Forfeits = append(e.ts.Forfeits, TeamForfeit{Type: typ, Round: r, White: p.White, Black: p.Black})
			}
		}
		mw, mb := 1, 1
		if gw > gb {
			mw, mb = 2, 0
		} else if gw < gb {
			mw, mb = 0, 2
		}
		e.record(p.White, pairing.TeamRound{Number: r, Opponent: p.Black, Colour: colW, Kind: kw, MatchPoints: mw, GamePoints: gw})
		e.record(p.Black, pairing.TeamRound{Number: r, Opponent: p.White, Colour: colB, Kind: kb, MatchPoints: mb, GamePoints: gb})
	}
	if len(e.ts.PAB) == 0 {
		e.ts.PAB = []TeamPAB{{MatchPoints: 20, GamePoints: 20}}
	}
	e.ts.PAB[0].Teams = append(e.ts.PAB[0].Teams, res.Bye)
	if res.Bye != 0 {
		e.record(res.Bye, pairing.TeamRound{Number: r, Kind: pairing.Bye, MatchPoints: 2, GamePoints: 4})
	}
}

// TestTeamHistoriesFromTRF: events of 9 and 12 teams over 7 rounds written as TRF-2026
// and read back: the histories derived from the file are the event's, and the next
// round paired from them is the event's next round.
func TestTeamHistoriesFromTRF(t *testing.T) {
	for _, n := range []int{9, 12} {
		for seed := uint64(1); seed <= 5; seed++ {
			e := newTeamEvent(n, seed)
			opt := pairing.TeamSwissOptions{Rounds: 8, Seed: seed, Colours: pairing.TeamColoursB}
			played := 0
			for r := 1; r <= 7; r++ {
				opt.Round = r
				res, err := pairing.TeamSwiss(e.snapshot(), opt)
				if errors.Is(err, pairing.ErrNoPairing) && r > 4 {
					break // byes and forfeit wins used up: the event stops here
				}
				if err != nil {
					t.Fatal(err)
				}
				e.play(r, res)
				played = r
			}
			SetTeams(e.f, e.ts)
			var buf bytes.Buffer
			if err := Write(&buf, e.f); err != nil {
				t.Fatal(err)
			}
			f, err := Parse(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("n%d seed%d: %v\n%s", n, seed, err, buf.String())
			}
			ts, err := ParseTeams(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckTeams(f, ts); err != nil {
				t.Fatal(err)
			}
			got, err := TeamHistories(f, ts, played)
			if err != nil {
				t.Fatal(err)
			}
			for _, tr := range ts.Teams {
				if !reflect.DeepEqual(got[tr.Number], e.truth[tr.Number]) {
					t.Fatalf("n%d seed%d team %d:\n%+v\nwant\n%+v", n, seed, tr.Number, got[tr.Number], e.truth[tr.Number])
				}
			}
			var snap []pairing.Team
			for _, tr := range ts.Teams {
				tm := pairing.Team{ID: tr.Number, Number: tr.Number, History: got[tr.Number], Available: true}
				for _, h := range got[tr.Number] {
					tm.MatchPoints += h.MatchPoints
					tm.GamePoints += h.GamePoints
				}
				snap = append(snap, tm)
			}
			opt.Round = played + 1
			a, err1 := pairing.TeamSwiss(snap, opt)
			b, err2 := pairing.TeamSwiss(e.snapshot(), opt)
			if fmt.Sprint(err1) != fmt.Sprint(err2) || !slices.Equal(a.Pairs, b.Pairs) || a.Bye != b.Bye {
				t.Fatalf("n%d seed%d round %d from the TRF %v %v, from the event %v %v", n, seed, played+1, a.Pairs, err1, b.Pairs, err2)
			}
		}
	}
}

func TestTeamHistoriesErrors(t *testing.T) {
	e := newTeamEvent(4, 1)
	res, err := pairing.TeamSwiss(e.snapshot(), pairing.TeamSwissOptions{Round: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.play(1, res)
	cases := []struct {
		change func(f *File, ts *Teams)
		want   string
	}{
		{func(f *File, ts *Teams) { ts.Points = &TeamPoints{Win: 25, Draw: 10} }, "362 gives match points 2.5/1.0/0.0"},
		{func(f *File, ts *Teams) { ts.Teams[3].Members = nil }, "who is in no team"},
		{func(f *File, ts *Teams) {
			ts.LineUps = append(ts.LineUps, TeamLineUp{Round: 1, Team: 2, Opponent: 1, Players: []int{1}})
			ts.LineUps = append(ts.LineUps, TeamLineUp{Round: 1, Team: 1, Opponent: 2, Players: []int{1}})
		}, "in the line-ups of teams"},
		{func(f *File, ts *Teams) {
			// the second board of team 1 meets a team other than the first board's
			var boards []int
			for _, m := range ts.Teams[0].Members {
				if len(f.Players[m-1].Rounds) > 0 && f.Players[m-1].Rounds[0].Opponent > 0 {
					boards = append(boards, m)
				}
			}
			o := f.Players[boards[0]-1].Rounds[0].Opponent
			other := 3*evMembers + 1 // a member of team 4
			if (o-1)/evMembers == 3 {
				other = 2*evMembers + 1 // of team 3
			}
			f.Players[boards[1]-1].Rounds[0].Opponent = other
		}, "boards meet teams"},
	}
	for k, c := range cases {
		f := *e.f
		f.Players = slices.Clone(e.f.Players)
		for i := range f.Players {
			f.Players[i].Rounds = slices.Clone(f.Players[i].Rounds)
		}
		ts := *e.ts
		ts.Teams = slices.Clone(e.ts.Teams)
		ts.LineUps = slices.Clone(e.ts.LineUps)
		c.change(&f, &ts)
		_, err := TeamHistories(&f, &ts, 1)
		if !errors.Is(err, ErrMalformed) || !strings.Contains(fmt.Sprint(err), c.want) {
			t.Errorf("case %d: %v, want %q", k, err, c.want)
		}
	}
}
