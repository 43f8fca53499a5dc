package tournament

import (
	"arbitro/rules"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"arbitro/pairing"
)

// RoundMethodTRF is the value of rounds.method for rounds created by ImportTRF.
const RoundMethodTRF = "imported-trf"

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
func TRFFromCrosstable(ct *Crosstable, initial pairing.Colour) (*TRF, error) {
	if ct.GamesPerRound == 2 {
		return nil, fmt.Errorf("%w: TRF-16 has one game per round; this tournament has two games per pairing", ErrInvalid)
	}
	tr := &TRF{Name: ct.Event.Name, City: ct.Event.Place, Federation: ct.Event.Federation,
		StartDate: strings.ReplaceAll(ct.Event.StartDate, "-", "/"), EndDate: strings.ReplaceAll(ct.Event.EndDate, "-", "/"),
		ChiefArbiter: ct.Event.ChiefArbiter, TimeControl: ct.Event.TimeControl, TotalRounds: ct.Rounds,
		InitialColour: initial, Points: DefaultTRFPoints, Unknown: -1}
	tr.Type = map[string]string{SystemDutch: "Individual: Swiss-System (FIDE Dutch)",
		SystemItaloSwiss: "Individual: Swiss-System (FID Italo-Swiss)", SystemRoundRobin: "Individual: Round-Robin"}[ct.Event.System]
	tr.TypeCode, tr.Controller = typeCode(ct), "arbitro" // 192; 182: the program making the pairings
	tr.TieBreaks, tr.StandingsTieBreaks = tieBreakCodes(ct.TieBreaks)
	tr.TimeControlCode = timeControlCode(ct.Event.TimeControl)
	num := map[int]int{}
	rated := 0
	last := LastRound(ct)
	players := slices.Clone(ct.Players)
	slices.SortFunc(players, func(a, b CrossEntry) int { return a.Number - b.Number })
	for _, p := range players {
		if p.Number <= 0 {
			return nil, fmt.Errorf("%w: %s has no pairing number: draw the lot before exporting a TRF", ErrInvalid, p.Name)
		}
		num[p.ID] = p.Number
		if p.Rating > 0 {
			rated++
		}
	}
	tr.NumPlayers = strconv.Itoa(len(players))
	tr.NumRated = strconv.Itoa(rated)
	ranks := map[int]int{}
	if st, err := ComputeStandings(ct, last); err == nil {
		for _, s := range st {
			ranks[s.Entry.ID] = s.Rank
		}
	}
	for _, p := range players {
		tp := TRFPlayer{Number: p.Number, Title: p.Title, Name: p.Name, Rating: p.Rating, Federation: p.Federation, Rank: ranks[p.ID]}
		tp.Rounds = make([]TRFRound, last)
		for r := range tp.Rounds {
			tp.Rounds[r] = TRFRound{Colour: '-', Result: 'Z'}
		}
		for _, s := range p.Results {
			if s.Round < 1 || s.Round > last || (s.Game != 0 && s.Game != 1) {
				continue
			}
			tp.Rounds[s.Round-1] = crossTRFRound(s, num)
			if pab := s.Points * 5; s.Kind == CrossBye && pab != tr.Points.PAB {
				tr.Points.PAB, tr.PointsGiven = pab, true
			}
		}
		for len(tp.Rounds) > 0 && tp.Rounds[len(tp.Rounds)-1] == (TRFRound{Colour: ' ', Result: ' '}) {
			tp.Rounds = tp.Rounds[:len(tp.Rounds)-1]
		}
		for _, rd := range tp.Rounds {
			tp.Points += tr.Points.resultPoints(rd.Result)
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
func typeCode(ct *Crosstable) string {
	switch ct.Event.System {
	case SystemDutch:
		return "FIDE_DUTCH_2025"
	case SystemItaloSwiss:
		return "CUSTOM_SWISS"
	case SystemRoundRobin:
		n := len(ct.Players)
		single := n - 1 + n%2 // rounds of one cycle: n-1 (n even) or n (n odd, one bye a round)
		if single > 0 && ct.Rounds >= 2*single {
			return "BERGER_DOUBLEROUNDROBIN"
		}
		return "BERGER_ROUNDROBIN"
	}
	return ""
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
var fideTieBreakCodes = map[TieBreak]string{TBBuchholz: "BH", TBBuchholzCut1: "BH/C1", TBBuchholzMedian: "BH/M1",
	TBSonnebornBerger: "SB", TBWins: "WIN", TBWinsPlayed: "WON", TBDirectEncounter: "DE", TBProgressive: "PS", TBAverageRating: "ARO"}

// tieBreakCodes are records 202 (the tie-breaks, comma-separated C.07 codes) and 212 (the
// standings: PTS, then the same) of tie-breaks tbs; both "" when one of them has no FIDE
// code (a list that left it out would misstate the order), 202 "" without tie-breaks.
func tieBreakCodes(tbs []TieBreak) (string, string) {
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
func crossTRFRound(s CrossResult, num map[int]int) TRFRound {
	rd := TRFRound{Opponent: num[s.Opponent], Colour: '-'}
	switch s.Colour {
	case pairing.White:
		rd.Colour = 'w'
	case pairing.Black:
		rd.Colour = 'b'
	}
	switch s.Kind {
	case CrossPlayed:
		rd.Result = "0=1"[min(max(s.Points, 0), 2)]
	case CrossForfeitWin:
		rd.Result = '+'
	case CrossForfeitLoss, CrossUnplayed:
		rd.Result = '-'
	case CrossBye:
		rd.Opponent, rd.Colour, rd.Result = 0, '-', 'U'
	case CrossAbsent:
		rd.Opponent, rd.Colour, rd.Result = 0, '-', "ZHF"[min(max(s.Points, 0), 2)]
	case CrossPending:
		rd.Result = ' '
	}
	return rd
}

// nextRoundAbsence is the block of round next (the round to pair) for player p: an
// announced absence, or a withdrawal, is written as "0000 - Z/H/F" (the JaVaFo/bbpPairings
// convention TRF.EntrantsAfter and ImportTRF read), so that a pairing program does not
// pair the player; WriteTRF's points column counts it, as TRF.check requires. ok is false
// when p plays round next.
func nextRoundAbsence(p CrossEntry, next int) (TRFRound, bool) {
	for _, s := range p.Results {
		if s.Round == next && s.Kind == CrossAbsent {
			return TRFRound{Colour: '-', Result: "ZHF"[min(max(s.Points, 0), 2)]}, true
		}
	}
	if p.Withdrawn {
		return TRFRound{Colour: '-', Result: 'Z'}, true
	}
	return TRFRound{}, false
}

// ExportTRF loads tournament t (inside Store.View) and builds its TRF. For a Dutch
// tournament XXC is the colour of the lot, pairing.LotColour(uint64(t.Seed)).
//
// The fields a TRF import kept (trf_players: sex, birth date, the id column and the whole
// 001 line as read; trf_records: the tournament records arbitro does not model, and the
// forms of the rounds, colour and point-system records) are written back, in the file's
// spelling wherever arbitro has not changed them, and with the file's ranks while no
// result differs from the file's (TestRealTRFRoundTrip), so that import then export
// keeps every field of the file. Otherwise the id column (58-68)
// carries the player's federation id: the FMJD id for international draughts, the FID
// id (tessera) for Italian draughts, else the national id; the birth date column the
// birth year alone. The stored prohibited pairs are written as 260 records and the Baku
// acceleration as 192 FIDE_DUTCH_2025_BAKU with its group A and points as 250 records
// (addBakuRecords).
func (tx *Tx) ExportTRF(t *Tournament) (*TRF, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	initial := pairing.NoColour
	if t.System == SystemDutch {
		initial = pairing.LotColour(uint64(t.Seed))
	}
	tr, err := TRFFromCrosstable(ct, initial)
	if err != nil {
		return nil, err
	}
	return tr, tx.addTRFKept(t, tr)
}

// keptTRFRecords are the lines of tr that an import into tournament t keeps in
// trf_records for export: the records arbitro does not model (062-092, 112, 132, 172-222,
// 240, 250, 299, XXA, XXZ, ### comments and unknown lines), the dates in a form arbitro
// does not write, the point system in the file's form, and the form (not the values) of
// the rounds and colour records: 142/XXR, 152/XXC. Prohibited pairs are stored apart.
func keptTRFRecords(tr *TRF, t *Tournament) []string {
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
func (tr *TRF) recordForms() []string {
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

// keepTRFRecords stores what an imported TRF holds beyond players and results: its
// records as lines (trf_records, keptTRFRecords), the prohibited pairs (forbidden_pairs)
// and the Baku acceleration (dutch_settings). ids maps starting rank to entry id.
func (tx *Tx) keepTRFRecords(t *Tournament, tr *TRF, ids map[int]int64) error {
	lines := keptTRFRecords(tr, t)
	for k, l := range lines {
		if _, err := tx.exec(`INSERT INTO trf_records (tournament_id, seq, line) VALUES (?, ?, ?)`, t.ID, k+1, l); err != nil {
			return err
		}
	}
	for _, f := range tr.Forbidden {
		for i, a := range f.Players {
			for _, b := range f.Players[i+1:] {
				x, y := ids[a], ids[b]
				if x == 0 || y == 0 || x == y {
					continue
				}
				if x > y {
					x, y = y, x
				}
				if _, err := tx.exec(`INSERT OR REPLACE INTO forbidden_pairs (tournament_id, entry_a, entry_b, first_round, last_round) VALUES (?, ?, ?, ?, ?)`,
					t.ID, x, y, f.FirstRound, f.LastRound); err != nil {
					return err
				}
			}
		}
	}
	if tr.Baku() && t.System == SystemDutch {
		if _, err := tx.exec(`INSERT INTO dutch_settings (tournament_id, acceleration) VALUES (?, ?)`, t.ID, AccelerationBaku); err != nil {
			return err
		}
	}
	return nil
}

// addTRFKept writes into tr (built from the crosstable) what the store kept for a TRF:
// the player fields of trf_players or the federation ids, the records of trf_records,
// the prohibited pairs and the acceleration (see ExportTRF).
func (tx *Tx) addTRFKept(t *Tournament, tr *TRF) error {
	rows, err := tx.query(`SELECT e.pairing_number, p.fid_id, p.fmjd_id, p.national_id, p.birth_year,
		COALESCE(k.sex, ''), COALESCE(k.birth_date, ''), COALESCE(k.id_column, ''), COALESCE(k.line, ''), k.entry_id IS NOT NULL
		FROM entries e JOIN players p ON p.id = e.player_id LEFT JOIN trf_players k ON k.entry_id = e.id
		WHERE e.tournament_id = ? AND e.pairing_number IS NOT NULL`, t.ID)
	if err != nil {
		return err
	}
	byNum := map[int]keptPlayer{}
	for rows.Next() {
		var n int
		var k keptPlayer
		if err := rows.Scan(&n, &k.fid, &k.fmjd, &k.national, &k.year, &k.sex, &k.birth, &k.idCol, &k.line, &k.imported); err != nil {
			rows.Close()
			return err
		}
		byNum[n] = k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	played := tr.PlayedRounds()
	for i := range tr.Players {
		byNum[tr.Players[i].Number].apply(&tr.Players[i], t.Variant, played)
	}
	tr.keepFileRanks()
	records, err := tx.keptRecordLines(t)
	if err != nil {
		return err
	}
	if err := tr.applyKeptRecords(t, records); err != nil {
		return err
	}
	tr.keepXXZForm(played)
	if err := tx.addStoredForbidden(t, tr); err != nil {
		return err
	}
	acc, err := tx.acceleration(t)
	if err != nil {
		return err
	}
	if acc == AccelerationBaku {
		if !strings.HasSuffix(tr.TypeCode, "_BAKU") {
			tr.TypeCode = "FIDE_DUTCH_2025_BAKU"
		}
		if err := tx.addBakuRecords(t, tr); err != nil {
			return err
		}
	}
	return tx.addRoundDates(t, tr)
}

// addBakuRecords writes the Baku acceleration of t (C.04.7) into tr as 250 records
// (TRF.BakuRecords): group A is every player whose pairing number is at most the last
// group-A player's (bakuLastA: fixed by round 1's field, late entries accommodated), so
// that a reader of the file, bbpPairings included, applies arbitro's group A instead of
// computing its own from record 192 (bbpPairings: ⌈n/2⌉ of every player in the file).
func (tx *Tx) addBakuRecords(t *Tournament, tr *TRF) error {
	last, err := tx.bakuLastA(t)
	if err != nil {
		return err
	}
	tr.Acceleration = append(tr.Acceleration, tr.BakuRecords(tr.ranksUpTo(last))...)
	return nil
}

// addRoundDates writes the play dates of t's rounds (rounds.play_date, `arbitro round
// schedule`; an import takes them from record 132) into record 132 of tr, over the kept
// record: a round keeps the file's spelling while its date is the same.
func (tx *Tx) addRoundDates(t *Tournament, tr *TRF) error {
	rows, err := tx.query(`SELECT number, play_date FROM rounds WHERE tournament_id = ? AND play_date != '' ORDER BY number`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r int
		var d string
		if err := rows.Scan(&r, &d); err != nil {
			return err
		}
		tr.SetRoundDate(r, d)
	}
	return rows.Err()
}

// keptPlayer is what the store holds of a player for a TRF export: his federation ids
// and birth year, and the fields of an imported 001 line (trf_players).
type keptPlayer struct {
	fid, fmjd, national, sex, birth, idCol, line string
	year                                         int
	imported                                     bool
}

// apply writes k into p, a player line built from the crosstable: the imported fields in
// the file's spelling (fileSpelling), or else the federation id of the variant (the FMJD
// id in international draughts, the FID id in Italian, then any, then the national id) in
// the id column and the birth year. played is the number of rounds paired.
func (k keptPlayer) apply(p *TRFPlayer, variant *rules.Variant, played int) {
	p.Sex, p.BirthDate, p.FideID = k.sex, k.birth, k.idCol
	if k.line != "" {
		fileSpelling(p, k.line, played)
	}
	if k.imported {
		return
	}
	switch {
	case variant == VariantInternational && k.fmjd != "":
		p.FideID = k.fmjd
	case variant == VariantItalian && k.fid != "":
		p.FideID = k.fid
	case k.fmjd != "":
		p.FideID = k.fmjd
	case k.fid != "":
		p.FideID = k.fid
	default:
		p.FideID = k.national
	}
	if k.year > 0 {
		p.BirthDate = strconv.Itoa(k.year)
	}
}

// keepFileRanks gives every player the rank of his imported line (blank if it had none)
// when no player's rounds differ from the file's: an imported tournament neither continued
// nor corrected keeps the ranks of the event, which came from its own tie-breaks. Otherwise
// the ranks stay those of arbitro's standings.
func (tr *TRF) keepFileRanks() {
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
func (tr *TRF) keepXXZForm(played int) {
	var absent []int
	for _, n := range tr.Absent {
		i := slices.IndexFunc(tr.Players, func(p TRFPlayer) bool { return p.Number == n })
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

// keptRecordLines are the trf_records lines of t, in file order.
func (tx *Tx) keptRecordLines(t *Tournament) ([]string, error) {
	rows, err := tx.query(`SELECT line FROM trf_records WHERE tournament_id = ? ORDER BY seq`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var records []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, err
		}
		records = append(records, l)
	}
	return records, rows.Err()
}

// keptTRF reads back the trf_records lines of t whose codes are among codes, with the
// point system the file gave (162, BB?, XXS), into a TRF that has no players: the records
// of an imported file that arbitro uses after the import (250 and XXA when pairing, 299
// in the standings). Errors: ErrInvalid when a kept line does not read back.
func (tx *Tx) keptTRF(t *Tournament, codes ...string) (*TRF, error) {
	lines, err := tx.keptRecordLines(t)
	if err != nil {
		return nil, err
	}
	tr := &TRF{Points: DefaultTRFPoints, Unknown: -1}
	want := append([]string{"162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "BBX"}, codes...)
	byeGiven := false
	for k, l := range lines {
		if !slices.Contains(want, l[:min(3, len(l))]) {
			continue
		}
		if err := tr.parseLine(l, k+1, &byeGiven); err != nil {
			return nil, fmt.Errorf("%w: a kept TRF record does not read back: %w", ErrInvalid, err)
		}
	}
	return tr, nil
}

// applyKeptRecords reads the kept records of an imported file into tr, built from
// tournament t: the file's own header values replace those built from the store; the
// rounds and colour records give their form only (the values are t's), and a file without
// a colour record gets none while the lot's colour is the one its rounds imply (TRF-2026
// 152: given only when it differs); a kept date stands while t's date is the imported one.
func (tr *TRF) applyKeptRecords(t *Tournament, records []string) error {
	if len(records) == 0 {
		return nil
	}
	tr.NumPlayers, tr.NumRated, tr.Type = "", "", ""
	tr.TypeCode, tr.Controller, tr.TieBreaks, tr.StandingsTieBreaks, tr.TimeControlCode = "", "", "", "", "" // the file's, or none
	start, end, rounds, colour := tr.StartDate, tr.EndDate, tr.TotalRounds, tr.InitialColour
	tr.InitialColour = pairing.NoColour
	bye := false
	for k, l := range records {
		if err := tr.parseLine(l, k+1, &bye); err != nil {
			return fmt.Errorf("%w: a kept TRF record does not read back: %w", ErrInvalid, err)
		}
	}
	tr.TotalRounds = rounds
	if tr.InitialColour != pairing.NoColour || colour != tr.InferredInitialColour() {
		tr.InitialColour = colour
	}
	if d, _ := ParseDate(strings.ReplaceAll(tr.StartDate, "/", "-")); d != t.Start {
		tr.StartDate = start
	}
	if d, _ := ParseDate(strings.ReplaceAll(tr.EndDate, "/", "-")); d != t.End {
		tr.EndDate = end
	}
	return nil
}

// addStoredForbidden writes t's stored prohibited pairs into tr as 260 records (one per
// pair; a pair without a last round lasts to the last round), or, while they are the
// pairs of the 260/XXP records an import kept (tr.Forbidden as applyKeptRecords read
// them), those records in the file's form.
func (tx *Tx) addStoredForbidden(t *Tournament, tr *TRF) error {
	kept := forbiddenSet(tr.Forbidden)
	stored := map[[4]int]bool{}
	var recs []TRFForbidden
	rows, err := tx.query(`SELECT ea.pairing_number, eb.pairing_number, f.first_round, f.last_round FROM forbidden_pairs f
		JOIN entries ea ON ea.id = f.entry_a JOIN entries eb ON eb.id = f.entry_b
		WHERE f.tournament_id = ? ORDER BY ea.pairing_number, eb.pairing_number`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a, b, first, last int
		if err := rows.Scan(&a, &b, &first, &last); err != nil {
			return err
		}
		stored[[4]int{min(a, b), max(a, b), first, last}] = true
		if last == 0 {
			last = max(t.Rounds, first)
		}
		recs = append(recs, TRFForbidden{FirstRound: first, LastRound: last, Players: []int{min(a, b), max(a, b)}})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(tr.Forbidden) == 0 || !maps.Equal(kept, stored) {
		tr.Forbidden = recs
	}
	return nil
}

// forbiddenSet is the set of prohibited pairs fs give, {lower, higher, first round, last
// round (0: no end, an XXP line)}, as forbidden_pairs stores them.
func forbiddenSet(fs []TRFForbidden) map[[4]int]bool {
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
type TRFImportOptions struct {
	Name    string         // tournament name; "" = the TRF's 012 line
	Variant *rules.Variant // rules.Italian or rules.International (required: a TRF does not say)
	System  string         // "" = SystemDutch
	Seed    int64          // 0 = NewSeed(); then moved to the first seed whose lot colour is XXC
	Source  string         // file name for the event log
	// IDColumn says whose id the TRF id column (58-68) holds: TRFIDNational (the default:
	// e.g. a FIDE chess id), TRFIDFMJD or TRFIDFID (a draughts file, such as arbitro
	// writes for international or Italian draughts). An id of zeros is no id.
	IDColumn string
}

// The kinds of id a TRF id column may hold (TRFImportOptions.IDColumn).
const (
	TRFIDNational = "national"
	TRFIDFMJD     = "fmjd"
	TRFIDFID      = "fid"
)

// trfTournament builds the tournament an import of tr with opts creates (name, variant,
// system, rounds, dates, points, place, federation, arbiter, seed moved to match XXC)
// without touching any database.
func trfTournament(tr *TRF, opts TRFImportOptions) Tournament {
	played := tr.PlayedRounds()
	t := Tournament{Name: opts.Name, Variant: opts.Variant, System: opts.System, Seed: opts.Seed,
		Rounds: max(tr.TotalRounds, played, 1), Scoring: "2-1-0", GamesPerPairing: 1, ForfeitPoints: 2,
		Place: tr.City, Federation: tr.Federation, Arbiter: tr.ChiefArbiter, TimeControl: tr.TimeControl}
	if t.Name == "" {
		t.Name = tr.Name
	}
	if t.System == "" {
		t.System = SystemDutch
	}
	t.ByePoints = tr.ByeGamePoints()
	for _, d := range []struct {
		in  string
		out *string
	}{{tr.StartDate, &t.Start}, {tr.EndDate, &t.End}} {
		if v, err := ParseDate(strings.ReplaceAll(d.in, "/", "-")); err == nil {
			*d.out = v
		}
	}
	if t.Seed == 0 {
		t.Seed = NewSeed()
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
func CheckTRFImport(tr *TRF, opts TRFImportOptions) error {
	t := trfTournament(tr, opts)
	if err := checkTRFNames(tr); err != nil {
		return err
	}
	if err := checkTRFIDColumn(opts.IDColumn); err != nil {
		return err
	}
	return t.Validate()
}

// checkTRFIDColumn checks TRFImportOptions.IDColumn; errors wrap ErrInvalid.
func checkTRFIDColumn(c string) error {
	switch c {
	case "", TRFIDNational, TRFIDFMJD, TRFIDFID:
		return nil
	}
	return fmt.Errorf("%w: id column %q (use national, fmjd or fid)", ErrInvalid, c)
}

// ImportTRF creates a tournament from a parsed TRF in the current transaction: the
// tournament (rounds = XXR, or the rounds played; bye points from the point system), one
// player and entry per 001 line with its starting rank as pairing number (the lot counts
// as drawn), the rounds played (method RoundMethodTRF), their boards and results (played,
// forfeit, bye; pending games without a result), and the H/F/Z byes as absences (also the
// announced ones of the next round). The id column goes to the player's id of
// opts.IDColumn (national by default; FMJD or FID for a draughts file), and the whole line to
// trf_players for export.
// When the TRF has XXC, the stored seed is chosen so that pairing.LotColour(seed) is that
// colour, so the Dutch engine continues the event with the same initial colour. Logs
// "trf.import". Errors: CreateTournament's and AddPlayer's (ErrInvalid,
// ErrDuplicateTournament, ErrDuplicatePlayer) or the database's; the caller's
// Store.Update rolls everything back.
func (tx *Tx) ImportTRF(tr *TRF, opts TRFImportOptions) (*Tournament, error) {
	played := tr.PlayedRounds()
	t := trfTournament(tr, opts)
	if err := checkTRFIDColumn(opts.IDColumn); err != nil {
		return nil, err
	}
	if err := tx.CreateTournament(&t); err != nil {
		return nil, err
	}
	now := tx.nowText()
	if _, err := tx.exec(`UPDATE tournaments SET lot_drawn_at = ? WHERE id = ?`, now, t.ID); err != nil {
		return nil, err
	}
	t.LotDrawnAt = now
	ids, err := tx.importTRFPlayers(&t, tr, opts.IDColumn)
	if err != nil {
		return nil, err
	}
	if err := tx.keepTRFRecords(&t, tr, ids); err != nil {
		return nil, err
	}
	for r := 1; r <= played; r++ {
		if err := tx.importTRFRound(&t, tr, r, ids, "imported from TRF "+opts.Source); err != nil {
			return nil, err
		}
	}
	if err := tx.importTRFAbsences(&t, tr, ids); err != nil {
		return nil, err
	}
	if err := tx.logEvent(t.ID, "trf.import", nil, map[string]any{"source": opts.Source, "players": len(tr.Players), "rounds": played}); err != nil {
		return nil, err
	}
	t.Players = len(tr.Players)
	t.RoundsPaired = played
	return &t, nil
}

// importTRFPlayers adds one player and entry per 001 line of tr to t, with the starting
// rank as pairing number, and keeps the line (trf_players). It returns the entry id of
// each starting rank.
func (tx *Tx) importTRFPlayers(t *Tournament, tr *TRF, idColumn string) (map[int]int64, error) {
	ids := map[int]int64{}
	existing := []Entry{}
	dups := newDupIndex(existing)
	for _, p := range tr.Players {
		pl := Player{Name: p.Name, Federation: p.Federation, Rating: p.Rating, Title: p.Title}
		if id := p.FideID; strings.Trim(id, "0") != "" {
			switch idColumn {
			case TRFIDFMJD:
				pl.FMJDID = id
			case TRFIDFID:
				pl.FIDID = id
			default:
				pl.NationalID = id
			}
		}
		if len(p.BirthDate) >= 4 {
			if y, err := strconv.Atoi(p.BirthDate[:4]); err == nil && y >= 1900 && y <= 2100 {
				pl.BirthYear = y
			}
		}
		e, err := tx.addPlayer(t, pl, dups, existing)
		if err != nil {
			return nil, fmt.Errorf("TRF line %d: %w", p.Line, err)
		}
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, p.Number, e.ID); err != nil {
			return nil, err
		}
		e.Number = p.Number
		existing = append(existing, *e)
		ids[p.Number] = e.ID
		// the fields arbitro does not model otherwise, and the line, kept for export
		if _, err := tx.exec(`INSERT INTO trf_players (entry_id, sex, birth_date, id_column, line) VALUES (?, ?, ?, ?, ?)`,
			e.ID, p.Sex, p.BirthDate, p.FideID, p.Raw); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// importTRFRound stores round r of tr: the round (method RoundMethodTRF; its play date
// from record 132), its boards
// (TRF.RoundPairs) and their results in game points (played, forfeit, bye; a pending
// game gets none).
func (tx *Tx) importTRFRound(t *Tournament, tr *TRF, r int, ids map[int]int64, explanation string) error {
	now := tx.nowText()
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at, play_date)
		VALUES (?, ?, ?, 0, ?, ?, ?, ?)`, t.ID, r, RoundMethodTRF, explanation, now, now, tr.RoundDate(r))
	if err != nil {
		return err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	byNum := map[int]*TRFPlayer{}
	for i := range tr.Players {
		byNum[tr.Players[i].Number] = &tr.Players[i]
	}
	for _, pr := range tr.RoundPairs(r) {
		var black any
		if !pr.IsBye() {
			black = ids[pr.Black]
		}
		res, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`,
			roundID, pr.Board, ids[pr.White], black)
		if err != nil {
			return err
		}
		boardID, err := res.LastInsertId()
		if err != nil {
			return err
		}
		code := byNum[pr.White].Rounds[r-1].Result
		kind, wp, bp := "", gamePoints(code), 0
		switch code {
		case '1', '0', '=', 'W', 'D', 'L':
			kind, bp = "played", 2-wp
		case '+', '-':
			kind = "forfeit"
			if !pr.IsBye() {
				bp = gamePoints(byNum[pr.Black].Rounds[r-1].Result)
			}
		case 'U':
			kind, wp = "bye", t.ByePoints
		}
		if kind == "" {
			continue // pending
		}
		if _, err := tx.exec(`INSERT INTO results (board_id, kind, white_points, black_points, entered_at, entered_by)
			VALUES (?, ?, ?, ?, ?, ?)`, boardID, kind, wp, bp, now, tx.actor); err != nil {
			return err
		}
	}
	return nil
}

// importTRFAbsences stores the absences of tr up to the round to be paired: the blocks
// without an opponent that hold H, F or Z, or + or - (a bye won or lost by forfeit, as
// Swiss-Manager and lichess write them), each with its points; the XXZ players, absent
// without points from the round to be paired; and the 240 byes (F, H, Z) of that round.
func (tx *Tx) importTRFAbsences(t *Tournament, tr *TRF, ids map[int]int64) error {
	played := tr.PlayedRounds()
	add := func(num, round, points int, reason string) error {
		_, err := tx.exec(`INSERT OR IGNORE INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, ?, ?)`,
			t.ID, ids[num], round, points, reason)
		return err
	}
	for _, p := range tr.Players {
		for r, rd := range p.Rounds {
			if r+1 > played+1 || rd.Opponent != 0 || !strings.ContainsRune("HFZ+-", rune(rd.Result)) {
				continue
			}
			if err := add(p.Number, r+1, gamePoints(rd.Result), "TRF bye "+string(rd.Result)); err != nil {
				return err
			}
		}
	}
	for _, num := range tr.Absent {
		if ids[num] == 0 {
			return fmt.Errorf("%w: XXZ names player %d, who has no 001 line", ErrInvalid, num)
		}
		if err := add(num, played+1, 0, "TRF XXZ"); err != nil {
			return err
		}
	}
	for _, b := range tr.Byes { // 240 byes of the round to be paired
		for _, num := range b.Players {
			if b.Round != played+1 {
				continue
			}
			if ids[num] == 0 {
				return fmt.Errorf("%w: a 240 record names player %d, who has no 001 line", ErrInvalid, num)
			}
			if err := add(num, b.Round, gamePoints(b.Type), "TRF 240 "+string(b.Type)); err != nil {
				return err
			}
		}
	}
	return nil
}

// fileSpelling puts back into p, a player line built from the store, the file's own
// values of the player's imported 001 line (raw) wherever they mean what the store holds:
// the name, title and federation as the file spelled them (the store tidies spaces and
// case), and each round block whose opponent, kind (game, forfeit, pairing-allocated bye,
// absence), points and, for a game, colour agree (the file's W/D/L, a forfeit's
// scheduled colour, a "         -" absence, ...). p.Raw is set to raw, so that WriteTRF
// keeps the file's columns too. played is the number of rounds paired.
func fileSpelling(p *TRFPlayer, raw string, played int) {
	q, err := parsePlayerLine(raw, 0)
	if err != nil {
		return
	}
	p.Raw = raw
	tidy := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if NormalizeName(q.Name) == p.Name {
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
	for n > len(q.Rounds) && n <= played && sameTRFRound(TRFRound{Colour: ' ', Result: ' '}, p.Rounds[n-1]) {
		n--
	}
	p.Rounds = p.Rounds[:n]
}

// trfRoundKind classifies a round block: 'g' a game (played, or paired without a result),
// 'f' a forfeit between two players, 'u' the pairing-allocated bye, 'a' an absence (H F Z,
// and + or - without an opponent), ' ' nothing.
func trfRoundKind(rd TRFRound) byte {
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
func sameTRFRound(a, b TRFRound) bool {
	k := trfRoundKind(a)
	if k == ' ' && trfRoundKind(b) == 'a' && gamePoints(b.Result) == 0 {
		return true // a blank block: not paired, no points
	}
	if k != trfRoundKind(b) || a.Opponent != b.Opponent || gamePoints(a.Result) != gamePoints(b.Result) {
		return false
	}
	return k != 'g' || (a.Colour == b.Colour && (a.Result == ' ') == (b.Result == ' '))
}
