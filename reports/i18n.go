package reports

import (
	"arbitro/tournament"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Catalogs: every word a user reads comes from the files under locales/<lang>/*.json,
// embedded in the binary. Several files per language may coexist (reports.json,
// site.json, cli.json, ...); they are merged at load and a key defined twice in one
// language is an error. A translator edits these files without reading Go:
//
//	{
//	  "@source": "where the terms come from (FID Regolamento Tecnico, FMJD, KNDB)",
//	  "standings.title.after": "Classifica dopo il turno {round} di {rounds}",
//	  "standings.pending": {"one": "{n} risultato mancante", "other": "{n} risultati mancanti"}
//	}
//
// A value is a string, or an object of CLDR plural forms (zero, one, two, few, many,
// other; "other" is required) for messages looked up with Locale.N. Placeholders are
// {name}; Locale.T and Locale.N fill them from name/value pairs. Keys starting with
// "@" are comments for the translator and never looked up. Keys of the form
// "format.*" carry the language's conventions (date layout, decimal separator, CSV
// separator) and are read by the Locale itself.

//go:embed locales
var localeFS embed.FS

// Lang is a language arbitro prints in (tournament.Lang: parsed once, carried typed).
type Lang = tournament.Lang

// DefaultLang is the language a report falls back to when a key is missing (and the
// language of --help).
const DefaultLang Lang = tournament.LangEnglish

// ErrUnknownLang is returned for a language arbitro has no catalog for.
var ErrUnknownLang = tournament.ErrUnknownLang

type message struct {
	text  string                 // a plain message
	forms map[plural.Form]string // a plural message
}

// Locale prints messages, numbers and dates in one language. It is safe for concurrent
// use; the zero value is not usable (get one from LoadLocale or MustLocale).
type Locale struct {
	lang     Lang
	tag      language.Tag
	msgs     map[string]message
	fallback *Locale // English, nil for English itself
}

var (
	loadOnce sync.Once
	locales  map[Lang]*Locale
	loadErr  error
)

// Languages returns the languages arbitro prints in, sorted by code
// (tournament.Languages; a test checks that each has its catalog here).
func Languages() []Lang { return tournament.Languages() }

// ParseLang is tournament.ParseLang, the one reading of a language a user or the
// environment gives.
func ParseLang(s string) (Lang, error) { return tournament.ParseLang(s) }

// EnvLang is the language $LC_ALL, $LC_MESSAGES or $LANG asks for: the first of them that
// is set decides, as POSIX reads them. It returns "" when that one is C or POSIX (no
// preference) or names no shipped language. getenv is os.Getenv.
func EnvLang(getenv func(string) string) Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		s := getenv(v)
		if s == "" {
			continue
		}
		if s == "C" || s == "POSIX" || strings.HasPrefix(s, "C.") {
			return ""
		}
		if l, err := ParseLang(s); err == nil {
			return l
		}
		return ""
	}
	return ""
}

// LoadLocale parses lang (ParseLang) and returns its Locale: for text a user typed. A
// language already parsed takes LocaleOf, which parses nothing.
func LoadLocale(lang string) (*Locale, error) {
	code, err := ParseLang(lang)
	if err != nil {
		return nil, err
	}
	return LocaleOf(code), nil
}

// LocaleOf returns the Locale of language l, parsed before (a tournament's stored
// language, a --lang read once); English for "" or a language without a catalog.
func LocaleOf(l Lang) *Locale {
	all, err := loadAll()
	if err != nil {
		panic(err)
	}
	if loc, ok := all[l]; ok {
		return loc
	}
	return all[DefaultLang]
}

// MustLocale is LoadLocale for a language known to be shipped; an unknown language
// gives English.
func MustLocale(lang string) *Locale {
	if l, err := LoadLocale(lang); err == nil {
		return l
	}
	return LocaleOf(DefaultLang)
}

// English is the English Locale (the language of every report before issue 16).
func English() *Locale { return LocaleOf(DefaultLang) }

func loadAll() (map[Lang]*Locale, error) {
	loadOnce.Do(func() {
		locales, loadErr = loadCatalogs(localeFS, "locales")
	})
	return locales, loadErr
}

// loadCatalogs reads dir/<lang>/*.json from fsys.
func loadCatalogs(fsys fs.FS, dir string) (map[Lang]*Locale, error) {
	langs, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	out := map[Lang]*Locale{}
	for _, d := range langs {
		if !d.IsDir() {
			continue
		}
		tag, err := language.Parse(d.Name())
		if err != nil {
			return nil, fmt.Errorf("catalog directory %s: %w", d.Name(), err)
		}
		loc := &Locale{lang: Lang(d.Name()), tag: tag, msgs: map[string]message{}}
		files, err := fs.Glob(fsys, path.Join(dir, d.Name(), "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if err := loc.addFile(fsys, f); err != nil {
				return nil, err
			}
		}
		out[Lang(d.Name())] = loc
	}
	en, ok := out[DefaultLang]
	if !ok {
		return nil, fmt.Errorf("catalogs: no %s catalog", DefaultLang)
	}
	for l, loc := range out {
		if l != DefaultLang {
			loc.fallback = en
		}
	}
	return out, nil
}

var formNames = map[string]plural.Form{
	"other": plural.Other, "zero": plural.Zero, "one": plural.One,
	"two": plural.Two, "few": plural.Few, "many": plural.Many,
}

func (l *Locale) addFile(fsys fs.FS, name string) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("catalog %s: %w", name, err)
	}
	for k, v := range raw {
		if strings.HasPrefix(k, "@") {
			continue
		}
		if _, dup := l.msgs[k]; dup {
			return fmt.Errorf("catalog %s: key %q defined twice for %s", name, k, l.lang)
		}
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			l.msgs[k] = message{text: s}
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			return fmt.Errorf("catalog %s: key %q is neither a string nor plural forms", name, k)
		}
		m := message{forms: map[plural.Form]string{}}
		for f, s := range forms {
			form, ok := formNames[f]
			if !ok {
				return fmt.Errorf("catalog %s: key %q: unknown plural form %q (zero, one, two, few, many, other)", name, k, f)
			}
			m.forms[form] = s
		}
		if _, ok := m.forms[plural.Other]; !ok {
			return fmt.Errorf("catalog %s: key %q: plural forms need \"other\"", name, k)
		}
		l.msgs[k] = m
	}
	return nil
}

// Lang is the Locale's language code ("it").
func (l *Locale) Lang() Lang { return l.lang }

// Tag is the Locale's BCP 47 tag.
func (l *Locale) Tag() language.Tag { return l.tag }

// Has reports whether the Locale's own catalogs define key.
func (l *Locale) Has(key string) bool { _, ok := l.msgs[key]; return ok }

func (l *Locale) lookup(key string) (message, bool) {
	if m, ok := l.msgs[key]; ok {
		return m, true
	}
	if l.fallback != nil {
		if m, ok := l.fallback.msgs[key]; ok {
			return m, true
		}
	}
	return message{}, false
}

// T returns the message key with its {name} placeholders filled from args, given as
// name, value pairs: T("standings.title.after", "round", 3, "rounds", 7). Numbers are
// printed in the language's form (Locale.Num for floats). A key missing from the
// language falls back to English; a key missing everywhere prints as "{key}" (the
// catalog test fails before that reaches a user).
func (l *Locale) T(key string, args ...any) string {
	m, ok := l.lookup(key)
	if !ok {
		return "{" + key + "}"
	}
	text := m.text
	if m.forms != nil {
		text = m.forms[plural.Other]
	}
	return l.fill(text, args)
}

// N returns the plural message key for the count n (CLDR cardinal rules of the
// language, golang.org/x/text/feature/plural), with {n} and the other placeholders
// filled: N("standings.pending", 2) is "2 risultati mancanti" in Italian.
func (l *Locale) N(key string, n int, args ...any) string {
	m, ok := l.lookup(key)
	if !ok {
		return "{" + key + "}"
	}
	args = append([]any{"n", n}, args...)
	if m.forms == nil {
		return l.fill(m.text, args)
	}
	abs := n
	if abs < 0 {
		abs = -abs
	}
	form := plural.Cardinal.MatchPlural(l.tag, abs, 0, 0, 0, 0)
	text, ok := m.forms[form]
	if !ok {
		text = m.forms[plural.Other]
	}
	return l.fill(text, args)
}

func (l *Locale) fill(text string, args []any) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16*len(args)) // one allocation for most messages
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			break
		}
		name := text[i+1 : i+j]
		b.WriteString(text[:i])
		if v, ok := argValue(args, name); ok {
			b.WriteString(l.format(v))
		} else {
			b.WriteString(text[i : i+j+1])
		}
		text = text[i+j+1:]
	}
	return b.String()
}

func argValue(args []any, name string) (any, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if s, ok := args[i].(string); ok && s == name {
			return args[i+1], true
		}
	}
	return nil, false
}

func (l *Locale) format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case float64:
		return l.Num(x, -1)
	case time.Time:
		return l.Date(x)
	case fmt.Stringer:
		return x.String()
	default:
		return fmt.Sprint(v)
	}
}

// Num prints f with prec decimals (prec < 0: as few as needed) and the language's
// decimal separator ("5,5" in Italian, "5.5" in English), never a thousands separator
// (ratings and scores are read as codes, not amounts).
func (l *Locale) Num(f float64, prec int) string {
	return l.Decimal(strconv.FormatFloat(f, 'f', prec, 64))
}

// Decimal rewrites a number already printed with a '.' decimal point ("5.5", "½"
// untouched) with the language's decimal separator.
func (l *Locale) Decimal(s string) string {
	sep := l.T("format.decimal")
	if sep == "." || !strings.Contains(s, ".") {
		return s
	}
	return strings.ReplaceAll(s, ".", sep)
}

// DecimalComma reports whether the language writes 5,5 (Italian, French, Dutch).
func (l *Locale) DecimalComma() bool { return l.T("format.decimal") == "," }

// Date prints a calendar date in the language's form: 21/11/2026 in Italian,
// 2026-11-21 in English (ISO 8601, as every English report always printed it).
func (l *Locale) Date(t time.Time) string { return t.Format(l.T("format.date")) }

// DateText re-prints a date stored as ISO "2006-01-02" in the language's form;
// anything else (an empty or free-text date) is returned as it is.
func (l *Locale) DateText(iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	return l.Date(t)
}

// CSVComma is the field separator a spreadsheet of the language splits on: ';' where
// the decimal separator is a comma (Excel and LibreOffice in it, fr, nl), ',' in English.
func (l *Locale) CSVComma() rune {
	s := l.T("format.csv_separator")
	if s == "" {
		return ','
	}
	return []rune(s)[0]
}

// CatalogKeys returns every key defined in any shipped language's catalogs, sorted,
// and for each language the keys it defines. It is what the catalog test checks.
func CatalogKeys() (all []string, byLang map[Lang]map[string]bool, err error) {
	locs, err := loadAll()
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	byLang = map[Lang]map[string]bool{}
	for lang, loc := range locs {
		byLang[lang] = map[string]bool{}
		for k := range loc.msgs {
			byLang[lang][k] = true
			if !seen[k] {
				seen[k] = true
				all = append(all, k)
			}
		}
	}
	sort.Strings(all)
	return all, byLang, nil
}

// PluralForms returns the plural forms a key defines in a language (nil for a plain
// message), for the catalog test.
func (l *Locale) PluralForms(key string) []plural.Form {
	m, ok := l.msgs[key]
	if !ok || m.forms == nil {
		return nil
	}
	var out []plural.Form
	for f := range m.forms {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
