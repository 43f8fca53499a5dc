package rules

// PDN reading. The format is PDN 3.0 (Portable Draughts Notation, the FMJD standard that
// adapts PGN to draughts): a file is a sequence of games; each game is a tag section
// ("[Name "value"]" pairs) followed by movetext (move numbers, moves, comments {…},
// variations (…), NAGs $n, move strength marks) and a game termination marker (the result).
// This reader is deliberately tolerant of the faults real files have (see
// testdata/README.md): Italian tag names, space-padded squares ("1- 7"), right-aligned move
// numbers, missing results, stray "." tokens, Windows-1252 text.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Sentinel errors of the PDN reader. Every error the reader returns for bad input wraps one
// of them (test with errors.Is) inside a *PDNError that carries the line and column.
var (
	// ErrPDNSyntax: the text is not PDN (an unexpected character, an unterminated comment,
	// string or variation, a malformed move or tag).
	ErrPDNSyntax = errors.New("PDN syntax error")
	// ErrPDNTooLarge: a line longer than MaxPDNLine bytes or a game longer than MaxPDNGame
	// bytes (binary data, or a file that is not PDN at all).
	ErrPDNTooLarge = errors.New("PDN input too large")
	// ErrPDNStrict: with PDNReader.Strict, the text is readable but breaks the PDN 3.0
	// reading grammar (a deviation the tolerant reader accepts and lists in Game.Warnings).
	ErrPDNStrict = errors.New("not strict PDN 3.0")
)

// Limits that keep the reader's memory bounded on hostile input.
const (
	MaxPDNLine = 1 << 20  // bytes in one line
	MaxPDNGame = 16 << 20 // bytes in one game (tag section + movetext)
)

// PDNError is a syntax error at a place in the input. Line and Col are 1-based; Col counts
// bytes of the (UTF-8, after Windows-1252 decoding) line. Err is one of the sentinels above.
// Code names the problem for a reader's language ("unexpected-text", "comment-not-closed",
// "line-too-long": the codes of PDNErrorCodes; "" for a strict-reading deviation, whose
// Msg is the tolerant reader's warning) and Args are its arguments as name, value pairs,
// values as Msg prints them ("found", `"zz"`; "move", "22-18"; "tag", "Event"; "max",
// "1048576"). Msg is the English sentence.
type PDNError struct {
	Line, Col int
	Msg       string
	Err       error
	Code      string
	Args      []string
}

// PDNErrorCodes are the codes a PDNError may carry (Code), with the argument names each
// fills: the reader's words for them are the catalogs' (reports.ErrorText).
var PDNErrorCodes = map[string][]string{
	"close-without-variation": nil, "bad-result": nil, "unexpected-character": {"found"},
	"comment-not-closed": nil, "variation-not-closed": nil, "bad-nag": nil, "mark-without-move": {"found"},
	"bad-mark": {"found"}, "move-number-too-large": {"found"}, "unexpected-after-move": {"found", "move"},
	"square-too-large": {"found"}, "number-not-move": {"found", "number"}, "separator-without-square": {"found"},
	"mixed-separators": nil, "too-many-squares": nil, "square-zero": {"found"}, "move-to-itself": {"found"},
	"move-too-many-squares": {"found"}, "unexpected-text": {"found"}, "tag-without-name": nil,
	"tag-value-unquoted": {"tag"}, "tag-string-not-closed": {"tag"}, "tag-not-closed": {"tag"},
	"line-too-long": {"max"}, "game-too-long": {"max"},
}

// Arg is the value of the argument name of e (Args), "" when e has none.
func (e *PDNError) Arg(name string) string {
	for i := 0; i+1 < len(e.Args); i += 2 {
		if e.Args[i] == name {
			return e.Args[i+1]
		}
	}
	return ""
}

// GameError is an error of the game numbered Index (1-based, in the file's order) of a
// PDN text: PDNReader's error for a game it could read only in part.
type GameError struct {
	Index int
	Err   error
}

// Error returns "game N: " and the cause.
func (e *GameError) Error() string { return fmt.Sprintf("game %d: %v", e.Index, e.Err) }

// Unwrap returns the cause (a *PDNError).
func (e *GameError) Unwrap() error { return e.Err }

// Error returns "line L, column C: PDN syntax error: what".
func (e *PDNError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s: %s", e.Line, e.Col, e.Err.Error(), e.Msg)
}

// Unwrap returns the sentinel (ErrPDNSyntax or ErrPDNTooLarge).
func (e *PDNError) Unwrap() error { return e.Err }

// Tag is one PDN tag pair ("[Name "Value"]", PDN 3.0 tag section), as written.
type Tag struct {
	Name, Value string
}

// PDNMove is one move of the movetext, as written, with the squares read from it.
//
// Squares are the board numbers written in the move (1..32 Italian, 1..50 International),
// not checked against any board by the reader: Replay does that. A move written from-to has
// From and To only; a multiple capture written with its landing squares ("22x13x6") also has
// Via (the intermediate landing squares, in order, without From and To).
type PDNMove struct {
	Text    string // the move as written, e.g. "22x13", "1- 7", "c3-d4"
	From    int    // first square as written (0 if the square is not numeric)
	To      int    // last square as written (0 if not numeric)
	Via     []int  // intermediate landing squares when written ("22x13x6" -> [13]); nil otherwise
	Capture bool   // written with x or : (a capture); "-" means an ordinary move
	// Algebraic is set when the squares were written as letter+digit ("c3-d4", Russian
	// notation). From, To and Via are then 0/nil and Replay reports unknown-square.
	Algebraic bool
	// Second is set for the second move of a numbered pair (normally Black's move; the move
	// written after "12..." is Second too). (Declared beside the other flags: one word for
	// the three, a smaller move list.)
	Second   bool
	Number   int    // the move number written before this move, or counted (1 = first move pair)
	Marks    string // move strength marks attached to the move: "!", "?", "!!", "??", "!?", "?!", "*"
	NAGs     []int  // numeric annotation glyphs $n that follow the move
	Comments []string
	// Variations holds the raw text of each variation "( ... )" following this move,
	// without the outer parentheses. Variations are skipped for replay.
	Variations []string
	Line, Col  int // where the move starts in the file (1-based)
}

// Game is one game of a PDN file: the tag section in file order, the movetext and the result.
type Game struct {
	Index int   // 1-based position of the game in its file
	Line  int   // line of the game's first tag (or first movetext token) in the file
	Tags  []Tag // every tag, in file order
	Moves []PDNMove
	// Result is the game termination marker of the movetext ("1-0", "2-0", "1/2-1/2", "*",
	// "½-½", ...), exactly as written, or "" when the movetext has none.
	Result string
	// Comment is the text of comments written before the first move (or in a game without
	// moves); comments after a move belong to that move.
	Comments []string
	// Variations holds variations written before the first move (raw text, as in PDNMove).
	Variations []string
	// Warnings lists tolerated deviations from strict PDN 3.0, each "line N: what (rule)":
	// a stray "." token, a result missing before the next game, a move number without a
	// move, stray results after the game's result, a non-standard result ("4-6"), a ";"
	// comment, "X" for a capture, a square written with more than two digits, "½-½", a tag
	// name that does not start with a capital letter. Replay reports each as a note
	// "notation-tolerated: ..."; with PDNReader.Strict the first one is an error.
	Warnings []string
	// Windows1252 is true when at least one line of the game was not valid UTF-8 and was
	// decoded as Windows-1252.
	Windows1252 bool
	// Fragment is set for move text without tags read after a game with tags (or after
	// another fragment) in the same file: not a game (PDN 3.0 "PDN Grammars": a game is
	// its tag section and a body ended by a result) but junk between or after games,
	// such as "36x27 1-0" left at the end of a compositions catalogue. Replay does not
	// judge it (ReasonFragment). Line and EndLine are its first and last lines.
	Fragment bool
	// EndLine is the last line the reader read for the game (its result, or the last
	// line of the text it stopped at).
	EndLine int
	// used is how many elements of Moves' storage the reader filled (len(Moves) when Next
	// returned the game): a recycled game's list is cleared up to there only, the rest of
	// its capacity being still zero (RecycleGame, newGame).
	used int
}

