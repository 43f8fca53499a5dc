package tournament

import (
	"cmp"
	"fmt"
	"slices"

	"arbitro/pairing"
)

// TeamEvent is everything the team sheets are computed from: the settings, the teams (in
// pairing-number order after the lot), every match paired, the game points of a win by
// forfeit, the rounds planned and the names of the entries.
type TeamEvent struct {
	Tournament    Tournament       `json:"-"`
	Settings      TeamSettings     `json:"settings"`
	Teams         []Team           `json:"teams"`
	Matches       []TeamMatch      `json:"matches"` // by round, then match
	ForfeitPoints int              `json:"-"`
	ByePoints     int              `json:"-"` // game points a board of a team Swiss bye
	Names         map[int64]string `json:"-"` // entry id -> player's name
}

// Team returns the team with id, or nil.
func (e *TeamEvent) Team(id int64) *Team {
	for i := range e.Teams {
		if e.Teams[i].ID == id {
			return &e.Teams[i]
		}
	}
	return nil
}

// TeamStanding is one team's line of the team standings.
type TeamStanding struct {
	Team        Team  `json:"team"`
	Rank        int   `json:"rank"`   // 1.., shared by teams equal on every criterion
	Played      int   `json:"played"` // matches decided (forfeits included, rests not)
	Won         int   `json:"won"`
	Drawn       int   `json:"drawn"`
	Lost        int   `json:"lost"`
	MatchPoints int   `json:"match_points"`
	BoardPoints int   `json:"board_points"` // game points, 2-1-0 scale
	TieBreaks   []int `json:"tiebreaks"`    // in Settings.TieBreaks order; board points in game points
}

// teamTally is one team's matches decided: opponent, its match points in the match.
type teamTally struct {
	mp, bp                  int
	played, won, drew, lost int
	against                 map[int64]int // opponent -> match points scored against it (summed)
	opponents               []int64       // one per match decided (repeated in a double round robin)
	mpAgainst               []int         // own match points in each of those matches
}

