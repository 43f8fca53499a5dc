package rules

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// Issue 14 case 3: a capture written with some of its landing squares matches a legal path
// whose landing squares contain them in order. Positions from the corpus file Cat.C1.pdn
// (wiegerw/pdn games/fail, games 22 and 44), and one found by search where the written
// squares fit two captures that take different pieces.
func TestReplayPartialCapturePath(t *testing.T) {
	for _, c := range []struct{ fen, move, played string }{
		{"W:W45,K2:B16,18,24,34,40,K22,K29", "2x30x11", "2x30x39x11"},
		{"W:W46,K4:B25,32,33,37,39,41,K9", "4x31x30", "4x31x48x30"},
		{"W:WK29:B1,18,24,32,33,39,40,41", "29x30x16", "29x47x36x13x30x43x16"},
		{"W:WK29:B1,18,24,32,33,39,40,41", "29x47x36x13x30x43x16", "29x47x36x13x30x43x16"},
	} {
		vd := Replay(fenGame(t, "20", c.fen, c.move, "*"), ReplayOptions{})
		if !vd.Legal || vd.Plies != 1 {
			t.Errorf("%s from %s: %s %s", c.move, c.fen, vd.Reason, vd.Message)
			continue
		}
		want := MustParseFEN(International, c.fen)
		for _, m := range want.LegalMoves() {
			if m.String() == c.played {
				want = want.Play(m)
				break
			}
		}
		if vd.FinalFEN != want.FEN() {
			t.Errorf("%s: final %s, want %s (after %s)", c.move, vd.FinalFEN, want.FEN(), c.played)
		}
	}
	// 13 lies on two paths from 29 to 16 that take different pieces: ambiguous.
	vd := Replay(fenGame(t, "20", "W:WK29:B1,18,24,32,33,39,40,41", "29x13x16", "*"), ReplayOptions{})
	if vd.Reason != ReasonAmbiguousCapture || !strings.Contains(vd.Message, "29x47x36x13x30x43x16") || !strings.Contains(vd.Message, "29x47x36x13x35x49x16") {
		t.Errorf("29x13x16: %s %s", vd.Reason, vd.Message)
	}
	// Squares in the wrong order, or not on any path, fit nothing.
	for _, m := range []string{"29x30x13x16", "29x28x16"} {
		if vd := Replay(fenGame(t, "20", "W:WK29:B1,18,24,32,33,39,40,41", m, "*"), ReplayOptions{}); vd.Legal {
			t.Errorf("%s accepted", m)
		}
	}
}

// Issue 14 case 8: a FEN position that cannot arise in a game is reported, not judged.
func TestReplayImpossiblePosition(t *testing.T) {
	var b strings.Builder
	for s := 1; s <= 40; s++ {
		if s > 1 {
			b.WriteByte(',')
		}
		b.WriteString("K")
		b.WriteString(strconv.Itoa(s))
	}
	kings40 := "W:W" + b.String() + ":B45"
	for _, c := range []struct{ gt, fen, what string }{
		{"20", kings40, "white has 40 pieces (40 kings), but a side starts with 20"},
		{"22", "W:W1-13:B32", "white has 13 pieces (0 kings), but a side starts with 12"},
		{"22", "W:W3,22:B30", "white man on 3, its own promotion row"},
		{"20", "B:W33:B20,47", "black man on 47, its own promotion row"},
	} {
		vd := Replay(fenGame(t, c.gt, c.fen, "", "*"), ReplayOptions{})
		if vd.Legal || vd.Reason != ReasonImpossiblePosition || vd.Judged() || !strings.Contains(vd.Message, c.what) {
			t.Errorf("%s: %s %q", c.fen, vd.Reason, vd.Message)
		}
	}
	p := MustParseFEN(Italian, "W:WK1,22:BK32,5")
	if err := p.CheckPossible(); err != nil {
		t.Errorf("kings on the far rows are possible: %v", err)
	}
	if err := MustParseFEN(Italian, "W:W1-13:B32").CheckPossible(); !errors.Is(err, ErrImpossiblePosition) {
		t.Errorf("error %v does not wrap ErrImpossiblePosition", err)
	}
}

