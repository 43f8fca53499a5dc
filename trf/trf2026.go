package trf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// TRF-2026 records (FIDE "Format of Tournament Report File, Version 2026", approved by
// the FIDE Council on 12/05/2025, applied from 01/09/2025): the tournament records 142
// (number of rounds), 152 (initial colour W/B), 162 (point system), 172 (starting-rank
// method), 182 (pairing controller), 192 (encoded tournament type), 202/212 (tie-breaks),
// 222 (encoded time control), and the records 240 (byes), 250 (accelerated rounds), 260
// (prohibited pairings), 299 (abnormal points); lines starting with ### are comments.
// Read beside TRF-16 and the JaVaFo/bbpPairings extensions (XXR, XXC, XXP, BB?).

// parse162 reads a 162 line: result codes at columns 6, 15, 24, ... (every 9 columns),
// each followed by its points in the next 4 columns: W win (also forfeit win and
// full-point bye), D draw (and half-point bye), L loss, A absence (zero-point bye and
// forfeit loss), P pairing-allocated bye, X unknown result. given reports a P.
func (t *File) parse162(raw string) (given bool, err error) {
	found := false
	for col := 6; col <= len(raw); col += 9 {
		code := strings.ToUpper(Field(raw, col, col))
		if strings.TrimSpace(code) == "" {
			continue
		}
		v, err := parseTenths(Field(raw, col+1, col+4))
		if err != nil {
			return false, tournament.Errf(nil, "err.trf.162_points", "162: points {value} after {code} at column {col} are not like 1.0", "value", strconv.Quote(Field(raw, col+1, col+4)), "code", code, "col", col+1)
		}
		found = true
		switch code {
		case "W":
			t.Points.Win = v
		case "D":
			t.Points.Draw = v
		case "L":
			t.Points.Loss = v
		case "A", "Z": // Z: the form bbpPairings reads
			t.Points.ZeroBye, t.Points.ForfeitLoss = v, v
		case "P":
			t.Points.PAB, given = v, true
		case "X":
			t.Unknown = v
		default:
			return false, tournament.Errf(nil, "err.trf.162_code", "162: result code {value} at column {col} (want W, D, L, A, P or X)", "value", strconv.Quote(code), "col", col)
		}
	}
	if !found {
		return false, tournament.Errf(nil, "err.trf.162_empty", "162 wants result codes and points, e.g. '162  W 1.0     D 0.5'")
	}
	return given, nil
}

// write162 is the 162 line of the point system: the codes whose points differ from the
// defaults (W 1.0, D 0.5, L 0.0, A 0.0, P as W, X as D), as bbpPairings writes it; A only
// when zero-point bye and forfeit loss agree (TRF-2026 has one value for both).
func (t *File) write162() string {
	b := []byte("162")
	add := func(code byte, v int) {
		col := 6 + 9*((len(b)-3+8)/9) // the next code column: 6, 15, 24, ...
		for len(b) < col-1 {
			b = append(b, ' ')
		}
		b = append(b, code)
		b = append(b, fmt.Sprintf("%4s", FormatTenths(v))...)
	}
	ps := t.Points
	if ps.Win != 10 {
		add('W', ps.Win)
	}
	if ps.Draw != 5 {
		add('D', ps.Draw)
	}
	if ps.Loss != 0 {
		add('L', ps.Loss)
	}
	if ps.ZeroBye == ps.ForfeitLoss && ps.ZeroBye != 0 {
		add('A', ps.ZeroBye)
	}
	if ps.PAB != ps.Win {
		add('P', ps.PAB)
	}
	if t.Unknown >= 0 && t.Unknown != ps.Draw {
		add('X', t.Unknown)
	}
	if len(b) == 3 { // the defaults: one code says so
		add('W', ps.Win)
	}
	return string(b)
}

func atoiField(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	return strconv.Atoi(s)
}

// ids reads the whitespace-separated starting ranks of s.
func ids(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, tournament.Errf(nil, "err.trf.not_rank", "{value} is not a starting rank", "value", strconv.Quote(f))
		}
		out = append(out, n)
	}
	return out, nil
}

