package tournament

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// NameKey reduces a player's name to a comparison key that ignores case, accents,
// punctuation and word order: "BORGHETTI Michele", "Michele Borghetti", "Borghetti, Michele"
// and "Borghétti Michele" all give "borghetti michele" (the words sorted). Apostrophes and
// hyphens join ("Dell'Acqua" → "dellacqua"). Letters of other scripts are kept (lower-cased).
func NameKey(s string) string {
	return strings.Join(nameTokens(s), " ")
}

// nameTokens returns the sorted, folded words of a name. A name read from the database
// with its refused characters escaped (ShownName: "Ros\u3164si") folds as the stored name
// would: the escapes of refused characters are read back first (unescapeShown).
func nameTokens(s string) []string {
	if strings.IndexByte(s, '\\') >= 0 {
		s = unescapeShown(s)
	}
	if isASCII(s) {
		return asciiNameTokens(s)
	}
	return unicodeNameTokens(s)
}

// unicodeNameTokens is nameTokens of any name: NFD, accents and invisible characters
// dropped, letters and digits lower-cased.
func unicodeNameTokens(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // combining accent: drop
		case unicode.Is(unicode.Cf, r) || Invisible(r): // invisible (zero-width space, bidi marks, Hangul filler): drop
		case r == '\'' || r == '’' || r == '`' || r == '-' || r == '.':
			// joins (Dell'Acqua, Rossi-Bianchi); a dot after an initial ends it
			if r == '.' {
				b.WriteByte(' ')
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteByte(' ')
		}
	}
	toks := strings.Fields(b.String())
	sort.Strings(toks)
	return toks
}

