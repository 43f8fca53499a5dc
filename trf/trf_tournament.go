package trf

import (
	"arbitro/rules"
	"arbitro/tournament"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"arbitro/pairing"
)

// RoundMethodTRF is the value of rounds.method for rounds created by ImportTRF.
const RoundMethod = "imported-trf"

// TRFFromCrosstable builds the TRF-16 report of a tournament from its read-only view
// (pure). Starting ranks are the pairing numbers; scores are written in chess points
// (draughts game points ÷ 2: win 1, draw 0.5, loss 0), with BBU when the bye is not worth
// a win. Slots: played → 1 = 0; forfeit → + / -; pairing bye → "0000 - U"; absence →
// "0000 - Z/H/F" by its points 0/1/2; paired but unplayed → "- -" on both sides (double
// forfeit, 0-0); pending → opponent and colour with a blank result; a round with no slot
// up to the last round → "0000 - Z"; the next round, not paired yet → "0000 - Z/H/F" for
// an announced absence and "0000 - Z" for a withdrawn player. initial
// is written as XXC (NoColour: no XXC line).
// Errors (ErrInvalid): the lot has not been drawn, or two games per pairing (TRF-16 has
// one game per round).
func FromCrosstable(ct *tournament.Crosstable, initial pairing.Colour) (*File, error) {
	if ct.GamesPerRound == 2 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.trf.two_games", "{err}: TRF-16 has one game per round; this tournament has two games per pairing")
	}
	tr := &File{Name: ct.Event.Name, City: ct.Event.Place, Federation: ct.Event.Federation,
		StartDate: strings.ReplaceAll(ct.Event.StartDate, "-", "/"), EndDate: strings.ReplaceAll(ct.Event.EndDate, "-", "/"),
		ChiefArbiter: ct.Event.ChiefArbiter, TimeControl: ct.Event.TimeControl, TotalRounds: ct.Rounds,
		InitialColour: initial, Points: DefaultPoints, Unknown: -1}
	tr.Type, _ = ct.Event.System.TRFType(len(ct.Players), ct.Rounds)
	tr.TypeCode, tr.Controller = typeCode(ct), "arbitro" // 192; 182: the program making the pairings
	tr.TieBreaks, tr.StandingsTieBreaks = tieBreakCodes(ct.TieBreaks)
	tr.TimeControlCode = timeControlCode(ct.Event.TimeControl)
	num := map[int]int{}
	rated := 0
	last := tournament.LastRound(ct)
	players := slices.Clone(ct.Players)
	slices.SortFunc(players, func(a, b tournament.CrossEntry) int { return a.Number - b.Number })
	for _, p := range players {
		if p.Number <= 0 {
			return nil, tournament.Errf(tournament.ErrInvalid, "err.trf.no_number", "{err}: {name} has no pairing number: draw the lot before exporting a TRF", "name", p.Name)
		}
		num[p.ID] = p.Number
		if p.Rating > 0 {
			rated++
		}
	}
	tr.NumPlayers = strconv.Itoa(len(players))
	tr.NumRated = strconv.Itoa(rated)
	ranks := map[int]int{}
	if st, err := tournament.ComputeStandings(ct, last); err == nil {
		for _, s := range st {
			ranks[s.Entry.ID] = s.Rank
		}
	}
	for _, p := range players {
		tp := Player{Number: p.Number, Title: p.Title, Name: p.Name, Rating: p.Rating, Federation: p.Federation, Rank: ranks[p.ID]}
		tp.Rounds = make([]Round, last)
		for r := range tp.Rounds {
			tp.Rounds[r] = Round{Colour: '-', Result: 'Z'}
		}
		for _, s := range p.Results {
			if s.Round < 1 || s.Round > last || (s.Game != 0 && s.Game != 1) {
				continue
			}
			tp.Rounds[s.Round-1] = crossTRFRound(s, num)
			if pab := s.Points * 5; s.Kind == tournament.CrossBye && pab != tr.Points.PAB {
				tr.Points.PAB, tr.PointsGiven = pab, true
			}
		}
		for len(tp.Rounds) > 0 && tp.Rounds[len(tp.Rounds)-1] == (Round{Colour: ' ', Result: ' '}) {
			tp.Rounds = tp.Rounds[:len(tp.Rounds)-1]
		}
		for _, rd := range tp.Rounds {
			tp.Points += tr.Points.ResultPoints(rd.Result)
		}
		// The round to pair next: an announced absence, or a withdrawal, is written as
		// that round's "0000 - Z/H/F" (the JaVaFo/bbpPairings convention TRF.EntrantsAfter
		// and ImportTRF read), so that a pairing program does not pair the player. WriteTRF's
		// points column counts it, as TRF.check requires.
		if rd, ok := nextRoundAbsence(p, last+1); ok && last+1 <= ct.Rounds {
			tp.Rounds = append(tp.Rounds, rd)
		}
		tr.Players = append(tr.Players, tp)
	}
	return tr, nil
}

