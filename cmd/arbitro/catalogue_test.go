package main

// The catalogue of hostile inputs of the README's "Data safety" section: every row there
// names a test here (TestSafetyCatalogue/<row>) or elsewhere. Each case runs arbitro as a
// process on a copy of one prepared folder and checks the exit code, the message, and that
// every file of the folder is byte-identical afterwards (no file added, none changed).

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"arbitro/tournament"
)

// snapshot returns "name sha256" of every file of dir, sorted.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, fmt.Sprintf("%s %x", e.Name(), sha256.Sum256(b)))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func copyTestDir(t *testing.T, from, to string) {
	t.Helper()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		copyFile(t, filepath.Join(from, e.Name()), filepath.Join(to, e.Name()))
	}
}

// hostile is one row of the catalogue.
type hostile struct {
	row   string            // the README row, e.g. "S2-game-import-malformed"
	files map[string]string // files written in the folder before the command
	args  []string          // arbitro's arguments (--db t.db unless the case gives --db)
	code  int               // the exit code wanted
	msg   []string          // substrings the error output must hold
	stdin string            // standard input of the command
	env   []string          // extra environment ("ARBITRO_ARBITER=...")
}

// catalogueFixture prepares a folder with t.db: tournament "Open" (Italo-Swiss, 6
// players), the lot drawn, round 1 paired, board 1 recorded 2-0, a.pdn imported as an
// event (tournament "Imported").
func catalogueFixture(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.pdn"), []byte(eventPDN), 0o644)
	for _, args := range [][]string{
		{"tournament", "create", "Open", "--system", "italo-swiss", "--rounds", "3", "--seed", "7"},
		{"player", "add", "Rossi, Mario", "--club", "CD Napoli"},
		{"player", "add", "Bianchi, Luca"},
		{"player", "add", "Verdi, Anna"},
		{"player", "add", "Neri, Carlo"},
		{"player", "add", "Gialli, Sara"},
		{"player", "add", "Blu, Paolo"},
		{"lot"},
		{"pair"},
		{"result", "1", "1", "2-0"},
		{"event", "import", "a.pdn", "--name", "Imported"},
	} {
		if args[0] == "event" {
			mustRun(t, dir, append([]string{"--db", "t.db"}, args...)...)
			continue
		}
		mustRun(t, dir, append([]string{"--db", "t.db", "--tournament", "Open"}, args...)...)
	}
	return dir
}

// eventPDN is a three-player round robin written for the tests (three short games).
const eventPDN = `[Event "Test cup, round 1"]
[Round "1"]
[White "Alfa, Uno"]
[Black "Beta, Due"]
[GameType "22"]
[Result "1-1"]

1. 22-19 11-14 1-1

[Event "Test cup, round 2"]
[Round "2"]
[White "Gamma, Tre"]
[Black "Alfa, Uno"]
[GameType "22"]
[Result "1-1"]

1. 22-19 11-14 1-1

[Event "Test cup, round 3"]
[Round "3"]
[White "Beta, Due"]
[Black "Gamma, Tre"]
[GameType "22"]
[Result "1-1"]

1. 22-19 11-14 1-1
`

