package tournament

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Team events (issue 32, docs/teams.md): a team event is a tournament whose entrants are
// teams of N boards. Every member of a team is an entry of the tournament, so the games of
// a match are boards of its rounds, judged, corrected and undone as every game; what this
// file adds is the team's side: rosters, line-ups, match scores, team standings and board
// prizes. Pure: no SQL.

// TeamTieBreak names a tie-break of the team standings (team_events.tiebreaks).
type TeamTieBreak string

// The team tie-breaks (docs/teams.md, "Standings").
const (
	// TeamTBBoardPoints: the sum of the game points of every board (punti individuali,
	// bordpunten, FIDE Handbook C.07 "game points"), in the event's scoring.
	TeamTBBoardPoints TeamTieBreak = "board-points"
	// TeamTBSonnebornBerger: the sum over the team's matches of the opponent's match points
	// times the match points the team scored against it (FIDE C.07 team SB on match points).
	TeamTBSonnebornBerger TeamTieBreak = "sonneborn-berger"
	// TeamTBDirect: the match points scored in the matches among the teams still tied (FIDE
	// C.07 "direct encounter"); 0 for every team of the tie when they have not all met.
	TeamTBDirect TeamTieBreak = "direct"
)

// DefaultTeamTieBreaks is the order of the team tie-breaks when none is given: board
// points, Sonneborn-Berger on match points, direct encounter (issue 32).
var DefaultTeamTieBreaks = []TeamTieBreak{TeamTBBoardPoints, TeamTBSonnebornBerger, TeamTBDirect}

// ParseTeamTieBreaks reads a comma-separated list of team tie-breaks ("board-points,direct").
// "" gives DefaultTeamTieBreaks.
//
// Errors: ErrMalformed naming an unknown or repeated tie-break.
func ParseTeamTieBreaks(s string) ([]TeamTieBreak, error) {
	if strings.TrimSpace(s) == "" {
		return slices.Clone(DefaultTeamTieBreaks), nil
	}
	var out []TeamTieBreak
	for f := range strings.SplitSeq(s, ",") {
		tb := TeamTieBreak(strings.ToLower(strings.TrimSpace(f)))
		if !slices.Contains(DefaultTeamTieBreaks, tb) {
			return nil, Errf(ErrMalformed, "err.team.tiebreak_unknown", "{err}: team tie-break {name} (known: board-points, sonneborn-berger, direct)", "name", strconv.Quote(f))
		}
		if slices.Contains(out, tb) {
			return nil, Errf(ErrMalformed, "err.team.tiebreak_twice", "{err}: team tie-break {name} given twice (give each once)", "name", strconv.Quote(f))
		}
		out = append(out, tb)
	}
	return out, nil
}

// TeamSettings are a team event's own settings (table team_events).
type TeamSettings struct {
	Boards    int            `json:"boards"`     // boards per match, 1..MaxTeamBoards
	MatchWin  int            `json:"match_win"`  // match points for a match won (2)
	MatchDraw int            `json:"match_draw"` // for a match drawn (1)
	MatchLoss int            `json:"match_loss"` // for a match lost (0)
	TieBreaks []TeamTieBreak `json:"tiebreaks"`  // in order
}

// MaxTeamBoards is the most boards a match may have.
const MaxTeamBoards = 20

// NewTeamSettings returns the settings of a team event of boards boards with match points
// mp ("2-1-0" when "") and tie-breaks tbs (DefaultTeamTieBreaks when "").
//
// Errors: ErrMalformed (boards out of 1..MaxTeamBoards, unreadable match points, an
// unknown tie-break).
func NewTeamSettings(boards int, mp, tbs string) (TeamSettings, error) {
	s := TeamSettings{Boards: boards}
	if boards < 1 || boards > MaxTeamBoards {
		return s, Errf(ErrMalformed, "err.team.boards_range", "{err}: {boards} boards per match (1 to {max})", "boards", boards, "max", MaxTeamBoards)
	}
	var err error
	if s.MatchWin, s.MatchDraw, s.MatchLoss, err = ParseMatchPoints(mp); err != nil {
		return s, err
	}
	s.TieBreaks, err = ParseTeamTieBreaks(tbs)
	return s, err
}

// ParseMatchPoints reads the match points of a win, a draw and a loss as "2-1-0" (the
// default when ""; "3-1-0" and "1-0.5-0" are not whole numbers and "1-0.5-0" is refused).
//
// Errors: ErrMalformed unless three whole numbers 0..10 with win > draw >= loss.
func ParseMatchPoints(s string) (win, draw, loss int, err error) {
	if s == "" {
		return 2, 1, 0, nil
	}
	f := strings.Split(s, "-")
	bad := Errf(ErrMalformed, "err.team.match_points", "{err}: match points {points} (win-draw-loss in whole numbers, e.g. 2-1-0)", "points", strconv.Quote(s))
	if len(f) != 3 {
		return 0, 0, 0, bad
	}
	var v [3]int
	for i, x := range f {
		n, e := strconv.Atoi(x)
		if e != nil || n < 0 || n > 10 {
			return 0, 0, 0, bad
		}
		v[i] = n
	}
	if v[0] <= v[1] || v[1] < v[2] {
		return 0, 0, 0, bad
	}
	return v[0], v[1], v[2], nil
}