// typeCode is record 192 (TRF-2026 tournament-type code, as FIDE's tie-break server and
// bbpPairings read it) of the tournament ct shows: FIDE_DUTCH_2025 for the Dutch system
// (ExportTRF makes it FIDE_DUTCH_2025_BAKU with the Baku acceleration),
// BERGER_ROUNDROBIN or BERGER_DOUBLEROUNDROBIN for a round robin (Berger tables),
// CUSTOM_SWISS for the FID Italo-Swiss.
func typeCode(ct *tournament.Crosstable) string {
	_, code := ct.Event.System.TRFType(len(ct.Players), ct.Rounds)
	return code
}

// timeControlRE is a time control of one period with or without an increment, as an
// arbiter writes it: 90'+30", 90' + 30", 90 min + 30 s, 90+30, 60'. Compiled on first use,
// not at every start of the program.
var timeControlRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{1,3})\s*(?:'|min|m)?\s*(?:\+\s*(\d{1,3})\s*(?:"|''|s|sec)?)?$`)
})

// timeControlCode is record 222 (TRF-2026 encoded time control: seconds, "+" the
// increment in seconds, e.g. 90'+30" → 5400+30) of the announced time control tc, or ""
// when tc is not one period of minutes with an optional increment in seconds (a control
// with moves, e.g. 40/90', is left to the arbiter).
func timeControlCode(tc string) string {
	m := timeControlRE().FindStringSubmatch(strings.TrimSpace(tc))
	if m == nil {
		return ""
	}
	mins, _ := strconv.Atoi(m[1])
	if mins == 0 {
		return ""
	}
	code := strconv.Itoa(mins * 60)
	if m[2] != "" {
		code += "+" + strings.TrimLeft(m[2], "0")
		if strings.HasSuffix(code, "+") {
			code += "0"
		}
	}
	return code
}

// fideTieBreakCodes are the FIDE C.07 codes of arbitro's tie-breaks, with the modifiers
// after "/" as FIDE's tie-break server reads records 202 and 212. The quoziente (FID) and
// the lot have none.
var fideTieBreakCodes = map[tournament.TieBreak]string{tournament.TBBuchholz: "BH", tournament.TBBuchholzCut1: "BH/C1", tournament.TBBuchholzMedian: "BH/M1",
	tournament.TBSonnebornBerger: "SB", tournament.TBWins: "WIN", tournament.TBWinsPlayed: "WON", tournament.TBDirectEncounter: "DE", tournament.TBProgressive: "PS", tournament.TBAverageRating: "ARO"}

// tieBreakCodes are records 202 (the tie-breaks, comma-separated C.07 codes) and 212 (the
// standings: PTS, then the same) of tie-breaks tbs; both "" when one of them has no FIDE
// code (a list that left it out would misstate the order), 202 "" without tie-breaks.
func tieBreakCodes(tbs []tournament.TieBreak) (string, string) {
	codes := []string{}
	for _, tb := range tbs {
		c, ok := fideTieBreakCodes[tb]
		if !ok {
			return "", ""
		}
		codes = append(codes, c)
	}
	return strings.Join(codes, ","), strings.Join(append([]string{"PTS"}, codes...), ",")
}

// crossTRFRound is the TRF round block of one crosstable slot (num maps entry id to
// starting rank): played 1 = 0 with colours; forfeit + / - (a double forfeit and an
// unplayed game - on both sides); pairing bye "0000 - U"; absence "0000 - Z/H/F" by its
// points 0/1/2; pending: opponent and colour, no result.
func crossTRFRound(s tournament.CrossResult, num map[int]int) Round {
	rd := Round{Opponent: num[s.Opponent], Colour: '-'}
	switch s.Colour {
	case pairing.White:
		rd.Colour = 'w'
	case pairing.Black:
		rd.Colour = 'b'
	}
	switch s.Kind {
	case tournament.CrossPlayed:
		rd.Result = "0=1"[min(max(s.Points, 0), 2)]
	case tournament.CrossForfeitWin:
		rd.Result = '+'
	case tournament.CrossForfeitLoss, tournament.CrossUnplayed:
		rd.Result = '-'
	case tournament.CrossBye:
		rd.Opponent, rd.Colour, rd.Result = 0, '-', 'U'
	case tournament.CrossAbsent:
		rd.Opponent, rd.Colour, rd.Result = 0, '-', "ZHF"[min(max(s.Points, 0), 2)]
	case tournament.CrossPending:
		rd.Result = ' '
	}
	return rd
}

