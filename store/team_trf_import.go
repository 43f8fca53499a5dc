package store

import (
	"slices"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// A TRF with team records (TRF-2026 310/013, 320, 330, 300, 352, 362) is imported as a
// team event (issue 32, docs/teams.md "TRF"): its teams with their rosters in 310 order
// (the players past the boards reserves), the boards the length of the 352 record (else
// the most games two teams played in a round), the match points of 362 (default
// 2-1-0), each round's matches with their line-ups (300, else the roster's first
// boards) and the games as boards (match-1)*N+board; 330 the matches lost by forfeit,
// a team with no match a rest (320 the team Swiss's byes).

// teamTRFBoards is the boards per match of ts and tr: the 352 record's length, else the
// most games a pair of teams played in one round.
func teamTRFBoards(tr *trf.File, ts *trf.Teams, teamOf map[int]int) int {
	if n := len(ts.BoardColours); n > 0 {
		return n
	}
	most := 0
	for r := 1; r <= tr.PlayedRounds(); r++ {
		count := map[[2]int]int{}
		for _, pr := range tr.RoundPairs(r) {
			if pr.IsBye() {
				continue
			}
			a, b := min(teamOf[pr.White], teamOf[pr.Black]), max(teamOf[pr.White], teamOf[pr.Black])
			count[[2]int{a, b}]++
			most = max(most, count[[2]int{a, b}])
		}
	}
	return max(most, 1)
}

// importTRFTeams makes t, whose players ids (starting rank -> entry id) were imported
// from tr, the team event of ts. Errors (tournament.ErrInvalid, nothing written by the
// caller's transaction): a team record naming a start number without a 001 line or a
// player of another team; a line-up longer than the boards; a game between players of
// one team or of a player in no team; a 330 or 300 record naming an unknown team.
func (tx *Tx) importTRFTeams(t *tournament.Tournament, tr *trf.File, ts *trf.Teams, ids map[int]int64) error {
	teamOf := map[int]int{} // starting rank -> team pairing number
	byNum := map[int]*trf.TeamRecord{}
	for i := range ts.Teams {
		rec := &ts.Teams[i]
		if byNum[rec.Number] != nil {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_number_twice", "{err}: two team records give team number {team} (give each team its own number)", "team", rec.Number)
		}
		byNum[rec.Number] = rec
		for _, m := range rec.Members {
			if ids[m] == 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.trf.team_member_unknown", "{err}: team {team} ({name}) names player {player}, who has no 001 line (fix the team record or add the player)", "team", rec.Number, "name", rec.Name, "player", m)
			}
			if o := teamOf[m]; o != 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.trf.team_member_twice", "{err}: player {player} is in team {team} and team {other} (a player plays for one team)", "player", m, "team", o, "other", rec.Number)
			}
			teamOf[m] = rec.Number
		}
	}
	boards := teamTRFBoards(tr, ts, teamOf)
	if boards > tournament.MaxTeamBoards {
		return tournament.Errf(tournament.ErrInvalid, "err.trf.team_boards", "{err}: the TRF's matches have {boards} boards, more than {max}", "boards", boards, "max", tournament.MaxTeamBoards)
	}
	pts := trf.DefaultTeamPoints
	if ts.Points != nil {
		pts = *ts.Points
	}
	if _, err := tx.exec(`INSERT INTO team_events (tournament_id, boards, match_win, match_draw, match_loss) VALUES (?, ?, ?, ?, ?)`,
		t.ID, boards, pts.Win/10, pts.Draw/10, pts.Loss/10); err != nil {
		return err
	}
	teamID := map[int]int64{}
	named := map[string]int{}
	for _, rec := range ts.Teams {
		if o, ok := named[rec.Name]; ok {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_name_twice", "{err}: teams {team} and {other} are both named {name} (give each team its own name)", "team", o, "other", rec.Number, "name", rec.Name)
		}
		named[rec.Name] = rec.Number
		res, err := tx.exec(`INSERT INTO teams (tournament_id, name, number) VALUES (?, ?, ?)`, t.ID, rec.Name, rec.Number)
		if err != nil {
			return err
		}
		if teamID[rec.Number], err = res.LastInsertId(); err != nil {
			return err
		}
		for i, m := range rec.Members {
			if _, err := tx.exec(`INSERT INTO team_members (team_id, entry_id, ord, reserve) VALUES (?, ?, ?, ?)`, teamID[rec.Number], ids[m], i+1, i >= boards); err != nil {
				return err
			}
		}
	}
	for _, p := range tr.Players {
		if teamOf[p.Number] == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_member_none", "{err}: player {player} ({name}) is in no team record (add the player to a 310 record)", "player", p.Number, "name", p.Name)
		}
	}
	for r := 1; r <= tr.PlayedRounds(); r++ {
		if err := tx.importTRFTeamRound(t, tr, ts, r, boards, teamOf, teamID, ids); err != nil {
			return err
		}
	}
	return nil
}

