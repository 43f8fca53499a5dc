package trf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// FIDE Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex "TRF16": the exchange
// format of tournament results), with the extension lines of the pairing engines JaVaFo
// and bbpPairings: XXR (number of rounds), XXC (white1|black1, colour of the top player
// in round 1) and the point-system lines BBW, BBD, BBL, BBZ, BBF, BBU.
//
// Columns of a 001 player line (1-based, as in the TRF-16 text):
//
//	1-3 "001"   5-8 starting rank   10 sex   11-13 title   15-47 name
//	49-52 rating   54-56 federation   58-68 FIDE id   70-79 birth date YYYY/MM/DD
//	81-84 points (e.g. " 4.5")   86-89 rank
//	then per round r, from column 92+10(r-1): 4 columns opponent's starting rank
//	("0000" no opponent), 1 blank, colour (w, b, -), 1 blank, result.
//
// Result codes: 1 0 = win/loss/draw played; W D L the same, not rated; + - forfeit win /
// loss; U pairing-allocated bye; F full-point bye; H half-point bye; Z zero-point bye or
// absence; blank: not played yet. "D" as a bare draw is accepted (some programs write it).
//
// Scores: a TRF carries chess points in its own point system (default win 1, draw 0.5,
// loss 0; changed by BBW/BBD/BBL...). arbitro's draughts game points (win 2, draw 1,
// loss 0) are exactly twice the default chess points, so export writes chess points and
// import converts results back to game points by result code. The points column is
// checked against the results under the file's point system.

// ErrBadTRF is wrapped by every TRF parse error (a *TRFError carries the line number).
var ErrMalformed = errors.New("bad TRF file")

// TRFError is a TRF problem at a line (1-based): Msg is its English, Err the problem as a
// tournament.CodedError for reports to word in the reader's language (issue 29; nil for an
// Error made from a text alone).
type Error struct {
	Line int
	Msg  string
	Err  error
}

// Cause is the problem at the line: Err, or an error of the text Msg.
func (e *Error) Cause() error {
	if e.Err != nil {
		return e.Err
	}
	return errors.New(e.Msg)
}

func (e *Error) Error() string { return fmt.Sprintf("TRF line %d: %s", e.Line, e.Msg) }

// Unwrap returns ErrBadTRF.
func (e *Error) Unwrap() error { return ErrMalformed }

// TRFPoints is a TRF point system in tenths of a point (10 = one chess point).
type Points struct {
	Win, Draw, Loss int
	ZeroBye         int // Z (BBZ)
	ForfeitLoss     int // - (BBF)
	PAB             int // U, pairing-allocated bye (BBU; without BBU, the points of a win)
}

// DefaultTRFPoints is chess scoring: 1, ½, 0; the bye scores a win.
var DefaultPoints = Points{Win: 10, Draw: 5, Loss: 0, ZeroBye: 0, ForfeitLoss: 0, PAB: 10}

// TRFRound is one round block of a player line.
type Round struct {
	Opponent int  // opponent's starting rank; 0 none (bye, absence)
	Colour   byte // 'w', 'b', '-' or ' ' (not paired yet)
	Result   byte // one of "10=WDL+-UFHZ" or ' '
}

// TRFPlayer is a 001 line.
type Player struct {
	Number     int    // starting rank (pairing number)
	Sex        string // "m", "w" or ""
	Title      string
	Name       string
	Rating     int // 0 when blank
	Federation string
	FideID     string
	BirthDate  string
	Points     int // points column in tenths of the file's point system
	Rank       int // 0 when blank
	Rounds     []Round
	Line       int // line number in the parsed file (0 if built in memory)
	// Raw is the 001 line as read (ParseTRF; ExportTRF from an imported file), "" when
	// built in memory. WriteTRF writes a field, or a round block, in the file's own
	// spelling (a rating written "0", an id "0", an opponent "  25" or "0025", an absence
	// "         -") whenever Raw reads as the value being written.
	Raw string
}