// TestSafetyCatalogue runs every hostile input of the README's Data safety table.
func TestSafetyCatalogue(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	fixture := catalogueFixture(t)
	open := []string{"--tournament", "Open"}
	cases := []hostile{
		{row: "S2-game-import-malformed", files: map[string]string{"bad.pdn": "[White \"Rossi, Mario\"]\n[Black \"Bianchi, Luca\"]\n[Round \"1\"]\n\n1. 22-19 {never closed\n"},
			args: append(open, "game", "import", "bad.pdn"), code: 1, msg: []string{"1 of 1 games was not attached"}},
		{row: "S2-game-import-binary", files: map[string]string{"bin.pdn": "PK\x03\x04\x00\x00\x14\x00\x00\x00"},
			args: append(open, "game", "import", "bin.pdn"), code: 1, msg: []string{"binary"}},
		{row: "S2-player-import-bad-row", files: map[string]string{"p.csv": "Name;Rating\nGood, One;1500\nBad, Two;99999\n"},
			args: append(open, "player", "import", "p.csv"), code: 1, msg: []string{"line 3"}},
		{row: "S2-result-unknown-board", args: append(open, "result", "1", "99", "2-0"), code: 1, msg: []string{"board 99"}},
		{row: "S2-result-malformed", args: append(open, "result", "1", "2", "3-0"), code: 2, msg: []string{"3-0"}},
		{row: "S2-event-import-illegal-syntax", files: map[string]string{"e.pdn": eventPDN + "\n[White \"X\"]\n[Black \"Y\"]\n\n1. 22-19 {open\n"},
			args: []string{"event", "import", "e.pdn", "--name", "Other"}, code: 1, msg: []string{"nothing was written"}},
		{row: "S2-event-import-stdin-refused", stdin: eventPDN + "\n[White \"X\"]\n[Black \"Y\"]\n\n1. 22-19 {open\n",
			args: []string{"event", "import", "-", "--name", "Other"}, code: 1, msg: []string{"game 4", "nothing was written"}},
		{row: "S2-event-import-stdin-new-file", stdin: strings.Replace(eventPDN, "Beta, Due", "Beta\u200b, Due", 1),
			args: []string{"--db", "new.db", "event", "import", "-"}, code: 1, msg: []string{"U+200B ZERO WIDTH SPACE"}},
		{row: "S3-read-missing-file", args: []string{"--db", "missing.db", "player", "list"}, code: 1, msg: []string{"no database missing.db"}},
		{row: "S3-read-zero-byte-file", files: map[string]string{"zero.db": ""}, args: []string{"--db", "zero.db", "player", "list"}, code: 1, msg: []string{"zero.db is an empty file"}},
		{row: "S3-read-standings", args: append(open, "standings"), code: 0},
		{row: "S5-name-terminal-escape", args: append(open, "player", "add", "Rosso\x1b[31m, Evil\x1b[0m\x1b[2J"), code: 2, msg: []string{"character 6 is U+001B ESCAPE", `"Rosso\x1b[31m, Evil`}},
		{row: "S5-name-zero-width-space", args: append(open, "player", "add", "Ros\u200bsi, Mario"), code: 2, msg: []string{"character 4 is U+200B ZERO WIDTH SPACE"}},
		{row: "S5-name-bidi-override", args: append(open, "player", "add", "Rossi, \u202eoiraM"), code: 2, msg: []string{"U+202E RIGHT-TO-LEFT OVERRIDE"}},
		{row: "S5-name-5000-characters", args: append(open, "player", "add", strings.Repeat("x", 5000)), code: 2, msg: []string{"has 5000 characters, more than 100"}},
		{row: "S5-name-not-utf8", args: append(open, "player", "add", "Rossi, Mar\xffio"), code: 2, msg: []string{"byte 0xFF"}},
		{row: "S5-club-escape", args: append(open, "player", "add", "Viola, Ugo", "--club", "CD\x1b]0;pwned\x07"), code: 2, msg: []string{"U+001B ESCAPE"}},
		{row: "S5-csv-name-escape", files: map[string]string{"p.csv": "Name;Rating\nGood, One;1500\nBad\x1b[2J, Two;1400\n"},
			args: append(open, "player", "import", "p.csv"), code: 1, msg: []string{"line 3", "U+001B ESCAPE"}},
		{row: "S5-pdn-tag-escape", files: map[string]string{"e.pdn": strings.Replace(eventPDN, "Gamma, Tre", "Gamma\x1b[2J, Tre", -1)},
			args: []string{"event", "import", "e.pdn", "--name", "Other"}, code: 1, msg: []string{"U+001B ESCAPE"}},
		{row: "S5-pdn-tag-escape-new-file", files: map[string]string{"e.pdn": strings.Replace(eventPDN, "Gamma, Tre", "Gamma\x1b[2J, Tre", -1)},
			args: []string{"--db", "new.db", "event", "import", "e.pdn"}, code: 1, msg: []string{"U+001B ESCAPE"}},
		{row: "S5-trf-name-escape-new-file", files: map[string]string{"h.trf": hostileTRF(t)},
			args: []string{"--db", "new.db", "tournament", "import-trf", "h.trf", "--variant", "international"}, code: 2, msg: []string{"TRF line 13", "U+001B ESCAPE"}},
		{row: "S5-game-add-tag-bidi", files: map[string]string{"g.pdn": "[White \"Rossi, Mario\"]\n[Black \"Bianchi\u202e, Luca\"]\n[Round \"1\"]\n\n1. 22-18 *\n"},
			args: append(open, "game", "import", "g.pdn"), code: 1, msg: []string{"not attached"}},
		{row: "S5-game-add-event-tag-escape", files: map[string]string{"g.pdn": "[White \"Rossi, Mario\"]\n[Black \"Bianchi, Luca\"]\n[Event \"Open\x1b[2J\"]\n\n1. 22-18 *\n"},
			args: append(open, "game", "add", "1", "2", "g.pdn"), code: 1, msg: []string{"PDN tag Event", "U+001B ESCAPE"}},
		{row: "S5-game-add-annotator-bidi", stdin: "[White \"Rossi, Mario\"]\n[Black \"Bianchi, Luca\"]\n[Annotator \"Ver\u202edi\"]\n\n1. 22-18 *\n",
			args: append(open, "game", "add", "1", "2", "-"), code: 1, msg: []string{"PDN tag Annotator", "U+202E"}},
		{row: "S5-event-import-site-escape", files: map[string]string{"e.pdn": strings.Replace(eventPDN, "[Round \"2\"]", "[Round \"2\"]\n[Site \"Roma\x1b]0;x\x07\"]", 1)},
			args: []string{"event", "import", "e.pdn", "--name", "Other"}, code: 1, msg: []string{"game 2", "PDN tag Site", "U+001B ESCAPE"}},
		{row: "S5-tournament-name-bidi", args: []string{"tournament", "create", "Open \u202e2026", "--system", "dutch", "--rounds", "5"}, code: 2, msg: []string{"U+202E"}},
		{row: "S7-same-result-again", args: append(open, "result", "1", "1", "2-0"), code: 0, msg: []string{"note:", "already recorded as 2-0", "nothing was changed"}},
		{row: "S7-different-result-needs-correct", args: append(open, "result", "1", "1", "0-2"), code: 1, msg: []string{"--correct"}},
		{row: "S8-event-import-again", args: []string{"event", "import", "a.pdn", "--name", "Twice"}, code: 1, msg: []string{"already imported", "--again"}},
		{row: "S10-newer-schema", files: map[string]string{}, args: nil, code: 1}, // built below
		{row: "S15-old-name-audit-warns", args: append(open, "audit"), code: 0,
			msg: []string{`is stored as Rosso\u001b[2J, Evil\u202e`, "U+001B ESCAPE", "player set", "name"}}, // planted below
		{row: "S15-old-name-listed-escaped", args: append(open, "player", "list"), code: 0}, // planted below
		{row: "S25-name-hangul-filler", args: append(open, "player", "add", "\u3164"), code: 2, msg: []string{"character 1 is U+3164 HANGUL FILLER", `"\u3164"`}},
		{row: "S25-name-filler-inside", args: append(open, "player", "add", "Ros\u3164si, Mario"), code: 2, msg: []string{"character 4 is U+3164 HANGUL FILLER"}},
		{row: "S25-name-braille-blank", args: append(open, "player", "add", "\u2800, \u2800"), code: 2, msg: []string{"U+2800 BRAILLE PATTERN BLANK"}},
		{row: "S25-name-grapheme-joiner", args: append(open, "player", "add", "Rossi\u034f, Mario"), code: 2, msg: []string{"U+034F COMBINING GRAPHEME JOINER"}},
		{row: "S25-name-variation-selector", args: append(open, "player", "add", "Rossi\ufe0f, Mario"), code: 2, msg: []string{"U+FE0F VARIATION SELECTOR-16"}},
		{row: "S25-name-no-letter", args: append(open, "player", "add", "12345"), code: 2, msg: []string{"visible letter"}},
		{row: "S26-category-escape", args: append(open, "category", "add", "Cat\x1b[2J"), code: 2, msg: []string{"category name", "U+001B ESCAPE"}},
		{row: "S26-prize-label-title-escape", args: append(open, "prize", "add", "Pr\x1b]0;pwned\a", "--place", "1"), code: 2, msg: []string{"prize label", "U+001B ESCAPE"}},
		{row: "S26-absence-reason-bidi", args: append(open, "absent", "Bianchi, Luca", "--reason", "ill\u202e"), code: 2, msg: []string{"U+202E"}},
		{row: "S26-tournament-place-filler", args: append(open, "tournament", "set", "place", "Roma\uffa0"), code: 2, msg: []string{"U+FFA0 HALFWIDTH HANGUL FILLER"}},
		{row: "S26-arbiter-env-escape", env: []string{"ARBITRO_ARBITER=Evil\x1b[2J"}, args: append(open, "category", "add", "Giovani"), code: 1,
			msg: []string{"$ARBITRO_ARBITER", "U+001B ESCAPE", "ARBITRO_ARBITER=\"Rossi, Mario\""}},
		{row: "S26-arbiter-env-no-letter", env: []string{"ARBITRO_ARBITER=12345"}, args: append(open, "category", "add", "Giovani"), code: 1,
			msg: []string{"$ARBITRO_ARBITER", "visible letter"}},
		{row: "S27-old-texts-audit-warns", args: append(open, "audit"), code: 0, msg: []string{
			`tournament 1, place, is stored as Ro\u001b[2Jma`, `arbitro --tournament 1 tournament set place "..."`,
			`club, is stored as CD\u001b]0;x\u0007`, `player set 1 club`,
			`category 1, name, is stored as Do\u202enne`, `no command changes it`}}, // planted below
		{row: "S27-old-texts-listed-escaped", args: append(open, "category", "list"), code: 0}, // planted below
		{row: "S28-replay-bom-only", files: map[string]string{"bom.pdn": "\xEF\xBB\xBF"}, args: []string{"replay", "bom.pdn"}, code: 1, msg: []string{"bom.pdn", "the file is empty"}},
		{row: "S28-audit-bom-only", files: map[string]string{"bom.pdn": "\xEF\xBB\xBF\r\n"}, args: []string{"audit", "bom.pdn"}, code: 1, msg: []string{"bom.pdn", "the file is empty"}},
		{row: "S28-game-import-bom-only", files: map[string]string{"bom.pdn": "\xEF\xBB\xBF"}, args: append(open, "game", "import", "bom.pdn"), code: 1, msg: []string{"the file is empty"}},
		{row: "S28-game-add-bom-only", files: map[string]string{"bom.pdn": "\xEF\xBB\xBF"}, args: append(open, "game", "add", "1", "2", "bom.pdn"), code: 1, msg: []string{"the file is empty"}},
		{row: "S28-event-import-bom-only", files: map[string]string{"bom.pdn": "\xEF\xBB\xBF"}, args: []string{"event", "import", "bom.pdn", "--name", "Other"}, code: 1, msg: []string{"holds no game", "nothing was written"}},
		{row: "S28-player-import-bom-only", files: map[string]string{"bom.csv": "\xEF\xBB\xBF"}, args: append(open, "player", "import", "bom.csv"), code: 1, msg: []string{"the file is empty"}},
		{row: "S21-trf-binary", files: map[string]string{"b.trf": "PK\x03\x04\x00\x00\x14\x00\x08\x00\x00\x00\xff\xfe\n\x00\x01"},
			args: []string{"tournament", "import-trf", "b.trf", "--name", "Bin"}, code: 1, msg: []string{"no player line (001)"}},
		{row: "S21-trf-empty", files: map[string]string{"e.trf": ""},
			args: []string{"tournament", "import-trf", "e.trf", "--name", "Empty"}, code: 1, msg: []string{"no player line (001)"}},
		{row: "S21-trf-header-only", files: map[string]string{"h.trf": "012 Open di Roma\n022 Roma\n042 2026/05/01\nXXR 5\n"},
			args: []string{"tournament", "import-trf", "h.trf"}, code: 1, msg: []string{"no player line (001)"}},
		{row: "S21-trf-header-only-new-file", files: map[string]string{"h.trf": "012 Open di Roma\n022 Roma\n"},
			args: []string{"--db", "new.db", "tournament", "import-trf", "h.trf"}, code: 1, msg: []string{"no player line (001)"}},
		{row: "S10-not-a-database", files: map[string]string{"notes.db": "Name;Rating\nRossi;1500\n"}, args: []string{"--db", "notes.db", "player", "add", "X, Y"}, code: 1, msg: []string{"not an arbitro database"}},
	}
	for _, c := range cases {
		t.Run(c.row, func(t *testing.T) {
			dir := t.TempDir()
			copyTestDir(t, fixture, dir)
			for name, text := range c.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := c.args
			if c.row == "S10-newer-schema" {
				setUserVersion(t, filepath.Join(dir, "t.db"), 999)
				args = append(open, "player", "add", "New, Player")
				c.msg = []string{"newer arbitro", "the file was not changed"}
			}
			if strings.HasPrefix(c.row, "S15-") {
				plantOldName(t, filepath.Join(dir, "t.db"), "Rossi, Mario", "Rosso\x1b[2J, Evil\u202e")
			}
			if strings.HasPrefix(c.row, "S27-") {
				plantOldTexts(t, filepath.Join(dir, "t.db"))
			}
			if !hasDB(args) {
				args = append([]string{"--db", "t.db"}, args...)
			}
			before := snapshot(t, dir)
			cmd := arbitroCmd(dir, args...)
			cmd.Env = append(cmd.Env, c.env...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if c.stdin != "" {
				cmd.Stdin = strings.NewReader(c.stdin)
			}
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, c.code, stdout.String(), stderr.String())
			}
			for _, m := range c.msg {
				if !strings.Contains(stderr.String(), m) {
					t.Errorf("stderr lacks %q:\n%s", m, stderr.String())
				}
			}
			if c.code != 0 && !strings.HasPrefix(stderr.String(), "arbitro: ") {
				t.Errorf("the error is not in the form 'arbitro: what (how to fix)': %q", stderr.String())
			}
			// Nothing hostile reaches the terminal: the output holds no control character
			// but newlines and tabs, and no invisible or bidi formatting character.
			for _, out := range []string{stdout.String(), stderr.String()} {
				if i := strings.IndexFunc(out, func(r rune) bool {
					return (unicode.Is(unicode.Cc, r) && r != '\n' && r != '\t') || unicode.Is(unicode.Cf, r) || tournament.Invisible(r)
				}); i >= 0 {
					r, _ := utf8.DecodeRuneInString(out[i:])
					t.Errorf("the output carries %U at byte %d: %q", r, i, out)
				}
			}
			if c.row == "S27-old-texts-listed-escaped" && !strings.Contains(stdout.String(), `Do\u202enne`) {
				t.Errorf("category list does not show the old name escaped:\n%s", stdout.String())
			}
			if c.row == "S15-old-name-listed-escaped" && !strings.Contains(stdout.String(), `Rosso\u001b[2J, Evil\u202e`) {
				t.Errorf("player list does not show the old name escaped:\n%s", stdout.String())
			}
			if after := snapshot(t, dir); after != before {
				t.Errorf("the folder changed:\nbefore\n%s\nafter\n%s", before, after)
			}
		})
	}
}

