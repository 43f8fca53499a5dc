package trf

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// The records of a TRF, one reader per three-character record code (TRF-16, TRF-2026 and
// the JaVaFo/bbpPairings extensions XXR XXC XXA XXZ XXS XXP BB?). A line whose code has no
// reader is kept verbatim in TRF.Other (### comments, records of other programs).

// trfLine is one line being read: raw the whole line, rest the value after the code
// (columns 5 on, trimmed), ln its line number, byeGiven set when the line gives the
// pairing-allocated bye's points (BBU, 162 P, XXS PAB).
type trfLine struct {
	raw, rest string
	ln        int
	byeGiven  *bool
}

// trfTextRecords are the records kept as text: the field each one fills.
var trfTextRecords = map[string]func(*File) *string{
	"012": func(t *File) *string { return &t.Name },
	"022": func(t *File) *string { return &t.City },
	"032": func(t *File) *string { return &t.Federation },
	"042": func(t *File) *string { return &t.StartDate },
	"052": func(t *File) *string { return &t.EndDate },
	"062": func(t *File) *string { return &t.NumPlayers },
	"072": func(t *File) *string { return &t.NumRated },
	"082": func(t *File) *string { return &t.NumTeams },
	"092": func(t *File) *string { return &t.Type },
	"102": func(t *File) *string { return &t.ChiefArbiter },
	"122": func(t *File) *string { return &t.TimeControl },
	"172": func(t *File) *string { return &t.RankMethod },
	"182": func(t *File) *string { return &t.Controller },
	"192": func(t *File) *string { return &t.TypeCode },
	"202": func(t *File) *string { return &t.TieBreaks },
	"212": func(t *File) *string { return &t.StandingsTieBreaks },
	"222": func(t *File) *string { return &t.TimeControlCode },
}

// trfRecordReaders read the other records; an error without a line number gets the
// line's.
var trfRecordReaders map[string]func(*File, trfLine) error

func init() {
	trfRecordReaders = map[string]func(*File, trfLine) error{
		"001": func(t *File, l trfLine) error {
			p, err := parsePlayerLine(l.raw, l.ln)
			if err != nil {
				return err
			}
			t.Players = append(t.Players, p)
			return nil
		},
		"112": func(t *File, l trfLine) error { t.DeputyArbiters = append(t.DeputyArbiters, l.rest); return nil },
		"132": func(t *File, l trfLine) error {
			t.RoundDates = strings.TrimRight(l.raw[min(len(l.raw), 4):], " ")
			return nil
		},
		"XXR": readRounds, "142": readRounds,
		"XXC": readXXC, "152": read152, "162": read162,
		"250": func(t *File, l trfLine) error { return appendParsed(&t.Acceleration, parse250, l.raw) },
		"260": func(t *File, l trfLine) error { return appendParsed(&t.Forbidden, parse260, l.raw) },
		"XXP": func(t *File, l trfLine) error { return appendParsed(&t.Forbidden, parse260, l.raw) },
		"240": func(t *File, l trfLine) error { return appendParsed(&t.Byes, parse240, l.raw) },
		"299": func(t *File, l trfLine) error { return appendParsed(&t.Abnormal, parse299, l.raw) },
		"XXA": func(t *File, l trfLine) error { return appendParsed(&t.XXA, parseXXA, l.raw) },
		"XXZ": readXXZ,
		"XXS": readXXS,
	}
	for _, c := range []string{"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "BBX"} {
		trfRecordReaders[c] = readBB
	}
}

// parseLine reads one non-blank line of a TRF (ln: its line number) into t. byeGiven is
// set when the line gives the pairing-allocated bye's points (BBU, 162 P, XXS PAB).
// Errors are *TRFError.
func (t *File) ParseLine(raw string, ln int, byeGiven *bool) error {
	code := raw[:min(3, len(raw))]
	l := trfLine{raw: raw, ln: ln, byeGiven: byeGiven}
	if len(raw) > 4 {
		l.rest = strings.TrimSpace(raw[4:])
	}
	if f, ok := trfTextRecords[code]; ok {
		*f(t) = l.rest
		return nil
	}
	read, ok := trfRecordReaders[code]
	if !ok {
		t.Other = append(t.Other, raw)
		return nil
	}
	err := read(t, l)
	var te *Error
	if err != nil && !errors.As(err, &te) {
		err = lineErr(ln, err)
	}
	return err
}

