package reports

import (
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// Codes a confirmation used to print as they are stored, given in the language's words
// (issue 29). Each known code has its catalog key; a code without one is printed as stored.

// tieBreaksShort is the list of tie-break codes (as --tiebreaks takes them, stored in
// tournaments.tie_breaks) in the language, comma-separated: "tb.<code>.short" (in English
// the code itself, as systemShort gives the system's code; in Italian "scontro diretto").
func (l *Locale) tieBreaksShort(codes []string) string {
	words := make([]string, 0, len(codes))
	for _, c := range codes {
		words = append(words, l.codeWord("tb."+c+".short", c))
	}
	return strings.Join(words, ", ")
}

// claimRuleKeys are the catalog keys of the claim rules (tournament.ClaimCheck.Rule).
var claimRuleKeys = map[string]string{
	tournament.RuleItalian40: "claim.rule.40-moves",
	tournament.RuleFMJD:      "claim.rule.fmjd-draw",
	rules.DrawThreefold:      "claim.rule.threefold-repetition",
	rules.Draw25Move:         "claim.rule.25-move",
	rules.Draw16Move:         "claim.rule.16-move",
	rules.Draw5Move:          "claim.rule.5-move",
}

// claimReasonKeys are the catalog keys of the claim reasons (tournament.ClaimCheck.Reason).
var claimReasonKeys = map[string]string{
	rules.ClaimValid:         "claim.reason.valid",
	rules.ClaimTooEarly:      "claim.reason.too-early",
	rules.ClaimReset:         "claim.reason.reset",
	rules.ClaimBeforeRequest: "claim.reason.declared-before-request",
	rules.ClaimOutOfRange:    "claim.reason.ply-out-of-range",
	rules.ClaimNotReplayable: "claim.reason.not-replayable",
	rules.ClaimWrongVariant:  "claim.reason.wrong-variant",
	"no-rule":                "claim.reason.no-rule", // FMJD Article 6: no draw rule applied
}

// lotMethodKeys are the catalog keys of how a lot was drawn (tournament.LotResult.Method).
var lotMethodKeys = map[string]string{"lot": "demo.lot_method.lot", "rating": "demo.lot_method.rating"}

// ClaimRule is a draw claim's rule (tournament.ClaimCheck.Rule: tournament.RuleItalian40,
// tournament.RuleFMJD or an FMJD Article 6 rule, rules.Draw*) in the language
// ("conteggio delle 40 mosse"); in English the code; an unknown rule as stored.
func (l *Locale) ClaimRule(rule string) string { return l.codeWord(claimRuleKeys[rule], rule) }

// ClaimReason is a claim's reason code (tournament.ClaimCheck.Reason: rules.Claim* for the
// Italian 40-move count, "valid", "no-rule", "not-replayable", "declared-before-request"
// for FMJD Article 6) as a short phrase of the language; in English the code; an unknown
// reason as stored. The engine's sentence (ClaimCheck.Message) is not this.
func (l *Locale) ClaimReason(reason string) string {
	return l.codeWord(claimReasonKeys[reason], reason)
}

// codeWord is the catalog's word for key, or code when key is "" or the catalog has none.
func (l *Locale) codeWord(key, code string) string {
	if key == "" || code == "" || !l.Has(key) {
		return code
	}
	return l.T(key)
}
