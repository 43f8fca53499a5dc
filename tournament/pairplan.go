// PairNext as load → plan → write: the store reads what pairing a round needs into a
// pairingSnapshot, planRound decides the round from it without a database, and writeRound
// stores the plan.

package tournament

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"arbitro/pairing"
)

// pairingSnapshot is everything planning round `round` of a tournament needs, read in one
// transaction (Tx.loadPairing): nothing in it is SQL, so planRound is a pure function of it
// and the tests build one in memory.
type pairingSnapshot struct {
	t        Tournament        // as stored; t.RoundsPaired is round-1
	round    int               // the round to pair
	missing  []string          // boards of earlier rounds without a final result (paired with --force)
	entrants []pairing.Entrant // snapshot(t, round)
	systemFacts
}

// systemFacts are the stored facts the engine of t.System needs besides the entrants.
type systemFacts struct {
	late         []string                 // round robin: players who entered after round 1
	prev         []pairing.Pair           // Italo-Swiss, round > 1: game 1 of the round before (roundPairs)
	prevRests    map[int]pairing.RestKind // Italo-Swiss FID formats, round > 1: its rests (roundRests)
	entries      []Entry                  // Italo-Swiss FID formats with club separation: the entries
	forbidden    [][2]int                 // Dutch: prohibited pairs of the round (entry ids)
	acceleration dutchAcceleration        // Dutch: Baku, or an imported TRF's 250/XXA points
	usedOpenings map[string]bool          // FID opening ballot: openings drawn in earlier rounds
}

// roundPlan is the round planRound decides; writeRound stores it.
type roundPlan struct {
	pairs    []pairing.Pair        // entry ids; Board = board number; byes last
	rests    map[int]string        // White id of a bye → its kind of rest (Italo-Swiss FID formats)
	floats   map[int]pairing.Float // entry id → float of this round (pairing.RoundFloats)
	warnings []string
	ex       *RoundExplanation
}

// PairNext pairs the next round of t (one more than the last paired round) with the
// tournament's system, in the caller's transaction, and stores it:
//
//   - refused before the lot (ErrLotNotDrawn), beyond tournaments.rounds
//     (ErrAllRoundsPaired), and while an earlier round has a board without a final result
//     (ErrResultsMissing, unless opts.Force: then the boards are returned as warnings);
//   - round-robin: round r of the Berger table (pairing.RoundRobin; double round robin when
//     the tournament plans twice BergerRounds(n) rounds; odd n: the bye); every entry must
//     have joined in round 1, and manual pairs are refused;
//   - italo-swiss: the tournament's format (pairing.ItaloFID, or pairing.ItaloSwiss for
//     rotation) from the start player of the previous round, with opts.Manual as fixed
//     pairs;
//   - dutch: pairing.Dutch with the stored seed (round 1's colour drawn by lot) and the
//     planned number of rounds; manual pairs take boards 1..k and the others are paired
//     around them;
//
// then writes the round (method = system, seed, explanation JSON), its boards (game 2 with
// colours reversed when the tournament plays two games per pairing; a bye has one board
// row), the floats of the Swiss systems (pairing.RoundFloats, C.04.3 Art. 1.4), scores the byes
// (scoreByes) and logs "round.pair" (and "pairing.manual" for the arbiter's pairs).
//
// t names the tournament: its state is read again in the transaction, and t is not
// changed (the round paired is PairedRound.Round).
//
// Errors: the ones above; ErrNoPairing (wrapped, exit code 4 in the CLI); ErrInvalid for a
// bad manual pair or a bad round-robin size. Nothing is kept on error when the caller's
// Store.Update rolls back.
func (tx *Tx) PairNext(t *Tournament, opts PairOptions) (*PairedRound, error) {
	s, err := tx.loadPairing(t.ID, opts.Force)
	if err != nil {
		return nil, err
	}
	p, err := planRound(s, opts)
	if err != nil {
		return nil, err
	}
	return tx.writeRound(s, p, opts)
}

