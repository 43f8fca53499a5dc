// PairNext as load → plan → write: the store reads what pairing a round needs into a
// pairingSnapshot, planRound decides the round from it without a database, and writeRound
// stores the plan.

package tournament

import (
	"arbitro/pairing"
)

// pairingSnapshot is everything planning round `round` of a tournament needs, read in one
// transaction (Tx.loadPairing): nothing in it is SQL, so planRound is a pure function of it
// and the tests build one in memory.
type PairingSnapshot struct {
	Tournament Tournament        // as stored; t.RoundsPaired is round-1
	Round      int               // the round to pair
	Missing    []MissingResult   // boards of earlier rounds without a final result (paired with --force)
	Forfeited  []ForfeitLoss     // the players who lost round Round-1 by forfeit (Tx.forfeitLosses)
	Entrants   []pairing.Entrant // snapshot(t, round)
	SystemFacts
}

// systemFacts are the stored facts the engine of t.System needs besides the entrants.
type SystemFacts struct {
	Late         []string                 // round robin: players who entered after round 1
	Prev         []pairing.Pair           // Italo-Swiss, round > 1: game 1 of the round before (roundPairs)
	PrevRests    map[int]pairing.RestKind // Italo-Swiss FID formats, round > 1: its rests (roundRests)
	Entries      []Entry                  // Italo-Swiss FID formats with club separation: the entries
	Forbidden    [][2]int                 // Dutch: prohibited pairs of the round (entry ids)
	Acceleration DutchAcceleration        // Dutch: Baku, or an imported TRF's 250/XXA points
	UsedOpenings map[string]bool          // FID opening ballot: openings drawn in earlier rounds
}

// ForfeitLoss is a player who lost a game of a round by forfeit: paired, he did not come
// (an announced absence leaves him unpaired instead). Both players of a double forfeit
// ("--") lost it.
type ForfeitLoss struct {
	Entry int // entry id
	Board int // the board of the round
}

// forfeitWarnings are the notes NoteForfeitNoNotice of the players of fs still to be
// paired in round (available: not withdrawn nor announced absent, where the arbiter has
// already decided), one per player, in the order of fs.
func forfeitWarnings(fs []ForfeitLoss, byID map[int]*pairing.Entrant, round int) []Note {
	var out []Note
	seen := map[int]bool{}
	for _, f := range fs {
		e := byID[f.Entry]
		if e == nil || !e.Available || e.Withdrawn || seen[f.Entry] {
			continue
		}
		seen[f.Entry] = true
		out = append(out, NewNote(NoteForfeitNoNotice, "player", e.Name, "number", e.Number, "round", round-1, "board", f.Board))
	}
	return out
}

// roundPlan is the round planRound decides; writeRound stores it.
type RoundPlan struct {
	Pairs       []pairing.Pair        // entry ids; Board = board number; byes last
	Rests       map[int]string        // White id of a bye → its kind of rest (Italo-Swiss FID formats)
	Floats      map[int]pairing.Float // entry id → float of this round (pairing.RoundFloats)
	Warnings    []Note
	Explanation *RoundExplanation
}

