package rules

import (
	"fmt"
	"math/bits"
)

// FMJD Article 6 as arbitro reads it (docs/rules-international.md "Draws"; the article
// numbers 6.2-6.5 in messages follow that file). Every count is in plies after the ply that
// started it, and the draw is reported after the ply that completes it.
//   - Threefold repetition (6.2): the same pieces on the same squares with the same side to
//     move, for the third time; drawn after that ply. Only positions since the last man move
//     or capture are compared (no earlier position can recur).
//   - 25-move rule (6.3): 50 consecutive plies in which no man moved and nothing was
//     captured, counted from the last man move or capture (or the start of the score). Kings
//     of both sides may move; men may stand on the board as long as they do not move.
//   - 16-move rule (6.4) and 5-move rule (6.5): the material class (one side a single king
//     and nothing else; the other three pieces, or one or two, at least one of them a king)
//     is looked at after every ply. The count starts at the ply after which the class first
//     holds (ply 0 if the score starts in it) and restarts only when the class changes:
//     one king against three becoming one king against two (a capture by the lone king)
//     starts a fresh 5-move count. A material change that keeps the class does NOT restart
//     the count: a man of the stronger side promoting (one king against two kings and a man
//     becoming one king against three kings), or the lone king taking one of two pieces (one
//     king against king and man becoming king against king). Reading: "after 16 (5) further
//     moves" counts from when the configuration of that rule arose, and all the material
//     sets listed in one rule are one configuration. The other reading (restart on every
//     material change) would report such draws later; it is not implemented.
//   - Each rule is reported once, at the first ply it applied (DrawEvent); the game is then
//     drawn, so CheckDrawClaim accepts a claim at or after that ply.

// Draw rule names used in DrawEvent.Rule and DrawClaim.Rule (International, FMJD Article 6).
const (
	DrawThreefold = "threefold-repetition" // the same position the third time, same side to move
	Draw25Move    = "25-move"              // 25 moves each (50 plies) with only kings moved, no capture
	Draw16Move    = "16-move"              // one king against three pieces including a king: 16 moves each (32 plies)
	Draw5Move     = "5-move"               // one king against at most two pieces including a king: 5 moves each (10 plies)
)

// Ply lengths of the FMJD counts (Article 6 as stated in docs/rules-international.md).
const (
	plies25Move = 50
	plies16Move = 32
	plies5Move  = 10
	plies40Move = 80 // Italian 40-move count: 40 moves by each player
)

type histEntry struct {
	pos Position
	ply int
}

// posCount is how often a position occurred since the last irreversible ply: n times, first
// after ply p0, second after p1, and rep = 1 + its index in drawTracker.reps (0 if none).
type posCount struct {
	n, p0, p1, rep int32
}

// histScan is the number of positions compared one by one before drawTracker switches to
// its map (a short list is faster to scan than a map is to fill).
const histScan = 16

// drawTracker follows a replay ply by ply: repetitions (both variants), the Italian 40-move
// count, and the FMJD draw rules.
type drawTracker struct {
	v    *Variant
	hist []histEntry // positions since the last man move or capture (until idx takes over)
	// idx counts the positions since the last man move or capture once there are more than
	// histScan of them (long king manoeuvres): a repetition is then found in constant time,
	// so a replay stays linear in the game's length.
	idx        map[Position]posCount
	indexed    bool // idx is in use (hist is empty)
	repPos     []Position
	reps       []Repetition
	sinceIrrev int // plies since the last man move or capture (or the start)
	claim40    int
	cls        int // material class: 0, 16 or 5
	clsStart   int
	draws      []DrawEvent
	have       [4]bool // threefold, 25, 16, 5 recorded
}

func (t *drawTracker) init(v *Variant, start Position) {
	t.v = v
	t.hist = append(t.hist[:0], histEntry{start, 0})
	t.cls = materialClass(start)
	t.clsStart = 0
	t.check(start, 0)
}