// TRF is a parsed tournament report: the header lines, players and extensions. Lines
// it does not know are kept in Other, verbatim, in order.
type File struct {
	Name, City, Federation, StartDate, EndDate string // 012 022 032 042 052
	NumPlayers, NumRated, NumTeams             string // 062 072 082 (as written)
	Type, ChiefArbiter                         string // 092 102
	DeputyArbiters                             []string
	TimeControl                                string // 122
	RoundDates                                 string // 132, raw text after the code
	TotalRounds                                int    // XXR; 0 absent
	InitialColour                              pairing.Colour
	Points                                     Points
	PointsGiven                                bool // some BB? or 162 line was present
	// ByRank (XXC rank, JaVaFo/bbpPairings): the pairing order is the order of the 001
	// lines in the file, not the starting rank (which stays the player's id).
	ByRank bool
	// Has2026: the file had a TRF-2026 record for rounds, colour or points (142, 152,
	// 162); HasXX: it had the JaVaFo form (XXR, XXC, BB?). WriteTRF writes the forms the
	// file had, both for a TRF built in memory (neither set).
	Has2026, HasXX bool
	// TRF-2026 tournament records kept as written after the code (columns 5 on):
	// 172 starting-rank method, 182 pairing controller, 192 encoded tournament type,
	// 202 tie-breaks, 212 standings tie-breaks, 222 encoded time control.
	RankMethod, Controller, TypeCode, TieBreaks, StandingsTieBreaks, TimeControlCode string
	// Unknown is the 162 "X" value (unknown result, e.g. adjourned), tenths; -1 if not given.
	Unknown      int
	Acceleration []Acceleration // 250 records
	Forbidden    []Forbidden    // 260 records, and XXP lines (all rounds)
	Byes         []Bye          // 240 records
	Abnormal     []Abnormal     // 299 records
	XXA          []XXA          // XXA lines: acceleration points per player and round
	Absent       []int          // XXZ lines: absent from the round to be paired
	XXS          string         // the XXS line (point system by result) as read, "" if none
	BB           []string       // the BB? codes the file gave, in its order (bbLines writes those)
	Players      []Player
	Other        []string // lines not understood (### comments too), verbatim, in order
}

// TRFAcceleration is one 250 record (TRF-2026): fictitious points added to the score of
// the players FirstPlayer..LastPlayer (starting ranks) in rounds FirstRound..LastRound,
// for pairing only (C.04.7, accelerated systems, e.g. the Baku method).
type Acceleration struct {
	MatchPoints, GamePoints int // tenths (match points: teams only; -1 when blank)
	FirstRound, LastRound   int
	FirstPlayer, LastPlayer int
}

// TRFForbidden is one 260 record (TRF-2026): the players (starting ranks) may not meet
// one another in rounds FirstRound..LastRound. An XXP line (JaVaFo, bbpPairings) is the
// same for every round (FirstRound 1, LastRound 0 = no end; XXP set).
type Forbidden struct {
	FirstRound, LastRound int
	Players               []int
	XXP                   bool
}

// TRFBye is one 240 record (TRF-2026): players getting a full-, half- or zero-point bye
// (Type 'F', 'H', 'Z') in Round: absent from that round's pairing.
type Bye struct {
	Type    byte
	Round   int
	Players []int
}

// TRFAbnormal is one 299 record (TRF-2026): abnormal points. Type is the result the
// points replace ('W' 'D' 'L' 'F' 'H' 'Z' '+' '-') or ' ' for a penalty or bonus added
// to the total; Points in tenths (may be negative; MatchPoints teams only, -1 blank);
// Round 0 = every round.
type Abnormal struct {
	Type                byte
	MatchPoints, Points int
	Round               int
	Players             []int
}

var validResults = "10=WDL+-UFHZ "

// lineErr is the problem err at line: an *Error.
func lineErr(line int, err error) error {
	return &Error{Line: line, Msg: err.Error(), Err: err}
}

