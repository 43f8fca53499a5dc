package tournament

import (
	"errors"
	"testing"
)

func testTeam(id int64, name string, n int) Team {
	t := Team{ID: id, Name: name, Number: int(id)}
	for i := 1; i <= n; i++ {
		t.Members = append(t.Members, TeamMember{EntryID: id*100 + int64(i), Name: name + string(rune('a'+i-1)), Order: i, Reserve: i > 4})
	}
	return t
}

func TestTeamLineupOrder(t *testing.T) {
	tm := testTeam(1, "A", 6) // 4 regulars, 2 reserves
	ok := [][]int64{{101, 102, 103, 104}, {101, 103, 104, 105}, {102, 103, 105, 106}, {101, 102, 103, 0}, {101, 0, 0, 0}}
	for _, l := range ok {
		if err := tm.CheckLineup(l); err != nil {
			t.Errorf("%v refused: %v", l, err)
		}
	}
	bad := [][]int64{
		{102, 101, 103, 104}, // #2 above #1
		{101, 102, 105, 104}, // reserve above a regular
		{101, 0, 103, 104},   // empty board above a player
		{101, 101, 103, 104}, // twice
		{101, 102, 103, 999}, // not in the roster
		{0, 0, 0, 0},         // nobody
	}
	for _, l := range bad {
		if err := tm.CheckLineup(l); !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: err %v, want ErrInvalid", l, err)
		}
	}
	if _, err := tm.Lineup(4, []string{"Aa", "#3", "-", "-"}); err != nil {
		t.Errorf("Lineup by name and order: %v", err)
	}
	if _, err := tm.Lineup(4, []string{"Aa", "Ab"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Lineup of 2 for 4 boards: %v", err)
	}
}

func TestTeamMatchColoursAndScore(t *testing.T) {
	s, err := NewTeamSettings(4, "", "")
	if err != nil {
		t.Fatal(err)
	}
	m := TeamMatch{Match: 2, Home: 1, Away: 2, HomeLineup: []int64{101, 102, 103, 0}, AwayLineup: []int64{201, 202, 203, 204}}
	bs := m.MatchBoards(4)
	for i, b := range bs {
		if b.HomeWhite != (i%2 == 0) {
			t.Errorf("board %d: home white %v (the team named first has White on odd boards)", i+1, b.HomeWhite)
		}
	}
	if bs[0].RoundBoard != 5 || bs[3].RoundBoard != 0 {
		t.Errorf("round boards %d, %d; want 5 and 0 (no game on an empty board)", bs[0].RoundBoard, bs[3].RoundBoard)
	}
	if sc := (TeamMatch{Home: 1, Away: 2, Boards: bs}).Score(s, 2); sc.Done {
		t.Errorf("a match without results is done: %+v", sc)
	}
	// board 1 home (White) wins, board 2 home (Black) draws, board 3 home (White) loses,
	// board 4 empty for home: lost by forfeit. Home 2+1+0+0 = 3, away 0+1+2+2 = 5.
	bs[0].Result = &Result{Kind: KindPlayed, WhitePoints: 2}
	bs[1].Result = &Result{Kind: KindPlayed, WhitePoints: 1, BlackPoints: 1}
	bs[2].Result = &Result{Kind: KindPlayed, BlackPoints: 2}
	m.Boards = bs
	sc := m.Score(s, 2)
	if want := (MatchScore{HomeBoard: 3, AwayBoard: 5, HomeMatch: 0, AwayMatch: 2, Done: true}); sc != want {
		t.Errorf("score %+v, want %+v", sc, want)
	}
	m.Forfeit = MatchForfeitAway
	if sc := m.Score(s, 2); sc.HomeBoard != 8 || sc.HomeMatch != 2 || sc.AwayMatch != 0 {
		t.Errorf("forfeit by the away team: %+v", sc)
	}
	if _, _, _, err := ParseMatchPoints("1-2-0"); !errors.Is(err, ErrMalformed) {
		t.Errorf("1-2-0 accepted: %v", err)
	}
}