// trfMatch is a match of a round being imported: its teams (pairing numbers), the
// forfeit and the games as TRF pairs.
type trfMatch struct {
	home, away int
	forfeit    string
	pairs      []int // indexes into the round's pairs
}

// importTRFTeamRound stores round r of a team TRF: the round, its matches, line-ups,
// boards and results (see importTRFTeams).
func (tx *Tx) importTRFTeamRound(t *tournament.Tournament, tr *trf.File, ts *trf.Teams, r, boards int, teamOf map[int]int, teamID map[int]int64, ids map[int]int64) error {
	roster := map[int][]int{}
	for _, rec := range ts.Teams {
		roster[rec.Number] = rec.Members
	}
	lineup := func(team int) []int {
		for _, l := range ts.LineUps {
			if l.Round == r && l.Team == team {
				return l.Players
			}
		}
		return roster[team][:min(boards, len(roster[team]))]
	}
	for _, l := range ts.LineUps {
		if l.Round == r && len(l.Players) > boards {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_lineup_long", "{err}: the 300 record of round {round} gives team {team} {players} players, more than the {boards} boards", "round", r, "team", l.Team, "players", len(l.Players), "boards", boards)
		}
	}
	pairs := tr.RoundPairs(r)
	matches := map[[2]int]*trfMatch{}
	var order []*trfMatch
	seen := map[int]bool{}
	for i, pr := range pairs {
		if pr.IsBye() {
			continue
		}
		a, b := teamOf[pr.White], teamOf[pr.Black]
		if a == b {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_same_team", "{err}: round {round}: players {white} and {black} of team {team} play each other", "round", r, "white", pr.White, "black", pr.Black, "team", a)
		}
		key := [2]int{min(a, b), max(a, b)}
		m := matches[key]
		if m == nil {
			if seen[a] || seen[b] {
				return tournament.Errf(tournament.ErrInvalid, "err.trf.team_two_matches", "{err}: round {round}: team {team} or {other} plays two matches (one match a round)", "round", r, "team", a, "other", b)
			}
			// home: the team with White on the odd boards
			board := slices.Index(lineup(a), pr.White) + 1
			if board == 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.trf.team_not_in_lineup", "{err}: round {round}: player {player} plays but is not in team {team}'s line-up (add a 300 record)", "round", r, "player", pr.White, "team", a)
			}
			m = &trfMatch{home: a, away: b}
			if !tournament.HomeWhiteOn(board) {
				m.home, m.away = b, a
			}
			matches[key] = m
			order = append(order, m)
			seen[a], seen[b] = true, true
		}
		m.pairs = append(m.pairs, i)
	}
	for _, f := range ts.Forfeits {
		if f.Round != r {
			continue
		}
		if teamID[f.White] == 0 || teamID[f.Black] == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_forfeit_unknown", "{err}: a 330 record of round {round} names team {team} or {other}, which has no team record", "round", r, "team", f.White, "other", f.Black)
		}
		typ := map[string]string{"-+": tournament.MatchForfeitHome, "+-": tournament.MatchForfeitAway, "--": tournament.MatchForfeitBoth}[f.Type]
		order = append(order, &trfMatch{home: f.White, away: f.Black, forfeit: typ})
		seen[f.White], seen[f.Black] = true, true
	}
	slices.SortStableFunc(order, func(x, y *trfMatch) int { return min(x.home, x.away) - min(y.home, y.away) })
	if t.System == tournament.RoundRobin {
		sortByBerger(order, ts, r, t.Rounds)
	} else if err := tx.sortBySwissBoards(t, order, teamID, r); err != nil {
		return err
	}
	for _, rec := range ts.Teams { // the teams without a match rest
		if !seen[rec.Number] {
			order = append(order, &trfMatch{home: rec.Number})
		}
	}
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at, play_date)
		VALUES (?, ?, ?, 0, ?, ?, ?, ?)`, t.ID, r, trf.RoundMethod, "imported from TRF team records", tx.nowText(), tx.nowText(), tr.RoundDate(r))
	if err != nil {
		return err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	for k, m := range order {
		if err := tx.importTRFMatch(t, tr, r, roundID, k+1, boards, m, pairs, lineup, teamID, ids); err != nil {
			return err
		}
	}
	return nil
}

// importTRFMatch stores match number n of round r: its row, the line-ups of a played
// match and its games on boards (n-1)*boards+board with their results.
func (tx *Tx) importTRFMatch(t *tournament.Tournament, tr *trf.File, r int, roundID int64, n, boards int, m *trfMatch, pairs []pairing.Pair, lineup func(int) []int, teamID map[int]int64, ids map[int]int64) error {
	var away any
	if m.away != 0 {
		away = teamID[m.away]
	}
	res, err := tx.exec(`INSERT INTO team_matches (round_id, match, home_team, away_team, forfeit) VALUES (?, ?, ?, ?, ?)`, roundID, n, teamID[m.home], away, m.forfeit)
	if err != nil {
		return err
	}
	matchID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if m.away == 0 || m.forfeit != "" {
		return nil
	}
	home, aw := lineup(m.home), lineup(m.away)
	for _, side := range []struct {
		team int
		l    []int
	}{{m.home, home}, {m.away, aw}} {
		for b, p := range side.l {
			var id any
			if p != 0 {
				if ids[p] == 0 {
					return tournament.Errf(tournament.ErrInvalid, "err.trf.team_lineup_unknown", "{err}: a 300 record of round {round} names player {player}, who has no 001 line", "round", r, "player", p)
				}
				id = ids[p]
			}
			if _, err := tx.exec(`INSERT INTO team_lineups (match_id, team_id, board, entry_id) VALUES (?, ?, ?, ?)`, matchID, teamID[side.team], b+1, id); err != nil {
				return err
			}
		}
	}
	byNum := map[int]*trf.Player{}
	for i := range tr.Players {
		byNum[tr.Players[i].Number] = &tr.Players[i]
	}
	for _, i := range m.pairs {
		pr := pairs[i]
		b := slices.Index(home, pr.White) + 1
		if b == 0 {
			b = slices.Index(home, pr.Black) + 1
		}
		if b == 0 || slices.Index(aw, pr.White)+1 != b && slices.Index(aw, pr.Black)+1 != b {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.team_game_board", "{err}: round {round}: the game {white} - {black} is not on one board of the line-ups (check the 300 records)", "round", r, "white", pr.White, "black", pr.Black)
		}
		if err := tx.importTRFGame(t, byNum, r, roundID, tournament.RoundBoardOf(n, boards, b), pr, ids); err != nil {
			return err
		}
	}
	return nil
}

// sortByBerger orders the matches of round r of a team round robin as the Berger table
// numbers them (tournament.PlanTeamRoundRobin over the teams' pairing numbers; a double
// round robin when the event has more rounds than one cycle), so that an exported event
// imports with its match numbers; a match the table does not hold goes last. The order
// stays as it is when the teams are not numbered 1..n.
func sortByBerger(order []*trfMatch, ts *trf.Teams, r, rounds int) {
	teams := make([]tournament.Team, len(ts.Teams))
	for i, rec := range ts.Teams {
		teams[i] = tournament.Team{ID: int64(rec.Number), Number: rec.Number}
	}
	cycles := 1
	if rounds > tournament.TeamRoundRobinRounds(len(teams), 1) {
		cycles = 2
	}
	plan, err := tournament.PlanTeamRoundRobin(teams, r, cycles)
	if err != nil {
		return
	}
	at := func(m *trfMatch) int {
		for i, p := range plan {
			if p.Away != 0 && (int(p.Home) == m.home && int(p.Away) == m.away || int(p.Home) == m.away && int(p.Away) == m.home) {
				return i
			}
		}
		return len(plan)
	}
	key := func(m *trfMatch) int {
		if m.away == 0 { // the rests stay last
			return len(plan) + 1
		}
		return at(m)
	}
	slices.SortStableFunc(order, func(x, y *trfMatch) int { return key(x) - key(y) })
}

// sortBySwissBoards orders the matches of round r of a team Swiss as its pairing numbered
// them (TeamEvent.SwissMatchOrder, FIDE C.04.2 Art. 3.6, on the match points of the rounds
// imported before r), so a TRF of a team Swiss imports with its match numbers.
func (tx *Tx) sortBySwissBoards(t *tournament.Tournament, order []*trfMatch, teamID map[int]int64, r int) error {
	ev, err := tx.loadTeamEvent(t)
	if err != nil {
		return err
	}
	cmpMatch := ev.SwissMatchOrder(r)
	slices.SortStableFunc(order, func(x, y *trfMatch) int {
		return cmpMatch([2]int64{teamID[x.home], teamID[x.away]}, [2]int64{teamID[y.home], teamID[y.away]})
	})
	return nil
}
