package rules

import (
	"fmt"
	"strings"
)

// diagnose explains why written move w fits no legal move of p. It returns a Reason code,
// a detail (the priority rule for capture-priority) and a message.
func (r *replayer) diagnose(p Position, w *PDNMove, s stepResult) (reason, detail, msg string) {
	v := r.v
	n := v.Squares()
	if s.unknown {
		if w.Algebraic {
			return ReasonUnknownSquare, "", fmt.Sprintf("algebraic notation; %s draughts squares are numbered 1..%d", v.Name(), n)
		}
		for _, sq := range append(append([]int{w.From}, w.Via...), w.To) {
			if sq < 1 || sq > n {
				return ReasonUnknownSquare, "", fmt.Sprintf("square %d is not on the %s board (squares 1..%d)", sq, v.Name(), n)
			}
		}
	}
	turn := p.Turn()
	if s.nLegal == 0 {
		return ReasonMoveAfterEnd, "", fmt.Sprintf("%s has no legal move here: the game was already over (%s had lost)", turn, turn)
	}
	from, to := Square(w.From), Square(w.To)
	pc := p.At(from)
	if pc == Empty {
		return ReasonNotOwnPiece, "", fmt.Sprintf("square %d is empty; %s is to move", from, turn)
	}
	if pc.Side() != turn {
		return ReasonNotOwnPiece, "", fmt.Sprintf("square %d holds a %s, but %s is to move", from, pc, turn)
	}
	legal := p.LegalMoves()
	if reason, detail, msg := r.captureDiagnosis(p, w, legal); reason != "" {
		return reason, detail, msg
	}
	if v.FlyingKings() && pc.IsMan() && r.passSq == from {
		king := WhiteKing
		if turn == Black {
			king = BlackKing
		}
		for _, m := range p.Place(from, king).LegalMoves() {
			if m.From == from && m.To == to {
				return ReasonPromotionPassing, "", fmt.Sprintf("the man on %d passed the far row during a capture but did not end there, so it is still a man and cannot play %s (FMJD 4.15)", from, w.Text)
			}
		}
	}
	if pc.IsMan() {
		if rsn, m := r.manDiagnosis(p, w); rsn != "" {
			return rsn, "", m
		}
		if v.FlyingKings() && r.promotesInPassing(p, from, to) {
			return ReasonPromotionPassing, "", "a man promoted while passing the far row during a capture: it stays a man until its move ends there, so it cannot go on capturing as a king (FMJD 4.15)"
		}
	}
	if legal[0].IsCapture() && len(w.Via) == 0 && r.pseudoQuiet(p, from, to) {
		return ReasonCaptureCompulsory, "", fmt.Sprintf("a capture was compulsory: %s", movesList(legal))
	}
	return ReasonNotALegalMove, "", fmt.Sprintf("no legal move of the %s on %d goes to %d", pc, from, to)
}

// captureDiagnosis explains a written move that is a capture of the piece on its from
// square but not a legal one: not among the best captures (capture-not-maximal,
// capture-priority), or stopping where it had to go on; "" when it is neither.
func (r *replayer) captureDiagnosis(p Position, w *PDNMove, legal []Move) (reason, detail, msg string) {
	v := r.v
	from, to := Square(w.From), Square(w.To)
	// A capture that exists but is not among the best.
	for _, c := range p.AllCaptures() {
		if c.From != from || c.To != to || (len(w.Via) > 0 && !pathFits(c, w.Via)) {
			continue
		}
		best := legal[0]
		if !best.IsCapture() {
			break // cannot happen: a capture exists, so the legal moves are captures
		}
		wr, br := p.CaptureRank(c), p.CaptureRank(best)
		_, rule := v.ComparePriority(br, wr)
		if v.FlyingKings() {
			return ReasonCaptureNotMaximal, "quantity", fmt.Sprintf("the capture took fewer pieces than the maximum: it takes %d, but %s takes %d (FMJD 4.13)",
				wr.Pieces, best.String(), br.Pieces)
		}
		d := priorityDetail(rule)
		return ReasonCapturePriority, d, fmt.Sprintf("a better capture was compulsory by rule %d (%s): %s instead (RegTec 6.6-6.10)",
			rule.Number(), priorityText(rule), movesList(legal))
	}
	// A capture that stops on a square where it had to go on (a prefix of a complete
	// capture of the same piece): fewer pieces than the maximum (International 4.13; Italian
	// rule 1, the capture continues while it can). A move written as an ordinary move that
	// is an ordinary move's shape is left to capture-compulsory below.
	quiet := !w.Capture && len(w.Via) == 0 && r.pseudoQuiet(p, from, to)
	for _, c := range p.AllCaptures() {
		if c.From != from || quiet {
			continue
		}
		j := stopsAt(c, to, w.Via)
		if j < 0 {
			continue
		}
		best := legal[0]
		if v.FlyingKings() {
			return ReasonCaptureNotMaximal, "quantity", fmt.Sprintf("the capture stops on %d after taking %d but must go on (%s); the maximum is %d (FMJD 4.13)",
				to, j+1, c.String(), len(best.Captured))
		}
		return ReasonCapturePriority, priorityDetail(RuleQuantity), fmt.Sprintf("the capture stops on %d after taking %d but must go on (%s); the most pieces, %d, must be taken (rule 1, RegTec 6.6-6.10)",
			to, j+1, c.String(), len(best.Captured))
	}
	return "", "", ""
}

