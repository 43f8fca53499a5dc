package pairing

import (
	"cmp"
	"fmt"
	"slices"
)

// PairDiff is one difference between the engine's pairing of a round and a pairing being
// checked (made by hand or by another program).
type PairDiff struct {
	// Kind: "missing" (the engine pairs Engine's players together, the checked round does
	// not), "extra" (the checked round pairs Checked's players, the engine does not),
	// "colours" (same two players, colours swapped), "bye" (the bye goes to someone else:
	// Engine and Checked are the two bye pairs, either may be zero).
	Kind    string
	Engine  Pair
	Checked Pair
}

// String describes the difference for an arbiter, with Entrant IDs.
func (d PairDiff) String() string {
	switch d.Kind {
	case "missing":
		return fmt.Sprintf("engine pairs %d-%d (board %d), the checked round does not", d.Engine.White, d.Engine.Black, d.Engine.Board)
	case "extra":
		return fmt.Sprintf("checked round pairs %d-%d (board %d), the engine does not", d.Checked.White, d.Checked.Black, d.Checked.Board)
	case "colours":
		return fmt.Sprintf("colours: engine gives White to %d against %d, the checked round to %d", d.Engine.White, d.Engine.Black, d.Checked.White)
	case "bye":
		return fmt.Sprintf("bye: engine gives it to %d, the checked round to %d (0 = nobody)", d.Engine.White, d.Checked.White)
	}
	return d.Kind
}

// DiffPairings lists the differences between two pairings of one round (board numbers
// are ignored): byes first, then pairs of engine missing from checked in engine's order,
// colour swaps, then pairs of checked missing from engine in checked's order.
func DiffPairings(engine, checked []Pair) []PairDiff {
	key := func(p Pair) [2]int { return [2]int{min(p.White, p.Black), max(p.White, p.Black)} }
	var out []PairDiff
	var eb, cb Pair
	ce := map[[2]int]Pair{}
	for _, p := range checked {
		if p.IsBye() {
			cb = p
		} else {
			ce[key(p)] = p
		}
	}
	ee := map[[2]int]bool{}
	for _, p := range engine {
		if p.IsBye() {
			eb = p
		} else {
			ee[key(p)] = true
		}
	}
	if eb.White != cb.White {
		out = append(out, PairDiff{Kind: "bye", Engine: eb, Checked: cb})
	}
	for _, p := range engine {
		if p.IsBye() {
			continue
		}
		c, ok := ce[key(p)]
		switch {
		case !ok:
			out = append(out, PairDiff{Kind: "missing", Engine: p})
		case c.White != p.White:
			out = append(out, PairDiff{Kind: "colours", Engine: p, Checked: c})
		}
	}
	for _, p := range checked {
		if !p.IsBye() && !ee[key(p)] {
			out = append(out, PairDiff{Kind: "extra", Checked: p})
		}
	}
	return out
}

// DutchCheck is the outcome of CheckDutch.
type DutchCheck struct {
	Engine     DutchResult // the engine's pairing of the same round
	Diffs      []PairDiff  // differences, empty when the checked round equals the engine's
	Violations []string    // absolute criteria (C1–C3, Art. 2.1) and completeness (1.9.1) broken by the checked round
	// ViolationCodes are the same, one for one, as a code and its arguments, which the
	// reports word in the reader's language (issue 29); Violations are their English.
	ViolationCodes []Violation
}

// Violation is a broken criterion of a checked round: a code (one of the Violation*
// constants) and its arguments as name, value pairs (ints).
type Violation struct {
	Code string
	Args []any
}

// The codes of Violation, with their arguments.
const (
	ViolationUnavailable = "unavailable" // board, player: a player not available for the round is paired
	ViolationByeAgain    = "bye-again"   // player: C2, a second bye
	ViolationMet         = "met"         // white, black: C1, a repeated game
	ViolationForbidden   = "forbidden"   // white, black: C1, a forbidden pair
	ViolationColour      = "colour"      // white, black, colour: C3, the same absolute colour preference
	ViolationTwice       = "twice"       // player: paired more than once
	ViolationMissing     = "missing"     // player: available but not paired
	ViolationByes        = "byes"        // byes, players, want: the wrong number of byes
)

