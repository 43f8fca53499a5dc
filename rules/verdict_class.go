package rules

import "strings"

// VerdictClass is the one word an auditor reads for a game score: legal, illegal,
// ambiguous, not judged or fragment (issue 33). Every verdict has exactly one class; the
// notes (NoteKind) never change it. Reports render the class in words from the language
// catalogs (reports: "verdict.<code>"); the codes are stable (JSON "verdict", exit codes).
type VerdictClass uint8

const (
	// ClassLegal: every move of the score is legal under the variant's rules from the
	// start position (FMJD Official Rules of International Draughts, articles 3-4: moves,
	// captures, the majority rule 4.13; FID Regolamento tecnico, RegTec 5-6: moves,
	// captures and their priorities; docs/rules-*.md), and every from-to capture is
	// determined (by its squares or by the rest of the game).
	ClassLegal VerdictClass = iota
	// ClassIllegal: a move is not legal, or the score cannot be read (PDN 3.0, "PDN
	// Grammars"): the first illegal ply, its reason (Reason*), the position and the legal
	// moves there.
	ClassIllegal
	// ClassAmbiguous: every move is legal, but a capture written from-to (PDN 3.0, "PDN
	// Grammars": a capture may name its start and end squares alone) fits several captures
	// that remove different pieces (among captures of equal value the player chooses: FMJD
	// 4.13; RegTec 6.6-6.10, docs/rules-italian.md rule 5), and the rest of the game fits more than one of them
	// (ReasonAmbiguousCapture). The score does not say which was played; it is not an
	// accusation of an illegal move.
	ClassAmbiguous
	// ClassNotJudged: the moves were not replayed: a variant arbitro does not judge (a
	// GameType other than 20 and 22, PDN 3.0 "GameType tag"; English, Russian, Czech
	// draughts recognised without one), a variant nothing decides, or a FEN position that
	// cannot arise in a game. Never "not legal".
	ClassNotJudged
	// ClassFragment: move text without tags after a game (PDN 3.0, "PDN Grammars": a
	// game is its tag section and a game body ended by a result; text after a game's
	// result with no tag section of its own, in a file whose games have tags, is not a
	// game): junk in the file, reported with its lines, never judged from the start
	// position (ReasonFragment).
	ClassFragment
)

// ReasonFragment is the reason of a fragment's verdict (Game.Fragment): move text without
// tags after a game, not judged as a game.
const ReasonFragment = "fragment"

// verdictClassCodes are the stable codes of the classes, in order.
var verdictClassCodes = [...]string{"legal", "illegal", "ambiguous", "not-judged", "fragment"}

// VerdictClasses lists every class in order (summaries print a count for each).
func VerdictClasses() []VerdictClass {
	return []VerdictClass{ClassLegal, ClassIllegal, ClassAmbiguous, ClassNotJudged, ClassFragment}
}

// Code is the class's stable kebab-case code: "legal", "illegal", "ambiguous",
// "not-judged", "fragment".
func (c VerdictClass) Code() string {
	if int(c) < len(verdictClassCodes) {
		return verdictClassCodes[c]
	}
	return "unknown"
}

func (c VerdictClass) String() string { return c.Code() }

// Class is the verdict's class: fragment (ReasonFragment), not judged (Judged false),
// ambiguous (ReasonAmbiguousCapture), illegal (any other verdict not Legal), legal.
func (vd *Verdict) Class() VerdictClass {
	switch {
	case vd.Legal:
		return ClassLegal
	case vd.Reason == ReasonFragment:
		return ClassFragment
	case !vd.Judged():
		return ClassNotJudged
	case vd.Reason == ReasonAmbiguousCapture:
		return ClassAmbiguous
	}
	return ClassIllegal
}

// NoteKind classifies a verdict's note (Verdict.Notes): information that never changes the
// verdict's class, counted per kind in the audit's summaries.
type NoteKind uint8

