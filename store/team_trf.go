package store

import (
	"slices"
	"strings"

	"arbitro/tournament"
	"arbitro/trf"
)

// A team event's TRF (issue 32, docs/teams.md): the players' 001 records as for every
// event, numbered by team (the teams in pairing-number order, each roster in its order),
// and the TRF-2026 team records (trf/team.go): 310 a team with its match and game points,
// rank and players in board order, 362 the match points, 352 the first team's colours by
// board, 330 the forfeited matches, 320 the team Swiss's byes and 300 the line-ups that
// leave the roster's default order.

// teamStartingRanks numbers the players of team event ev for a TRF: team by team in
// pairing-number order, each roster in its order. Returns entry id -> starting rank.
func teamStartingRanks(ev *tournament.TeamEvent) map[int64]int {
	out := map[int64]int{}
	n := 0
	for _, t := range ev.Teams {
		for _, m := range t.Members {
			n++
			out[m.EntryID] = n
		}
	}
	return out
}

// teamTRF is the team section of team event ev's TRF, ranks the players' starting ranks.
func teamTRF(ev *tournament.TeamEvent, ranks map[int64]int) *trf.Teams {
	s := ev.Settings
	ts := &trf.Teams{Points: &trf.TeamPoints{Win: s.MatchWin * 10, Draw: s.MatchDraw * 10, Loss: s.MatchLoss * 10}}
	var colours strings.Builder
	for b := 1; b <= s.Boards; b++ {
		if tournament.HomeWhiteOn(b) {
			colours.WriteByte('W')
		} else {
			colours.WriteByte('B')
		}
	}
	ts.BoardColours = colours.String()
	number := map[int64]int{}
	for i, t := range ev.Teams {
		number[t.ID] = t.Number
		if t.Number == 0 {
			number[t.ID] = len(ev.Teams) + i + 1 // before the lot: after every number
		}
	}
	// game points in tenths of TRF points (1 a won game): 2-1-0 game points times 5
	for _, row := range ev.Standings() {
		t := row.Team
		rec := trf.TeamRecord{Number: number[t.ID], Name: t.Name, MatchPoints: row.MatchPoints * 10, GamePoints: row.BoardPoints * 5, Rank: row.Rank}
		for _, m := range t.Members {
			rec.Members = append(rec.Members, ranks[m.EntryID])
		}
		ts.Teams = append(ts.Teams, rec)
	}
	// TRF lists the teams in pairing-number order
	slices.SortFunc(ts.Teams, func(a, b trf.TeamRecord) int { return a.Number - b.Number })
	rounds := 0
	for _, m := range ev.Matches {
		rounds = max(rounds, m.Round)
	}
	var pab *trf.TeamPAB
	for _, m := range ev.Matches {
		switch {
		case m.Rest() && ev.Tournament.System != tournament.RoundRobin:
			if pab == nil {
				pab = &trf.TeamPAB{Teams: make([]int, rounds)}
				mp, bp := ev.ByeScore()
				pab.MatchPoints, pab.GamePoints = mp*10, bp*5
			}
			pab.Teams[m.Round-1] = number[m.Home]
		case m.Rest():
		case m.Forfeit != tournament.MatchPlayed:
			typ := map[string]string{tournament.MatchForfeitHome: "-+", tournament.MatchForfeitAway: "+-", tournament.MatchForfeitBoth: "--"}[m.Forfeit]
			ts.Forfeits = append(ts.Forfeits, trf.TeamForfeit{Type: typ, Round: m.Round, White: number[m.Home], Black: number[m.Away]})
		default:
			for _, side := range []struct {
				team, opp int64
				lineup    []int64
			}{{m.Home, m.Away, m.HomeLineup}, {m.Away, m.Home, m.AwayLineup}} {
				if l := outOfOrder(ev.Team(side.team), side.lineup, s.Boards, ranks); l != nil {
					ts.LineUps = append(ts.LineUps, trf.TeamLineUp{Round: m.Round, Team: number[side.team], Opponent: number[side.opp], Players: l})
				}
			}
		}
	}
	if pab != nil {
		ts.PAB = []trf.TeamPAB{*pab}
	}
	return ts
}

// outOfOrder is a line-up as starting ranks (0 an empty board) when it is not the
// roster's first boards players in order (the 310 record's default); nil when it is, or
// when no line-up was given.
func outOfOrder(t *tournament.Team, lineup []int64, boards int, ranks map[int64]int) []int {
	if t == nil || lineup == nil {
		return nil
	}
	same := len(t.Members) >= boards
	out := make([]int, len(lineup))
	for i, e := range lineup {
		out[i] = ranks[e]
		if !same || e != t.Members[i].EntryID {
			same = false
		}
	}
	if same {
		return nil
	}
	return out
}
