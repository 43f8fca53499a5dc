package rules

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 33, cases 1-6: the verdict classes and the notes of real and written scores. The
// reason and note strings are compared as text so that the tests read the behaviour, not
// the names added with it.

// Case 1: an English or Russian (algebraic) game is not judged, never illegal.
func TestClassUnsupportedNotJudged(t *testing.T) {
	for _, f := range []string{"eng_oca2_historic_games_sample.pdn", "russian_ussr_championship_1950_algebraic.pdn"} {
		for _, g := range mustGames(t, f) {
			vd := Replay(g, ReplayOptions{})
			if c := vd.Class(); c != ClassNotJudged || c.Code() != "not-judged" || vd.Judged() {
				t.Fatalf("%s game %d: class %v (reason %s)", f, g.Index, c, vd.Reason)
			}
		}
	}
}

// Case 2: "36x27 1-0" without tags after the last game of a compositions catalogue
// (wiegerw/pdn games/fail/Cat.C1.pdn) is a fragment with its line, not a game judged from
// the start position.
func TestFragmentAfterLastGame(t *testing.T) {
	games := mustGames(t, "intl_compositions_catalogue_C1_fen.pdn")
	last := games[len(games)-1]
	vd := Replay(last, ReplayOptions{})
	if vd.Reason != "fragment" || vd.Judged() || vd.Class() != ClassFragment || !strings.Contains(vd.Message, "line 611") ||
		!strings.Contains(vd.Message, "36x27 1-0") {
		t.Fatalf("game %d (line %d): %s %q", last.Index, last.Line, vd.Reason, vd.Message)
	}
	for _, g := range games[:len(games)-1] {
		if vd := Replay(g, ReplayOptions{}); vd.Class() == ClassFragment {
			t.Errorf("game %d is a fragment", g.Index)
		}
	}
	// Move text between two tagged games, over two lines; a file of games without tags has
	// no fragment; nor has a first game without tags.
	gs, err := ReadAllPDN(strings.NewReader("[GameType \"20\"]\n1. 32-28 19-23 1-0\n\n33-29\n18-22 *\n[GameType \"20\"]\n1. 31-27 *\n"))
	if err != nil || len(gs) != 3 || !gs[1].Fragment || gs[1].Line != 4 || gs[1].EndLine != 5 || gs[0].Fragment || gs[2].Fragment {
		t.Fatalf("between games: %v %d games", err, len(gs))
	}
	if vd := Replay(gs[1], ReplayOptions{}); !strings.HasPrefix(vd.Message, "lines 4-5: ") {
		t.Errorf("between games: %q", vd.Message)
	}
	// An unreadable piece between two games: a fragment too, with its reading error.
	pr := NewPDNReader(strings.NewReader("[GameType \"20\"]\n1. 32-28 19-23 1-0\n\n33-29 } junk\n\n[GameType \"20\"]\n1. 31-27 *\n"))
	var got []string
	for {
		g, err := pr.Next()
		if err == io.EOF || g == nil {
			break
		}
		var vd Verdict
		if err != nil {
			vd = ParseErrorVerdict(g, err)
		} else {
			vd = Replay(g, ReplayOptions{})
		}
		got = append(got, vd.Class().Code())
		if g.Fragment && !strings.Contains(vd.Message, "line 4: move text without tags") {
			t.Errorf("unreadable fragment: %q", vd.Message)
		}
	}
	if strings.Join(got, " ") != "legal fragment legal" {
		t.Errorf("unreadable piece between games: %v", got)
	}
	gs, _ = ReadAllPDN(strings.NewReader("1. 32-28 19-23 1-0\n1. 31-27 *\n"))
	if len(gs) != 2 || gs[0].Fragment || gs[1].Fragment {
		t.Errorf("games without tags: %d games", len(gs))
	}
}

// Case 3: STIRA-MAIJNELLI (69th Campionato Italiano Assoluto, 2005; wiegerw/pdn games/
// succeed/Campionato Assoluto 2005.pdn game 46): every move legal, 3x26 fits two captures
// removing different pieces and nothing follows: ambiguous, with both readings and the
// position after each.
func TestClassAmbiguousCapture(t *testing.T) {
	games := mustGames(t, "ita_campionato_italiano_assoluto_2005.pdn")
	counts := ClassCounts{}
	for _, g := range games {
		vd := Replay(g, ReplayOptions{})
		counts.Add(&vd)
		if g.Index != 46 {
			continue
		}
		if vd.Class() != ClassAmbiguous || vd.Class().Code() != "ambiguous" || vd.Ply != 26 || len(vd.Readings) != 2 {
			t.Fatalf("game 46: %v ply %d readings %v", vd.Class(), vd.Ply, vd.Readings)
		}
		if vd.Readings[0].Path != "3x10x17x26" || vd.Readings[1].Path != "3x10x19x26" || vd.Readings[0].After == vd.Readings[1].After ||
			!strings.HasPrefix(vd.Readings[0].After, "W:") {
			t.Errorf("readings %+v", vd.Readings)
		}
	}
	if counts != (ClassCounts{ClassLegal: 52, ClassAmbiguous: 1}) {
		t.Errorf("counts %v", counts)
	}
}

