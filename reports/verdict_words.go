package reports

import (
	"fmt"
	"io"
	"strings"

	"arbitro/rules"
)

// The words of the verdict classes (rules.VerdictClass) and note kinds (rules.NoteKind)
// in the language catalogs (locales/*/verdict.json): one vocabulary for the text, JSON,
// PDF and site renderings of `arbitro replay` and `arbitro audit` (issue 33).

// verdictKeys and verdictCountKeys are the catalog keys of each class, by rules.VerdictClass.
var (
	verdictKeys = [...]string{rules.ClassLegal: "verdict.legal", rules.ClassIllegal: "verdict.illegal",
		rules.ClassAmbiguous: "verdict.ambiguous", rules.ClassNotJudged: "verdict.not_judged", rules.ClassFragment: "verdict.fragment"}
	verdictCountKeys = [...]string{rules.ClassLegal: "verdict.count.legal", rules.ClassIllegal: "verdict.count.illegal",
		rules.ClassAmbiguous: "verdict.count.ambiguous", rules.ClassNotJudged: "verdict.count.not_judged", rules.ClassFragment: "verdict.count.fragment"}
	noteKindKeys = [...]string{rules.NoteNotation: "note.kind.notation", rules.NoteResultUnverifiable: "note.kind.result_unverifiable",
		rules.NoteResultTag: "note.kind.result_tag", rules.NotePlyCount: "note.kind.plycount", rules.NoteCaptureResolved: "note.kind.capture_resolved",
		rules.NoteVariant: "note.kind.variant", rules.NoteOther: "note.kind.other"}
)

// VerdictWord is the word of class c in l's language (nil: English): "legal", "illegal",
// "ambiguous", "not judged", "fragment".
func VerdictWord(l *Locale, c rules.VerdictClass) string {
	if int(c) >= len(verdictKeys) {
		return c.Code()
	}
	return orEnglish(l).T(verdictKeys[c])
}

// NoteKindWord is the name of note kind k in l's language (nil: English).
func NoteKindWord(l *Locale, k rules.NoteKind) string {
	if int(k) >= len(noteKindKeys) {
		return k.Code()
	}
	return orEnglish(l).T(noteKindKeys[k])
}

// VerdictTally counts verdicts by class and notes by kind, and the results inconsistent
// with the moves (a problem of a legal score): the summary of a replay or an audit.
type VerdictTally struct {
	Classes      rules.ClassCounts
	Notes        rules.NoteCounts
	Inconsistent int
	Plies        int64
}

// Add counts one verdict.
func (t *VerdictTally) Add(vd *rules.Verdict) {
	t.Classes.Add(vd)
	t.Notes.Add(vd)
	t.Plies += int64(vd.Plies)
	if vd.Legal && vd.ResultCheck == rules.ResultInconsistent {
		t.Inconsistent++
	}
}

// Merge adds the counts of o.
func (t *VerdictTally) Merge(o VerdictTally) {
	for i := range t.Classes {
		t.Classes[i] += o.Classes[i]
	}
	for i := range t.Notes {
		t.Notes[i] += o.Notes[i]
	}
	t.Inconsistent += o.Inconsistent
	t.Plies += o.Plies
}

// Games is the number of games counted: every verdict but the fragments (not games).
func (t *VerdictTally) Games() int {
	n := 0
	for c, k := range t.Classes {
		if rules.VerdictClass(c) != rules.ClassFragment {
			n += k
		}
	}
	return n
}

// Counts is the count of every class in l's language, then the fragments, the results
// inconsistent with the moves and the notes by kind: "2 legal, 1 illegal, 0 ambiguous,
// 3 not judged; 1 fragment; 0 results inconsistent with the moves; 2 notes (notation
// tolerated 1, PlyCount differs 1)".
func (t *VerdictTally) Counts(l *Locale) string {
	l = orEnglish(l)
	var b strings.Builder
	b.WriteString(ClassCountsText(l, &t.Classes))
	sep := l.semicolon()
	fmt.Fprintf(&b, "%s%s%s%s%s%s", sep, l.N(verdictCountKeys[rules.ClassFragment], t.Classes[rules.ClassFragment]), sep,
		l.N("verdict.inconsistent", t.Inconsistent), sep, l.N("verdict.notes", t.Notes.Total()))
	if t.Notes.Total() > 0 {
		var parts []string
		for _, k := range rules.NoteKinds() {
			if n := t.Notes[k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", NoteKindWord(l, k), n))
			}
		}
		b.WriteString(" (" + strings.Join(parts, ", ") + ")")
	}
	return b.String()
}

// ClassCountsText is the count of each game class in l's language (nil: English), every
// class written even when 0, fragments left out (they are not games): "2 legal, 1
// illegal, 0 ambiguous, 3 not judged" (issue 33: one vocabulary of verdicts, each with its
// own count in every summary).
func ClassCountsText(l *Locale, c *rules.ClassCounts) string {
	l = orEnglish(l)
	var b strings.Builder
	for _, k := range []rules.VerdictClass{rules.ClassLegal, rules.ClassIllegal, rules.ClassAmbiguous, rules.ClassNotJudged} {
		if k != rules.ClassLegal {
			b.WriteString(", ")
		}
		b.WriteString(l.N(verdictCountKeys[k], c[k]))
	}
	return b.String()
}

// WriteVerdictHead writes the first line of a score's verdict after indent, in capitals:
// "ILLEGAL at ply 13, move 20-16 [capture-compulsory]", "AMBIGUOUS at ply 26, move 3x26
// [ambiguous-capture]", "NOT JUDGED [unsupported-variant]", "FRAGMENT [fragment]".
func WriteVerdictHead(w io.Writer, l *Locale, indent string, vd *rules.Verdict) {
	l = orEnglish(l)
	c := vd.Class()
	word := strings.ToUpper(VerdictWord(l, c))
	reason := l.problemWord(vd.Reason) // the code in English; the reason's words in another language
	if vd.Detail != "" {
		reason += ": " + vd.Detail
	}
	switch {
	case c == rules.ClassNotJudged || c == rules.ClassFragment:
		fmt.Fprintf(w, "%s%s [%s]\n", indent, word, reason)
	case vd.Move == "":
		fmt.Fprintln(w, indent+l.T("cmd.illegal.at", "verdict", word, "ply", vd.Ply, "reason", reason))
	default:
		fmt.Fprintln(w, indent+l.T("cmd.illegal.at_move", "verdict", word, "ply", vd.Ply, "move", vd.Move, "reason", reason))
	}
}

// writeReadings writes the readings of an ambiguous capture in the language l: each path,
// the pieces it takes and the position after it.
func writeReadings(w io.Writer, l *Locale, indent string, vd *rules.Verdict) {
	for _, r := range vd.Readings {
		caps := make([]string, len(r.Captured))
		for i, s := range r.Captured {
			caps[i] = fmt.Sprint(int(s))
		}
		fmt.Fprintln(w, indent+l.T("cmd.verdict.reading", "path", r.Path, "captured", strings.Join(caps, ","), "fen", r.After))
	}
}
