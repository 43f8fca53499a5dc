package reports

// Team events (issue 32, docs/teams.md): the match results of a round, the team
// standings with their tie-breaks, the team crosstable and the board prizes, each one table
// (TeamTable) written as text, CSV, JSON or PDF. The words are the catalogs' "team.*"
// keys (locales/<lang>/teams.json): Italian in the FID's terms (incontro, punti squadra,
// punti individuali, scacchiera), Dutch in the KNDB's (matchpunten, bordpunten), French
// "points de match".

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// TeamSheets is a team event and the language its sheets are printed in.
type TeamSheets struct {
	Event  *tournament.TeamEvent
	Locale *Locale
}

// TeamTable is one team sheet: a title, a header, rows, notes under it, and the columns
// aligned left (the others right); Data is what its JSON holds; Locale the language its
// words are in.
type TeamTable struct {
	Locale *Locale    `json:"-"`
	Title  string     `json:"title"`
	Head   []string   `json:"head"`
	Rows   [][]string `json:"rows"`
	Notes  []string   `json:"notes,omitempty"`
	Left   []int      `json:"-"`
	Data   any        `json:"data"`
	// Sheet is the title without the event's name ("Classifica a squadre (finale)"): the
	// PDF's heading, under the event block that names the event already.
	Sheet string `json:"-"`
	// Final marks the final team standings: the PDF signs them as the player standings'
	// final sheet (the chief arbiter's block, issue 29).
	Final bool `json:"-"`
}

func (s TeamSheets) loc() *Locale { return orEnglish(s.Locale) }

func (s TeamSheets) scoring() tournament.Scoring {
	sc, err := tournament.ParseScoring(s.Event.Tournament.Scoring)
	if err != nil {
		return tournament.Scoring210
	}
	return sc
}

// bp shows game points (2-1-0) in the event's scoring.
func (s TeamSheets) bp(v int) string { return s.loc().Score(s.scoring(), v) }

func (s TeamSheets) teamName(id int64) string {
	if t := s.Event.Team(id); t != nil {
		return t.Name
	}
	return ""
}

func (s TeamSheets) title(key string, args ...any) string {
	return orDefault(s.Event.Tournament.Name, "arbitro") + " — " + s.loc().T(key, args...)
}

// sheetTitle is title's sheet name alone (TeamTable.Sheet).
func (s TeamSheets) sheetTitle(key string, args ...any) string { return s.loc().T(key, args...) }

// boardResult is a board's result as the home team's points – the away team's in the
// event's scoring ("2-0", "1-1"), "+/-" for a board lost by forfeit, "" before a result.
func (s TeamSheets) boardResult(b tournament.TeamBoard) string {
	h, a, done := b.Points(s.Event.ForfeitPoints)
	switch {
	case b.Home == 0 || b.Away == 0 || b.Result != nil && b.Result.Kind == tournament.KindForfeit:
		hs, as := "-", "-"
		if h > a {
			hs = "+"
		} else if a > h {
			as = "+"
		}
		return hs + "/" + as
	case !done:
		if b.Result != nil && b.Result.Kind == tournament.KindAdjourned {
			return s.loc().T("team.adjourned")
		}
		return ""
	}
	return s.bp(h) + "-" + s.bp(a)
}

// matchScore is a match's score in board points, "" while boards are open.
func (s TeamSheets) matchScore(m tournament.TeamMatch) string {
	sc := m.Score(s.Event.Settings, s.Event.ForfeitPoints)
	switch {
	case m.Forfeit != tournament.MatchPlayed:
		return s.loc().T(matchForfeitKeys[m.Forfeit])
	case !sc.Done && len(m.Boards) == 0:
		return ""
	case !sc.Done:
		return "(" + s.bp(sc.HomeBoard) + "-" + s.bp(sc.AwayBoard) + ")"
	}
	return s.bp(sc.HomeBoard) + "-" + s.bp(sc.AwayBoard)
}