// Case 4: the notes replay shows are classified: a match score, tolerated notation, a
// score cut off after a bare move number.
func TestNoteKinds(t *testing.T) {
	vd := Replay(gameFrom(t, "[GameType \"20\"]\n[Result \"4-6\"]\n1. 32-28 19-23 4-6\n"), ReplayOptions{})
	var c NoteCounts
	c.Add(&vd)
	if !vd.Legal || c[NoteResultUnverifiable] == 0 || c.Total() != c[NoteResultUnverifiable] {
		t.Errorf("4-6: %v %q", c, vd.Notes)
	}
	vd = Replay(gameFrom(t, "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3.\n"), ReplayOptions{})
	c = NoteCounts{}
	c.Add(&vd)
	if !vd.Legal || c[NoteNotation] != 2 || c.Total() != 2 { // the bare "3." and no result
		t.Errorf("cut off: %v %q", c, vd.Notes)
	}
	vd = Replay(gameFrom(t, "[GameType \"20\"]\n1. 32-28 19-23 2. 28-19 14x23 *\n"), ReplayOptions{})
	if KindOfNote(vd.Notes[0]) != NoteNotation || !strings.Contains(vd.Notes[0], "28-19 is written as an ordinary move") {
		t.Errorf("28-19: %q", vd.Notes)
	}
	for _, k := range NoteKinds() {
		if k.Code() == "" {
			t.Errorf("kind %d without code", k)
		}
	}
}

// Case 5: a PlyCount tag that differs from the plies written is a note; an equal one is
// not; a real file's tags all agree.
func TestPlyCountChecked(t *testing.T) {
	vd := Replay(gameFrom(t, "[GameType \"20\"]\n[PlyCount \"7\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"), ReplayOptions{})
	if !vd.Legal || !strings.Contains(strings.Join(vd.Notes, "|"), "plycount-mismatch: the PlyCount tag says 7 but the movetext has 4 plies") {
		t.Errorf("PlyCount 7: %q", vd.Notes)
	}
	if KindOfNote(vd.Notes[len(vd.Notes)-1]) != NotePlyCount {
		t.Errorf("kind %v", KindOfNote(vd.Notes[len(vd.Notes)-1]))
	}
	vd = Replay(gameFrom(t, "[GameType \"20\"]\n[PlyCount \"4\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"), ReplayOptions{})
	if len(vd.Notes) != 0 {
		t.Errorf("PlyCount 4: %q", vd.Notes)
	}
	for _, g := range mustGames(t, "intl_dutch_championship_2009_round01_annotated.pdn") {
		if vd := Replay(g, ReplayOptions{}); strings.Contains(strings.Join(vd.Notes, "|"), "PlyCount") {
			t.Errorf("game %d: %q", g.Index, vd.Notes)
		}
	}
}

// Case 6: a score written with ';' between move pairs (Italian magazines) keeps every move,
// with one note; a ';' before words stays a comment.
func TestSemicolonBetweenMovePairs(t *testing.T) {
	g := gameFrom(t, "[GameType \"22\"]\n23-19 12-15; 19x12 8x15; 21-17 15-19; 22x15 11x20 *\n")
	vd := Replay(g, ReplayOptions{})
	n := 0
	for _, s := range vd.Notes {
		if strings.Contains(s, "';' between moves read as a separator") {
			n++
		}
	}
	if !vd.Legal || vd.Plies != 8 || n != 1 {
		t.Fatalf("legal %v plies %d notes %q", vd.Legal, vd.Plies, vd.Notes)
	}
	g = gameFrom(t, "[GameType \"22\"]\n1. 23-19 12-15; 2. 19x12 8x15 *\n")
	if len(g.Moves) != 4 {
		t.Errorf("with move numbers: %d moves", len(g.Moves))
	}
	g = gameFrom(t, "[GameType \"20\"]\n1. 32-28 ; white's best\n19-23 *\n")
	if len(g.Moves) != 2 || len(g.Moves[0].Comments) != 1 || !strings.Contains(strings.Join(g.Warnings, "|"), "';' comment") {
		t.Errorf("comment: %d moves, %q", len(g.Moves), g.Warnings)
	}
	pr := NewPDNReader(strings.NewReader("[GameType \"22\"]\n23-19 12-15; 19x12 8x15 *\n"))
	pr.Strict = true
	if _, err := pr.Next(); err == nil {
		t.Errorf("strict: no error")
	}
}

// The fixture copies stay byte-identical to their sources (no editing of real files).
func TestFixtureCopiesListed(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("testdata", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"intl_compositions_catalogue_C1_fen.pdn", "ita_campionato_italiano_assoluto_2005.pdn"} {
		if !strings.Contains(string(readme), "`"+f+"`") {
			t.Errorf("%s is not in testdata/README.md", f)
		}
	}
}
