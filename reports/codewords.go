package reports

import "strings"

// Codes a confirmation used to print as they are stored, given in the language's words
// (issue 29). Each is a catalog key; a code without one is printed as stored.

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

// ClaimRule is a draw claim's rule (tournament.ClaimCheck.Rule: tournament.RuleItalian40,
// tournament.RuleFMJD or an FMJD Article 6 rule, rules.Draw*) in the language: catalog key
// "claim.rule.<code>" ("conteggio delle 40 mosse"); in English the code.
func (l *Locale) ClaimRule(rule string) string { return l.codeWord("claim.rule."+rule, rule) }

// ClaimReason is a claim's reason code (tournament.ClaimCheck.Reason: rules.Claim* for the
// Italian 40-move count, "valid", "no-rule", "not-replayable", "declared-before-request"
// for FMJD Article 6) as a short phrase of the language: catalog key "claim.reason.<code>";
// in English the code. The engine's sentence (ClaimCheck.Message) is not this.
func (l *Locale) ClaimReason(reason string) string {
	return l.codeWord("claim.reason."+reason, reason)
}

// codeWord is the catalog's word for key, or code when the catalog has none.
func (l *Locale) codeWord(key, code string) string {
	if code == "" || !l.Has(key) {
		return code
	}
	return l.T(key)
}
