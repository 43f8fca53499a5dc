package main

import (
	"fmt"

	"arbitro/reports"
	"arbitro/rules"
)

// verdictExit is the exit of replay and of the audits by the verdicts counted in t
// (issue 33): problems (illegal moves, and for an audit the other problems: a result
// inconsistent with the moves, a board's disagreement, a claim) exit 3; else an ambiguous
// capture exits 5; else a game not judged exits 6; else nil. Fragments and notes never
// change it. what names the things counted ("games", "game scores").
func verdictExit(t reports.VerdictTally, problems int, what string) error {
	switch {
	case problems > 0:
		return withCode(exitIllegal, fmt.Errorf("the audit found %s (%s)", plural(problems, "problem", "problems"), t.Counts(nil)), "see the list above")
	case t.Classes[rules.ClassAmbiguous] > 0:
		return withCode(exitAmbiguous, fmt.Errorf("%d of %d %s with an ambiguous capture (every move legal, the pieces taken undetermined)",
			t.Classes[rules.ClassAmbiguous], t.Games(), what), "see the readings above; write the capture's full path")
	case t.Classes[rules.ClassNotJudged] > 0:
		return withCode(exitNotJudged, fmt.Errorf("%d of %d %s not judged (a variant arbitro does not judge, or none decided)",
			t.Classes[rules.ClassNotJudged], t.Games(), what), "pass --variant for Italian or International games without a GameType tag")
	}
	return nil
}

// verdictOnlyProblems is the number of problems that are a verdict not illegal (one per
// ambiguous, not judged or fragment verdict: tournament.VerdictProblems lists every verdict
// not legal as a problem).
func verdictOnlyProblems(t reports.VerdictTally) int {
	return t.Classes[rules.ClassAmbiguous] + t.Classes[rules.ClassNotJudged] + t.Classes[rules.ClassFragment]
}
