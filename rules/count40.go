package rules

import (
	"fmt"
)

// The Italian 40-move count (conteggio delle 40 mosse, docs/rules-italian.md "End of the
// game"; FID Regolamento tecnico). arbitro's reading:
//
//   - The count is kept in plies (half-moves). 40 moves by each player = 80 plies.
//   - It is reset to zero by every ply in which either player moves a man (pedina) or makes
//     a capture (presa); a king move without capture adds one.
//   - Count40(g, p) is the count in the position after ply p, counted from the last man move
//     or capture (or from the start of the score, which is all a score shows): it is what
//     the count would be had a player asked for it at the start of the game.
//   - A claim: a player asks the arbiter to count at requestPly; the arbiter counts only the
//     plies played after the request, restarting at every man move or capture; the draw is
//     valid when 80 plies have been counted: declaredPly - max(requestPly, last reset) >= 80.

// Claim reason codes of ClaimVerdict.Reason.
const (
	ClaimValid         = "valid"
	ClaimTooEarly      = "too-early" // fewer than 80 plies counted since the request
	ClaimReset         = "reset"     // a man move or capture after the request restarted the count
	ClaimBeforeRequest = "declared-before-request"
	ClaimOutOfRange    = "ply-out-of-range" // a ply outside 0..number of moves
	ClaimNotReplayable = "not-replayable"   // the game has an illegal move before the declared ply
	ClaimWrongVariant  = "wrong-variant"    // the 40-move count is an Italian rule
)

// ClaimVerdict is the answer of CheckClaim40.
type ClaimVerdict struct {
	Valid   bool
	Reason  string // a Claim* code
	Message string
	// Counted is the number of plies the arbiter had counted at the declared ply.
	Counted int
	// CountFrom is the ply from which they were counted (the request, or the last man move
	// or capture after it).
	CountFrom int
	// ResetPly is the last ply in (requestPly, declaredPly] with a man move or capture (0 if
	// none); ResetCapture says whether it was a capture (else a man move).
	ResetPly     int
	ResetCapture bool
	// ValidAt is the first ply at which a draw under this request would have been valid
	// (0 if never within the game).
	ValidAt int
}

// gameTrace is what the claim checkers need from a replay.
type gameTrace struct {
	v       *Variant
	plies   int    // plies replayed legally
	kind    []byte // kind[p] for ply p (1-based): 'c' capture, 'm' man move, 'k' king move
	draws   []DrawEvent
	verdict Verdict
}

// traceGame replays g in variant v and records each ply's kind. It fails (wrapping
// ErrNotReplayable) when upto is outside 0..len(g.Moves) or an illegal move comes at or
// before ply upto.
func traceGame(g *Game, v *Variant, upto int) (*gameTrace, error) {
	if upto < 0 || upto > len(g.Moves) {
		return nil, fmt.Errorf("%w: ply %d is outside 0..%d (the game has %d moves)", ErrNotReplayable, upto, len(g.Moves), len(g.Moves))
	}
	start, err := StartPosition(g, v)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotReplayable, err)
	}
	t := &gameTrace{v: v, kind: make([]byte, len(g.Moves)+1)}
	r := replayer{v: v, g: g, budget: lookaheadBudget}
	r.onPly = func(ply int, before, after Position, irrev bool) {
		k := byte('k')
		if irrev {
			k = 'm'
			bwm, bwk, bbm, bbk := before.Counts()
			awm, awk, abm, abk := after.Counts()
			if bwm+bwk+bbm+bbk != awm+awk+abm+abk {
				k = 'c'
			}
		}
		t.kind[ply] = k
	}
	r.run(start, &t.verdict)
	t.plies = t.verdict.Plies
	t.draws = t.verdict.Draws
	if t.plies < upto {
		return t, fmt.Errorf("%w: %s", ErrNotReplayable, t.verdict.Message)
	}
	return t, nil
}

func (t *gameTrace) count40(ply int) int {
	n := 0
	for p := ply; p >= 1 && t.kind[p] == 'k'; p-- {
		n++
	}
	return n
}

func italianOnly(g *Game) (*Variant, error) {
	v, err := GameVariant(g, ReplayOptions{Variant: Italian})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotReplayable, err)
	}
	if v != Italian {
		return nil, fmt.Errorf("%w: the 40-move count is an Italian draughts rule (this game is %s)", ErrNotReplayable, v.Name())
	}
	return v, nil
}

