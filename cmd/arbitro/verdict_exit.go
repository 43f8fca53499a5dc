package main

import (
	"errors"

	"arbitro/reports"
	"arbitro/rules"
)

// verdictExit is the exit of replay and of the audits by the verdicts counted in t
// (issue 33): problems (illegal moves, and for an audit the other problems: a result
// inconsistent with the moves, a board's disagreement, a claim) exit 3; else an ambiguous
// capture exits 5; else a game not judged exits 6; else nil. Fragments and notes never
// change it. The error and hint are in the language msg; what is the catalog key naming
// the things counted ("cmd.what.games", "cmd.what.game_scores").
func verdictExit(msg *reports.Locale, t reports.VerdictTally, problems int, what string) error {
	switch {
	case problems > 0:
		return withCode(exitIllegal, errors.New(msg.T("err.audit_found", "problems", msg.N("cmd.problems", problems), "counts", t.Counts(msg))),
			msg.T("hint.see_list"))
	case t.Classes[rules.ClassAmbiguous] > 0:
		return withCode(exitAmbiguous, errors.New(msg.T("err.verdict_ambiguous", "n", t.Classes[rules.ClassAmbiguous], "total", t.Games(),
			"what", msg.T(what))), msg.T("hint.verdict_ambiguous"))
	case t.Classes[rules.ClassNotJudged] > 0:
		return withCode(exitNotJudged, errors.New(msg.T("err.verdict_not_judged", "n", t.Classes[rules.ClassNotJudged], "total", t.Games(),
			"what", msg.T(what))), msg.T("hint.verdict_not_judged"))
	}
	return nil
}

// verdictOnlyProblems is the number of problems that are a verdict not illegal (one per
// ambiguous, not judged or fragment verdict: tournament.VerdictProblems lists every verdict
// not legal as a problem).
func verdictOnlyProblems(t reports.VerdictTally) int {
	return t.Classes[rules.ClassAmbiguous] + t.Classes[rules.ClassNotJudged] + t.Classes[rules.ClassFragment]
}