// Issue 14 cases 4 and 5: the variant comes from the game, and a game is never condemned
// under rules that cannot play its first move; undecidable games get no verdict.
func TestReplayVariantDecision(t *testing.T) {
	for _, c := range []struct {
		name, pdn     string
		reason, vrnt  string
		legal, judged bool
	}{
		{"international squares <= 32", "1. 32-28 19-23 *\n", "", "international", true, true},
		{"italian opening", "1. 22-18 10-14 *\n", "", "italian", true, true},
		{"italian, illegal later", "1. 22-18 10-14 2. 22-18 *\n", ReasonNotOwnPiece, "italian", false, true},
		{"no moves", "[Event \"x\"]\n[FEN \"W:W21,22:B5,6\"]\n1-0\n", ReasonVariantUnknown, "", false, false},
		{"tags only", "[Event \"x\"]\n[Result \"1-0\"]\n1-0\n", ReasonVariantUnknown, "", false, false},
		{"red pieces", "[Black \"Red\"]\n[FEN \"W:W31,27,19:B17,12,5.\"]\n0-1\n", ReasonUnsupportedVariant, "", false, false},
		{"checkers event", "[Event \"Inferno of Checkers\"]\n1. 11-15 23-18 *\n", ReasonUnsupportedVariant, "", false, false},
		{"black first", "1. 11-15 23-19 *\n", ReasonUnsupportedVariant, "", false, false},
		{"algebraic", "1. c3-d4 f6-g5 *\n", ReasonUnsupportedVariant, "", false, false},
		{"american GameType", "[GameType \"23\"]\n1. 11-15 *\n", ReasonUnsupportedType, "", false, false},
		{"FEN with 15 pieces", "[FEN \"W:W17,18,19,21-32:B5,6,7\"]\n*\n", "", "international", true, true},
		{"FEN square 45", "[FEN \"W:W45:B5\"]\n*\n", "", "international", true, true},
		{"Italian tags", "[Bianco \"A\"]\n[Nero \"B\"]\n1. 22-18 *\n", "", "italian", true, true},
		// English problem (corpus "Tricks traps and shots", TTS Example 1): from a set-up
		// position, legal under neither rules; one of them playing the first move is no
		// reason to condemn it under those rules.
		{"set-up, neither", "[FEN \"W:W32,27,24,22:B20,15,10,7\"]\n1. 27-23 20x27 2. 23-18 27-31 3. 18x2 10-14 0-1\n", ReasonVariantUnknown, "", false, false},
		{"no moves, International refuses the FEN", "[FEN \"W:W5,27:B17\"]\n1-0\n", ReasonVariantUnknown, "", false, false},
		{"impossible on both boards", "[FEN \"W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21:B30\"]\n*\n", ReasonImpossiblePosition, "", false, false},
	} {
		vd := Replay(gameFrom(t, c.pdn), ReplayOptions{})
		if vd.Reason != c.reason || vd.Variant.Name() != c.vrnt || vd.Legal != c.legal || vd.Judged() != c.judged {
			t.Errorf("%s: reason %q variant %q legal %v judged %v (%s); want %q %q %v %v", c.name, vd.Reason, vd.Variant, vd.Legal, vd.Judged(), vd.Message, c.reason, c.vrnt, c.legal, c.judged)
		}
	}
	// GameVariant says the same.
	if _, err := GameVariant(gameFrom(t, "[Event \"x\"]\n1-0\n"), ReplayOptions{}); !errors.Is(err, ErrVariantUnknown) {
		t.Errorf("GameVariant of a game without moves: %v", err)
	}
	if v, err := GameVariant(gameFrom(t, "1. 32-28 *\n"), ReplayOptions{}); v != International || err != nil {
		t.Errorf("GameVariant of 32-28: %v %v", v, err)
	}
}

// Issue 14 case 2 (second half): a Result tag that is not a result does not pass as
// consistent; a match score is named in a note.
func TestReplayResultTags(t *testing.T) {
	vd := Replay(gameFrom(t, "[GameType \"20\"]\n[Result \"2-0 1-1\"]\n1. 32-28 19-23 2-0\n"), ReplayOptions{})
	if vd.ResultCheck != ResultInconsistent || !strings.Contains(strings.Join(vd.Notes, "|"), NonStandardResultNote+"the Result tag is 2-0 1-1") {
		t.Errorf("Result tag \"2-0 1-1\": %s %q", vd.ResultCheck, vd.Notes)
	}
	vd = Replay(gameFrom(t, "[GameType \"20\"]\n[Result \"4-6\"]\n1. 32-28 19-23 4-6\n"), ReplayOptions{})
	if !vd.Legal || vd.Plies != 2 || vd.Result != "4-6" || vd.ResultCheck != ResultUnknown || !strings.Contains(strings.Join(vd.Notes, "|"), NonStandardResultNote+"the movetext result is 4-6") {
		t.Errorf("4-6: %+v", vd)
	}
	// Tolerated notation is a note.
	vd = Replay(gameFrom(t, "[GameType \"20\"]\n1. 32-28 . 19-23 *\n"), ReplayOptions{})
	if !vd.Legal || len(vd.Notes) != 1 || vd.Notes[0] != NotationNote+"line 2: stray '.' ignored" {
		t.Errorf("stray '.': %q", vd.Notes)
	}
}
