package tournament

import (
	"errors"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"arbitro/rules"
)

// Lang is a language arbitro prints in: a tournament's sheets, pages and messages
// (column tournaments.lang), the --lang of a command, the arbiter's $LANG. It is parsed
// once, where it enters (ParseLang), and carried typed from there; package reports holds
// the catalog of each (reports.LocaleOf).
type Lang string

// The languages arbitro prints in.
const (
	LangEnglish Lang = "en"
	LangFrench  Lang = "fr"
	LangItalian Lang = "it"
	LangDutch   Lang = "nl"
)

// languages is the one list of the languages, sorted by code.
var languages = []Lang{LangEnglish, LangFrench, LangItalian, LangDutch}

// Languages returns the languages arbitro prints in, sorted by code.
func Languages() []Lang { return append([]Lang(nil), languages...) }

// known reports whether l is one of Languages (a value parsed before, not text to parse).
func (l Lang) known() bool {
	for _, k := range languages {
		if l == k {
			return true
		}
	}
	return false
}

// ErrUnknownLang is wrapped by ParseLang's error: a language arbitro has no catalog for.
var ErrUnknownLang = errors.New("unknown language")

// ParseLang is the one reading of a language as a user or the environment gives it: "it",
// "IT", "ita", "it_IT.UTF-8", "nl-BE", "fr@euro" (a BCP 47 tag or a POSIX locale name;
// its base language decides). Errors wrap ErrUnknownLang and name the languages there are.
func ParseLang(s string) (Lang, error) {
	t := strings.TrimSpace(s)
	if i := strings.IndexAny(t, ".@"); i >= 0 {
		t = t[:i]
	}
	t = strings.ReplaceAll(t, "_", "-")
	if tag, err := language.Parse(t); err == nil {
		base, _ := tag.Base()
		for _, l := range languages {
			if string(l) == base.String() {
				return l, nil
			}
		}
	}
	return "", Errf(ErrUnknownLang, "err.lang.unknown", "{err} {lang} (arbitro speaks {langs})", "lang", strconv.Quote(s), "langs", langList())
}

// langList is "en, fr, it, nl".
func langList() string {
	names := make([]string, len(languages))
	for i, l := range languages {
		names[i] = string(l)
	}
	return strings.Join(names, ", ")
}

// DefaultLang is the language a new tournament gets when none is given: Italian for dama
// italiana (FID events), English otherwise (FMJD events are run in English).
func DefaultLang(variant *rules.Variant) Lang {
	if variant == VariantItalian {
		return LangItalian
	}
	return LangEnglish
}
