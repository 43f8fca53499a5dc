package reports

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"arbitro/tournament"
)

// TestSentinelKeysEnglish: the English catalog words each sentinel as its Error() does,
// so that an English error line stays the one arbitro always printed; every language has
// the key with no placeholder.
func TestSentinelKeysEnglish(t *testing.T) {
	for e, key := range sentinelKeys {
		if got := English().T(key); got != e.Error() {
			t.Errorf("%s: English %q, the sentinel says %q", key, got, e.Error())
		}
		for _, l := range Languages() {
			if !LocaleOf(l).Has(key) {
				t.Errorf("locales/%s: no %q", l, key)
			}
		}
	}
}

// problemCall is one tournament.Errf call of the module's source: its code and English.
type problemCall struct{ code, english, where string }

// problemCalls finds every call Errf(err, "err.code", "English {x}", ...) (and ErrfWrap(err,
// cause, "err.code", ...)) in the module's
// Go sources (tests excluded); a call whose code or English is not a string literal is an
// error (the catalog test needs literal keys).
func problemCalls(t *testing.T) []problemCall {
	t.Helper()
	root := moduleRoot(t)
	fset := token.NewFileSet()
	var calls []problemCall
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "tournament" {
					name = fn.Sel.Name
				}
			case *ast.Ident:
				if f.Name.Name == "tournament" {
					name = fn.Name
				}
			}
			first := 1 // the index of the code
			switch name {
			case "Errf":
			case "ErrfWrap":
				first = 2
			default:
				return true
			}
			rel, _ := filepath.Rel(root, p)
			where := rel + ":" + strconv.Itoa(fset.Position(call.Pos()).Line)
			if len(call.Args) < first+2 {
				t.Errorf("%s: %s with %d arguments", where, name, len(call.Args))
				return true
			}
			code, ok1 := stringLit(call.Args[first])
			english, ok2 := stringLit(call.Args[first+1])
			if !ok1 || !ok2 {
				t.Errorf("%s: Errf's code and English must be string literals", where)
				return true
			}
			if (len(call.Args)-first-2)%2 != 0 {
				t.Errorf("%s: Errf %s: arguments are name, value pairs", where, code)
			}
			calls = append(calls, problemCall{code, english, where})
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return calls
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// TestCodedErrorsInCatalogs: each tournament.Errf of the module has its code ("err.…") in every
// catalog; the English catalog's text is the call's English (one code, one text), and each
// language's text has the same placeholders as the English.
func TestCodedErrorsInCatalogs(t *testing.T) {
	calls := problemCalls(t)
	if len(calls) == 0 {
		t.Fatal("no tournament.Errf call found in the module")
	}
	seen := map[string]problemCall{}
	for _, c := range calls {
		if !strings.HasPrefix(c.code, "err.") || strings.HasPrefix(c.code, "err.sentinel.") {
			t.Errorf("%s: code %q: a CodedError's code is \"err.<what>\" (err.sentinel.* are the sentinels')", c.where, c.code)
		}
		if prev, ok := seen[c.code]; ok && prev.english != c.english {
			t.Errorf("%s: code %q worded %q, and %q at %s", c.where, c.code, c.english, prev.english, prev.where)
		}
		seen[c.code] = c
		if got := English().T(c.code); got != c.english {
			t.Errorf("%s: English catalog %q = %q, the call says %q", c.where, c.code, got, c.english)
		}
		want := placeholders(c.english)
		for _, l := range Languages() {
			loc := LocaleOf(l)
			if !loc.Has(c.code) {
				t.Errorf("locales/%s: no %q (%s)", l, c.code, c.where)
				continue
			}
			if got := placeholders(loc.T(c.code)); !reflect.DeepEqual(got, want) {
				t.Errorf("locales/%s: %q has placeholders %v, English %v", l, c.code, got, want)
			}
		}
	}
}