// Tag returns the value of the first tag named name (case-insensitive), and whether it exists.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if tagNameIs(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// tagNameIs is strings.EqualFold(a, b), answering at once for two names whose first
// bytes are ASCII and differ in more than case (most of the comparisons of a game's tag
// lookups: a tag list is searched for a dozen names).
func tagNameIs(a, b string) bool {
	if len(a) > 0 && len(b) > 0 && a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf && a[0]|0x20 != b[0]|0x20 {
		return false
	}
	return a == b || strings.EqualFold(a, b)
}

// tagAny returns the value of the first tag among names (in the order of names) that exists.
func (g *Game) tagAny(names ...string) string {
	for _, n := range names {
		if v, ok := g.Tag(n); ok {
			return v
		}
	}
	return ""
}

// SetTag sets the value of tag name, replacing the first tag of that name (case-insensitive)
// or appending a new tag.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// White returns the White player: tag White, or the Italian tag Bianco.
func (g *Game) White() string { return g.tagAny("White", "Bianco") }

// Black returns the Black player: tag Black, or the Italian tag Nero.
func (g *Game) Black() string { return g.tagAny("Black", "Nero") }

// Event returns the event: tag Event, or the Italian tag Dati (event and round in one).
func (g *Game) Event() string { return g.tagAny("Event", "Dati", "Evento") }

// Date returns tag Date, or the Italian Data, or Anno (year only), as written.
func (g *Game) Date() string { return g.tagAny("Date", "Data", "Anno") }

// Round returns tag Round, or the Italian Turno.
func (g *Game) Round() string { return g.tagAny("Round", "Turno") }

// Site returns tag Site, or the Italian Luogo.
func (g *Game) Site() string { return g.tagAny("Site", "Luogo") }

// GameType returns the GameType tag as written ("20", "22", "20,W,10,10,N1,0"), or "".
func (g *Game) GameType() string { return g.tagAny("GameType") }

// FENTag returns the FEN tag (PDN set-up position), or "" when the game starts from the
// standard position.
func (g *Game) FENTag() string { return g.tagAny("FEN") }

// ResultTag returns tag Result, or the Italian Risultato, as written ("" if absent).
func (g *Game) ResultTag() string { return g.tagAny("Result", "Risultato") }

// FinalResult returns the game's result: the movetext termination marker when it is decisive
// or a draw, else the Result/Risultato tag, else the movetext marker ("*" or "").
func (g *Game) FinalResult() string {
	if g.Result != "" && g.Result != "*" {
		return g.Result
	}
	if t := g.ResultTag(); t != "" {
		return t
	}
	return g.Result
}

// HasItalianTags reports whether the game uses Italian tag names (Bianco, Nero, Risultato,
// Dati, Anno): such files come from FID and are Italian draughts unless a GameType says
// otherwise.
func (g *Game) HasItalianTags() bool {
	for _, t := range g.Tags {
		switch strings.ToLower(t.Name) {
		case "bianco", "nero", "risultato", "dati", "anno", "apertura":
			return true
		}
	}
	return false
}

// Plies returns the number of moves (plies) in the movetext.
func (g *Game) Plies() int { return len(g.Moves) }

// PDNReader streams the games of a PDN file. It holds at most one game in memory (plus a
// read buffer), so the memory it uses does not grow with the number of games.
//
// Encoding: each line that is valid UTF-8 is taken as UTF-8; any other line is decoded as
// Windows-1252 (the encoding of older Italian files). A UTF-8 byte-order mark is skipped.
// Line endings may be LF, CRLF or CR-less mixtures.
type PDNReader struct {
	// Strict makes every deviation from the PDN 3.0 reading grammar (the ones listed in
	// Game.Warnings) an error wrapping ErrPDNStrict, naming the line, column and rule; the
	// game is still returned. Set it before the first Next.
	Strict bool

	br      *bufio.Reader
	line    int // lines read so far
	index   int // games returned so far
	pending []*Game
	pendErr []error
	head    int    // index in pending of the next game to return
	carry   []byte // a tag line read past the end of the previous game
	// carrySave and carryLine are the buffers behind carry (no aliasing of the read buffer).
	carrySave, carryLine []byte
	carryLn, carryCol    int
	carryCP              bool
	eof                  bool
	first                bool
	lastCP               bool
	anyCP                bool
	buf                  []byte
	lineBuf              []byte
	decBuf               []byte // a Windows-1252 line decoded to UTF-8
	// src, when not "", is the whole text being read (ScoreParser): a chunk equal to it is
	// taken as is instead of copied.
	src string
	// spare, when not nil, is the storage the next game read goes to (ScoreParser).
	spare *Game
	lex   pdnLexer
}

// NewPDNReader returns a reader of the games in r. It buffers r itself.
func NewPDNReader(r io.Reader) *PDNReader {
	return &PDNReader{br: bufio.NewReaderSize(r, 64<<10), first: true}
}

// Windows1252 reports whether any line read so far had to be decoded as Windows-1252.
func (r *PDNReader) Windows1252() bool { return r.anyCP }

// ReadAllPDN reads every game of a PDN text. Games with syntax errors are returned too
// (with what could be read), and the first such error is returned after all games.
func ReadAllPDN(r io.Reader) ([]*Game, error) {
	pr := NewPDNReader(r)
	var games []*Game
	var firstErr error
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games, firstErr
		}
		if g != nil {
			games = append(games, g)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			if g == nil {
				return games, firstErr
			}
		}
	}
}

// Next returns the next game of the file, or (nil, io.EOF) after the last one.
//
// When a game has a syntax error, Next returns the game as far as it could be read together
// with an error wrapping ErrPDNSyntax (a *PDNError with line and column, and the game's
// index); the following call continues with the next tag section. An error that is not a
// *PDNError (a read error of the underlying reader) is returned with a nil game and ends the
// stream.
func (r *PDNReader) Next() (*Game, error) {
	for r.head == len(r.pending) {
		r.pending, r.pendErr, r.head = r.pending[:0], r.pendErr[:0], 0
		if r.eof {
			return nil, io.EOF
		}
		chunk, startLine, cp, err := r.readChunk()
		if err != nil && !errors.Is(err, ErrPDNTooLarge) {
			return nil, err
		}
		if err != nil { // too large: report as a game with an error
			r.index++
			g := &Game{Index: r.index, Line: startLine}
			r.pending = append(r.pending, g)
			r.pendErr = append(r.pendErr, &GameError{Index: g.Index, Err: err})
			continue
		}
		if chunk == "" {
			continue
		}
		r.parseChunk(chunk, startLine, cp)
	}
	g, err := r.pending[r.head], r.pendErr[r.head]
	r.pending[r.head], r.pendErr[r.head] = nil, nil
	r.head++
	g.used = len(g.Moves)
	return g, err
}

// readLine returns the next line without its line ending, decoded to UTF-8, and whether it
// needed Windows-1252 decoding. io.EOF when nothing is left.
func (r *PDNReader) readLine() ([]byte, bool, error) {
	r.lineBuf = r.lineBuf[:0]
	for {
		part, err := r.br.ReadSlice('\n')
		if len(r.lineBuf)+len(part) > MaxPDNLine {
			// Skip the rest of this line and report it.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.br.ReadSlice('\n')
			}
			r.line++
			return nil, false, &PDNError{Line: r.line, Col: 1, Msg: fmt.Sprintf("line longer than %d bytes (is this a PDN file?)", MaxPDNLine), Err: ErrPDNTooLarge, Code: "line-too-long", Args: []string{"max", strconv.Itoa(MaxPDNLine)}}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			r.lineBuf = append(r.lineBuf, part...)
			continue
		}
		if len(r.lineBuf) == 0 && err == nil {
			r.line++
			return r.finishLine(part), r.lastCP, nil
		}
		r.lineBuf = append(r.lineBuf, part...)
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if err == io.EOF && len(r.lineBuf) == 0 {
			return nil, false, io.EOF
		}
		r.line++
		return r.finishLine(r.lineBuf), r.lastCP, nil
	}
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// lastCP is set by finishLine; kept on the reader to avoid a closure.
func (r *PDNReader) finishLine(b []byte) []byte {
	r.lastCP = false
	if r.first {
		r.first = false
		if len(b) >= 3 && b[0] == utf8BOM[0] && b[1] == utf8BOM[1] && b[2] == utf8BOM[2] {
			b = b[3:]
		}
	}
	n := len(b)
	for n > 0 && (b[n-1] == '\n' || b[n-1] == '\r') {
		n--
	}
	b = b[:n]
	if !isASCII(b) && !utf8.Valid(b) {
		r.decBuf = decode1252(r.decBuf[:0], b)
		b = r.decBuf
		r.lastCP = true
		r.anyCP = true
	}
	return b
}

