package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"arbitro/pairing"
)

// The team Swiss (issue 32, docs/teams.md and docs/team-swiss.md): the snapshot of a team
// event handed to pairing.TeamSwiss (the Dutch rules applied to teams on match points,
// FIDE C.04.6 colours) and its outcome as matches.

// TeamSwissLot numbers the teams of a team Swiss: by the average rating of their regular
// players (highest first; Swiss-Manager's team strength), teams equal on it in the order
// of the lot drawn with seed (TeamLot). Returns team id -> pairing number.
//
// Errors: TeamLot's.
func TeamSwissLot(seed int64, teams []Team) (map[int64]int, error) {
	lot, err := TeamLot(seed, teams)
	if err != nil {
		return nil, err
	}
	avg := func(t Team) int {
		sum, n := 0, 0
		for _, m := range t.Members {
			if !m.Reserve {
				sum += m.Rating
				n++
			}
		}
		if n == 0 {
			return 0
		}
		return sum * 100 / n
	}
	order := slices.Clone(teams)
	slices.SortStableFunc(order, func(a, b Team) int {
		return cmp.Or(cmp.Compare(avg(b), avg(a)), cmp.Compare(lot[a.ID], lot[b.ID]))
	})
	out := make(map[int64]int, len(order))
	for i, t := range order {
		out[t.ID] = i + 1
	}
	return out, nil
}

// ByeScore is the match and board points (game points) of a team Swiss bye: the event's bye points on
// each board, the match decided as against an empty team (2 a board: won, 1: drawn, 0:
// lost).
func (e *TeamEvent) ByeScore() (mp, bp int) {
	bp = e.Settings.Boards * e.ByePoints
	switch e.ByePoints {
	case 2:
		return e.Settings.MatchWin, bp
	case 1:
		return e.Settings.MatchDraw, bp
	}
	return e.Settings.MatchLoss, bp
}

// swissSnapshot is every team as pairing.TeamSwiss needs it before round r.
func (e *TeamEvent) swissSnapshot(r int) []pairing.Team {
	teams := make([]pairing.Team, len(e.Teams))
	idx := map[int64]int{}
	for i, t := range e.Teams {
		teams[i] = pairing.Team{ID: int(t.ID), Number: t.Number, Name: t.Name, Available: true}
		idx[t.ID] = i
	}
	add := func(id int64, tr pairing.TeamRound) {
		t := &teams[idx[id]]
		t.History = append(t.History, tr)
		t.MatchPoints += tr.MatchPoints
		t.GamePoints += tr.GamePoints
	}
	for _, m := range e.Matches {
		if m.Round >= r {
			continue
		}
		if m.Rest() {
			mp, bp := e.ByeScore()
			add(m.Home, pairing.TeamRound{Number: m.Round, Kind: pairing.Bye, MatchPoints: mp, GamePoints: bp})
			continue
		}
		sc := m.Score(e.Settings, e.ForfeitPoints)
		hk, ak := pairing.Played, pairing.Played
		switch m.Forfeit {
		case MatchForfeitHome:
			hk, ak = pairing.ForfeitLoss, pairing.ForfeitWin
		case MatchForfeitAway:
			hk, ak = pairing.ForfeitWin, pairing.ForfeitLoss
		case MatchForfeitBoth:
			hk, ak = pairing.ForfeitLoss, pairing.ForfeitLoss
		}
		hc, ac := pairing.White, pairing.Black
		if hk != pairing.Played {
			hc, ac = pairing.NoColour, pairing.NoColour
		}
		add(m.Home, pairing.TeamRound{Number: m.Round, Opponent: int(m.Away), Colour: hc, Kind: hk, MatchPoints: sc.HomeMatch, GamePoints: sc.HomeBoard})
		add(m.Away, pairing.TeamRound{Number: m.Round, Opponent: int(m.Home), Colour: ac, Kind: ak, MatchPoints: sc.AwayMatch, GamePoints: sc.AwayBoard})
	}
	return teams
}

// TeamPairNote is one line of a team Swiss's account of its choices (pairing.TeamNote):
// its code ("rule", "bracket", "float", "bye", "colour", "preference-unmet") and integer
// arguments (team ids, scores in match points, colours 1 White 2 Black, steps of FIDE
// C.04.6 Art. 4), worded by reports in the reader's language.
type TeamPairNote struct {
	Code string `json:"code"`
	Args []int  `json:"args"`
}

// PlanTeamSwiss pairs round r of a team Swiss (pairing.TeamSwiss over the matches before
// r, match points primary, C.04.6 type A colours, the initial colour from seed): the team
// with White on board 1 is named first; the team given the bye rests (Away 0), last.
//
// Returns the matches and the engine's notes. Errors: ErrLotNotDrawn (teams without
// numbers); ErrNoPairing wrapping the engine's when no pairing exists; ErrInvalid for
// another refusal of the engine.
func (e *TeamEvent) PlanTeamSwiss(r int, seed int64) ([]TeamMatch, []TeamPairNote, error) {
	for _, t := range e.Teams {
		if t.Number == 0 {
			return nil, nil, Errf(ErrLotNotDrawn, "err.team.no_numbers", "{err}: the teams have no numbers yet")
		}
	}
	res, err := pairing.TeamSwiss(e.swissSnapshot(r), pairing.TeamSwissOptions{Round: r, Rounds: e.Tournament.Rounds,
		Seed: uint64(seed), WinMatchPoints: e.Settings.MatchWin})
	switch {
	case errors.Is(err, ErrNoPairing):
		return nil, nil, err
	case err != nil:
		return nil, nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	var out []TeamMatch
	for _, p := range res.Pairs {
		out = append(out, TeamMatch{Round: r, Match: len(out) + 1, Home: int64(p.White), Away: int64(p.Black)})
	}
	if res.Bye != 0 {
		out = append(out, TeamMatch{Round: r, Match: len(out) + 1, Home: int64(res.Bye)})
	}
	notes := make([]TeamPairNote, len(res.Notes))
	for i, n := range res.Notes {
		notes[i] = TeamPairNote{Code: string(n.Code), Args: n.Args}
	}
	return out, notes, nil
}

// SwissMatchOrder compares two matches of round r of a team Swiss, each given as its two
// teams' ids, in the order PlanTeamSwiss numbers them (pairing.TeamSwiss, FIDE C.04.2
// Art. 3.6): the higher match points of the two teams before round r first, then the
// higher sum of their match points, then the higher-ranked team (more match points, then
// the smaller pairing number). A TRF import numbers a Swiss round's matches with it, as
// the TRF's team records hold no match numbers.
func (e *TeamEvent) SwissMatchOrder(r int) func(x, y [2]int64) int {
	score, number := map[int64]int{}, map[int64]int{}
	for _, t := range e.swissSnapshot(r) {
		score[int64(t.ID)], number[int64(t.ID)] = t.MatchPoints, t.Number
	}
	higher := func(p [2]int64) int64 { // the higher-ranked team of p
		a, b := p[0], p[1]
		if score[b] > score[a] || score[b] == score[a] && number[b] < number[a] {
			return b
		}
		return a
	}
	return func(x, y [2]int64) int {
		hx, hy := higher(x), higher(y)
		return cmp.Or(cmp.Compare(score[hy], score[hx]),
			cmp.Compare(score[y[0]]+score[y[1]], score[x[0]]+score[x[1]]),
			cmp.Compare(number[hx], number[hy]))
	}
}
