package reports

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/text/feature/plural"

	"arbitro/tournament"
)

// moduleRoot walks up from the package directory to the directory holding go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the reports package")
		}
		dir = parent
	}
}

// sourceKeys parses every Go file of the module (every package: reports, site,
// cmd/arbitro, ...; testdata and hidden directories skipped) and returns the string
// literals of non-test files (and the quoted keys of .html/.tmpl/.gohtml templates), and the keys passed as first argument to a .T( or .N(
// call in them (those must exist in the catalogs).
func sourceKeys(t *testing.T) (literals map[string]bool, called map[string]string) {
	t.Helper()
	literals, called = map[string]bool{}, map[string]string{}
	root := moduleRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(p); ext == ".html" || ext == ".tmpl" || ext == ".gohtml" {
			// Templates name keys as quoted strings too: {{t "site.title"}}.
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range templateKey.FindAllStringSubmatch(string(b), -1) {
				literals[m[1]] = true
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		isTest := strings.HasSuffix(p, "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BasicLit:
				if x.Kind == token.STRING && !isTest {
					if s, err := strconv.Unquote(x.Value); err == nil {
						literals[s] = true
					}
				}
			case *ast.CallExpr:
				sel, ok := x.Fun.(*ast.SelectorExpr)
				if !ok || isTest || (sel.Sel.Name != "T" && sel.Sel.Name != "N") || len(x.Args) == 0 {
					return true
				}
				if lit, ok := x.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && looksLikeKey(s) {
						rel, _ := filepath.Rel(root, p)
						called[s] = rel + ":" + strconv.Itoa(fset.Position(lit.Pos()).Line)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return literals, called
}

// templateKey finds a quoted catalog key in a template file.
var templateKey = regexp.MustCompile(`"([a-z0-9_-]+(?:\.[a-z0-9_-]+)+)"`)

// looksLikeKey: catalog keys are dotted lower-case words ("standings.title.after").
func looksLikeKey(s string) bool {
	if !strings.Contains(s, ".") || strings.ContainsAny(s, " \t\n") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// TestCatalogsComplete fails when a key lacks a translation in any shipped language,
// when a plural message lacks a form its language's CLDR rules select, when code asks
// for a key no catalog has, or when a catalog has a key no Go source of the module
// names (keys composed at run time must be listed as literals where they are built).
func TestCatalogsComplete(t *testing.T) {
	all, byLang, err := CatalogKeys()
	if err != nil {
		t.Fatal(err)
	}
	langs := Languages()
	for _, want := range langs { // tournament.Languages, the one list: each has its catalog
		if _, ok := byLang[want]; !ok {
			t.Errorf("no %s catalog", want)
		}
	}
	if len(byLang) != len(langs) {
		t.Errorf("catalogs for %d languages, tournament.Languages lists %d", len(byLang), len(langs))
	}
	for _, k := range all {
		for _, l := range langs {
			if !byLang[l][k] {
				t.Errorf("locales/%s: key %q has no translation", l, k)
			}
		}
	}
	for _, l := range langs {
		loc := LocaleOf(l)
		for k := range byLang[l] {
			forms := loc.PluralForms(k)
			if forms == nil {
				continue
			}
			have := map[plural.Form]bool{}
			for _, f := range forms {
				have[f] = true
			}
			for n := 0; n <= 1000; n++ {
				f := plural.Cardinal.MatchPlural(loc.Tag(), n, 0, 0, 0, 0)
				if !have[f] {
					t.Errorf("locales/%s: key %q lacks the plural form %v (used for %d)", l, k, f, n)
					break
				}
			}
		}
	}
	literals, called := sourceKeys(t)
	// A tie-break's words are asked for by its name (Locale.TieBreakLabel/Title), from the
	// registry tournament.AllTieBreaks.
	for _, tb := range tournament.AllTieBreaks() {
		literals["tb."+string(tb)+".label"], literals["tb."+string(tb)+".title"] = true, true
		literals["tb."+string(tb)+".short"] = true // Locale.tieBreaksShort
	}
	for _, k := range siteKeys { // composed at run time by html.go and the templates
		literals[k] = true
	}
	for k, where := range called {
		if !byLang[DefaultLang][k] {
			t.Errorf("%s asks for key %q, which no catalog defines", where, k)
		}
	}
	for _, k := range all {
		if !literals[k] {
			t.Errorf("catalog key %q is not used by any Go source of the module", k)
		}
	}
}

func TestLoadCatalogsMergesFilesAndPlurals(t *testing.T) {
	fsys := fstest.MapFS{
		"l/en/a.json": {Data: []byte(`{"@": "comment", "x.hello": "Hello {who}", "x.games": {"one": "{n} game", "other": "{n} games"}}`)},
		"l/en/b.json": {Data: []byte(`{"x.round": "round {r}", "format.decimal": ".", "format.date": "2006-01-02"}`)},
		"l/it/a.json": {Data: []byte(`{"x.hello": "Ciao {who}", "x.games": {"one": "{n} partita", "other": "{n} partite"}, "format.decimal": ",", "format.date": "02/01/2006"}`)},
	}
	locs, err := loadCatalogs(fsys, "l")
	if err != nil {
		t.Fatal(err)
	}
	en, it := locs["en"], locs["it"]
	for _, c := range []struct{ got, want string }{
		{en.T("x.hello", "who", "Anna"), "Hello Anna"},
		{it.T("x.hello", "who", "Anna"), "Ciao Anna"},
		{en.T("x.round", "r", 3), "round 3"},
		{it.T("x.round", "r", 3), "round 3"}, // missing in Italian: English
		{it.T("x.none"), "{x.none}"},
		{en.N("x.games", 1), "1 game"},
		{en.N("x.games", 0), "0 games"},
		{it.N("x.games", 1), "1 partita"},
		{it.N("x.games", 5), "5 partite"},
		{it.Num(5.5, 1), "5,5"},
		{en.Num(5.5, 1), "5.5"},
		{it.Num(1850, 0), "1850"},
		{it.T("x.hello", "who", 2.5), "Ciao 2,5"},
		{it.Date(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)), "21/11/2026"},
		{en.Date(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)), "2026-11-21"},
		{it.DateText("2026-11-21"), "21/11/2026"},
		{it.DateText("Nov 2026"), "Nov 2026"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	dup := fstest.MapFS{
		"l/en/a.json": {Data: []byte(`{"x.a": "A"}`)},
		"l/en/b.json": {Data: []byte(`{"x.a": "B"}`)},
	}
	if _, err := loadCatalogs(dup, "l"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a key in two files of one language: err = %v, want 'defined twice'", err)
	}
	noOther := fstest.MapFS{"l/en/a.json": {Data: []byte(`{"x.a": {"one": "A"}}`)}}
	if _, err := loadCatalogs(noOther, "l"); err == nil {
		t.Error("a plural message without \"other\" was accepted")
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"it": "it", "IT": "it", "it_IT.UTF-8": "it", "en_GB": "en", "en-US": "en", "nl-BE": "nl", "fr_FR@euro": "fr"} {
		got, err := ParseLang(in)
		if err != nil || got != want {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseLang("de"); err == nil {
		t.Error("ParseLang(de) accepted a language with no catalog")
	}
	env := map[string]string{"LANG": "it_IT.UTF-8"}
	if got := EnvLang(func(k string) string { return env[k] }); got != "it" {
		t.Errorf("EnvLang(LANG=it_IT.UTF-8) = %q", got)
	}
	env = map[string]string{"LANG": "it_IT.UTF-8", "LC_ALL": "C"}
	if got := EnvLang(func(k string) string { return env[k] }); got != "" {
		t.Errorf("EnvLang(LC_ALL=C, LANG=it) = %q, want none (LC_ALL decides)", got)
	}
	env = map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}
	if got := EnvLang(func(k string) string { return env[k] }); got != "fr" {
		t.Errorf("EnvLang(LC_MESSAGES=fr, LANG=en) = %q, want fr", got)
	}
	env = map[string]string{"LANG": "ja_JP.UTF-8"}
	if got := EnvLang(func(k string) string { return env[k] }); got != "" {
		t.Errorf("EnvLang(LANG=ja) = %q, want none", got)
	}
	if c := MustLocale("it").CSVComma(); c != ';' {
		t.Errorf("Italian CSV separator %q", c)
	}
	if c := English().CSVComma(); c != ',' {
		t.Errorf("English CSV separator %q", c)
	}
}

// The languages a tournament may store (tournament.Languages, the one list) are exactly
// those with a catalog folder here.
func TestTournamentLanguagesHaveCatalogs(t *testing.T) {
	all, err := loadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for l := range all {
		got = append(got, string(l))
	}
	sort.Strings(got)
	var want []string
	for _, l := range tournament.Languages() {
		want = append(want, string(l))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("catalogs %v, tournament.Languages %v", got, want)
	}
}
