package reports

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"
)

// Two Italian games replayed by the rules engine: the first legal, the second with an
// illegal first move; and a draw claim for the tournament audit.
const verdictPDN = `[Event "Prova"]
[White "Rossi, Mario"]
[Black "Bianchi, Luca"]
[GameType "22"]
[Result "1-1"]
1. 21-17 10-14 2. 17-13 1-1

[Event "Prova"]
[White "Verdi, Anna"]
[Black "Neri, Ugo"]
[GameType "22"]
[Result "2-0"]
1. 22-9 2-0
`

func replayed(t *testing.T) ([]*rules.Game, []rules.Verdict) {
	t.Helper()
	r := rules.NewPDNReader(strings.NewReader(verdictPDN))
	var gs []*rules.Game
	var vs []rules.Verdict
	for {
		g, err := r.Next()
		if g == nil {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
		vs = append(vs, rules.Replay(g, rules.ReplayOptions{}))
	}
	if len(gs) != 2 || !vs[0].Legal || vs[1].Legal {
		t.Fatalf("fixture: %d games, verdicts %+v", len(gs), vs)
	}
	return gs, vs
}

func TestReplayTextAndJSON(t *testing.T) {
	gs, vs := replayed(t)
	var tally VerdictTally
	for i := range vs {
		tally.Add(&vs[i])
	}
	goldenLangs(t, "golden/replay.txt", func(l *Locale, b *bytes.Buffer) error {
		for i := range gs {
			WriteVerdictText(b, l, "archive/prova.pdn", gs[i], vs[i])
		}
		return WriteReplaySummary(b, l, tally)
	})
	var js bytes.Buffer
	for i := range gs {
		if err := WriteReplayJSONLine(&js, "archive/prova.pdn", gs[i], vs[i], i == 0); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "golden/replay.jsonl", js.Bytes())
}

func tournamentAudit(t *testing.T) *tournament.TournamentAudit {
	gs, vs := replayed(t)
	draw := &tournament.Result{Kind: "played", WhitePoints: 1, BlackPoints: 1}
	illegal := tournament.Problem{Code: vs[1].Reason, Ply: vs[1].Ply, Message: vs[1].Message}
	differs := resultDiffers(t, gs[1])
	return &tournament.TournamentAudit{Checked: 2, Problems: 2, Illegal: 1, Games: []tournament.GameAudit{
		{Board: &tournament.Board{Round: 1, Board: 1, Game: 1, White: "Rossi, Mario", Black: "Bianchi, Luca", Result: draw}, GameID: 1, Game: gs[0], Verdict: vs[0]},
		{Board: &tournament.Board{Round: 1, Board: 2, Game: 1, White: "Verdi, Anna", Black: "Neri, Ugo"}, GameID: 2, Game: gs[1], Verdict: vs[1],
			Problems: []tournament.Problem{illegal, {Code: tournament.ProblemResultMismatch, Message: differs.Error(), Err: differs}}},
	}}
}

// resultDiffers is the coded disagreement of score g (2-0) with its board recorded 1-1,
// as tournament.CheckAgainstBoard finds it.
func resultDiffers(t *testing.T, g *rules.Game) error {
	t.Helper()
	b := &tournament.Board{Round: 1, Board: 2, Game: 1, White: "Verdi, Anna", Black: "Neri, Ugo", WhiteEntry: 12, BlackEntry: 13,
		Result: &tournament.Result{Kind: tournament.KindPlayed, WhitePoints: 1, BlackPoints: 1}}
	errs := tournament.CheckAgainstBoard(g, b)
	if len(errs) != 1 {
		t.Fatalf("fixture: %d disagreements %v, want the result's", len(errs), errs)
	}
	return errs[0]
}

func TestTournamentAuditTextJSONAndReport(t *testing.T) {
	a := tournamentAudit(t)
	goldenLangs(t, "golden/audit.txt", func(l *Locale, b *bytes.Buffer) error { return WriteTournamentAuditText(b, l, a) })
	var js bytes.Buffer
	if err := WriteTournamentAuditJSON(&js, "arbitro.db", a); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/audit.jsonl", js.Bytes())
	rep := AuditReportOf(tournament.EventInfo{Name: "Prova"}, a)
	if len(rep.Items) != 1 || rep.Items[0].GameID != 2 || rep.Items[0].Round != 1 || rep.Items[0].Board != 2 || rep.Checked != 2 {
		t.Fatalf("report %+v", rep)
	}
	// the item keeps the verdict's detail (issue 12: the CLI used to drop it)
	vd := a.Games[1].Verdict
	vd.Detail = "quantity"
	a.Games[1].Verdict = vd
	if got := AuditReportOf(tournament.EventInfo{}, a).Items[0].Reason; got != vd.Reason+" (quantity)" {
		t.Errorf("reason %q, want the detail kept", got)
	}
}

func TestArchiveGame(t *testing.T) {
	gs, vs := replayed(t)
	problems := []tournament.Problem{{Code: vs[1].Reason, Ply: vs[1].Ply, Message: vs[1].Message}}
	if b := ArchiveGame(English(), false, "x/prova.pdn", gs[0], vs[0], nil); b != nil {
		t.Errorf("a legal game without notes prints %q", b)
	}
	var tally VerdictTally
	for i := range vs {
		tally.Add(&vs[i])
	}
	goldenLangs(t, "golden/audit_archive.txt", func(l *Locale, out *bytes.Buffer) error {
		out.Write(ArchiveGame(l, false, "x/prova.pdn", gs[1], vs[1], problems))
		out.Write(ArchiveGame(l, true, "x/prova.pdn", gs[0], vs[0], nil))
		return WriteArchiveAuditSummary(out, l, tally)
	})
}

// An import report of a real import (two games of one round, one with an illegal move).
func TestImportTextAndJSON(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rep, err := store.ImportEventPDN(context.Background(), st, strings.NewReader(verdictPDN), "prova.pdn", tournament.EventImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	goldenLangs(t, "golden/import.txt", func(l *Locale, b *bytes.Buffer) error { return WriteImportText(b, l, rep) })
	doc := ImportJSONOf(rep)
	doc.Tournament = nil // its creation time changes from run to run
	j, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/import.json", append(j, '\n'))
}

// game add of a legal score (replacing one) and of an illegal one stored with --force;
// game import of the two with one game that fits no board.
func TestGameAddAndImport(t *testing.T) {
	gs, vs := replayed(t)
	b1 := &tournament.Board{Round: 1, Board: 1, Game: 1, White: "Rossi, Mario", Black: "Bianchi, Luca"}
	b2 := &tournament.Board{Round: 1, Board: 2, Game: 1, White: "Verdi, Anna", Black: "Neri, Ugo"}
	differs := resultDiffers(t, gs[1])
	recs := []*tournament.GameRecord{
		{ID: 7, Board: b1, Verdict: vs[0], Replaced: true, SHA256: "ab12"},
		{ID: 8, Board: b2, Verdict: vs[1], Problems: []string{differs.Error()}, ProblemErrs: []error{differs}, SHA256: "cd34"},
	}
	rep := &tournament.GameImportReport{Read: 3}
	for _, ig := range []tournament.ImportedGame{
		{Index: 1, Line: 1, White: "Rossi, Mario", Black: "Bianchi, Luca", Round: 1, Board: 1, Game: 1, Status: tournament.ImportStored, Legal: true, Verdict: &vs[0], Score: gs[0]},
		{Index: 2, Line: 8, White: "Verdi, Anna", Black: "Neri, Ugo", Round: 1, Board: 2, Game: 1, Status: tournament.ImportStored, Verdict: &vs[1], Score: gs[1], Why: differs.Error(), WhyErrs: []error{differs}},
		{Index: 3, Line: 15, White: "Blu, Ivo", Black: "Neri, Ugo", Status: "unmatched", Why: "no board of round 1 has these players"},
	} {
		rep.Add(ig) // counts it by status and verdict class
	}
	goldenLangs(t, "golden/game.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, rec := range recs {
			if err := WriteGameAddText(b, l, rec); err != nil {
				return err
			}
		}
		return WriteGameImportText(b, l, rep)
	})
	var js bytes.Buffer
	for i, rec := range recs {
		if err := jsonLine(&js, GameAddJSONOf("g.pdn", gs[i], rec)); err != nil {
			t.Fatal(err)
		}
	}
	if err := jsonLine(&js, GameImportJSONOf("g.pdn", rep)); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/game.jsonl", js.Bytes())
}
