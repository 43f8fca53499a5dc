package tournament

// Standings: the read-only view of a tournament's results (Crosstable) and the pure
// computation of the standings after any round (ComputeStandings). No SQL here: the loader
// (standings_load.go) fills a Crosstable from the store; tests and benchmarks build one by hand.
// Tie-breaks and the unplayed-round rule are in tiebreak.go.

import (
	"arbitro/rules"
	"errors"
	"sort"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// Sentinel errors of the standings computation; errors returned wrap one of them.
var (
	// ErrInvalidCrosstable: the view is inconsistent (unknown opponent, the two sides of a
	// board disagree, points outside 0..2, duplicate ids...). The message names the player
	// and the round.
	ErrInvalidCrosstable = errors.New("inconsistent tournament results")
	// ErrRoundRange: the round asked for is below 0 or above the rounds of the view.
	ErrRoundRange = errors.New("round out of range")
	// ErrUnknownTieBreak: a tie-break name that arbitro does not know.
	ErrUnknownTieBreak = errors.New("unknown tie-break")
	// ErrUnknownScoring: a scoring system name that arbitro does not know.
	ErrUnknownScoring = errors.New("unknown scoring system")
)

// Scoring is the scale in which points are SHOWN and tie-breaks computed. Results are always
// stored as draughts game points (win 2, draw 1, loss 0; docs/pairing-fid.md §1); Scoring maps a
// game result to Win, Draw or Loss units, and Divisor says how many units make one displayed
// point (2 for 1-½-0, whose units are half points). Every value stays an integer.
type Scoring struct {
	Name            string // as stored in tournaments.scoring: "2-1-0", "1-0.5-0", "3-1-0"
	Win, Draw, Loss int    // units for a win, a draw and a loss
	Divisor         int    // units per displayed point (>= 1)
}

// The scoring systems of the schema (tournaments.scoring).
var (
	// Scoring210 is draughts scoring, the FID default (docs/pairing-fid.md §1).
	Scoring210 = Scoring{Name: "2-1-0", Win: 2, Draw: 1, Loss: 0, Divisor: 1}
	// Scoring105 is chess-style 1-½-0, kept in half points (Divisor 2).
	Scoring105 = Scoring{Name: "1-0.5-0", Win: 2, Draw: 1, Loss: 0, Divisor: 2}
	// Scoring310 is "three points for a win": 3-1-0.
	Scoring310 = Scoring{Name: "3-1-0", Win: 3, Draw: 1, Loss: 0, Divisor: 1}
)

// ParseScoring returns the Scoring named s ("2-1-0", "1-0.5-0" or its alias "1-½-0",
// "3-1-0"; "" means 2-1-0). Other names wrap ErrUnknownScoring.
func ParseScoring(s string) (Scoring, error) {
	switch strings.TrimSpace(s) {
	case "", "2-1-0":
		return Scoring210, nil
	case "1-0.5-0", "1-½-0":
		return Scoring105, nil
	case "3-1-0":
		return Scoring310, nil
	}
	return Scoring{}, Errf(ErrUnknownScoring, "err.scoring.unknown", "{err} {name} (use 2-1-0, 1-0.5-0 or 3-1-0)", "name", strconv.Quote(s))
}

// Units converts draughts game points (2 win, 1 draw, 0 loss) into this scale's units.
func (s Scoring) Units(gamePoints int) int {
	switch gamePoints {
	case 2:
		return s.Win
	case 1:
		return s.Draw
	}
	return s.Loss
}

// Format shows v units as points of this scale: "13", "1½", "½", "-2".
func (s Scoring) Format(v int) string { return FormatFraction(v, s.Divisor) }

// FormatFraction shows num/den with vulgar fractions for halves and quarters ("1½", "¾",
// "2¼") and up to two decimals otherwise ("2.33"). den < 1 counts as 1.
func FormatFraction(num, den int) string {
	if den <= 1 {
		return strconv.Itoa(num)
	}
	sign := ""
	if num < 0 {
		sign, num = "-", -num
	}
	whole, rem := num/den, num%den
	if rem == 0 {
		return sign + strconv.Itoa(whole)
	}
	var frac string
	switch {
	case rem*2 == den:
		frac = "½"
	case rem*4 == den:
		frac = "¼"
	case rem*4 == 3*den:
		frac = "¾"
	default:
		return sign + strconv.FormatFloat(float64(num)/float64(den), 'f', 2, 64)
	}
	if whole == 0 {
		return sign + frac
	}
	return sign + strconv.Itoa(whole) + frac
}

// CrossKind says what one game slot of a player was.
type CrossKind int8

// Kinds of game slot (the schema's results.kind, seen from one side; absences table).
const (
	// CrossPlayed: a game over the board; Points 2, 1 or 0.
	CrossPlayed CrossKind = iota
	// CrossBye: the pairing bye (riposo); Points = the tournament's bye points.
	CrossBye
	// CrossForfeitWin: the opponent did not appear; Points = the tournament's forfeit points.
	CrossForfeitWin
	// CrossForfeitLoss: did not appear (also both sides of a double forfeit); Points 0.
	CrossForfeitLoss
	// CrossAbsent: not paired (withdrawn, requested absence, before a late entry); Points as
	// granted by the arbiter, usually 0.
	CrossAbsent
	// CrossUnplayed: paired, not played and not scored (e.g. both withdrew); Points 0.
	CrossUnplayed
	// CrossPending: paired, no final result yet (adjourned, or not entered). Counts 0 points
	// and no game; Standing.Pending counts them so reports can warn.
	CrossPending
)

var crossKindNames = [...]string{"played", "bye", "forfeit-win", "forfeit-loss", "absent", "unplayed", "pending"}

// String returns the kind's name ("played", "bye", "forfeit-win", ...).
func (k CrossKind) String() string {
	if k >= 0 && int(k) < len(crossKindNames) {
		return crossKindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// word is the kind as a phrase of the catalogs (its English is String()), for the errors
// that name it.
func (k CrossKind) word() any {
	switch k {
	case CrossPlayed:
		return Errf(nil, "err.crosskind.played", "played")
	case CrossBye:
		return Errf(nil, "err.crosskind.bye", "bye")
	case CrossForfeitWin:
		return Errf(nil, "err.crosskind.forfeit_win", "forfeit-win")
	case CrossForfeitLoss:
		return Errf(nil, "err.crosskind.forfeit_loss", "forfeit-loss")
	case CrossAbsent:
		return Errf(nil, "err.crosskind.absent", "absent")
	case CrossUnplayed:
		return Errf(nil, "err.crosskind.unplayed", "unplayed")
	case CrossPending:
		return Errf(nil, "err.crosskind.pending", "pending")
	}
	return k.String()
}

// Played reports whether a game was played over the board.
func (k CrossKind) Played() bool { return k == CrossPlayed }

// hasOpponent reports whether the slot names an opponent (a board with two players).
func (k CrossKind) hasOpponent() bool {
	return k == CrossPlayed || k == CrossForfeitWin || k == CrossForfeitLoss || k == CrossUnplayed || k == CrossPending
}

// CrossResult is one game slot of one player: round Round, game Game of the pairing.
type CrossResult struct {
	Round    int            // 1-based round number
	Game     int            // 1, or 2 for the return game when games per pairing is 2; 0 means 1
	Board    int            // board number of the pairing; 0 when not known or no board
	Opponent int            // opponent's CrossEntry.ID; 0 for a bye or absence
	Colour   pairing.Colour // colour of a played or forfeited board; NoColour for bye/absence
	Kind     CrossKind
	Points   int // draughts game points earned: 0, 1 or 2
}

// CrossEntry is one player of the tournament as the standings see him.
type CrossEntry struct {
	ID         int    // entries.id; never 0, unique
	Number     int    // pairing number (numero di sorteggio); 0 before the lot
	Name       string // "Surname, Given name"
	Club       string
	Federation string
	Title      string
	Rating     int  // rating used in this event; 0 = unrated
	Withdrawn  bool // withdrawn from the event (ritirato); he stays in the standings
	// WithdrawnAfter is the last round he was paired in when Withdrawn (entries.
	// withdrawn_after): the sheets of that round and before show him as he was then.
	WithdrawnAfter int
	// JoinedRound is the first round he may be paired in (entries.joined_round; above 1
	// for a late entry, whose earlier rounds are CrossAbsent slots); 0 or 1: from round 1.
	JoinedRound int
	// Results holds his game slots in any order; a round 1..AfterRound with no slot counts as
	// CrossAbsent with 0 points (an unplayed round).
	Results []CrossResult
	// Adjustments change his score outside his results: the 299 records (abnormal points)
	// of an imported TRF. See ScoreAdjustment.
	Adjustments []ScoreAdjustment
}

// WithdrawnAt reports whether e is withdrawn as the sheet of round `round` shows him: he
// withdrew before that round (issue 28: the sheets of round k as they were after round
// k; a game he played before withdrawing is not marked "ritirato").
func (e *CrossEntry) WithdrawnAt(round int) bool {
	return e.Withdrawn && e.WithdrawnAfter < round
}

// EnteredBy reports whether e had entered the event when round `round` was paired: a late
// entrant (JoinedRound above it) is on no sheet of an earlier round.
func (e *CrossEntry) EnteredBy(round int) bool {
	return e.JoinedRound <= round
}

// ScoreAdjustment is one change to a player's score that his results do not carry: a
// TRF-2026 record 299, "abnormal points", of an imported file (docs/tiebreaks.md,
// "Abnormal points"). Two forms:
//
//   - a replacement (Result one of 'W' 'D' 'L' a game won, drawn, lost over the board;
//     '+' '-' a forfeit won, lost; 'F' 'H' 'Z' an absence worth 2, 1, 0 game points): the
//     player's result of that kind in round Round (every round when 0) is worth Points
//     instead of its usual value. It is that round's points everywhere: the score, the
//     cumulative scores, Sonneborn-Berger, direct encounter, the opponents' Buchholz.
//   - a bonus or penalty (Result ' '): Points added to the score from round Round on
//     (round 1 when 0). It is part of the player's score wherever a score is used (his
//     points, the progressive score, his score as an opponent and as his own dummy
//     opponent), but of no round's points (Sonneborn-Berger, direct encounter, wins).
//
// Points are draughts game points (a win = 2), possibly negative.
type ScoreAdjustment struct {
	Result byte
	Round  int
	Points int
	// Carried marks a bonus that is not a TRF record: the points a player carries from an
	// earlier stage of the event into a group (issue 32, docs/groups.md).
	Carried bool
}

// replaces reports whether a (a replacement) applies to a slot of kind k with gp game
// points.
func (a ScoreAdjustment) replaces(k CrossKind, gp int) bool {
	switch a.Result {
	case 'W', 'D', 'L':
		return k == CrossPlayed && gp == map[byte]int{'W': 2, 'D': 1, 'L': 0}[a.Result]
	case 'F', 'H', 'Z':
		return k == CrossAbsent && gp == map[byte]int{'F': 2, 'H': 1, 'Z': 0}[a.Result]
	case '+':
		return k == CrossForfeitWin
	case '-':
		return k == CrossForfeitLoss
	}
	return false
}

// adjustmentUnits is an adjustment's game points in the units of scale s: the scale's
// value of a result for 0, 1 and 2 (so that "a draw is worth a win" reads as a win of the
// scale), else gp × Win / 2 rounded half away from zero.
func (s Scoring) adjustmentUnits(gp int) int {
	if gp >= 0 && gp <= 2 {
		return s.Units(gp)
	}
	if gp < 0 {
		return -s.adjustmentUnits(-gp)
	}
	return (gp*s.Win + 1) / 2
}

// EventInfo is what a report header shows about the event.
type EventInfo struct {
	Name, Place  string
	StartDate    string // YYYY-MM-DD or ""
	EndDate      string
	Variant      *rules.Variant // rules.Italian or rules.International; nil in a report of no one tournament
	System       System         // the tournament's pairing system
	ChiefArbiter string
	Federation   string
	TimeControl  string
}

// EventInfo is the report header of tournament t: the one place that copies a
// tournament's fields into an EventInfo (standings, audit, demo and site reports).
func (t *Tournament) EventInfo() EventInfo {
	return EventInfo{Name: t.Name, Place: t.Place, StartDate: t.Start, EndDate: t.End, Variant: t.Variant,
		System: t.System, ChiefArbiter: t.Arbiter, Federation: t.Federation, TimeControl: t.TimeControl}
}

// QuozienteRule selects how the FID quoziente treats rounds without a played game.
type QuozienteRule int8

const (
	// QuozientePlayedOnly (default, docs/pairing-fid.md §4.2 [arbitro]): sum of the final scores
	// of the opponents met in played games; byes, forfeits and absences add nothing.
	QuozientePlayedOnly QuozienteRule = iota
	// QuozienteVirtual: the same sum with the FIDE unplayed-round rule of tiebreak.go
	// (identical to TBBuchholz).
	QuozienteVirtual
)

// Crosstable is the read-only view of a tournament's results from which standings,
// tie-breaks and crosstables are computed. The loader fills it from the store; nothing in
// it is SQL.
type Crosstable struct {
	Event         EventInfo
	Scoring       Scoring    // zero value means Scoring210
	TieBreaks     []TieBreak // in order of application; see ParseTieBreaks
	Quoziente     QuozienteRule
	Rounds        int // rounds of the event (planned); results may exist up to this round
	GamesPerRound int // games per pairing: 1 (default; 0 means 1) or 2 (andata e ritorno)
	Players       []CrossEntry
	// LotSeed is the tournament's seed, for the "lot" tie-break (pairing.LotTieBreak).
	LotSeed uint64
}

// Standing is one line of the standings after a round.
type Standing struct {
	Rank, RankTo int // place; RankTo > Rank when the place is shared ("3-4")
	Entry        *CrossEntry
	Points       int // in Scoring units (Crosstable.Scoring.Format shows them)
	// Games, Wins, Draws, Losses count games played over the board only. Byes, forfeits and
	// absences count separately; all of them are in Points.
	Games, Wins, Draws, Losses                 int
	Byes, ForfeitWins, ForfeitLosses, Absences int
	Pending                                    int // slots without a final result (counted 0)
	// Adjustment is the part of Points that the player's ScoreAdjustments (TRF 299
	// abnormal points) make: 0 for nearly everyone.
	Adjustment int
	// Carried is the part of Adjustment carried from an earlier stage of the event (issue
	// 32): 0 outside a group made from standings.
	Carried int
	// TieBreaks holds the value of each Crosstable.TieBreaks criterion, in the same order,
	// in the units of TieBreak.Divisor. Direct encounter is the value inside the group still
	// tied when it was applied (0 when he was alone).
	TieBreaks []int
}

// Place returns the place as printed: "3", or "3-4" when shared.
func (s Standing) Place() string {
	if s.RankTo > s.Rank {
		return strconv.Itoa(s.Rank) + "-" + strconv.Itoa(s.RankTo)
	}
	return strconv.Itoa(s.Rank)
}

// slot is one game slot after normalisation: index into the player table, scale units.
type slot struct {
	kind  CrossKind
	opp   int // index of the opponent in Crosstable.Players, -1 if none
	gp    int // draughts game points
	units int // points in Scoring units
}

// normalized is the Crosstable reduced to rounds 1..n, checked, with dense slot arrays.
type normalized struct {
	ct     *Crosstable
	sc     Scoring
	n      int      // after round
	gpr    int      // games per round
	slots  [][]slot // [player][(round-1)*gpr + game-1]
	score  []int    // final score after round n, in units
	adjOpp []int    // score as seen by opponents' tie-breaks (tiebreak.go, opponentScore)
	cum    [][]int  // cumulative score after each round, for the progressive score
	bonus  []int    // bonuses and penalties of rounds 1..n (ScoreAdjustment ' '), units
	adjust []int    // what the adjustments change in the score (replacements and bonuses), units
	carry  []int    // the part of adjust carried from an earlier stage (ScoreAdjustment.Carried), units
}

// normalize checks ct and builds the dense slot arrays for rounds 1..n.
func normalize(ct *Crosstable, n int) (*normalized, error) {
	if ct == nil {
		return nil, Errf(ErrInvalidCrosstable, "err.crosstable.none", "{err}: no crosstable")
	}
	if n < 0 || n > ct.Rounds {
		return nil, Errf(ErrRoundRange, "err.standings.round_range", "{err}: round {n} asked, the event has rounds 0..{rounds}", "n", n, "rounds", ct.Rounds)
	}
	sc := ct.Scoring
	if sc.Divisor == 0 {
		sc = Scoring210
	}
	gpr := ct.GamesPerRound
	if gpr == 0 {
		gpr = 1
	}
	if gpr != 1 && gpr != 2 {
		return nil, Errf(ErrInvalidCrosstable, "err.crosstable.games_per_pairing", "{err}: {n} games per pairing (must be 1 or 2)", "n", gpr)
	}
	index, err := playerIndex(ct)
	if err != nil {
		return nil, err
	}
	nz := &normalized{ct: ct, sc: sc, n: n, gpr: gpr,
		slots: make([][]slot, len(ct.Players)), score: make([]int, len(ct.Players)),
		adjOpp: make([]int, len(ct.Players)), cum: make([][]int, len(ct.Players)),
		bonus: make([]int, len(ct.Players)), adjust: make([]int, len(ct.Players)), carry: make([]int, len(ct.Players))}
	if err := nz.fill(index); err != nil {
		return nil, err
	}
	if err := nz.checkBoards(); err != nil {
		return nil, err
	}
	nz.replaceResults()
	nz.total()
	return nz, nil
}

// playerIndex maps player id → index in ct.Players; ids must be non-zero and unique.
func playerIndex(ct *Crosstable) (map[int]int, error) {
	index := make(map[int]int, len(ct.Players))
	for i, p := range ct.Players {
		if p.ID == 0 {
			return nil, Errf(ErrInvalidCrosstable, "err.crosstable.id_zero", "{err}: player {name} has id 0", "name", strconv.Quote(p.Name))
		}
		if _, dup := index[p.ID]; dup {
			return nil, Errf(ErrInvalidCrosstable, "err.crosstable.id_twice", "{err}: player id {id} appears twice", "id", p.ID)
		}
		index[p.ID] = i
	}
	return index, nil
}

// fill puts every result of rounds 1..n into its slot (absent where there is none),
// checking each: its round and game, its points, one result per slot, its kind, its
// opponent.
func (nz *normalized) fill(index map[int]int) error {
	ct, sc, gpr, n := nz.ct, nz.sc, nz.gpr, nz.n
	w := n * gpr
	flat := make([]slot, len(ct.Players)*w)
	set := make([]bool, len(flat))
	for i := range ct.Players {
		nz.slots[i] = flat[i*w : (i+1)*w : (i+1)*w]
		for k := range nz.slots[i] {
			nz.slots[i][k] = slot{kind: CrossAbsent, opp: -1, units: sc.Units(0)}
		}
	}
	for i := range ct.Players {
		p := &ct.Players[i]
		for _, r := range p.Results {
			g := r.Game
			if g == 0 {
				g = 1
			}
			if r.Round < 1 || r.Round > ct.Rounds || g < 1 || g > gpr {
				return Errf(ErrInvalidCrosstable, "err.crosstable.round_out", "{err}: {name} has a result for round {round} game {game} (event has {rounds} rounds, {gpr} game(s) each)",
					"name", p.Name, "round", r.Round, "game", g, "rounds", ct.Rounds, "gpr", gpr)
			}
			if r.Round > n {
				continue
			}
			if r.Points < 0 || r.Points > 2 {
				return Errf(ErrInvalidCrosstable, "err.crosstable.points", "{err}: {name}, round {round}: {points} game points (must be 0..2)", "name", p.Name, "round", r.Round, "points", r.Points)
			}
			k := (r.Round-1)*gpr + g - 1
			if set[i*w+k] {
				return Errf(ErrInvalidCrosstable, "err.crosstable.two_results", "{err}: {name} has two results for round {round} game {game}", "name", p.Name, "round", r.Round, "game", g)
			}
			set[i*w+k] = true
			s, err := resultSlot(p, r, i, index, sc)
			if err != nil {
				return err
			}
			nz.slots[i][k] = s
		}
	}
	return nil
}

// resultSlot is the slot of result r of player p (index i): its kind known, its opponent
// a player of the event (and only for the kinds that have one), no points for a pending
// board, an unplayed game or a forfeit loss.
func resultSlot(p *CrossEntry, r CrossResult, i int, index map[int]int, sc Scoring) (slot, error) {
	s := slot{kind: r.Kind, opp: -1, gp: r.Points, units: sc.Units(r.Points)}
	if r.Kind < CrossPlayed || r.Kind > CrossPending {
		return s, Errf(ErrInvalidCrosstable, "err.crosstable.unknown_kind", "{err}: {name}, round {round}: unknown kind {kind}", "name", p.Name, "round", r.Round, "kind", int(r.Kind))
	}
	if r.Kind.hasOpponent() {
		j, ok := index[r.Opponent]
		if !ok || j == i {
			return s, Errf(ErrInvalidCrosstable, "err.crosstable.opponent_unknown", "{err}: {name}, round {round}: opponent id {id} is not a player of the event", "name", p.Name, "round", r.Round, "id", r.Opponent)
		}
		s.opp = j
	} else if r.Opponent != 0 {
		return s, Errf(ErrInvalidCrosstable, "err.crosstable.no_opponent", "{err}: {name}, round {round}: a {kind} has no opponent (got id {id})", "name", p.Name, "round", r.Round, "kind", r.Kind.word(), "id", r.Opponent)
	}
	switch r.Kind {
	case CrossPending, CrossUnplayed, CrossForfeitLoss:
		if r.Points != 0 {
			return s, Errf(ErrInvalidCrosstable, "err.crosstable.scores_zero", "{err}: {name}, round {round}: a {kind} scores 0, not {points}", "name", p.Name, "round", r.Round, "kind", r.Kind.word(), "points", r.Points)
		}
	}
	if r.Kind == CrossPending {
		s.units = 0
	}
	return s, nil
}

// checkBoards checks that both sides of every board agree (sidesAgree).
func (nz *normalized) checkBoards() error {
	ct := nz.ct
	for i := range nz.slots {
		for k, s := range nz.slots[i] {
			if s.opp < 0 {
				continue
			}
			o := nz.slots[s.opp][k]
			round := k/nz.gpr + 1
			if o.opp != i {
				return Errf(ErrInvalidCrosstable, "err.crosstable.one_sided", "{err}: round {round}: {name} is paired with {opponent}, who is not paired with him", "round", round, "name", ct.Players[i].Name, "opponent", ct.Players[s.opp].Name)
			}
			if !sidesAgree(s, o) {
				return Errf(ErrInvalidCrosstable, "err.crosstable.disagree", "{err}: round {round}: {name} ({kind} {points}) and {opponent} ({okind} {opoints}) disagree on their board", "round", round,
					"name", ct.Players[i].Name, "kind", s.kind.word(), "points", s.gp, "opponent", ct.Players[s.opp].Name, "okind", o.kind.word(), "opoints", o.gp)
			}
		}
	}
	return nil
}

// sidesAgree reports whether slot s and its opponent's slot o tell the same board: a
// played game whose points sum to 2, a forfeit win against a forfeit loss (or a double
// forfeit), or the same kind.
func sidesAgree(s, o slot) bool {
	switch s.kind {
	case CrossPlayed:
		return o.kind == CrossPlayed && s.gp+o.gp == 2
	case CrossForfeitWin:
		return o.kind == CrossForfeitLoss
	case CrossForfeitLoss:
		return o.kind == CrossForfeitWin || o.kind == CrossForfeitLoss
	}
	return o.kind == s.kind
}

// replaceResults applies the replacements among the players' adjustments to the slots of
// rounds 1..n: a matching slot is worth the adjustment's points (the last adjustment that
// matches a slot decides; replacing is not adding, so two records never count twice).
func (nz *normalized) replaceResults() {
	for i, p := range nz.ct.Players {
		for k := range nz.slots[i] {
			s := &nz.slots[i][k]
			if s.kind == CrossPending {
				continue
			}
			orig := s.units
			for _, a := range p.Adjustments {
				if a.Result != ' ' && (a.Round == 0 || a.Round == k/nz.gpr+1) && a.replaces(s.kind, s.gp) {
					s.units = nz.sc.adjustmentUnits(a.Points)
				}
			}
			nz.adjust[i] += s.units - orig
		}
	}
}

// total fills the scores: cumulative after each round, final, and as the opponents'
// tie-breaks see them; a bonus or penalty (ScoreAdjustment ' ') counts from its round on.
func (nz *normalized) total() {
	for i := range nz.slots {
		cum := make([]int, nz.n)
		t := 0
		for k, s := range nz.slots[i] {
			t += s.units
			if (k+1)%nz.gpr == 0 {
				cum[k/nz.gpr] = t
			}
		}
		for _, a := range nz.ct.Players[i].Adjustments {
			if r := max(a.Round, 1); a.Result == ' ' && r <= nz.n {
				u := nz.sc.adjustmentUnits(a.Points)
				for j := r - 1; j < nz.n; j++ {
					cum[j] += u
				}
				t += u
				nz.bonus[i] += u
				nz.adjust[i] += u
				if a.Carried {
					nz.carry[i] += u
				}
			}
		}
		nz.cum[i] = cum
		nz.score[i] = t
	}
	for i := range nz.slots {
		nz.adjOpp[i] = nz.opponentScore(i)
	}
}

// LastRound returns the highest round that has a board or a bye, 0 when none: rounds after
// it have not been paired. Absences do not count: an absence is recorded before its round
// is paired ('arbitro absent'), and a late entrant's earlier rounds are absences too.
func LastRound(ct *Crosstable) int {
	last := 0
	for _, p := range ct.Players {
		for _, r := range p.Results {
			if r.Kind != CrossAbsent {
				last = max(last, r.Round)
			}
		}
	}
	return last
}

// RoundComplete reports whether round is paired and complete in ct: every player in the
// field then (not withdrawn, entered by that round) has a slot in it — a game or forfeit
// with a final result, a bye, or an absence the arbiter recorded — and no slot of it is
// pending. A player without a slot (a game not entered, an imported round without his
// game) leaves the round incomplete. The standings' "final" title needs it for the last
// round (reports.Standings).
func RoundComplete(ct *Crosstable, round int) bool {
	if ct == nil || round < 1 {
		return false
	}
	for _, p := range ct.Players {
		has := false
		for _, r := range p.Results {
			if r.Round != round {
				continue
			}
			if r.Kind == CrossPending {
				return false
			}
			has = true
		}
		if !has && !p.Withdrawn && p.JoinedRound <= round {
			return false
		}
	}
	return true
}

// CompletedRounds returns the last round that has results and no pending board in it or
// before it (0 when round 1 is not complete): the round the standings commands show by
// default.
func CompletedRounds(ct *Crosstable) int {
	last := 0 // highest paired round: a board or a bye (an absence may be announced ahead)
	firstPending := ct.Rounds + 1
	for _, p := range ct.Players {
		for _, r := range p.Results {
			if r.Kind != CrossAbsent && r.Round > last {
				last = r.Round
			}
			if r.Kind == CrossPending && r.Round < firstPending {
				firstPending = r.Round
			}
		}
	}
	if firstPending-1 < last {
		return firstPending - 1
	}
	if last > ct.Rounds {
		return ct.Rounds
	}
	return last
}

// ComputeStandings returns the standings after round afterRound (0 = before round 1, all
// equal), best first: points, then ct.TieBreaks in order; players equal on every criterion
// share the place (Rank..RankTo) and are listed by pairing number, then name. Rounds after
// afterRound are ignored entirely, also in the opponents' scores.
//
// Errors wrap ErrRoundRange (afterRound outside 0..ct.Rounds), ErrInvalidCrosstable (the two
// sides of a board disagree, unknown opponent, ...) or ErrUnknownTieBreak.
func ComputeStandings(ct *Crosstable, afterRound int) ([]Standing, error) {
	return ComputeStandingsAmong(ct, afterRound, nil)
}

// ComputeStandingsAsOf is the standings as they were after round afterRound (issue 28:
// the sheets of round k as they were): ComputeStandings of the players who had entered
// the event by the pairing of the next round (CrossEntry.EnteredBy(afterRound+1): the
// standings after round k are those the pairing of round k+1 starts from, a late entrant
// of round k+1 with his start points among them), placed among themselves; a late
// entrant is on no standings of an earlier round. A player paired in one of those rounds
// is on them whatever his entry says (a file whose entries say otherwise: an older import).
// Errors: ComputeStandings's.
func ComputeStandingsAsOf(ct *Crosstable, afterRound int) ([]Standing, error) {
	return ComputeStandingsAmong(ct, afterRound, func(i int) bool {
		p := &ct.Players[i]
		if p.EnteredBy(afterRound + 1) {
			return true
		}
		for _, r := range p.Results {
			if r.Round <= afterRound+1 && r.Kind != CrossAbsent {
				return true
			}
		}
		return false
	})
}

// computeStandings is ComputeStandings of the players keep accepts (index into
// ct.Players; nil: all): their places and group-dependent tie-breaks are among themselves,
// while scores and opponent-based tie-breaks still count the whole event.
func ComputeStandingsAmong(ct *Crosstable, afterRound int, keep func(i int) bool) ([]Standing, error) {
	nz, err := normalize(ct, afterRound)
	if err != nil {
		return nil, err
	}
	for _, tb := range ct.TieBreaks {
		if _, ok := tieBreakDefOf(tb); !ok {
			return nil, Errf(ErrUnknownTieBreak, "err.tiebreak.unknown_in_list", "{err} {name}", "name", strconv.Quote(string(tb)))
		}
	}
	np := len(ct.Players)
	out := make([]Standing, np)
	vals := make([]int, np*len(ct.TieBreaks))
	for i := range ct.Players {
		st := &out[i]
		st.Entry = &ct.Players[i]
		st.Points = nz.score[i]
		st.Adjustment = nz.adjust[i]
		st.Carried = nz.carry[i]
		st.TieBreaks = vals[i*len(ct.TieBreaks) : (i+1)*len(ct.TieBreaks) : (i+1)*len(ct.TieBreaks)]
		for _, s := range nz.slots[i] {
			switch s.kind {
			case CrossPlayed:
				st.Games++
				switch s.gp {
				case 2:
					st.Wins++
				case 1:
					st.Draws++
				default:
					st.Losses++
				}
			case CrossBye:
				st.Byes++
			case CrossForfeitWin:
				st.ForfeitWins++
			case CrossForfeitLoss:
				st.ForfeitLosses++
			case CrossAbsent, CrossUnplayed:
				st.Absences++
			case CrossPending:
				st.Pending++
			}
		}
	}
	// Group-independent tie-breaks once per player.
	for t, tb := range ct.TieBreaks {
		def, _ := tieBreakDefOf(tb)
		if def.player == nil {
			continue
		}
		for i := range out {
			out[i].TieBreaks[t] = def.player(nz, i)
		}
	}
	order := make([]int, 0, np)
	for i := range np {
		if keep == nil || keep(i) {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool {
		pa, pb := &out[order[a]], &out[order[b]]
		if pa.Points != pb.Points {
			return pa.Points > pb.Points
		}
		return entryLess(pa.Entry, pb.Entry)
	})
	// Refine groups of equal points criterion by criterion. A group-dependent criterion
	// (direct encounter) is evaluated inside the group still tied when its turn comes.
	groups := splitBy(order, func(i int) int { return out[i].Points })
	for t, tb := range ct.TieBreaks {
		def, _ := tieBreakDefOf(tb)
		var next []span
		for _, g := range groups {
			members := order[g.lo:g.hi]
			if len(members) > 1 && def.group != nil {
				v := def.group(nz, members)
				for m, i := range members {
					out[i].TieBreaks[t] = v[m]
				}
			}
			key := func(i int) int { return out[i].TieBreaks[t] }
			sort.SliceStable(members, func(a, b int) bool { return key(members[a]) > key(members[b]) })
			for _, s := range splitBy(members, key) {
				next = append(next, span{g.lo + s.lo, g.lo + s.hi})
			}
		}
		groups = next
	}
	res := make([]Standing, len(order))
	pos := 0
	for _, g := range groups {
		members := order[g.lo:g.hi]
		sort.SliceStable(members, func(a, b int) bool { return entryLess(out[members[a]].Entry, out[members[b]].Entry) })
		for _, i := range members {
			st := out[i]
			st.Rank, st.RankTo = g.lo+1, g.hi
			res[pos] = st
			pos++
		}
	}
	return res, nil
}

// splitBy cuts members (already sorted by key, descending) into runs of equal key.
// span is a run order[lo:hi] of players tied so far.
type span struct{ lo, hi int }

func splitBy(members []int, key func(int) int) []span {
	var out []span
	for lo := 0; lo < len(members); {
		hi := lo + 1
		for hi < len(members) && key(members[hi]) == key(members[lo]) {
			hi++
		}
		out = append(out, span{lo, hi})
		lo = hi
	}
	return out
}

// entryLess orders players within a shared place: pairing number (0 last), then name, id.
func entryLess(a, b *CrossEntry) bool {
	an, bn := a.Number, b.Number
	if an == 0 {
		an = 1 << 30
	}
	if bn == 0 {
		bn = 1 << 30
	}
	if an != bn {
		return an < bn
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.ID < b.ID
}

// historyAdjustment is what adjs add to the score of an entrant before round (the pairing
// engines' Entrant.Score; history holds his rounds 1..round-1): a replacement the
// difference it makes to each matching round, a bonus or penalty of a round before
// round its points. It agrees with ComputeStandings after round-1 on the 2-1-0 scale.
func HistoryAdjustment(adjs []ScoreAdjustment, history []pairing.Round, round int) int {
	d := 0
	kinds := map[pairing.Kind]CrossKind{pairing.Played: CrossPlayed, pairing.ForfeitWin: CrossForfeitWin,
		pairing.ForfeitLoss: CrossForfeitLoss, pairing.Absent: CrossAbsent, pairing.Bye: CrossBye}
	for _, h := range history {
		k, ok := kinds[h.Kind]
		if !ok || h.Number >= round {
			continue
		}
		v := h.Points
		for _, a := range adjs {
			if a.Result != ' ' && (a.Round == 0 || a.Round == h.Number) && a.replaces(k, h.Points) {
				v = a.Points
			}
		}
		d += v - h.Points
	}
	for _, a := range adjs {
		if a.Result == ' ' && max(a.Round, 1) < round {
			d += a.Points
		}
	}
	return d
}
