package rules

// PriorityRule names the rule that decides between two captures.
// Italian: RegTec 6.6-6.10 (rules 1-4 of docs/rules-italian.md); International: the
// majority rule, FMJD 4.13 (RuleQuantity only).
type PriorityRule int

const (
	// RuleNone: the captures are equal under every rule (free choice, Italian rule 5).
	RuleNone PriorityRule = iota
	// RuleQuantity: more pieces captured (a king counts as one piece). Italian rule 1,
	// International majority rule.
	RuleQuantity
	// RuleKingCaptures: at equal count, a capture by a king beats one by a man (Italian rule 2).
	RuleKingCaptures
	// RuleKingsCaptured: among king captures, more kings captured (Italian rule 3).
	RuleKingsCaptured
	// RuleEarliestKing: the capture meeting a king earliest, by the lexicographically
	// smallest list of 1-based positions of the kings in capture order (Italian rule 4).
	RuleEarliestKing
)

// String returns a stable kebab-case code: "none", "quantity", "king-captures",
// "kings-captured", "earliest-king".
func (r PriorityRule) String() string {
	switch r {
	case RuleQuantity:
		return "quantity"
	case RuleKingCaptures:
		return "king-captures"
	case RuleKingsCaptured:
		return "kings-captured"
	case RuleEarliestKing:
		return "earliest-king"
	}
	return "none"
}

// Number returns the rule's number in docs/rules-italian.md (1..4), 5 for RuleNone (free
// choice).
func (r PriorityRule) Number() int {
	if r == RuleNone {
		return 5
	}
	return int(r)
}

// CaptureRank describes a capture by the quantities the priority rules look at.
type CaptureRank struct {
	Pieces    int   // pieces captured (kings count as one)
	ByKing    bool  // the capturing piece is a king
	Kings     int   // kings captured
	KingOrder []int // 1-based positions, within the capture order, of the captured kings
}

// CaptureRank returns the rank of capture m played from p (m.From holds the capturing
// piece; m.Captured in capture order). A plain move has the zero rank.
func (p Position) CaptureRank(m Move) CaptureRank {
	r := CaptureRank{Pieces: len(m.Captured), ByKing: p.At(m.From).IsKing()}
	for i, c := range m.Captured {
		if p.At(c).IsKing() {
			r.Kings++
			r.KingOrder = append(r.KingOrder, i+1)
		}
	}
	return r
}

// ComparePriority compares two captures in variant v and reports which is better and the
// rule that decided: cmp > 0 when a must be preferred to b, < 0 when b must, 0 when the
// choice is free (rule RuleNone). Italian applies RegTec 6.6-6.10 in order (quantity, by a
// king, kings captured, earliest kings); International only the majority (FMJD 4.13).
func (v *Variant) ComparePriority(a, b CaptureRank) (cmp int, rule PriorityRule) {
	if a.Pieces != b.Pieces {
		return sign(a.Pieces - b.Pieces), RuleQuantity
	}
	if v.flying {
		return 0, RuleNone
	}
	if a.ByKing != b.ByKing {
		if a.ByKing {
			return 1, RuleKingCaptures
		}
		return -1, RuleKingCaptures
	}
	if !a.ByKing {
		return 0, RuleNone
	}
	if a.Kings != b.Kings {
		return sign(a.Kings - b.Kings), RuleKingsCaptured
	}
	for i := range a.KingOrder {
		if i >= len(b.KingOrder) {
			break
		}
		if a.KingOrder[i] != b.KingOrder[i] {
			// the smaller position (king met earlier) wins
			return sign(b.KingOrder[i] - a.KingOrder[i]), RuleEarliestKing
		}
	}
	return 0, RuleNone
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