// appendParsed appends parse(raw) to *list.
func appendParsed[T any](list *[]T, parse func(string) (T, error), raw string) error {
	v, err := parse(raw)
	if err != nil {
		return err
	}
	*list = append(*list, v)
	return nil
}

// readRounds reads XXR (JaVaFo) or 142 (TRF-2026): the number of rounds.
func readRounds(t *File, l trfLine) error {
	code := l.raw[:3]
	t.HasXX = t.HasXX || code == "XXR"
	t.Has2026 = t.Has2026 || code == "142"
	n, err := strconv.Atoi(l.rest)
	if err != nil || n < 1 {
		return tournament.Errf(nil, "err.trf.rounds_number", "{code} wants a number of rounds, got {value}", "code", code, "value", strconv.Quote(l.rest))
	}
	t.TotalRounds = n
	return nil
}

// readXXC reads the JaVaFo configuration options, in any order: white1 | black1 (the
// colour of the first player in round 1) and rank (the pairing order is the order of the
// 001 lines); "XXC rank white1" is the form lichess and JaVaFo write.
func readXXC(t *File, l trfLine) error {
	t.HasXX = true
	f := strings.Fields(l.rest)
	if len(f) == 0 {
		return tournament.Errf(nil, "err.trf.xxc_empty", "XXC wants white1 or black1 (and optionally rank)")
	}
	for _, o := range f {
		switch strings.ToLower(o) {
		case "white1":
			t.InitialColour = pairing.White
		case "black1":
			t.InitialColour = pairing.Black
		case "rank":
			t.ByRank = true
		default:
			return tournament.Errf(nil, "err.trf.xxc_option", "XXC wants white1, black1 or rank, got {value}", "value", strconv.Quote(o))
		}
	}
	return nil
}

// read152 reads the TRF-2026 initial colour, W or B.
func read152(t *File, l trfLine) error {
	t.Has2026 = true
	switch strings.ToUpper(l.rest) {
	case "W":
		t.InitialColour = pairing.White
	case "B":
		t.InitialColour = pairing.Black
	default:
		return tournament.Errf(nil, "err.trf.152", "152 wants W or B (the initial colour), got {value}", "value", strconv.Quote(l.rest))
	}
	return nil
}

// read162 reads the TRF-2026 point system (parse162).
func read162(t *File, l trfLine) error {
	t.Has2026 = true
	given, err := t.parse162(l.raw)
	if err != nil {
		return err
	}
	t.PointsGiven = true
	*l.byeGiven = *l.byeGiven || given
	return nil
}

// readBB reads one bbpPairings point line: BBW win, BBD draw, BBL loss, BBZ zero-point
// bye, BBF forfeit loss, BBU pairing-allocated bye, BBX unknown result.
func readBB(t *File, l trfLine) error {
	code := l.raw[:3]
	t.HasXX = true
	v, err := parseTenths(l.rest)
	if err != nil {
		return tournament.Errf(nil, "err.trf.bb_points", "{code} wants points like 1.0, got {value}", "code", code, "value", strconv.Quote(l.rest))
	}
	t.PointsGiven = true
	if !slices.Contains(t.BB, code) {
		t.BB = append(t.BB, code)
	}
	switch code {
	case "BBW":
		t.Points.Win = v
	case "BBD":
		t.Points.Draw = v
	case "BBL":
		t.Points.Loss = v
	case "BBZ":
		t.Points.ZeroBye = v
	case "BBF":
		t.Points.ForfeitLoss = v
	case "BBU":
		t.Points.PAB, *l.byeGiven = v, true
	case "BBX":
		t.Unknown = v
	}
	return nil
}

// TRFXXA is one XXA line (JaVaFo, bbpPairings): the acceleration points of one player,
// round by round: Points[r-1] (tenths of the file's point system) are added to his score
// when round r is paired. Columns: player 5-8, round r's points at 10+5(r-1), 4 wide.
type XXA struct {
	Player int
	Points []int
}