// MatchesTable is the match results of round (0: every round): a line per match (the two
// teams and the score in board points), then a line per board (the players, the team named
// first with White on the odd boards, and the result).
func (s TeamSheets) MatchesTable(round int) TeamTable {
	l := s.loc()
	t := TeamTable{Locale: l, Head: []string{l.T("team.col.match"), l.T("team.col.board"), l.T("team.col.home"), l.T("team.col.result"), l.T("team.col.away")}, Left: []int{2, 4}}
	if round > 0 {
		t.Title, t.Sheet = s.title("team.title.round", "round", round), s.sheetTitle("team.title.round", "round", round)
	} else {
		t.Title, t.Sheet = s.title("team.title.matches"), s.sheetTitle("team.title.matches")
	}
	var data []tournament.TeamMatch
	for _, m := range s.Event.Matches {
		if round > 0 && m.Round != round {
			continue
		}
		data = append(data, m)
		id := strconv.Itoa(m.Match)
		if round == 0 {
			id = strconv.Itoa(m.Round) + "." + id
		}
		if m.Rest() {
			rest := l.T("team.rest")
			if s.Event.Tournament.System != tournament.RoundRobin {
				rest = l.T("team.bye") // a team Swiss bye scores (docs/teams.md)
			}
			t.Rows = append(t.Rows, []string{id, "", s.teamName(m.Home), rest, ""})
			continue
		}
		t.Rows = append(t.Rows, []string{id, "", s.teamName(m.Home), s.matchScore(m), s.teamName(m.Away)})
		for _, b := range m.Boards {
			home, away := s.player(b.Home), s.player(b.Away)
			if b.HomeWhite {
				home, away = home+" "+l.T("team.white"), away+" "+l.T("team.black")
			} else {
				home, away = home+" "+l.T("team.black"), away+" "+l.T("team.white")
			}
			t.Rows = append(t.Rows, []string{"", strconv.Itoa(b.Board), home, s.boardResult(b), away})
		}
		if len(m.Boards) == 0 && m.Forfeit == tournament.MatchPlayed {
			t.Rows = append(t.Rows, []string{"", "", s.lineupState(m.HomeLineup), "", s.lineupState(m.AwayLineup)})
		}
	}
	t.Notes = []string{l.T("team.note.colours"), l.T("team.note.forfeit")}
	t.Data = data
	return t
}

func (s TeamSheets) player(id int64) string {
	if id == 0 {
		return s.loc().T("team.empty_board")
	}
	return s.Event.Names[id]
}

func (s TeamSheets) lineupState(l []int64) string {
	if l == nil {
		return s.loc().T("team.no_lineup")
	}
	return s.loc().T("team.lineup_given")
}

// The catalog keys of the forfeits of a match and of the team tie-breaks (head, name).
var (
	matchForfeitKeys = map[string]string{tournament.MatchForfeitHome: "team.forfeit.home",
		tournament.MatchForfeitAway: "team.forfeit.away", tournament.MatchForfeitBoth: "team.forfeit.both"}
	teamTBHeadKeys = map[tournament.TeamTieBreak]string{tournament.TeamTBBoardPoints: "team.tb.board-points",
		tournament.TeamTBSonnebornBerger: "team.tb.sonneborn-berger", tournament.TeamTBDirect: "team.tb.direct"}
	teamTBNameKeys = map[tournament.TeamTieBreak]string{tournament.TeamTBBoardPoints: "team.tbname.board-points",
		tournament.TeamTBSonnebornBerger: "team.tbname.sonneborn-berger", tournament.TeamTBDirect: "team.tbname.direct"}
)

// teamTieBreakHead is the column head of a team tie-break.
func (l *Locale) teamTieBreakHead(tb tournament.TeamTieBreak) string {
	return l.T(teamTBHeadKeys[tb])
}

