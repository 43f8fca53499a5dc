package tournament

import (
	"errors"
	"strings"
	"testing"
	"unicode"
)

// TestSafetyInvisibleRefused: the characters that show as nothing though Unicode calls
// them letters, marks or symbols are refused with their code point and Unicode name
// (README Data safety S25), and the error message itself carries none of them.
func TestSafetyInvisibleRefused(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\u3164", "character 1 is U+3164 HANGUL FILLER"},
		{"Ros\u3164si, Mario", "character 4 is U+3164 HANGUL FILLER"},
		{"Rossi, \u115fMario", "U+115F HANGUL CHOSEONG FILLER"},
		{"Rossi, Ma\u1160rio", "U+1160 HANGUL JUNGSEONG FILLER"},
		{"Rossi, Mario\uffa0", "U+FFA0 HALFWIDTH HANGUL FILLER"},
		{"\u2800", "U+2800 BRAILLE PATTERN BLANK"},
		{"Rossi, \u2800", "U+2800 BRAILLE PATTERN BLANK"},
		{"Rossi, Mario \u034f", "U+034F COMBINING GRAPHEME JOINER"},
		{"Rossi\ufe0f, Mario", "U+FE0F VARIATION SELECTOR-16"},
		{"Rossi\U000E0100, Mario", "U+E0100 VARIATION SELECTOR-17"},
		{"Rossi, Mario\U000E0041", "U+E0041 TAG LATIN CAPITAL LETTER A"},
		{"Rossi\u180b, Mario", "U+180B MONGOLIAN FREE VARIATION SELECTOR ONE"},
		{"Rossi\u17b4, Mario", "U+17B4 KHMER VOWEL INHERENT AQ"},
		{"Rossi\U0001D159, Mario", "U+1D159 MUSICAL SYMBOL NULL NOTEHEAD"},
		{"Rossi\U0001D173, Mario", "U+1D173 MUSICAL SYMBOL BEGIN BEAM"},
	}
	for _, c := range cases {
		_, err := CheckText("player name", c.in, MaxNameRunes)
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an ErrMalformed naming %q", c.in, err, c.want)
			continue
		}
		for _, r := range err.Error() {
			if Forbidden(r) != "" {
				t.Errorf("%q: the error message carries %s", c.in, RuneName(r))
			}
		}
	}
	// QuoteShort, which every such message uses, writes them as escapes.
	if got := QuoteShort("a\u3164b\u2800"); got != `"a\u3164b\u2800"` {
		t.Errorf("QuoteShort = %s", got)
	}
}

// TestSafetyNameNeedsVisibleLetter: a player's name without a visible letter is refused
// (S25); a tournament's or a category's name needs a letter or a digit.
func TestSafetyNameNeedsVisibleLetter(t *testing.T) {
	for _, in := range []string{"-", "123", "..., ...", "★"} {
		p := Player{Name: in}
		if err := p.Validate(); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "visible letter") {
			t.Errorf("player %q: %v, want refused for having no visible letter", in, err)
		}
	}
	for _, in := range []string{"Rossi, Mario", "王, 伟", "O'Neil, J.", "Иванов"} {
		p := Player{Name: in}
		if err := p.Validate(); err != nil {
			t.Errorf("player %q refused: %v", in, err)
		}
	}
	for _, in := range []string{"-", "★★", "..."} {
		if _, err := CheckLabel("category", in); !errors.Is(err, ErrMalformed) {
			t.Errorf("label %q: %v, want refused", in, err)
		}
	}
	for _, in := range []string{"U18", "Over 60", "1°"} {
		if got, err := CheckLabel("category", in); err != nil || got != in {
			t.Errorf("label %q: %q %v", in, got, err)
		}
	}
}

