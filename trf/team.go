package trf

// Team records of a TRF (FIDE "Format of Tournament Report File, Version 2026", approved
// by the FIDE Council on 12/05/2025, applied from 01/09/2025, team section; and the
// TRF-16 record 013 that it phases out): 310 (a team: pairing number, name, nickname,
// strength factor, match and game points, rank, players by starting rank in board
// order), 013 (TRF-16: name and players), 320 (the pairing-allocated byes of teams),
// 330 (forfeited matches), 300 (a line-up out of the default board order), 352 (the
// colour sequence of the boards), 362 (the team point system). Parse keeps these lines
// in File.Other; ParseTeams and TeamsOf read them, SetTeams puts them back, Write writes
// them. docs/team-swiss.md says what a TRF cannot carry.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// teamCodes are the record codes of the team section.
var teamCodes = []string{"352", "362", "013", "310", "320", "330", "300"}

func isTeamCode(line string) bool {
	return len(line) >= 3 && slices.Contains(teamCodes, line[:3])
}

// TeamRecord is one team of a TRF: a 310 record (TRF-2026) or an 013 record (TRF-16).
type TeamRecord struct {
	// Number is the team pairing number (310, columns 5-7); for an 013 record, which has
	// none, the record's place among the 013 records (1-based).
	Number   int
	Name     string // 310 columns 9-40; 013 columns 5-36
	Nickname string // 310 columns 42-46 (e.g. a federation's code); "" for 013
	Strength string // 310 columns 48-53 (strength factor, e.g. an average rating), as written
	// MatchPoints and GamePoints in tenths (310 columns 55-60 and 62-67); -1 when blank
	// (always for 013).
	MatchPoints, GamePoints int
	Rank                    int   // 310 columns 69-71; 0 when blank
	Members                 []int // starting ranks (001) in board order: 310 from column 74, 013 from 37, every 5 columns
	Legacy                  bool  // read from (and written as) an 013 record
}

// TeamPAB is one 320 record: the match and game points (tenths) of a team's
// pairing-allocated bye, and the team pairing number given it in each round from round
// 1 (0: nobody that round).
type TeamPAB struct {
	MatchPoints, GamePoints int
	Teams                   []int
}

// TeamForfeit is one 330 record: a forfeited match of round Round between the teams
// White and Black (pairing numbers); Type "+-" (won by White), "-+" (won by Black) or
// "--" (both forfeited).
type TeamForfeit struct {
	Type         string
	Round        int
	White, Black int
}

// TeamLineUp is one 300 record: in round Round the team Team played its match against
// Opponent (pairing numbers) with the players Players on boards 1, 2, ... (starting
// ranks; 0 for a board left empty), out of the default order of its 310 record.
type TeamLineUp struct {
	Round, Team, Opponent int
	Players               []int
}

// TeamPoints is the 362 point system of matches, in tenths: TW (win), TD (draw), TL
// (loss); TRF-2026's defaults are 2.0, 1.0, 0.0.
type TeamPoints struct{ Win, Draw, Loss int }

// DefaultTeamPoints are the match points of TRF-2026 when no 362 record is given.
var DefaultTeamPoints = TeamPoints{Win: 20, Draw: 10, Loss: 0}

// Teams is the team section of a TRF.
type Teams struct {
	Teams        []TeamRecord
	BoardColours string      // 352 record: the colour of each board for the first team, e.g. "WBWB"; "" none
	Points       *TeamPoints // 362 record; nil when absent (DefaultTeamPoints apply)
	PAB          []TeamPAB
	Forfeits     []TeamForfeit
	LineUps      []TeamLineUp
}

