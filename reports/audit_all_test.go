package reports

import (
	"bytes"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// The archive's summary is in English (or --lang's language); each tournament's summary
// is in the tournament's language, with its counts.
func TestArchiveAuditPDFLanguages(t *testing.T) {
	per := []tournament.AuditSummary{
		{TournamentID: 1, Name: "Assoluto 2005", Variant: rules.Italian, Lang: "it", Games: 36, WithProblems: 1, Problems: 1,
			Illegal: 1, IllegalByReason: map[string]int{"not-own-piece": 1}, Plies: 2000},
		{TournamentID: 2, Name: "Open de Paris", Variant: rules.International, Lang: "fr", Games: 110, WithProblems: 2, Problems: 2,
			Inconsistent: 2, Plies: 9000},
	}
	total := &tournament.AuditSummary{Tournaments: 2}
	for i := range per {
		total.Games += per[i].Games
		total.WithProblems += per[i].WithProblems
		total.Problems += per[i].Problems
		total.Illegal += per[i].Illegal
		total.Inconsistent += per[i].Inconsistent
		total.Plies += per[i].Plies
	}
	total.IllegalByReason = map[string]int{"not-own-piece": 1}
	var b bytes.Buffer
	if err := WriteArchiveAuditPDF(&b, total, per, fixedMeta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, b.Bytes(), 1,
		"Audit summary of every tournament", "Illegal by reason", "Illegal game scores: 1 (not-own-piece 1).",
		// the Italian tournament in Italian, the French one in French
		"Torneo 1: Assoluto 2005 (dama italiana)", "Partite con mosse irregolari: 1 (not-own-piece 1).",
		"Risultati in contrasto con le mosse: 0.",
		"Tournoi 2 : Open de Paris", "Résultats en contradiction avec les coups : 2.")
	if pdfHas(b.Bytes(), "Tournament 1:") {
		t.Error("the Italian tournament's summary is in English")
	}

	// --lang nl: everything in Dutch
	b.Reset()
	meta := fixedMeta
	meta.Locale = MustLocale("nl")
	if err := WriteArchiveAuditPDF(&b, total, per, meta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, b.Bytes(), 1, "Samenvatting van de controle van elk toernooi", "Toernooi 1: Assoluto 2005", "Toernooi 2: Open de Paris",
		"Uitslagen in strijd met de zetten: 2.")
	if pdfHas(b.Bytes(), "Torneo 1:") || pdfHas(b.Bytes(), "Tournoi 2 :") {
		t.Error("--lang nl: a tournament's summary is not in Dutch")
	}
}

// Issue 33: a score with an ambiguous capture (every move legal) is not an illegal score:
// the archive PDF gives it its own column and count, and the illegal count leaves it out.
func TestArchiveAuditPDFAmbiguousNotIllegal(t *testing.T) {
	var total tournament.AuditSummary
	per := tournament.AuditSummary{TournamentID: 1, Name: "Assoluto 2005", Variant: rules.Italian, Lang: "it"}
	for _, vd := range []rules.Verdict{{Legal: true}, {Reason: rules.ReasonAmbiguousCapture, Ply: 26, Move: "3x26"}} {
		per.Add(&tournament.GameAudit{Verdict: vd})
	}
	if per.Illegal != 0 || per.Ambiguous != 1 || len(per.IllegalByReason) != 0 {
		t.Fatalf("illegal %d ambiguous %d by reason %v; want 0 1 none", per.Illegal, per.Ambiguous, per.IllegalByReason)
	}
	total.Merge(&per)
	total.Tournaments = 1
	var b bytes.Buffer
	if err := WriteArchiveAuditPDF(&b, &total, []tournament.AuditSummary{per}, fixedMeta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, b.Bytes(), 1, "Illegal game scores: 0.", "Ambiguous",
		"Game scores with an ambiguous capture (every move legal, the pieces taken undetermined; not counted as illegal): 1.",
		"Partite con una presa ambigua (ogni mossa regolare, i pezzi presi non determinati; non contate come irregolari): 1.")
}
