package reports

import (
	"strings"

	"arbitro/pairing"
	"arbitro/rules"
	"arbitro/tournament"
)

// The "why" of the rules engine in the reader's language (issue 29): the engine words its
// verdicts, draws and claim checks in English (rules.Verdict.Message, DrawEvent.Message,
// ClaimVerdict.Message), which English readers keep byte for byte; another language is
// worded here from the codes (the reason, the rule, the claim's reason) and the verdict's
// own fields (ply, move, legal moves, counts), with the catalog keys of
// locales/*/verdict_why.json. A code without a key there prints the engine's sentence.

// whyKeys are the catalog keys of the reasons of an illegal or ambiguous ply.
var whyKeys = map[string]string{
	rules.ReasonUnknownSquare:     "why.unknown_square",
	rules.ReasonNotOwnPiece:       "why.not_own_piece",
	rules.ReasonNotALegalMove:     "why.not_a_legal_move",
	rules.ReasonCaptureCompulsory: "why.capture_compulsory",
	rules.ReasonCapturePriority:   "why.capture_priority",
	rules.ReasonManBackwards:      "why.man_backwards",
	rules.ReasonManCapturesKing:   "why.man_captures_king",
	rules.ReasonMoveAfterPromote:  "why.move_after_promotion",
	rules.ReasonAmbiguousCapture:  "why.ambiguous_capture",
	rules.ReasonMoveAfterEnd:      "why.move_after_end",
	rules.ReasonCaptureNotMaximal: "why.capture_not_maximal",
	rules.ReasonPromotionPassing:  "why.promotion_passing",
}

// priorityKeys are the words of the Italian capture-priority rules by Verdict.Detail
// (Regolamento tecnico 6.6-6.10).
var priorityKeys = map[string]string{
	"quantity": "why.rule.quantity",
	"king":     "why.rule.king",
	"kings":    "why.rule.kings",
	"order":    "why.rule.order",
}

// drawKeys are the catalog keys of the FMJD draw rules (rules.Draw*).
var drawKeys = map[string]string{
	rules.DrawThreefold: "why.draw.threefold",
	rules.Draw25Move:    "why.draw.25_move",
	rules.Draw16Move:    "why.draw.16_move",
	rules.Draw5Move:     "why.draw.5_move",
}

// claimKeys are the catalog keys of the 40-move claim check's reasons (rules.Claim*).
var claimKeys = map[string]string{
	rules.ClaimValid:         "why.claim.valid",
	rules.ClaimTooEarly:      "why.claim.too_early",
	rules.ClaimReset:         "why.claim.reset",
	rules.ClaimBeforeRequest: "why.claim.before_request",
	rules.ClaimOutOfRange:    "why.claim.out_of_range",
	rules.ClaimNotReplayable: "why.claim.not_replayable",
	rules.ClaimWrongVariant:  "why.claim.wrong_variant",
}

// english reports whether l prints the engine's own sentences (English, or nil).
func english(l *Locale) bool { return l == nil || l.Lang() == DefaultLang }

// VerdictWhy is why the first illegal (or ambiguous) ply of vd is refused, in l: the
// engine's Message in English; in another language the reason's sentence with the ply,
// the move as written, the legal moves there and, for the Italian capture priority, the
// rule. A reason without words (a PDN that does not parse, an unsupported variant) and a
// legal verdict give Message.
func VerdictWhy(l *Locale, vd *rules.Verdict) string {
	key, ok := whyKeys[vd.Reason]
	if !english(l) && vd.Reason == rules.ReasonParseError && vd.Err != nil {
		return ErrorText(l, vd.Err) // the reader's error, worded from its code
	}
	if english(l) || !ok {
		return vd.Message
	}
	rule := ""
	if k, ok := priorityKeys[vd.Detail]; ok {
		rule = l.T(k)
	}
	legal := strings.Join(vd.LegalMoves, ", ")
	if legal == "" {
		legal = "-"
	}
	return l.T(key, "ply", vd.Ply, "move", vd.Move, "legal", legal, "rule", rule)
}

// DrawWhy is the FMJD draw d in l: the engine's Message in English, else the rule's
// sentence with its plies.
func DrawWhy(l *Locale, d rules.DrawEvent) string {
	key, ok := drawKeys[d.Rule]
	if english(l) || !ok {
		return d.Message
	}
	return l.T(key, "ply", d.Ply, "start", d.StartPly, "first", d.StartPly+1)
}

// ClaimWhy is the engine's check of a 40-move claim in l: the engine's Message in English,
// else the reason's sentence with the plies counted, where the count began and restarted.
func ClaimWhy(l *Locale, c rules.ClaimVerdict) string {
	key, ok := claimKeys[c.Reason]
	if english(l) || !ok {
		return c.Message
	}
	what := l.T("why.claim.man_move")
	if c.ResetCapture {
		what = l.T("why.claim.capture")
	}
	return l.T(key, "counted", c.Counted, "moves", c.Counted/2, "from", c.CountFrom, "reset", c.ResetPly, "what", what, "valid_at", c.ValidAt)
}

// CheckWhy is the engine's check of a draw claim in l: the engine's Message in English;
// else the 40-move count's reason (ClaimWhy), or the FMJD rule that applied (DrawWhy's
// words for the rule) or that none did.
func CheckWhy(l *Locale, c tournament.ClaimCheck) string {
	switch {
	case english(l):
		return c.Message
	case c.Count40 != nil:
		return ClaimWhy(l, *c.Count40)
	case c.FMJD != nil && c.FMJD.Valid:
		if _, ok := drawKeys[c.FMJD.Rule]; ok {
			return l.T("why.claim.fmjd", "rule", c.FMJD.Rule, "ply", c.FMJD.Ply)
		}
	case c.FMJD != nil && c.Reason == "no-rule":
		return l.T("why.claim.no_rule")
	}
	return c.Message
}

// violationKeys are the catalog keys of the Dutch check's broken criteria (pairing.Violation*).
var violationKeys = map[string]string{
	pairing.ViolationUnavailable: "violation.unavailable",
	pairing.ViolationByeAgain:    "violation.bye_again",
	pairing.ViolationMet:         "violation.met",
	pairing.ViolationForbidden:   "violation.forbidden",
	pairing.ViolationColour:      "violation.colour",
	pairing.ViolationTwice:       "violation.twice",
	pairing.ViolationMissing:     "violation.missing",
	pairing.ViolationByes:        "violation.byes",
}

// violations are the broken criteria of a checked round in l: texts (the engine's English)
// in English, or when codes do not match them one for one; else each code's words.
func (l *Locale) violations(texts []string, codes []pairing.Violation) []string {
	if english(l) || len(codes) != len(texts) {
		return texts
	}
	out := make([]string, len(codes))
	for i, v := range codes {
		key, ok := violationKeys[v.Code]
		if !ok {
			out[i] = texts[i]
			continue
		}
		out[i] = l.T(key, v.Args...)
	}
	return out
}