// parse250 reads "250 MMMM GGGG RRF RRL PPPF PPPL" (columns 5-8, 10-13, 15-17, 19-21,
// 23-26, 28-31).
func parse250(raw string) (Acceleration, error) {
	a := Acceleration{MatchPoints: -1}
	var err error
	if s := strings.TrimSpace(Field(raw, 5, 8)); s != "" {
		if a.MatchPoints, err = parseTenths(s); err != nil {
			return a, tournament.Errf(nil, "err.trf.250_match", "250: match points {value} (columns 5-8) are not like 1.0", "value", strconv.Quote(s))
		}
	}
	if a.GamePoints, err = parseTenths(Field(raw, 10, 13)); err != nil {
		return a, tournament.Errf(nil, "err.trf.250_points", "250: points {value} (columns 10-13) are not like 1.0", "value", strconv.Quote(Field(raw, 10, 13)))
	}
	nums := []*int{&a.FirstRound, &a.LastRound, &a.FirstPlayer, &a.LastPlayer}
	cols := [][2]int{{15, 17}, {19, 21}, {23, 26}, {28, 31}}
	for k, c := range cols {
		if *nums[k], err = atoiField(Field(raw, c[0], c[1])); err != nil || *nums[k] < 1 {
			return a, tournament.Errf(nil, "err.trf.250_number", "250: columns {from}-{to} want a number, got {value}", "from", c[0], "to", c[1], "value", strconv.Quote(Field(raw, c[0], c[1])))
		}
	}
	if a.LastRound < a.FirstRound || a.LastPlayer < a.FirstPlayer {
		return a, tournament.Errf(nil, "err.trf.250_order", "250: rounds {r1}-{r2}, players {p1}-{p2} (the last must not come before the first)", "r1", a.FirstRound, "r2", a.LastRound, "p1", a.FirstPlayer, "p2", a.LastPlayer)
	}
	return a, nil
}

func (a Acceleration) Line() string {
	mp := "    "
	if a.MatchPoints >= 0 {
		mp = fmt.Sprintf("%4s", FormatTenths(a.MatchPoints))
	}
	return fmt.Sprintf("250 %s %4s %03d %03d %04d %04d", mp, FormatTenths(a.GamePoints), a.FirstRound, a.LastRound, a.FirstPlayer, a.LastPlayer)
}

// parse260 reads "260 RR1 RRL PPP1 PPP2 ..." or "XXP PPP1 PPP2 ...".
func parse260(raw string) (Forbidden, error) {
	code := raw[:3]
	f := Forbidden{FirstRound: 1, XXP: code == "XXP"}
	rest := ""
	if len(raw) > 3 {
		rest = raw[3:]
	}
	var err error
	if !f.XXP {
		fs := strings.Fields(rest)
		if len(fs) < 4 {
			return f, tournament.Errf(nil, "err.trf.260_form", "260 wants a first and a last round and at least two starting ranks")
		}
		if f.FirstRound, err = strconv.Atoi(fs[0]); err != nil || f.FirstRound < 1 {
			return f, tournament.Errf(nil, "err.trf.260_first", "260: first round {value} is not a round number", "value", strconv.Quote(fs[0]))
		}
		if f.LastRound, err = strconv.Atoi(fs[1]); err != nil || f.LastRound < f.FirstRound {
			return f, tournament.Errf(nil, "err.trf.260_last", "260: last round {value} is not a round number from the first on", "value", strconv.Quote(fs[1]))
		}
		rest = strings.Join(fs[2:], " ")
	}
	if f.Players, err = ids(rest); err != nil {
		return f, tournament.Errf(err, "err.trf.code_err", "{code}: {err}", "code", code)
	}
	if len(f.Players) < 2 {
		return f, tournament.Errf(nil, "err.trf.two_ranks", "{code} wants at least two starting ranks", "code", code)
	}
	return f, nil
}