// nextRoundAbsence is the block of round next (the round to pair) for player p: an
// announced absence, or a withdrawal, is written as "0000 - Z/H/F" (the JaVaFo/bbpPairings
// convention TRF.EntrantsAfter and ImportTRF read), so that a pairing program does not
// pair the player; WriteTRF's points column counts it, as TRF.check requires. ok is false
// when p plays round next.
func nextRoundAbsence(p tournament.CrossEntry, next int) (Round, bool) {
	for _, s := range p.Results {
		if s.Round == next && s.Kind == tournament.CrossAbsent {
			return Round{Colour: '-', Result: "ZHF"[min(max(s.Points, 0), 2)]}, true
		}
	}
	if p.Withdrawn {
		return Round{Colour: '-', Result: 'Z'}, true
	}
	return Round{}, false
}

// keptTRFRecords are the lines of tr that an import into tournament t keeps in
// trf_records for export: the records arbitro does not model (062-092, 112, 132, 172-222,
// 240, 250, 299, XXA, XXZ, ### comments and unknown lines), the dates in a form arbitro
// does not write, the point system in the file's form, and the form (not the values) of
// the rounds and colour records: 142/XXR, 152/XXC. Prohibited pairs are stored apart.
func KeptTRFRecords(tr *File, t *tournament.Tournament) []string {
	var lines []string
	hdr := func(code, v string) {
		if v != "" {
			lines = append(lines, code+" "+v)
		}
	}
	// dates in a form arbitro does not write (e.g. "May 29, 2020", "24/09/2010") are kept
	// as written; addTRFKept uses them while the tournament's dates are the imported ones
	if tr.StartDate != strings.ReplaceAll(t.Start, "-", "/") {
		hdr("042", tr.StartDate)
	}
	if tr.EndDate != strings.ReplaceAll(t.End, "-", "/") {
		hdr("052", tr.EndDate)
	}
	for _, c := range []string{"062", "072", "082", "092"} {
		hdr(c, *trfTextRecords[c](tr))
	}
	for _, d := range tr.DeputyArbiters {
		hdr("112", d)
	}
	hdr("132", tr.RoundDates)
	if tr.PointsGiven { // the file's point system, in the form it had
		switch {
		case tr.Has2026:
			lines = append(lines, tr.write162())
		case tr.XXS != "":
			lines = append(lines, tr.XXS)
		default:
			lines = append(lines, tr.bbLines()...)
		}
	}
	for _, c := range []string{"172", "182", "192", "202", "212", "222"} {
		hdr(c, *trfTextRecords[c](tr))
	}
	lines = append(lines, tr.recordForms()...)
	lines = appendRecordLines(lines, tr.Byes)
	lines = appendRecordLines(lines, tr.Forbidden) // their form; the pairs are stored apart too
	lines = appendRecordLines(lines, tr.Acceleration)
	lines = appendRecordLines(lines, tr.Abnormal)
	lines = appendRecordLines(lines, tr.XXA)
	if len(tr.Absent) > 0 {
		lines = append(lines, "XXZ "+strings.Trim(fmt.Sprint(tr.Absent), "[]"))
	}
	return append(lines, tr.Other...)
}

// recordForms are the rounds and colour records of tr in the forms it had (142/XXR,
// 152/XXC, XXC rank), kept by an import so that export writes the same forms.
func (tr *File) recordForms() []string {
	var lines []string
	if tr.HasXX && tr.TotalRounds > 0 {
		lines = append(lines, fmt.Sprintf("XXR %d", tr.TotalRounds))
	}
	if tr.Has2026 && tr.TotalRounds > 0 {
		lines = append(lines, fmt.Sprintf("142 %d", tr.TotalRounds))
	}
	if tr.ByRank {
		lines = append(lines, "XXC rank")
	}
	if c := tr.InitialColour; c != pairing.NoColour {
		if tr.HasXX {
			lines = append(lines, map[pairing.Colour]string{pairing.White: "XXC white1", pairing.Black: "XXC black1"}[c])
		}
		if tr.Has2026 {
			lines = append(lines, map[pairing.Colour]string{pairing.White: "152 W", pairing.Black: "152 B"}[c])
		}
	}
	return lines
}