// Standings computes the team standings from the matches decided: match points, then the
// tie-breaks in the settings' order (board points; Sonneborn-Berger on match points; the
// direct encounter among the teams still tied), then the pairing number. Teams equal on
// every criterion share a rank.
func (e *TeamEvent) Standings() []TeamStanding {
	tally := e.tallies()
	rows := make([]TeamStanding, len(e.Teams))
	for i, t := range e.Teams {
		tl := tally[t.ID]
		rows[i] = TeamStanding{Team: t, Played: tl.played, Won: tl.won, Drawn: tl.drew, Lost: tl.lost,
			MatchPoints: tl.mp, BoardPoints: tl.bp, TieBreaks: make([]int, len(e.Settings.TieBreaks))}
	}
	for k, tb := range e.Settings.TieBreaks {
		switch tb {
		case TeamTBBoardPoints:
			for i := range rows {
				rows[i].TieBreaks[k] = rows[i].BoardPoints
			}
		case TeamTBSonnebornBerger:
			for i := range rows {
				tl := tally[rows[i].Team.ID]
				for j, opp := range tl.opponents {
					rows[i].TieBreaks[k] += tally[opp].mp * tl.mpAgainst[j]
				}
			}
		case TeamTBDirect:
			e.direct(rows, tally, k)
		}
	}
	slices.SortStableFunc(rows, func(a, b TeamStanding) int {
		if c := compareTeams(a, b, len(a.TieBreaks)); c != 0 {
			return c
		}
		return cmp.Compare(numberOr(a.Team), numberOr(b.Team))
	})
	for i := range rows {
		if i > 0 && compareTeams(rows[i-1], rows[i], len(rows[i].TieBreaks)) == 0 {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
	return rows
}

func numberOr(t Team) int64 {
	if t.Number > 0 {
		return int64(t.Number)
	}
	return 1<<40 + t.ID
}

// compareTeams orders a before b (-1) when it has more match points, then more on the
// first k tie-breaks.
func compareTeams(a, b TeamStanding, k int) int {
	if c := cmp.Compare(b.MatchPoints, a.MatchPoints); c != 0 {
		return c
	}
	for i := range k {
		if c := cmp.Compare(b.TieBreaks[i], a.TieBreaks[i]); c != 0 {
			return c
		}
	}
	return 0
}

// direct fills tie-break k with the match points each team scored against the teams tied
// with it on match points and on the tie-breaks before k, when every two of them have met;
// else 0 for the whole tie (FIDE C.07, direct encounter).
func (e *TeamEvent) direct(rows []TeamStanding, tally map[int64]*teamTally, k int) {
	groups := map[string][]int{}
	for i, r := range rows {
		key := fmt.Sprint(r.MatchPoints, r.TieBreaks[:k])
		groups[key] = append(groups[key], i)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		all := true
		for _, i := range g {
			for _, j := range g {
				if i != j && !slices.Contains(tally[rows[i].Team.ID].opponents, rows[j].Team.ID) {
					all = false
				}
			}
		}
		if !all {
			continue
		}
		for _, i := range g {
			for _, j := range g {
				if i != j {
					rows[i].TieBreaks[k] += tally[rows[i].Team.ID].against[rows[j].Team.ID]
				}
			}
		}
	}
}

// tallies sums every decided match for each team.
func (e *TeamEvent) tallies() map[int64]*teamTally {
	out := map[int64]*teamTally{}
	for _, t := range e.Teams {
		out[t.ID] = &teamTally{against: map[int64]int{}}
	}
	add := func(team, opp int64, mp, bp, oppMP int) {
		tl := out[team]
		if tl == nil {
			return
		}
		tl.mp += mp
		tl.bp += bp
		tl.played++
		switch {
		case mp > oppMP:
			tl.won++
		case mp < oppMP:
			tl.lost++
		default:
			tl.drew++
		}
		tl.against[opp] += mp
		tl.opponents = append(tl.opponents, opp)
		tl.mpAgainst = append(tl.mpAgainst, mp)
	}
	for _, m := range e.Matches {
		if m.Rest() {
			if e.Tournament.System != RoundRobin && out[m.Home] != nil { // a team Swiss bye scores
				mp, bp := e.ByeScore()
				out[m.Home].mp += mp
				out[m.Home].bp += bp
			}
			continue
		}
		sc := m.Score(e.Settings, e.ForfeitPoints)
		if !sc.Done {
			continue
		}
		add(m.Home, m.Away, sc.HomeMatch, sc.HomeBoard, sc.AwayMatch)
		add(m.Away, m.Home, sc.AwayMatch, sc.AwayBoard, sc.HomeMatch)
	}
	return out
}

// BoardScore is one player's line of the board prizes: his games on the boards he played,
// counted on the board he played most.
type BoardScore struct {
	Board   int    `json:"board"`
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
	Team    string `json:"team"`
	Points  int    `json:"points"`  // game points in games played over the board (2-1-0)
	Games   int    `json:"games"`   // games played over the board
	Percent int    `json:"percent"` // tenths of a percent of the points possible (1000 = all won)
	Rank    int    `json:"rank"`    // 0 when below the minimum of games
}

// BoardPrizes ranks, for each board 1..N, the players counted on it: a player is counted
// on the board he played most (the higher board on a tie), with every game he played over
// the board; a board won by forfeit is no game (docs/teams.md). Players with at least
// minGames games are ranked by percentage, then points, then games; the others follow,
// unranked.
//
// Returns one list per board, board 1 first.
func (e *TeamEvent) BoardPrizes(minGames int) [][]BoardScore {
	type acc struct {
		team          string
		points, games int
		perBoard      map[int]int
	}
	players := map[int64]*acc{}
	var ids []int64
	for _, m := range e.Matches {
		if m.Forfeit != MatchPlayed {
			continue
		}
		for _, b := range m.Boards {
			if b.Home == 0 || b.Away == 0 || b.Result == nil || b.Result.Kind != KindPlayed {
				continue
			}
			h, a, _ := b.Points(e.ForfeitPoints)
			for _, side := range []struct {
				id   int64
				team int64
				pts  int
			}{{b.Home, m.Home, h}, {b.Away, m.Away, a}} {
				p := players[side.id]
				if p == nil {
					p = &acc{perBoard: map[int]int{}}
					if t := e.Team(side.team); t != nil {
						p.team = t.Name
					}
					players[side.id] = p
					ids = append(ids, side.id)
				}
				p.points += side.pts
				p.games++
				p.perBoard[b.Board]++
			}
		}
	}
	out := make([][]BoardScore, e.Settings.Boards)
	for _, id := range ids {
		p := players[id]
		board := 0
		for b := 1; b <= e.Settings.Boards; b++ {
			if p.perBoard[b] > p.perBoard[board] || board == 0 && p.perBoard[b] > 0 {
				board = b
			}
		}
		s := BoardScore{Board: board, EntryID: id, Name: e.Names[id], Team: p.team, Points: p.points, Games: p.games,
			Percent: (p.points*1000 + p.games) / (2 * p.games)}
		out[board-1] = append(out[board-1], s)
	}
	for i := range out {
		slices.SortStableFunc(out[i], func(a, b BoardScore) int {
			ea, eb := a.Games >= minGames, b.Games >= minGames
			if ea != eb {
				if ea {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(b.Percent, a.Percent), cmp.Compare(b.Points, a.Points),
				cmp.Compare(b.Games, a.Games), cmp.Compare(a.Name, b.Name))
		})
		for j := range out[i] {
			s := &out[i][j]
			if s.Games < minGames {
				continue
			}
			if j > 0 && out[i][j-1].Rank > 0 && out[i][j-1].Percent == s.Percent && out[i][j-1].Points == s.Points && out[i][j-1].Games == s.Games {
				s.Rank = out[i][j-1].Rank
			} else {
				s.Rank = j + 1
			}
		}
	}
	return out
}

// TeamLot numbers the teams by pairing.Lot with seed: returns team id -> pairing number.
//
// Errors: fewer than 2 teams (ErrInvalid).
func TeamLot(seed int64, teams []Team) (map[int64]int, error) {
	if len(teams) < 2 {
		return nil, Errf(ErrInvalid, "err.team.lot_teams", "{err}: a team event needs at least 2 teams, it has {teams} (arbitro team add)", "teams", len(teams))
	}
	ids := make([]int, len(teams))
	for i, t := range teams {
		ids[i] = int(t.ID)
	}
	nums, err := pairing.Lot(uint64(seed), ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]int, len(nums))
	for id, n := range nums {
		out[int64(id)] = n
	}
	return out, nil
}

// TeamRoundRobinRounds is the number of rounds of a team round robin of n teams over
// cycles cycles (1 single, 2 double): the Berger tables' (pairing.RoundRobinRounds).
func TeamRoundRobinRounds(n, cycles int) int {
	return pairing.RoundRobinRounds(n, pairing.RoundRobinOptions{Cycles: cycles})
}

// PlanTeamRoundRobin pairs round r of a team round robin by the Berger tables over the
// teams' pairing numbers (pairing.RoundRobin, FIDE C.05 Annex 1 as for players): the team
// the table gives White is named first (home: White on the odd boards). A team without an
// opponent rests (Away 0), listed last. cycles is 1 or 2 (the second cycle reverses).
//
// Errors: the teams not numbered 1..n (ErrLotNotDrawn), r out of range (ErrInvalid).
func PlanTeamRoundRobin(teams []Team, r, cycles int) ([]TeamMatch, error) {
	ents := make([]pairing.Entrant, len(teams))
	for i, t := range teams {
		if t.Number == 0 {
			return nil, Errf(ErrLotNotDrawn, "err.team.no_numbers", "{err}: the teams have no numbers yet")
		}
		ents[i] = pairing.Entrant{ID: int(t.ID), Number: t.Number}
	}
	pairs, err := pairing.RoundRobin(ents, r, pairing.RoundRobinOptions{Cycles: cycles})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	out := make([]TeamMatch, len(pairs))
	for i, p := range pairs {
		out[i] = TeamMatch{Round: r, Match: i + 1, Home: int64(p.White), Away: int64(p.Black)}
	}
	return out, nil
}