func (f Forbidden) Line() string {
	var b strings.Builder
	if f.XXP {
		b.WriteString("XXP")
		for _, p := range f.Players {
			fmt.Fprintf(&b, " %d", p)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "260 %03d %03d", f.FirstRound, f.LastRound)
	for _, p := range f.Players {
		fmt.Fprintf(&b, " %4d", p)
	}
	return b.String()
}

// Applies reports whether the prohibition holds in round r.
func (f Forbidden) Applies(r int) bool {
	return r >= f.FirstRound && (f.LastRound == 0 || r <= f.LastRound)
}

// parse240 reads "240 T RRR PPP1 PPP2 ..." (T: F, H or Z).
func parse240(raw string) (Bye, error) {
	fs := strings.Fields(raw[min(3, len(raw)):])
	var b Bye
	if len(fs) < 3 || len(fs[0]) != 1 || !strings.Contains("FHZ", strings.ToUpper(fs[0])) {
		return b, tournament.Errf(nil, "err.trf.240_form", "240 wants a bye type (F, H or Z), a round and starting ranks")
	}
	b.Type = strings.ToUpper(fs[0])[0]
	var err error
	if b.Round, err = strconv.Atoi(fs[1]); err != nil || b.Round < 1 {
		return b, tournament.Errf(nil, "err.trf.240_round", "240: round {value} is not a round number", "value", strconv.Quote(fs[1]))
	}
	if b.Players, err = ids(strings.Join(fs[2:], " ")); err != nil {
		return b, tournament.Errf(err, "err.trf.240", "240: {err}")
	}
	return b, nil
}

func (b Bye) Line() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "240 %c %03d", b.Type, b.Round)
	for _, p := range b.Players {
		fmt.Fprintf(&sb, " %4d", p)
	}
	return sb.String()
}

// parse299 reads "299 T  MMMMM  PPPPP  RRR PPP1 PPP2 ..." (type column 5, match points
// 8-11, points 14-17, round 20-22, starting ranks from column 24; none: every player).
func parse299(raw string) (Abnormal, error) {
	a := Abnormal{Type: ' ', MatchPoints: -1}
	if c := Field(raw, 5, 5); c != "" {
		a.Type = strings.ToUpper(c)[0]
	}
	if !strings.ContainsRune("WDLFHZ+- ", rune(a.Type)) {
		return a, tournament.Errf(nil, "err.trf.299_type", "299: type {value} in column 5 (want W D L F H Z + - or blank)", "value", strconv.QuoteRune(rune(a.Type)))
	}
	var err error
	if s := strings.TrimSpace(Field(raw, 8, 11)); s != "" {
		if a.MatchPoints, err = parseTenths(s); err != nil {
			return a, tournament.Errf(nil, "err.trf.299_match", "299: match points {value} (columns 8-11)", "value", strconv.Quote(s))
		}
	}
	if a.Points, err = parseTenths(Field(raw, 14, 17)); err != nil {
		return a, tournament.Errf(nil, "err.trf.299_points", "299: points {value} (columns 14-17) are not like -1.0", "value", strconv.Quote(Field(raw, 14, 17)))
	}
	if a.Round, err = atoiField(Field(raw, 20, 22)); err != nil || a.Round < 0 {
		return a, tournament.Errf(nil, "err.trf.299_round", "299: round {value} (columns 20-22)", "value", strconv.Quote(Field(raw, 20, 22)))
	}
	if len(raw) >= 24 {
		if a.Players, err = ids(raw[23:]); err != nil {
			return a, tournament.Errf(err, "err.trf.299", "299: {err}")
		}
	}
	return a, nil // no starting rank: every player (as FIDE's tie-break server reads it)
}

func (a Abnormal) Line() string {
	mp := "    "
	if a.MatchPoints >= 0 {
		mp = fmt.Sprintf("%4s", FormatTenths(a.MatchPoints))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "299 %c  %s  %4s  %03d", a.Type, mp, FormatTenths(a.Points), a.Round)
	for _, p := range a.Players {
		fmt.Fprintf(&b, " %4d", p)
	}
	return b.String()
}

// abnormalAdjust is the change (tenths) the 299 records make to the total of player num
// whose rounds are rds under the point system ps: a typed record replaces the points of
// that result in its round (every round for round 0); an untyped one adds its points
// (once for a given round, or once in all for round 0) when its round (1 for round 0) is
// at most upTo.
// A record without starting ranks is every player's.
func (t *File) abnormalAdjust(num int, rds []Round, upTo int) int {
	d := 0
	for _, a := range t.Abnormal {
		if len(a.Players) > 0 && !containsInt(a.Players, num) {
			continue
		}
		if a.Type == ' ' {
			if max(a.Round, 1) <= upTo { // round 0: from round 1, as the standings count it
				d += a.Points
			}
			continue
		}
		for r, rd := range rds {
			if (a.Round == 0 || a.Round == r+1) && resultMatches(a.Type, rd.Result) {
				d += a.Points - t.Points.ResultPoints(rd.Result)
			}
		}
	}
	return d
}

