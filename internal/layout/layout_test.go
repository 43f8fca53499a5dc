package layout

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pkg is what `go list -json` says of one package of the module.
type pkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

func list(t *testing.T) map[string]pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "-deps=false", "arbitro/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	all := map[string]pkg{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		all[p.ImportPath] = p
	}
	for path, p := range all {
		out, err := exec.Command("go", "list", "-f", `{{join .Deps "\n"}}`, path).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", path, err)
		}
		p.Deps = strings.Fields(string(out))
		all[path] = p
	}
	return all
}

// The walls of docs/DESIGN.md: the domain, the formats and the engines are pure (no SQL,
// no store, no rendering); SQL is in store alone; cmd/arbitro never imports pairing.
func TestImportWalls(t *testing.T) {
	all := list(t)
	if len(all) < 8 {
		t.Fatalf("go list found %d packages", len(all))
	}
	pure := []string{"arbitro/tournament", "arbitro/trf", "arbitro/pairing", "arbitro/rules"}
	banned := []string{"database/sql", "modernc.org/sqlite", "arbitro/store", "arbitro/reports", "arbitro/site"}
	for _, p := range pure {
		for _, b := range banned {
			if slices.Contains(all[p].Deps, b) {
				t.Errorf("%s depends on %s", p, b)
			}
		}
	}
	for path, p := range all {
		if slices.Contains(p.Imports, "database/sql") || slices.Contains(p.Imports, "modernc.org/sqlite") {
			if path != "arbitro/store" && path != "arbitro/internal/sqlitetest" {
				t.Errorf("%s imports the SQL driver; only store may", path)
			}
		}
	}
	if slices.Contains(all["arbitro/cmd/arbitro"].Imports, "arbitro/pairing") {
		t.Error("cmd/arbitro imports pairing")
	}
	if !slices.Contains(all["arbitro/store"].Imports, "database/sql") {
		t.Error("store does not import database/sql: the check above proves nothing")
	}
}

// The faces (the command line, the site and the hall) make one call to a store use case:
// none of them names a transaction (store.Tx) or opens one (Store.Update, Store.View).
func TestFacesOpenNoTransaction(t *testing.T) {
	all := list(t)
	for _, path := range []string{"arbitro/cmd/arbitro", "arbitro/site"} {
		p := all[path]
		if len(p.GoFiles) == 0 {
			t.Fatalf("%s: no files", path)
		}
		for _, name := range p.GoFiles {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "store" && n.Sel.Name == "Tx" {
						t.Errorf("%s: names store.Tx", fset.Position(n.Pos()))
					}
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Update" || sel.Sel.Name == "View") {
						t.Errorf("%s: calls .%s (a transaction belongs in a store use case)", fset.Position(sel.Pos()), sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}