const (
	// NoteNotation: a deviation from PDN 3.0 the reader tolerated (NotationNote: a ';'
	// comment or separator, a stray '.', a move number without a move, i.e. a score cut
	// off after a bare number, no result, ...) or a move written with the wrong separator
	// ("30-39" for a capture, "38x33" for a move; PDN 3.0 "PDN Grammars": '-' a move, 'x'
	// a capture).
	NoteNotation NoteKind = iota
	// NoteResultUnverifiable: a result outside the PDN 3.0 set ("PDN Grammars": 1-0, 0-1,
	// 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *) such as the match score "4-6": the moves cannot
	// check it.
	NoteResultUnverifiable
	// NoteResultTag: the Result tag (PDN 3.0 "PDN Tags") and the movetext's result name
	// different outcomes.
	NoteResultTag
	// NotePlyCount: the PlyCount tag (PDN 3.0 "PDN Tags", since PDN 2.0: "the number of
	// ply (moves) in the game") differs from the plies written.
	NotePlyCount
	// NoteCaptureResolved: a from-to capture fitting several captures that the rest of the
	// game decided.
	NoteCaptureResolved
	// NoteVariant: how the variant of a game without GameType tag was decided.
	NoteVariant
	// NoteOther: any other remark (the final position's loss and the result).
	NoteOther
)

var noteKindCodes = [...]string{"notation", "result-unverifiable", "result-tag", "plycount", "capture-resolved", "variant", "other"}

// NoteKinds lists every note kind in order.
func NoteKinds() []NoteKind {
	return []NoteKind{NoteNotation, NoteResultUnverifiable, NoteResultTag, NotePlyCount, NoteCaptureResolved, NoteVariant, NoteOther}
}

// Code is the kind's stable code: "notation", "result-unverifiable", "result-tag",
// "plycount", "capture-resolved", "variant", "other".
func (k NoteKind) Code() string {
	if int(k) < len(noteKindCodes) {
		return noteKindCodes[k]
	}
	return "other"
}

func (k NoteKind) String() string { return k.Code() }

// PlyCountNote prefixes the note of a PlyCount tag that differs from the plies written,
// and ResultTagNote the note of a Result tag that disagrees with the movetext's result.
const (
	PlyCountNote  = "plycount-mismatch: "
	ResultTagNote = "the Result tag says "
	variantNote   = "variant: "
)

// KindOfNote is the kind of a note of a Verdict made by Replay (by its prefix or its fixed
// wording, which Replay keeps stable).
func KindOfNote(n string) NoteKind {
	switch {
	case strings.HasPrefix(n, NonStandardResultNote):
		return NoteResultUnverifiable
	case strings.HasPrefix(n, NotationNote):
		if strings.Contains(n, "non-standard result") {
			return NoteResultUnverifiable
		}
		return NoteNotation
	case strings.HasPrefix(n, PlyCountNote):
		return NotePlyCount
	case strings.HasPrefix(n, ResultTagNote):
		return NoteResultTag
	case strings.HasPrefix(n, variantNote):
		return NoteVariant
	case strings.HasPrefix(n, "ply ") && strings.Contains(n, "captures that take different pieces"):
		return NoteCaptureResolved
	case strings.HasPrefix(n, "ply ") && (strings.Contains(n, " is written as a capture but") || strings.Contains(n, " is written as an ordinary move but")):
		return NoteNotation
	}
	return NoteOther
}

// NoteCounts counts notes by kind (index: NoteKind).
type NoteCounts [len(noteKindCodes)]int

// Add counts every note of vd.
func (c *NoteCounts) Add(vd *Verdict) {
	for _, n := range vd.Notes {
		c[KindOfNote(n)]++
	}
}

// Total is the number of notes counted.
func (c *NoteCounts) Total() int {
	t := 0
	for _, n := range c {
		t += n
	}
	return t
}

// ClassCounts counts verdicts by class (index: VerdictClass).
type ClassCounts [len(verdictClassCodes)]int

// Add counts vd's class.
func (c *ClassCounts) Add(vd *Verdict) { c[vd.Class()]++ }
