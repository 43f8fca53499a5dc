// Store integration of the pairing engines (lot, pair, unpair, pairings).

package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// Sentinel errors of the lot and of pairing rounds (wrap with %w, test with errors.Is).
var (
	// ErrLotNotDrawn: a round cannot be paired before the pairing numbers are drawn
	// (arbitro lot).
	ErrLotNotDrawn = errors.New("the lot has not been drawn")
	// ErrResultsMissing: a paired round still has boards without a final result; the next
	// round is paired only with PairOptions.Force.
	ErrResultsMissing = errors.New("results missing")
	// ErrAllRoundsPaired: every round the tournament plans (tournaments.rounds) is paired.
	ErrAllRoundsPaired = errors.New("every planned round is paired")
	// ErrRoundHasResults: the last round has results (other than the automatic byes) or game
	// scores or claims, so it cannot be unpaired.
	ErrRoundHasResults = errors.New("the round has results")
	// ErrNoPairing is pairing.ErrNoPairing: no pairing of the round respects the system's
	// absolute rules (the CLI exits with code 4).
	ErrNoPairing = pairing.ErrNoPairing
)

// LotNumber is one pairing number drawn by the lot.
type LotNumber struct {
	Entry  int64  `json:"entry"`
	Number int    `json:"pairing_number"`
	Name   string `json:"name"`
}

// LotResult is the outcome of DrawLot.
type LotResult struct {
	Seed    int64  `json:"seed"`     // the seed used (stored in tournaments.lot_seed)
	DrawnAt string `json:"drawn_at"` // RFC 3339 UTC
	Redraw  bool   `json:"redraw"`   // a previous draw (before round 1) was replaced
	// Method is "lot" (numbers drawn from the seed) or "rating" (Dutch: numbers by the
	// initial ranking, C.04.2 Art. 2; the seed draws the initial colour only).
	Method string `json:"method"`
	// InitialColour (Dutch): the colour of number 1 in round 1, drawn from the seed
	// (pairing.LotColour).
	InitialColour string      `json:"initial_colour,omitempty"`
	Numbers       []LotNumber `json:"numbers"` // by pairing number
	// Warnings: advice the arbiter should see, e.g. an Italo-Swiss planning more or fewer
	// rounds than FID Capo V Art. 1 advises for its number of players (never a refusal).
	Warnings []string `json:"warnings,omitempty"`
	// Clubs (round robin with club separation): the rounds in which each club's players
	// meet after the restricted lot (pairing.LotSeparated).
	Clubs []pairing.ClubMeeting `json:"clubs,omitempty"`
}

