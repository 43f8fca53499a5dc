package reports

import (
	"regexp"
	"strings"

	"arbitro/rules"
)

// The notes of a replay verdict (rules.Verdict.Notes) are the rules engine's English
// sentences, stored as they are with each game's verdict. VerdictNote words the known
// ones in the reader's language; the patterns follow the sentences of rules/replay.go
// (a sentence changed there without its pattern here prints in English, and
// TestVerdictNotesWorded fails).

// notePattern is one known English sentence: its pattern, the catalog key of its words
// and the names of its groups (the key's placeholders).
type notePattern struct {
	re   *regexp.Regexp
	key  string
	args []string
}

// verdictNotePatterns: each known note of the rules engine.
var verdictNotePatterns = []notePattern{
	{regexp.MustCompile(`^the Result tag says (\S+) but the movetext ends (\S+)$`), "verdict.note.result_tag", []string{"tag", "text"}},
	{regexp.MustCompile(`^(white|black) has no legal move in the final position and has lost, but the result (\S+) names no winner$`), "verdict.note.lost_no_winner", []string{"side", "result"}},
	{regexp.MustCompile(`^(white|black) has no legal move in the final position and has lost, but no result is recorded$`), "verdict.note.lost_no_result", []string{"side"}},
	{regexp.MustCompile(`^(white|black) has no legal move in the final position and has lost, but the result is (\S+)$`), "verdict.note.lost_result", []string{"side", "result"}},
	{regexp.MustCompile(`^ply (\d+): (\S+) is written as a capture but is an ordinary move$`), "verdict.note.written_capture", []string{"ply", "move"}},
	{regexp.MustCompile(`^ply (\d+): (\S+) is written as an ordinary move but is a capture$`), "verdict.note.written_move", []string{"ply", "move"}},
	{regexp.MustCompile(`^ply (\d+): (\S+) fits (\d+) captures that take different pieces: (.*); only (\S+) lets the rest of the game replay, so it was taken$`), "verdict.note.ambiguous_resolved", []string{"ply", "move", "n", "paths", "taken"}},
	{regexp.MustCompile(`^ply (\d+): (\S+) fits (\d+) captures that take different pieces: (.*); no reading lets the rest of the game replay, (\S+) \(the one replaying furthest\) was taken$`), "verdict.note.ambiguous_furthest", []string{"ply", "move", "n", "paths", "taken"}},
	{regexp.MustCompile(`^` + regexp.QuoteMeta(rules.PlyCountNote) + `the PlyCount tag "(.*)" is not a number of plies$`), "verdict.note.plycount_bad", []string{"tag"}},
	{regexp.MustCompile(`^` + regexp.QuoteMeta(rules.PlyCountNote) + `the PlyCount tag says (\d+) but the movetext has (\d+) (ply|plies)$`), "verdict.note.plycount", []string{"tag", "moves", "unit"}},
	{regexp.MustCompile(`^` + regexp.QuoteMeta(rules.NonStandardResultNote) + `the (movetext result|Result tag) is (.*), not a PDN 3\.0 result \(.*\); a match score\?$`), "verdict.note.non_standard", []string{"where", "result"}},
	{regexp.MustCompile(`^the result (\S+) disagrees with the moves$`), "verdict.note.disagrees", []string{"result"}},
	{regexp.MustCompile(`^` + regexp.QuoteMeta(rules.NotationNote) + `line (\d+): (.*)$`), "verdict.note.notation", []string{"line", "what"}},
}