// parseXXA reads an XXA line.
func parseXXA(raw string) (XXA, error) {
	var a XXA
	n, err := strconv.Atoi(strings.TrimSpace(Field(raw, 5, 8)))
	if err != nil || n < 1 {
		return a, tournament.Errf(nil, "err.trf.xxa_rank", "XXA: starting rank {value} in columns 5-8 is not a positive number", "value", strconv.Quote(Field(raw, 5, 8)))
	}
	a.Player = n
	for col := 10; col <= len(raw); col += 5 {
		v, err := parseTenths(Field(raw, col, col+3))
		if err != nil {
			return a, tournament.Errf(nil, "err.trf.xxa_points", "XXA: points {value} in columns {from}-{to} are not like 0.5", "value", strconv.Quote(Field(raw, col, col+3)), "from", col, "to", col+3)
		}
		a.Points = append(a.Points, v)
	}
	return a, nil
}

func (a XXA) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "XXA %4d", a.Player)
	for _, v := range a.Points {
		fmt.Fprintf(&b, " %4s", FormatTenths(v))
	}
	return b.String()
}

// readXXZ reads an XXZ line (JaVaFo): the starting ranks of the players absent from the
// round to be paired (TRF.Absent).
func readXXZ(t *File, l trfLine) error {
	p, err := ids(l.rest)
	if err != nil {
		return tournament.Errf(err, "err.trf.xxz", "XXZ: {err}")
	}
	t.Absent = append(t.Absent, p...)
	return nil
}

// xxsGroups are the XXS scoring codes (JaVaFo) by the value of arbitro's point system
// they set: a win (WW white, BW black, FW forfeit, FPB full-point bye; W for all four), a
// draw (WD, BD, HPB half-point bye; D for all three), a loss (WL, BL), the zero-point bye
// (ZPB), the forfeit loss (FL) and the pairing-allocated bye (PAB).
var xxsGroups = []struct {
	codes []string
	field func(*Points) *int
}{
	{[]string{"W", "WW", "BW", "FW", "FPB"}, func(p *Points) *int { return &p.Win }},
	{[]string{"D", "WD", "BD", "HPB"}, func(p *Points) *int { return &p.Draw }},
	{[]string{"WL", "BL"}, func(p *Points) *int { return &p.Loss }},
	{[]string{"ZPB"}, func(p *Points) *int { return &p.ZeroBye }},
	{[]string{"FL"}, func(p *Points) *int { return &p.ForfeitLoss }},
	{[]string{"PAB"}, func(p *Points) *int { return &p.PAB }},
}

// readXXS reads an XXS line (JaVaFo: "XXS WW=1.0 BW=1.0 WD=0.5 ..."), the point system by
// result. arbitro scores a win the same whatever the colour or the way it was won (and a
// draw the same as a half-point bye): codes of one group with different values are an
// error. The line is kept (TRF.XXS) and written back as read.
func readXXS(t *File, l trfLine) error {
	vals := map[string]int{}
	for _, f := range strings.Fields(l.rest) {
		code, v, ok := strings.Cut(f, "=")
		n, err := parseTenths(v)
		if !ok || err != nil {
			return tournament.Errf(nil, "err.trf.xxs_form", "XXS wants CODE=points like WW=1.0, got {value}", "value", strconv.Quote(f))
		}
		vals[strings.ToUpper(code)] = n
	}
	known := 0
	for _, g := range xxsGroups {
		first := ""
		for _, c := range g.codes {
			v, ok := vals[c]
			if !ok {
				continue
			}
			known++
			if first != "" && vals[first] != v {
				return tournament.Errf(nil, "err.trf.xxs_differ", "XXS: {a}={av} and {b}={bv} differ (arbitro scores them alike)", "a", first, "av", FormatTenths(vals[first]), "b", c, "bv", FormatTenths(v))
			}
			first = c
			*g.field(&t.Points) = v
			if c == "PAB" {
				*l.byeGiven = true
			}
		}
	}
	if known != len(vals) {
		return tournament.Errf(nil, "err.trf.xxs_code", "XXS: unknown code in {value} (want WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D)", "value", strconv.Quote(l.rest))
	}
	t.HasXX, t.PointsGiven, t.XXS = true, true, strings.TrimRight(l.raw, " ")
	return nil
}