// Count40 returns the 40-move count, in plies, in the position after ply (0 = the start):
// the number of consecutive plies up to and including ply in which no man moved and nothing
// was captured. 80 plies (40 moves by each player) make the draw. Divide by 2 for moves per
// player. Errors wrap ErrNotReplayable (not an Italian game, ply out of range, or an illegal
// move at or before ply).
func Count40(g *Game, ply int) (int, error) {
	v, err := italianOnly(g)
	if err != nil {
		return 0, err
	}
	t, err := traceGame(g, v, ply)
	if err != nil {
		return 0, err
	}
	return t.count40(ply), nil
}

// FirstClaim40 returns the first ply after which the 40-move count (Count40) reached 80
// plies, i.e. the earliest ply at which a draw claim counted from the start of the score was
// valid; ok is false when it never did. Errors as Count40.
func FirstClaim40(g *Game) (ply int, ok bool, err error) {
	v, err := italianOnly(g)
	if err != nil {
		return 0, false, err
	}
	t, err := traceGame(g, v, 0)
	if err != nil {
		return 0, false, err
	}
	for p := 1; p <= t.plies; p++ {
		if t.count40(p) >= plies40Move {
			return p, true, nil
		}
	}
	return 0, false, nil
}

// CheckClaim40 judges a 40-move draw in an Italian game: the count was asked for after
// requestPly and the draw declared after declaredPly (plies, 0 = the start). Valid when at
// least 80 plies without a man move or capture were played after the later of requestPly and
// the last man move or capture: see the reading at the top of count40.go. Every problem
// (not an Italian game, plies out of range, an illegal move before declaredPly) is a
// ClaimVerdict with Valid false and a Claim* Reason.
func CheckClaim40(g *Game, requestPly, declaredPly int) ClaimVerdict {
	v, err := italianOnly(g)
	if err != nil {
		return ClaimVerdict{Reason: ClaimWrongVariant, Message: err.Error()}
	}
	n := len(g.Moves)
	if requestPly < 0 || requestPly > n || declaredPly < 0 || declaredPly > n {
		return ClaimVerdict{Reason: ClaimOutOfRange, Message: fmt.Sprintf("plies must be within 0..%d (the game has %d moves)", n, n)}
	}
	if declaredPly < requestPly {
		return ClaimVerdict{Reason: ClaimBeforeRequest, Message: fmt.Sprintf("the draw (ply %d) was declared before the count was asked for (ply %d)", declaredPly, requestPly)}
	}
	t, err := traceGame(g, v, declaredPly)
	if err != nil {
		return ClaimVerdict{Reason: ClaimNotReplayable, Message: err.Error()}
	}
	cv := ClaimVerdict{CountFrom: requestPly}
	for p := requestPly + 1; p <= declaredPly; p++ {
		if t.kind[p] != 'k' {
			cv.ResetPly, cv.ResetCapture, cv.CountFrom = p, t.kind[p] == 'c', p
		}
	}
	cv.Counted = declaredPly - cv.CountFrom
	// When would this request first have been valid?
	from := requestPly
	for p := requestPly + 1; p <= t.plies; p++ {
		if t.kind[p] != 'k' {
			from = p
		}
		if p-from >= plies40Move {
			cv.ValidAt = p
			break
		}
	}
	switch {
	case cv.Counted >= plies40Move:
		cv.Valid, cv.Reason = true, ClaimValid
		cv.Message = fmt.Sprintf("%d plies (%d moves each) without a man move or capture from ply %d to ply %d: the draw is valid", cv.Counted, cv.Counted/2, cv.CountFrom, declaredPly)
		if cv.ValidAt != 0 && cv.ValidAt < declaredPly {
			cv.Message += fmt.Sprintf(" (it was already valid at ply %d)", cv.ValidAt)
		}
	case cv.ResetPly != 0:
		cv.Reason = ClaimReset
		what := "a man move"
		if cv.ResetCapture {
			what = "a capture"
		}
		cv.Message = fmt.Sprintf("%s at ply %d (%s) restarted the count; only %d plies counted by ply %d, 80 needed", what, cv.ResetPly, g.Moves[cv.ResetPly-1].Text, cv.Counted, declaredPly)
	default:
		cv.Reason = ClaimTooEarly
		cv.Message = fmt.Sprintf("only %d plies (%d moves each) counted from the request at ply %d to ply %d, 80 needed", cv.Counted, cv.Counted/2, requestPly, declaredPly)
	}
	return cv
}