// materialClass returns 16 when one side has a single king and nothing else and the other
// three pieces of which at least one king; 5 when the other has one or two pieces of which
// at least one king; else 0.
func materialClass(p Position) int {
	if bits.OnesCount64(p.bb[White]|p.bb[Black]) > 4 {
		return 0 // a class needs a lone king against at most three pieces
	}
	wm, wk, bm, bk := p.Counts()
	cls := func(lm, lk, om, ok int) int {
		if lm != 0 || lk != 1 || ok == 0 {
			return 0
		}
		switch om + ok {
		case 3:
			return 16
		case 1, 2:
			return 5
		}
		return 0
	}
	if c := cls(wm, wk, bm, bk); c != 0 {
		return c
	}
	return cls(bm, bk, wm, wk)
}

// ply records the position after ply n.
func (t *drawTracker) ply(n int, p Position, irrev bool) {
	if irrev {
		t.sinceIrrev = 0
		t.hist = t.hist[:0]
		if t.indexed {
			clear(t.idx)
			t.indexed = false
		}
	} else {
		t.sinceIrrev++
	}
	if !t.indexed && len(t.hist) >= histScan {
		t.index()
	}
	if t.indexed {
		t.plyIndexed(n, p)
	} else {
		t.plyScan(n, p)
	}
	if irrev {
		// Only a capture or a man's move (a promotion) changes the material: a king's
		// move keeps the class.
		if c := materialClass(p); c != t.cls {
			t.cls, t.clsStart = c, n
		}
	}
	t.check(p, n)
}

// index moves the positions of hist into the map idx.
func (t *drawTracker) index() {
	if t.idx == nil {
		t.idx = make(map[Position]posCount, 4*histScan)
	}
	t.indexed = true
	for _, h := range t.hist {
		e := t.idx[h.pos]
		switch e.n {
		case 0:
			e.p0 = int32(h.ply)
		case 1:
			e.p1 = int32(h.ply)
		}
		e.n++
		if e.n >= 3 && e.rep == 0 {
			for i := range t.repPos {
				if t.repPos[i] == h.pos {
					e.rep = int32(i + 1)
				}
			}
		}
		t.idx[h.pos] = e
	}
	t.hist = t.hist[:0]
}

// plyIndexed records position p after ply n in the map.
func (t *drawTracker) plyIndexed(n int, p Position) {
	e := t.idx[p]
	e.n++
	switch e.n {
	case 1:
		e.p0 = int32(n)
	case 2:
		e.p1 = int32(n)
	}
	if e.n >= 3 {
		if e.rep == 0 {
			t.repPos = append(t.repPos, p)
			t.reps = append(t.reps, Repetition{Plies: []int{int(e.p0), int(e.p1), n}})
			e.rep = int32(len(t.reps))
		} else {
			t.reps[e.rep-1].Plies = append(t.reps[e.rep-1].Plies, n)
		}
		t.threefold(n, int(e.p0))
	}
	t.idx[p] = e
}

// threefold records the FMJD threefold-repetition draw after ply n (International).
func (t *drawTracker) threefold(n, first int) {
	if t.v.FlyingKings() && !t.have[0] {
		t.have[0] = true
		t.draws = append(t.draws, DrawEvent{Rule: DrawThreefold, Ply: n, StartPly: first,
			Message: fmt.Sprintf("the position after ply %d occurred for the third time (first at ply %d), same side to move (FMJD 6.2)", n, first)})
	}
}