// unescapeShown undoes ShownText's escapes in s: each \uXXXX or \UXXXXXXXX that writes a
// character the names check refuses becomes that character again (which the folding then
// drops or reads as a word break), and each \xHH (a byte that was not UTF-8) a space. Any
// other backslash is left as it is.
func unescapeShown(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\\' && i+1 < len(s) {
			width := map[byte]int{'u': 4, 'U': 8, 'x': 2}[s[i+1]]
			if width > 0 && i+2+width <= len(s) {
				if n, err := strconv.ParseUint(s[i+2:i+2+width], 16, 32); err == nil {
					switch r := rune(n); {
					case s[i+1] == 'x':
						b.WriteByte(' ')
						i += 2 + width
						continue
					case r <= unicode.MaxRune && Forbidden(r) != "":
						b.WriteRune(r)
						i += 2 + width
						continue
					}
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// isASCII reports whether s is plain ASCII (then NFD leaves it as it is).
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiNameTokens is nameTokens of an ASCII name, byte by byte: the same folding (no
// accents or invisible characters can occur; letters and digits kept lower-cased, ' ` -
// dropped, . and everything else a word break).
func asciiNameTokens(s string) []string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '`' || c == '-':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b = append(b, c)
		default:
			b = append(b, ' ')
		}
	}
	toks := strings.Fields(string(b))
	sort.Strings(toks)
	return toks
}

// hasASCIIWord reports whether s has an ASCII letter or digit, so at least one word.
func hasASCIIWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' || s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// NameMatch says how well a name written in a game score fits a player's registered name.
type NameMatch int

// Levels of NameMatch, worst first.
const (
	NameNoMatch NameMatch = iota // the names differ
	// NameInitials: the same surname(s) and the given names fit as initials ("Rossi M."
	// against "Rossi, Mario"), or one name has extra words the other lacks ("Rossi" against
	// "Rossi, Mario"). Accepted only when no other player of the board list fits as well.
	NameInitials
	NameExact // the same words, ignoring case, accents, punctuation and order
)

// MatchName compares written (a PDN White/Bianco tag) with registered (players.name) and
// returns how well they fit; see NameMatch. Empty names never match.
func MatchName(written, registered string) NameMatch {
	if written == registered && hasASCIIWord(written) {
		return NameExact // the same text, with at least one word (a score's usual case)
	}
	a, b := nameTokens(written), nameTokens(registered)
	if len(a) == 0 || len(b) == 0 {
		return NameNoMatch
	}
	if strings.Join(a, " ") == strings.Join(b, " ") {
		return NameExact
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	// Every word of the shorter name must fit a distinct word of the longer one: equal, or
	// a one-letter initial of it. At least one full word (not an initial) must be equal.
	used := make([]bool, len(b))
	full := false
	for _, w := range a {
		found := false
		for pass := 0; pass < 2 && !found; pass++ {
			for j, x := range b {
				if used[j] {
					continue
				}
				if (pass == 0 && w == x) || (pass == 1 && initialOf(w, x)) {
					used[j], found = true, true
					if pass == 0 && len([]rune(w)) > 1 {
						full = true
					}
					break
				}
			}
		}
		if !found {
			return NameNoMatch
		}
	}
	if !full {
		return NameNoMatch
	}
	return NameInitials
}

func initialOf(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 1 && len(rb) > 1 {
		return ra[0] == rb[0]
	}
	if len(rb) == 1 && len(ra) > 1 {
		return rb[0] == ra[0]
	}
	return false
}

// Limits of the free text arbitro stores, in characters (runes, after NFC).
const (
	MaxNameRunes = 100 // a player's name: "Surname, Given name(s)"
	MaxTextRunes = 200 // other free text: a club, a place, a tournament or event name, an arbiter
)

// CheckText is the one check every name and free text passes where it enters arbitro (the
// command line, a CSV players file, a PDN tag, a TRF file): it returns s in Unicode NFC,
// with any space character (no-break space, ideographic space...) as a plain space, runs
// of spaces collapsed and the ends trimmed; or an error wrapping ErrMalformed when s is not
// UTF-8, holds a character that can hide or fake what a reader sees, or has more than max
// characters. Refused: control characters (C0, DEL, C1: a terminal escape ESC [ 2 J clears
// the arbiter's screen), format characters (Unicode category Cf: zero-width space and
// joiner, soft hyphen, byte-order mark, the bidi embeddings, overrides and isolates that
// turn text right to left), line and paragraph separators, private-use, surrogate and
// unassigned code points. The error names the field (what), the character as U+XXXX with
// its Unicode name, and its position (1 = the first character).
func CheckText(what, s string, max int) (string, error) {
	return checkText(FieldWord(what), s, max)
}

// checkText is CheckText naming the field by what: a phrase of the catalogs (FieldWord) or
// a text printed as it is.
func checkText(what any, s string, max int) (string, error) {
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				return "", Errf(ErrMalformed, "err.text.not_utf8", "{err}: {what} {text}: byte {byte} at byte {pos} is not UTF-8 text (save the file as UTF-8, or give its --encoding)",
					"what", what, "text", QuoteShort(s), "byte", fmt.Sprintf("0x%02X", s[i]), "pos", i+1)
			}
			i += size
		}
	}
	s = norm.NFC.String(s)
	pos := 0
	var b strings.Builder
	for _, r := range s {
		pos++
		if why := forbiddenWhy(r); why != nil {
			return "", Errf(ErrMalformed, "err.text.forbidden", "{err}: {what} {text}: character {pos} is {char}, {why}; retype it without that character",
				"what", what, "text", QuoteShort(s), "pos", pos, "char", RuneName(r), "why", why)
		}
		if unicode.IsSpace(r) {
			r = ' '
		}
		b.WriteRune(r)
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	if n := utf8.RuneCountInString(out); n > max {
		return "", Errf(ErrMalformed, "err.text.too_long", "{err}: {what} {text} has {n} characters, more than {max}",
			"what", what, "text", QuoteShort(out), "n", n, "max", max)
	}
	return out, nil
}