// ScoreAdjustments are the 299 records of the file as arbitro's standings take them
// (ScoreAdjustment, in draughts game points: the file's points converted with its win
// value, rounded half away from zero), by starting rank; a record without starting ranks
// is in every player's list.
func (t *File) ScoreAdjustments() map[int][]tournament.ScoreAdjustment {
	if len(t.Abnormal) == 0 {
		return nil
	}
	out := map[int][]tournament.ScoreAdjustment{}
	for _, a := range t.Abnormal {
		adj := tournament.ScoreAdjustment{Result: a.Type, Round: a.Round, Points: TenthsToGamePoints(a.Points, t.Points.Win)}
		players := a.Players
		if len(players) == 0 {
			for _, p := range t.Players {
				players = append(players, p.Number)
			}
		}
		for _, n := range players {
			out[n] = append(out[n], adj)
		}
	}
	return out
}

// tenthsToGamePoints converts tenths of the file's points to draughts game points (win
// points = 2), rounded half away from zero; 0 when the win is worth nothing.
func TenthsToGamePoints(tenths, win int) int {
	if win <= 0 {
		return 0
	}
	if tenths < 0 {
		return -TenthsToGamePoints(-tenths, win)
	}
	return (2*tenths + win/2) / win
}

func resultMatches(typ, res byte) bool {
	switch typ {
	case 'W':
		return res == '1' || res == 'W'
	case 'D':
		return res == '=' || res == 'D'
	case 'L':
		return res == '0' || res == 'L'
	}
	return typ == res
}

func containsInt(a []int, x int) bool {
	for _, v := range a {
		if v == x {
			return true
		}
	}
	return false
}