// StandingsTable is the team standings: rank, team, club, matches played, won, drawn, lost,
// match points, board points and the tie-breaks in the event's order.
func (s TeamSheets) StandingsTable() TeamTable {
	l := s.loc()
	ev := s.Event
	rows := ev.Standings()
	after := s.afterText()
	t := TeamTable{Locale: l, Title: s.title("team.title.standings", "after", after), Left: []int{2, 3}, Data: rows,
		Sheet: s.sheetTitle("team.title.standings", "after", after), Final: after == l.T("team.after.final")}
	t.Head = []string{l.T("team.col.place"), l.T("team.col.number"), l.T("team.col.team"), l.T("team.col.club"),
		l.T("team.col.played"), l.T("team.col.won"), l.T("team.col.drawn"), l.T("team.col.lost"), l.T("team.col.mp"), l.T("team.col.bp")}
	for _, tb := range ev.Settings.TieBreaks {
		if tb != tournament.TeamTBBoardPoints {
			t.Head = append(t.Head, l.teamTieBreakHead(tb))
		}
	}
	for _, r := range rows {
		row := []string{strconv.Itoa(r.Rank), numOrDash(r.Team.Number), r.Team.Name, r.Team.Club, strconv.Itoa(r.Played),
			strconv.Itoa(r.Won), strconv.Itoa(r.Drawn), strconv.Itoa(r.Lost), strconv.Itoa(r.MatchPoints), s.bp(r.BoardPoints)}
		for k, tb := range ev.Settings.TieBreaks {
			if tb != tournament.TeamTBBoardPoints {
				row = append(row, strconv.Itoa(r.TieBreaks[k]))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	order := make([]string, len(ev.Settings.TieBreaks))
	for i, tb := range ev.Settings.TieBreaks {
		order[i] = l.T(teamTBNameKeys[tb])
	}
	// The heads spelled out first (issue 29: Italian "P" is perse here, patte nowhere).
	legend := l.T("team.legend.columns", "played", l.T("team.col.played"), "won", l.T("team.col.won"), "drawn", l.T("team.col.drawn"),
		"lost", l.T("team.col.lost"), "mp", l.T("team.col.mp"), "bp", l.T("team.col.bp"))
	t.Notes = []string{legend, l.T("team.note.points", "mp", ev.Settings.MatchPointsText()), l.T("team.note.order", "list", strings.Join(order, ", "))}
	return t
}

// afterText says how far the standings go: "after round 3 of 5", or final.
func (s TeamSheets) afterText() string {
	l := s.loc()
	ev := s.Event
	last := 0
	for _, m := range ev.Matches {
		if m.Round > last {
			last = m.Round
		}
	}
	for _, m := range ev.Matches {
		if m.Round == last && !m.Rest() && !m.Score(ev.Settings, ev.ForfeitPoints).Done {
			return l.T("team.after.open", "round", last)
		}
	}
	if last > 0 && last == ev.Tournament.Rounds {
		return l.T("team.after.final")
	}
	return l.T("team.after.round", "round", last)
}

// CrosstableTable is the team crosstable: a row per team in the standings' order, a column
// per opponent (its rank) with the board points scored against it (two matches in a double
// round robin: both, the first first), then match points and board points.
func (s TeamSheets) CrosstableTable() TeamTable {
	l := s.loc()
	ev := s.Event
	rows := ev.Standings()
	t := TeamTable{Locale: l, Title: s.title("team.title.crosstable"), Sheet: s.sheetTitle("team.title.crosstable"), Left: []int{1}, Data: rows}
	t.Head = []string{l.T("team.col.place"), l.T("team.col.team")}
	pos := map[int64]int{}
	for i, r := range rows {
		pos[r.Team.ID] = i
		t.Head = append(t.Head, strconv.Itoa(i+1))
	}
	t.Head = append(t.Head, l.T("team.col.mp"), l.T("team.col.bp"))
	cells := make([][]string, len(rows))
	for i := range cells {
		cells[i] = make([]string, len(rows))
		cells[i][i] = "×"
	}
	add := func(a, b int64, v string) {
		i, j := pos[a], pos[b]
		if cells[i][j] != "" {
			cells[i][j] += " "
		}
		cells[i][j] += v
	}
	for _, m := range ev.Matches {
		if m.Rest() {
			continue
		}
		sc := m.Score(ev.Settings, ev.ForfeitPoints)
		if !sc.Done {
			continue
		}
		h, a := s.bp(sc.HomeBoard), s.bp(sc.AwayBoard)
		switch m.Forfeit {
		case tournament.MatchForfeitHome:
			h, a = "-", "+"
		case tournament.MatchForfeitAway:
			h, a = "+", "-"
		case tournament.MatchForfeitBoth:
			h, a = "-", "-"
		}
		add(m.Home, m.Away, h)
		add(m.Away, m.Home, a)
	}
	for i, r := range rows {
		row := append([]string{strconv.Itoa(r.Rank), r.Team.Name}, cells[i]...)
		row = append(row, strconv.Itoa(r.MatchPoints), s.bp(r.BoardPoints))
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []string{l.T("team.note.crosstable")}
	return t
}

// BoardsTable is the board prizes: for each board, its players ranked by percentage
// (tournament.TeamEvent.BoardPrizes with minGames), those below the minimum unranked.
func (s TeamSheets) BoardsTable(minGames int) TeamTable {
	l := s.loc()
	bp := s.Event.BoardPrizes(minGames)
	t := TeamTable{Locale: l, Title: s.title("team.title.boards"), Sheet: s.sheetTitle("team.title.boards"), Left: []int{2, 3}, Data: bp}
	t.Head = []string{l.T("team.col.board"), l.T("team.col.place"), l.T("team.col.player"), l.T("team.col.team"),
		l.T("team.col.points"), l.T("team.col.games"), l.T("team.col.percent")}
	for _, board := range bp {
		for _, p := range board {
			rank := "-"
			if p.Rank > 0 {
				rank = strconv.Itoa(p.Rank)
			}
			t.Rows = append(t.Rows, []string{strconv.Itoa(p.Board), rank, p.Name, p.Team, s.bp(p.Points), strconv.Itoa(p.Games),
				l.Decimal(decimal(p.Percent, 10)) + "%"})
		}
	}
	t.Notes = []string{l.N("team.note.boards", minGames)}
	return t
}

// WriteTeamText writes a team sheet (worded in its Locale by TeamSheets) as a title, the
// table aligned and its notes.
func WriteTeamText(w io.Writer, t TeamTable) error {
	return writeTextTable(w, t.Title, t.Head, t.Rows, t.Notes...)
}

// WriteTeamCSV writes a team sheet's header and rows for the spreadsheet of its language
// (as WriteStandingsCSV: ';' and a byte-order mark where the language writes decimal
// commas; text cells that a spreadsheet would run as formulas neutralised).
func WriteTeamCSV(w io.Writer, t TeamTable) error {
	cw := newCSV(w, orEnglish(t.Locale))
	if err := cw.Write(t.Head); err != nil {
		return err
	}
	for _, r := range t.Rows {
		row := make([]string, len(r))
		for i, c := range r {
			row[i] = CSVSafe(c)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTeamJSON writes a team sheet's data (the domain's values: board points in game
// points, 2 a win) under "event" and "sheet" (the title, in its Locale).
func WriteTeamJSON(w io.Writer, ev *tournament.TeamEvent, t TeamTable) error {
	b, err := json.MarshalIndent(map[string]any{"event": ev.Tournament.Name, "settings": ev.Settings, "sheet": t.Title, "data": t.Data}, "", "  ")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrRender, err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteTeamPDF draws a team sheet on A4 (landscape when the columns do not fit portrait),
// with the event's header, the sheet's name (t.Sheet; the event is named once, in the
// header), the table and its notes, and on the final standings (t.Final) the chief
// arbiter's signature block, as the player standings (WriteStandingsPDF).
func WriteTeamPDF(w io.Writer, ev *tournament.TeamEvent, t TeamTable, meta Meta) error {
	cols := make([]column, len(t.Head))
	for i, h := range t.Head {
		cols[i] = column{head: h, align: "R"}
	}
	flex := -1
	for _, i := range t.Left {
		cols[i].align = "L"
		if flex < 0 {
			flex = i
		}
	}
	const size = 8.5
	info := ev.Tournament.EventInfo()
	meta = meta.with(t.Locale)
	title := cmp.Or(t.Sheet, t.Title)
	d := newDoc(meta, info, title, false)
	if !d.fitWidths(cols, t.Rows, size, flex, 30) {
		d = newDoc(meta, info, title, true)
		d.fitWidths(cols, t.Rows, size, flex, 30)
	}
	d.f.AddPage()
	d.table(cols, t.Rows, size)
	d.f.Ln(2)
	d.paragraph(7.5, strings.Join(t.Notes, "\n"))
	if t.Final {
		d.signature(orEnglish(meta.Locale), info.ChiefArbiter)
	}
	return d.finish(w)
}

// WriteTeamAdded confirms team add in the language l: the team and its roster.
func WriteTeamAdded(w io.Writer, l *Locale, t *tournament.Team) error {
	l = orEnglish(l)
	var b strings.Builder
	b.WriteString(l.T("team.added", "team", t.Name, "players", l.N("team.players", len(t.Members))) + "\n")
	for _, m := range t.Members {
		line := fmt.Sprintf("  %d. %s", m.Order, m.Name)
		if m.Reserve {
			line += " (" + l.T("team.reserve") + ")"
		}
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TeamsTable is the teams of the event with their rosters (team list).
func (s TeamSheets) TeamsTable() TeamTable {
	l := s.loc()
	t := TeamTable{Locale: l, Title: s.title("team.title.teams"), Sheet: s.sheetTitle("team.title.teams"), Left: []int{1, 2, 4}, Data: s.Event.Teams}
	t.Head = []string{l.T("team.col.number"), l.T("team.col.team"), l.T("team.col.club"), l.T("team.col.order"), l.T("team.col.player")}
	for _, tm := range s.Event.Teams {
		for i, m := range tm.Members {
			name, club, num := "", "", ""
			if i == 0 {
				name, club, num = tm.Name, tm.Club, numOrDash(tm.Number)
			}
			p := m.Name
			if m.Reserve {
				p += " (" + l.T("team.reserve") + ")"
			}
			t.Rows = append(t.Rows, []string{num, name, club, strconv.Itoa(m.Order), p})
		}
	}
	t.Notes = []string{l.T("team.note.event", "boards", s.Event.Settings.Boards, "mp", s.Event.Settings.MatchPointsText())}
	return t
}

// WriteTeamPaired confirms team pair in the language l: the lot when drawn now, then the
// round's matches.
func WriteTeamPaired(w io.Writer, l *Locale, ev *tournament.TeamEvent, round int, lotNow bool) error {
	s := TeamSheets{Event: ev, Locale: l}
	if lotNow {
		var b strings.Builder
		key := "team.lot"
		if ev.Tournament.System != tournament.RoundRobin {
			key = "team.lot_swiss" // tournament.TeamSwissLot
		}
		b.WriteString(s.loc().T(key, "seed", strconv.FormatInt(ev.Tournament.Seed, 10)) + "\n")
		for _, t := range ev.Teams {
			fmt.Fprintf(&b, "  %d. %s\n", t.Number, t.Name)
		}
		b.WriteString("\n")
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return WriteTeamText(w, s.MatchesTable(round))
}

// WriteLineupSet confirms team lineup in the language l: the team's line-up recorded and,
// once both teams' are in, the boards of the round the match's games are.
func WriteLineupSet(w io.Writer, l *Locale, ev *tournament.TeamEvent, team string, m tournament.TeamMatch) error {
	l = orEnglish(l)
	out := l.T("team.lineup_set", "team", team, "round", m.Round) + "\n"
	if len(m.Boards) > 0 {
		n := ev.Settings.Boards
		out += l.T("team.match_ready", "match", m.Match, "round", m.Round,
			"from", tournament.RoundBoardOf(m.Match, n, 1), "to", tournament.RoundBoardOf(m.Match, n, n)) + "\n"
	}
	_, err := io.WriteString(w, out)
	return err
}

// WriteTeamForfeit confirms team forfeit in the language l: the match and its score.
func WriteTeamForfeit(w io.Writer, l *Locale, ev *tournament.TeamEvent, m tournament.TeamMatch) error {
	s := TeamSheets{Event: ev, Locale: l}
	_, err := io.WriteString(w, s.loc().T("team.forfeit_set", "match", m.Match, "round", m.Round,
		"home", s.teamName(m.Home), "away", s.teamName(m.Away), "score", s.matchScore(m))+"\n")
	return err
}

// WriteTeamEventCreated adds to tournament create's confirmation, in the language l, what
// makes the tournament a team event: the boards a match and the match points.
func WriteTeamEventCreated(w io.Writer, l *Locale, set tournament.TeamSettings) error {
	_, err := io.WriteString(w, orEnglish(l).T("team.note.event", "boards", set.Boards, "mp", set.MatchPointsText())+"\n")
	return err
}

// The catalog keys of a team Swiss's colour rules (pairing.TeamColourRule: A, B, none,
// the individual Dutch rules).
var teamColourRuleKeys = []string{"team.why.rule.a", "team.why.rule.b", "team.why.rule.none", "team.why.rule.dutch"}

// teamWhy words one line of a team Swiss's account (tournament.TeamPairNote) in the
// language; "" for a code it does not know.
func (s TeamSheets) teamWhy(n tournament.TeamPairNote) string {
	l := s.loc()
	arg := func(i int) int {
		if i < len(n.Args) {
			return n.Args[i]
		}
		return 0
	}
	team := func(i int) string { return s.teamName(int64(arg(i))) }
	colour := func(c int) string {
		switch c {
		case 1:
			return l.T("team.why.white")
		case 2:
			return l.T("team.why.black")
		}
		return l.T("team.why.drawn")
	}
	switch n.Code {
	case "rule":
		rule := l.T(teamColourRuleKeys[min(max(arg(1), 0), len(teamColourRuleKeys)-1)])
		if arg(0) == 1 {
			return l.T("team.why.rule_game", "rule", rule, "colour", colour(arg(2)))
		}
		return l.T("team.why.rule", "rule", rule, "colour", colour(arg(2)))
	case "bracket":
		if len(n.Args) <= 2 {
			return l.T("team.why.bracket", "score", arg(0), "n", arg(1))
		}
		var moved []string
		for i := 2; i < len(n.Args); i++ {
			moved = append(moved, team(i))
		}
		return l.T("team.why.bracket_moved", "score", arg(0), "n", arg(1), "teams", strings.Join(moved, ", "))
	case "float":
		if arg(2) < 0 {
			return l.T("team.why.float_bye", "team", team(0), "from", arg(1))
		}
		return l.T("team.why.float", "team", team(0), "from", arg(1), "to", arg(2))
	case "bye":
		return l.T("team.why.bye", "team", team(0), "score", arg(1), "unplayed", arg(2))
	case "colour":
		return l.T("team.why.colour", "match", arg(0), "white", team(1), "step", arg(3))
	case "preference-unmet":
		return l.T("team.why.unmet", "team", team(0), "colour", colour(arg(1)))
	}
	return ""
}

// WriteTeamAccount writes a team Swiss's account of round's pairing (notes, from team
// pair --explain) in the language l: a title, then one line per note.
func WriteTeamAccount(w io.Writer, l *Locale, ev *tournament.TeamEvent, notes []tournament.TeamPairNote) error {
	if len(notes) == 0 {
		return nil
	}
	s := TeamSheets{Event: ev, Locale: l}
	var b strings.Builder
	b.WriteString("\n" + s.loc().T("team.why.title") + "\n")
	for _, n := range notes {
		if line := s.teamWhy(n); line != "" {
			b.WriteString("  " + line + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