// DrawLot draws the pairing numbers (numeri di sorteggio, FID Capo V Art. 2) of every entry
// of t with pairing.Lot from the tournament's stored seed, or from *seed when seed is not
// nil (then stored in its place), writes them, sets tournaments.lot_drawn_at and logs
// "lot.draw" with the previous and the new numbers. Anybody can re-run the draw from the
// seed (see pairing.Lot for the algorithm).
//
// For the Dutch system the pairing numbers are not drawn: they are the initial ranking
// (FIDE C.04.2 Art. 2: rating, highest first; then, as arbitro's simplification, the name,
// case-insensitive, and the entry id — FIDE titles are not used), and the seed draws only
// round 1's initial colour (pairing.LotColour, C.04.3 Art. 5.1, 5.2.5).
//
// The lot may be drawn again while no round is paired (e.g. after a late registration);
// once round 1 is paired it is refused with ErrLocked, and players added later get the next
// numbers (AddPlayer, docs/pairing-fid.md 2.8). Errors: ErrLocked; ErrInvalid for no players or
// a seed of 0 or above 2^63-1 (the column is a signed 64-bit integer).
func (tx *Tx) DrawLot(t *Tournament, seed *uint64) (*LotResult, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if cur.RoundsPaired > 0 {
		return nil, lotLocked(cur)
	}
	s, err := lotSeed(cur, seed)
	if err != nil {
		return nil, err
	}
	entries, err := tx.Entries(cur.ID)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%w: %s has no players yet; add them first (arbitro player add, arbitro player import)", ErrInvalid, cur.Name)
	}
	var before []LotNumber
	for _, e := range entries {
		if e.Number != 0 {
			before = append(before, LotNumber{Entry: e.ID, Number: e.Number, Name: e.Player.Name})
		}
	}
	nums, clubs, err := drawNumbers(cur, s, entries)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE tournament_id = ?`, cur.ID); err != nil {
		return nil, err
	}
	res := newLotResult(cur, s, clubs, len(entries))
	res.DrawnAt = tx.nowText()
	for _, e := range entries {
		n := nums[int(e.ID)]
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, n, e.ID); err != nil {
			return nil, err
		}
		res.Numbers = append(res.Numbers, LotNumber{Entry: e.ID, Number: n, Name: e.Player.Name})
	}
	sort.Slice(res.Numbers, func(i, j int) bool { return res.Numbers[i].Number < res.Numbers[j].Number })
	if _, err := tx.exec(`UPDATE tournaments SET lot_seed = ?, lot_drawn_at = ? WHERE id = ?`, s, res.DrawnAt, cur.ID); err != nil {
		return nil, err
	}
	var beforeEv any
	if cur.LotDrawnAt != "" || len(before) > 0 {
		beforeEv = map[string]any{"seed": cur.Seed, "drawn_at": cur.LotDrawnAt, "numbers": before}
	}
	if err := tx.logEvent(cur.ID, "lot.draw", beforeEv, res); err != nil {
		return nil, err
	}
	return res, nil
}

// lotLocked is DrawLot's error once a round of cur is paired (ErrLocked): when the lot was
// drawn, or that the numbers came with an imported event.
func lotLocked(cur *Tournament) error {
	drawn := "the lot of " + cur.Name + " was drawn on " + cur.LotDrawnAt
	if cur.LotDrawnAt == "" { // an imported event: its numbers came with the file
		drawn = "the pairing numbers of " + cur.Name + " came with the imported event"
	}
	return fmt.Errorf("%w: %s and round %d is paired; pairing numbers cannot change now (players added later get the next numbers automatically)",
		ErrLocked, drawn, cur.RoundsPaired)
}

// newLotResult is the LotResult of a lot of cur with seed s among the given number of
// players, without numbers or time: its method ("lot", "lot, clubs separated", or
// "rating" with round 1's initial colour for the Dutch system) and, for an Italo-Swiss,
// a warning when the planned rounds are outside FID's advice (Capo V Art. 1).
func newLotResult(cur *Tournament, s int64, clubs []pairing.ClubMeeting, players int) *LotResult {
	res := &LotResult{Seed: s, Redraw: cur.LotDrawnAt != "", Method: "lot", Clubs: clubs}
	if clubs != nil {
		res.Method = "lot, clubs separated"
	}
	if cur.System == SystemDutch {
		res.Method = "rating"
		res.InitialColour = pairing.LotColour(uint64(s)).String()
	}
	if cur.System == SystemItaloSwiss {
		if lo, hi := pairing.ItaloRoundsAdvised(players); cur.Rounds < lo || cur.Rounds > hi {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%d rounds planned for %d players: FID (Capo V Art. 1) advises %d to %d for an Italo-Swiss; allowed, but check the tournament's rules ('arbitro tournament set rounds N' before round 1)",
				cur.Rounds, players, lo, hi))
		}
	}
	return res
}

// lotSeed is the seed of the lot: *seed when given (1..2^63-1, else ErrMalformed), else
// the stored seed, else a new one (NewSeed).
func lotSeed(cur *Tournament, seed *uint64) (int64, error) {
	s := cur.Seed
	if seed != nil {
		if *seed == 0 || *seed > math.MaxInt64 {
			return 0, fmt.Errorf("%w: seed %d (use a whole number from 1 to %d)", ErrMalformed, *seed, int64(math.MaxInt64))
		}
		s = int64(*seed)
	}
	if s <= 0 {
		s = NewSeed()
	}
	return s, nil
}

// drawNumbers gives every entry its pairing number (entry id → number) with seed s: by
// rating for the Dutch system (ratingOrder), by pairing.LotSeparated for a round robin that
// separates clubs (with the club meetings it arranged), else by pairing.Lot.
func drawNumbers(cur *Tournament, s int64, entries []Entry) (map[int]int, []pairing.ClubMeeting, error) {
	ids := make([]int, len(entries))
	for i, e := range entries {
		ids[i] = int(e.ID)
	}
	switch {
	case cur.System == SystemDutch:
		return ratingOrder(entries), nil, nil
	case cur.System == SystemRoundRobin && cur.ClubSeparation == "club": // issue 13
		nums, clubs, err := pairing.LotSeparated(uint64(s), ids, entryClubs(entries))
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %w", ErrInvalid, err)
		}
		return nums, clubs, nil
	}
	nums, err := pairing.Lot(uint64(s), ids)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nums, nil, nil
}

// ratingOrder numbers entries by rating (highest first), then name, then entry id.
func ratingOrder(entries []Entry) map[int]int {
	es := append([]Entry(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Rating != b.Rating {
			return a.Rating > b.Rating
		}
		if ka, kb := key(a.Player.Name), key(b.Player.Name); ka != kb {
			return ka < kb
		}
		return a.ID < b.ID
	})
	m := make(map[int]int, len(es))
	for i, e := range es {
		m[int(e.ID)] = i + 1
	}
	return m
}

// snapshot builds the pairing engines' view of tournament t before round `round`
// (1-based): one pairing.Entrant per entry, in pairing-number order, with
//
//   - ID = entries.id, Number = pairing number, Rating = entries.rating, Name;
//   - History: one pairing.Round for every round 1..round-1, from LoadCrosstable's slots
//     (so absences and a late entrant's start points count as they do in the standings):
//     played → Played with the colour; bye → Bye; forfeits → ForfeitWin/ForfeitLoss with
//     the opponent and no colour; "unplayed" → ForfeitLoss with the opponent (the pairing
//     was made); a board without a final result → Played with the colour and 0 points; no
//     slot → Absent. With two games per pairing the round's points are summed and game 1
//     gives the colour. Float comes from boards.white_float / black_float of game 1 for a
//     played game or the bye; for a forfeit it is left NoFloat, so that pairing.Dutch
//     derives it from the unplayed round as it does for a TRF (no stored floats);
//   - Score = the sum of the History points (game points, 2-1-0);
//   - Available = false when the entry withdrew before the round (withdrawn_after < round),
//     joins later (joined_round > round) or has an absence recorded for the round.
//
// Errors: ErrLotNotDrawn when an entry has no pairing number; LoadCrosstable's errors.
func (tx *Tx) snapshot(t *Tournament, round int) ([]pairing.Entrant, error) {
	if round < 1 {
		return nil, fmt.Errorf("%w: round %d", ErrInvalid, round)
	}
	entries, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	slots := map[int][]CrossResult{}
	adjs := map[int][]ScoreAdjustment{}
	for _, p := range ct.Players {
		slots[p.ID], adjs[p.ID] = p.Results, p.Adjustments
	}
	bf, err := tx.boardFloats(t, round)
	if err != nil {
		return nil, err
	}
	out := make([]pairing.Entrant, 0, len(entries))
	for _, e := range entries {
		if e.Number == 0 {
			return nil, fmt.Errorf("%w: %s has no pairing number (draw the lot: arbitro lot)", ErrLotNotDrawn, e.Player.Name)
		}
		en := entrantOf(e, slots[int(e.ID)], bf, round)
		en.Score += historyAdjustment(adjs[en.ID], en.History, round) // TRF 299 abnormal points
		out = append(out, en)
	}
	return out, nil
}

// roundEntry is one entry in one round.
type roundEntry struct{ round, entry int }

// storedFloats are the floats and kinds of rest stored with game 1 of the boards of the
// rounds before a round (boards.white_float, black_float, rest).
type storedFloats struct {
	floats map[roundEntry]pairing.Float
	rests  map[roundEntry]pairing.RestKind
}

// boardFloats reads the storedFloats of the rounds of t before round.
func (tx *Tx) boardFloats(t *Tournament, round int) (storedFloats, error) {
	bf := storedFloats{floats: map[roundEntry]pairing.Float{}, rests: map[roundEntry]pairing.RestKind{}}
	rows, err := tx.query(`SELECT r.number, b.white_entry, coalesce(b.black_entry, 0), b.white_float, b.black_float, b.rest
		FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number < ? AND b.game = 1`, t.ID, round)
	if err != nil {
		return bf, err
	}
	defer rows.Close()
	for rows.Next() {
		var rn, w, b int
		var wf, bfl, rest string
		if err := rows.Scan(&rn, &w, &b, &wf, &bfl, &rest); err != nil {
			return bf, err
		}
		bf.floats[roundEntry{rn, w}] = parseFloat(wf)
		if b == 0 {
			bf.rests[roundEntry{rn, w}] = pairing.RestKind(rest)
		} else {
			bf.floats[roundEntry{rn, b}] = parseFloat(bfl)
		}
	}
	return bf, rows.Close()
}

// entrantOf is entry e as the pairing engines see it before round: available or not, and
// its history of rounds 1..round-1 from its crosstable slots and the stored floats (see
// snapshot).
func entrantOf(e Entry, slots []CrossResult, bf storedFloats, round int) pairing.Entrant {
	id := int(e.ID)
	en := pairing.Entrant{ID: id, Number: e.Number, Rating: e.Rating, Name: e.Player.Name, Available: true}
	if e.Status == StatusWithdrawn && e.WithdrawnAfter < round {
		en.Available, en.Withdrawn = false, true
	}
	if e.JoinedRound > round {
		en.Available = false
	}
	byRound := map[int][]CrossResult{}
	for _, s := range slots {
		if s.Round == round && s.Kind == CrossAbsent {
			en.Available = false
		}
		if s.Round < round {
			byRound[s.Round] = append(byRound[s.Round], s)
		}
	}
	for r := 1; r < round; r++ {
		hr := historyRound(r, byRound[r], bf.rests[roundEntry{r, id}])
		// The float stored when the board was paired describes a game to be played;
		// once the game was not played (a forfeit) the engine's rule for unplayed
		// rounds decides, as it does for a TRF, which has no stored floats.
		if hr.Kind == pairing.Played || hr.Kind == pairing.Bye {
			hr.Float = bf.floats[roundEntry{r, id}]
		}
		en.Score += hr.Points
		en.History = append(en.History, hr)
	}
	return en
}

// historyRound is round r of an entrant from its crosstable slots ss of that round (one,
// or two with two games per pairing: the points summed, game 1 gives the kind and colour);
// rest is the stored kind of rest of a bye.
func historyRound(r int, ss []CrossResult, rest pairing.RestKind) pairing.Round {
	hr := pairing.Round{Number: r, Kind: pairing.Absent}
	sort.Slice(ss, func(i, j int) bool { return ss[i].Game < ss[j].Game })
	for k, s := range ss {
		hr.Points += s.Points
		if k > 0 {
			continue
		}
		switch s.Kind {
		case CrossPlayed, CrossPending:
			hr.Kind, hr.Opponent, hr.Colour = pairing.Played, s.Opponent, s.Colour
		case CrossBye:
			hr.Kind, hr.Rest = pairing.Bye, rest
		case CrossForfeitWin:
			hr.Kind, hr.Opponent = pairing.ForfeitWin, s.Opponent
		case CrossForfeitLoss, CrossUnplayed:
			hr.Kind, hr.Opponent = pairing.ForfeitLoss, s.Opponent
		case CrossAbsent:
			hr.Kind = pairing.Absent
		}
	}
	return hr
}

func parseFloat(s string) pairing.Float {
	switch s {
	case "down":
		return pairing.Down
	case "up":
		return pairing.Up
	}
	return pairing.NoFloat
}

func floatText(f pairing.Float) string {
	switch f {
	case pairing.Down:
		return "down"
	case pairing.Up:
		return "up"
	}
	return ""
}

// ManualPair is a pair imposed by the arbiter (arbitro pair --set "12-7"), by PAIRING
// NUMBERS, White first; Black 0 gives White the pairing bye ("12-bye").
type ManualPair struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// String writes the pair as typed: "12-7", or "12-bye".
func (m ManualPair) String() string {
	if m.Black == 0 {
		return strconv.Itoa(m.White) + "-bye"
	}
	return strconv.Itoa(m.White) + "-" + strconv.Itoa(m.Black)
}

// ParseManualPair reads "12-7" (pairing numbers, White first; spaces allowed) or "12-bye"
// / "12-0" (12 gets the bye). Errors wrap ErrInvalid.
func ParseManualPair(s string) (ManualPair, error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(s, " ", ""), "-")
	if !ok {
		return ManualPair{}, fmt.Errorf("%w: manual pair %q (write WHITE-BLACK by pairing number, e.g. 12-7, or 12-bye)", ErrMalformed, s)
	}
	w, err := strconv.Atoi(a)
	if err != nil || w < 1 {
		return ManualPair{}, fmt.Errorf("%w: manual pair %q: %q is not a pairing number", ErrMalformed, s, a)
	}
	if strings.EqualFold(b, "bye") || strings.EqualFold(b, "riposo") || b == "0" {
		return ManualPair{White: w}, nil
	}
	bl, err := strconv.Atoi(b)
	if err != nil || bl < 1 {
		return ManualPair{}, fmt.Errorf("%w: manual pair %q: %q is not a pairing number", ErrMalformed, s, b)
	}
	if bl == w {
		return ManualPair{}, fmt.Errorf("%w: manual pair %q pairs a player with himself", ErrMalformed, s)
	}
	return ManualPair{White: w, Black: bl}, nil
}

// PairOptions are the arbiter's choices for PairNext.
type PairOptions struct {
	// Force pairs the next round although earlier rounds have boards without a final
	// result; the missing boards are returned as warnings (and logged).
	Force bool
	// Manual are pairs imposed by the arbiter, by pairing number. Italo-Swiss takes them as
	// ItaloOptions.Fixed; Dutch pairs the other players around them; refused for a round
	// robin (its rounds are fixed by the Berger table).
	Manual []ManualPair
}

// BergerInfo explains a round-robin round: which round of the Berger table it is.
type BergerInfo struct {
	Players    int            `json:"players"`     // n (odd n: the table for n+1, the player against n+1 rests)
	Cycles     int            `json:"cycles"`      // 1 single, 2 double round robin
	Cycle      int            `json:"cycle"`       // 1 or 2 (second cycle: colours reversed)
	TableRound int            `json:"table_round"` // round of the Berger table (FIDE C.05 Annex 1)
	Numbers    []pairing.Pair `json:"numbers"`     // the table's pairs, by pairing number
}

// DutchInfo explains a Dutch round (pairing.DutchResult without the pairs).
type DutchInfo struct {
	InitialColour string                 `json:"initial_colour"` // "white" or "black": drawn by lot from the seed (LotColour)
	Brackets      []pairing.DutchBracket `json:"brackets"`
	Boards        []BoardNote            `json:"boards"` // every board with the scores before the round and the floats
}

// BoardNote is one board of a Dutch round as --explain shows it: entry ids, scores before
// the round in game points, floats ("down", "up" or ""), and whether the arbiter imposed it.
type BoardNote struct {
	Board      int    `json:"board"`
	White      int    `json:"white"`
	Black      int    `json:"black,omitempty"`
	WhiteScore int    `json:"white_score"`
	BlackScore int    `json:"black_score"`
	WhiteFloat string `json:"white_float,omitempty"`
	BlackFloat string `json:"black_float,omitempty"`
	Manual     bool   `json:"manual,omitempty"`
}

// RoundExplanation is the account of how a round was paired, stored as JSON in
// rounds.explanation and printed by `arbitro pair --explain`.
type RoundExplanation struct {
	System   string               `json:"system"`
	Round    int                  `json:"round"`
	Seed     int64                `json:"seed"`
	Start    int                  `json:"start,omitempty"` // Italo-Swiss: start player (entry id)
	Manual   []ManualPair         `json:"manual,omitempty"`
	Forced   bool                 `json:"forced,omitempty"`
	Warnings []string             `json:"warnings,omitempty"`
	Italo    *pairing.ItaloResult `json:"italo,omitempty"`
	Dutch    *DutchInfo           `json:"dutch,omitempty"`
	Berger   *BergerInfo          `json:"berger,omitempty"`
	Opening  *OpeningDraw         `json:"opening,omitempty"` // the opening drawn for the round (FID Capo IV)
}

// PairedRound is a round as PairNext made it.
type PairedRound struct {
	Round       int               `json:"round"`
	Method      string            `json:"method"`
	Seed        int64             `json:"seed"`
	Boards      []*Board          `json:"boards"`
	Pairs       []pairing.Pair    `json:"-"` // the engine's pairs (entry ids), game 1
	Warnings    []string          `json:"warnings,omitempty"`
	Explanation *RoundExplanation `json:"explanation"`
}

// missingResults lists the boards of rounds before `round` without a final result
// (no result row, or adjourned).
func (tx *Tx) missingResults(t *Tournament, round int) ([]string, error) {
	rows, err := tx.query(`SELECT r.number, b.board, b.game, pw.name, coalesce(pb.name, ''), coalesce(res.kind, '')
		FROM boards b JOIN rounds r ON r.id = b.round_id
		JOIN entries ew ON ew.id = b.white_entry JOIN players pw ON pw.id = ew.player_id
		LEFT JOIN entries eb ON eb.id = b.black_entry LEFT JOIN players pb ON pb.id = eb.player_id
		LEFT JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ? AND r.number < ? AND b.black_entry IS NOT NULL AND (res.kind IS NULL OR res.kind = 'adjourned')
		ORDER BY r.number, b.board, b.game`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var rn, bd, g int
		var w, b, kind string
		if err := rows.Scan(&rn, &bd, &g, &w, &b, &kind); err != nil {
			return nil, err
		}
		s := fmt.Sprintf("round %d board %d", rn, bd)
		if g == 2 {
			s += " game 2"
		}
		s += fmt.Sprintf(" (%s - %s)", ShownName(w), ShownName(b))
		if kind == KindAdjourned {
			s += " adjourned"
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// roundRobinCycles returns the number of cycles of a round robin of n players planned
// with `rounds` rounds: 1 when rounds is BergerRounds(n), 2 when twice that (double round
// robin, girone di andata e ritorno); otherwise an error naming the right numbers.
func roundRobinCycles(n, rounds int) (int, error) {
	if n < 2 {
		return 0, fmt.Errorf("%w: a round robin needs at least 2 players (it has %d)", ErrInvalid, n)
	}
	one := pairing.BergerRounds(n)
	switch rounds {
	case one:
		return 1, nil
	case 2 * one:
		return 2, nil
	}
	return 0, fmt.Errorf("%w: a round robin of %d players has %d rounds (%d for a double round robin), but the tournament plans %d; set it with 'arbitro tournament set rounds %d' before round 1",
		ErrInvalid, n, one, 2*one, rounds, one)
}

func countAvailable(es []pairing.Entrant) int {
	n := 0
	for _, e := range es {
		if e.Available {
			n++
		}
	}
	return n
}

// pairErr wraps an engine error for the arbiter.
func pairErr(t *Tournament, round int, err error) error {
	switch {
	case errors.Is(err, pairing.ErrNoPairing):
		return fmt.Errorf("round %d of %s: %w", round, t.Name, err)
	case errors.Is(err, pairing.ErrBadSnapshot):
		return fmt.Errorf("%w: round %d of %s: %w", ErrInvalid, round, t.Name, err)
	}
	return err
}

// bergerRound returns round `round` of the round robin of es; late are the players who
// entered after round 1, which a round robin cannot take.
func bergerRound(t *Tournament, es []pairing.Entrant, round int, late []string) ([]pairing.Pair, *BergerInfo, error) {
	if len(late) > 0 {
		return nil, nil, fmt.Errorf("%w: a round robin cannot take players who entered after round 1 (%s); remove them or use a Swiss system", ErrInvalid, strings.Join(late, ", "))
	}
	n := len(es)
	cycles, err := roundRobinCycles(n, t.Rounds)
	if err != nil {
		return nil, nil, err
	}
	opt := pairing.RoundRobinOptions{Cycles: cycles}
	pairs, err := pairing.RoundRobin(es, round, opt)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: round %d of %s: %w", ErrInvalid, round, t.Name, err)
	}
	one := pairing.BergerRounds(n)
	info := &BergerInfo{Players: n, Cycles: cycles, Cycle: (round-1)/one + 1, TableRound: (round-1)%one + 1}
	num := map[int]int{}
	for _, e := range es {
		num[e.ID] = e.Number
	}
	for _, p := range pairs {
		info.Numbers = append(info.Numbers, pairing.Pair{Board: p.Board, White: num[p.White], Black: num[p.Black]})
	}
	return pairs, info, nil
}

// roundPairs returns game 1 of every board of round `round` as pairing.Pair (entry ids),
// Board = the order the pairs were formed (boards.pair_order, else the board number).
func (tx *Tx) roundPairs(t *Tournament, round int) ([]pairing.Pair, error) {
	rows, err := tx.query(`SELECT b.board, b.pair_order, b.white_entry, coalesce(b.black_entry, 0)
		FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number = ? AND b.game = 1
		ORDER BY b.board`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pairing.Pair
	for rows.Next() {
		var p pairing.Pair
		var order int
		if err := rows.Scan(&p.Board, &order, &p.White, &p.Black); err != nil {
			return nil, err
		}
		if order > 0 {
			p.Board = order
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

type boardSum struct {
	Board int    `json:"board"`
	Game  int    `json:"game"`
	White string `json:"white"`
	Black string `json:"black,omitempty"`
}

func boardSummary(bs []*Board) []boardSum {
	out := make([]boardSum, 0, len(bs))
	for _, b := range bs {
		out = append(out, boardSum{Board: b.Board, Game: b.Game, White: b.White, Black: b.Black})
	}
	return out
}

// RoundInfo is a stored round's header (table rounds).
type RoundInfo struct {
	Number      int               `json:"round"`
	Method      string            `json:"method"`
	Seed        int64             `json:"seed"`
	PairedAt    string            `json:"paired_at"`
	Explanation *RoundExplanation `json:"explanation,omitempty"` // nil when the round was not paired by PairNext (e.g. imported)
	Text        string            `json:"-"`                     // the explanation column as stored
}

// roundInfo returns the header of round `round` of t (ErrNotPaired when it does not exist).
func (tx *Tx) roundInfo(t *Tournament, round int) (*RoundInfo, error) {
	if err := tx.checkRound(t, round); err != nil {
		return nil, err
	}
	ri := &RoundInfo{Number: round}
	if err := tx.queryRow(`SELECT method, seed, explanation, paired_at FROM rounds WHERE tournament_id = ? AND number = ?`, t.ID, round).
		Scan(&ri.Method, &ri.Seed, &ri.Text, &ri.PairedAt); err != nil {
		return nil, err
	}
	if strings.HasPrefix(strings.TrimSpace(ri.Text), "{") {
		var ex RoundExplanation
		if json.Unmarshal([]byte(ri.Text), &ex) == nil {
			ri.Explanation = &ex
		}
	}
	return ri, nil
}

// Unpair removes the last paired round of t (arbiters correct mistakes) with its boards
// and the automatic bye results, and logs "round.unpair" with the boards removed. An
// entry that withdrew after that round was paired is moved back to "withdrawn after the
// round before" (so he is not paired again when the round is re-paired). Announced
// absences for the round are kept.
//
// Errors: ErrNotPaired when no round exists; ErrRoundHasResults when a board of the round
// has a result other than an automatic bye, a game score or a draw claim (the message names
// the boards; correct or remove those first).
func (tx *Tx) Unpair(t *Tournament) (int, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return 0, err
	}
	round := cur.RoundsPaired
	if round == 0 {
		return 0, fmt.Errorf("%w: %s has no paired round to remove", ErrNotPaired, cur.Name)
	}
	boards, err := tx.Boards(cur, round)
	if err != nil {
		return 0, err
	}
	blocked, err := tx.unpairBlockers(boards)
	if err != nil {
		return 0, err
	}
	if len(blocked) > 0 {
		return 0, fmt.Errorf("%w: round %d of %s cannot be unpaired, it has %s", ErrRoundHasResults, round, cur.Name, strings.Join(blocked, "; "))
	}
	moved, err := tx.unwithdraw(cur.ID, round)
	if err != nil {
		return 0, err
	}
	// results and boards go with the round (ON DELETE CASCADE), but be explicit.
	if _, err := tx.exec(`DELETE FROM results WHERE board_id IN (SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number = ?)`, cur.ID, round); err != nil {
		return 0, err
	}
	if _, err := tx.exec(`DELETE FROM boards WHERE round_id IN (SELECT id FROM rounds WHERE tournament_id = ? AND number = ?)`, cur.ID, round); err != nil {
		return 0, err
	}
	if _, err := tx.exec(`DELETE FROM rounds WHERE tournament_id = ? AND number = ?`, cur.ID, round); err != nil {
		return 0, err
	}
	if err := tx.logEvent(cur.ID, "round.unpair", map[string]any{"round": round, "boards": boardSummary(boards)},
		map[string]any{"round": round, "withdrawn_after_moved_back": moved}); err != nil {
		return 0, err
	}
	return round, nil
}

// unpairBlockers lists the boards of a round that keep it from being unpaired: a result
// other than an automatic bye, a game score, a draw claim ("board 3 (A - B): result 2-0").
func (tx *Tx) unpairBlockers(boards []*Board) ([]string, error) {
	var blocked []string
	for _, b := range boards {
		what := ""
		switch {
		case b.Result != nil && !(b.Bye() && b.Result.Kind == KindBye):
			what = "result " + b.Result.String()
		case b.GameID != 0:
			what = "a game score"
		}
		if what == "" {
			var n int
			if err := tx.queryRow(`SELECT count(*) FROM claims WHERE board_id = ?`, b.ID).Scan(&n); err != nil {
				return nil, err
			}
			if n > 0 {
				what = "a draw claim"
			}
		}
		if what != "" {
			s := fmt.Sprintf("board %d (%s - %s): %s", b.Board, b.White, orDash(b.Black), what)
			if b.Game == 2 {
				s = fmt.Sprintf("board %d game 2 (%s - %s): %s", b.Board, b.White, b.Black, what)
			}
			blocked = append(blocked, s)
		}
	}
	return blocked, nil
}

// unwithdraw moves the players of tournament id who withdrew after round `round` or later
// back to "withdrawn after round-1" (the round is being removed) and returns their names,
// sorted.
func (tx *Tx) unwithdraw(id int64, round int) ([]string, error) {
	var moved []string
	rows, err := tx.query(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? AND e.status = 'withdrawn' AND e.withdrawn_after >= ? ORDER BY p.name`, id, round)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		moved = append(moved, ShownName(n))
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if len(moved) > 0 {
		if _, err := tx.exec(`UPDATE entries SET withdrawn_after = ? WHERE tournament_id = ? AND status = 'withdrawn' AND withdrawn_after >= ?`, round-1, id, round); err != nil {
			return nil, err
		}
	}
	return moved, nil
}