// decode1252 appends to dst the UTF-8 form of the Windows-1252 text b, byte by byte with the
// table of golang.org/x/text/encoding/charmap (the same result as its decoder, without
// allocating one per line).
func decode1252(dst, b []byte) []byte {
	for _, c := range b {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			continue
		}
		dst = utf8.AppendRune(dst, charmap.Windows1252.DecodeByte(c))
	}
	return dst
}

func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// readChunk reads the lines of one game: its tag lines and the movetext up to (not
// including) the next tag line that follows movetext outside a comment. It returns the text,
// the line number of its first line, and whether any line was Windows-1252.
func (r *PDNReader) readChunk() (string, int, bool, error) {
	r.buf = r.buf[:0]
	start := 0
	cp := false
	haveMoves := false
	inComment := false
	prevBlank := false
	for {
		line, lcp, lineNo, err := r.chunkLine()
		if err == io.EOF {
			r.eof = true
			break
		}
		if err != nil {
			var pe *PDNError
			if errors.As(err, &pe) {
				// Too long a line: drop the partial game; the caller reports it.
				return "", pe.Line, cp, err
			}
			return "", 0, false, err
		}
		trim := trimLeftSpace(line)
		if len(trim) > 0 && trim[0] == '[' && haveMoves && (!inComment || (prevBlank && isWholeTagLine(trim))) {
			// A tag line after movetext starts the next game. Inside a comment that was never
			// closed, a whole tag pair after a blank line is taken as the next game too, so
			// one unclosed '{' does not swallow the rest of the file.
			r.setCarry(line, 0, lineNo, lcp)
			break
		}
		prevBlank = len(trim) == 0 || (len(trim) == 1 && trim[0] == '\r')
		if start == 0 && len(trim) > 0 {
			start = lineNo
		}
		if start == 0 {
			continue // blank lines before a game
		}
		cp = cp || lcp
		if !inComment && len(line) > 0 && line[0] == '%' {
			// PDN escape line: ignored (kept as an empty line for line numbers).
			r.buf = append(r.buf, '\n')
			continue
		}
		var cut int
		inComment, cut = scanLine(line, trim, inComment, &haveMoves)
		if cut >= 0 {
			// A tag written after movetext on the same line ("... 1-0 [Event "B"]"): the
			// game ends before it and the next game starts with it (PDN 3.0: the result
			// ends a game; a tag section starts the next).
			r.buf = append(r.buf, line[:cut]...)
			r.buf = append(r.buf, '\n')
			r.setCarry(line, cut, lineNo, lcp)
			break
		}
		r.buf = append(r.buf, line...)
		r.buf = append(r.buf, '\n')
		if len(r.buf) > MaxPDNGame {
			r.skipToTags()
			return "", start, cp, &PDNError{Line: start, Col: 1, Msg: fmt.Sprintf("game longer than %d bytes", MaxPDNGame), Err: ErrPDNTooLarge, Code: "game-too-long", Args: []string{"max", strconv.Itoa(MaxPDNGame)}}
		}
	}
	if len(r.buf) == len(r.src) && string(r.buf) == r.src {
		return r.src, start, cp, nil // the text needed no change: no copy
	}
	return string(r.buf), start, cp, nil
}

// scanLine is scanBraces for a chunk's line (trim: the line without its leading blanks),
// skipping the tags of a tag line: movetext may follow its closing bracket.
func scanLine(line, trim []byte, inComment bool, haveMoves *bool) (bool, int) {
	cut := -1
	if inComment || (len(trim) > 0 && trim[0] != '[') {
		inComment, cut = scanBraces(line, inComment, haveMoves)
	} else if len(trim) > 0 && trim[0] == '[' {
		off := len(line) - len(trim)
		if end := tagLineEnd(trim); end < len(trim) {
			inComment, cut = scanBraces(trim[end:], inComment, haveMoves)
			if cut >= 0 {
				cut += off + end
			}
		}
	}
	return inComment, cut
}

// chunkLine returns the next line of a chunk, whether it was Windows-1252 and its number:
// the carried rest of a line whose first part ended the previous game (a tag written after
// the result on the same line) or a tag line read past that game, else the next line read.
func (r *PDNReader) chunkLine() ([]byte, bool, int, error) {
	if r.carry != nil {
		r.carryLine = append(r.carryLine[:0], r.carry...)
		r.carry = nil
		return r.carryLine, r.carryCP, r.carryLn, nil
	}
	line, lcp, err := r.readLine()
	return line, lcp, r.line, err
}

// skipToTags skips the lines of a game too large to read, up to the next tag line (kept
// for the next chunk).
func (r *PDNReader) skipToTags() {
	for {
		l, _, err := r.readLine()
		if err != nil {
			r.eof = err == io.EOF
			return
		}
		t := trimLeftSpace(l)
		if len(t) > 0 && t[0] == '[' {
			r.setCarry(l, 0, r.line, false)
			return
		}
	}
}

// setCarry keeps line from byte cut on for the next chunk, with the bytes before cut
// blanked so that columns stay those of the file.
func (r *PDNReader) setCarry(line []byte, cut, lineNo int, cp bool) {
	c := r.carrySave[:0]
	for i := 0; i < cut; i++ {
		c = append(c, ' ')
	}
	c = append(c, line[cut:]...)
	r.carrySave = c
	r.carry = c
	r.carryLn, r.carryCP = lineNo, cp
	r.carryCol = len(c) - len(trimLeftSpace(c)) + 1
}

// tagLineEnd returns the index just after the last ']' closing tags at the start of b
// (strings in quotes skipped), or len(b).
func tagLineEnd(b []byte) int {
	i := 0
	for i < len(b) {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		if i >= len(b) || b[i] != '[' {
			return i
		}
		inStr := false
		j := i + 1
		for ; j < len(b); j++ {
			c := b[j]
			if inStr {
				if c == '\\' {
					j++
				} else if c == '"' {
					inStr = false
				}
				continue
			}
			if c == '"' {
				inStr = true
			} else if c == ']' {
				break
			}
		}
		if j >= len(b) {
			return len(b)
		}
		i = j + 1
	}
	return len(b)
}

// scanBraces tracks whether a movetext line leaves a {comment} open, and notes movetext:
// anything but blanks outside a comment, a '{' or a ';' (a comment to the end of the line).
// It also returns the index in b of a '[' outside comments that follows movetext (the tag
// of the next game written on the same line), or -1.
func scanBraces(b []byte, inComment bool, haveMoves *bool) (bool, int) {
	base := 0
	for len(b) > 0 {
		if inComment {
			j := bytes.IndexByte(b, '}')
			if j < 0 {
				return true, -1
			}
			b = b[j+1:]
			base += j + 1
			inComment = false
			continue
		}
		// Up to the next '{' or ';', whichever comes first.
		j := bytes.IndexByte(b, '{')
		seg := b
		if j >= 0 {
			seg = b[:j]
		}
		k := bytes.IndexByte(seg, ';')
		if k >= 0 {
			seg = seg[:k]
		}
		from := 0 // where a '[' would follow movetext
		if !*haveMoves {
			from = len(seg)
			for i, c := range seg {
				if c != ' ' && c != '\t' && c != '\r' {
					*haveMoves = true
					from = i + 1
					break
				}
			}
		}
		if i := bytes.IndexByte(seg[from:], '['); i >= 0 {
			return false, base + from + i
		}
		if k >= 0 {
			*haveMoves = true
			return false, -1
		}
		if j < 0 {
			return false, -1
		}
		*haveMoves = true
		inComment = true
		b = b[j+1:]
		base += j + 1
	}
	return inComment, -1
}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\f' || b[0] == '\v') {
		b = b[1:]
	}
	return b
}