// CheckPersonName is CheckText for the name of a person (a player, the arbiter of the
// event log): besides CheckText's refusals, a name without a visible letter ("-", "123",
// or U+3164 HANGUL FILLER alone, which CheckText already refuses) wraps ErrMalformed. An
// empty name, or commas and spaces alone, passes (the caller says whether one is needed:
// "the player needs a name").
func CheckPersonName(what, s string, max int) (string, error) {
	w := FieldWord(what)
	out, err := checkText(w, s, max)
	if err != nil {
		return "", err
	}
	if NormalizeName(out) != "" && !HasVisibleLetter(out) {
		return "", Errf(ErrMalformed, "err.text.no_letter", "{err}: {what} {text} has no letter; a name needs at least one visible letter",
			"what", w, "text", QuoteShort(out))
	}
	return out, nil
}

// CheckLabel is CheckText (at most MaxTextRunes) for the name of something the arbiter
// creates (a tournament, a category): it needs a visible letter or digit ("U18"), else an
// error wrapping ErrMalformed. An empty label passes (the caller says whether one is
// needed).
func CheckLabel(what, s string) (string, error) {
	w := FieldWord(what)
	out, err := checkText(w, s, MaxTextRunes)
	if err != nil {
		return "", err
	}
	if out != "" && !hasVisibleLetterOrDigit(out) {
		return "", Errf(ErrMalformed, "err.text.no_letter_digit", "{err}: {what} {text} has no letter or digit; give it a name that can be read",
			"what", w, "text", QuoteShort(out))
	}
	return out, nil
}

// Forbidden says why r may not appear in stored text, or "" if it may (forbiddenWhy's
// English).
func Forbidden(r rune) string {
	if why := forbiddenWhy(r); why != nil {
		return why.Error()
	}
	return ""
}

// forbiddenWhy says why r may not appear in stored text, as a phrase of the catalogs; nil
// if it may.
func forbiddenWhy(r rune) error {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return Errf(nil, "err.char.line_control", "a control character (a tab or line break)")
	case unicode.Is(unicode.Cc, r):
		return Errf(nil, "err.char.control", "a control character (it can drive the terminal: move, recolour or clear the screen)")
	case isBidi(r):
		return Errf(nil, "err.char.bidi", "a bidirectional control (it reorders the text shown after it)")
	case unicode.Is(unicode.Cf, r):
		return Errf(nil, "err.char.format", "an invisible formatting character (two names would look the same)")
	case unicode.Is(unicode.Variation_Selector, r):
		return Errf(nil, "err.char.variation", "a variation selector (invisible: two names would look the same)")
	case Invisible(r):
		return Errf(nil, "err.char.invisible", "an invisible character that passes for a letter or a space (two names would look the same)")
	case unicode.In(r, unicode.Zl, unicode.Zp):
		return Errf(nil, "err.char.separator", "a line or paragraph separator")
	case unicode.Is(unicode.Co, r):
		return Errf(nil, "err.char.private", "a private-use character (no agreed meaning)")
	case unicode.Is(unicode.Cs, r) || r == utf8.RuneError:
		return Errf(nil, "err.char.surrogate", "not a character (a surrogate or a replacement for bad bytes)")
	case unicode.Is(unicode.Noncharacter_Code_Point, r):
		return Errf(nil, "err.char.noncharacter", "a Unicode noncharacter")
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
		return Errf(nil, "err.char.unassigned", "an unassigned code point")
	}
	return nil
}

// DefaultIgnorable reports Unicode's Default_Ignorable_Code_Point, derived as
// DerivedCoreProperties.txt derives it (Unicode 15.0, from Go's unicode tables):
// Other_Default_Ignorable_Code_Point + Cf + Variation_Selector − White_Space −
// U+FFF9..U+FFFB − U+13430..U+1343F − Prepended_Concatenation_Mark. These are the code
// points a renderer shows as nothing at all: the soft hyphen, U+034F COMBINING GRAPHEME
// JOINER, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the zero-width and bidi
// characters, the variation selectors, the tags U+E0000..U+E0FFF.
func DefaultIgnorable(r rune) bool {
	switch {
	case unicode.Is(unicode.White_Space, r),
		r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x1343F,
		unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf, unicode.Variation_Selector)
}