// planRound decides round s.round from the snapshot alone: the arbiter's pairs checked,
// the system's engine, the byes, the floats, the explanation and the opening drawn.
func PlanRound(s *PairingSnapshot, opts PairOptions) (*RoundPlan, error) {
	cur, round, es := &s.Tournament, s.Round, s.Entrants
	var warnings []Note
	for _, m := range s.Missing {
		warnings = append(warnings, m.Note())
	}
	byID := map[int]*pairing.Entrant{}
	for i := range es {
		byID[es[i].ID] = &es[i]
	}
	warnings = append(warnings, forfeitWarnings(s.Forfeited, byID, round)...)
	fixed, used, mw, err := manualPairs(es, round, opts.Manual)
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, mw...)
	p := &RoundPlan{Rests: map[int]string{},
		Explanation: &RoundExplanation{System: cur.System, Round: round, Seed: cur.Seed, Manual: opts.Manual, Forced: len(s.Missing) > 0}}
	sys, err := behaviourOf(cur.System)
	if err != nil {
		return nil, err
	}
	if len(opts.Manual) > 0 {
		if err := sys.manual(); err != nil {
			return nil, err
		}
	}
	sw, err := sys.plan(p, s, planRequest{fixed: fixed, used: used, byID: byID})
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, sw...)
	if len(p.Pairs) == 0 {
		return nil, Errf(ErrNoPairing, "err.round.nobody_available", "{err}: round {round} of {tournament}: nobody is available to play", "round", round, "tournament", cur.Name)
	}
	if w, ok := byesWarning(p.Pairs, round, opts.Manual); ok {
		warnings = append(warnings, w)
	}
	p.Explanation.Warnings, p.Warnings = warnings, warnings
	p.Floats = map[int]pairing.Float{}
	if !cur.System.FixedTable() { // a fixed table (round robin) has no floats
		p.Floats = pairing.RoundFloats(p.Pairs, func(id int) int { return byID[id].Score })
	}
	if p.Explanation.Dutch != nil {
		for _, pr := range p.Pairs {
			n := BoardNote{Board: pr.Board, White: pr.White, Black: pr.Black, WhiteScore: byID[pr.White].Score,
				WhiteFloat: FloatText(p.Floats[pr.White]), Manual: used[byID[pr.White].Number]}
			if pr.Black != 0 {
				n.BlackScore, n.BlackFloat = byID[pr.Black].Score, FloatText(p.Floats[pr.Black])
			}
			p.Explanation.Dutch.Boards = append(p.Explanation.Dutch.Boards, n)
		}
	}
	if p.Explanation.Opening, err = drawOpening(cur, round, s.UsedOpenings); err != nil { // FID Capo IV ballot (issue 13)
		return nil, err
	}
	return p, nil
}

// manualPairs checks the arbiter's pairs (by pairing number) against the entrants of the
// round and returns them as pairs of entry ids (boards 1..k), the pairing numbers they use,
// and a warning for each pair that repeats a game or a bye (the arbiter's decision).
func manualPairs(es []pairing.Entrant, round int, manual []ManualPair) ([]pairing.Pair, map[int]bool, []Note, error) {
	byNumber := map[int]*pairing.Entrant{}
	for i := range es {
		byNumber[es[i].Number] = &es[i]
	}
	var fixed []pairing.Pair
	var warnings []Note
	used := map[int]bool{}
	for _, m := range manual {
		var pe [2]*pairing.Entrant
		for k, n := range []int{m.White, m.Black} {
			if n == 0 {
				continue
			}
			e := byNumber[n]
			if e == nil {
				return nil, nil, nil, Errf(ErrInvalid, "err.round.manual_pair_unknown", "{err}: manual pair {m}: no player has pairing number {n}", "m", m, "n", n)
			}
			if !e.Available {
				return nil, nil, nil, Errf(ErrInvalid, "err.round.manual_pair_withdrawn", "{err}: manual pair {m}: {name} (number {n}) is withdrawn, absent or not entered yet in round {round}", "m", m, "name", e.Name, "n", n, "round", round)
			}
			if used[n] {
				return nil, nil, nil, Errf(ErrInvalid, "err.round.manual_pair_twice", "{err}: manual pair {m}: number {n} is in two manual pairs", "m", m, "n", n)
			}
			used[n] = true
			pe[k] = e
		}
		w, b := pe[0], pe[1]
		for _, h := range w.History {
			switch {
			case b != nil && h.Opponent == b.ID:
				warnings = append(warnings, NewNote(NoteManualMet, "pair", m.String(), "white", w.Name, "black", b.Name, "round", h.Number))
			case b == nil && h.Kind == pairing.Bye:
				warnings = append(warnings, NewNote(NoteManualByeAgain, "pair", m.String(), "player", w.Name, "round", h.Number))
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

// byesWarning is the warning for a round with more than one bye (false: none).
func byesWarning(pairs []pairing.Pair, round int, manual []ManualPair) (Note, bool) {
	byes, manualByes := 0, 0
	for _, p := range pairs {
		if p.IsBye() {
			byes++
		}
	}
	if byes <= 1 {
		return Note{}, false
	}
	for _, m := range manual {
		if m.Black == 0 {
			manualByes++
		}
	}
	return NewNote(NoteByes, "n", byes, "round", round, "manual", manualByes), true
}