// ---- parsing one chunk -------------------------------------------------------------

type pdnLexer struct {
	s         string
	i         int
	line      int // line of s[lineStart]
	lineStart int
	g         *Game     // the game being read: tolerated deviations go to its Warnings
	strict    bool      // PDNReader.Strict
	viol      *PDNError // the first deviation of the current game, under strict
	// nextLine, nextCol: where the next game's tags start after the text, 0 at the file's end.
	nextLine, nextCol int
}

// tolerate records a deviation from the PDN 3.0 grammar at line, col that the reader
// accepts: a warning of the game, and under strict the game's error.
func (l *pdnLexer) tolerate(line, col int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if l.g != nil {
		l.g.Warnings = append(l.g.Warnings, fmt.Sprintf("line %d: %s", line, msg))
	}
	if l.strict && l.viol == nil {
		l.viol = &PDNError{Line: line, Col: col, Msg: msg, Err: ErrPDNStrict}
	}
}

func (l *pdnLexer) col() int { return l.i - l.lineStart + 1 }

// errAt is the syntax error code at line and column: english is its English sentence
// with {name} placeholders filled from args (name, value pairs, values already quoted).
func (l *pdnLexer) errAt(line, col int, code, english string, args ...string) *PDNError {
	return &PDNError{Line: line, Col: col, Msg: fillPDNArgs(english, args), Err: ErrPDNSyntax, Code: code, Args: args}
}

func (l *pdnLexer) err(code, english string, args ...string) *PDNError {
	return l.errAt(l.line, l.col(), code, english, args...)
}

// fillPDNArgs fills each {name} of text with its value in args (name, value pairs).
func fillPDNArgs(text string, args []string) string {
	for i := 0; i+1 < len(args); i += 2 {
		text = strings.ReplaceAll(text, "{"+args[i]+"}", args[i+1])
	}
	return text
}

// skipSpace skips blanks and line ends, counting lines.
func (l *pdnLexer) skipSpace() {
	for l.i < len(l.s) {
		switch l.s[l.i] {
		case '\n':
			l.i++
			l.line++
			l.lineStart = l.i
		case ' ', '\t', '\r', '\f', '\v':
			l.i++
		default:
			return
		}
	}
}

// advanceTo moves to index j, counting the line ends passed.
func (l *pdnLexer) advanceTo(j int) {
	for k := l.i; k < j; k++ {
		if l.s[k] == '\n' {
			l.line++
			l.lineStart = k + 1
		}
	}
	l.i = j
}

func (r *PDNReader) parseChunk(s string, startLine int, cp bool) {
	r.lex = pdnLexer{s: s, line: startLine, strict: r.Strict}
	l := &r.lex         // kept on the reader: no allocation per chunk
	if r.carry != nil { // the next game's tags follow this chunk
		l.nextLine, l.nextCol = r.carryLn, r.carryCol
	}
	var prev *Game // the previous game of this chunk
	for {
		l.skipSpace()
		if l.i >= len(l.s) {
			return
		}
		r.index++
		g := r.newGame()
		g.Index, g.Line, g.Windows1252 = r.index, l.line, cp
		l.g, l.viol = g, nil
		line, col := l.line, l.col()
		err := parseGame(l, g)
		if err == nil && prev != nil && len(g.Tags) == 0 && len(g.Moves) == 0 {
			// No tag and no move after a game's result (a stray '.', a comment, a result):
			// not a game. Its comments and variations go to the previous game, its result
			// is a stray result of that game.
			r.index--
			if n := len(prev.Moves); n > 0 {
				prev.Moves[n-1].Comments = append(prev.Moves[n-1].Comments, g.Comments...)
				prev.Moves[n-1].Variations = append(prev.Moves[n-1].Variations, g.Variations...)
			} else {
				prev.Comments = append(prev.Comments, g.Comments...)
				prev.Variations = append(prev.Variations, g.Variations...)
			}
			prev.Warnings = append(prev.Warnings, g.Warnings...)
			viol := l.viol
			l.g, l.viol = prev, nil
			if g.Result != "" {
				l.tolerate(line, col, "stray result %s after the game's result %s (PDN 3.0: a result ends a game, and a game is not empty)", g.Result, prev.Result)
			}
			if viol == nil {
				viol = l.viol
			}
			if k := len(r.pendErr) - 1; viol != nil && r.pendErr[k] == nil {
				r.pendErr[k] = &GameError{Index: prev.Index, Err: viol}
			}
			continue
		}
		if err == nil && g.Result != "" {
			trailing(l, g)
		}
		if err == nil && l.viol != nil {
			err = l.viol
		}
		g.EndLine = l.line // less the line ends between the game's last character and l.i
		for k := min(l.i, len(l.s)) - 1; k >= 0 && g.EndLine > line; k-- {
			c := l.s[k]
			if c == '\n' {
				g.EndLine--
			} else if c != ' ' && c != '\t' && c != '\r' {
				break
			}
		}
		g.Fragment = prev != nil && len(g.Tags) == 0 && (len(prev.Tags) > 0 || prev.Fragment)
		prev = g
		r.pending = append(r.pending, g)
		if err != nil {
			r.pendErr = append(r.pendErr, &GameError{Index: g.Index, Err: err})
			if !errors.Is(err, ErrPDNStrict) {
				return // the rest of the chunk belongs to the broken game
			}
			continue
		}
		r.pendErr = append(r.pendErr, nil)
	}
}

// trailing reads what follows the result of g up to the next game: further results (stray
// results: PDN 3.0 has no empty game between two results, so they are not games) are
// tolerated and noted; comments after the result belong to g when only the next tag section
// or the end follows. A move after them starts the next game (without tags), and the
// comments before that move are left to it.
func trailing(l *pdnLexer, g *Game) {
	var comments []string
	keep := func() {
		if n := len(g.Moves); n > 0 {
			g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, comments...)
		} else {
			g.Comments = append(g.Comments, comments...)
		}
		comments = nil
	}
	mark, markLine, markStart := l.i, l.line, l.lineStart
	markWarn, markViol := len(g.Warnings), l.viol
	for {
		l.skipSpace()
		if l.i >= len(l.s) || l.s[l.i] == '[' {
			keep()
			return
		}
		if res, n := resultAt(l.s[l.i:]); n > 0 {
			l.tolerate(l.line, l.col(), "stray result %s after the game's result %s (PDN 3.0: a result ends a game, and a game is not empty)", res, g.Result)
			l.i += n
			keep()
			mark, markLine, markStart = l.i, l.line, l.lineStart
			markWarn, markViol = len(g.Warnings), l.viol
			continue
		}
		switch l.s[l.i] {
		case '.':
			if !strings.HasPrefix(l.s[l.i:], "..") {
				l.tolerate(l.line, l.col(), "stray '.' ignored")
				l.i++
				continue
			}
		case '{':
			if end := strings.IndexByte(l.s[l.i+1:], '}'); end >= 0 {
				comments = append(comments, strings.TrimSpace(l.s[l.i+1:l.i+1+end]))
				l.advanceTo(l.i + 1 + end + 1)
				continue
			}
		case ';':
			line, col := l.line, l.col()
			end := strings.IndexByte(l.s[l.i:], '\n')
			if end < 0 {
				end = len(l.s) - l.i
			}
			l.tolerate(line, col, "';' comment to the end of the line (PDN 3.0 comments are {...})")
			comments = append(comments, strings.TrimSpace(l.s[l.i+1:l.i+end]))
			l.advanceTo(l.i + end)
			continue
		}
		// Anything else starts the next game: leave it (and the comments before it, with
		// what was noted about them) to it.
		l.i, l.line, l.lineStart = mark, markLine, markStart
		g.Warnings, l.viol = g.Warnings[:markWarn], markViol
		return
	}
}

// standardResults are the PDN 3.0 game termination markers ("*" aside).
var standardResults = [...]string{"1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0"}

