package rules

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// readBothWays reads every game of text with and without the common-move shortcut.
func readBothWays(text string, strict bool) (fast, slow []*Game, fastErr, slowErr []string) {
	read := func() ([]*Game, []string) {
		r := NewPDNReader(strings.NewReader(text))
		r.Strict = strict
		var gs []*Game
		var errs []string
		for {
			g, err := r.Next()
			if err != nil {
				errs = append(errs, err.Error())
			}
			if g == nil {
				return gs, errs
			}
			gs = append(gs, g)
		}
	}
	defer func() { noFastMove = false }()
	noFastMove = false
	fast, fastErr = read()
	noFastMove = true
	slow, slowErr = read()
	return fast, slow, fastErr, slowErr
}

// The shortcut reads every PDN file of the test data (real federation files, damaged ones,
// compositions) into the same games and errors as the general path, strict or not.
func TestFastMoveSameGamesOnFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/pdn/*.pdn")
	more, _ := filepath.Glob("../tournament/testdata/events/*.pdn")
	files = append(files, more...)
	if len(files) < 15 {
		t.Fatalf("only %d files", len(files))
	}
	moves := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, strict := range []bool{false, true} {
			fast, slow, fe, se := readBothWays(string(data), strict)
			if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fe, se) {
				t.Fatalf("%s (strict %v): the shortcut reads %d games (errors %q), the general path %d (errors %q)", f, strict, len(fast), fe, len(slow), se)
			}
			for _, g := range fast {
				moves += len(g.Moves)
			}
		}
	}
	if moves < 10000 {
		t.Fatalf("only %d moves read", moves)
	}
}

// The same on random movetexts made of move-like pieces: squares of 0 to 3 digits,
// separators, blanks, marks, results, comments and the next game's tags.
func TestFastMoveSameGamesRandom(t *testing.T) {
	pieces := []string{"1", "9", "05", "32", "50", "00", "123", "-", "x", "X", ":", " ", "\n", "\t", "!", "?", "*",
		"1.", "12...", "1-0", "2-0", "0-2", "1-1", "1/2-1/2", "4-6", "{c}", "(v)", "$3", "a", "[Result \"4-6\"]\n", "\n[Event \"e\"]\n"}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 40).Draw(t, "movetext")
		text := "[Event \"x\"]\n[Result \"4-6\"]\n" + strings.Join(parts, "")
		strict := rapid.Bool().Draw(t, "strict")
		fast, slow, fe, se := readBothWays(text, strict)
		if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fe, se) {
			t.Fatalf("%q (strict %v): the shortcut reads %+v (errors %q), the general path %+v (errors %q)", text, strict, fast, fe, slow, se)
		}
	})
}

// Tokens next to the shortcut's edges: a non-standard result as the last token (the
// general path reads it as the result), results, a blank after the separator, 'X', a
// three-digit square, marks, square 0, a move to its own square.
func TestFastMoveExamples(t *testing.T) {
	for _, mt := range []string{
		"1. 32-28 19-23 4-6", "1. 32-28 4-6 \n", "1. 32-28 4-6\n\n[Event \"b\"]\n1. 33-28 *", "1. 32-28 4-6 {end}",
		"1. 32-28 19-23 1-0", "1. 32-28 2-0", "1. 32- 28 19x 23", "1. 32X28", "1. 032-28", "1. 32-28! 19-23?",
		"1. 32-28* 19-23", "1. 0-28", "1. 28-28", "1. 32-28-23", "1. 32x23x14", "1. 32-28a", "1. 9:18 (2. 3-4) 10-9 $1 *",
	} {
		for _, strict := range []bool{false, true} {
			text := "[Event \"x\"]\n[Result \"4-6\"]\n" + mt
			fast, slow, fe, se := readBothWays(text, strict)
			if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fe, se) {
				t.Errorf("%q (strict %v): the shortcut reads %+v (errors %q), the general path %+v (errors %q)", mt, strict, fast, fe, slow, se)
			}
		}
	}
}