// loadPairing reads the pairingSnapshot of the next round of tournament id. The gates come
// first, before anything else is read: the lot, the planned rounds, and (unless force) the
// results of the earlier rounds.
func (tx *Tx) loadPairing(id int64, force bool) (*pairingSnapshot, error) {
	cur, err := tx.TournamentByID(id)
	if err != nil {
		return nil, err
	}
	if cur.LotDrawnAt == "" {
		return nil, fmt.Errorf("%w for %s: pairing numbers are needed before round 1", ErrLotNotDrawn, cur.Name)
	}
	round := cur.RoundsPaired + 1
	if round > cur.Rounds {
		return nil, fmt.Errorf("%w: %s plans %d rounds and all are paired", ErrAllRoundsPaired, cur.Name, cur.Rounds)
	}
	missing, err := tx.missingResults(cur, round)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 && !force {
		return nil, fmt.Errorf("%w: before pairing round %d enter the result of %s", ErrResultsMissing, round, strings.Join(missing, ", "))
	}
	s := &pairingSnapshot{t: *cur, round: round, missing: missing}
	if s.entrants, err = tx.snapshot(cur, round); err != nil {
		return nil, err
	}
	if s.systemFacts, err = tx.loadSystemFacts(cur, round); err != nil {
		return nil, err
	}
	return s, nil
}

// loadSystemFacts reads the systemFacts of round `round` of t.
func (tx *Tx) loadSystemFacts(t *Tournament, round int) (systemFacts, error) {
	var f systemFacts
	var err error
	switch t.System {
	case SystemRoundRobin:
		f.late, err = tx.lateEntries(t)
	case SystemItaloSwiss:
		fid := t.italoFormat().FID()
		if round > 1 {
			if f.prev, err = tx.roundPairs(t, round-1); err == nil && fid {
				f.prevRests, err = tx.roundRests(t, round-1)
			}
		}
		if err == nil && fid && t.ClubSeparation == "club" {
			f.entries, err = tx.Entries(t.ID)
		}
	case SystemDutch:
		if f.forbidden, err = tx.forbiddenEntries(t, round); err == nil {
			f.acceleration, err = tx.loadAcceleration(t)
		}
	}
	if err == nil && t.Openings == OpeningsFIDItalian {
		f.usedOpenings, err = tx.usedOpenings(t, round)
	}
	return f, err
}