// ForbiddenPairs lists the pairs of starting ranks that may not meet in round r (260
// records that apply to r, and XXP lines), each pair once, lower rank first.
func (t *File) ForbiddenPairs(r int) [][2]int {
	seen := map[[2]int]bool{}
	var out [][2]int
	for _, f := range t.Forbidden {
		if !f.Applies(r) {
			continue
		}
		for i, a := range f.Players {
			for _, b := range f.Players[i+1:] {
				k := [2]int{min(a, b), max(a, b)}
				if a != b && !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// BakuRecords are the 250 records (TRF-2026) that write the Baku method (C.04.7; C.04.5.1
// before 2026) out for the players of groupA (starting ranks, any order) in a tournament
// of t.TotalRounds rounds: for each run of consecutive starting ranks, one record of a
// win's points in the file's point system (t.Points.Win, "1.0" in chess points) for rounds
// 1..full and one of half of it for rounds full+1..accelerated (pairing.BakuRounds;
// 9 rounds: 1-3 and 4-5). Written beside record 192 FIDE_DUTCH_2025_BAKU they make the
// file's group A explicit: a reader applies the 250 records as written instead of
// computing group A itself (TRF-2026; bbpPairings v6 computes ⌈n/2⌉ players for 192
// alone, the text 2·⌈n/4⌉: pairing.BakuGroupA). nil when groupA is empty or the file has
// no rounds.
func (t *File) BakuRecords(groupA []int) []Acceleration {
	acc, full := pairing.BakuRounds(t.TotalRounds)
	if acc == 0 {
		return nil
	}
	ranks := slices.Clone(groupA)
	slices.Sort(ranks)
	ranks = slices.Compact(ranks)
	var out []Acceleration
	for i := 0; i < len(ranks); {
		j := i
		for j+1 < len(ranks) && ranks[j+1] == ranks[j]+1 {
			j++
		}
		out = append(out, Acceleration{MatchPoints: -1, GamePoints: t.Points.Win, FirstRound: 1, LastRound: full,
			FirstPlayer: ranks[i], LastPlayer: ranks[j]})
		if acc > full {
			out = append(out, Acceleration{MatchPoints: -1, GamePoints: t.Points.Win / 2, FirstRound: full + 1, LastRound: acc,
				FirstPlayer: ranks[i], LastPlayer: ranks[j]})
		}
		i = j + 1
	}
	return out
}

// ranksUpTo are the starting ranks, ascending, of the players whose pairing number is at
// most last: the Baku method's group A when last is its last player's number
// (pairing.BakuLastA; for a file alone, pairing.BakuGroupA of all its players, since a TRF
// cannot tell a late entry from a player absent in round 1).
func (t *File) RanksUpTo(last int) []int {
	var out []int
	for rank, num := range t.pairingNumbers() {
		if num <= last {
			out = append(out, rank)
		}
	}
	slices.Sort(out)
	return out
}

// Baku reports whether the file asks for the Baku acceleration (record 192
// FIDE_DUTCH_2025_BAKU or FIDE_DUTCH_BAKU, bbpPairings' codes) and has no 250 records
// (which replace it, TRF-2026).
func (t *File) Baku() bool {
	return len(t.Acceleration) == 0 && strings.HasSuffix(strings.ToUpper(strings.TrimSpace(t.TypeCode)), "_BAKU")
}

// Accelerated is the fictitious score (draughts game points) of the player with starting
// rank id in round r: the 250 records that cover r and the player's XXA points of round r
// (RecordAcceleration), or the Baku method (pairing.BakuVirtualPoints: group A the first
// 2·⌈n/4⌉ of the file's n players, C.04.7) when record 192 asks for it and no 250 record
// is given. nil when the file has no acceleration (pairing.DutchOptions.Acceleration).
func (t *File) Accelerated() func(id, r int) int {
	records := t.RecordAcceleration()
	if records == nil && !t.Baku() {
		return nil
	}
	byNum := t.pairingNumbers()
	return func(id, r int) int {
		gp := 0
		if records != nil {
			gp += records(id, r)
		}
		if t.Baku() {
			gp += pairing.BakuVirtualPoints(len(t.Players), t.TotalRounds, r, byNum[id])
		}
		return gp
	}
}

// RecordAcceleration is the fictitious score (draughts game points) the file's own
// acceleration records give the player with starting rank id in round r: every 250 record
// (TRF-2026) that covers r and id, plus the player's XXA points of round r (JaVaFo,
// bbpPairings), their points converted with the file's win value (a win = 2 game points).
// nil when the file has neither. ImportTRF keeps both kinds of line (trf_records), and a
// round paired from the database uses them the same way (Tx.PairNext).
func (t *File) RecordAcceleration() func(id, r int) int {
	if len(t.Acceleration) == 0 && len(t.XXA) == 0 {
		return nil
	}
	toGame := func(tenths int) int {
		if t.Points.Win <= 0 {
			return 0
		}
		return (2*tenths + t.Points.Win/2) / t.Points.Win
	}
	return func(id, r int) int {
		gp := 0
		for _, a := range t.Acceleration {
			if r >= a.FirstRound && r <= a.LastRound && id >= a.FirstPlayer && id <= a.LastPlayer {
				gp += toGame(a.GamePoints)
			}
		}
		for _, a := range t.XXA {
			if a.Player == id && r >= 1 && r <= len(a.Points) {
				gp += toGame(a.Points[r-1])
			}
		}
		return gp
	}
}

// pairingNumbers maps starting rank to pairing number: the same, or the order of the 001
// lines with XXC rank.
func (t *File) pairingNumbers() map[int]int {
	out := make(map[int]int, len(t.Players))
	for k, p := range t.Players {
		if t.ByRank {
			out[p.Number] = k + 1
		} else {
			out[p.Number] = p.Number
		}
	}
	return out
}

// DutchOptions are the options of pairing.Dutch for round r of this file: the rounds
// (XXR/142; a file without them has as many rounds as it has paired, as bbpPairings reads
// it, so that its last paired round is the event's last, where topscorers are exempt from
// the colour rule C3), the initial colour (XXC/152, else InferredInitialColour; seed
// draws it when no round has colours), the prohibited pairs (260, XXP) and the
// acceleration (250, XXA, or Baku by 192) of round r.
func (t *File) DutchOptions(r int, seed uint64) pairing.DutchOptions {
	initial := t.InitialColour
	if initial == pairing.NoColour {
		initial = t.InferredInitialColour()
	}
	total := t.TotalRounds
	if total == 0 {
		total = t.PlayedRounds()
	}
	return pairing.DutchOptions{Round: r, TotalRounds: total, InitialColour: initial, Seed: seed,
		Forbidden: t.ForbiddenPairs(r), Acceleration: t.Accelerated()}
}

// InferredInitialColour is the initial colour a file without 152/XXC implies (TRF-2026
// record 152: it is given only when it differs from the colour of the highest-ranked
// participant paired in the first round): in the first round F where a colour is
// written, the k-th participant (0-based, pairing order) of the pairings of rounds 1..F
// with a colour in F gives that colour for k even and the other for k odd, as bbpPairings
// infers it. NoColour when no round has colours.
func (t *File) InferredInitialColour() pairing.Colour {
	first := -1
	for _, p := range t.Players {
		for r, rd := range p.Rounds {
			if (rd.Colour == 'w' || rd.Colour == 'b') && (first < 0 || r < first) {
				first = r
			}
		}
	}
	if first < 0 {
		return pairing.NoColour
	}
	players := slices.Clone(t.Players)
	num := t.pairingNumbers()
	slices.SortFunc(players, func(a, b Player) int { return num[a.Number] - num[b.Number] })
	k := 0
	for _, p := range players {
		took := false
		for r := 0; r <= first && r < len(p.Rounds); r++ {
			if rd := p.Rounds[r]; rd.Opponent > 0 || rd.Result == 'U' || rd.Result == '+' {
				took = true
			}
		}
		if !took {
			continue
		}
		if first < len(p.Rounds) {
			if c := p.Rounds[first].Colour; c == 'w' || c == 'b' {
				col := pairing.White
				if c == 'b' {
					col = pairing.Black
				}
				if k%2 == 1 {
					col = col.Opposite()
				}
				return col
			}
		}
		k++
	}
	return pairing.NoColour
}

// appendRecordLines appends to lines the TRF line of each record of recs (240, 250, 260,
// 299, XXA: each record type writes its own line).
func appendRecordLines[R interface{ Line() string }](lines []string, recs []R) []string {
	for _, r := range recs {
		lines = append(lines, r.Line())
	}
	return lines
}

// roundDateColumn is the index in TRF.RoundDates (the 132 record from column 5) of round
// r's date: TRF-2026 puts round 1 at columns 92-99, round 2 at 102-109, and so on.
func roundDateColumn(r int) int { return 92 + 10*(r-1) - 5 }

// RoundDate is round r's date in record 132 as YYYY-MM-DD (the record's YY/MM/DD, years
// 00-69 read as 20YY), or "" when the record gives none or an unreadable one.
func (t *File) RoundDate(r int) string {
	i := roundDateColumn(r)
	if r < 1 || i+8 > len(t.RoundDates) {
		return ""
	}
	f := strings.Split(strings.TrimSpace(t.RoundDates[i:i+8]), "/")
	if len(f) != 3 || len(f[0]) != 2 {
		return ""
	}
	y, err := strconv.Atoi(f[0])
	if err != nil {
		return ""
	}
	y += 1900
	if y < 1970 {
		y += 100
	}
	d, err := tournament.ParseDate(fmt.Sprintf("%d-%s-%s", y, f[1], f[2]))
	if err != nil {
		return ""
	}
	return d
}

// SetRoundDate writes round r's date (YYYY-MM-DD) into record 132 as YY/MM/DD, unless the
// record already gives that date (in whatever spelling). An unreadable date is ignored.
func (t *File) SetRoundDate(r int, date string) {
	if r < 1 || len(date) != 10 || t.RoundDate(r) == date {
		return
	}
	b := []byte(t.RoundDates)
	i := roundDateColumn(r)
	for len(b) < i+8 {
		b = append(b, ' ')
	}
	copy(b[i:i+8], date[2:4]+"/"+date[5:7]+"/"+date[8:10])
	t.RoundDates = strings.TrimRight(string(b), " ")
}