// stopsAt returns the index j of an intermediate landing square of capture c equal to to
// (c.Path[j] == to, j < len(c.Path)-1), with the written landing squares via equal to
// c.Path[:j] when given; -1 when there is none. The written move then took j+1 pieces.
func stopsAt(c Move, to Square, via []int) int {
	for j := 0; j < len(c.Path)-1; j++ {
		if c.Path[j] != to {
			continue
		}
		if len(via) > 0 {
			if len(via) != j {
				continue
			}
			ok := true
			for k, s := range via {
				if c.Path[k] != Square(s) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		return j
	}
	return -1
}

// priorityDetail maps a priority rule to the Detail codes of a capture-priority verdict.
func priorityDetail(r PriorityRule) string {
	switch r {
	case RuleQuantity:
		return "quantity"
	case RuleKingCaptures:
		return "king"
	case RuleKingsCaptured:
		return "kings"
	case RuleEarliestKing:
		return "order"
	}
	return "none"
}

func priorityText(r PriorityRule) string {
	switch r {
	case RuleQuantity:
		return "take the most pieces"
	case RuleKingCaptures:
		return "at equal count, capture with the king"
	case RuleKingsCaptured:
		return "take the most kings"
	case RuleEarliestKing:
		return "meet the kings earliest"
	}
	return "free choice"
}

func movesList(ms []Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, ", ")
}

// pseudoQuiet reports whether from-to would be an ordinary move of the piece on from if no
// capture were compulsory.
func (r *replayer) pseudoQuiet(p Position, from, to Square) bool {
	v := r.v
	pc := p.At(from)
	if p.At(to) != Empty {
		return false
	}
	fr, fc := v.Coords(from)
	tr, tc := v.Coords(to)
	dr, dc := tr-fr, tc-fc
	if dr == 0 || (dr != dc && dr != -dc) {
		return false
	}
	if pc.IsMan() {
		fwd := -1
		if pc.Side() == Black {
			fwd = 1
		}
		return dr == fwd && (dc == 1 || dc == -1)
	}
	if !v.FlyingKings() {
		return dr == 1 || dr == -1
	}
	sr, sc := sgn(dr), sgn(dc)
	for k := 1; k < abs(dr); k++ {
		if p.At(v.SquareAt(fr+k*sr, fc+k*sc)) != Empty {
			return false
		}
	}
	return true
}

func sgn(x int) int {
	if x < 0 {
		return -1
	}
	if x > 0 {
		return 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// manDiagnosis looks for the rule a man's move breaks: moving backwards, capturing
// backwards (Italian), capturing a king (Italian), going on capturing after reaching the far
// row (Italian).
func (r *replayer) manDiagnosis(p Position, w *PDNMove) (string, string) {
	v := r.v
	from, to := Square(w.From), Square(w.To)
	pc := p.At(from)
	fr, fc := v.Coords(from)
	tr, tc := v.Coords(to)
	fwd := -1
	if pc.Side() == Black {
		fwd = 1
	}
	// A plain step backwards.
	if len(w.Via) == 0 && tr-fr == -fwd && (tc-fc == 1 || tc-fc == -1) && p.At(to) == Empty {
		return ReasonManBackwards, fmt.Sprintf("a man moves forward only; %d-%d goes backwards", from, to)
	}
	if v.FlyingKings() {
		return "", ""
	}
	// Italian capture searches, each relaxing a rule.
	// Continuing after reaching the far row can only go backwards, so that search relaxes
	// both; it is tried first because it explains the backward jumps.
	const (
		msgBack  = "a man captures forward only (RegTec 5.3a); this capture jumps backwards"
		msgKing  = "a man may not capture a king (RegTec 5.3b)"
		msgPromo = "the man reached the far row and became a king: its move ends there and the capture cannot go on (promotion ends the move)"
	)
	if ms := r.manSearch(p, from, to, w.Via, true, false, true); ms.found && ms.usedPromo {
		return ReasonMoveAfterPromote, msgPromo
	}
	if ms := r.manSearch(p, from, to, w.Via, true, false, false); ms.found && ms.usedBack {
		return ReasonManBackwards, msgBack
	}
	if ms := r.manSearch(p, from, to, w.Via, false, true, false); ms.found && ms.usedKing {
		return ReasonManCapturesKing, msgKing
	}
	if ms := r.manSearch(p, from, to, w.Via, true, true, true); ms.found {
		switch {
		case ms.usedPromo:
			return ReasonMoveAfterPromote, msgPromo
		case ms.usedBack:
			return ReasonManBackwards, msgBack
		case ms.usedKing:
			return ReasonManCapturesKing, msgKing
		}
	}
	return "", ""
}

type manSearchResult struct {
	found                         bool
	usedBack, usedKing, usedPromo bool
}

// manSearch looks for a sequence of short jumps by the man on from ending on to (through
// via when given), with the Italian man's restrictions relaxed as asked. It prefers paths
// that need a relaxation (the point is to explain a move that is not legal).
func (r *replayer) manSearch(p Position, from, to Square, via []int, back, kings, promo bool) manSearchResult {
	s := manPathSearcher{v: r.v, p: p, from: from, to: to, via: via, back: back, kings: kings, promo: promo, pc: p.At(from), fwd: -1}
	if s.pc.Side() == Black {
		s.fwd, s.farRow = 1, r.v.Size()-1
	}
	s.dfs(from, 0, false, false, false)
	return s.res
}

// manPathSearcher is the depth-first search of manSearch.
type manPathSearcher struct {
	v                  *Variant
	p                  Position
	from, to           Square
	via                []int
	back, kings, promo bool
	pc                 Piece
	fwd, farRow        int
	capt               []Square
	res                manSearchResult
}

func (s *manPathSearcher) dfs(cur Square, depth int, uBack, uKing, uPromo bool) {
	if s.res.found && (s.res.usedBack || s.res.usedKing || s.res.usedPromo) {
		return
	}
	if depth > 0 && cur == s.to && (len(s.via) == 0 || depth == len(s.via)+1) {
		if !s.res.found || uBack || uKing || uPromo {
			s.res = manSearchResult{true, uBack, uKing, uPromo}
		}
	}
	if depth > 16 || (len(s.via) > 0 && depth > len(s.via)) {
		return
	}
	cr, cc := s.v.Coords(cur)
	if depth > 0 && cr == s.farRow {
		if !s.promo {
			return
		}
		uPromo = true
	}
	for _, dr := range [2]int{-1, 1} {
		for _, dc := range [2]int{-1, 1} {
			b := dr != s.fwd
			if b && !s.back {
				continue
			}
			mid, land, ok := s.jump(cr, cc, dr, dc, depth)
			if !ok {
				continue
			}
			s.capt = append(s.capt, mid)
			s.dfs(land, depth+1, uBack || b, uKing || s.p.At(mid).IsKing(), uPromo)
			s.capt = s.capt[:len(s.capt)-1]
		}
	}
}

// jump returns the piece jumped and the landing square of the jump from (cr, cc) in
// direction (dr, dc) at depth, and whether the search may take it: an opposing piece (a
// king only with kings) not taken yet, a free landing square (or the start), on the
// written path.
func (s *manPathSearcher) jump(cr, cc, dr, dc, depth int) (Square, Square, bool) {
	mid := s.v.SquareAt(cr+dr, cc+dc)
	land := s.v.SquareAt(cr+2*dr, cc+2*dc)
	if mid == 0 || land == 0 {
		return 0, 0, false
	}
	if len(s.via) > 0 && depth < len(s.via) && land != Square(s.via[depth]) {
		return 0, 0, false
	}
	mp := s.p.At(mid)
	if mp == Empty || mp.Side() == s.pc.Side() || (mp.IsKing() && !s.kings) {
		return 0, 0, false
	}
	if lp := s.p.At(land); lp != Empty && land != s.from {
		return 0, 0, false
	}
	if containsSquare(s.capt, mid) {
		return 0, 0, false
	}
	return mid, land, true
}

// promotesInPassing reports whether the International man on from could reach to only by
// becoming a king when it touched the far row in the middle of a capture: short man jumps up
// to the far row, then king captures from there. Captured pieces are taken off for the king
// part (an approximation of the Turkish strike that is enough to explain a score).
func (r *replayer) promotesInPassing(p Position, from, to Square) bool {
	v := r.v
	pc := p.At(from)
	farRow, king := 0, WhiteKing
	if pc.Side() == Black {
		farRow, king = v.Size()-1, BlackKing
	}
	var capt []Square
	found := false
	var dfs func(cur Square, depth int)
	dfs = func(cur Square, depth int) {
		if found || depth > 20 {
			return
		}
		cr, cc := v.Coords(cur)
		if depth > 0 && cr == farRow {
			q := p.Place(from, Empty)
			for _, c := range capt {
				q = q.Place(c, Empty)
			}
			q = q.Place(cur, king)
			for _, m := range q.AllCaptures() {
				if m.From == cur && m.To == to {
					found = true
					return
				}
			}
		}
		for _, dr := range [2]int{-1, 1} {
			for _, dc := range [2]int{-1, 1} {
				mid := v.SquareAt(cr+dr, cc+dc)
				land := v.SquareAt(cr+2*dr, cc+2*dc)
				if mid == 0 || land == 0 {
					continue
				}
				mp := p.At(mid)
				if mp == Empty || mp.Side() == pc.Side() {
					continue
				}
				if lp := p.At(land); lp != Empty && land != from {
					continue
				}
				dup := false
				for _, c := range capt {
					if c == mid {
						dup = true
					}
				}
				if dup {
					continue
				}
				capt = append(capt, mid)
				dfs(land, depth+1)
				capt = capt[:len(capt)-1]
			}
		}
	}
	dfs(from, 0)
	return found
}
