// Command typecheck type-checks packages and their tests for other systems (GOOS/GOARCH
// pairs, with CGO_ENABLED=0), from source, without compiling anything.
//
//	go run ./internal/ci/typecheck [-targets "darwin/arm64 windows/amd64"] [packages]
//
// `go vet` or `go build` for another system compiles every dependency for it (modernc.org's
// SQLite, tens of thousands of lines a system, each time); a type-check finds what they would
// find in our code (a file with a build tag that does not compile, a function missing for
// one system, a constant too large for a 32-bit int) in a fraction of the time. CI runs it for
// every system a release ships for (.ci/run), beside one real cross-build for Windows.
//
// It asks `go list -deps -test` for the packages (files chosen by the build constraints of
// GOOS, GOARCH and CGO_ENABLED), type-checks each with go/types in dependency order, the
// standard library and the other modules included (their function bodies are left out:
// only our own code is checked in full), and prints every type error; the exit status is 1
// if there was one.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// listed is the part of `go list -json` that the type-check needs.
type listed struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	ImportMap  map[string]string
	Standard   bool
	Module     *struct{ Main bool }
	Error      *struct{ Err string }
}

// ours reports whether p is a package of the main module, checked in full.
func (p *listed) ours() bool { return p.Module != nil && p.Module.Main }

// release is every system a release ships for (scripts/release.sh).
const release = "windows/amd64 windows/arm64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64"

func main() {
	targets := flag.String("targets", release, "the GOOS/GOARCH pairs to check, separated by spaces")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	// go list runs for every system at once, while the type-checks go one after the other.
	systems := strings.Fields(*targets)
	lists := make([]chan []*listed, len(systems))
	for i, target := range systems {
		goos, goarch, ok := strings.Cut(target, "/")
		if !ok {
			fatalf("%q is not GOOS/GOARCH", target)
		}
		lists[i] = make(chan []*listed, 1)
		go func() { lists[i] <- list(goos, goarch, patterns) }()
	}
	failed := false
	parsed := map[string]*ast.File{} // a file parses the same for every system: once
	for i, target := range systems {
		_, goarch, _ := strings.Cut(target, "/")
		start := time.Now()
		n, errs := check(<-lists[i], goarch, parsed)
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, e)
		}
		if len(errs) > 0 {
			fmt.Fprintf(os.Stderr, "typecheck: %s: %d type errors\n", target, len(errs))
			failed = true
			continue
		}
		fmt.Printf("typecheck %s: %d packages, no errors (%.1f s)\n", target, n, time.Since(start).Seconds())
	}
	if failed {
		os.Exit(1)
	}
}

// list returns the packages matching patterns, their tests and every dependency, in
// dependency order, as `go list` chooses their files for goos/goarch without cgo.
func list(goos, goarch string, patterns []string) []*listed {
	args := append([]string{"list", "-e", "-deps", "-test",
		"-json=ImportPath,Name,Dir,GoFiles,CgoFiles,ImportMap,Standard,Module,Error"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fatalf("go list for %s/%s: %v", goos, goarch, err)
	}
	var pkgs []*listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(listed)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			fatalf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// check type-checks pkgs, which go list gave in dependency order, and returns how many it
// checked and the errors found. parsed holds the files parsed so far (go/types reads the
// syntax trees, never changes them), by path.
func check(pkgs []*listed, goarch string, parsed map[string]*ast.File) (int, []string) {
	done := map[string]*types.Package{"unsafe": types.Unsafe}
	sizes := types.SizesFor("gc", goarch)
	var errs []string
	seen := map[string]bool{} // a file is checked again in its package's test variant
	report := func(e string) {
		if !seen[e] {
			seen[e] = true
			errs = append(errs, e)
		}
	}
	n := 0
	for _, p := range pkgs {
		base, _, _ := strings.Cut(p.ImportPath, " ")
		if base == "unsafe" {
			done[p.ImportPath] = types.Unsafe
			continue
		}
		if strings.HasSuffix(p.ImportPath, ".test") {
			continue // a test binary's generated main
		}
		if p.Error != nil {
			report(fmt.Sprintf("%s: %s", p.ImportPath, p.Error.Err))
			continue
		}
		if len(p.CgoFiles) > 0 {
			report(fmt.Sprintf("%s: uses cgo, which the release builds without", p.ImportPath))
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			f, ok := parsed[path]
			if !ok {
				var err error
				f, err = parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
				if err != nil {
					report(err.Error())
					continue
				}
				parsed[path] = f
			}
			files = append(files, f)
		}
		conf := types.Config{
			Sizes: sizes,
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if q, ok := p.ImportMap[path]; ok {
					path = q
				}
				if tp, ok := done[path]; ok {
					return tp, nil
				}
				return nil, fmt.Errorf("%s: not among the packages go list gave", path)
			}),
			// Other modules' and the standard library's declarations are checked, not their
			// function bodies: only our own code is checked in full.
			IgnoreFuncBodies: !p.ours(),
			Error: func(err error) {
				if p.ours() {
					report(err.Error())
				}
			},
		}
		tp, err := conf.Check(p.ImportPath, fset, files, nil)
		if err != nil && !p.ours() {
			report(fmt.Sprintf("%s (a dependency): %v", p.ImportPath, err))
		}
		done[p.ImportPath] = tp
		n++
	}
	return n, errs
}

// fset holds the positions of every parsed file.
var fset = token.NewFileSet()

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "typecheck: "+format+"\n", args...)
	os.Exit(1)
}
