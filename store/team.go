package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"arbitro/tournament"
)

// Team events (issue 32, docs/teams.md, migration 012): the Tx side of store/uc_team.go.
// A team member is an entry of the tournament; a match's games are boards of the round,
// numbered (match-1)*N + board (tournament.RoundBoardOf), so that result, game add, the
// audit and undo treat them as every game.

// TeamMethod and TeamSwissMethod are the rounds.method of a round of a team round robin
// and of a team Swiss.
const (
	TeamMethod      = "team-round-robin"
	TeamSwissMethod = "team-swiss"
)

// ErrNotTeamEvent wraps ErrInvalid: a team command on a tournament that is not a team event.
var ErrNotTeamEvent = tournament.Errf(tournament.ErrInvalid, "err.team.not_team_event", "{err}: not a team event")

// ErrTeamEvent wraps ErrInvalid: an individual pairing asked of a team event.
var ErrTeamEvent = tournament.Errf(tournament.ErrInvalid, "err.team.team_event", "{err}: a team event")

// teamSettings reads the settings of team event tid; nil when tid is not a team event.
func (tx *Tx) teamSettings(tid int64) (*tournament.TeamSettings, error) {
	var s tournament.TeamSettings
	var tbs string
	err := tx.queryRow(`SELECT boards, match_win, match_draw, match_loss, tiebreaks FROM team_events WHERE tournament_id = ?`, tid).
		Scan(&s.Boards, &s.MatchWin, &s.MatchDraw, &s.MatchLoss, &tbs)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if s.TieBreaks, err = tournament.ParseTeamTieBreaks(tbs); err != nil {
		return nil, err
	}
	return &s, nil
}

// mustTeamSettings is teamSettings for a team command: ErrNotTeamEvent when t is none.
func (tx *Tx) mustTeamSettings(t *tournament.Tournament) (*tournament.TeamSettings, error) {
	s, err := tx.teamSettings(t.ID)
	if err == nil && s == nil {
		err = tournament.Errf(ErrNotTeamEvent, "err.team.no_teams", "{err}: {tournament} has no teams (create one with arbitro tournament create NAME --teams --boards N)", "tournament", t.Name)
	}
	return s, err
}

// teamTieBreakText is the stored form of a list of team tie-breaks.
func teamTieBreakText(tbs []tournament.TeamTieBreak) string {
	out := make([]string, len(tbs))
	for i, tb := range tbs {
		out[i] = string(tb)
	}
	return strings.Join(out, ",")
}

// loadTeamEvent reads everything the team sheets need of team event t.
func (tx *Tx) loadTeamEvent(t *tournament.Tournament) (*tournament.TeamEvent, error) {
	s, err := tx.mustTeamSettings(t)
	if err != nil {
		return nil, err
	}
	ev := &tournament.TeamEvent{Tournament: *t, Settings: *s, ForfeitPoints: t.ForfeitPoints, ByePoints: t.ByePoints, Names: map[int64]string{}}
	if ev.Teams, err = tx.teams(t.ID, ev.Names); err != nil {
		return nil, err
	}
	if ev.Matches, err = tx.teamMatches(t, s.Boards, 0); err != nil {
		return nil, err
	}
	return ev, nil
}

