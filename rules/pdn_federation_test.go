package rules

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// readAll reads every game of text with the reader's Strict set as given; it returns the
// games and the error of each.
func readAll(t *testing.T, text string, strict bool) ([]*Game, []error) {
	t.Helper()
	r := NewPDNReader(strings.NewReader(text))
	r.Strict = strict
	var games []*Game
	var errs []error
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		if g == nil {
			t.Fatalf("read error: %v", err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

// Issue 14 case 1 (corpus "Tricks traps and shots", line 763): a tag written after the
// result on the same line starts the next game; it does not make a game of its own.
func TestTagAfterResultOnSameLine(t *testing.T) {
	text := "[Event \"A\"]\n[Result \"1-0\"]\n1. 32-28 19-23 1-0[Event \"B\"]\n[White \"W\"]\n[Result \"0-1\"]\n1. 33-29 0-1\n"
	for _, strict := range []bool{false, true} {
		games, errs := readAll(t, text, strict)
		if len(games) != 2 {
			t.Fatalf("strict=%v: %d games, want 2", strict, len(games))
		}
		for i, err := range errs {
			if err != nil {
				t.Errorf("strict=%v game %d: %v", strict, i+1, err)
			}
		}
		a, b := games[0], games[1]
		if a.Event() != "A" || len(a.Moves) != 2 || a.Result != "1-0" {
			t.Errorf("game 1: event %q, %d moves, result %q", a.Event(), len(a.Moves), a.Result)
		}
		if b.Event() != "B" || b.White() != "W" || b.ResultTag() != "0-1" || len(b.Moves) != 1 || b.Result != "0-1" || b.Line != 3 {
			t.Errorf("game 2: event %q white %q result tag %q, %d moves, result %q, line %d", b.Event(), b.White(), b.ResultTag(), len(b.Moves), b.Result, b.Line)
		}
	}
	// A syntax error in the carried tag keeps the file's column.
	_, errs := readAll(t, "1. 32-28 1-0 [Event B]\n", false)
	var pe *PDNError
	if len(errs) != 2 || !errors.As(errs[1], &pe) || pe.Line != 1 || pe.Col != 21 {
		t.Errorf("bad carried tag: errors %v, want the second game's at line 1 column 21", errs)
	}
}

// Issue 14 case 2: results after a game's result are not games.
func TestStrayResultsAreNotGames(t *testing.T) {
	text := "1. 32-28 19-23 2-0 1-1 0-1 1/2-1/2\n"
	games, errs := readAll(t, text, false)
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("%d games (errors %v), want 1", len(games), errs)
	}
	g := games[0]
	if g.Result != "2-0" || len(g.Moves) != 2 || len(g.Warnings) != 3 || !strings.Contains(g.Warnings[0], "stray result 1-1") {
		t.Errorf("result %q, %d moves, warnings %q", g.Result, len(g.Moves), g.Warnings)
	}
	games, errs = readAll(t, text, true)
	if len(games) != 1 || !errors.Is(errs[0], ErrPDNStrict) || !strings.Contains(errs[0].Error(), "line 1, column 20") {
		t.Errorf("strict: %d games, error %v; want one game rejected at line 1 column 20", len(games), errs)
	}
	// A comment after the result stays with the game; one before the next game's moves
	// goes to that game.
	games, _ = readAll(t, "1. 32-28 1-0 {end} 0-1\n{second} 1. 33-29 *\n", false)
	if len(games) != 2 || len(games[0].Moves[0].Comments) != 1 || len(games[1].Comments) != 1 || games[1].Comments[0] != "second" {
		t.Errorf("comments after the result: %d games, %+v", len(games), games)
	}
	games, _ = readAll(t, "1. 32-28 1-0 {end}\n", false)
	if len(games) != 1 || len(games[0].Moves[0].Comments) != 1 {
		t.Errorf("a comment after the last result: %d games", len(games))
	}
}

// Issue 14 case 6: a match score as result ("4-6": out of 10) is the game's result when it
// is the last token and the Result tag says the same; elsewhere "4-6" stays a move.
func TestNonStandardResultIsAResult(t *testing.T) {
	text := "[Result \"4-6\"]\n1. 34-29 18-22 4-6\n\n[Result \"1-9\"]\n1. 32-28 1-9 {a comment}\n[Result \"1-0\"]\n1. 32-28 4-6\n"
	games, errs := readAll(t, text, false)
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	for i, want := range []struct {
		res   string
		moves int
	}{{"4-6", 2}, {"1-9", 1}, {"", 2}} {
		g := games[i]
		if errs[i] != nil || g.Result != want.res || len(g.Moves) != want.moves {
			t.Errorf("game %d: result %q, %d moves, error %v; want %q, %d", i+1, g.Result, len(g.Moves), errs[i], want.res, want.moves)
		}
	}
	if !strings.Contains(strings.Join(games[0].Warnings, "|"), "non-standard result 4-6") {
		t.Errorf("warnings %q", games[0].Warnings)
	}
	_, errs = readAll(t, text, true)
	if !errors.Is(errs[0], ErrPDNStrict) || !strings.Contains(errs[0].Error(), "line 2, column 16") {
		t.Errorf("strict: %v", errs[0])
	}
}

// Every deviation the tolerant reader accepts is a warning, and under Strict an error at
// its line and column naming the PDN 3.0 rule; strict PDN gives neither.
func TestStrictDeviations(t *testing.T) {
	cases := []struct {
		text      string
		line, col int
		what      string
	}{
		{"1. 0-2\n", 1, 1, "move number 1. without a move"},
		{"1. 32-28 19-23 2. *\n", 1, 16, "move number 2. without a move"},
		{"1. 32-28 . 19-23 *\n", 1, 10, "stray '.'"},
		{"1. 32-28 19-23\n[Event \"x\"]\n1. 33-29 *\n", 2, 1, "no game termination marker"},
		{"1. 32-28 ; white\n19-23 *\n", 1, 10, "';' comment"},
		{"1. 32-28 19-23 2. 28X19 *\n", 1, 21, "'X' as capture separator"},
		{"1. 032-28 *\n", 1, 4, "more than two digits"},
		{"1. 32-28 19-23 ½-½\n", 1, 16, "½-½"},
		{"[event \"x\"]\n1. 32-28 *\n", 1, 2, "does not start with a capital"},
		{"1.. 32-28 *\n", 1, 1, "move number \"1..\""},
	}
	for _, c := range cases {
		games, errs := readAll(t, c.text, false)
		if len(games) == 0 || errs[0] != nil || !strings.Contains(strings.Join(games[0].Warnings, "|"), c.what) {
			t.Errorf("%q: tolerant reading gave errors %v, warnings %v; want a warning %q", c.text, errs, games[0].Warnings, c.what)
			continue
		}
		_, errs = readAll(t, c.text, true)
		var pe *PDNError
		if !errors.As(errs[0], &pe) || !errors.Is(pe, ErrPDNStrict) || pe.Line != c.line || pe.Col != c.col || !strings.Contains(pe.Msg, c.what) {
			t.Errorf("%q strict: %v; want line %d column %d %q", c.text, errs[0], c.line, c.col, c.what)
		}
	}
	for _, ok := range []string{
		"[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 1-0\n",
		"1. 32-28 {c} 19-23 (1... 18-23 2. 38-32) 2. 28x19! $1 14x23 *\n",
		"% escape line\n1. 32-28 ... 2. 33-29 1/2-1/2\n1. 33-29 *\n",
		"1. 32-28 19-23\n", // the last game may end without a result
	} {
		games, errs := readAll(t, ok, true)
		for i := range games {
			if errs[i] != nil {
				t.Errorf("%q game %d: strict reading failed: %v", ok, i+1, errs[i])
			}
		}
	}
}

// PDN 3.0 ALPHAMOVE: two algebraic squares without a separator (corpus alphanumeric.pdn).
func TestAlgebraicMoveWithoutSeparator(t *testing.T) {
	games, errs := readAll(t, "1.a3b4 *\n", true)
	if len(games) != 1 || errs[0] != nil || len(games[0].Moves) != 1 || !games[0].Moves[0].Algebraic || games[0].Moves[0].Text != "a3b4" {
		t.Fatalf("a3b4: %v %+v", errs, games)
	}
	if vd := Replay(games[0], ReplayOptions{}); vd.Reason != ReasonUnsupportedVariant {
		t.Errorf("a3b4 replayed: %s", vd.Reason)
	}
}