// violate records a broken criterion: its English text and its code.
func (c *DutchCheck) violate(text, code string, args ...any) {
	c.Violations = append(c.Violations, text)
	c.ViolationCodes = append(c.ViolationCodes, Violation{Code: code, Args: args})
}

// CheckDutch re-pairs the round from the snapshot taken before it (entrants, opt: the
// same as when the round was paired) and compares the result with checked, the pairing
// that was published. It also lists every absolute criterion the checked pairing breaks
// (a repeated game, a second bye, two non-topscorers with the same absolute colour
// preference, an available player left out or paired twice, an unknown player).
// Errors: those of Dutch (ErrBadSnapshot, ErrNoPairing).
func CheckDutch(entrants []Entrant, opt DutchOptions, checked []Pair) (DutchCheck, error) {
	var out DutchCheck
	res, err := Dutch(entrants, opt)
	if err != nil {
		return out, err
	}
	out.Engine = res
	out.Diffs = DiffPairings(res.Pairs, checked)
	d, err := newDutch(entrants, opt)
	if err != nil {
		return out, err
	}
	idx := map[int]int{}
	for i, p := range d.ps {
		idx[p.id] = i
	}
	seen := map[int]int{}
	byes := 0
	for _, p := range checked {
		for _, id := range []int{p.White, p.Black} {
			if id == 0 {
				continue
			}
			if _, ok := idx[id]; !ok {
				out.violate(fmt.Sprintf("board %d: player %d is not available for this round", p.Board, id), ViolationUnavailable, "board", p.Board, "player", id)
			}
			seen[id]++
		}
		i, iok := idx[p.White]
		if p.IsBye() {
			byes++
			if iok && d.ps[i].byeBlocked {
				out.violate(fmt.Sprintf("C2 (Art. 2.1.2): player %d gets the bye but already had a bye, a forfeit win or a full-point bye", p.White), ViolationByeAgain, "player", p.White)
			}
			continue
		}
		j, jok := idx[p.Black]
		if !iok || !jok {
			continue
		}
		if slices.Contains(d.ps[i].opps, int32(j)) {
			out.violate(fmt.Sprintf("C1 (Art. 2.1.1): players %d and %d have already met", p.White, p.Black), ViolationMet, "white", p.White, "black", p.Black)
		} else if slices.Contains(d.ps[i].forb, int32(j)) {
			out.violate(fmt.Sprintf("C1 (Art. 2.1.1): players %d and %d are a forbidden pair", p.White, p.Black), ViolationForbidden, "white", p.White, "black", p.Black)
		} else if !d.compatible(i, j) {
			out.violate(fmt.Sprintf("C3 (Art. 2.1.3): players %d and %d both have an absolute preference for %v", p.White, p.Black, d.ps[i].abs), ViolationColour, "white", p.White, "black", p.Black, "colour", fmt.Sprint(d.ps[i].abs))
		}
	}
	var twice, missing []int
	for id, n := range seen {
		if n > 1 {
			twice = append(twice, id)
		}
	}
	for _, p := range d.ps {
		if seen[p.id] == 0 {
			missing = append(missing, p.id)
		}
	}
	slices.Sort(twice)
	slices.SortFunc(missing, cmp.Compare)
	for _, id := range twice {
		out.violate(fmt.Sprintf("player %d is paired more than once", id), ViolationTwice, "player", id)
	}
	for _, id := range missing {
		out.violate(fmt.Sprintf("player %d is available but not paired", id), ViolationMissing, "player", id)
	}
	if byes != len(d.ps)%2 {
		out.violate(fmt.Sprintf("%d byes for %d available players (want %d)", byes, len(d.ps), len(d.ps)%2), ViolationByes, "byes", byes, "players", len(d.ps), "want", len(d.ps)%2)
	}
	return out, nil
}