// teams reads the teams of tournament tid with their rosters, by pairing number (teams
// without one last, by id), filling names with every member's name.
func (tx *Tx) teams(tid int64, names map[int64]string) ([]tournament.Team, error) {
	rows, err := tx.query(`SELECT id, name, club, coalesce(number, 0) FROM teams WHERE tournament_id = ?
		ORDER BY number IS NULL, number, id`, tid)
	if err != nil {
		return nil, err
	}
	var out []tournament.Team
	for rows.Next() {
		var tm tournament.Team
		if err := rows.Scan(&tm.ID, &tm.Name, &tm.Club, &tm.Number); err != nil {
			rows.Close()
			return nil, err
		}
		tm.Name, tm.Club = tournament.ShownText(tm.Name), tournament.ShownText(tm.Club)
		out = append(out, tm)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		mr, err := tx.query(`SELECT m.entry_id, p.name, e.rating, m.ord, m.reserve FROM team_members m
			JOIN entries e ON e.id = m.entry_id JOIN players p ON p.id = e.player_id
			WHERE m.team_id = ? ORDER BY m.ord`, out[i].ID)
		if err != nil {
			return nil, err
		}
		for mr.Next() {
			var m tournament.TeamMember
			if err := mr.Scan(&m.EntryID, &m.Name, &m.Rating, &m.Order, &m.Reserve); err != nil {
				mr.Close()
				return nil, err
			}
			m.Name = tournament.ShownName(m.Name)
			names[m.EntryID] = m.Name
			out[i].Members = append(out[i].Members, m)
		}
		mr.Close()
		if err := mr.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// teamMatches reads the matches of round (0: every round) of t with their line-ups and
// boards, each board with its game's result.
func (tx *Tx) teamMatches(t *tournament.Tournament, boards, round int) ([]tournament.TeamMatch, error) {
	q := `SELECT m.id, r.number, m.match, m.home_team, coalesce(m.away_team, 0), m.forfeit FROM team_matches m
		JOIN rounds r ON r.id = m.round_id WHERE r.tournament_id = ?`
	args := []any{t.ID}
	if round != 0 {
		q += ` AND r.number = ?`
		args = append(args, round)
	}
	rows, err := tx.query(q+` ORDER BY r.number, m.match`, args...)
	if err != nil {
		return nil, err
	}
	var out []tournament.TeamMatch
	for rows.Next() {
		var m tournament.TeamMatch
		if err := rows.Scan(&m.ID, &m.Round, &m.Match, &m.Home, &m.Away, &m.Forfeit); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	games := map[[2]int]*tournament.Board{}
	bs, err := tx.Boards(t, round)
	if err != nil && !errors.Is(err, tournament.ErrNotPaired) {
		return nil, err
	}
	for _, b := range bs {
		if b.Game == 1 {
			games[[2]int{b.Round, b.Board}] = b
		}
	}
	for i := range out {
		m := &out[i]
		if m.HomeLineup, err = tx.lineup(m.ID, m.Home, boards); err != nil {
			return nil, err
		}
		if !m.Rest() {
			if m.AwayLineup, err = tx.lineup(m.ID, m.Away, boards); err != nil {
				return nil, err
			}
		}
		m.Boards = m.MatchBoards(boards)
		for j := range m.Boards {
			if g := games[[2]int{m.Round, m.Boards[j].RoundBoard}]; g != nil && m.Boards[j].RoundBoard != 0 {
				m.Boards[j].Result = g.Result
			}
		}
	}
	return out, nil
}

// lineup reads team's line-up for match matchID (nil when not given).
func (tx *Tx) lineup(matchID, team int64, boards int) ([]int64, error) {
	rows, err := tx.query(`SELECT board, coalesce(entry_id, 0) FROM team_lineups WHERE match_id = ? AND team_id = ? ORDER BY board`, matchID, team)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var b int
		var e int64
		if err := rows.Scan(&b, &e); err != nil {
			return nil, err
		}
		if out == nil {
			out = make([]int64, boards)
		}
		if b >= 1 && b <= boards {
			out[b-1] = e
		}
	}
	return out, rows.Err()
}

// TeamSpec is a new team: its name, club, players in board order and reserves.
type TeamSpec struct {
	Name     string   `json:"name"`
	Club     string   `json:"club,omitempty"`
	Players  []string `json:"players"`
	Reserves []string `json:"reserves,omitempty"`
}

// addTeam enters team spec in team event t: each player an entry of t (club the team's),
// the roster in order, reserves last; a lot already drawn before round 1 is cleared (drawn
// again at the pairing); logs "team.add".
func (tx *Tx) addTeam(t *tournament.Tournament, s *tournament.TeamSettings, spec TeamSpec) (*tournament.Team, error) {
	name, err := tournament.CheckRoster(spec.Name, s.Boards, spec.Players, spec.Reserves)
	if err != nil {
		return nil, err
	}
	club, err := tournament.CheckLabel("club", spec.Club)
	if err != nil {
		return nil, err
	}
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if cur.RoundsPaired > 0 {
		return nil, tournament.Errf(tournament.ErrLocked, "err.team.add_paired", "{err}: {tournament} has paired round {round}; a team joins before round 1 (docs/teams.md)", "tournament", cur.Name, "round", cur.RoundsPaired)
	}
	var n int
	if err := tx.queryRow(`SELECT count(*) FROM teams WHERE tournament_id = ? AND lower(name) = lower(?)`, t.ID, name).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.team.duplicate", "{err}: {tournament} already has a team {team} (give the new team another name)", "tournament", cur.Name, "team", name)
	}
	if _, err := tx.exec(`UPDATE teams SET number = NULL WHERE tournament_id = ?`, t.ID); err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO teams (tournament_id, name, club) VALUES (?, ?, ?)`, t.ID, name, club)
	if err != nil {
		return nil, err
	}
	tm := &tournament.Team{Name: name, Club: club}
	if tm.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	// logged first: it names the action (its players' "player.add" follow)
	if err := tx.logEvent(t.ID, "team.add", nil, map[string]any{"id": tm.ID, "name": name, "club": club,
		"players": spec.Players, "reserves": spec.Reserves}); err != nil {
		return nil, err
	}
	all := append(slices.Clone(spec.Players), spec.Reserves...)
	for i, p := range all {
		e, err := tx.AddPlayer(cur, tournament.Player{Name: p, Club: club})
		if err != nil {
			return nil, err
		}
		m := tournament.TeamMember{EntryID: e.ID, Name: e.Player.Name, Rating: e.Rating, Order: i + 1, Reserve: i >= len(spec.Players)}
		if _, err := tx.exec(`INSERT INTO team_members (team_id, entry_id, ord, reserve) VALUES (?, ?, ?, ?)`, tm.ID, m.EntryID, m.Order, m.Reserve); err != nil {
			return nil, err
		}
		tm.Members = append(tm.Members, m)
	}
	return tm, nil
}

// teamLotLog is the before and after of a "team.lot" event.
type teamLotLog struct {
	Rounds  int           `json:"rounds"`
	Cycles  int           `json:"rr_cycles"`
	Numbers map[int64]int `json:"numbers,omitempty"`
	Seed    int64         `json:"seed"`
}

// teamLot numbers the teams of ev from t's seed (tournament.TeamLot; TeamSwissLot for a
// team Swiss) and, for a round robin whose rounds wait for the field, sets them from the
// teams. Returns the rounds of the event after the lot and the "team.lot" event to log
// after the pairing's own (so that the pairing names the action in undo --list).
func (tx *Tx) teamLot(t *tournament.Tournament, ev *tournament.TeamEvent) (int, func() error, error) {
	lot := tournament.TeamLot
	if t.System != tournament.RoundRobin {
		lot = tournament.TeamSwissLot
	}
	nums, err := lot(t.Seed, ev.Teams)
	if err != nil {
		return 0, nil, err
	}
	before := teamLotLog{Rounds: t.Rounds, Cycles: t.FieldCycles, Seed: t.Seed}
	for id, n := range nums {
		if _, err := tx.exec(`UPDATE teams SET number = ? WHERE id = ?`, n, id); err != nil {
			return 0, nil, err
		}
	}
	for i := range ev.Teams {
		ev.Teams[i].Number = nums[ev.Teams[i].ID]
	}
	slices.SortFunc(ev.Teams, func(a, b tournament.Team) int { return a.Number - b.Number })
	after := teamLotLog{Rounds: t.Rounds, Numbers: nums, Seed: t.Seed}
	if t.System == tournament.RoundRobin && t.FieldCycles > 0 {
		after.Rounds = tournament.TeamRoundRobinRounds(len(ev.Teams), t.FieldCycles)
		if _, err := tx.exec(`UPDATE tournaments SET rounds = ?, rr_cycles = 0 WHERE id = ?`, after.Rounds, t.ID); err != nil {
			return 0, nil, err
		}
	}
	return after.Rounds, func() error { return tx.logEvent(t.ID, "team.lot", before, after) }, nil
}

// TeamRound is the outcome of pairing a team round: its matches.
type TeamRound struct {
	Round   int                       `json:"round"`
	LotNow  bool                      `json:"lot_drawn"` // the team lot was drawn by this pairing
	Event   *tournament.TeamEvent     `json:"-"`
	Matches []tournament.TeamMatch    `json:"matches"`
	Notes   []tournament.TeamPairNote `json:"notes,omitempty"` // the team Swiss's account
}

// pairTeamRound pairs the next round of team event t: the team lot first when not drawn,
// every match of the round before decided, the matches by the Berger tables; logs
// "team.pair".
func (tx *Tx) pairTeamRound(t *tournament.Tournament) (*TeamRound, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	ev, err := tx.loadTeamEvent(cur)
	if err != nil {
		return nil, err
	}
	out := &TeamRound{Round: cur.RoundsPaired + 1, Event: ev}
	if len(ev.Teams) < 2 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.team.pair_teams", "{err}: {tournament} has {teams} teams; a match needs two (arbitro team add NAME --player ...)", "tournament", cur.Name, "teams", len(ev.Teams))
	}
	rounds := cur.Rounds
	logLot := func() error { return nil }
	if slices.ContainsFunc(ev.Teams, func(tm tournament.Team) bool { return tm.Number == 0 }) {
		if rounds, logLot, err = tx.teamLot(cur, ev); err != nil {
			return nil, err
		}
		out.LotNow = true
	}
	ev.Tournament.Rounds = rounds
	if rounds > 0 && out.Round > rounds {
		return nil, tournament.Errf(tournament.ErrAllRoundsPaired, "err.team.all_paired", "{err}: {tournament} has {rounds} rounds, all paired; none is left to pair (the standings: arbitro team standings)", "tournament", cur.Name, "rounds", rounds)
	}
	var open []error // phrases: "match 2 (Home - Away)"
	for _, m := range ev.Matches {
		if m.Round == cur.RoundsPaired && !m.Rest() && !m.Score(ev.Settings, ev.ForfeitPoints).Done {
			open = append(open, tournament.Errf(nil, "err.team.match_phrase", "match {match} ({home} - {away})", "match", m.Match, "home", ev.Team(m.Home).Name, "away", ev.Team(m.Away).Name))
		}
	}
	if len(open) > 0 {
		return nil, tournament.Errf(tournament.ErrResultsMissing, "err.team.round_open", "{err}: round {round} of {tournament}: {matches} not finished (give the line-ups and the results of every board, or arbitro team forfeit)",
			"round", cur.RoundsPaired, "tournament", cur.Name, "matches", open)
	}
	method := TeamMethod
	if cur.System == tournament.RoundRobin {
		cycles := 1
		if rounds > tournament.TeamRoundRobinRounds(len(ev.Teams), 1) {
			cycles = 2
		}
		if out.Matches, err = tournament.PlanTeamRoundRobin(ev.Teams, out.Round, cycles); err != nil {
			return nil, err
		}
	} else {
		method = TeamSwissMethod
		if out.Matches, out.Notes, err = ev.PlanTeamSwiss(out.Round, cur.Seed); err != nil {
			return nil, err
		}
	}
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, paired_at, published_at) VALUES (?, ?, ?, ?, ?, ?)`,
		cur.ID, out.Round, method, cur.Seed, tx.nowText(), tx.nowText())
	if err != nil {
		return nil, err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	for i := range out.Matches {
		m := &out.Matches[i]
		var away any
		if m.Away != 0 {
			away = m.Away
		}
		r, err := tx.exec(`INSERT INTO team_matches (round_id, match, home_team, away_team) VALUES (?, ?, ?, ?)`, roundID, m.Match, m.Home, away)
		if err != nil {
			return nil, err
		}
		if m.ID, err = r.LastInsertId(); err != nil {
			return nil, err
		}
	}
	ev.Matches = append(ev.Matches, out.Matches...)
	if err := tx.logEvent(cur.ID, "team.pair", nil, map[string]any{"round": out.Round, "method": method, "matches": out.Matches}); err != nil {
		return nil, err
	}
	return out, logLot()
}

// teamMatchOf finds the match team plays in round of ev.
func teamMatchOf(ev *tournament.TeamEvent, round int, team int64) (*tournament.TeamMatch, error) {
	for i := range ev.Matches {
		m := &ev.Matches[i]
		if m.Round == round && (m.Home == team || m.Away == team) {
			if m.Rest() {
				return nil, tournament.Errf(tournament.ErrInvalid, "err.team.rests", "{err}: team {team} rests in round {round}: it has no match, so no line-up or forfeit to give", "team", ev.Team(team).Name, "round", round)
			}
			return m, nil
		}
	}
	return nil, tournament.Errf(tournament.ErrNotPaired, "err.team.not_paired", "{err}: round {round} of {tournament} is not paired (arbitro team pair)", "round", round, "tournament", ev.Tournament.Name)
}

// LineupSet is the outcome of a line-up: the match as it now stands.
type LineupSet struct {
	Event *tournament.TeamEvent `json:"-"`
	Team  tournament.Team       `json:"team"`
	Match tournament.TeamMatch  `json:"match"`
}

// teamLineupLog is the before and after of a "team.lineup" event.
type teamLineupLog struct {
	Round  int     `json:"round"`
	Match  int64   `json:"match_id"`
	Team   int64   `json:"team"`
	Name   string  `json:"name"`
	Lineup []int64 `json:"lineup"` // nil: none
}

// setLineup stores team's line-up refs for its match of round (Team.Lineup checks it)
// and, once both line-ups are in, the match's games as boards of the round; logs
// "team.lineup".
func (tx *Tx) setLineup(t *tournament.Tournament, round int, teamRef string, refs []string) (*LineupSet, error) {
	ev, err := tx.loadTeamEvent(t)
	if err != nil {
		return nil, err
	}
	tm, err := tournament.FindTeam(ev.Teams, teamRef)
	if err != nil {
		return nil, err
	}
	m, err := teamMatchOf(ev, round, tm.ID)
	if err != nil {
		return nil, err
	}
	if m.Forfeit != tournament.MatchPlayed {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.team.lineup_forfeit", "{err}: match {match} of round {round} is lost by forfeit (arbitro undo, then give the line-up)", "match", m.Match, "round", round)
	}
	lineup, err := tm.Lineup(ev.Settings.Boards, refs)
	if err != nil {
		return nil, err
	}
	before := teamLineupLog{Round: round, Match: m.ID, Team: tm.ID, Name: tm.Name, Lineup: m.HomeLineup}
	if tm.ID == m.Away {
		before.Lineup = m.AwayLineup
	}
	after := before
	after.Lineup = lineup
	if err := tx.writeLineup(t, ev, m, tm.ID, lineup); err != nil {
		return nil, err
	}
	out := &LineupSet{Event: ev, Team: *tm, Match: *m}
	return out, tx.logEvent(t.ID, "team.lineup", before, after)
}

// writeLineup replaces team's line-up of match m with lineup (nil: none) and rewrites the
// match's boards in the round (refused when a game of the match has a result or a score).
func (tx *Tx) writeLineup(t *tournament.Tournament, ev *tournament.TeamEvent, m *tournament.TeamMatch, team int64, lineup []int64) error {
	if err := tx.clearMatchBoards(t, ev, m); err != nil {
		return err
	}
	if _, err := tx.exec(`DELETE FROM team_lineups WHERE match_id = ? AND team_id = ?`, m.ID, team); err != nil {
		return err
	}
	for i, e := range lineup {
		var id any
		if e != 0 {
			id = e
		}
		if _, err := tx.exec(`INSERT INTO team_lineups (match_id, team_id, board, entry_id) VALUES (?, ?, ?, ?)`, m.ID, team, i+1, id); err != nil {
			return err
		}
	}
	if team == m.Home {
		m.HomeLineup = lineup
	} else {
		m.AwayLineup = lineup
	}
	m.Boards = m.MatchBoards(ev.Settings.Boards)
	var roundID int64
	if err := tx.queryRow(`SELECT round_id FROM team_matches WHERE id = ?`, m.ID).Scan(&roundID); err != nil {
		return err
	}
	for _, b := range m.Boards {
		if b.RoundBoard == 0 {
			continue
		}
		w, bl := b.WhiteBlack()
		if _, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`, roundID, b.RoundBoard, w, bl); err != nil {
			return err
		}
	}
	return nil
}

// clearMatchBoards deletes the games of match m from its round, refusing when one has a
// result, a game score or a claim.
func (tx *Tx) clearMatchBoards(t *tournament.Tournament, ev *tournament.TeamEvent, m *tournament.TeamMatch) error {
	lo, hi := tournament.RoundBoardOf(m.Match, ev.Settings.Boards, 1), tournament.RoundBoardOf(m.Match, ev.Settings.Boards, ev.Settings.Boards)
	var busy int
	if err := tx.queryRow(`SELECT count(*) FROM boards b JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? AND r.number = ? AND b.board BETWEEN ? AND ?
		AND (EXISTS (SELECT 1 FROM results x WHERE x.board_id = b.id) OR EXISTS (SELECT 1 FROM games g WHERE g.board_id = b.id)
		OR EXISTS (SELECT 1 FROM claims c WHERE c.board_id = b.id))`, t.ID, m.Round, lo, hi).Scan(&busy); err != nil {
		return err
	}
	if busy > 0 {
		return tournament.Errf(tournament.ErrRoundHasResults, "err.team.match_busy", "{err}: match {match} of round {round} has {games} games with a result or a score (correct them, or arbitro undo them, first)",
			"match", m.Match, "round", m.Round, "games", busy)
	}
	_, err := tx.exec(`DELETE FROM boards WHERE round_id = (SELECT id FROM rounds WHERE tournament_id = ? AND number = ?) AND board BETWEEN ? AND ?`,
		t.ID, m.Round, lo, hi)
	return err
}

// teamForfeitLog is the before and after of a "team.forfeit" event.
type teamForfeitLog struct {
	Round   int     `json:"round"`
	Match   int64   `json:"match_id"`
	Forfeit string  `json:"forfeit"`
	Home    []int64 `json:"home_lineup"`
	Away    []int64 `json:"away_lineup"`
}

// setTeamForfeit records that the teams named did not come to their match of round (the
// match lost by forfeit; both teams named: a double forfeit); the line-ups and games of
// the match are removed (refused when a game has a result); logs "team.forfeit".
func (tx *Tx) setTeamForfeit(t *tournament.Tournament, round int, teamRefs []string) (*LineupSet, error) {
	ev, err := tx.loadTeamEvent(t)
	if err != nil {
		return nil, err
	}
	var m *tournament.TeamMatch
	absent := map[int64]bool{}
	for _, r := range teamRefs {
		tm, err := tournament.FindTeam(ev.Teams, r)
		if err != nil {
			return nil, err
		}
		mm, err := teamMatchOf(ev, round, tm.ID)
		if err != nil {
			return nil, err
		}
		if m != nil && mm.ID != m.ID {
			return nil, tournament.Errf(tournament.ErrInvalid, "err.team.forfeit_apart", "{err}: {first} and {second} do not play each other in round {round} (name one team, or the two of one match)", "first", teamRefs[0], "second", r, "round", round)
		}
		m = mm
		absent[tm.ID] = true
	}
	if m == nil {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.team.forfeit_none", "{err}: name the team that did not come")
	}
	forfeit := tournament.MatchForfeitHome
	switch {
	case absent[m.Home] && absent[m.Away]:
		forfeit = tournament.MatchForfeitBoth
	case absent[m.Away]:
		forfeit = tournament.MatchForfeitAway
	}
	if m.Forfeit == forfeit {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.team.forfeit_same", "{err}: match {match} of round {round} is already recorded so; nothing to change", "match", m.Match, "round", round)
	}
	before := teamForfeitLog{Round: round, Match: m.ID, Forfeit: m.Forfeit, Home: m.HomeLineup, Away: m.AwayLineup}
	if err := tx.clearMatchBoards(t, ev, m); err != nil {
		return nil, err
	}
	if _, err := tx.exec(`DELETE FROM team_lineups WHERE match_id = ?`, m.ID); err != nil {
		return nil, err
	}
	if _, err := tx.exec(`UPDATE team_matches SET forfeit = ? WHERE id = ?`, forfeit, m.ID); err != nil {
		return nil, err
	}
	m.Forfeit, m.HomeLineup, m.AwayLineup, m.Boards = forfeit, nil, nil, nil
	after := teamForfeitLog{Round: round, Match: m.ID, Forfeit: forfeit}
	tm := ev.Team(m.Home)
	if forfeit == tournament.MatchForfeitAway {
		tm = ev.Team(m.Away)
	}
	return &LineupSet{Event: ev, Team: *tm, Match: *m}, tx.logEvent(t.ID, "team.forfeit", before, after)
}

// revertTeam undoes a team event of the log (Undo): a pairing (the round removed), the
// lot (the numbers cleared, the rounds as before), a line-up or a forfeit (as before).
func (tx *Tx) revertTeam(cur *tournament.Tournament, e *tournament.Event) error {
	switch e.Action {
	case "team.pair":
		var after struct {
			Round int `json:"round"`
		}
		if err := json.Unmarshal(e.After, &after); err != nil {
			return err
		}
		if after.Round != cur.RoundsPaired {
			return tournament.Errf(tournament.ErrInvalid, "err.undo.not_last_round", "{err}: round {round} is not the last paired round ({last})", "round", after.Round, "last", cur.RoundsPaired)
		}
		_, err := tx.Unpair(cur)
		return err
	case "team.lot":
		var before teamLotLog
		if err := json.Unmarshal(e.Before, &before); err != nil {
			return err
		}
		if _, err := tx.exec(`UPDATE teams SET number = NULL WHERE tournament_id = ?`, cur.ID); err != nil {
			return err
		}
		_, err := tx.exec(`UPDATE tournaments SET rounds = max(?, 1), rr_cycles = ? WHERE id = ?`, before.Rounds, before.Cycles, cur.ID)
		return err
	case "team.add":
		return tx.revertTeamAdd(cur, e)
	}
	ev, err := tx.loadTeamEvent(cur)
	if err != nil {
		return err
	}
	find := func(id int64) (*tournament.TeamMatch, error) {
		for i := range ev.Matches {
			if ev.Matches[i].ID == id {
				return &ev.Matches[i], nil
			}
		}
		return nil, tournament.Errf(tournament.ErrInvalid, "err.undo.team_match_gone", "{err}: the match of {action} is no longer paired", "action", e.Action)
	}
	switch e.Action {
	case "team.lineup":
		var before teamLineupLog
		if err := json.Unmarshal(e.Before, &before); err != nil {
			return err
		}
		m, err := find(before.Match)
		if err != nil {
			return err
		}
		return tx.writeLineup(cur, ev, m, before.Team, before.Lineup)
	case "team.forfeit":
		var before teamForfeitLog
		if err := json.Unmarshal(e.Before, &before); err != nil {
			return err
		}
		m, err := find(before.Match)
		if err != nil {
			return err
		}
		if _, err := tx.exec(`UPDATE team_matches SET forfeit = ? WHERE id = ?`, before.Forfeit, m.ID); err != nil {
			return err
		}
		m.Forfeit = before.Forfeit
		if err := tx.writeLineup(cur, ev, m, m.Home, before.Home); err != nil {
			return err
		}
		if before.Away == nil {
			return nil
		}
		return tx.writeLineup(cur, ev, m, m.Away, before.Away)
	}
	return tournament.Errf(tournament.ErrInvalid, "err.undo.unknown_kind", "{err}: arbitro undo does not revert {action}", "action", e.Action)
}

// revertTeamAdd removes a team added by the action undone (its members' entries are
// removed by the reverts of the action's "player.add" events, their roster rows with them).
func (tx *Tx) revertTeamAdd(cur *tournament.Tournament, e *tournament.Event) error {
	var tm struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(e.After, &tm); err != nil || tm.ID == 0 {
		return tournament.Errf(tournament.ErrCannotUndo, "err.undo.team_added", "{err}: the log does not hold the team added")
	}
	if cur.RoundsPaired > 0 {
		return tournament.Errf(tournament.ErrLocked, "err.undo.team_paired", "{err}: {tournament} has paired rounds", "tournament", cur.Name)
	}
	if _, err := tx.exec(`DELETE FROM team_members WHERE team_id = ?`, tm.ID); err != nil {
		return err
	}
	_, err := tx.exec(`DELETE FROM teams WHERE id = ?`, tm.ID)
	return err
}
