package store

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestTxWritesNoCallerTournament: no method of Tx writes a field of the *Tournament its
// caller passed (t.RoundsPaired = round, *t = *cur), so a caller's struct never changes
// behind its back: a method reads the state that changes again in the transaction and
// returns what it changed (the rule of Tx's doc). The source of the package is read: an
// assignment or increment to a field of a *Tournament parameter, before the method
// rebinds the parameter to a struct of its own, fails the test. CreateTournament is the
// one exception, by its contract: it fills in the new tournament's id, seed and time.
func TestTxWritesNoCallerTournament(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	methods := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !isTxMethod(fd) || fd.Name.Name == "CreateTournament" {
				continue
			}
			params := tournamentParams(fd)
			if len(params) == 0 {
				continue
			}
			methods++
			for _, w := range callerWrites(fd.Body, params) {
				t.Errorf("%s: Tx.%s writes %s, into its caller's *Tournament", fset.Position(w.Pos()), fd.Name.Name, exprText(w))
			}
		}
	}
	if methods < 20 {
		t.Fatalf("only %d Tx methods take a *Tournament: the source was not read as expected", methods)
	}
}

// isTxMethod reports whether fd is a method with receiver *Tx.
func isTxMethod(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return false
	}
	star, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "Tx"
}

// tournamentParams returns the names of fd's parameters of type *tournament.Tournament.
func tournamentParams(fd *ast.FuncDecl) map[string]bool {
	out := map[string]bool{}
	for _, p := range fd.Type.Params.List {
		star, ok := p.Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		if se, ok := star.X.(*ast.SelectorExpr); ok && se.Sel.Name == "Tournament" {
			for _, n := range p.Names {
				out[n.Name] = true
			}
		}
	}
	return out
}

// callerWrites returns the expressions written in body that are a parameter's field
// (p.F, p.F.G, p.F[i]) or the parameter's struct (*p), in source order, until the
// parameter is rebound (p = ..., p, err := ...); a closure is read like the body.
func callerWrites(body *ast.BlockStmt, params map[string]bool) []ast.Expr {
	live := map[string]bool{}
	for p := range params {
		live[p] = true
	}
	var out []ast.Expr
	check := func(lhs ast.Expr) {
		if p, ok := rootParam(lhs); ok && live[p] {
			out = append(out, lhs)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if live[id.Name] {
						delete(live, id.Name) // rebound: from here on it is the method's own struct
					}
					continue
				}
				check(l)
			}
		case *ast.IncDecStmt:
			check(s.X)
		}
		return true
	})
	return out
}

// rootParam returns the identifier at the root of a written expression (p.F.G, p.F[i],
// *p all give "p") and true; false when there is none (a call's result, a literal).
func rootParam(e ast.Expr) (string, bool) {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name, true
		default:
			return "", false
		}
	}
}

// exprText is the source form of a written expression, for the failure message.
func exprText(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprText(x.X) + "." + x.Sel.Name
	case *ast.IndexExpr:
		return exprText(x.X) + "[...]"
	case *ast.StarExpr:
		return "*" + exprText(x.X)
	case *ast.ParenExpr:
		return "(" + exprText(x.X) + ")"
	}
	return "?"
}