// TestErrorText: a CodedError in the reader's language, its wrapped sentinel too; a CodedError
// or a sentinel wrapped by fmt.Errorf keeps the wrapper's own text around its words;
// errors.Is still sees the sentinel; an unknown error and a nil Locale print the text.
func TestErrorText(t *testing.T) {
	it := LocaleOf(tournament.LangItalian)
	p := tournament.Errf(tournament.ErrNotFound, "err.player.not_found", "{err}: no player {ref} in {tournament} (see 'arbitro player list')",
		"ref", `"Pippo"`, "tournament", "Sociale")
	if !errors.Is(p, tournament.ErrNotFound) {
		t.Error("a CodedError does not wrap its sentinel")
	}
	const en = `not found: no player "Pippo" in Sociale (see 'arbitro player list')`
	if p.Error() != en || ErrorText(English(), p) != en || ErrorText(nil, p) != en {
		t.Errorf("English: %q / %q", p.Error(), ErrorText(English(), p))
	}
	got := ErrorText(it, p)
	if !strings.HasPrefix(got, "non trovato: ") || !strings.Contains(got, `"Pippo"`) || strings.Contains(got, "no player") {
		t.Errorf("Italian: %q", got)
	}
	wrapped := fmt.Errorf("t.db: %w", p)
	if w := ErrorText(it, wrapped); w != "t.db: "+got {
		t.Errorf("wrapped CodedError in Italian: %q", w)
	}
	ro := fmt.Errorf("t.db: %w", tournament.ErrReadOnly)
	if w := ErrorText(it, ro); w != "t.db: il file del database è di sola lettura" {
		t.Errorf("wrapped sentinel in Italian: %q", w)
	}
	if w := ErrorText(English(), ro); w != ro.Error() {
		t.Errorf("wrapped sentinel in English: %q", w)
	}
	other := errors.New("disk on fire")
	if ErrorText(it, other) != "disk on fire" {
		t.Error("an unknown error is not printed as it is")
	}
	var b bytes.Buffer
	if err := WriteError(&b, it, ro, "nulla è stato scritto"); err != nil {
		t.Fatal(err)
	}
	if b.String() != "arbitro: t.db: il file del database è di sola lettura (nulla è stato scritto)\n" {
		t.Errorf("WriteError: %q", b.String())
	}
}

// TestUnknownSystemWords: the unknown pairing system reads in English as its Error() does,
// and in Italian with the codes kept.
func TestUnknownSystemWords(t *testing.T) {
	_, err := tournament.ParseSystem("swiss")
	if got := ErrorText(English(), err); got != err.Error() {
		t.Errorf("English %q, Error() %q", got, err.Error())
	}
	if got := ErrorText(LocaleOf(tournament.LangItalian), err); got != `valore non valido: sistema di abbinamento "swiss" (usa round-robin, italo-swiss o dutch)` {
		t.Errorf("Italian %q", got)
	}
}

// TestMethodImported: the rounds of an imported event say so in the reader's language
// (issue 28's "imported" printed untranslated); English keeps the stored word.
func TestMethodImported(t *testing.T) {
	want := map[tournament.Lang]string{tournament.LangEnglish: "imported", tournament.LangItalian: "importato"}
	for l, w := range want {
		if got := LocaleOf(l).MethodName(tournament.RoundMethodImported); got != w {
			t.Errorf("%s: %q, want %q", l, got, w)
		}
	}
}

// TestArchiveAuditLanguage: the last line of `audit --all` in Italian, and in English as
// it always read.
func TestArchiveAuditLanguage(t *testing.T) {
	total := &tournament.AuditSummary{Tournaments: 2, Games: 3, Problems: 1, WithProblems: 1}
	for _, c := range []struct {
		l    *Locale
		want string
	}{
		{nil, "archive: 2 tournaments, 3 game scores checked, 1 problem in 1 game, illegal by reason none, 0 recorded results contradicted by their scores, 0 claims decided against the engine; 0 legal, 0 illegal, 0 ambiguous, 0 not judged; 0 fragments; 0 results inconsistent with the moves; 0 notes\n"},
		{LocaleOf(tournament.LangItalian), "archivio: 2 tornei, 3 formulari controllati, 1 problema in 1 partita, irregolari per motivo nessuno, 0 risultati registrati smentiti dai formulari, 0 richieste decise contro il programma; 0 regolari, 0 irregolari, 0 ambigue, 0 non giudicate; 0 frammenti; 0 risultati in contrasto con le mosse; 0 note\n"},
	} {
		var b bytes.Buffer
		a := &ArchiveAudit{W: &b, L: c.l}
		if err := a.Finish(total); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("got  %q\nwant %q", b.String(), c.want)
		}
	}
}
