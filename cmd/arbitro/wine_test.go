package main

// The Windows scenario of issue 20, run for real under Wine: the Windows binary
// (GOOS=windows GOARCH=amd64 CGO_ENABLED=0) does an arbiter's work in a folder whose path
// has spaces and accents, the same database file is then audited by this (Linux) arbitro,
// and two Windows processes write one file at once.
//
// Needs Debian's wine, wine64 and gcc-mingw-w64-x86-64 (.ci/run installs them); skipped
// with a message where they are absent (a failure under CI=true), and with -short. One Wine prefix in a temporary
// directory serves every subtest (wineboot is the slow part); WINEDEBUG=-all keeps
// Wine's chatter out of the output.
//
// testdata/wine/bcryptprimitives.c is a stand-in for a DLL Debian's Wine 8 lacks (see the
// comment there); it is compiled and copied into the prefix's system32 here.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"arbitro/internal/testneed"
)

// wineEnv is a Wine prefix ready to run the Windows arbitro.
type wineEnv struct {
	t      *testing.T
	prefix string // the Unix path of the prefix; C:\ is prefix/drive_c
	exe    string // the Unix path of arbitro.exe
	env    []string
}

// unixPath turns a C:\ path of the prefix into the Unix path of the same file. Windows
// names are case-insensitive and Wine's prefix spells some folders its own way (C:\Users
// is drive_c/users): each existing component is matched regardless of case.
func (w *wineEnv) unixPath(win string) string {
	rest, ok := strings.CutPrefix(win, `C:\`)
	if !ok {
		w.t.Fatalf("not a C: path: %s", win)
	}
	p := filepath.Join(w.prefix, "drive_c")
	for _, part := range strings.Split(rest, `\`) {
		next := filepath.Join(p, part)
		if entries, err := os.ReadDir(p); err == nil {
			for _, e := range entries {
				if strings.EqualFold(e.Name(), part) {
					next = filepath.Join(p, e.Name())
					break
				}
			}
		}
		p = next
	}
	return p
}

// cmd returns a command running arbitro.exe under Wine with args.
func (w *wineEnv) cmd(args ...string) *exec.Cmd {
	c := exec.Command("wine", append([]string{w.exe}, args...)...)
	c.Env = w.env
	c.Dir = filepath.Dir(w.exe)
	return c
}

// run runs arbitro.exe and returns its stdout; any failure stops the test.
func (w *wineEnv) run(args ...string) string {
	w.t.Helper()
	var stdout, stderr bytes.Buffer
	c := w.cmd(args...)
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		w.t.Fatalf("wine arbitro.exe %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func setupWine(t *testing.T) *wineEnv {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the Windows scenario under Wine is not run")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the Wine tests run on linux/amd64, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	for _, tool := range []string{"wine", "wineserver", "x86_64-w64-mingw32-gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			testneed.Missing(t, "%s is not installed, so the Windows scenario under Wine (issue 20) did NOT run: "+
				"apt-get install wine wine64 gcc-mingw-w64-x86-64 (as .ci/run does)", tool)
		}
	}
	tmp := t.TempDir()
	w := &wineEnv{t: t, prefix: filepath.Join(tmp, "wineprefix"), exe: filepath.Join(tmp, "bin", "arbitro.exe")}
	w.env = append(os.Environ(),
		"WINEPREFIX="+w.prefix, "WINEARCH=win64", "WINEDEBUG=-all",
		// No Mono or Gecko install dialogs during wineboot; no display needed.
		"WINEDLLOVERRIDES=mscoree,mshtml=", "DISPLAY=",
		// Wine turns the UTF-8 command line into Windows' UTF-16 with the Unix locale.
		"LANG=C.UTF-8", "LC_ALL=C.UTF-8",
		"ARBITRO_DB=", "ARBITRO_ARBITER=Niccolò Rossi", envRunMain+"=")

	// wineboot makes the prefix while the Windows binary is built.
	var bootOut bytes.Buffer
	boot := exec.Command("wine", "wineboot", "--init")
	boot.Env = w.env
	boot.Stdout, boot.Stderr = &bootOut, &bootOut
	if err := boot.Start(); err != nil {
		t.Fatalf("wineboot: %v", err)
	}
	// The Windows binary, built as the release builds it (the same flags reuse the build
	// cache of .ci/run's cross-build step).
	build := exec.Command("go", "build", "-trimpath", "-o", w.exe, ".")
	build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	out, buildErr := build.CombinedOutput()
	if err := boot.Wait(); err != nil {
		t.Fatalf("wineboot: %v\n%s", err, bootOut.String())
	}
	if buildErr != nil {
		t.Fatalf("go build for windows/amd64: %v\n%s", buildErr, out)
	}
	t.Cleanup(func() {
		k := exec.Command("wineserver", "-k")
		k.Env = w.env
		k.Run()
	})
	wait := exec.Command("wineserver", "-w")
	wait.Env = w.env
	wait.Run()

	// The stand-in for bcryptprimitives.dll (testdata/wine/bcryptprimitives.c).
	dll := filepath.Join(w.prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")
	if _, err := os.Stat(dll); err != nil {
		cc := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-O2", "-s", "-o", dll,
			filepath.Join("testdata", "wine", "bcryptprimitives.c"), "-ladvapi32")
		if out, err := cc.CombinedOutput(); err != nil {
			t.Fatalf("compiling the bcryptprimitives.dll stand-in: %v\n%s", err, out)
		}
	}
	return w
}

// winPlayersCSV is the players file as Excel writes it on an Italian Windows: ';'
// separated, CRLF line ends, Windows-1252 text (ò is the single byte 0xF2).
func winPlayersCSV(t *testing.T) []byte {
	rows := []string{
		"Cognome;Nome;Circolo;Elo",
		"Sàlvi;Niccolò;CD Forlì;1850",
		"Bàrberi;Nicolò;Circolo Damistico Città di Castello;1720",
		"Dell'Acqua;Léa;CD Partenopeo;1600",
		"Müller;Jürgen;Damclub Köln;1590",
		"Ferrè;Anaïs;CD Perugia;1500",
		"Rossi;Mario;CD Forlì;1400",
	}
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(strings.Join(rows, "\r\n") + "\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte{0xF2}) || bytes.Contains(b, []byte("ò")) {
		t.Fatal("the CSV is not Windows-1252")
	}
	return b
}

// boardOneGame is the first game of the 2005 Italian championship (demodata), with its
// players renamed to those the seed pairs on board 1 of round 1, CRLF line ends as the
// file has them.
func boardOneGame(t *testing.T, white, black string) []byte {
	data, err := os.ReadFile(filepath.Join("demodata", demoItalianFile))
	if err != nil {
		t.Fatal(err)
	}
	game, _, ok := strings.Cut(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n\n")
	if !ok || !strings.Contains(game, `[Bianco "BORGHETTI Michele"]`) || !strings.Contains(game, `[Risultato "1-0"]`) {
		t.Fatalf("the first game of %s is not BORGHETTI - MASCOLO 1-0", demoItalianFile)
	}
	game = strings.NewReplacer(
		`[Dati "69° ASSOLUTO 1° TURNO"]`, `[Dati "Torneo di Prova 1° TURNO"]`,
		`[Bianco "BORGHETTI Michele"]`, `[Bianco "`+white+`"]`,
		`[Nero "MASCOLO Luca"]`, `[Nero "`+black+`"]`).Replace(game)
	return []byte(strings.ReplaceAll(game, "\n", "\r\n") + "\r\n")
}

func TestWindowsUnderWine(t *testing.T) {
	w := setupWine(t)
	// The three are independent (each works in a folder of its own in the one prefix, and
	// Wine's server serves them at once): they run in parallel, each with its copy of w.
	for _, sub := range []struct {
		name string
		run  func(*testing.T, *wineEnv)
	}{
		{"scenario", wineScenario},
		{"two writers", wineTwoWriters},
		{"read-only check", wineWritable},
	} {
		t.Run(sub.name, func(t *testing.T) {
			t.Parallel()
			own := *w
			sub.run(t, &own)
		})
	}
}

// The Windows side of store's read-only check (writable_other.go and its test):
// store's tests built for windows/amd64 and run under Wine.
func wineWritable(t *testing.T, w *wineEnv) {
	w.t = t
	bin := filepath.Join(filepath.Dir(w.exe), "store.test.exe")
	build := exec.Command("go", "test", "-c", "-trimpath", "-o", bin, "../../store")
	build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c for windows/amd64: %v\n%s", err, out)
	}
	c := exec.Command("wine", bin, "-test.run", "^TestWritable", "-test.v")
	c.Env, c.Dir = w.env, filepath.Join("..", "..", "store")
	out, err := c.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestWritableReadOnlyAttribute") {
		t.Fatalf("store's read-only tests under Wine: %v\n%s", err, out)
	}
}

func wineScenario(t *testing.T, w *wineEnv) {
	w.t = t
	const dir = `C:\Users\Niccolò Rossi\Documents\Torneo di Prova`
	unixDir := w.unixPath(dir)

	// The demo, into the folder with spaces and accents.
	out := w.run("--lang", "en", "demo", "--dir", dir)
	for _, want := range []string{
		"36 game scores checked: 0 problems in 0 games; 36 legal, 0 illegal", // the audit of `arbitro audit`
		`done. The database is ` + dir + `\arbitro.db;`,
		// The closing hint quotes the path (see shellQuote).
		`continue by hand: arbitro --db "` + dir + `\arbitro.db" tournament list`,
		`by hand: arbitro --db "` + dir + `\arbitro.db" --tournament 1 standings --pdf "` + dir + `\assoluto2005-standings.pdf"`,
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("the demo's output under Wine lacks %q:\n%s", want, out)
		}
	}
	if pdf, err := os.ReadFile(filepath.Join(unixDir, "assoluto2005-standings.pdf")); err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-1.")) {
		t.Fatalf("the demo's standings PDF: %v", err)
	}

	// The closing hint (its line only: the site's lines follow it), given to cmd.exe,
	// runs: it lists the demo's tournaments.
	// cmd.exe reads a batch file in the OEM code page (437 in this Wine prefix; ò is
	// there), as it would read what is typed or pasted into its window.
	_, hint, _ := strings.Cut(out, "continue by hand: ")
	hint, _, _ = strings.Cut(hint, "\n")
	hint = strings.TrimSpace(hint)
	batText, err := charmap.CodePage437.NewEncoder().String("@echo off\r\n" + hint + "\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(w.exe), "hint.bat"), []byte(batText), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command("wine", "cmd", "/c", "hint.bat")
	c.Env, c.Dir = w.env, filepath.Dir(w.exe)
	got, err := c.CombinedOutput()
	if err != nil || !strings.Contains(string(got), "World Championship 2007") {
		t.Fatalf("cmd.exe ran the pasted hint %s: %v\n%s", hint, err, got)
	}

	// An event of the arbiter's own, in a new file of the same folder.
	db := dir + `\torneo.db`
	w.run("--db", db, "tournament", "create", "Torneo di Prova", "--variant", "italian",
		"--system", "italo-swiss", "--rounds", "3", "--seed", "20261123")
	if err := os.WriteFile(filepath.Join(unixDir, "giocatori.csv"), winPlayersCSV(t), 0o644); err != nil {
		t.Fatal(err)
	}
	// An Italian event answers in Italian when the environment names no language (LANG=C).
	if out := w.run("--db", db, "player", "import", dir+`\giocatori.csv`); !strings.Contains(out, "iscritti 6 giocatori") {
		t.Fatalf("player import: %s", out)
	}
	// The names came through Windows-1252 intact.
	if out := w.run("--db", db, "player", "list"); !strings.Contains(out, "Sàlvi, Niccolò") || !strings.Contains(out, "Müller, Jürgen") {
		t.Fatalf("player list after the Windows-1252 import:\n%s", out)
	}
	w.run("--db", db, "lot")
	w.run("--db", db, "pair")
	// Board 1 as the seed pairs it (read back, not assumed).
	pairings := w.run("--db", db, "pairings", "--json")
	white, black := jsonName(t, pairings, 0), jsonName(t, pairings, 1)
	for board, res := range []string{"2-0", "1-1", "0-2"} {
		w.run("--db", db, "result", "1", fmt.Sprint(board+1), res)
	}
	if err := os.WriteFile(filepath.Join(unixDir, "partita 1.pdn"), boardOneGame(t, white, black), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := w.run("--db", db, "game", "import", dir+`\partita 1.pdn`); !strings.Contains(out, "registrate 1 (1 regolare, 0 irregolari, 0 ambigue, 0 non giudicate)") {
		t.Fatalf("game import: %s", out)
	}
	pdf := dir + `\classifica dopo il 1° turno.pdf`
	w.run("--db", db, "standings", "--pdf", pdf)
	if b, err := os.ReadFile(w.unixPath(pdf)); err != nil || !bytes.HasPrefix(b, []byte("%PDF-1.")) || !bytes.Contains(b, []byte("%%EOF")) {
		t.Fatalf("standings PDF written under Wine: %v", err)
	}

	// The same files, opened by the Linux arbitro: audited clean, the same standings.
	for _, args := range [][]string{
		{"--db", filepath.Join(unixDir, "torneo.db"), "--lang", "en", "audit"},
		{"--db", filepath.Join(unixDir, "arbitro.db"), "--tournament", "1", "--lang", "en", "audit"},
		{"--db", filepath.Join(unixDir, "arbitro.db"), "--tournament", "2", "--lang", "en", "audit"},
	} {
		out, err := arbitroCmd(t.TempDir(), args...).CombinedOutput()
		if err != nil || !strings.Contains(string(out), " 0 problems") || !strings.Contains(string(out), " 0 illegal") {
			t.Fatalf("Linux arbitro %s on the file Wine wrote: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	linux, err := arbitroCmd(t.TempDir(), "--db", filepath.Join(unixDir, "torneo.db"), "standings").Output()
	if err != nil {
		t.Fatal(err)
	}
	windows := w.run("--db", db, "standings")
	if norm := strings.ReplaceAll(windows, "\r\n", "\n"); norm != string(linux) {
		t.Fatalf("standings differ between Windows and Linux:\n%s\n---\n%s", norm, linux)
	}
	// The same file named with forward slashes, and relative to the working folder with
	// backslashes.
	if out := w.run("--db", strings.ReplaceAll(db, `\`, "/"), "player", "list"); !strings.Contains(out, "Sàlvi, Niccolò") {
		t.Fatalf("--db with forward slashes: %s", out)
	}
	rel := exec.Command("wine", w.exe, "--db", `Documents\Torneo di Prova\torneo.db`, "player", "list")
	rel.Env, rel.Dir = w.env, w.unixPath(`C:\Users\Niccolò Rossi`)
	if out, err := rel.CombinedOutput(); err != nil || !strings.Contains(string(out), "Sàlvi, Niccolò") {
		t.Fatalf("--db relative with backslashes: %v\n%s", err, out)
	}
	if checkDB(t, filepath.Join(unixDir, "torneo.db")) != 6 {
		t.Fatal("torneo.db does not hold the 6 imported players")
	}
}

// jsonName returns the name of the white (side 0) or black (side 1) player of the first
// board in a `pairings --json` document.
func jsonName(t *testing.T, doc string, side int) string {
	t.Helper()
	key := []string{`"white"`, `"black"`}[side]
	i := strings.Index(doc, key)
	if i < 0 {
		t.Fatalf("no %s in %s", key, doc)
	}
	_, rest, _ := strings.Cut(doc[i:], `"name": "`)
	name, _, _ := strings.Cut(rest, `"`)
	return name
}

// Two Windows processes importing into one file at once: as on Linux
// (TestConcurrentWriters), each succeeds or stops with the "database busy" message,
// and the file holds exactly the rows of those that succeeded.
func wineTwoWriters(t *testing.T, w *wineEnv) {
	w.t = t
	const dir = `C:\Users\Niccolò Rossi\Documents\Due arbitri`
	unixDir := w.unixPath(dir)
	if err := os.MkdirAll(unixDir, 0o755); err != nil {
		t.Fatal(err)
	}
	db := dir + `\arbitro.db`
	w.run("--db", db, "tournament", "create", "Open", "--system", "dutch", "--rounds", "5")
	const rows = 2000
	files := []string{"a.csv", "b.csv"}
	for i, f := range files {
		csv := strings.ReplaceAll(genCSV(rows, ";", fmt.Sprintf("Writer%d-", i)), "\n", "\r\n")
		if err := os.WriteFile(filepath.Join(unixDir, f), []byte(csv), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results := make([]struct {
		err            error
		stdout, stderr bytes.Buffer
	}, 2)
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := w.cmd("--db", db, "--tournament", "1", "player", "import", dir+`\`+f)
			c.Stdout, c.Stderr = &results[i].stdout, &results[i].stderr
			results[i].err = c.Run()
		}()
	}
	wg.Wait()
	ok := 0
	for i := range results {
		r := &results[i]
		switch {
		case r.err == nil:
			ok++
		case strings.Contains(r.stderr.String(), "database busy: another arbitro is writing; try again"):
		default:
			t.Fatalf("import %d under Wine failed without the busy message: %v\n%s%s", i, r.err, r.stdout.String(), r.stderr.String())
		}
	}
	if ok == 0 {
		t.Fatal("both imports failed")
	}
	if n := checkDB(t, filepath.Join(unixDir, "arbitro.db")); n != ok*rows {
		t.Fatalf("%d entries in the file, %d imports of %d rows succeeded", n, ok, rows)
	}
	t.Logf("%d of 2 concurrent imports under Wine succeeded", ok)
}