// MatchPointsText writes the match points as "2-1-0".
func (s TeamSettings) MatchPointsText() string {
	return fmt.Sprintf("%d-%d-%d", s.MatchWin, s.MatchDraw, s.MatchLoss)
}

// Team is one team of a team event (table teams) with its roster in order.
type Team struct {
	ID      int64        `json:"id"`
	Name    string       `json:"name"`
	Club    string       `json:"club,omitempty"`
	Number  int          `json:"number,omitempty"` // pairing number; 0 before the team lot
	Members []TeamMember `json:"members"`          // roster order: regulars, then reserves
}

// TeamMember is one player of a team's roster.
type TeamMember struct {
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
	Rating  int    `json:"rating,omitempty"`
	Order   int    `json:"order"`   // 1.. in the roster
	Reserve bool   `json:"reserve"` // listed as a reserve
}

// Ref is how a command names the team again: its pairing number after the lot, else its
// name.
func (t Team) Ref() string {
	if t.Number > 0 {
		return strconv.Itoa(t.Number)
	}
	return t.Name
}

// CheckRoster checks a new team's name and roster for a match of boards boards: a name
// with a letter or digit, at least one and at most boards regular players (the others are
// reserves), no name twice.
//
// Returns the name as stored (CheckLabel). Errors: ErrMalformed (the name), ErrInvalid
// naming the problem and the fix.
func CheckRoster(name string, boards int, players, reserves []string) (string, error) {
	name, err := CheckLabel("team", name)
	if err != nil {
		return "", err
	}
	if name == "" {
		return "", Errf(ErrInvalid, "err.team.no_name", "{err}: the team needs a name (arbitro team add NAME --player P1 ...)")
	}
	if len(players) == 0 {
		return "", Errf(ErrInvalid, "err.team.no_player", "{err}: team {team} has no player (give its players in board order: --player NAME, once each)", "team", name)
	}
	if len(players) > boards {
		return "", Errf(ErrInvalid, "err.team.too_many_players", "{err}: team {team} has {players} players for {boards} boards (give the others as --reserve)", "team", name, "players", len(players), "boards", boards)
	}
	seen := map[string]bool{}
	for _, p := range append(slices.Clone(players), reserves...) {
		k := strings.ToLower(NormalizeName(p))
		if seen[k] {
			return "", Errf(ErrInvalid, "err.team.roster_twice", "{err}: {player} is twice in the roster of team {team} (give each player once)", "player", p, "team", name)
		}
		seen[k] = true
	}
	return name, nil
}

// FindTeam finds the team ref names: its pairing number after the lot, or its name
// (case-insensitive).
//
// Errors: ErrNotFound naming the teams.
func FindTeam(teams []Team, ref string) (*Team, error) {
	ref = strings.TrimSpace(ref)
	if n, err := strconv.Atoi(ref); err == nil {
		for i := range teams {
			if teams[i].Number == n && n > 0 {
				return &teams[i], nil
			}
		}
	}
	for i := range teams {
		if strings.EqualFold(teams[i].Name, ref) {
			return &teams[i], nil
		}
	}
	names := make([]string, len(teams))
	for i, t := range teams {
		names[i] = t.Name
	}
	return nil, Errf(ErrNotFound, "err.team.not_found", "{err}: no team {ref} (teams: {teams})", "ref", strconv.Quote(ref), "teams", strings.Join(names, ", "))
}

// member finds the roster member ref names: his entry id, his roster order with a leading
// "#" ("#2"), or his name (case-insensitive, as typed or in the stored form).
func (t Team) member(ref string) (*TeamMember, error) {
	ref = strings.TrimSpace(ref)
	if o, ok := strings.CutPrefix(ref, "#"); ok {
		if n, err := strconv.Atoi(o); err == nil {
			for i := range t.Members {
				if t.Members[i].Order == n {
					return &t.Members[i], nil
				}
			}
		}
	}
	for i := range t.Members {
		m := &t.Members[i]
		if strings.EqualFold(m.Name, NormalizeName(ref)) || strconv.FormatInt(m.EntryID, 10) == ref {
			return m, nil
		}
	}
	names := make([]string, len(t.Members))
	for i, m := range t.Members {
		names[i] = fmt.Sprintf("#%d %s", m.Order, m.Name)
	}
	return nil, Errf(ErrNotFound, "err.team.not_in_roster", "{err}: {ref} is not in the roster of team {team} ({roster})", "ref", strconv.Quote(ref), "team", t.Name, "roster", strings.Join(names, ", "))
}

