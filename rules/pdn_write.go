package rules

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrPDNWrite is wrapped by WritePDN when a game cannot be written as PDN (a tag name that
// is not a PDN symbol).
var ErrPDNWrite = errors.New("cannot write PDN")

// pdnLineWidth is the maximum movetext line length WritePDN aims for (PDN 3.0 export
// format recommends lines of at most 79 characters, like PGN's export format).
const pdnLineWidth = 79

// WritePDN writes g as PDN 3.0 text: the tags in their order ([Name "Value"], with \" and \\
// escaped), a blank line, the movetext (move numbers "N." and "N...", moves in canonical
// form "22-18" / "22x13x6" / "22x6", marks, NAGs, comments {…}, variations (…)) wrapped at
// 79 columns, the result ("*" when g.Result is empty), and a blank line. Reading the output
// with PDNReader gives the same tags, moves (squares, capture flag, numbers, marks, NAGs,
// comments, variations) and result (an empty result reads back as "*"); only the text of
// each move is normalised (e.g. "1- 7" becomes "1-7").
// Errors wrap ErrPDNWrite or come from w.
func WritePDN(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		if !isSymbol(t.Name) {
			return fmt.Errorf("%w: tag name %q is not a PDN symbol (letters, digits, _)", ErrPDNWrite, t.Name)
		}
		bw.WriteByte('[')
		bw.WriteString(t.Name)
		bw.WriteString(" \"")
		bw.WriteString(escapeTagValue(t.Value))
		bw.WriteString("\"]\n")
	}
	if len(g.Tags) > 0 {
		bw.WriteByte('\n')
	}
	lw := lineWriter{w: bw}
	for _, c := range g.Comments {
		lw.comment(c)
	}
	for _, v := range g.Variations {
		lw.token("(" + v + ")")
	}
	for i, m := range g.Moves {
		switch {
		case !m.Second:
			lw.token(strconv.Itoa(m.Number) + ".")
		case i == 0 || g.Moves[i-1].Number != m.Number || g.Moves[i-1].Second:
			lw.token(strconv.Itoa(m.Number) + "...")
		}
		lw.token(moveText(m) + m.Marks)
		for _, n := range m.NAGs {
			lw.token("$" + strconv.Itoa(n))
		}
		for _, c := range m.Comments {
			lw.comment(c)
		}
		for _, v := range m.Variations {
			lw.token("(" + v + ")")
		}
	}
	if g.Result != "" {
		lw.token(g.Result)
	} else {
		// PDN requires a game termination marker; "*" (unknown) keeps games without a
		// result apart from the next game (two tag sections in a row would merge).
		lw.token("*")
	}
	if lw.n > 0 {
		bw.WriteByte('\n')
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// moveText returns the canonical text of a move: squares joined by '-' or 'x'; the text as
// written for algebraic moves.
func moveText(m PDNMove) string {
	if m.Algebraic {
		return strings.ReplaceAll(m.Text, " ", "")
	}
	sep := "-"
	if m.Capture {
		sep = "x"
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(m.From))
	for _, s := range m.Via {
		b.WriteString(sep)
		b.WriteString(strconv.Itoa(s))
	}
	b.WriteString(sep)
	b.WriteString(strconv.Itoa(m.To))
	return b.String()
}

type lineWriter struct {
	w *bufio.Writer
	n int // characters on the current line
}

func (l *lineWriter) token(t string) {
	if l.n > 0 && l.n+1+len(t) > pdnLineWidth {
		l.w.WriteByte('\n')
		l.n = 0
	}
	if l.n > 0 {
		l.w.WriteByte(' ')
		l.n++
	}
	l.w.WriteString(t)
	if i := strings.LastIndexByte(t, '\n'); i >= 0 {
		l.n = len(t) - i - 1
	} else {
		l.n += len(t)
	}
}

// comment writes {c}; a comment holding '}' (possible from a ";" comment) is written as a
// ";" rest-of-line comment when it has no line end, else with '}' replaced by ')'.
func (l *lineWriter) comment(c string) {
	if strings.IndexByte(c, '}') < 0 || strings.IndexByte(c, '\n') >= 0 {
		l.token("{" + sanitizeComment(c) + "}")
		return
	}
	l.token("; " + c)
	l.w.WriteByte('\n')
	l.n = 0
}

func isSymbol(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isDigit(c) || c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')) {
			return false
		}
	}
	return true
}

func escapeTagValue(v string) string {
	if !strings.ContainsAny(v, "\"\\\n\r") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteByte(' ')
		case '\r':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sanitizeComment makes a comment writable inside { }: a '}' becomes ')'.
func sanitizeComment(c string) string {
	return strings.ReplaceAll(c, "}", ")")
}