// resultAt reports whether s starts with a game termination marker (a standard result,
// "½-½" or "*") followed by a delimiter or the end; it returns the marker and its length.
func resultAt(s string) (string, int) {
	try := func(r string) bool {
		return strings.HasPrefix(s, r) && (len(s) == len(r) || isDelim(s[len(r)]))
	}
	for _, r := range standardResults {
		if try(r) {
			return r, len(r)
		}
	}
	if try("½-½") {
		return "½-½", len("½-½")
	}
	if strings.HasPrefix(s, "*") { // as in parseGame: "*" needs no delimiter after it
		return "*", 1
	}
	return "", 0
}

// IsStandardResult reports whether res is a PDN 3.0 result: 1-0, 0-1, 1/2-1/2 (one point
// for a win), 2-0, 0-2, 1-1 (two points), 0-0 (double forfeit) or * (unknown).
func IsStandardResult(res string) bool {
	if res == "*" {
		return true
	}
	for _, r := range standardResults {
		if res == r {
			return true
		}
	}
	return false
}

// atGameEnd reports whether only blanks and {comments} follow s[i] up to the end of the
// text or a '[' (the next game's tags).
func atGameEnd(s string, i int) bool {
	for i < len(s) {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '{':
			e := strings.IndexByte(s[i+1:], '}')
			if e < 0 {
				return false
			}
			i += e + 2
		case c == '[':
			return true
		default:
			return false
		}
	}
	return true
}

// parseGame reads one game (tags, movetext, termination) from the lexer. It stops after the
// result token, or at a '[' that starts the next game's tags, or at the end of the text.
func parseGame(l *pdnLexer, g *Game) error {
	if err := parseTags(l, g); err != nil {
		return err
	}
	// Size the move list once: every move has a '-', 'x', 'X' or ':'.
	if rest := l.s[l.i:]; len(rest) > 0 {
		est := strings.Count(rest, "-") + strings.Count(rest, "x") + strings.Count(rest, ":") + strings.Count(rest, "X")
		if est > cap(g.Moves) {
			g.Moves = make([]PDNMove, 0, est)
		}
	}
	mt := movetext{l: l, g: g}
	for {
		l.skipSpace()
		if l.i >= len(l.s) {
			mt.atEnd()
			return nil
		}
		if done, err := mt.token(); done || err != nil {
			return err
		}
	}
}

// parseTags reads the tag section.
func parseTags(l *pdnLexer, g *Game) error {
	for {
		l.skipSpace()
		if l.i >= len(l.s) || l.s[l.i] != '[' {
			return nil
		}
		est := 0
		if g.Tags == nil {
			est = estimateTags(l.s[l.i:])
		}
		t, err := parseTag(l)
		if err != nil {
			return err
		}
		if g.Tags == nil {
			g.Tags = make([]Tag, 0, est)
		}
		g.Tags = append(g.Tags, t)
	}
}

// movetext is the state of parseGame in a game's movetext.
type movetext struct {
	l         *pdnLexer
	g         *Game
	number    int  // last move number written
	blackNext bool // the next move is the second of its pair
	haveMove  bool
	// numLine, numCol, numText: where a move number was written that no move has followed
	// yet (numLine 0: none).
	numLine, numCol int
	numText         string
	semiNoted       bool // a ';' separator was noted (once a game)
}

// noMoveAfterNumber notes a move number that no move followed, if there is one.
func (m *movetext) noMoveAfterNumber() {
	if m.numLine != 0 {
		m.l.tolerate(m.numLine, m.numCol, "move number %s without a move (PDN 3.0: a move number is followed by a move)", m.numText)
		m.numLine = 0
	}
}

// atEnd handles the end of the text: the game ends without a result.
func (m *movetext) atEnd() {
	l := m.l
	m.noMoveAfterNumber()
	if l.nextLine != 0 {
		l.tolerate(l.nextLine, l.nextCol, "no game termination marker (result) before the next game's tags (PDN 3.0: games are separated by a result)")
	} else if m.haveMove || len(m.g.Tags) > 0 {
		// PDN 3.0 allows the last game of a file without a result: a note only.
		m.g.Warnings = append(m.g.Warnings, fmt.Sprintf("line %d: no game termination marker (result)", l.line))
	}
}

// token reads the token at l.i; done is true when it ended the game (a result, or the
// next game's tags).
func (m *movetext) token() (done bool, err error) {
	l := m.l
	c := l.s[l.i]
	if isDigit(c) { // most tokens: a move number, a move, a result
		return m.numeric()
	}
	switch {
	case c == '[':
		m.noMoveAfterNumber()
		l.tolerate(l.line, l.col(), "no game termination marker (result) before the next game's tags (PDN 3.0: games are separated by a result)")
		return true, nil // next game starts here
	case c == '{':
		return false, m.comment()
	case c == ';':
		if m.semicolonSeparates() {
			if !m.semiNoted {
				m.semiNoted = true
				l.tolerate(l.line, l.col(), "';' between moves read as a separator of move pairs, as score sheets write it (PDN 3.0: ';' starts a comment to the end of the line)")
			}
			l.i++
			return false, nil
		}
		m.lineComment()
	case c == '(':
		return false, m.variation()
	case c == ')':
		return false, l.err("close-without-variation", "')' without a variation to close")
	case c == '$':
		return false, m.nag()
	case c == '!' || c == '?':
		return false, m.marks()
	case c == '*':
		m.noMoveAfterNumber()
		m.g.Result = "*"
		l.i++
		return true, nil
	case c == '.':
		m.dots()
	case strings.HasPrefix(l.s[l.i:], "½"):
		if strings.HasPrefix(l.s[l.i:], "½-½") {
			m.noMoveAfterNumber()
			l.tolerate(l.line, l.col(), "result ½-½ (PDN 3.0 writes a draw 1/2-1/2)")
			m.g.Result = "½-½"
			l.i += len("½-½")
			return true, nil
		}
		return false, l.err("bad-result", "unreadable result starting with ½")
	case c >= 'a' && c <= 'z':
		line, col := l.line, l.col()
		mv, end, err := lexAlgebraic(l)
		if err != nil {
			return false, err
		}
		m.g.Moves = append(m.g.Moves, mv)
		return false, m.addMove(line, col, end)
	default:
		r, _ := utf8.DecodeRuneInString(l.s[l.i:])
		return false, l.err("unexpected-character", "unexpected character {found}", "found", fmt.Sprintf("%q", r))
	}
	return false, nil
}

// attach adds a comment or variation text to the last move, or to the game before its
// first move.
func (m *movetext) attach(text string, variation bool) {
	g := m.g
	switch n := len(g.Moves); {
	case n > 0 && variation:
		g.Moves[n-1].Variations = append(g.Moves[n-1].Variations, text)
	case n > 0:
		g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, text)
	case variation:
		g.Variations = append(g.Variations, text)
	default:
		g.Comments = append(g.Comments, text)
	}
}

// comment reads a {comment}.
func (m *movetext) comment() error {
	l := m.l
	line, col := l.line, l.col()
	end := strings.IndexByte(l.s[l.i+1:], '}')
	if end < 0 {
		return l.errAt(line, col, "comment-not-closed", "comment { not closed")
	}
	text := strings.TrimSpace(l.s[l.i+1 : l.i+1+end])
	l.advanceTo(l.i + 1 + end + 1)
	m.attach(text, false)
	return nil
}

// semicolonSeparates reports whether the ';' at l.i stands between moves, clearly a score
// written with ';' between move pairs ("23-19 12-15; 19x12 8x15; ..."), not a comment: a
// move (not a move number) just before it, and on the same line after it a move, maybe
// after a move number. Elsewhere ';' is a comment to the end of the line, as in PGN (PDN
// 3.0 "PDN Grammars" has neither: comments are {...}; both are tolerated and noted).
func (m *movetext) semicolonSeparates() bool {
	l := m.l
	if !m.haveMove || m.numLine != 0 || len(m.g.Moves) == 0 {
		return false
	}
	k := l.i - 1
	for k >= 0 && (l.s[k] == ' ' || l.s[k] == '\t') {
		k--
	}
	if k < 0 || !isDigit(l.s[k]) {
		return false // "...28 ;" after a move's text ends with a digit; a comment or a mark does not
	}
	return looksLikeMove(l.s[l.i+1:])
}

