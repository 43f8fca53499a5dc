package rules

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

func readGames(t testing.TB, data []byte) []*Game {
	t.Helper()
	var games []*Game
	r := NewPDNReader(bytes.NewReader(data))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("game %d: %v", len(games)+1, err)
		}
		games = append(games, g)
	}
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "pdn", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Game counts are the tag-block counts of each file (rules/testdata/README.md).
func TestPDNRealFileGameCounts(t *testing.T) {
	want := map[string]int{
		"ita_campionato_italiano_assoluto_2005_turni1-4.pdn":         36,
		"intl_world_championship_2007_rounds01-11.pdn":               110,
		"intl_world_championship_2003_zwartewaterland.pdn":           23,
		"intl_dutch_championship_2003_amsterdam.pdn":                 33,
		"intl_campionato_italiano_dama_internazionale_2004_arco.pdn": 45,
		"intl_dutch_semifinal_1996.pdn":                              13,
		"intl_dutch_championship_2009_round01_annotated.pdn":         7,
		"intl_online_kurnik_2011.pdn":                                4,
		"intl_online_engine_schildpad_2003.pdn":                      34,
		"intl_engine_analysis_windragon.pdn":                         1,
		"intl_compositions_catalogue_A1_fen.pdn":                     35,
		"intl_compositions_catalogue_B1_fen.pdn":                     37,
		"intl_problem_solving_PWCP2_fen.pdn":                         51,
		"eng_oca2_historic_games_sample.pdn":                         43,
		"russian_ussr_championship_1950_algebraic.pdn":               153,
	}
	for name, n := range want {
		games := readGames(t, readFile(t, name))
		if len(games) != n {
			t.Errorf("%s: %d games, want %d", name, len(games), n)
		}
		for i, g := range games {
			if g.Index != i+1 {
				t.Errorf("%s: game %d has Index %d", name, i+1, g.Index)
			}
		}
	}
}

// The 2007 file has a PlyCount tag that matches the moves of every game (data README).
func TestPDNPlyCountMatches(t *testing.T) {
	games := readGames(t, readFile(t, "intl_world_championship_2007_rounds01-11.pdn"))
	checked := 0
	for _, g := range games {
		pc, ok := g.Tag("PlyCount")
		if !ok {
			continue
		}
		n, _ := strconv.Atoi(pc)
		if n != len(g.Moves) {
			t.Errorf("game %d (line %d): %d moves, PlyCount %d", g.Index, g.Line, len(g.Moves), n)
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("only %d games with PlyCount", checked)
	}
	ann := readGames(t, readFile(t, "intl_dutch_championship_2009_round01_annotated.pdn"))
	for _, g := range ann {
		pc, _ := g.Tag("PlyCount")
		if n, _ := strconv.Atoi(pc); n != len(g.Moves) {
			t.Errorf("annotated game %d: %d moves, PlyCount %s", g.Index, len(g.Moves), pc)
		}
	}
}

func TestPDNItalianTagsAndPadding(t *testing.T) {
	games := readGames(t, readFile(t, "ita_campionato_italiano_assoluto_2005_turni1-4.pdn"))
	g := games[0]
	if g.White() != "BORGHETTI Michele" || g.Black() != "MASCOLO Luca" || g.ResultTag() != "1-0" ||
		g.Event() != "69° ASSOLUTO 1° TURNO" || g.Date() != "2005" || !g.HasItalianTags() || g.Line != 1 {
		t.Errorf("tags: %q %q %q %q %q line %d", g.White(), g.Black(), g.ResultTag(), g.Event(), g.Date(), g.Line)
	}
	if len(g.Moves) != 75 || g.Result != "1-0" {
		t.Fatalf("moves %d result %q", len(g.Moves), g.Result)
	}
	// "3. 19x12  8x15": ply 5 and 6.
	m := g.Moves[5]
	if m.From != 8 || m.To != 15 || !m.Capture || m.Number != 3 || !m.Second || m.Text != "8x15" {
		t.Errorf("ply 6 = %+v", m)
	}
	last := g.Moves[74]
	if last.Text != "6-11" || len(last.Comments) != 1 || last.Comments[0] != "Bianco Vince" || last.Number != 38 {
		t.Errorf("last = %+v", last)
	}
	if games[1].Line != 19 {
		t.Errorf("game 2 starts at line %d, want 19", games[1].Line)
	}
}

func TestPDNMovetextForms(t *testing.T) {
	src := "\xEF\xBB\xBF[Event \"a \\\"q\\\" b\"]\r\n[GameType \"20\"]\n\n" +
		"{pre} 1. 32-28! 19-23?! 2. 28x19 $1 14x23 {c1} (2... 13x24 {v (x)} (3. 33-29)) 3. 37- 32  10x 14*\n" +
		"% escape line 1. 99-98\n" +
		"4. 34x23x12 ; rest of line\n4... 1-7!! 5. 22:13 ½-½\n"
	games := readGames(t, []byte(src))
	if len(games) != 1 {
		t.Fatalf("%d games", len(games))
	}
	g := games[0]
	if v, _ := g.Tag("event"); v != `a "q" b` {
		t.Errorf("escaped tag %q", v)
	}
	if g.Result != "½-½" || len(g.Comments) != 1 || g.Comments[0] != "pre" {
		t.Errorf("result %q comments %q", g.Result, g.Comments)
	}
	type mv struct {
		from, to int
		via      []int
		capt     bool
		num      int
		second   bool
		marks    string
	}
	want := []mv{
		{32, 28, nil, false, 1, false, "!"},
		{19, 23, nil, false, 1, true, "?!"},
		{28, 19, nil, true, 2, false, ""},
		{14, 23, nil, true, 2, true, ""},
		{37, 32, nil, false, 3, false, ""},
		{10, 14, nil, true, 3, true, "*"},
		{34, 12, []int{23}, true, 4, false, ""},
		{1, 7, nil, false, 4, true, "!!"},
		{22, 13, nil, true, 5, false, ""},
	}
	if len(g.Moves) != len(want) {
		t.Fatalf("%d moves: %+v", len(g.Moves), g.Moves)
	}
	for i, w := range want {
		m := g.Moves[i]
		got := mv{m.From, m.To, m.Via, m.Capture, m.Number, m.Second, m.Marks}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("ply %d: got %+v want %+v", i+1, got, w)
		}
	}
	if !reflect.DeepEqual(g.Moves[2].NAGs, []int{1}) {
		t.Errorf("NAGs %v", g.Moves[2].NAGs)
	}
	if len(g.Moves[3].Variations) != 1 || !strings.HasPrefix(g.Moves[3].Variations[0], "2... 13x24") || g.Moves[3].Comments[0] != "c1" {
		t.Errorf("variation %q comments %q", g.Moves[3].Variations, g.Moves[3].Comments)
	}
	if g.Moves[4].Text != "37- 32" || g.Moves[4].Line != 4 {
		t.Errorf("padded move %+v", g.Moves[4])
	}
	if c := g.Moves[6].Comments; len(c) != 1 || c[0] != "rest of line" {
		t.Errorf("; comment %q", c)
	}
}