// ParseTRF reads a TRF-16 file. Errors wrap ErrBadTRF with the line number: a short or
// malformed 001 line, a non-numeric field, an unknown result code or colour, a points
// column that disagrees with the results, an opponent that does not exist or does not
// have the game the other way round, a duplicate starting rank.
func Parse(r io.Reader) (*File, error) {
	t := &File{Points: DefaultPoints, Unknown: -1}
	byeGiven := false // a BBU line was read: otherwise the bye is worth a win (BBW)
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
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if err := t.ParseLine(raw, ln, &byeGiven); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	if !byeGiven {
		// the pairing-allocated bye scores a win unless the regulations say otherwise
		// (C.04.1 Art. 3, Basic rules for Swiss systems; FIDE C.04.3 Art. 1.5): without
		// a BBU line it follows BBW, as in bbpPairings and JaVaFo
		t.Points.PAB = t.Points.Win
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	return t, nil
}

// scanTRFLines splits at CR, LF or CR LF: TRF-2026 (Remark 1) ends every line with a CR,
// and bbpPairings writes CR alone.
func scanTRFLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i, c := range data {
		switch c {
		case '\n':
			return i + 1, data[:i], nil
		case '\r':
			if i+1 < len(data) {
				if data[i+1] == '\n' {
					return i + 2, data[:i], nil
				}
				return i + 1, data[:i], nil
			}
			if atEOF {
				return i + 1, data[:i], nil
			}
			return 0, nil, nil // a LF may follow
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// field returns columns [from, to] (1-based, inclusive) of line, blank-padded.
func Field(line string, from, to int) string {
	if from-1 >= len(line) {
		return ""
	}
	return line[from-1 : min(to, len(line))]
}

func parseTenths(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.Atoi(whole)
	if err != nil || whole == "" {
		return 0, fmt.Errorf("not a number")
	}
	f := 0
	if frac != "" {
		if len(frac) > 2 || strings.Trim(frac, "0123456789") != "" {
			return 0, fmt.Errorf("not a number")
		}
		f, _ = strconv.Atoi(frac[:1])
		if len(frac) == 2 && frac[1] != '0' {
			return 0, fmt.Errorf("more than one decimal")
		}
	}
	v := w*10 + f
	if neg {
		v = -v
	}
	return v, nil
}

func FormatTenths(v int) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%d", sign, v/10, v%10)
}

func parsePlayerLine(line string, ln int) (Player, error) {
	p := Player{Line: ln, Raw: line}
	if len(line) < 8 {
		return p, lineErr(ln, tournament.Errf(nil, "err.trf.player_short", "player line too short ({n} columns; the starting rank is in columns 5-8)", "n", len(line)))
	}
	if line[3] != ' ' {
		return p, lineErr(ln, tournament.Errf(nil, "err.trf.column4", "column 4 must be blank after 001"))
	}
	num, err := strconv.Atoi(strings.TrimSpace(Field(line, 5, 8)))
	if err != nil || num < 1 {
		return p, lineErr(ln, tournament.Errf(nil, "err.trf.rank_number", "starting rank {value} in columns 5-8 is not a positive number", "value", strconv.Quote(Field(line, 5, 8))))
	}
	p.Number = num
	p.Sex = strings.TrimSpace(Field(line, 10, 10))
	p.Title = strings.TrimSpace(Field(line, 11, 13))
	p.Name = strings.TrimSpace(Field(line, 15, 47))
	if s := strings.TrimSpace(Field(line, 49, 52)); s != "" {
		if p.Rating, err = strconv.Atoi(s); err != nil {
			return p, lineErr(ln, tournament.Errf(nil, "err.trf.rating", "rating {value} in columns 49-52 is not a number", "value", strconv.Quote(s)))
		}
	}
	p.Federation = strings.TrimSpace(Field(line, 54, 56))
	p.FideID = strings.TrimSpace(Field(line, 58, 68))
	p.BirthDate = strings.TrimSpace(Field(line, 70, 79))
	if p.Points, err = parseTenths(Field(line, 81, 84)); err != nil {
		return p, lineErr(ln, tournament.Errf(nil, "err.trf.points", "points {value} in columns 81-84 are not a number like 4.5", "value", strconv.Quote(Field(line, 81, 84))))
	}
	if s := strings.TrimSpace(Field(line, 86, 89)); s != "" {
		if p.Rank, err = strconv.Atoi(s); err != nil {
			return p, lineErr(ln, tournament.Errf(nil, "err.trf.place", "rank {value} in columns 86-89 is not a number", "value", strconv.Quote(s)))
		}
	}
	if len(line) > 89 && strings.TrimSpace(Field(line, 90, 91)) != "" {
		return p, lineErr(ln, tournament.Errf(nil, "err.trf.columns90", "columns 90-91 must be blank (round blocks start at column 92)"))
	}
	for r, col := 1, 92; col <= len(line); r, col = r+1, col+10 {
		rd, err := parseRoundBlock(line, ln, r, col)
		if err != nil {
			return p, err
		}
		p.Rounds = append(p.Rounds, rd)
	}
	// trailing blank blocks carry nothing
	for len(p.Rounds) > 0 && p.Rounds[len(p.Rounds)-1] == (Round{Colour: ' ', Result: ' '}) {
		p.Rounds = p.Rounds[:len(p.Rounds)-1]
	}
	if len(p.Rounds) == 0 {
		p.Rounds = nil
	}
	return p, nil
}

// parseRoundBlock reads the block of round r of a player line, at columns col..col+9
// ("NNNN C R" and two blanks): opponent's starting rank (blank or 0000: none), colour
// (w b - or blank), result code. A blank block is {0, ' ', ' '}.
func parseRoundBlock(line string, ln, r, col int) (Round, error) {
	blk := Field(line, col, col+7)
	for len(blk) < 8 {
		blk += " "
	}
	if strings.TrimSpace(blk) == "" {
		return Round{Colour: ' ', Result: ' '}, nil
	}
	if blk[4] != ' ' || blk[6] != ' ' || strings.TrimSpace(Field(line, col+8, col+9)) != "" {
		return Round{}, lineErr(ln, tournament.Errf(nil, "err.trf.misaligned", "round {round} block at column {col} is misaligned (want 'NNNN C R')", "round", r, "col", col))
	}
	rd := Round{Colour: blk[5], Result: blk[7]}
	if o := strings.TrimSpace(blk[:4]); o != "" {
		var err error
		if rd.Opponent, err = strconv.Atoi(o); err != nil || rd.Opponent < 0 {
			return rd, lineErr(ln, tournament.Errf(nil, "err.trf.opponent", "round {round}: opponent {value} in columns {from}-{to} is not a starting rank", "round", r, "value", strconv.Quote(blk[:4]), "from", col, "to", col+3))
		}
	}
	switch {
	case !strings.ContainsRune("wb- ", rune(rd.Colour)):
		return rd, lineErr(ln, tournament.Errf(nil, "err.trf.colour", "round {round}: colour {value} in column {col} (want w, b or -)", "round", r, "value", strconv.QuoteRune(rune(rd.Colour)), "col", col+5))
	case !strings.ContainsRune(validResults, rune(rd.Result)):
		return rd, lineErr(ln, tournament.Errf(nil, "err.trf.result_code", "round {round}: unknown result code {value} in column {col} (want one of 1 0 = W D L + - U F H Z)", "round", r, "value", strconv.QuoteRune(rune(rd.Result)), "col", col+7))
	case rd.Opponent > 0 && rd.Result == 'U':
		return rd, lineErr(ln, tournament.Errf(nil, "err.trf.bye_opponent", "round {round}: pairing-allocated bye (U) with an opponent", "round", r))
	case rd.Opponent == 0 && strings.ContainsRune("10=WDL", rune(rd.Result)):
		return rd, lineErr(ln, tournament.Errf(nil, "err.trf.needs_opponent", "round {round}: result {value} needs an opponent", "round", r, "value", strconv.QuoteRune(rune(rd.Result))))
	}
	return rd, nil
}

// resultPoints is the score of a result code in the point system (tenths).
func (ps Points) ResultPoints(c byte) int {
	switch c {
	case '1', 'W', '+':
		return ps.Win
	case '=', 'D':
		return ps.Draw
	case '0', 'L':
		return ps.Loss
	case '-':
		return ps.ForfeitLoss
	case 'U':
		return ps.PAB
	case 'F':
		return ps.Win
	case 'H':
		return ps.Draw
	case 'Z':
		return ps.ZeroBye
	}
	return 0
}

// ByeGamePoints is what the pairing-allocated bye (U) is worth in draughts game points
// under the file's point system (BBU against BBW): 2 by default, 1 for BBU 0.5 with BBW
// 1.0, clamped to 0..2. ImportTRF stores it as the tournament's bye points and
// EntrantsAfter scores U with it, so that both read the same scores.
func (t *File) ByeGamePoints() int {
	if t.Points.Win <= 0 {
		return 2
	}
	return min(max((2*t.Points.PAB+t.Points.Win/2)/t.Points.Win, 0), 2)
}

// gamePoints is the draughts game points (win 2, draw 1, loss 0) of a result code.
func GamePoints(c byte) int {
	switch c {
	case '1', 'W', '+', 'U', 'F':
		return 2
	case '=', 'D', 'H':
		return 1
	}
	return 0
}

// check validates the players together: unique starting ranks, opponents that exist
// and have the game the other way round, points columns that match the results.
func (t *File) check() error {
	byNum := make(map[int]*Player, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		if o, dup := byNum[p.Number]; dup {
			return lineErr(p.Line, tournament.Errf(nil, "err.trf.rank_twice", "starting rank {n} already used on line {line}", "n", p.Number, "line", o.Line))
		}
		byNum[p.Number] = p
	}
	opposite := map[byte]byte{'1': '0', '0': '1', '=': '=', 'W': 'L', 'L': 'W', 'D': 'D', '+': '-', '-': '+', ' ': ' '}
	for i := range t.Players {
		p := &t.Players[i]
		sum := 0
		for r, rd := range p.Rounds {
			sum += t.Points.ResultPoints(rd.Result)
			if rd.Opponent == 0 {
				continue
			}
			if rd.Opponent == p.Number {
				return lineErr(p.Line, tournament.Errf(nil, "err.trf.plays_himself", "round {round}: player {n} plays himself", "round", r+1, "n", p.Number))
			}
			o := byNum[rd.Opponent]
			if o == nil {
				return lineErr(p.Line, tournament.Errf(nil, "err.trf.opponent_missing", "round {round}: opponent {n} has no 001 line", "round", r+1, "n", rd.Opponent))
			}
			if r >= len(o.Rounds) || o.Rounds[r].Opponent != p.Number {
				return lineErr(p.Line, tournament.Errf(nil, "err.trf.one_sided", "round {round}: {n} meets {opp}, but {opp}'s line (line {line}) does not say so", "round", r+1, "n", p.Number, "opp", rd.Opponent, "line", o.Line))
			}
			or := o.Rounds[r]
			if opposite[rd.Result] != or.Result && !(rd.Result == '-' && or.Result == '-') {
				return lineErr(p.Line, tournament.Errf(nil, "err.trf.results_disagree", "round {round}: result {value} against {opp}, who has {other} (line {line})", "round", r+1, "value", strconv.QuoteRune(rune(rd.Result)), "opp", o.Number, "other", strconv.QuoteRune(rune(or.Result)), "line", o.Line))
			}
			forfeit := rd.Result == '+' || rd.Result == '-'
			if !forfeit && ((rd.Colour == 'w' && or.Colour != 'b') || (rd.Colour == 'b' && or.Colour != 'w')) {
				return lineErr(p.Line, tournament.Errf(nil, "err.trf.colours_disagree", "round {round}: colour {value} against {opp}, who has {other} (line {line})", "round", r+1, "value", strconv.QuoteRune(rune(rd.Colour)), "opp", o.Number, "other", strconv.QuoteRune(rune(or.Colour)), "line", o.Line))
			}
		}
		sum += t.abnormalAdjust(p.Number, p.Rounds, math.MaxInt)
		if sum != p.Points {
			return lineErr(p.Line, tournament.Errf(nil, "err.trf.points_sum", "player {n}: points column says {points} but the results add up to {sum} (point system win {win} draw {draw} loss {loss})",
				"n", p.Number, "points", FormatTenths(p.Points), "sum", FormatTenths(sum), "win", FormatTenths(t.Points.Win), "draw", FormatTenths(t.Points.Draw), "loss", FormatTenths(t.Points.Loss)))
		}
	}
	return nil
}

// PlayedRounds is the number of rounds with at least one pairing recorded (a game, a
// forfeit or a pairing-allocated bye). Later blocks that only hold H, F or Z byes are
// absences announced for rounds not yet paired.
func (t *File) PlayedRounds() int {
	n := 0
	for _, p := range t.Players {
		for r, rd := range p.Rounds {
			if rd.Opponent > 0 || rd.Result == 'U' {
				n = max(n, r+1)
			}
		}
	}
	return n
}

// Entrants converts the players to the pairing snapshot for round PlayedRounds()+1:
// ID and Number are the starting rank, Score the draughts game points of the results
// (win 2, draw 1, loss 0; byes by code: U by the point system (ByeGamePoints, 2 by
// default), F 2, H 1, Z 0), History one Round per
// played round. A player whose block for the next round holds an H, F or Z bye is not
// Available (an announced absence). Played games (1 0 = W D L) keep their colour; forfeits and byes have none.
func (t *File) Entrants() []pairing.Entrant { return t.EntrantsAfter(t.PlayedRounds()) }

// EntrantsAfter is the snapshot after round played (before round played+1): histories
// hold rounds 1..played only, and availability comes from the round played+1 blocks as
// in Entrants. EntrantsAfter(PlayedRounds()-1) is the state in which the last round was
// paired, for checking it.
func (t *File) EntrantsAfter(played int) []pairing.Entrant {
	es := make([]pairing.Entrant, 0, len(t.Players))
	byRank := t.pairingNumbers()
	for _, p := range t.Players {
		e := pairing.Entrant{ID: p.Number, Number: p.Number, Rating: p.Rating, Name: p.Name, Available: true}
		e.Number = byRank[p.Number]
		for r := 0; r < played; r++ {
			rd := Round{Colour: ' ', Result: ' '}
			if r < len(p.Rounds) {
				rd = p.Rounds[r]
			}
			pr := pairing.Round{Number: r + 1, Opponent: rd.Opponent, Points: GamePoints(rd.Result)}
			switch rd.Result {
			case '1', '0', '=', 'W', 'D', 'L':
				pr.Kind = pairing.Played
				if rd.Colour == 'w' {
					pr.Colour = pairing.White
				} else if rd.Colour == 'b' {
					pr.Colour = pairing.Black
				}
			case '+':
				pr.Kind = pairing.ForfeitWin
			case '-':
				pr.Kind = pairing.ForfeitLoss
			case 'U':
				pr.Kind, pr.Points = pairing.Bye, t.ByeGamePoints()
			default:
				if rd.Opponent > 0 { // paired, result not yet known: treat as played
					pr.Kind = pairing.Played
					if rd.Colour == 'w' {
						pr.Colour = pairing.White
					} else if rd.Colour == 'b' {
						pr.Colour = pairing.Black
					}
				} else {
					pr.Kind = pairing.Absent
				}
			}
			e.Score += pr.Points
			e.History = append(e.History, pr)
		}
		if played < len(p.Rounds) {
			if c := p.Rounds[played].Result; c == 'H' || c == 'F' || c == 'Z' {
				e.Available = false
			}
		}
		for _, b := range t.Byes { // 240: a bye announced for the next round
			if b.Round == played+1 && containsInt(b.Players, p.Number) {
				e.Available = false
			}
		}
		if played == t.PlayedRounds() && containsInt(t.Absent, p.Number) {
			e.Available = false // XXZ: absent from the round to be paired
		}
		// 299 abnormal points of rounds 1..played, in game points (a win = 2)
		e.Score += TenthsToGamePoints(t.abnormalAdjust(p.Number, p.Rounds[:min(played, len(p.Rounds))], played), t.Points.Win)
		es = append(es, e)
	}
	return es
}

// RoundPairs returns the pairs of round r (1-based) as written in the file: one Pair per
// game (White from the 'w' side; a forfeit without colours from the lower starting rank)
// and a bye Pair (Black 0) for each U. The file does not record boards: Board is the
// order of the first player of each pair in the file.
func (t *File) RoundPairs(r int) []pairing.Pair {
	var out []pairing.Pair
	for _, p := range t.Players {
		if r-1 >= len(p.Rounds) {
			continue
		}
		rd := p.Rounds[r-1]
		switch {
		case rd.Result == 'U':
			out = append(out, pairing.Pair{White: p.Number})
		case rd.Opponent > 0 && rd.Colour == 'w':
			out = append(out, pairing.Pair{White: p.Number, Black: rd.Opponent})
		case rd.Opponent > p.Number && rd.Colour != 'b':
			out = append(out, pairing.Pair{White: p.Number, Black: rd.Opponent})
		}
	}
	for i := range out {
		out[i].Board = i + 1
	}
	return out
}

// WriteTRF writes t in TRF-16 with the TRF-2026 records (142, 152, 162, 172-222, 240,
// 250, 260, 299) and the JaVaFo/bbpPairings lines (XXR, XXC, BB? or XXS, XXA, XXZ, XXP),
// each in the form the file had (both forms for a TRF built in memory). Player lines are
// written with the fields at their columns (a value longer than its columns, e.g. a name
// over 33 characters, is cut; an unchanged field in the spelling of TRFPlayer.Raw); the
// points column is recomputed from the results in t.Points. Lines kept in Other are
// written last, as read.
func Write(w io.Writer, t *File) error {
	bw := bufio.NewWriter(w)
	t.writeHeader(bw)
	for _, p := range t.Players {
		bw.WriteString(playerLine(t, &p))
		bw.WriteByte('\n')
	}
	t.writeXX(bw)
	lines := appendRecordLines(nil, t.Byes)
	lines = appendRecordLines(lines, t.Acceleration)
	lines = appendRecordLines(lines, t.Forbidden)
	lines = appendRecordLines(lines, t.Abnormal)
	for _, o := range append(lines, t.Other...) {
		bw.WriteString(o)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// forms reports which forms of the rounds, colour and points records WriteTRF writes:
// TRF-2026 (142 152 162) and JaVaFo (XXR XXC BB?), those the file had, both when neither.
func (t *File) forms() (w2026, wXX bool) {
	return t.Has2026 || !t.HasXX, t.HasXX || !t.Has2026
}

// writeHeader writes the tournament records 012-222.
func (t *File) writeHeader(bw *bufio.Writer) {
	hdr := func(code, v string) {
		if v != "" {
			fmt.Fprintf(bw, "%s %s\n", code, v)
		}
	}
	for _, c := range []string{"012", "022", "032", "042", "052", "062", "072", "082", "092", "102"} {
		hdr(c, *trfTextRecords[c](t))
	}
	for _, d := range t.DeputyArbiters {
		hdr("112", d)
	}
	hdr("122", t.TimeControl)
	hdr("132", t.RoundDates)
	w2026, _ := t.forms()
	if w2026 && t.TotalRounds > 0 {
		fmt.Fprintf(bw, "142 %d\n", t.TotalRounds)
	}
	if c, ok := map[pairing.Colour]string{pairing.White: "W", pairing.Black: "B"}[t.InitialColour]; ok && w2026 {
		hdr("152", c)
	}
	if w2026 && (t.PointsGiven || t.Points != DefaultPoints) {
		bw.WriteString(t.write162() + "\n")
	}
	for _, c := range []string{"172", "182", "192", "202", "212", "222"} {
		hdr(c, *trfTextRecords[c](t))
	}
}

// writeXX writes the JaVaFo/bbpPairings lines that follow the players: XXR, XXC, the
// point system (XXS as read, else BB?), XXA and XXZ. XXC rank is written in either form.
func (t *File) writeXX(bw *bufio.Writer) {
	_, wXX := t.forms()
	if wXX && t.TotalRounds > 0 {
		fmt.Fprintf(bw, "XXR %d\n", t.TotalRounds)
	}
	xxc := map[pairing.Colour]string{pairing.White: " white1", pairing.Black: " black1"}[t.InitialColour]
	if t.ByRank {
		xxc = " rank" + xxc
	}
	if xxc != "" && (wXX || t.ByRank) {
		bw.WriteString("XXC" + xxc + "\n")
	}
	switch {
	case !wXX || !(t.PointsGiven || t.Points != DefaultPoints):
	case t.XXS != "":
		bw.WriteString(t.XXS + "\n")
	default:
		for _, l := range t.bbLines() {
			bw.WriteString(l + "\n")
		}
	}
	for _, a := range t.XXA {
		bw.WriteString(a.Line() + "\n")
	}
	if len(t.Absent) > 0 {
		bw.WriteString("XXZ")
		for _, n := range t.Absent {
			fmt.Fprintf(bw, " %d", n)
		}
		bw.WriteString("\n")
	}
}

// bbLines are the bbpPairings point-system lines BBW BBD BBL BBZ BBF BBU of t.Points.
func (t *File) bbLines() []string {
	vals := map[string]int{"BBW": t.Points.Win, "BBD": t.Points.Draw, "BBL": t.Points.Loss, "BBZ": t.Points.ZeroBye,
		"BBF": t.Points.ForfeitLoss, "BBU": t.Points.PAB, "BBX": t.Unknown}
	// the defaults a reader assumes for a code the file leaves out (BBU: the win; BBX: none)
	def := map[string]int{"BBW": 10, "BBD": 5, "BBL": 0, "BBZ": 0, "BBF": 0, "BBU": t.Points.Win, "BBX": -1}
	codes := slices.Clone(t.BB)
	if len(codes) == 0 { // built in memory: every code but BBX
		codes = []string{"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
	}
	for _, c := range []string{"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "BBX"} {
		if !slices.Contains(codes, c) && vals[c] != def[c] {
			codes = append(codes, c)
		}
	}
	var out []string
	for _, c := range codes {
		if c == "BBX" && t.Unknown < 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s %4s", c, FormatTenths(vals[c])))
	}
	return out
}

func playerLine(t *File, p *Player) string {
	n := 89 + 10*len(p.Rounds)
	b := []byte(strings.Repeat(" ", n))
	put := func(from, to int, s string, right bool) {
		width := to - from + 1
		if len(s) > width {
			s = s[:width]
		}
		if right {
			s = strings.Repeat(" ", width-len(s)) + s
		}
		copy(b[from-1:], s)
	}
	put(1, 3, "001", false)
	put(5, 8, strconv.Itoa(p.Number), true)
	put(10, 10, p.Sex, false)
	put(11, 13, p.Title, true)
	put(15, 47, p.Name, false)
	if p.Rating > 0 {
		put(49, 52, strconv.Itoa(p.Rating), true)
	}
	put(54, 56, p.Federation, false)
	put(58, 68, p.FideID, true)
	put(70, 79, p.BirthDate, false)
	sum := t.abnormalAdjust(p.Number, p.Rounds, math.MaxInt)
	for _, rd := range p.Rounds {
		sum += t.Points.ResultPoints(rd.Result)
	}
	put(81, 84, FormatTenths(sum), true)
	if p.Rank > 0 {
		put(86, 89, strconv.Itoa(p.Rank), true)
	}
	for r, rd := range p.Rounds {
		col := 92 + 10*r
		if rd.Opponent == 0 && rd.Colour == ' ' && rd.Result == ' ' {
			continue
		}
		opp := fmt.Sprintf("%04d", rd.Opponent)
		if rd.Opponent > 0 && spacedOpponents(p.Raw) {
			opp = fmt.Sprintf("%4d", rd.Opponent) // the file's style: "  25", not "0025"
		}
		put(col, col+3, opp, false)
		b[col+4] = rd.Colour
		b[col+6] = rd.Result
	}
	keepRawColumns(b, p, sum)
	return strings.TrimRight(string(b), " ")
}

// spacedOpponents reports whether the player line raw writes its opponents padded with
// blanks ("  25", as TRF-16's example, Swiss-Manager and JaVaFo do) rather than zeros
// ("0025"): the first round block with an opponent decides.
func spacedOpponents(raw string) bool {
	for col := 92; col+3 <= len(raw); col += 10 {
		o := raw[col-1 : col+3]
		switch {
		case strings.TrimSpace(o) == "" || o == "0000":
		case o[0] == ' ':
			return true
		default:
			return false
		}
	}
	return false
}

// keepRawColumns copies into the player line b the columns of p.Raw (the line as read)
// whose field reads as the value written: the file's spelling of an unchanged field or
// round block is kept (TRF-16 leaves padding and the form of an empty opponent to the
// writer). points is the points column written (tenths).
func keepRawColumns(b []byte, p *Player, points int) {
	if p.Raw == "" {
		return
	}
	q, err := parsePlayerLine(p.Raw, 0)
	if err != nil {
		return
	}
	copyCols := func(from, to int) { // the whole field: blanks past the end of Raw
		for c := from; c <= to && c <= len(b); c++ {
			b[c-1] = ' '
			if c <= len(p.Raw) {
				b[c-1] = p.Raw[c-1]
			}
		}
	}
	for _, f := range []struct {
		from, to int
		same     bool
	}{
		{10, 10, q.Sex == p.Sex}, {11, 13, q.Title == p.Title},
		{15, 47, q.Name == p.Name}, {49, 52, q.Rating == p.Rating}, {54, 56, q.Federation == p.Federation},
		{58, 68, q.FideID == p.FideID}, {70, 79, q.BirthDate == p.BirthDate}, {81, 84, q.Points == points},
		{86, 89, q.Rank == p.Rank},
	} {
		if f.same {
			copyCols(f.from, f.to)
		}
	}
	for r, rd := range p.Rounds {
		if r < len(q.Rounds) && q.Rounds[r] == rd {
			col := 92 + 10*r
			copyCols(col, col+7)
		}
	}
}
