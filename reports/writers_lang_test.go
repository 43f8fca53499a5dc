package reports

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// languageCarriers are the parameter types through which a Write* function learns the
// language of its words: a *Locale, or an input that carries one (Meta.Locale,
// Standings.Locale, PairingsSheet.Locale, RoundText.Sheet.Locale), or a Lang.
var languageCarriers = map[string]bool{
	"*Locale": true, "Meta": true, "Standings": true, "PairingsSheet": true, "RoundText": true, "Lang": true,
	"HallOptions": true, // its Lang: the tournament's language of a hall page
	"TeamTable":   true, // its Locale: the language TeamSheets worded it in
}

// writersWithoutWords are the Write* functions that print no word of their own, so need
// no language: machine formats (JSON, the TRF pairs of JaVaFo's format), a number, and
// the error lines ("arbitro: " and the error with its hint, both already worded by the
// caller).
var writersWithoutWords = map[string]string{
	"WriteJSON":                "JSON document",
	"WriteRatingJSON":          "JSON document",
	"WriteTournamentAuditJSON": "JSON lines",
	"WriteReplayJSONLine":      "JSON line",
	"WriteTRFPairs":            "numbers in the JaVaFo/bbpPairings exchange format",
	"WritePerftText":           "move codes and numbers; \"total\" is the perft convention",
}

// writersStillEnglish print words but take no language yet: each is English-only, named
// here so that the list of what remains is kept by the test (issue 29). Remove a name
// when its function takes a Locale; the test fails until you do. Empty since every
// writer takes one; the words some of them pass through unchanged (errors, the rules
// package's verdict sentences, the domain's notes) are not theirs.
var writersStillEnglish = map[string]string{}

// TestWritersTakeALanguage fails when an exported Write* function of this package takes
// no language (languageCarriers) and is neither known to print no words nor listed as
// still English; and when a listed function takes a language now or no longer exists.
func TestWritersTakeALanguage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	var missing []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !fn.Name.IsExported() || !strings.HasPrefix(fn.Name.Name, "Write") {
				continue
			}
			seen[fn.Name.Name] = true
			carries := false
			for _, p := range fn.Type.Params.List {
				if languageCarriers[string(src[fset.Position(p.Type.Pos()).Offset:fset.Position(p.Type.End()).Offset])] {
					carries = true
				}
			}
			_, noWords := writersWithoutWords[fn.Name.Name]
			_, english := writersStillEnglish[fn.Name.Name]
			switch {
			case carries && (noWords || english):
				t.Errorf("%s takes a language now: remove it from the lists of this test", fn.Name.Name)
			case !carries && !noWords && !english:
				missing = append(missing, fn.Name.Name+" ("+name+")")
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s prints words but takes no *Locale (nor Meta, Standings, PairingsSheet, RoundText, Lang): give it the command's Locale and take its words from the catalogs", m)
	}
	for _, list := range []map[string]string{writersWithoutWords, writersStillEnglish} {
		for name := range list {
			if !seen[name] {
				t.Errorf("%s is listed in this test but no longer exists", name)
			}
		}
	}
	if len(seen) < 70 {
		t.Errorf("found %d Write* functions; the parse missed some", len(seen))
	}
}