// keptPlayer is what the store holds of a player for a TRF export: his federation ids
// and birth year, and the fields of an imported 001 line (trf_players).
type KeptPlayer struct {
	FID, FMJD, National, Sex, Birth, IDColumn, Line string
	Year                                            int
	Imported                                        bool
}

// apply writes k into p, a player line built from the crosstable: the imported fields in
// the file's spelling (fileSpelling), or else the federation id of the variant (the FMJD
// id in international draughts, the FID id in Italian, then any, then the national id) in
// the id column and the birth year. played is the number of rounds paired.
func (k KeptPlayer) Apply(p *Player, variant *rules.Variant, played int) {
	p.Sex, p.BirthDate, p.FideID = k.Sex, k.Birth, k.IDColumn
	if k.Line != "" {
		fileSpelling(p, k.Line, played)
	}
	if k.Imported {
		return
	}
	switch {
	case variant == tournament.VariantInternational && k.FMJD != "":
		p.FideID = k.FMJD
	case variant == tournament.VariantItalian && k.FID != "":
		p.FideID = k.FID
	case k.FMJD != "":
		p.FideID = k.FMJD
	case k.FID != "":
		p.FideID = k.FID
	default:
		p.FideID = k.National
	}
	if k.Year > 0 {
		p.BirthDate = strconv.Itoa(k.Year)
	}
}

// keepFileRanks gives every player the rank of his imported line (blank if it had none)
// when no player's rounds differ from the file's: an imported tournament neither continued
// nor corrected keeps the ranks of the event, which came from its own tie-breaks. Otherwise
// the ranks stay those of arbitro's standings.
func (tr *File) KeepFileRanks() {
	ranks := make([]int, len(tr.Players))
	for i, p := range tr.Players {
		if p.Raw == "" {
			return
		}
		q, err := parsePlayerLine(p.Raw, 0)
		if err != nil || !slices.Equal(q.Rounds, p.Rounds) {
			return
		}
		ranks[i] = q.Rank
	}
	for i := range tr.Players {
		tr.Players[i].Rank = ranks[i]
	}
}

// keepXXZForm keeps a kept XXZ line true and in the file's form: a player it names who is
// no longer absent from the round to be paired (round played+1) in arbitro leaves it, and
// for one who still is, the "0000 - Z" block that TRFFromCrosstable wrote for that round is
// dropped when the file's own line had none (the XXZ line says it, as in the file).
func (tr *File) KeepXXZForm(played int) {
	var absent []int
	for _, n := range tr.Absent {
		i := slices.IndexFunc(tr.Players, func(p Player) bool { return p.Number == n })
		if i < 0 {
			continue
		}
		p := &tr.Players[i]
		if len(p.Rounds) <= played || p.Rounds[played].Opponent != 0 || !strings.ContainsRune("ZHF", rune(p.Rounds[played].Result)) {
			continue // plays the round in arbitro
		}
		absent = append(absent, n)
		if q, err := parsePlayerLine(p.Raw, 0); p.Raw != "" && err == nil && len(q.Rounds) <= played &&
			len(p.Rounds) == played+1 && p.Rounds[played].Result == 'Z' {
			p.Rounds = p.Rounds[:played]
		}
	}
	tr.Absent = absent
}