// plyScan records position p after ply n by comparing it with the short list hist.
func (t *drawTracker) plyScan(n int, p Position) {
	// Repetition: compare with the positions since the last irreversible ply.
	count := 1
	first := n
	for i := range t.hist {
		if t.hist[i].pos == p {
			if count == 1 {
				first = t.hist[i].ply
			}
			count++
		}
	}
	t.hist = append(t.hist, histEntry{p, n})
	if count >= 3 {
		found := false
		for i := range t.repPos {
			if t.repPos[i] == p {
				t.reps[i].Plies = append(t.reps[i].Plies, n)
				found = true
				break
			}
		}
		if !found {
			var plies []int
			for _, h := range t.hist {
				if h.pos == p {
					plies = append(plies, h.ply)
				}
			}
			t.repPos = append(t.repPos, p)
			t.reps = append(t.reps, Repetition{Plies: plies})
		}
		t.threefold(n, first)
	}
}

func (t *drawTracker) check(p Position, n int) {
	if !t.v.FlyingKings() {
		if t.claim40 == 0 && t.sinceIrrev >= plies40Move {
			t.claim40 = n
		}
		return
	}
	if !t.have[1] && t.sinceIrrev >= plies25Move {
		t.have[1] = true
		t.draws = append(t.draws, DrawEvent{Rule: Draw25Move, Ply: n, StartPly: n - plies25Move,
			Message: fmt.Sprintf("25 moves by each player (plies %d-%d) with only kings moved and no capture (FMJD 6.3)", n-plies25Move+1, n)})
	}
	if t.cls == 16 && !t.have[2] && n-t.clsStart >= plies16Move {
		t.have[2] = true
		t.draws = append(t.draws, DrawEvent{Rule: Draw16Move, Ply: n, StartPly: t.clsStart,
			Message: fmt.Sprintf("one king against three pieces including a king since ply %d: 16 moves by each player played (FMJD 6.4)", t.clsStart)})
	}
	if t.cls == 5 && !t.have[3] && n-t.clsStart >= plies5Move {
		t.have[3] = true
		t.draws = append(t.draws, DrawEvent{Rule: Draw5Move, Ply: n, StartPly: t.clsStart,
			Message: fmt.Sprintf("one king against at most two pieces including a king since ply %d: 5 moves by each player played (FMJD 6.5)", t.clsStart)})
	}
}

func (t *drawTracker) finish(vd *Verdict) {
	for i := range t.reps {
		t.reps[i].FEN = t.repPos[i].FEN()
	}
	vd.Repetitions = t.reps
	vd.Draws = t.draws
	if !t.v.FlyingKings() {
		vd.Claim40Ply = t.claim40
	}
}

// DrawClaim is the answer of CheckDrawClaim.
type DrawClaim struct {
	Valid   bool
	Rule    string // the draw rule that makes the claim valid (Draw* constants), "" if none
	Ply     int    // the ply at which that rule applied (<= the claim ply)
	Message string
}

// CheckDrawClaim says whether a draw claimed in International draughts after ply (0 = at the
// start) is valid under FMJD Article 6: valid when one of the draw rules (threefold
// repetition, 25-move, 16-move, 5-move) applied at or before that ply; Rule names the first
// that did. Errors wrap ErrNotReplayable when the game is not International or cannot be
// replayed legally up to ply.
func CheckDrawClaim(g *Game, ply int, opts ReplayOptions) (DrawClaim, error) {
	v, err := GameVariant(g, opts)
	if err != nil {
		return DrawClaim{}, fmt.Errorf("%w: %v", ErrNotReplayable, err)
	}
	if !v.FlyingKings() {
		return DrawClaim{}, fmt.Errorf("%w: FMJD draw rules apply to International draughts; for Italian use CheckClaim40", ErrNotReplayable)
	}
	tr, err := traceGame(g, v, ply)
	if err != nil {
		return DrawClaim{}, err
	}
	var best *DrawEvent
	for i := range tr.draws {
		d := &tr.draws[i]
		if d.Ply <= ply && (best == nil || d.Ply < best.Ply) {
			best = d
		}
	}
	if best == nil {
		return DrawClaim{Message: fmt.Sprintf("no FMJD draw rule applies at ply %d", ply)}, nil
	}
	return DrawClaim{Valid: true, Rule: best.Rule, Ply: best.Ply, Message: best.Message}, nil
}
