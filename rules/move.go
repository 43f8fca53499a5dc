package rules

import (
	"strconv"
	"strings"
)

// Move is one move (one ply): a plain step or a complete capture sequence.
type Move struct {
	From, To Square
	// Path lists every landing square after From, To last: length 1 for a plain move or a
	// single capture, one entry per jump for a multiple capture.
	Path []Square
	// Captured lists the captured squares in the order they were jumped (empty for a plain
	// move).
	Captured []Square
	// Promotes is set when a man ends the move on its far row and becomes a king.
	Promotes bool
}

// IsCapture reports whether m captures at least one piece.
func (m Move) IsCapture() bool { return len(m.Captured) > 0 }

// String returns the PDN form with every landing square: "22-18", "22x13", "22x13x6".
func (m Move) String() string {
	if !m.IsCapture() {
		return strconv.Itoa(int(m.From)) + "-" + strconv.Itoa(int(m.To))
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(m.From)))
	for _, s := range m.Path {
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(int(s)))
	}
	return b.String()
}

// ShortString returns the from-to form: "22-18", or "22x6" for any capture.
func (m Move) ShortString() string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return strconv.Itoa(int(m.From)) + sep + strconv.Itoa(int(m.To))
}

// SameAs reports whether m and o are the same move in the sense of the rules: same start,
// same end and the same set of captured pieces (the path may differ).
func (m Move) SameAs(o Move) bool {
	if m.From != o.From || m.To != o.To || len(m.Captured) != len(o.Captured) {
		return false
	}
	for _, c := range m.Captured {
		found := false
		for _, d := range o.Captured {
			if c == d {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