// applyKeptRecords reads the kept records of an imported file into tr, built from
// tournament t: the file's own header values replace those built from the store; the
// rounds and colour records give their form only (the values are t's), and a file without
// a colour record gets none while the lot's colour is the one its rounds imply (TRF-2026
// 152: given only when it differs); a kept date stands while t's date is the imported one.
func (tr *File) ApplyKeptRecords(t *tournament.Tournament, records []string) error {
	if len(records) == 0 {
		return nil
	}
	tr.NumPlayers, tr.NumRated, tr.Type = "", "", ""
	tr.TypeCode, tr.Controller, tr.TieBreaks, tr.StandingsTieBreaks, tr.TimeControlCode = "", "", "", "", "" // the file's, or none
	start, end, rounds, colour := tr.StartDate, tr.EndDate, tr.TotalRounds, tr.InitialColour
	tr.InitialColour = pairing.NoColour
	bye, win := false, tr.Points.Win
	for k, l := range records {
		if err := tr.ParseLine(l, k+1, &bye); err != nil {
			return fmt.Errorf("%w: a kept TRF record does not read back: %w", tournament.ErrInvalid, err)
		}
	}
	if !bye && tr.Points.Win != win {
		// The kept point system changed the scale (BBW 2.0: draughts' 2-1-0) without
		// giving the pairing-allocated bye: the bye keeps its worth in game points
		// (t.ByePoints of the 2 a win is worth), in the file's scale, as Parse reads a
		// file without BBU (the bye worth a win, when t.ByePoints is 2).
		tr.Points.PAB = t.ByePoints * tr.Points.Win / 2
	}
	tr.TotalRounds = rounds
	if tr.InitialColour != pairing.NoColour || colour != tr.InferredInitialColour() {
		tr.InitialColour = colour
	}
	if d, _ := tournament.ParseDate(strings.ReplaceAll(tr.StartDate, "/", "-")); d != t.Start {
		tr.StartDate = start
	}
	if d, _ := tournament.ParseDate(strings.ReplaceAll(tr.EndDate, "/", "-")); d != t.End {
		tr.EndDate = end
	}
	return nil
}

// forbiddenSet is the set of prohibited pairs fs give, {lower, higher, first round, last
// round (0: no end, an XXP line)}, as forbidden_pairs stores them.
func ForbiddenSet(fs []Forbidden) map[[4]int]bool {
	out := map[[4]int]bool{}
	for _, f := range fs {
		last := f.LastRound
		if f.XXP {
			last = 0
		}
		for i, a := range f.Players {
			for _, b := range f.Players[i+1:] {
				if a != b {
					out[[4]int{min(a, b), max(a, b), f.FirstRound, last}] = true
				}
			}
		}
	}
	return out
}

// TRFImportOptions are the choices of `arbitro tournament import-trf`.
type ImportOptions struct {
	Name    string            // tournament name; "" = the TRF's 012 line
	Variant *rules.Variant    // rules.Italian or rules.International (required: a TRF does not say)
	System  tournament.System // the zero System = tournament.Dutch
	Seed    int64             // 0 = NewSeed(); then moved to the first seed whose lot colour is XXC
	Source  string            // file name for the event log
	// IDColumn says whose id the TRF id column (58-68) holds: TRFIDNational (the default:
	// e.g. a FIDE chess id), TRFIDFMJD or TRFIDFID (a draughts file, such as arbitro
	// writes for international or Italian draughts). An id of zeros is no id.
	IDColumn string
}

// The kinds of id a TRF id column may hold (TRFImportOptions.IDColumn).
const (
	IDNational = "national"
	IDFMJD     = "fmjd"
	IDFID      = "fid"
)

// trfTournament builds the tournament an import of tr with opts creates (name, variant,
// system, rounds, dates, points, place, federation, arbiter, seed moved to match XXC)
// without touching any database.
func TrfTournament(tr *File, opts ImportOptions) tournament.Tournament {
	played := tr.PlayedRounds()
	t := tournament.Tournament{Name: opts.Name, Variant: opts.Variant, System: opts.System, Seed: opts.Seed,
		Rounds: max(tr.TotalRounds, played, 1), Scoring: "2-1-0", GamesPerPairing: 1, ForfeitPoints: 2,
		Place: tr.City, Federation: tr.Federation, Arbiter: tr.ChiefArbiter, TimeControl: tr.TimeControl}
	if t.Name == "" {
		t.Name = tr.Name
	}
	if t.System.IsZero() {
		t.System = tournament.Dutch
	}
	t.ByePoints = tr.ByeGamePoints()
	for _, d := range []struct {
		in  string
		out *string
	}{{tr.StartDate, &t.Start}, {tr.EndDate, &t.End}} {
		if v, err := tournament.ParseDate(strings.ReplaceAll(d.in, "/", "-")); err == nil {
			*d.out = v
		}
	}
	if t.Seed == 0 {
		t.Seed = tournament.NewSeed()
	}
	// the seed is moved until the lot's colour is the file's initial colour, or, when the
	// file gives none, the one its rounds imply (so that the rounds still to pair continue
	// the file's colour sequence)
	initial := tr.InitialColour
	if initial == pairing.NoColour {
		initial = tr.InferredInitialColour()
	}
	if initial != pairing.NoColour {
		for pairing.LotColour(uint64(t.Seed)) != initial {
			t.Seed++
		}
	}
	return t
}