// TestNameKeyIgnoresInvisible: the folded key behind the duplicate note ignores the
// invisible characters a name stored by an older arbitro may hold (S25), so
// "Ros\u3164si, Mario" and "Rossi, Mario" have the same key.
func TestNameKeyIgnoresInvisible(t *testing.T) {
	want := NameKey("Rossi, Mario")
	for _, in := range []string{"Ros\u3164si, Mario", "Rossi\u2800, Mario", "Rossi, Ma\u034frio", "Rossi\ufe0f, Mario", "Ros\u115fsi, \uffa0Mario"} {
		if got := NameKey(in); got != want {
			t.Errorf("NameKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDefaultIgnorableIsUnicodes: DefaultIgnorable, derived from Go's unicode tables, is
// exactly the Default_Ignorable_Code_Point ranges of Unicode's DerivedCoreProperties.txt
// (15.0 and 15.1 list the same ranges).
func TestDefaultIgnorableIsUnicodes(t *testing.T) {
	ranges := [][2]rune{
		{0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x061C, 0x061C}, {0x115F, 0x1160}, {0x17B4, 0x17B5},
		{0x180B, 0x180F}, {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x206F}, {0x3164, 0x3164},
		{0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0}, {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3},
		{0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
	}
	in := func(r rune) bool {
		for _, g := range ranges {
			if r >= g[0] && r <= g[1] {
				return true
			}
		}
		return false
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := DefaultIgnorable(r), in(r); got != want {
			t.Errorf("DefaultIgnorable(U+%04X) = %v, want %v", r, got, want)
		}
		if in(r) && Forbidden(r) == "" {
			t.Errorf("U+%04X is default-ignorable but CheckText lets it in", r)
		}
	}
}

// TestSafetyBOMOnlyIsEmpty: a file holding only byte-order marks and white space is an
// empty file for every reader (README Data safety S28): IsBlankText, and the readers
// built on it refuse it as they refuse an empty file.
func TestSafetyBOMOnlyIsEmpty(t *testing.T) {
	for _, s := range []string{"", " \n", "\xEF\xBB\xBF", "\xEF\xBB\xBF\r\n", "\xEF\xBB\xBF\xEF\xBB\xBF \t"} {
		if !IsBlankText([]byte(s)) {
			t.Errorf("IsBlankText(%q) = false", s)
		}
		if _, _, err := ParseGameScore([]byte(s)); !errors.Is(err, ErrBadPDN) || !strings.Contains(err.Error(), "the file is empty") {
			t.Errorf("ParseGameScore(%q): %v", s, err)
		}
		if _, err := OpenPlayersCSV(strings.NewReader(s), ""); err == nil || !strings.Contains(err.Error(), "the file is empty") {
			t.Errorf("OpenPlayersCSV(%q): %v", s, err)
		}
	}
	for _, s := range []string{"\xEF\xBB\xBFx", "\xEF\xBB", "[Event \"x\"]", "\xEF\xBB\xBF 1. 22-18 *"} {
		if IsBlankText([]byte(s)) {
			t.Errorf("IsBlankText(%q) = true", s)
		}
	}
}

// TestNameKeyReadsShownEscapes: a name read from the database with its refused characters
// escaped (ShownName) folds as the stored name would, so the duplicate note still finds
// it; other backslashes are kept as text.
func TestNameKeyReadsShownEscapes(t *testing.T) {
	want := NameKey("Rossi, Mario")
	for _, stored := range []string{"Ros\u3164si, Mario", "Rossi\u200b, Mario", "Rossi, Ma\u034frio", "Rossi,\x1bMario"} {
		if got := NameKey(ShownName(stored)); got != want {
			t.Errorf("NameKey(ShownName(%q)) = NameKey(%q) = %q, want %q", stored, ShownName(stored), got, want)
		}
	}
	if got := NameKey(`Rossi\u0041, Mario`); got == want {
		t.Errorf("an escape of a letter allowed as it is should stay text: %q", got)
	}
	if got := NameKey(`Back\slash`); got != "back slash" {
		t.Errorf("NameKey(Back\\slash) = %q", got)
	}
}