// looksLikeMove reports whether s, after blanks on its first line, starts with a numeric
// move ("19x12", "8-15", "1- 5"), maybe after a move number ("12." or "12...").
func looksLikeMove(s string) bool {
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	digits := func() int {
		j := i
		for i < len(s) && isDigit(s[i]) && i-j < 3 {
			i++
		}
		return i - j
	}
	skip()
	if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' { // a move number
		for i < len(s) && s[i] == '.' {
			i++
		}
		skip()
		if digits() == 0 {
			return false
		}
	}
	skip()
	if i >= len(s) || (s[i] != '-' && s[i] != 'x' && s[i] != 'X' && s[i] != ':') {
		return false
	}
	i++
	skip()
	return digits() > 0
}

// lineComment reads a ';' comment to the end of the line (tolerated).
func (m *movetext) lineComment() {
	l := m.l
	l.tolerate(l.line, l.col(), "';' comment to the end of the line (PDN 3.0 comments are {...})")
	end := strings.IndexByte(l.s[l.i:], '\n')
	if end < 0 {
		end = len(l.s) - l.i
	}
	text := strings.TrimSpace(l.s[l.i+1 : l.i+end])
	l.advanceTo(l.i + end)
	m.attach(text, false)
}

// variation reads a (variation), kept as raw text.
func (m *movetext) variation() error {
	l := m.l
	line, col := l.line, l.col()
	end, ok := matchVariation(l.s, l.i)
	if !ok {
		return l.errAt(line, col, "variation-not-closed", "variation ( not closed")
	}
	text := strings.TrimSpace(l.s[l.i+1 : end])
	l.advanceTo(end + 1)
	m.attach(text, true)
	return nil
}

// nag reads a numeric annotation glyph $n.
func (m *movetext) nag() error {
	l := m.l
	j := l.i + 1
	for j < len(l.s) && isDigit(l.s[j]) {
		j++
	}
	if j == l.i+1 {
		return l.err("bad-nag", "'$' not followed by a number (NAG)")
	}
	nag, _ := strconv.Atoi(l.s[l.i+1 : j])
	if n := len(m.g.Moves); n > 0 {
		m.g.Moves[n-1].NAGs = append(m.g.Moves[n-1].NAGs, nag)
	}
	l.i = j
	return nil
}

// marks reads move strength marks written apart from their move ("22-18 !").
func (m *movetext) marks() error {
	l, g := m.l, m.g
	j := l.i
	for j < len(l.s) && (l.s[j] == '!' || l.s[j] == '?') {
		j++
	}
	n := len(g.Moves)
	if n == 0 {
		return l.err("mark-without-move", "move mark {found} without a move", "found", strconv.Quote(l.s[l.i:j]))
	}
	if !validMark(g.Moves[n-1].Marks + l.s[l.i:j]) {
		return l.err("bad-mark", "move mark {found} not understood (use !, ?, !!, ??, !?, ?! or *)", "found", strconv.Quote(g.Moves[n-1].Marks+l.s[l.i:j]))
	}
	g.Moves[n-1].Marks += l.s[l.i:j]
	l.i = j
	return nil
}

// dots reads "..." (Black's move follows) or a stray run of dots (tolerated).
func (m *movetext) dots() {
	l := m.l
	j := l.i
	for j < len(l.s) && l.s[j] == '.' {
		j++
	}
	switch {
	case j-l.i == 3: // "...": the move is left out (PDN 3.0 Move = ... | Ellipses)
		m.blackNext = true
		m.numLine = 0
	case j-l.i >= 2:
		l.tolerate(l.line, l.col(), "%q is neither a move number nor \"...\"", l.s[l.i:j])
		m.blackNext = true
	default:
		l.tolerate(l.line, l.col(), "stray '.' ignored")
	}
	l.i = j
}

// numeric reads what starts with a digit: a move number, the result 1/2-1/2 or another
// result, or a numeric move.
func (m *movetext) numeric() (done bool, err error) {
	l := m.l
	line, col := l.line, l.col()
	s := l.s
	j := l.i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j < len(s) && s[j] == '.' {
		return false, m.moveNumber(line, col, j)
	}
	if ok, err := m.fastMove(line, col, j); ok || err != nil {
		return false, err
	}
	if strings.HasPrefix(l.s[l.i:], "1/2-1/2") {
		m.noMoveAfterNumber()
		m.g.Result = "1/2-1/2"
		l.i += len("1/2-1/2")
		return true, nil
	}
	res, end, err := m.lexMoveLast(line, col, j)
	if err != nil {
		return false, err
	}
	if res != "" {
		m.noMoveAfterNumber()
		m.g.Result = res
		l.i = end
		return true, nil
	}
	return false, m.addMove(line, col, end)
}

// moveNumber reads "12." (White's move) or "12..." (Black's move); the digits end at j.
func (m *movetext) moveNumber(line, col, j int) error {
	l := m.l
	n, err := atoiMoveNumber(l.s[l.i:j])
	if err != nil {
		return l.errAt(line, col, "move-number-too-large", "move number {found} too large", "found", strconv.Quote(l.s[l.i:j]))
	}
	k := j
	for k < len(l.s) && l.s[k] == '.' {
		k++
	}
	m.noMoveAfterNumber()
	if k-j == 2 || k-j > 3 {
		l.tolerate(line, col, "move number %q (PDN 3.0: \"N.\" or \"N...\")", l.s[l.i:k])
	}
	m.numLine, m.numCol, m.numText = line, col, l.s[l.i:k]
	m.number = n
	m.blackNext = k-j >= 2
	l.i = k
	return nil
}

// lexMoveLast lexes the numeric move whose first number ends at j straight into a new
// last element of g.Moves (a PDNMove is large: no copies). For a result, or an error, the
// element is dropped again and the result is returned: a standard one, or a non-standard
// one ("4-6", "1-9": a match score out of 10) that is the game's last token and the same
// as its Result tag.
func (m *movetext) lexMoveLast(line, col, j int) (string, int, error) {
	l, g := m.l, m.g
	n, wasNil := len(g.Moves), g.Moves == nil
	if n < cap(g.Moves) {
		g.Moves = g.Moves[:n+1] // spare capacity is zero (fresh, or cleared when dropped)
	} else {
		g.Moves = append(g.Moves, PDNMove{})
	}
	drop := func() {
		g.Moves[n] = PDNMove{}
		g.Moves = g.Moves[:n]
		if wasNil {
			g.Moves = nil // a game without moves keeps a nil move list
		}
	}
	res, end, err := lexMove(l, j, &g.Moves[n])
	if err != nil || res != "" {
		drop()
	}
	if err != nil {
		return "", 0, err
	}
	if res == "" && !g.Moves[n].Capture && g.Moves[n].Via == nil && atGameEnd(l.s, end) {
		if rt := strings.TrimSpace(g.ResultTag()); rt != "" && rt == g.Moves[n].Text {
			res = rt
			drop()
			l.tolerate(line, col, "non-standard result %s (PDN 3.0 results: 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *)", res)
		}
	}
	return res, end, nil
}

// addMove numbers the lexed move (numeric or algebraic) just placed last in g.Moves and
// reads the marks written straight after it ("22-18!", "22x13*").
func (m *movetext) addMove(line, col, end int) error {
	l, g := m.l, m.g
	mv := &g.Moves[len(g.Moves)-1]
	m.numberMove(mv, line, col)
	l.i = end
	k := l.i
	for k < len(l.s) && (l.s[k] == '!' || l.s[k] == '?' || l.s[k] == '*') {
		k++
	}
	if k > l.i {
		if !validMark(l.s[l.i:k]) {
			return l.err("bad-mark", "move mark {found} not understood (use !, ?, !!, ??, !?, ?! or *)", "found", strconv.Quote(l.s[l.i:k]))
		}
		mv.Marks = l.s[l.i:k]
		l.i = k
	}
	if l.i < len(l.s) && !isDelim(l.s[l.i]) {
		return l.err("unexpected-after-move", "unexpected {found} after move {move}", "found", fmt.Sprintf("%q", l.s[l.i]), "move", mv.Text)
	}
	return nil
}