// CheckTRFImport validates the tournament an import of tr with opts would create
// (Tournament.Validate) without touching any database, so that a command refuses a bad
// import before it opens, or creates, the database file. Errors wrap ErrInvalid.
func CheckImport(tr *File, opts ImportOptions) error {
	t := TrfTournament(tr, opts)
	if err := CheckNames(tr); err != nil {
		return err
	}
	if err := CheckTRFIDColumn(opts.IDColumn); err != nil {
		return err
	}
	if err := t.Validate(); err != nil {
		return err
	}
	return CheckHasPlayers(tr)
}

// CheckHasPlayers refuses a TRF without a single player line (001): an empty file, one
// holding only header records (012, 022, ...), or a binary file whose lines TRF-16 does
// not know (Parse keeps unknown lines in Other) would import as a tournament of no one
// (issue 27, class 7). Errors wrap tournament.ErrInvalid.
func CheckHasPlayers(tr *File) error {
	if len(tr.Players) == 0 {
		return tournament.Errf(tournament.ErrInvalid, "err.trf.no_players", "{err}: the TRF holds no player line (001): an empty, header-only or binary file makes no tournament")
	}
	return nil
}

// checkTRFIDColumn checks TRFImportOptions.IDColumn; errors wrap ErrInvalid.
func CheckTRFIDColumn(c string) error {
	switch c {
	case "", IDNational, IDFMJD, IDFID:
		return nil
	}
	return fmt.Errorf("%w: id column %q (use national, fmjd or fid)", tournament.ErrInvalid, c)
}

// fileSpelling puts back into p, a player line built from the store, the file's own
// values of the player's imported 001 line (raw) wherever they mean what the store holds:
// the name, title and federation as the file spelled them (the store tidies spaces and
// case), and each round block whose opponent, kind (game, forfeit, pairing-allocated bye,
// absence), points and, for a game, colour agree (the file's W/D/L, a forfeit's
// scheduled colour, a "         -" absence, ...). p.Raw is set to raw, so that WriteTRF
// keeps the file's columns too. played is the number of rounds paired.
func fileSpelling(p *Player, raw string, played int) {
	q, err := parsePlayerLine(raw, 0)
	if err != nil {
		return
	}
	p.Raw = raw
	tidy := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if tournament.NormalizeName(q.Name) == p.Name {
		p.Name = q.Name
	}
	if tidy(q.Title) == p.Title {
		p.Title = q.Title
	}
	if strings.ToUpper(tidy(q.Federation)) == p.Federation {
		p.Federation = q.Federation
	}
	for r := range p.Rounds {
		if r < len(q.Rounds) && sameTRFRound(q.Rounds[r], p.Rounds[r]) {
			p.Rounds[r] = q.Rounds[r]
		}
	}
	// paired rounds the file left blank at the end of the line, where the store has
	// absences without points (not the next round's announced absence)
	n := len(p.Rounds)
	for n > len(q.Rounds) && n <= played && sameTRFRound(Round{Colour: ' ', Result: ' '}, p.Rounds[n-1]) {
		n--
	}
	p.Rounds = p.Rounds[:n]
}

// trfRoundKind classifies a round block: 'g' a game (played, or paired without a result),
// 'f' a forfeit between two players, 'u' the pairing-allocated bye, 'a' an absence (H F Z,
// and + or - without an opponent), ' ' nothing.
func trfRoundKind(rd Round) byte {
	switch {
	case rd.Opponent > 0 && (rd.Result == '+' || rd.Result == '-'):
		return 'f'
	case rd.Opponent > 0:
		return 'g'
	case rd.Result == 'U':
		return 'u'
	case rd.Result == ' ':
		return ' '
	}
	return 'a'
}

// sameTRFRound reports whether two round blocks record the same thing for arbitro: kind,
// opponent, game points and, for a game, colour and whether it has a result.
func sameTRFRound(a, b Round) bool {
	k := trfRoundKind(a)
	if k == ' ' && trfRoundKind(b) == 'a' && GamePoints(b.Result) == 0 {
		return true // a blank block: not paired, no points
	}
	if k != trfRoundKind(b) || a.Opponent != b.Opponent || GamePoints(a.Result) != GamePoints(b.Result) {
		return false
	}
	return k != 'g' || (a.Colour == b.Colour && (a.Result == ' ') == (b.Result == ' '))
}