// invisibleGlyphs are the characters outside Default_Ignorable_Code_Point that fonts draw
// as blank although Unicode calls them symbols: U+2800 BRAILLE PATTERN BLANK and U+1D159
// MUSICAL SYMBOL NULL NOTEHEAD (both So). A name of them would look empty.
var invisibleGlyphs = map[rune]bool{0x2800: true, 0x1D159: true}

// Invisible reports a character that shows as nothing though it is not a space: a
// Default_Ignorable_Code_Point (DefaultIgnorable) or an invisible glyph (U+2800, U+1D159).
// CheckText refuses them and the names' folded key (NameKey) ignores them.
func Invisible(r rune) bool {
	if r < 0xAD {
		return false // ASCII and Latin-1 up to the soft hyphen: none
	}
	return invisibleGlyphs[r] || DefaultIgnorable(r)
}

// HasVisibleLetter reports whether s holds a letter that shows (a letter that is not
// Invisible, such as a Hangul filler): a person's name needs one.
func HasVisibleLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !Invisible(r) {
			return true
		}
	}
	return false
}

// hasVisibleLetterOrDigit is HasVisibleLetter that also takes a digit: the name of a
// tournament or a category ("U18") needs one.
func hasVisibleLetterOrDigit(s string) bool {
	for _, r := range s {
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !Invisible(r) {
			return true
		}
	}
	return false
}

// isBidi reports the bidirectional formatting characters: LRM, RLM, ALM, the embeddings
// and overrides U+202A..U+202E and the isolates U+2066..U+2069.
func isBidi(r rune) bool {
	return r == 0x200E || r == 0x200F || r == 0x061C || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// controlNames are the names Unicode gives as aliases to the controls most often met
// (runenames gives only "<control>").
var controlNames = map[rune]string{
	0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED",
	0x0B: "LINE TABULATION", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE",
	0x85: "NEXT LINE", 0x9B: "CONTROL SEQUENCE INTRODUCER",
}

// RuneName writes r as "U+001B ESCAPE", "U+200B ZERO WIDTH SPACE", "U+00E9 LATIN SMALL
// LETTER E WITH ACUTE" (Unicode names, golang.org/x/text/unicode/runenames).
func RuneName(r rune) string {
	name := controlNames[r]
	if name == "" {
		name = runenames.Name(r)
	}
	if name == "" || strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X %s", r, name)
}

// QuoteShort quotes s for an error message with every control or invisible character
// escaped (strconv.Quote, and \u escapes for what it leaves but Forbidden refuses, such
// as U+3164 HANGUL FILLER), cut to 40 characters so a 5,000-character name stays readable.
func QuoteShort(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		n := 0
		for i := range s {
			if n == 40 {
				return quoteVisible(s[:i]) + "..."
			}
			n++
		}
	}
	return quoteVisible(s)
}