// ParseTeams reads the team records of a TRF file (every other line is skipped; Parse
// reads those). Errors wrap ErrMalformed and carry the line number (*Error): a field
// that is not a number where one is wanted, a 330 type other than "+-", "-+", "--", a
// 352 letter other than W or B, a 362 code other than TW, TD, TL.
func ParseTeams(r io.Reader) (*Teams, error) {
	ts := &Teams{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	sc.Split(scanTRFLines)
	ln := 0
	for sc.Scan() {
		ln++
		raw := strings.TrimRight(sc.Text(), "\r")
		if ln == 1 {
			raw = strings.TrimPrefix(raw, "\ufeff")
		}
		if !isTeamCode(raw) {
			continue
		}
		if err := ts.parseLine(raw); err != nil {
			return nil, lineErr(ln, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	return ts, nil
}

// TeamsOf reads the team records Parse kept in f.Other. Errors as ParseTeams, naming the
// record instead of a line (a File holds no line numbers for them).
func TeamsOf(f *File) (*Teams, error) {
	ts := &Teams{}
	for _, raw := range f.Other {
		if !isTeamCode(raw) {
			continue
		}
		if err := ts.parseLine(raw); err != nil {
			return nil, tournament.ErrfWrap(ErrMalformed, err, "err.trf.record", "{err}: record {record}: {cause}", "record", strconv.Quote(raw))
		}
	}
	return ts, nil
}

// SetTeams replaces the team records of f.Other by those of ts (in the order of
// Teams.Lines, after the other kept lines), so that Write writes them, and sets the 082
// record (number of teams) to the number of teams when there are any. A nil ts removes
// them (082 is left as it is).
func SetTeams(f *File, ts *Teams) {
	f.Other = slices.DeleteFunc(slices.Clone(f.Other), isTeamCode)
	if ts != nil {
		f.Other = append(f.Other, ts.Lines()...)
		if len(ts.Teams) > 0 {
			f.NumTeams = strconv.Itoa(len(ts.Teams))
		}
	}
}

func (ts *Teams) parseLine(raw string) error {
	switch raw[:3] {
	case "352":
		s := strings.TrimSpace(Field(raw, 5, len(raw)))
		if strings.Trim(strings.ToUpper(s), "WB") != "" {
			return tournament.Errf(nil, "err.trf.352", "352 wants the boards' colours as W and B letters, e.g. '352 WBWB' (read {value})", "value", strconv.Quote(s))
		}
		ts.BoardColours = strings.ToUpper(s)
	case "362":
		p, err := parse362(raw)
		if err != nil {
			return err
		}
		ts.Points = &p
	case "013":
		t, err := parse013(raw, len(legacyTeams(ts.Teams))+1)
		if err != nil {
			return err
		}
		ts.Teams = append(ts.Teams, t)
	case "310":
		t, err := parse310(raw)
		if err != nil {
			return err
		}
		ts.Teams = append(ts.Teams, t)
	case "320":
		p, err := parse320(raw)
		if err != nil {
			return err
		}
		ts.PAB = append(ts.PAB, p)
	case "330":
		f, err := parse330(raw)
		if err != nil {
			return err
		}
		ts.Forfeits = append(ts.Forfeits, f)
	case "300":
		l, err := parse300(raw)
		if err != nil {
			return err
		}
		ts.LineUps = append(ts.LineUps, l)
	}
	return nil
}

func legacyTeams(ts []TeamRecord) []TeamRecord {
	var out []TeamRecord
	for _, t := range ts {
		if t.Legacy {
			out = append(out, t)
		}
	}
	return out
}

// number reads a whole number in columns from-to; blank is 0 unless required.
func number(raw string, from, to int, what any, required bool) (int, error) {
	s := strings.TrimSpace(Field(raw, from, to))
	if s == "" {
		if required {
			return 0, tournament.Errf(nil, "err.trf.team_blank", "{code}: {what} (columns {from}-{to}) is blank", "code", raw[:3], "what", what, "from", from, "to", to)
		}
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, tournament.Errf(nil, "err.trf.team_number", "{code}: {what} {value} (columns {from}-{to}) is not a number", "code", raw[:3], "what", what, "value", strconv.Quote(s), "from", from, "to", to)
	}
	return n, nil
}

// tenthsAt reads points like 11.5 in columns from-to; blank is -1.
func tenthsAt(raw string, from, to int, what any) (int, error) {
	s := strings.TrimSpace(Field(raw, from, to))
	if s == "" {
		return -1, nil
	}
	v, err := parseTenths(s)
	if err != nil || v < 0 {
		return 0, tournament.Errf(nil, "err.trf.team_points", "{code}: {what} {value} (columns {from}-{to}) are not like 11.5", "code", raw[:3], "what", what, "value", strconv.Quote(s), "from", from, "to", to)
	}
	return v, nil
}

// members reads starting ranks every 5 columns from column from (4 columns each).
func members(raw string, from int) ([]int, error) {
	var out []int
	for col := from; col <= len(raw); col += 5 {
		n, err := number(raw, col, col+3, tournament.Errf(nil, "err.trf.f.player_n", "player {n}", "n", len(out)+1), false)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(Field(raw, col, col+3)) == "" {
			continue
		}
		out = append(out, n)
	}
	return out, nil
}

func parse013(raw string, place int) (TeamRecord, error) {
	t := TeamRecord{Number: place, Name: strings.TrimSpace(Field(raw, 5, 36)), MatchPoints: -1, GamePoints: -1, Legacy: true}
	var err error
	t.Members, err = members(raw, 37)
	return t, err
}

func parse310(raw string) (TeamRecord, error) {
	t := TeamRecord{Name: strings.TrimSpace(Field(raw, 9, 40)), Nickname: strings.TrimSpace(Field(raw, 42, 46)), Strength: strings.TrimSpace(Field(raw, 48, 53))}
	var err error
	if t.Number, err = number(raw, 5, 7, tournament.Errf(nil, "err.trf.f.team_pairing_number", "team pairing number"), true); err != nil {
		return t, err
	}
	if t.MatchPoints, err = tenthsAt(raw, 55, 60, "match points"); err != nil {
		return t, err
	}
	if t.GamePoints, err = tenthsAt(raw, 62, 67, "game points"); err != nil {
		return t, err
	}
	if t.Rank, err = number(raw, 69, 71, tournament.Errf(nil, "err.trf.f.rank", "rank"), false); err != nil {
		return t, err
	}
	t.Members, err = members(raw, 74)
	return t, err
}

func parse320(raw string) (TeamPAB, error) {
	p := TeamPAB{}
	var err error
	if p.MatchPoints, err = tenthsAt(raw, 5, 8, "match points"); err != nil {
		return p, err
	}
	if p.GamePoints, err = tenthsAt(raw, 10, 13, "game points"); err != nil {
		return p, err
	}
	for col := 15; col <= len(raw); col += 4 {
		n, err := number(raw, col, col+2, tournament.Errf(nil, "err.trf.f.team_of_round", "team of round {n}", "n", len(p.Teams)+1), false)
		if err != nil {
			return p, err
		}
		p.Teams = append(p.Teams, n)
	}
	return p, nil
}

func parse330(raw string) (TeamForfeit, error) {
	f := TeamForfeit{Type: Field(raw, 5, 6)}
	if f.Type != "+-" && f.Type != "-+" && f.Type != "--" {
		return f, tournament.Errf(nil, "err.trf.330_type", "330: type {value} (columns 5-6) is not +-, -+ or --", "value", strconv.Quote(f.Type))
	}
	var err error
	if f.Round, err = number(raw, 8, 10, "round", true); err != nil {
		return f, err
	}
	if f.White, err = number(raw, 12, 14, tournament.Errf(nil, "err.trf.f.white_team", "white team"), true); err != nil {
		return f, err
	}
	f.Black, err = number(raw, 16, 18, tournament.Errf(nil, "err.trf.f.black_team", "black team"), true)
	return f, err
}

func parse300(raw string) (TeamLineUp, error) {
	l := TeamLineUp{}
	var err error
	if l.Round, err = number(raw, 5, 7, "round", true); err != nil {
		return l, err
	}
	if l.Team, err = number(raw, 9, 11, tournament.Errf(nil, "err.trf.f.team", "team"), true); err != nil {
		return l, err
	}
	if l.Opponent, err = number(raw, 13, 15, tournament.Errf(nil, "err.trf.f.opponent", "opponent"), true); err != nil {
		return l, err
	}
	for col := 17; col <= len(raw); col += 5 {
		n, err := number(raw, col, col+3, tournament.Errf(nil, "err.trf.f.board_n", "board {n}", "n", len(l.Players)+1), true)
		if err != nil {
			return l, err
		}
		l.Players = append(l.Players, n)
	}
	return l, nil
}

// parse362 reads the codes TW, TD, TL each followed by its points ("362 TW 3.0 TD 1.0",
// or "TW10.0" when the points fill their four columns); codes not given keep their
// defaults.
func parse362(raw string) (TeamPoints, error) {
	p := DefaultTeamPoints
	var fs []string
	for _, w := range strings.Fields(Field(raw, 5, len(raw))) {
		if len(w) > 2 && (w[0] == 'T' || w[0] == 't') && strings.ContainsRune("WDLwdl", rune(w[1])) {
			fs = append(fs, w[:2], w[2:]) // a code written against its points: TW10.0
			continue
		}
		fs = append(fs, w)
	}
	if len(fs) == 0 || len(fs)%2 != 0 {
		return p, tournament.Errf(nil, "err.trf.362_form", "362 wants codes and points, e.g. '362 TW 3.0 TD 1.0 TL 0.0'")
	}
	for k := 0; k < len(fs); k += 2 {
		v, err := parseTenths(fs[k+1])
		if err != nil {
			return p, tournament.Errf(nil, "err.trf.362_points", "362: points {value} after {code} are not like 2.0", "value", strconv.Quote(fs[k+1]), "code", fs[k])
		}
		switch strings.ToUpper(fs[k]) {
		case "TW":
			p.Win = v
		case "TD":
			p.Draw = v
		case "TL":
			p.Loss = v
		default:
			return p, tournament.Errf(nil, "err.trf.362_code", "362: code {value} (want TW, TD or TL)", "value", strconv.Quote(fs[k]))
		}
	}
	return p, nil
}

// Lines writes the team section: 352, 362 (codes at columns 5-6, 14-15, 23-24, each
// followed by its points in 4 columns, as 162 places its codes), the teams (310, or 013 for a Legacy team),
// 320, 330, 300, each at the columns of its record.
func (ts *Teams) Lines() []string {
	var out []string
	if ts.BoardColours != "" {
		out = append(out, "352 "+ts.BoardColours)
	}
	if p := ts.Points; p != nil {
		out = append(out, fmt.Sprintf("362 TW%4s   TD%4s   TL%4s", FormatTenths(p.Win), FormatTenths(p.Draw), FormatTenths(p.Loss)))
	}
	for _, t := range ts.Teams {
		out = append(out, t.Line())
	}
	for _, p := range ts.PAB {
		out = append(out, p.Line())
	}
	for _, f := range ts.Forfeits {
		out = append(out, fmt.Sprintf("330 %s %03d %03d %03d", f.Type, f.Round, f.White, f.Black))
	}
	for _, l := range ts.LineUps {
		var b bytes.Buffer
		fmt.Fprintf(&b, "300 %03d %03d %03d", l.Round, l.Team, l.Opponent)
		for _, p := range l.Players {
			fmt.Fprintf(&b, " %04d", p)
		}
		out = append(out, b.String())
	}
	return out
}

// Line writes the team's 310 record (013 when Legacy), each field at its columns
// (bytes, as the 001 records are written); a value longer than its columns is cut.
func (t TeamRecord) Line() string {
	var c columns
	from := 74
	if t.Legacy {
		c.put(1, 3, "013", false)
		c.put(5, 36, t.Name, false)
		from = 37
	} else {
		c.put(1, 3, "310", false)
		c.put(5, 7, strconv.Itoa(t.Number), true)
		c.put(9, 40, t.Name, false)
		c.put(42, 46, t.Nickname, false)
		c.put(48, 53, t.Strength, true)
		c.put(55, 60, fitTenths(t.MatchPoints, 6), true)
		c.put(62, 67, fitTenths(t.GamePoints, 6), true)
		if t.Rank > 0 {
			c.put(69, 71, strconv.Itoa(t.Rank), true)
		}
	}
	for k, m := range t.Members {
		c.put(from+5*k, from+5*k+3, strconv.Itoa(m), true)
	}
	return strings.TrimRight(string(c), " ")
}

// columns is a record being written column by column.
type columns []byte

// put writes s in columns from-to (1-based), cut to their width, right-aligned when
// right.
func (c *columns) put(from, to int, s string, right bool) {
	width := to - from + 1
	if len(s) > width {
		s = s[:width]
	}
	if right {
		s = strings.Repeat(" ", width-len(s)) + s
	}
	for len(*c) < to {
		*c = append(*c, ' ')
	}
	copy((*c)[from-1:], s)
}

// fitTenths writes points in tenths like 11.5 ("" for a blank, negative, value); a whole
// number too long for width columns without its ".0".
func fitTenths(v, width int) string {
	if v < 0 {
		return ""
	}
	s := FormatTenths(v)
	if len(s) > width && v%10 == 0 {
		s = strconv.Itoa(v / 10)
	}
	return s
}

// Line writes the 320 record: match points (columns 5-8), game points (10-13), then the
// team of each round every 4 columns from column 15 (000: no bye that round).
func (p TeamPAB) Line() string {
	var c columns
	c.put(1, 3, "320", false)
	c.put(5, 8, fitTenths(max(p.MatchPoints, 0), 4), true)
	c.put(10, 13, fitTenths(max(p.GamePoints, 0), 4), true)
	for k, t := range p.Teams {
		c.put(15+4*k, 17+4*k, fmt.Sprintf("%03d", t), true)
	}
	return string(c)
}

// CheckTeams checks the team section against the file's players: every member is the
// starting rank of a 001 record and plays for one team only, team pairing numbers are
// positive and unique, and the 320, 330 and 300 records name known teams (0 in a 320
// round: no bye) and rounds from 1. The error (wrapping ErrMalformed) names the first
// problem and the record.
func CheckTeams(f *File, ts *Teams) error {
	players := map[int]bool{}
	for _, p := range f.Players {
		players[p.Number] = true
	}
	tpn := map[int]string{}
	teamOf := map[int]string{}
	for _, t := range ts.Teams {
		if t.Number <= 0 {
			return tournament.Errf(ErrMalformed, "err.trf.team_number_range", "{err}: team {name} has pairing number {n} (want 1 to 999)", "name", strconv.Quote(t.Name), "n", t.Number)
		}
		if o, dup := tpn[t.Number]; dup {
			return tournament.Errf(ErrMalformed, "err.trf.team_number_shared", "{err}: teams {a} and {b} share pairing number {n}", "a", strconv.Quote(o), "b", strconv.Quote(t.Name), "n", t.Number)
		}
		tpn[t.Number] = t.Name
		for _, m := range t.Members {
			if !players[m] {
				return tournament.Errf(ErrMalformed, "err.trf.team_player_missing", "{err}: team {name} lists player {n}, who has no 001 record", "name", strconv.Quote(t.Name), "n", m)
			}
			if o, dup := teamOf[m]; dup {
				return tournament.Errf(ErrMalformed, "err.trf.player_two_teams", "{err}: player {n} is in teams {a} and {b}", "n", m, "a", strconv.Quote(o), "b", strconv.Quote(t.Name))
			}
			teamOf[m] = t.Name
		}
	}
	known := func(n int) bool { _, ok := tpn[n]; return ok }
	for _, p := range ts.PAB {
		for r, n := range p.Teams {
			if n != 0 && !known(n) {
				return tournament.Errf(ErrMalformed, "err.trf.320_team", "{err}: 320 gives round {round}'s bye to team {n}, which has no team record", "round", r+1, "n", n)
			}
		}
	}
	for _, x := range ts.Forfeits {
		if x.Round < 1 || !known(x.White) || !known(x.Black) || x.White == x.Black {
			return tournament.Errf(ErrMalformed, "err.trf.330_teams", "{err}: 330 {type} round {round} between teams {a} and {b}: a round from 1 and two different known teams are wanted", "type", x.Type, "round", x.Round, "a", x.White, "b", x.Black)
		}
	}
	for _, l := range ts.LineUps {
		if l.Round < 1 || !known(l.Team) || !known(l.Opponent) || l.Team == l.Opponent {
			return tournament.Errf(ErrMalformed, "err.trf.300_teams", "{err}: 300 round {round}, team {a} against {b}: a round from 1 and two different known teams are wanted", "round", l.Round, "a", l.Team, "b", l.Opponent)
		}
		for _, p := range l.Players {
			if p != 0 && !players[p] {
				return tournament.Errf(ErrMalformed, "err.trf.300_player", "{err}: 300 round {round}, team {team} lines up player {n}, who has no 001 record", "round", l.Round, "team", l.Team, "n", p)
			}
		}
	}
	return nil
}

// IsTeamRecord tells whether line is a record of the team section (352, 362, 013, 310,
// 320, 330, 300), which an import carries as teams, not as kept lines.
func IsTeamRecord(line string) bool { return isTeamCode(line) }