// EmptyBoard is the word of a line-up for a board left empty (lost by forfeit).
const EmptyBoard = "-"

// Lineup reads team t's line-up for a match of boards boards: one ref a board, board 1
// first (a member's name, "#ORDER" or entry id; EmptyBoard for a board left empty), and
// checks it (CheckLineup).
//
// Returns the entry ids a board (0 for an empty board). Errors: ErrNotFound (not in the
// roster), CheckLineup's.
func (t Team) Lineup(boards int, refs []string) ([]int64, error) {
	if len(refs) != boards {
		return nil, Errf(ErrInvalid, "err.team.lineup_count", "{err}: {players} players for team {team}'s {boards} boards (give one a board, board 1 first; {empty} for a board left empty)", "players", len(refs), "team", t.Name, "boards", boards, "empty", EmptyBoard)
	}
	out := make([]int64, boards)
	for i, r := range refs {
		if strings.TrimSpace(r) == EmptyBoard {
			continue
		}
		m, err := t.member(r)
		if err != nil {
			return nil, err
		}
		out[i] = m.EntryID
	}
	return out, t.CheckLineup(out)
}

// CheckLineup checks a line-up (entry ids, board 1 first, 0 an empty board) against the
// roster: each player of the team's roster, once; the roster order respected (a player
// listed higher never plays a lower board than one listed below him: FMJD and FIDE team
// regulations, the Olympiad's "board order"); empty boards last (the FIDE Olympiad's rule
// for an incomplete team; the FID and FMJD texts found are silent: docs/teams.md); at
// least one player.
//
// Errors: ErrInvalid naming the board and the fix.
func (t Team) CheckLineup(lineup []int64) error {
	order := map[int64]TeamMember{}
	for _, m := range t.Members {
		order[m.EntryID] = m
	}
	last, empty, played := 0, 0, 0
	seen := map[int64]bool{}
	for i, id := range lineup {
		b := i + 1
		if id == 0 {
			if empty == 0 {
				empty = b
			}
			continue
		}
		m, ok := order[id]
		if !ok {
			return Errf(ErrInvalid, "err.team.lineup_stranger", "{err}: board {board} of team {team}: entry {entry} is not in its roster", "board", b, "team", t.Name, "entry", int(id))
		}
		if seen[id] {
			return Errf(ErrInvalid, "err.team.lineup_twice", "{err}: {player} is on two boards of team {team} (give each player one board)", "player", m.Name, "team", t.Name)
		}
		seen[id] = true
		if empty != 0 {
			return Errf(ErrInvalid, "err.team.lineup_gap", "{err}: team {team} leaves board {empty} empty above {player} on board {board} (empty boards go last: move the players up)", "team", t.Name, "empty", empty, "player", m.Name, "board", b)
		}
		if m.Order < last {
			return Errf(ErrInvalid, "err.team.lineup_order", "{err}: team {team} puts {player} (roster #{order}) on board {board} below a player listed after him (the line-up follows the roster order)", "team", t.Name, "player", m.Name, "order", m.Order, "board", b)
		}
		last = m.Order
		played++
	}
	if played == 0 {
		return Errf(ErrInvalid, "err.team.lineup_empty", "{err}: team {team} fields no player (a team that does not come loses the match by forfeit: arbitro team forfeit)", "team", t.Name)
	}
	return nil
}

// The forfeits of a whole match (team_matches.forfeit).
const (
	MatchPlayed      = ""     // played (boards may still be lost by forfeit)
	MatchForfeitHome = "home" // the team named first did not come
	MatchForfeitAway = "away" // the team named second did not come
	MatchForfeitBoth = "both" // neither came
)

// TeamMatch is a match of a round: two teams, N boards. The team named first (Home) has
// White on the odd boards and Black on the even ones (docs/teams.md, "Colours").
type TeamMatch struct {
	ID      int64       `json:"id"`
	Round   int         `json:"round"`
	Match   int         `json:"match"` // 1.. in the round
	Home    int64       `json:"home"`  // team id
	Away    int64       `json:"away,omitempty"`
	Forfeit string      `json:"forfeit,omitempty"` // MatchPlayed, MatchForfeitHome, ...
	Boards  []TeamBoard `json:"boards,omitempty"`  // both line-ups in: one per board
	// HomeLineup and AwayLineup are the line-ups given (entry ids, 0 an empty board); nil
	// when not given yet.
	HomeLineup []int64 `json:"home_lineup,omitempty"`
	AwayLineup []int64 `json:"away_lineup,omitempty"`
}

// Rest reports whether the match is a rest (the home team has no opponent this round).
func (m TeamMatch) Rest() bool { return m.Away == 0 }

