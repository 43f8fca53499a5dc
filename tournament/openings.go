package tournament

import (
	"fmt"
	"strconv"

	"arbitro/pairing"
	"arbitro/rules"
)

// ProblemOpening: an audit problem, the game score does not begin with the opening drawn
// for its round (FID Capo IV opening ballot).
const ProblemOpening = "opening-mismatch"

// OpeningDraw is the opening drawn by lot for one round (FID Capo IV, Tabella 4).
type OpeningDraw struct {
	Code  string `json:"code"`  // the opening's number in the table (rules.ItalianOpenings)
	Label string `json:"label"` // its moves, e.g. "21-17 10-14 26-21"
	Seed  int64  `json:"seed"`  // the tournament's seed; the draw is pairing.LotOpening(seed, round, n)
}

// drawOpening draws the opening of round `round` of t when t has the FID opening ballot
// (nil otherwise): one of the openings of rules.ItalianOpenings not drawn in an earlier
// round of t (used, usedOpenings), in table order, chosen by pairing.LotOpening from the
// tournament's seed and the round number — so unpairing and pairing the round again draws
// the same opening. Errors: ErrInvalid when every opening has been drawn.
func drawOpening(t *Tournament, round int, used map[string]bool) (*OpeningDraw, error) {
	if t.Openings != OpeningsFIDItalian {
		return nil, nil
	}
	var avail []rules.ItalianOpening
	for _, o := range rules.ItalianOpenings() {
		if !used[strconv.Itoa(o.Number)] {
			avail = append(avail, o)
		}
	}
	if len(avail) == 0 {
		return nil, fmt.Errorf("%w: every opening of the FID table has been drawn in %s; the ballot cannot go on ('arbitro tournament set openings none' before round 1)", ErrInvalid, t.Name)
	}
	o := avail[pairing.LotOpening(uint64(t.Seed), round, len(avail))]
	return &OpeningDraw{Code: strconv.Itoa(o.Number), Label: o.Moves, Seed: t.Seed}, nil
}

// OpeningProblems checks that game score g begins with FID opening code (a number of
// rules.ItalianOpenings; "" means no ballot: nothing to check): its first three plies are
// the opening's, or it starts (FEN tag) from the position the opening reaches. It returns
// one ProblemOpening naming the first ply that differs.
func OpeningProblems(g *rules.Game, code string) []Problem {
	if code == "" || g == nil {
		return nil
	}
	n, _ := strconv.Atoi(code)
	o, ok := rules.ItalianOpeningByNumber(n)
	if !ok {
		return openingProblem(0, Errf(nil, "err.audit.opening_unknown", "the round's opening {code} is not in the FID table", "code", strconv.Quote(code)))
	}
	want, err := o.Position()
	if err != nil {
		return []Problem{{Code: ProblemOpening, Message: err.Error(), Err: err}}
	}
	if start, err := rules.StartPosition(g, rules.Italian); err == nil && start.FEN() != rules.Italian.Start().FEN() {
		if start.FEN() == want.FEN() {
			return nil
		}
		return openingProblem(0, Errf(nil, "err.audit.opening_setup", "the score starts from a set-up position, not the one opening {number} ({moves}) reaches", "number", o.Number, "moves", o.Moves))
	}
	for i, pl := range o.Plies() {
		if i >= len(g.Moves) {
			return openingProblem(i+1, Errf(nil, "err.audit.opening_short", "the score ends after {plies} plies, before the round's opening {number} ({moves}) is complete", "plies", i, "number", o.Number, "moves", o.Moves))
		}
		m := g.Moves[i]
		if m.From != pl[0] || m.To != pl[1] {
			return openingProblem(i+1, Errf(nil, "err.audit.opening_differs", "ply {ply} is {move}, but the round's opening {number} ({moves}) plays {want}", "ply", i+1, "move", m.Text, "number", o.Number, "moves", o.Moves, "want", fmt.Sprintf("%d-%d", pl[0], pl[1])))
		}
	}
	return nil
}

// openingProblem is the ProblemOpening at ply (0: the score as a whole) worded by err (a
// CodedError: its English is the Message, reports words it in the reader's language).
func openingProblem(ply int, err error) []Problem {
	return []Problem{{Code: ProblemOpening, Ply: ply, Message: err.Error(), Err: err}}
}