func TestPDNResults(t *testing.T) {
	for _, res := range []string{"2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "0-0", "*", "½-½"} {
		games := readGames(t, []byte("1. 22-18 11-15 "+res+"\n1. 21-17 "+res))
		if len(games) != 2 || games[0].Result != res || games[1].Result != res || len(games[0].Moves) != 2 {
			t.Errorf("%s: %d games %+v", res, len(games), games)
		}
	}
}

func TestPDNWindows1252(t *testing.T) {
	utf := "[Dati \"69° ASSOLUTO\"]\r\n[Bianco \"Bertè\"]\r\n\r\n1. 21-17 12-15 1-0\r\n"
	cp, err := charmap.Windows1252.NewEncoder().String(utf)
	if err != nil {
		t.Fatal(err)
	}
	if cp == utf {
		t.Fatal("encoding did not change the text")
	}
	r := NewPDNReader(strings.NewReader(cp))
	g, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if g.Event() != "69° ASSOLUTO" || g.White() != "Bertè" || !g.Windows1252 || !r.Windows1252() {
		t.Errorf("decoded %q %q cp=%v", g.Event(), g.White(), g.Windows1252)
	}
	g2 := readGames(t, []byte(utf))[0]
	if g2.Windows1252 || g2.White() != "Bertè" {
		t.Errorf("UTF-8 read as %q cp=%v", g2.White(), g2.Windows1252)
	}
}

func TestPDNErrorsContinue(t *testing.T) {
	src := "[Event \"one\"]\n\n1. 22-18 11-15 1-0\n\n" +
		"[Event \"two\"]\n\n1. 22-18 {open comment\n2. 23-19\n\n" +
		"[Event \"three\"]\n\n1. 22-18 & 11-15 0-1\n\n" +
		"[Event \"four\"]\n1. 21-17 *\n"
	r := NewPDNReader(strings.NewReader(src))
	var events []string
	var errs []error
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			t.Fatalf("nil game with %v", err)
		}
		events = append(events, g.Event())
		errs = append(errs, err)
	}
	// Game two's comment is never closed, so it swallows game three's tag lines (a tag line
	// inside an open comment is comment text).
	if len(events) < 3 || events[0] != "one" || events[len(events)-1] != "four" {
		t.Fatalf("events %q", events)
	}
	if errs[0] != nil || errs[len(errs)-1] != nil {
		t.Errorf("errors %v", errs)
	}
	nErr := 0
	for _, err := range errs {
		if err != nil {
			nErr++
			var pe *PDNError
			if !errors.Is(err, ErrPDNSyntax) || !errors.As(err, &pe) || pe.Line == 0 || pe.Col == 0 {
				t.Errorf("error %v lacks sentinel or position", err)
			}
		}
	}
	if nErr == 0 {
		t.Error("no syntax error reported")
	}
	// A bad character: line and column exact.
	_, err := NewPDNReader(strings.NewReader("[A \"b\"]\n\n1. 22-18 & 11-15\n")).Next()
	var pe *PDNError
	if !errors.As(err, &pe) || pe.Line != 3 || pe.Col != 10 {
		t.Errorf("error %v, want line 3 column 10", err)
	}
}