// played builds a decided match of 2 boards: home scores hb board points of 4.
func played(r, home, away int64, hb int) TeamMatch {
	res := []*Result{{Kind: KindPlayed}, {Kind: KindPlayed}}
	// board 1: home White; board 2: home Black.
	switch hb {
	case 4:
		res[0].WhitePoints, res[1].BlackPoints = 2, 2
	case 3:
		res[0].WhitePoints, res[1].WhitePoints, res[1].BlackPoints = 2, 1, 1
	case 2:
		res[0].WhitePoints, res[1].WhitePoints = 2, 2
	case 1:
		res[0].BlackPoints, res[1].WhitePoints, res[1].BlackPoints = 2, 1, 1
	case 0:
		res[0].BlackPoints, res[1].WhitePoints = 2, 2
	}
	return TeamMatch{Round: int(r), Home: home, Away: away, Boards: []TeamBoard{
		{Board: 1, Home: home*100 + 1, Away: away*100 + 1, HomeWhite: true, Result: res[0]},
		{Board: 2, Home: home*100 + 2, Away: away*100 + 2, HomeWhite: false, Result: res[1]},
	}}
}

func TestTeamStandingsTieBreaks(t *testing.T) {
	s, _ := NewTeamSettings(2, "", "board-points,direct,sonneborn-berger")
	ev := TeamEvent{Settings: s, ForfeitPoints: 2}
	for i := int64(1); i <= 4; i++ {
		ev.Teams = append(ev.Teams, testTeam(i, string(rune('A'+i-1)), 2))
	}
	// A beats B 3-1, C beats A 3-1, B beats C 3-1: A, B, C on 2 MP and 4 BP each, all
	// met: the direct encounter ties them too (2 each). Each beats D 4-0... except that
	// B and C draw with D (2-2). A: 4 MP, 8 BP; B: 3 MP; C: 3 MP.
	ev.Matches = []TeamMatch{
		played(1, 1, 2, 3), played(1, 3, 4, 2),
		played(2, 3, 1, 3), played(2, 2, 4, 2),
		played(3, 2, 3, 3), played(3, 1, 4, 4),
	}
	rows := ev.Standings()
	got := []string{}
	for _, r := range rows {
		got = append(got, r.Team.Name)
	}
	// A 4 MP (8 BP). B and C 3 MP, 6 BP each; B beat C: direct encounter puts B first.
	if got[0] != "A" || got[1] != "B" || got[2] != "C" || got[3] != "D" {
		t.Fatalf("order %v, want A B C D", got)
	}
	if rows[0].MatchPoints != 4 || rows[0].BoardPoints != 8 || rows[1].TieBreaks[1] != 2 || rows[2].TieBreaks[1] != 0 {
		t.Errorf("rows %+v", rows)
	}
	// Sonneborn-Berger of A: beat B (3 MP) -> 3*2, lost to C -> 0, beat D (2 MP) -> 2*2 = 10.
	if rows[0].TieBreaks[2] != 10 {
		t.Errorf("SB of A %d, want 10", rows[0].TieBreaks[2])
	}
	if rows[1].Rank != 2 || rows[2].Rank != 3 {
		t.Errorf("ranks %d %d", rows[1].Rank, rows[2].Rank)
	}
	// Without the direct encounter B and C share a rank (same SB: B beat C 3 MP... D draws)
	ev.Settings.TieBreaks = []TeamTieBreak{TeamTBBoardPoints}
	rows = ev.Standings()
	if rows[1].Rank != 2 || rows[2].Rank != 2 {
		t.Errorf("B and C should share rank 2: %d %d", rows[1].Rank, rows[2].Rank)
	}
}