// quoteVisible is strconv.Quote with the characters it prints as they are but Forbidden
// refuses (invisible letters and symbols) written as \u escapes too.
func quoteVisible(s string) string {
	q := strconv.Quote(s)
	clean := true
	for _, r := range q {
		if r >= utf8.RuneSelf && Forbidden(r) != "" {
			clean = false
			break
		}
	}
	if clean {
		return q
	}
	var b strings.Builder
	for _, r := range q {
		switch {
		case r < utf8.RuneSelf || Forbidden(r) == "":
			b.WriteRune(r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	return b.String()
}

// checkText passes the tournament's free text through CheckText (the name, the place, the
// federation, the arbiter, the time control).
func (t *Tournament) checkText() error {
	for _, f := range []struct {
		what string
		v    *string
	}{{"tournament name", &t.Name}, {"place", &t.Place}, {"federation", &t.Federation}, {"arbiter", &t.Arbiter}, {"time control", &t.TimeControl}} {
		s, err := CheckText(f.what, *f.v, MaxTextRunes)
		if err != nil {
			return err
		}
		*f.v = s
	}
	_, err := CheckLabel("tournament name", t.Name)
	return err
}

// checkText passes the player's name (at most MaxNameRunes) and other text fields (at most
// MaxTextRunes) through CheckText.
func (p *Player) CheckText() error {
	name, err := CheckPersonName("player name", p.Name, MaxNameRunes)
	if err != nil {
		return err
	}
	p.Name = name
	for _, f := range []struct {
		what string
		v    *string
	}{{"club", &p.Club}, {"federation", &p.Federation}, {"FID id", &p.FIDID}, {"FMJD id", &p.FMJDID}, {"national id", &p.NationalID}, {"title", &p.Title}} {
		s, err := checkText(Errf(nil, "err.field.of_player", "{field} of {player}", "field", FieldWord(f.what), "player", strconv.Quote(p.Name)), *f.v, MaxTextRunes)
		if err != nil {
			return err
		}
		*f.v = s
	}
	return nil
}

// ShownName returns a name read from the database as it may be shown: unchanged when
// CheckText would let every character of it in, else with each refused character
// (control, format, bidi, private-use...) written as a visible Go escape ("\u001b",
// "\u200b"), so that a name stored by an arbitro older than the names check can neither
// drive the terminal nor hide in a listing. Every read of a player's name from SQL passes
// through it (scanEntry, scanBoard, the standings and pairing loaders).
func ShownName(s string) string {
	return ShownText(s)
}

// ShownText is ShownName for any free text read from the database (a tournament's name,
// place, federation, arbiter, time control; a club, an id, a title; a category's name and
// rule; a prize's label; an absence's reason; a claim's note; the event log's actor and
// action): a text stored by an older arbitro, or written into the file by another program,
// is shown with each character the names check refuses as a visible Go escape.
func ShownText(s string) string {
	printable := true
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7F {
			printable = false
			break
		}
	}
	if printable {
		return s // plain printable ASCII: nothing to escape
	}
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean || Forbidden(r) != "" {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case Forbidden(r) == "":
			b.WriteRune(r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// UnsafeName is a stored player name that the names check would refuse (stored by an
// older arbitro): it is shown escaped (ShownName) until it is corrected.
type UnsafeName struct {
	PlayerID int64  `json:"player_id"`
	Shown    string `json:"shown"`  // the name escaped, as listings show it
	Reason   string `json:"reason"` // CheckText's error: the character, its name and position
	Why      error  `json:"-"`      // that error itself, for reports to word in the reader's language
	// Fix is the command that corrects it ("arbitro player set ID name ..."); the ID is
	// the entry id of the player in a tournament, when he is entered in one.
	Fix string `json:"fix"`
}

// UnsafeText is a stored free text other than a player's name (UnsafeName) that the names
// check would refuse: written by an older arbitro or by another program into the file. It
// is shown escaped (ShownText) wherever it is printed; `arbitro audit` warns about it.
type UnsafeText struct {
	Table  string `json:"table"`  // what holds it: "tournament", "player", "category", "prize", "absence", "claim", "result", "round", "event"
	Row    int64  `json:"row"`    // its id (a round: its number)
	Column string `json:"column"` // the field, as the command that sets it names it: "place", "club", "label", "actor"...
	Shown  string `json:"shown"`  // the text escaped, as every listing shows it
	Reason string `json:"reason"` // CheckText's error: the character, its name and position
	Why    error  `json:"-"`      // that error itself, for reports to word in the reader's language
	// Fix is the command that corrects it ("arbitro --tournament 3 tournament set place
	// ..."), or "" when no command changes it (the event log, a prize's label): it then
	// stays shown escaped.
	Fix string `json:"fix"`
}

// UnsafeTextReason is CheckText's complaint about stored text s ("" when every character
// of s may be shown as it is), whatever its length: what a reader of the file must escape.
func UnsafeTextReason(what, s string) string {
	if err := UnsafeTextError(what, s); err != nil {
		return err.Error()
	}
	return ""
}

// UnsafeTextError is UnsafeTextReason as the error CheckText gives (a CodedError), nil when
// every character of s may be shown as it is.
func UnsafeTextError(what, s string) error {
	if ShownText(s) == s && utf8.ValidString(s) {
		return nil
	}
	_, err := CheckText(what, s, 1<<30)
	return err
}