// numberMove gives mv, written at line, col, its move number and side (the number written
// before it, or counted).
func (m *movetext) numberMove(mv *PDNMove, line, col int) {
	mv.Line, mv.Col = line, col
	m.numLine = 0
	if m.number == 0 {
		m.number = 1
	}
	mv.Number = m.number
	mv.Second = m.blackNext
	if m.blackNext {
		m.number++
	}
	m.blackNext = !m.blackNext
	m.haveMove = true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validMark reports whether s is one PDN move strength mark (or FID's "*" forced move).
func validMark(s string) bool {
	switch s {
	case "!", "?", "!!", "??", "!?", "?!", "*":
		return true
	}
	return false
}

func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '{', '(', ')', '$', ';', '[', '\f', '\v':
		return true
	}
	return false
}

// lexMove reads a numeric move starting at l.i whose first number ends at j: squares
// separated by '-', 'x', 'X' or ':', with blanks allowed after a separator ("1- 7", "47x 9").
// It returns the move, or the result when the text is a game termination marker ("1-0",
// "0-1", "2-0", "0-2", "1-1", "0-0"), and the index after it.
func lexMove(l *pdnLexer, j int, m *PDNMove) (string, int, *PDNError) {
	s := l.s
	first, ok := atoiSq(s[l.i:j])
	if !ok {
		return "", 0, l.err("square-too-large", "square number {found} too large", "found", strconv.Quote(s[l.i:j]))
	}
	if j-l.i > 2 {
		l.tolerate(l.line, l.col(), "square %s written with more than two digits (PDN 3.0 squares: 1-99, 01-09)", s[l.i:j])
	}
	// Up to maxMoveSquares squares; the first 16 on the stack (a real move has few).
	var sq [16]int
	squares, k, sep, err := lexSquares(l, j, append(sq[:0], first))
	if err != nil {
		return "", 0, err
	}
	if len(squares) < 2 {
		return "", 0, l.err("number-not-move", "number {found} is neither a move number (\"{number}.\") nor a move", "found", strconv.Quote(s[l.i:j]), "number", s[l.i:j])
	}
	text := s[l.i:k]
	if len(squares) == 2 && sep == '-' {
		switch text {
		case "1-0", "0-1", "2-0", "0-2", "1-1", "0-0":
			return text, k, nil
		}
	}
	if err := checkSquares(l, text, squares, sep); err != nil {
		return "", 0, err
	}
	m.Text = text
	m.From = squares[0]
	m.To = squares[len(squares)-1]
	if len(squares) > 2 {
		m.Via = append([]int(nil), squares[1:len(squares)-1]...)
	}
	m.Capture = sep != '-'
	return "", k, nil
}

// lexSquares reads the separators and squares that follow a move's first square (which
// ends at k), appending the squares; it returns them, the index after the move and the
// separator ('-', 'x' or ':'; 0 when there is none).
func lexSquares(l *pdnLexer, k int, squares []int) ([]int, int, byte, *PDNError) {
	s := l.s
	sep := byte(0)
	for k < len(s) {
		c := s[k]
		if c != '-' && c != 'x' && c != 'X' && c != ':' {
			break
		}
		p := k + 1
		for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
			p++
		}
		q := p
		for q < len(s) && isDigit(s[q]) {
			q++
		}
		if q == p {
			return nil, 0, 0, l.errAt(l.line, k-l.lineStart+1, "separator-without-square", "separator {found} not followed by a square number", "found", fmt.Sprintf("%q", c))
		}
		n, ok := atoiSq(s[p:q])
		if !ok {
			return nil, 0, 0, l.errAt(l.line, p-l.lineStart+1, "square-too-large", "square number {found} too large", "found", strconv.Quote(s[p:q]))
		}
		if q-p > 2 {
			l.tolerate(l.line, p-l.lineStart+1, "square %s written with more than two digits (PDN 3.0 squares: 1-99, 01-09)", s[p:q])
		}
		if c == 'X' {
			l.tolerate(l.line, k-l.lineStart+1, "'X' as capture separator (PDN 3.0: 'x' or ':')")
			c = 'x'
		}
		if sep == 0 {
			sep = c
		} else if (sep == '-') != (c == '-') {
			return nil, 0, 0, l.errAt(l.line, k-l.lineStart+1, "mixed-separators", "move mixes '-' and 'x'")
		}
		if len(squares) == maxMoveSquares {
			return nil, 0, 0, l.err("too-many-squares", "move with too many squares")
		}
		squares = append(squares, n)
		k = q
	}
	return squares, k, sep, nil
}

// checkSquares rejects square 0, an ordinary move to its own square and an ordinary move
// with landing squares.
func checkSquares(l *pdnLexer, text string, squares []int, sep byte) *PDNError {
	for _, sq := range squares {
		if sq == 0 {
			return l.err("square-zero", "square 0 in {found}: squares are numbered from 1", "found", strconv.Quote(text))
		}
	}
	if sep == '-' && len(squares) == 2 && squares[0] == squares[1] {
		return l.err("move-to-itself", "move {found} goes from a square to itself", "found", strconv.Quote(text))
	}
	if sep == '-' && len(squares) > 2 {
		return l.err("move-too-many-squares", "ordinary move {found} with more than two squares", "found", strconv.Quote(text))
	}
	return nil
}

// atoiMoveNumber is strconv.Atoi for a move number (digits only): computed directly when
// short enough that it cannot overflow.
func atoiMoveNumber(s string) (int, error) {
	if len(s) == 0 || len(s) > 9 {
		return strconv.Atoi(s)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, nil
}

// estimateTags returns the number of tag pairs in the tag section at the start of s: one per
// '[' on the lines that start with '[' (blank lines between them skipped). It only sizes
// Game.Tags.
func estimateTags(s string) int {
	n := 0
	for {
		i := 0
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		if i >= len(s) || s[i] != '[' {
			return n
		}
		e := strings.IndexByte(s[i:], '\n')
		if e < 0 {
			return n + strings.Count(s[i:], "[")
		}
		n += strings.Count(s[i:i+e], "[")
		s = s[i+e:]
	}
}

// maxMoveSquares is the most squares one written move may have (from, landings, to).
const maxMoveSquares = 64

// atoiSq converts a square number of at most 4 digits.
func atoiSq(s string) (int, bool) {
	if len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// lexAlgebraic reads a move in algebraic notation ("c3-d4", "b6xd4xf2").
func lexAlgebraic(l *pdnLexer) (PDNMove, int, *PDNError) {
	s := l.s
	k := l.i
	parts := 0
	capture := false
	for {
		if k >= len(s) || s[k] < 'a' || s[k] > 'z' {
			return PDNMove{}, 0, l.err("unexpected-text", "unexpected text {found}", "found", strconv.Quote(wordAt(s, l.i)))
		}
		k++
		q := k
		for q < len(s) && isDigit(s[q]) {
			q++
		}
		if q == k {
			return PDNMove{}, 0, l.err("unexpected-text", "unexpected text {found}", "found", strconv.Quote(wordAt(s, l.i)))
		}
		k = q
		parts++
		if k < len(s) && (s[k] == '-' || s[k] == 'x' || s[k] == ':') {
			capture = capture || s[k] != '-'
			k++
			continue
		}
		if parts == 1 && k+1 < len(s) && s[k] >= 'a' && s[k] <= 'z' && isDigit(s[k+1]) {
			continue // "a3b4": two squares without a separator (PDN 3.0 ALPHAMOVE)
		}
		break
	}
	if parts < 2 {
		return PDNMove{}, 0, l.err("unexpected-text", "unexpected text {found}", "found", strconv.Quote(wordAt(s, l.i)))
	}
	return PDNMove{Text: s[l.i:k], Algebraic: true, Capture: capture}, k, nil
}

func wordAt(s string, i int) string {
	j := i
	for j < len(s) && j-i < 20 && !isDelim(s[j]) {
		j++
	}
	return s[i:j]
}

// matchVariation returns the index of the ')' closing the variation opened at s[i], skipping
// nested variations and {comments}.
func matchVariation(s string, i int) (int, bool) {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '{':
			e := strings.IndexByte(s[k+1:], '}')
			if e < 0 {
				return 0, false
			}
			k += e + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return k, true
			}
		}
	}
	return 0, false
}

