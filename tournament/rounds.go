// Store integration of the pairing engines (lot, pair, unpair, pairings).

package tournament

import (
	"errors"
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
	Warnings []Note `json:"warnings,omitempty"`
	// Clubs (round robin with club separation): the rounds in which each club's players
	// meet after the restricted lot (pairing.LotSeparated).
	Clubs []pairing.ClubMeeting `json:"clubs,omitempty"`
	// Rounds (round robin whose rounds come from the field, Tournament.FieldCycles): the
	// rounds the field drawn makes (RoundRobinRounds); 0 otherwise. Cycles is 1 or 2 then.
	Rounds int `json:"rounds,omitempty"`
	Cycles int `json:"cycles,omitempty"`
}

// lotLocked is DrawLot's error once a round of cur is paired (ErrLocked): when the lot was
// drawn, or that the numbers came with an imported event.
func LotLocked(cur *Tournament) error {
	drawn := Errf(nil, "err.phrase.lot_drawn_on", "the lot of {tournament} was drawn on {when}", "tournament", cur.Name, "when", cur.LotDrawnAt)
	if cur.LotDrawnAt == "" { // an imported event: its numbers came with the file
		drawn = Errf(nil, "err.phrase.numbers_imported", "the pairing numbers of {tournament} came with the imported event", "tournament", cur.Name)
	}
	return Errf(ErrLocked, "err.round.lot_locked", "{err}: {drawn} and round {rounds_paired} is paired; pairing numbers cannot change now (players added later get the next numbers automatically)", "drawn", drawn, "rounds_paired", cur.RoundsPaired)
}

// newLotResult is the LotResult of a lot of cur with seed s among the given number of
// players, without numbers or time: its method ("lot", "lot, clubs separated", or
// "rating" with round 1's initial colour for the Dutch system) and, for an Italo-Swiss,
// a warning when the planned rounds are outside FID's advice (Capo V Art. 1).
func NewLotResult(cur *Tournament, s int64, clubs []pairing.ClubMeeting, players int) *LotResult {
	res := &LotResult{Seed: s, Redraw: cur.LotDrawnAt != "", Method: "lot", Clubs: clubs}
	if clubs != nil {
		res.Method = "lot, clubs separated"
	}
	if cur.System.b != nil {
		cur.System.b.lotNote(res, cur, players)
	}
	return res
}