// pdnWarningPatterns: the PDN reader's tolerated deviations (rules/pdn.go, tolerate), the
// "what" of a notation-tolerated note.
var pdnWarningPatterns = []notePattern{
	{regexp.MustCompile(`^stray result (\S+) after the game's result (\S+) \(PDN 3\.0: a result ends a game, and a game is not empty\)$`), "pdn.warn.stray_result", []string{"result", "prev"}},
	{regexp.MustCompile(`^stray '\.' ignored$`), "pdn.warn.stray_dot", nil},
	{regexp.MustCompile(`^';' comment to the end of the line \(PDN 3\.0 comments are \{\.\.\.\}\)$`), "pdn.warn.semicolon_comment", nil},
	{regexp.MustCompile(`^move number (\S+) without a move \(PDN 3\.0: a move number is followed by a move\)$`), "pdn.warn.number_alone", []string{"number"}},
	{regexp.MustCompile(`^no game termination marker \(result\) before the next game's tags \(PDN 3\.0: games are separated by a result\)$`), "pdn.warn.no_result_next", nil},
	{regexp.MustCompile(`^no game termination marker \(result\)$`), "pdn.warn.no_result", nil},
	{regexp.MustCompile(`^';' between moves read as a separator of move pairs, as score sheets write it \(PDN 3\.0: ';' starts a comment to the end of the line\)$`), "pdn.warn.semicolon_pairs", nil},
	{regexp.MustCompile(`^result ½-½ \(PDN 3\.0 writes a draw 1/2-1/2\)$`), "pdn.warn.half", nil},
	{regexp.MustCompile(`^(".*") is neither a move number nor "\.\.\."$`), "pdn.warn.not_number", []string{"text"}},
	{regexp.MustCompile(`^move number (".*") \(PDN 3\.0: "N\." or "N\.\.\."\)$`), "pdn.warn.number_form", []string{"number"}},
	{regexp.MustCompile(`^non-standard result (\S+) \(PDN 3\.0 results: 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, \*\)$`), "pdn.warn.result", []string{"result"}},
	{regexp.MustCompile(`^square (\S+) written with more than two digits \(PDN 3\.0 squares: 1-99, 01-09\)$`), "pdn.warn.square_digits", []string{"square"}},
	{regexp.MustCompile(`^'X' as capture separator \(PDN 3\.0: 'x' or ':'\)$`), "pdn.warn.capital_x", nil},
	{regexp.MustCompile(`^tag name (\S+) does not start with a capital letter \(PDN 3\.0 tag names: \[A-Z\]\[A-Za-z0-9_\]\*\)$`), "pdn.warn.tag_case", []string{"tag"}},
}

// pdnWarning is one of the PDN reader's tolerated deviations in l; an unknown one as
// written.
func (l *Locale) pdnWarning(w string) string {
	text, _ := l.wordNote(pdnWarningPatterns, w)
	return text
}

// verdictNoteWords are the keys of the words inside the notes: the side, the unit of a
// PlyCount, where a result is written.
var verdictNoteWords = map[string]string{
	"white": "verdict.note.side.white", "black": "verdict.note.side.black",
	"ply": "verdict.note.unit.ply", "plies": "verdict.note.unit.plies",
	"movetext result": "verdict.note.where.movetext", "Result tag": "verdict.note.where.tag",
}

// VerdictNote is a replay verdict's note n in the language l: in English as the engine
// wrote it; in another language a known note in the catalog's words, an unknown one (a
// PDN reader's tolerated deviation, "notation-tolerated: ...") as written.
func (l *Locale) VerdictNote(n string) string {
	if english(l) {
		return n
	}
	text, _ := l.wordNote(verdictNotePatterns, n)
	return text
}

// wordNote is s in l's words by the first of patterns it fits (the side, a PlyCount's unit
// and where a result is written as words too, a notation-tolerated note's "what" by
// pdnWarning), and whether one fitted; s itself when none does. English included: the
// English catalog repeats the sentences (TestVerdictNotesWorded).
func (l *Locale) wordNote(patterns []notePattern, s string) (string, bool) {
	for _, p := range patterns {
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := make([]any, 0, 2*len(p.args))
		for i, name := range p.args {
			v := m[i+1]
			switch name {
			case "side", "unit", "where":
				if k, ok := verdictNoteWords[v]; ok {
					v = l.T(k)
				}
			case "what":
				v = l.pdnWarning(v)
			}
			args = append(args, name, v)
		}
		return l.T(p.key, args...), true
	}
	return s, false
}

// verdictProblemText is a problem of the verdict made of its notes (a result inconsistent
// with the moves: tournament.VerdictProblems joins them with "; ") in the language l.
func (l *Locale) verdictProblemText(msg string) string {
	if english(l) {
		return msg
	}
	parts := strings.Split(msg, "; ")
	for i, p := range parts {
		parts[i] = l.VerdictNote(p)
	}
	return strings.Join(parts, l.semicolon())
}