func hasDB(args []string) bool {
	for _, a := range args {
		if a == "--db" {
			return true
		}
	}
	return false
}

// setUserVersion writes PRAGMA user_version of the database file path directly.
func setUserVersion(t *testing.T, path string, v int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		t.Fatal(err)
	}
}

// hostileTRF is trf/testdata/trf/small.trf with an ESC in its first player's name
// (the columns kept).
func hostileTRF(t *testing.T) string {
	b, err := os.ReadFile("../../trf/testdata/trf/small.trf")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "001") {
			lines[i] = l[:16] + "\x1b" + l[17:]
			break
		}
	}
	return strings.Join(lines, "\n")
}

// plantOldName renames a player with raw SQL, as a file written by an arbitro older than the
// names check may hold him.
func plantOldName(t *testing.T, path, old, name string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE players SET name = ? WHERE name = ?`, name, old)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%d players named %q", n, old)
	}
}

// plantOldTexts writes, with raw SQL, free text as a file written by an older arbitro or
// another program may hold it: tournament Open's place, Rossi's club, a category of Open.
func plantOldTexts(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`UPDATE tournaments SET place = 'Ro' || char(27) || '[2Jma' WHERE name = 'Open'`,
		`UPDATE players SET club = 'CD' || char(27) || ']0;x' || char(7) WHERE name = 'Rossi, Mario'`,
		`INSERT INTO categories (tournament_id, name, rule) SELECT id, 'Do' || char(8238) || 'nne', '' FROM tournaments WHERE name = 'Open'`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
}