// lotSeed is the seed of the lot: *seed when given (1..2^63-1, else ErrMalformed), else
// the stored seed, else a new one (NewSeed).
func LotSeed(cur *Tournament, seed *uint64) (int64, error) {
	s := cur.Seed
	if seed != nil {
		if *seed == 0 || *seed > math.MaxInt64 {
			return 0, Errf(ErrMalformed, "err.round.seed_range", "{err}: seed {v} (use a whole number from 1 to {max_int64})", "v", *seed, "max_int64", int64(math.MaxInt64))
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
func DrawNumbers(cur *Tournament, s int64, entries []Entry) (map[int]int, []pairing.ClubMeeting, error) {
	ids := make([]int, len(entries))
	for i, e := range entries {
		ids[i] = int(e.ID)
	}
	sys, err := behaviourOf(cur.System)
	if err != nil {
		return nil, nil, err
	}
	return sys.lot(cur, s, ids, entries)
}

// ratingOrder numbers entries by rating (highest first), then name, then entry id.
func ratingOrder(entries []Entry) map[int]int {
	es := append([]Entry(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Rating != b.Rating {
			return a.Rating > b.Rating
		}
		if ka, kb := Key(a.Player.Name), Key(b.Player.Name); ka != kb {
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

// roundEntry is one entry in one round.
type RoundEntry struct{ Round, Entry int }

// storedFloats are the floats and kinds of rest stored with game 1 of the boards of the
// rounds before a round (boards.white_float, black_float, rest).
type StoredFloats struct {
	Floats map[RoundEntry]pairing.Float
	Rests  map[RoundEntry]pairing.RestKind
}

// entrantOf is entry e as the pairing engines see it before round: available or not, and
// its history of rounds 1..round-1 from its crosstable slots and the stored floats (see
// snapshot).
func EntrantOf(e Entry, slots []CrossResult, bf StoredFloats, round int) pairing.Entrant {
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
		hr := historyRound(r, byRound[r], bf.Rests[RoundEntry{r, id}])
		// The float stored when the board was paired describes a game to be played;
		// once the game was not played (a forfeit) the engine's rule for unplayed
		// rounds decides, as it does for a TRF, which has no stored floats.
		if hr.Kind == pairing.Played || hr.Kind == pairing.Bye {
			hr.Float = bf.Floats[RoundEntry{r, id}]
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

func ParseFloat(s string) pairing.Float {
	switch s {
	case "down":
		return pairing.Down
	case "up":
		return pairing.Up
	}
	return pairing.NoFloat
}

func FloatText(f pairing.Float) string {
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
		return ManualPair{}, Errf(ErrMalformed, "err.round.manual_pair", "{err}: manual pair {s} (write WHITE-BLACK by pairing number, e.g. 12-7, or 12-bye)", "s", strconv.Quote(s))
	}
	w, err := strconv.Atoi(a)
	if err != nil || w < 1 {
		return ManualPair{}, Errf(ErrMalformed, "err.round.manual_pair_number", "{err}: manual pair {s}: {a} is not a pairing number", "s", strconv.Quote(s), "a", strconv.Quote(a))
	}
	if strings.EqualFold(b, "bye") || strings.EqualFold(b, "riposo") || b == "0" {
		return ManualPair{White: w}, nil
	}
	bl, err := strconv.Atoi(b)
	if err != nil || bl < 1 {
		return ManualPair{}, Errf(ErrMalformed, "err.round.manual_pair_number", "{err}: manual pair {s}: {a} is not a pairing number", "s", strconv.Quote(s), "a", strconv.Quote(b))
	}
	if bl == w {
		return ManualPair{}, Errf(ErrMalformed, "err.round.manual_pair_self", "{err}: manual pair {s} pairs a player with himself", "s", strconv.Quote(s))
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
	System   System               `json:"system"`
	Round    int                  `json:"round"`
	Seed     int64                `json:"seed"`
	Start    int                  `json:"start,omitempty"` // Italo-Swiss: start player (entry id)
	Manual   []ManualPair         `json:"manual,omitempty"`
	Forced   bool                 `json:"forced,omitempty"`
	Warnings []Note               `json:"warnings,omitempty"`
	Italo    *pairing.ItaloResult `json:"italo,omitempty"`
	Dutch    *DutchInfo           `json:"dutch,omitempty"`
	Berger   *BergerInfo          `json:"berger,omitempty"`
	Opening  *OpeningDraw         `json:"opening,omitempty"` // the opening drawn for the round (FID Capo IV)

	// StartFrom (Italo-Swiss FID formats) says why Start starts the scan: StartRested (he
	// rested in the round before, StartRest his kind of rest) or StartBlack (the Black of
	// the last pair formed in the round before); "" in explanations stored before it was.
	StartFrom string           `json:"start_from,omitempty"`
	StartRest pairing.RestKind `json:"start_rest,omitempty"`
}

// PairedRound is a round as PairNext made it.
type PairedRound struct {
	Round       int               `json:"round"`
	Method      string            `json:"method"`
	Seed        int64             `json:"seed"`
	Boards      []*Board          `json:"boards"`
	Pairs       []pairing.Pair    `json:"-"` // the engine's pairs (entry ids), game 1
	Warnings    []Note            `json:"warnings,omitempty"`
	Explanation *RoundExplanation `json:"explanation"`
	// Restored are the boards paired again alike after the round was unpaired with its
	// results (unpair --reason): their result and game score, kept in the event log, are
	// written back.
	Restored []RestoredBoard `json:"restored,omitempty"`
}

// RestoredBoard is a board whose result and game score, kept in the event log when its
// round was unpaired with results, were written back because the new pairing of the round
// pairs the same White and Black in the same game. Action is the unpair's action id in the
// log; Result is "" when only the game score was kept; Score tells a game score restored.
type RestoredBoard struct {
	Round  int    `json:"round"`
	Board  int    `json:"board"`
	Game   int    `json:"game"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Result string `json:"result,omitempty"`
	Score  bool   `json:"score,omitempty"`
	Action int64  `json:"action"`
}

// Unpaired is what `arbitro unpair` did: the round removed and, when it had results and a
// reason was given, how many boards' results or game scores the event log keeps (restored
// if the same boards are paired again).
type Unpaired struct {
	Round  int    `json:"removed_round"`
	Kept   int    `json:"kept,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// roundRobinCycles returns the number of cycles of a round robin of n players planned
// with `rounds` rounds: 1 when rounds is BergerRounds(n), 2 when twice that (double round
// robin, girone di andata e ritorno); otherwise an error naming the right numbers.
func roundRobinCycles(n, rounds int) (int, error) {
	if n < 2 {
		return 0, Errf(ErrInvalid, "err.round.rr_two_players", "{err}: a round robin needs at least 2 players (it has {n})", "n", n)
	}
	one := pairing.BergerRounds(n)
	switch {
	case rounds <= one:
		return 1, nil // a single round robin, or a shorter schedule of one (RoundRobinRounds)
	case rounds == 2*one:
		return 2, nil
	}
	return 0, Errf(ErrInvalid, "err.round.rr_rounds", "{err}: a round robin of {n} players has {one} rounds ({double} for a double round robin; fewer for a shorter schedule), but the tournament plans {rounds}; set it with 'arbitro tournament set rounds {one}' before round 1", "n", n, "one", one, "double", 2*one, "rounds", rounds)
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
		return Errf(err, "err.round.context", "round {round} of {tournament}: {err}", "round", round, "tournament", t.Name)
	case errors.Is(err, pairing.ErrBadSnapshot):
		return ErrfWrap(ErrInvalid, err, "err.round.invalid_context", "{err}: round {round} of {tournament}: {cause}", "round", round, "tournament", t.Name)
	}
	return err
}

// bergerRound returns round `round` of the round robin of es; late are the players who
// entered after round 1, which a round robin cannot take.
func bergerRound(t *Tournament, es []pairing.Entrant, round int, late []string) ([]pairing.Pair, *BergerInfo, error) {
	if len(late) > 0 {
		return nil, nil, Errf(ErrInvalid, "err.round.rr_late", "{err}: a round robin cannot take players who entered after round 1 ({late}); remove them or use a Swiss system", "late", strings.Join(late, ", "))
	}
	n := pairing.RoundRobinTable(es) // the field, or the lot's table with a number kept empty
	if full := t.FieldCycles * pairing.BergerRounds(n); t.FieldCycles > 0 && t.Rounds != full && t.RoundsPaired == 0 {
		return nil, nil, Errf(ErrInvalid, "err.round.rr_field_changed", "{err}: {tournament} takes its rounds from the field, drawn for {rounds} rounds, but {n} players make {full}; draw the lot again (arbitro lot)", "tournament", t.Name, "rounds", t.Rounds, "n", n, "full", full)
	}
	cycles, err := roundRobinCycles(n, t.Rounds)
	if err != nil {
		return nil, nil, err
	}
	opt := pairing.RoundRobinOptions{Cycles: cycles}
	pairs, err := pairing.RoundRobin(es, round, opt)
	if err != nil {
		return nil, nil, ErrfWrap(ErrInvalid, err, "err.round.invalid_context", "{err}: round {round} of {tournament}: {cause}", "round", round, "tournament", t.Name)
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

type boardSum struct {
	Board int    `json:"board"`
	Game  int    `json:"game"`
	White string `json:"white"`
	Black string `json:"black,omitempty"`
}

func BoardSummary(bs []*Board) []boardSum {
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

// PairingCheck is the outcome of CheckPairing.
type PairingCheck struct {
	Round      int                `json:"round"`
	System     System             `json:"system"`
	Checked    []pairing.Pair     `json:"checked"` // the stored round (entry ids, game 1)
	Engine     []pairing.Pair     `json:"engine"`  // the engine's pairing of the same round
	Diffs      []pairing.PairDiff `json:"diffs"`
	Violations []string           `json:"violations,omitempty"` // Dutch: absolute criteria broken
	// ViolationCodes are Violations as codes (pairing.DutchCheck), worded by reports.
	ViolationCodes []pairing.Violation `json:"-"`
	Manual         []ManualPair        `json:"manual,omitempty"` // arbiter's pairs (--set) the round was made with; NOT imposed on the re-pairing
	Names          map[int]string      `json:"names"`            // entry id → name
	Numbers        map[int]int         `json:"numbers"`          // entry id → pairing number
}

// Identical reports whether the stored round is the engine's pairing and breaks nothing.
func (c *PairingCheck) Identical() bool { return len(c.Diffs) == 0 && len(c.Violations) == 0 }

// checkWithEngine fills c.Engine, the pairing cur's system gives round c.Round from the
// entrants es and the system's facts f, and c.Diffs, how c.Checked differs from it (for
// the Dutch system pairing.CheckDutch, which also gives c.Violations).
func CheckWithEngine(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f SystemFacts) error {
	sys, err := behaviourOf(cur.System)
	if err != nil {
		return err
	}
	return sys.check(c, cur, es, f)
}
