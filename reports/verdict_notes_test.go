package reports

import (
	"strings"
	"testing"

	"arbitro/rules"
)

// The rules engine's notes, as it writes them for real games, are worded in every
// language other than English, and the English catalog says exactly what the engine says
// (a sentence changed in rules/replay.go without its pattern fails here).
func TestVerdictNotesWorded(t *testing.T) {
	games := []string{
		// the Result tag against the movetext; a man written as a capture
		"[GameType \"22\"]\n[Result \"0-2\"]\n\n1. 22x18 11-15 2-0\n",
		// Black has lost (no piece left) but the result is a draw; PlyCount wrong (1 ply)
		"[GameType \"22\"]\n[FEN \"W:W22:B18\"]\n[PlyCount \"5\"]\n[Result \"1-1\"]\n\n1. 22x13 1-1\n",
		// PlyCount not a number, a result that is no PDN 3.0 result
		"[GameType \"22\"]\n[PlyCount \"tre\"]\n[Result \"3-1\"]\n\n1. 22-18 11-15 3-1\n",
		// a capture written as an ordinary move
		"[GameType \"22\"]\n[FEN \"W:W22:B18\"]\n[Result \"*\"]\n\n1. 22-13 *\n",
		// the PDN reader's tolerated deviations: a ';' comment, a stray '.', 'X', ½-½, a tag
		// name in lower case
		"[GameType \"22\"]\n[site \"Roma\"]\n[Result \"1/2-1/2\"]\n\n1. 22-18 . 11-15 ; a comment\n2. 18X11 8x15 ½-½\n",
	}
	seen := map[string]bool{}
	for _, pdn := range games {
		g, err := rules.NewPDNReader(strings.NewReader(pdn)).Next()
		if err != nil {
			t.Fatalf("%q: %v", pdn, err)
		}
		vd := rules.Replay(g, rules.ReplayOptions{})
		for _, n := range vd.Notes {
			if w, ok := strings.CutPrefix(n, rules.NotationNote); ok {
				checkPDNWarning(t, w, seen)
				continue
			}
			key := ""
			for _, p := range verdictNotePatterns {
				if p.re.MatchString(n) {
					key = p.key
				}
			}
			if key == "" {
				t.Errorf("the engine's note %q fits no pattern of verdict_notes.go", n)
				continue
			}
			seen[key] = true
			if got := English().VerdictNote(n); got != n {
				t.Errorf("English: %q became %q", n, got)
			}
			// the code before a note (plycount-mismatch: ...) is the engine's, not a word
			bare := strings.TrimPrefix(strings.TrimPrefix(n, rules.PlyCountNote), rules.NonStandardResultNote)
			if back, _ := English().wordNote(verdictNotePatterns, n); back != bare {
				t.Errorf("the English catalog says %q where the engine says %q", back, n)
			}
			for _, lang := range []Lang{"it", "fr", "nl"} {
				got := LocaleOf(lang).VerdictNote(n)
				if got == n || strings.Contains(got, "{") || strings.Contains(got, " the ") || strings.Contains(got, " but ") {
					t.Errorf("%s: %q worded as %q", lang, n, got)
				}
			}
		}
	}
	for _, k := range []string{"pdn.warn.semicolon_comment", "pdn.warn.stray_dot", "pdn.warn.capital_x", "pdn.warn.half", "pdn.warn.tag_case",
		"verdict.note.result_tag", "verdict.note.lost_result", "verdict.note.plycount", "verdict.note.plycount_bad",
		"verdict.note.non_standard", "verdict.note.written_capture", "verdict.note.written_move"} {
		if !seen[k] {
			t.Errorf("no game of the test gave the note %s", k)
		}
	}
	if got, want := LocaleOf("it").VerdictNote("the Result tag says 0-2 but the movetext ends 2-0"), "il tag Result dice 0-2 ma le mosse finiscono con 2-0"; got != want {
		t.Errorf("Italian: %q, want %q", got, want)
	}
}

// checkPDNWarning: the PDN reader's warning w (after "notation-tolerated: line N: ") fits a
// pattern, the English catalog repeats it, and the other languages word it.
func checkPDNWarning(t *testing.T, w string, seen map[string]bool) {
	t.Helper()
	_, what, ok := strings.Cut(w, ": ")
	if !ok || !strings.HasPrefix(w, "line ") {
		t.Errorf("a reader's warning without its line: %q", w)
		return
	}
	for _, p := range pdnWarningPatterns {
		if p.re.MatchString(what) {
			seen[p.key] = true
			if got := English().pdnWarning(what); got != what {
				t.Errorf("the English catalog says %q where the reader says %q", got, what)
			}
			for _, lang := range []Lang{"it", "fr", "nl"} {
				if got := LocaleOf(lang).VerdictNote(rules.NotationNote + w); strings.Contains(got, what) {
					t.Errorf("%s: %q left in English: %q", lang, what, got)
				}
			}
			return
		}
	}
	t.Errorf("the reader's warning %q fits no pattern of verdict_notes.go", what)
}
