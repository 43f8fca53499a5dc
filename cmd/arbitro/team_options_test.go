package main

import "testing"

// The team commands' flags (issue 32, docs/teams.md): wrong usage is a usage error (exit
// 2) before any file is opened.
func TestTeamOptions(t *testing.T) {
	testFlags(t, newTournamentCreateCmd, []flagCase[tournamentCreateOptions]{
		{args: []string{"X", "--system", "round-robin", "--teams", "--boards", "4"},
			check: func(o *tournamentCreateOptions) bool {
				return o.team != nil && o.team.Boards == 4 && o.team.MatchWin == 2
			}},
		{args: []string{"X", "--system", "round-robin", "--teams", "--boards", "4", "--match-points", "3-1-0", "--team-tiebreaks", "direct"},
			check: func(o *tournamentCreateOptions) bool {
				return o.team.MatchWin == 3 && len(o.team.TieBreaks) == 1 && o.team.TieBreaks[0] == "direct"
			}},
		{args: []string{"X", "--system", "round-robin", "--boards", "4"}, usage: "--boards goes with --teams"},
		{args: []string{"X", "--system", "round-robin", "--teams"}, usage: "needs --boards N"},
		{args: []string{"X", "--system", "round-robin", "--teams", "--boards", "0"}, usage: "boards per match"},
		{args: []string{"X", "--system", "round-robin", "--teams", "--boards", "4", "--match-points", "1-2-0"}, usage: "match points"},
		{args: []string{"X", "--system", "round-robin", "--teams", "--boards", "4", "--team-tiebreaks", "buchholz"}, usage: "team tie-break"},
	})
	testFlags(t, newTeamAddCmd, []flagCase[teamAddOptions]{
		{args: []string{"A", "--player", "X, Y", "--reserve", "Z, W"},
			check: func(o *teamAddOptions) bool {
				return o.spec.Name == "A" && len(o.spec.Players) == 1 && len(o.spec.Reserves) == 1
			}},
		{args: []string{"A"}, usage: "--player NAME"},
	})
	testFlags(t, newTeamLineupCmd, []flagCase[teamLineupOptions]{
		{args: []string{"--round", "2", "A", "#1", "-"}, check: func(o *teamLineupOptions) bool { return o.team == "A" && len(o.players) == 2 }},
		{args: []string{"A", "#1"}, usage: "--round N"},
	})
	testFlags(t, newTeamResultCmd, []flagCase[teamResultOptions]{
		{args: []string{"--round", "1", "--match", "2", "--board", "3", "2-0"},
			check: func(o *teamResultOptions) bool { return o.match == 2 && o.board == 3 && o.result == "2-0" }},
		{args: []string{"--round", "1", "--board", "3", "2-0"}, usage: "--match M"},
	})
	testFlags(t, newTeamForfeitCmd, []flagCase[teamForfeitOptions]{
		{args: []string{"--round", "1", "A", "B"}, check: func(o *teamForfeitOptions) bool { return len(o.teams) == 2 }},
		{args: []string{"A"}, usage: "--round N"},
	})
	testFlags(t, newTeamPairCmd, []flagCase[teamPairOptions]{
		{args: []string{"3"}, check: func(o *teamPairOptions) bool { return o.round == 3 }},
		{args: []string{"x"}, usage: "ROUND must be a round number"},
	})
	for _, kind := range teamSheetKinds {
		testFlags(t, newTeamSheetCmd(kind), []flagCase[teamSheetOptions]{
			{args: []string{"--csv"}, check: func(o *teamSheetOptions) bool { return o.csv }},
			{args: []string{"--csv", "--json"}, usage: "choose one of --json, --csv and --pdf"},
		})
	}
}