// TeamBoard is one board of a match.
type TeamBoard struct {
	Board     int     `json:"board"`          // 1..N in the match
	Home      int64   `json:"home,omitempty"` // entry id, 0 when the board is empty
	Away      int64   `json:"away,omitempty"`
	HomeWhite bool    `json:"home_white"`
	Result    *Result `json:"result,omitempty"` // the game's result (White's and Black's points)
	// RoundBoard is the game's board number in the round (what result and game add take):
	// (match-1)*N + board; 0 when the board has no game (a player missing).
	RoundBoard int `json:"round_board,omitempty"`
}

// HomeWhiteOn says whether the team named first has White on board b (1-based): odd boards.
func HomeWhiteOn(b int) bool { return b%2 == 1 }

// RoundBoardOf is the board number in the round of board b of match m of N boards.
func RoundBoardOf(match, boards, b int) int { return (match-1)*boards + b }

// Points returns the game points of the board for the home and the away team and whether
// the board is decided: an empty board is lost by forfeit (forfeitPoints to the player
// present, 0-0 when both are missing); a game counts once its result is final.
func (b TeamBoard) Points(forfeitPoints int) (home, away int, done bool) {
	switch {
	case b.Home == 0 && b.Away == 0:
		return 0, 0, true
	case b.Home == 0:
		return 0, forfeitPoints, true
	case b.Away == 0:
		return forfeitPoints, 0, true
	case b.Result == nil || b.Result.Kind == KindAdjourned:
		return 0, 0, false
	}
	w, bl := b.Result.WhitePoints, b.Result.BlackPoints
	if b.HomeWhite {
		return w, bl, true
	}
	return bl, w, true
}

// MatchScore is the outcome of a match for its two teams.
type MatchScore struct {
	HomeBoard, AwayBoard int  // board points (game points, 2-1-0 scale)
	HomeMatch, AwayMatch int  // match points
	Done                 bool // every board decided, or a forfeit of the match
}

// Score returns the match's board and match points under settings s with forfeitPoints
// the game points of a win by forfeit. A match forfeited by one team gives the other N
// boards won by forfeit and the match; by both, nothing to either (a loss each). A rest
// scores nothing.
func (m TeamMatch) Score(s TeamSettings, forfeitPoints int) MatchScore {
	var sc MatchScore
	if m.Rest() {
		return sc
	}
	switch m.Forfeit {
	case MatchForfeitHome:
		return MatchScore{AwayBoard: s.Boards * forfeitPoints, HomeMatch: s.MatchLoss, AwayMatch: s.MatchWin, Done: true}
	case MatchForfeitAway:
		return MatchScore{HomeBoard: s.Boards * forfeitPoints, HomeMatch: s.MatchWin, AwayMatch: s.MatchLoss, Done: true}
	case MatchForfeitBoth:
		return MatchScore{HomeMatch: s.MatchLoss, AwayMatch: s.MatchLoss, Done: true}
	}
	if len(m.Boards) == 0 {
		return sc
	}
	sc.Done = true
	for _, b := range m.Boards {
		h, a, done := b.Points(forfeitPoints)
		sc.HomeBoard += h
		sc.AwayBoard += a
		sc.Done = sc.Done && done
	}
	switch {
	case sc.HomeBoard > sc.AwayBoard:
		sc.HomeMatch, sc.AwayMatch = s.MatchWin, s.MatchLoss
	case sc.HomeBoard < sc.AwayBoard:
		sc.HomeMatch, sc.AwayMatch = s.MatchLoss, s.MatchWin
	default:
		sc.HomeMatch, sc.AwayMatch = s.MatchDraw, s.MatchDraw
	}
	return sc
}

// MatchBoards builds the boards of a match from the two line-ups (nil when either is
// missing): board b pairs the home and the away player of b, the home team White on the
// odd boards; a board with both players has a game, numbered in the round by
// RoundBoardOf.
func (m TeamMatch) MatchBoards(boards int) []TeamBoard {
	if m.HomeLineup == nil || m.AwayLineup == nil {
		return nil
	}
	out := make([]TeamBoard, boards)
	for i := range out {
		b := TeamBoard{Board: i + 1, HomeWhite: HomeWhiteOn(i + 1)}
		if i < len(m.HomeLineup) {
			b.Home = m.HomeLineup[i]
		}
		if i < len(m.AwayLineup) {
			b.Away = m.AwayLineup[i]
		}
		if b.Home != 0 && b.Away != 0 {
			b.RoundBoard = RoundBoardOf(m.Match, boards, i+1)
		}
		out[i] = b
	}
	return out
}

// WhiteBlack returns the entries with White and Black on board b.
func (b TeamBoard) WhiteBlack() (white, black int64) {
	if b.HomeWhite {
		return b.Home, b.Away
	}
	return b.Away, b.Home
}