// parseTag reads "[Name "value"]" (PDN 3.0 tag pair; value escapes \" and \\).
func parseTag(l *pdnLexer) (Tag, error) {
	line, col := l.line, l.col()
	s := l.s
	k := l.i + 1
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	ns := k
	for k < len(s) && (isDigit(s[k]) || s[k] == '_' || (s[k]|0x20 >= 'a' && s[k]|0x20 <= 'z')) {
		k++
	}
	if k == ns {
		return Tag{}, l.errAt(line, col, "tag-without-name", "tag without a name")
	}
	name := s[ns:k]
	if c := name[0]; c < 'A' || c > 'Z' {
		l.tolerate(line, ns-l.lineStart+1, "tag name %s does not start with a capital letter (PDN 3.0 tag names: [A-Z][A-Za-z0-9_]*)", name)
	}
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if k >= len(s) || s[k] != '"' {
		return Tag{}, l.errAt(line, k-l.lineStart+1, "tag-value-unquoted", "tag {tag}: value must be a \"quoted string\"", "tag", name)
	}
	value, k, ok := tagValue(s, k+1)
	if !ok {
		return Tag{}, l.errAt(line, col, "tag-string-not-closed", "tag {tag}: string not closed on its line", "tag", name)
	}
	k++
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if k >= len(s) || s[k] != ']' {
		return Tag{}, l.errAt(line, k-l.lineStart+1, "tag-not-closed", "tag {tag}: ']' expected", "tag", name)
	}
	l.advanceTo(k + 1)
	return Tag{Name: name, Value: value}, nil
}

// tagValue reads a tag's quoted value starting at s[k] (after the opening quote), with its
// escapes \" and \\ undone and stray carriage returns dropped; it returns the value, the
// index of the closing quote, and false when the string is not closed on its line.
func tagValue(s string, k int) (string, int, bool) {
	vs := k
	escaped := false
	for k < len(s) && s[k] != '"' && s[k] != '\n' {
		if s[k] == '\\' && k+1 < len(s) && (s[k+1] == '"' || s[k+1] == '\\') {
			escaped = true
			k++
		}
		k++
	}
	if k >= len(s) || s[k] != '"' {
		return "", k, false
	}
	value := s[vs:k]
	if strings.IndexByte(value, '\r') >= 0 {
		value = strings.ReplaceAll(value, "\r", "") // stray carriage returns are line-ending debris
	}
	if escaped {
		var b strings.Builder
		for i := 0; i < len(value); i++ {
			if value[i] == '\\' && i+1 < len(value) {
				i++
			}
			b.WriteByte(value[i])
		}
		value = b.String()
	}
	return value, k, true
}

// isWholeTagLine reports whether b is exactly one or more tag pairs [Name "value"].
func isWholeTagLine(b []byte) bool {
	n := len(b)
	for n > 0 && (b[n-1] == ' ' || b[n-1] == '\t') {
		n--
	}
	if n < 5 || b[n-1] != ']' || b[0] != '[' {
		return false
	}
	k := 1
	for k < n && (isDigit(b[k]) || b[k] == '_' || (b[k]|0x20 >= 'a' && b[k]|0x20 <= 'z')) {
		k++
	}
	if k == 1 || k >= n || b[k] != ' ' {
		return false
	}
	return tagLineEnd(b[:n]) == n
}

// newGame returns the storage for the next game read: the spare game when there is one
// (its move and tag lists emptied, capacity kept), else a game handed back by RecycleGame,
// otherwise a new one.
func (r *PDNReader) newGame() *Game {
	g := r.spare
	if g == nil {
		pg, _ := gamePool.Get().(*Game)
		if pg == nil {
			return &Game{}
		}
		moves, tags := pg.Moves, pg.Tags[:0]
		// parseGame and fastMove count on zero spare capacity: clear what the reader filled
		// (pg.used) and what a caller appended since (len), not the whole capacity, which
		// is pointer memory (a write barrier a word while the collector runs).
		clear(moves[:min(cap(moves), max(len(moves), pg.used))])
		clear(tags[:cap(tags)])
		*pg = Game{Moves: moves[:0], Tags: tags}
		return pg
	}
	r.spare = nil
	moves, tags := g.Moves, g.Tags[:0]
	clear(moves) // the capacity beyond len is already zero (parseGame keeps it so)
	*g = Game{Moves: moves[:0], Tags: tags}
	return g
}

// gamePool holds the games handed back by RecycleGame; every PDNReader takes its next game
// from it (sync.Pool: safe for concurrent use).
var gamePool sync.Pool

// RecycleGame hands g, read by a PDNReader and no longer used, back for the games read
// next: its move and tag lists are reused instead of allocated again. A game's move list is
// most of what reading allocates (176 bytes a ply), and the collector's work with it a
// sixth of the instructions of reading and replaying a file (issue 33, docs/audit-speed.md).
// After the call neither g nor its lists may be used; the strings read from it (move texts,
// tag values, comments, the result) and a Verdict of Replay(g) stay valid: they do not live
// in the lists. Streaming readers (arbitro replay, the archive audit of PDN files) recycle
// each game once its verdict is rendered. Safe for concurrent use.
func RecycleGame(g *Game) {
	if g != nil && cap(g.Moves) <= maxRecycledMoves {
		gamePool.Put(g)
	}
}

// maxRecycledMoves bounds the move list kept by RecycleGame (a freak game of thousands of
// plies is left to the collector).
const maxRecycledMoves = 1024

// ScoreParser reads stored game scores (one PDN game each) one after another with the same
// buffers: the read buffer, the line buffers, and the move and tag lists of the game it
// returns are reused, and a text that needs no decoding (UTF-8 or ASCII, LF line ends, no
// byte-order mark or % escape line) is parsed in place, so a score costs no allocation
// beyond what its moves need (landing squares, comments). A reader of a federation's
// archive keeps one per worker. Not safe for concurrent use.
type ScoreParser struct {
	sr strings.Reader
	r  PDNReader
	g  Game
	// moves and tags keep the lists' storage while a game without moves or tags is out.
	moves []PDNMove
	tags  []Tag
}

// Parse returns the first game of text, as NewPDNReader(strings.NewReader(text)).Next()
// does (the same game, the same error; io.EOF for a text without a game; a list without
// elements is nil). The game, its
// move list and its tag list belong to p and are valid until the next Parse; the strings
// in them (move texts, tag values, comments, the result) are parts of text or new, never
// overwritten, and may be kept.
func (p *ScoreParser) Parse(text string) (*Game, error) {
	if cap(p.g.Moves) > cap(p.moves) {
		p.moves = p.g.Moves
	}
	if cap(p.g.Tags) > cap(p.tags) {
		p.tags = p.g.Tags
	}
	p.g = Game{Moves: p.moves[:len(p.g.Moves)], Tags: p.tags[:0]}
	p.sr.Reset(text)
	br := p.r.br
	if br == nil {
		br = bufio.NewReaderSize(&p.sr, 64<<10)
	} else {
		br.Reset(&p.sr)
	}
	pending, pendErr := p.r.pending[:0], p.r.pendErr[:0]
	p.r = PDNReader{br: br, first: true, pending: pending, pendErr: pendErr, src: text, spare: &p.g,
		buf: p.r.buf[:0], lineBuf: p.r.lineBuf[:0], decBuf: p.r.decBuf[:0], carrySave: p.r.carrySave[:0], carryLine: p.r.carryLine[:0]}
	g, err := p.r.Next()
	if g == &p.g {
		// Empty lists are nil, the storage kept for the next score.
		if len(g.Tags) == 0 {
			p.tags, g.Tags = g.Tags, nil
		}
		if len(g.Moves) == 0 {
			p.moves, g.Moves = g.Moves, nil
		}
	}
	return g, err
}