func TestPDNGarbageNoPanic(t *testing.T) {
	inputs := [][]byte{
		{0, 1, 2, 0xff, 0xfe, '[', '"', '{'},
		bytes.Repeat([]byte{0xff}, 3<<20),
		[]byte("[Event \"x\"\n1. 22-"),
		[]byte("((((("),
		[]byte("1. 22x"),
		[]byte("99999999999999999999. 1-2"),
	}
	for _, in := range inputs {
		r := NewPDNReader(bytes.NewReader(in))
		for i := 0; i < 100; i++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
		}
	}
}

// gamesEqual compares what a round trip must keep (not Text, Line, Col, Index, Warnings).
func gamesEqual(a, b *Game) bool {
	ra, rb := a.Result, b.Result
	if ra == "" {
		ra = "*" // WritePDN writes "*" for a game without a result
	}
	if rb == "" {
		rb = "*"
	}
	if len(a.Tags) != len(b.Tags) || ra != rb || len(a.Moves) != len(b.Moves) {
		return false
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return false
		}
	}
	if !reflect.DeepEqual(nilIfEmpty(a.Comments), nilIfEmpty(b.Comments)) || !reflect.DeepEqual(nilIfEmpty(a.Variations), nilIfEmpty(b.Variations)) {
		return false
	}
	for i := range a.Moves {
		x, y := a.Moves[i], b.Moves[i]
		if x.From != y.From || x.To != y.To || x.Capture != y.Capture || x.Algebraic != y.Algebraic ||
			x.Number != y.Number || x.Second != y.Second || x.Marks != y.Marks ||
			!reflect.DeepEqual(x.Via, y.Via) || !reflect.DeepEqual(nilIfEmptyI(x.NAGs), nilIfEmptyI(y.NAGs)) ||
			!reflect.DeepEqual(nilIfEmpty(x.Comments), nilIfEmpty(y.Comments)) ||
			!reflect.DeepEqual(nilIfEmpty(x.Variations), nilIfEmpty(y.Variations)) {
			return false
		}
		if x.Algebraic && strings.ReplaceAll(x.Text, " ", "") != strings.ReplaceAll(y.Text, " ", "") {
			return false
		}
	}
	return true
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func nilIfEmptyI(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	return s
}

// Every real file: read, write, read again gives the same games.
func TestPDNRoundTripRealFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/pdn/*.pdn")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		games := readGames(t, data)
		var buf bytes.Buffer
		for _, g := range games {
			if err := WritePDN(&buf, g); err != nil {
				t.Fatal(err)
			}
		}
		again := readGames(t, buf.Bytes())
		if len(again) != len(games) {
			t.Errorf("%s: %d games after round trip, want %d", f, len(again), len(games))
			continue
		}
		for i := range games {
			if !gamesEqual(games[i], again[i]) {
				t.Errorf("%s game %d differs after round trip", f, i+1)
				break
			}
		}
	}
}

func TestReadAllPDN(t *testing.T) {
	games, err := ReadAllPDN(strings.NewReader("1. 22-18 *\n\n[Event \"b\"]\n1. 22-18 & *\n\n[Event \"c\"]\n1. 21-17 1-0\n"))
	if len(games) != 3 || !errors.Is(err, ErrPDNSyntax) || games[2].Event() != "c" || games[2].Result != "1-0" {
		t.Errorf("%d games, err %v", len(games), err)
	}
	games, err = ReadAllPDN(bytes.NewReader(readFile(t, "intl_online_kurnik_2011.pdn")))
	if len(games) != 4 || err != nil {
		t.Fatalf("%d games, err %v", len(games), err)
	}
	// Full-path captures keep their landing squares: 21. 39x28x17x6.
	m := games[0].Moves[40]
	if m.Text != "39x28x17x6" || m.From != 39 || m.To != 6 || !reflect.DeepEqual(m.Via, []int{28, 17}) {
		t.Errorf("ply 41 = %+v", m)
	}
}