// lateEntries returns the names of the players of t who entered after round 1.
func (tx *Tx) lateEntries(t *Tournament) ([]string, error) {
	rows, err := tx.query(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ? AND e.joined_round > 1 ORDER BY p.name`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var late []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		late = append(late, ShownName(n))
	}
	return late, rows.Err()
}

// planRound decides round s.round from the snapshot alone: the arbiter's pairs checked,
// the system's engine, the byes, the floats, the explanation and the opening drawn.
func planRound(s *pairingSnapshot, opts PairOptions) (*roundPlan, error) {
	cur, round, es := &s.t, s.round, s.entrants
	var warnings []string
	for _, m := range s.missing {
		warnings = append(warnings, "paired without the result of "+m)
	}
	byID := map[int]*pairing.Entrant{}
	for i := range es {
		byID[es[i].ID] = &es[i]
	}
	fixed, used, mw, err := manualPairs(es, round, opts.Manual)
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, mw...)
	p := &roundPlan{rests: map[int]string{},
		ex: &RoundExplanation{System: cur.System, Round: round, Seed: cur.Seed, Manual: opts.Manual, Forced: len(s.missing) > 0}}
	var sw []string
	switch cur.System {
	case SystemRoundRobin:
		sw, err = p.roundRobin(s, len(opts.Manual) > 0)
	case SystemItaloSwiss:
		sw, err = p.italo(s, fixed, byID)
	case SystemDutch:
		err = p.dutch(s, fixed, used)
	default:
		err = fmt.Errorf("%w: unknown pairing system %q", ErrInvalid, cur.System)
	}
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, sw...)
	if len(p.pairs) == 0 {
		return nil, fmt.Errorf("%w: round %d of %s: nobody is available to play", ErrNoPairing, round, cur.Name)
	}
	if w := byesWarning(p.pairs, round, opts.Manual); w != "" {
		warnings = append(warnings, w)
	}
	p.ex.Warnings, p.warnings = warnings, warnings
	p.floats = map[int]pairing.Float{}
	if cur.System != SystemRoundRobin { // a round robin has no floats
		p.floats = pairing.RoundFloats(p.pairs, func(id int) int { return byID[id].Score })
	}
	if p.ex.Dutch != nil {
		for _, pr := range p.pairs {
			n := BoardNote{Board: pr.Board, White: pr.White, Black: pr.Black, WhiteScore: byID[pr.White].Score,
				WhiteFloat: floatText(p.floats[pr.White]), Manual: used[byID[pr.White].Number]}
			if pr.Black != 0 {
				n.BlackScore, n.BlackFloat = byID[pr.Black].Score, floatText(p.floats[pr.Black])
			}
			p.ex.Dutch.Boards = append(p.ex.Dutch.Boards, n)
		}
	}
	if p.ex.Opening, err = drawOpening(cur, round, s.usedOpenings); err != nil { // FID Capo IV ballot (issue 13)
		return nil, err
	}
	return p, nil
}

// manualPairs checks the arbiter's pairs (by pairing number) against the entrants of the
// round and returns them as pairs of entry ids (boards 1..k), the pairing numbers they use,
// and a warning for each pair that repeats a game or a bye (the arbiter's decision).
func manualPairs(es []pairing.Entrant, round int, manual []ManualPair) ([]pairing.Pair, map[int]bool, []string, error) {
	byNumber := map[int]*pairing.Entrant{}
	for i := range es {
		byNumber[es[i].Number] = &es[i]
	}
	var fixed []pairing.Pair
	var warnings []string
	used := map[int]bool{}
	for _, m := range manual {
		var pe [2]*pairing.Entrant
		for k, n := range []int{m.White, m.Black} {
			if n == 0 {
				continue
			}
			e := byNumber[n]
			if e == nil {
				return nil, nil, nil, fmt.Errorf("%w: manual pair %s: no player has pairing number %d", ErrInvalid, m, n)
			}
			if !e.Available {
				return nil, nil, nil, fmt.Errorf("%w: manual pair %s: %s (number %d) is withdrawn, absent or not entered yet in round %d", ErrInvalid, m, e.Name, n, round)
			}
			if used[n] {
				return nil, nil, nil, fmt.Errorf("%w: manual pair %s: number %d is in two manual pairs", ErrInvalid, m, n)
			}
			used[n] = true
			pe[k] = e
		}
		w, b := pe[0], pe[1]
		for _, h := range w.History {
			switch {
			case b != nil && h.Opponent == b.ID:
				warnings = append(warnings, fmt.Sprintf("manual pair %s: %s and %s already met in round %d (arbiter's decision)", m, w.Name, b.Name, h.Number))
			case b == nil && h.Kind == pairing.Bye:
				warnings = append(warnings, fmt.Sprintf("manual pair %s: %s already had the bye in round %d (arbiter's decision)", m, w.Name, h.Number))
			}
		}
		pr := pairing.Pair{Board: len(fixed) + 1, White: w.ID}
		if b != nil {
			pr.Black = b.ID
		}
		fixed = append(fixed, pr)
	}
	return fixed, used, warnings, nil
}

// roundRobin plans a round-robin round: the Berger table's round, a warning for each
// entrant who cannot play it.
func (p *roundPlan) roundRobin(s *pairingSnapshot, manual bool) ([]string, error) {
	if manual {
		return nil, fmt.Errorf("%w: a round robin follows the Berger table; manual pairs (--set) are not allowed", ErrInvalid)
	}
	var err error
	if p.pairs, p.ex.Berger, err = bergerRound(&s.t, s.entrants, s.round, s.late); err != nil {
		return nil, err
	}
	var warnings []string
	for _, e := range s.entrants {
		if !e.Available {
			warnings = append(warnings, fmt.Sprintf("%s is withdrawn or absent in round %d: record his game as a forfeit", e.Name, s.round))
		}
	}
	return warnings, nil
}

// italo plans an Italo-Swiss round around the arbiter's pairs, with a warning for every
// player who gets the same colour a third time running.
func (p *roundPlan) italo(s *pairingSnapshot, fixed []pairing.Pair, byID map[int]*pairing.Entrant) ([]string, error) {
	start, res, err := italoPair(&s.t, s.entrants, s.round, fixed, s.systemFacts)
	if err != nil {
		return nil, err
	}
	p.ex.Start, p.ex.Italo, p.pairs = start, &res, res.Pairs
	for _, r := range res.Rests {
		p.rests[r.ID] = string(r.Kind)
	}
	var warnings []string
	for _, st := range res.Steps {
		for _, id := range st.SameColourThrice {
			warnings = append(warnings, fmt.Sprintf("%s gets the same colour for the third game running (allowed, docs/pairing-fid.md 2.6)", byID[id].Name))
		}
	}
	return warnings, nil
}

// dutch plans a Dutch round: the arbiter's pairs on boards 1..k, the engine's pairs of the
// other players after them, the byes last.
func (p *roundPlan) dutch(s *pairingSnapshot, fixed []pairing.Pair, used map[int]bool) error {
	sub := make([]pairing.Entrant, len(s.entrants))
	copy(sub, s.entrants)
	for i := range sub {
		if used[sub[i].Number] {
			sub[i].Available = false
		}
	}
	var res pairing.DutchResult
	if countAvailable(sub) > 0 {
		var err error
		res, err = pairing.Dutch(sub, dutchOptions(&s.t, s.round, s.entrants, s.forbidden, s.acceleration))
		if err != nil {
			return pairErr(&s.t, s.round, err)
		}
	} else {
		res.InitialColour = pairing.LotColour(uint64(s.t.Seed))
	}
	pairs := append(append([]pairing.Pair{}, fixed...), res.Pairs...)
	sort.SliceStable(pairs, func(i, j int) bool { return !pairs[i].IsBye() && pairs[j].IsBye() }) // byes last
	for i := range pairs {
		pairs[i].Board = i + 1
	}
	p.pairs = pairs
	p.ex.Dutch = &DutchInfo{InitialColour: res.InitialColour.String(), Brackets: res.Brackets}
	return nil
}

// byesWarning is the warning for a round with more than one bye, or "".
func byesWarning(pairs []pairing.Pair, round int, manual []ManualPair) string {
	byes, manualByes := 0, 0
	for _, p := range pairs {
		if p.IsBye() {
			byes++
		}
	}
	if byes <= 1 {
		return ""
	}
	for _, m := range manual {
		if m.Black == 0 {
			manualByes++
		}
	}
	return fmt.Sprintf("%d byes in round %d (%d given by the arbiter's --set; the others were needed to pair the rest)", byes, round, manualByes)
}

// writeRound stores plan p of round s.round: the round row with its explanation, the
// opening drawn, the boards with their floats, the byes' scores and the event log.
func (tx *Tx) writeRound(s *pairingSnapshot, p *roundPlan, opts PairOptions) (*PairedRound, error) {
	cur, round := &s.t, s.round
	exJSON, err := json.Marshal(p.ex)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, cur.ID, round, cur.System, cur.Seed, string(exJSON), tx.nowText(), tx.nowText())
	if err != nil {
		return nil, err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	if err := tx.storeOpening(roundID, p.ex.Opening); err != nil {
		return nil, err
	}
	if err := tx.writeBoards(roundID, cur.GamesPerPairing, p); err != nil {
		return nil, err
	}
	if _, err := tx.scoreByes(cur, round); err != nil {
		return nil, err
	}
	boards, err := tx.Boards(cur, round)
	if err != nil {
		return nil, err
	}
	if len(opts.Manual) > 0 {
		if err := tx.logEvent(cur.ID, "pairing.manual", nil, map[string]any{"round": round, "pairs": opts.Manual}); err != nil {
			return nil, err
		}
	}
	if err := tx.logEvent(cur.ID, "round.pair", nil, map[string]any{"round": round, "method": cur.System, "seed": cur.Seed,
		"boards": boardSummary(boards), "manual": opts.Manual, "warnings": p.warnings}); err != nil {
		return nil, err
	}
	return &PairedRound{Round: round, Method: cur.System, Seed: cur.Seed, Boards: boards, Pairs: p.pairs, Warnings: p.warnings, Explanation: p.ex}, nil
}

// writeBoards inserts the boards of plan p into round row roundID: game 1 of every pair
// (pair_order its place), game 2 with colours reversed when games is 2; a bye has one row.
func (tx *Tx) writeBoards(roundID int64, games int, p *roundPlan) error {
	ins, err := tx.prepare(`INSERT INTO boards (round_id, board, game, white_entry, black_entry, pair_order, white_float, black_float, rest)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for i, pr := range p.pairs {
		var black any
		rest := ""
		if pr.Black != 0 {
			black = pr.Black
		} else {
			rest = p.rests[pr.White]
		}
		if _, err := ins.ExecContext(tx.ctx, roundID, pr.Board, 1, pr.White, black, i+1, floatText(p.floats[pr.White]), floatText(p.floats[pr.Black]), rest); err != nil {
			return err
		}
		if games == 2 && pr.Black != 0 {
			if _, err := ins.ExecContext(tx.ctx, roundID, pr.Board, 2, pr.Black, pr.White, i+1, floatText(p.floats[pr.Black]), floatText(p.floats[pr.White]), ""); err != nil {
				return err
			}
		}
	}
	return nil
}