func TestTeamBoardPrizes(t *testing.T) {
	s, _ := NewTeamSettings(2, "", "")
	ev := TeamEvent{Settings: s, ForfeitPoints: 2, Names: map[int64]string{101: "a1", 102: "a2", 201: "b1", 202: "b2", 301: "c1", 302: "c2"}}
	for i := int64(1); i <= 3; i++ {
		ev.Teams = append(ev.Teams, testTeam(i, string(rune('A'+i-1)), 2))
	}
	ev.Matches = []TeamMatch{played(1, 1, 2, 3), played(2, 3, 1, 2)}
	// a board left empty is no game
	ev.Matches = append(ev.Matches, TeamMatch{Round: 3, Home: 2, Away: 3, Boards: []TeamBoard{
		{Board: 1, Home: 201, HomeWhite: true}, {Board: 2, Home: 202, Away: 302, Result: &Result{Kind: KindPlayed, WhitePoints: 2}}}})
	bp := ev.BoardPrizes(2)
	if len(bp) != 2 {
		t.Fatalf("%d boards", len(bp))
	}
	b1 := bp[0]
	// a1: won vs b1 (White), lost vs c1 (Black): 2 of 4, 50%, 2 games: ranked.
	// b1: 1 game (the forfeit is none): unranked, last.
	if b1[0].Name != "a1" || b1[0].Percent != 500 || b1[0].Rank != 1 || b1[len(b1)-1].Rank != 0 {
		t.Errorf("board 1: %+v", b1)
	}
}

func TestPlanTeamRoundRobin(t *testing.T) {
	var teams []Team
	for i := int64(1); i <= 5; i++ {
		teams = append(teams, testTeam(i, string(rune('A'+i-1)), 2))
	}
	if n := TeamRoundRobinRounds(5, 1); n != 5 {
		t.Fatalf("rounds %d", n)
	}
	met := map[[2]int64]bool{}
	for r := 1; r <= 5; r++ {
		ms, err := PlanTeamRoundRobin(teams, r, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 3 || !ms[2].Rest() {
			t.Fatalf("round %d: %+v (two matches and a rest, last)", r, ms)
		}
		for _, m := range ms[:2] {
			k := [2]int64{min(m.Home, m.Away), max(m.Home, m.Away)}
			if met[k] {
				t.Errorf("%v meet twice", k)
			}
			met[k] = true
		}
	}
	if len(met) != 10 {
		t.Errorf("%d pairs met, want 10", len(met))
	}
	teams[0].Number = 0
	if _, err := PlanTeamRoundRobin(teams, 1, 1); !errors.Is(err, ErrLotNotDrawn) {
		t.Errorf("no lot: %v", err)
	}
}

func TestTeamSwissLotAndBye(t *testing.T) {
	teams := []Team{testTeam(1, "A", 4), testTeam(2, "B", 4), testTeam(3, "C", 4)}
	for i := range teams[1].Members {
		teams[1].Members[i].Rating = 1800 // B the strongest by its regulars' average
	}
	teams[2].Members[0].Rating = 2400 // C: 600 on average
	nums, err := TeamSwissLot(5, teams)
	if err != nil {
		t.Fatal(err)
	}
	if nums[2] != 1 || nums[3] != 2 || nums[1] != 3 {
		t.Errorf("numbers %v, want B 1, C 2, A 3", nums)
	}
	s, _ := NewTeamSettings(4, "", "")
	ev := TeamEvent{Settings: s, ForfeitPoints: 2, ByePoints: 2, Teams: teams,
		Tournament: Tournament{System: Dutch}, Matches: []TeamMatch{{Round: 1, Match: 2, Home: 1}}}
	rows := ev.Standings()
	for _, r := range rows {
		if r.Team.ID == 1 && (r.MatchPoints != 2 || r.BoardPoints != 8 || r.Played != 0) {
			t.Errorf("a Swiss bye: %+v, want 2 MP and 8 board points, no match played", r)
		}
	}
	ev.Tournament.System = RoundRobin
	for _, r := range ev.Standings() {
		if r.MatchPoints != 0 {
			t.Errorf("a round robin's rest scores: %+v", r)
		}
	}
}
