package rules

// The movetext reader's shortcut for the common move token: two squares of one or two
// digits joined by '-', 'x' or ':' ("32-28", "19x28", "9:18"), followed by a blank, the end
// of the text or another delimiter. Such a token is neither a result (every result written
// with two numbers has a 0, or is 1-1, a move to its own square) nor anything
// lexMoveLast would tolerate or reject, so it is placed in g.Moves directly with what
// lexMove would set; anything else (three squares or more, a blank after the separator,
// 'X', more digits, square 0, marks after it, the last ordinary move of the game, which
// may be a non-standard result) takes the general path.

// noFastMove turns the shortcut off (tests compare both paths).
var noFastMove = false

// shortSquare reads a square of one or two digits at i (not followed by a third digit):
// its number and the index after it; ok false otherwise.
func shortSquare(s string, i int) (n, end int, ok bool) {
	if i >= len(s) || !isDigit(s[i]) {
		return 0, 0, false
	}
	n = int(s[i] - '0')
	i++
	if i < len(s) && isDigit(s[i]) {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i < len(s) && isDigit(s[i]) {
		return 0, 0, false
	}
	return n, i, true
}

// fastMove reads the token at l.i, whose first number ends at j, as a common move (see
// above) and adds it, reporting whether it did; on false nothing was read.
func (m *movetext) fastMove(line, col, j int) (bool, error) {
	if noFastMove {
		return false, nil
	}
	l, g := m.l, m.g
	s := l.s
	if j-l.i > 2 || j >= len(s) {
		return false, nil
	}
	from := int(s[l.i] - '0')
	if j-l.i == 2 {
		from = from*10 + int(s[l.i+1]-'0')
	}
	sep := s[j]
	if sep != '-' && sep != 'x' && sep != ':' {
		return false, nil
	}
	to, k, ok := shortSquare(s, j+1)
	if !ok || from == 0 || to == 0 || (sep == '-' && from == to) {
		return false, nil
	}
	if k < len(s) {
		if c := s[k]; !isDelim(c) {
			return false, nil
		}
	}
	if sep == '-' && atGameEnd(s, k) {
		return false, nil // perhaps a non-standard result ("4-6"): lexMoveLast decides
	}
	n := len(g.Moves)
	if n < cap(g.Moves) {
		g.Moves = g.Moves[:n+1] // spare capacity is zero (see lexMoveLast)
	} else {
		g.Moves = append(g.Moves, PDNMove{})
	}
	mv := &g.Moves[n]
	mv.Text = s[l.i:k]
	mv.From, mv.To = from, to
	mv.Capture = sep != '-'
	// addMove without its checks of what follows: s[k] is a delimiter (no marks) or the end
	m.numberMove(mv, line, col)
	l.i = k
	return true, nil
}