// PairingCheck is the outcome of CheckPairing.
type PairingCheck struct {
	Round      int                `json:"round"`
	System     string             `json:"system"`
	Checked    []pairing.Pair     `json:"checked"` // the stored round (entry ids, game 1)
	Engine     []pairing.Pair     `json:"engine"`  // the engine's pairing of the same round
	Diffs      []pairing.PairDiff `json:"diffs"`
	Violations []string           `json:"violations,omitempty"` // Dutch: absolute criteria broken
	Manual     []ManualPair       `json:"manual,omitempty"`     // arbiter's pairs (--set) the round was made with; NOT imposed on the re-pairing
	Names      map[int]string     `json:"names"`                // entry id → name
	Numbers    map[int]int        `json:"numbers"`              // entry id → pairing number
}

// Identical reports whether the stored round is the engine's pairing and breaks nothing.
func (c *PairingCheck) Identical() bool { return len(c.Diffs) == 0 && len(c.Violations) == 0 }

// CheckPairing re-pairs round `round` of t (0: the last paired round) from the state
// before it with the tournament's system and compares the result with the stored round
// (pairing.DiffPairings; for Dutch pairing.CheckDutch, which also lists the absolute
// criteria the stored round breaks). The players available are those on the stored
// round's boards (for a round robin, everybody). The arbiter's manual pairs (--set) are
// NOT imposed on the re-pairing, so a round made with them shows the differences they
// caused; PairingCheck.Manual lists them. It writes nothing. Errors: ErrNotPaired, ErrNoPairing (the engine finds none),
// ErrInvalid, snapshot's errors.
func (tx *Tx) CheckPairing(t *Tournament, round int) (*PairingCheck, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if round == 0 {
		round = cur.RoundsPaired
		if round == 0 {
			return nil, fmt.Errorf("%w: %s has no paired round to check", ErrNotPaired, cur.Name)
		}
	}
	ri, err := tx.roundInfo(cur, round)
	if err != nil {
		return nil, err
	}
	checked, err := tx.roundPairs(cur, round)
	if err != nil {
		return nil, err
	}
	es, err := tx.snapshot(cur, round)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	for _, p := range checked {
		in[p.White], in[p.Black] = true, true
	}
	c := &PairingCheck{Round: round, System: cur.System, Checked: checked, Names: map[int]string{}, Numbers: map[int]int{}}
	byNumber := map[int]int{}
	for i := range es {
		c.Names[es[i].ID], c.Numbers[es[i].ID] = es[i].Name, es[i].Number
		byNumber[es[i].Number] = es[i].ID
		if cur.System != SystemRoundRobin {
			es[i].Available = in[es[i].ID]
		}
	}
	if ri.Explanation != nil {
		c.Manual = ri.Explanation.Manual
	}
	f, err := tx.loadSystemFacts(cur, round)
	if err != nil {
		return nil, err
	}
	if err := checkWithEngine(c, cur, es, f); err != nil {
		return nil, err
	}
	return c, nil
}

// checkWithEngine fills c.Engine, the pairing cur's system gives round c.Round from the
// entrants es and the system's facts f, and c.Diffs, how c.Checked differs from it (for
// the Dutch system pairing.CheckDutch, which also gives c.Violations).
func checkWithEngine(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f systemFacts) error {
	round := c.Round
	var err error
	switch cur.System {
	case SystemRoundRobin:
		c.Engine, _, err = bergerRound(cur, es, round, f.late)
		if err != nil {
			return err
		}
	case SystemItaloSwiss:
		_, res, err := italoPair(cur, es, round, nil, f)
		if err != nil {
			return err
		}
		c.Engine = res.Pairs
	case SystemDutch:
		dc, err := pairing.CheckDutch(es, dutchOptions(cur, round, es, f.forbidden, f.acceleration), c.Checked)
		if err != nil {
			return pairErr(cur, round, err)
		}
		c.Engine = dc.Engine.Pairs
		c.Diffs, c.Violations = dc.Diffs, dc.Violations
		return nil
	default:
		return fmt.Errorf("%w: unknown pairing system %q", ErrInvalid, cur.System)
	}
	c.Diffs = pairing.DiffPairings(c.Engine, c.Checked)
	return nil
}
