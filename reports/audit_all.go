package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// ArchiveAudit renders the audit of every tournament of a file (tournament.Tx.AuditAll):
// text (the scores with problems or notes, one summary line per tournament, then the
// archive's totals) or JSON Lines (one object per score, see ArchiveGameJSON). Render runs
// on the audit's workers; Item and Finish write in the audit's order, so the output is the
// same for any number of workers.
type ArchiveAudit struct {
	W    io.Writer
	JSON bool
	// L is the language of the text (nil: English; issue 29); JSON keeps codes and the
	// engine's English messages.
	L *Locale
	// KeepSummaries keeps each tournament's summary in Summaries (for the PDF).
	KeepSummaries bool
	Summaries     []tournament.AuditSummary
	// Tally counts the verdicts of every score by class and their notes by kind (the exit
	// code of `audit --all`); cur is the current tournament's.
	Tally VerdictTally
	cur   VerdictTally
}

// ArchiveGameJSON is one line of `arbitro audit --all --json`: the tournament, the board,
// the replay verdict (field names as in rules/REPLAY-JSON.md: result, variant, plies,
// legal, ply, move, reason, detail, message, fen, legal_moves, result_check, terminal,
// notes) and the audit's problems, resolved ambiguities and claims.
type ArchiveGameJSON struct {
	TournamentID   int64                   `json:"tournament_id"`
	Tournament     string                  `json:"tournament"`
	Round          int                     `json:"round"`
	Board          int                     `json:"board"`
	Game           int                     `json:"game"`
	GameID         int64                   `json:"game_id"`
	White          string                  `json:"white"`
	Black          string                  `json:"black"`
	RecordedResult string                  `json:"recorded_result,omitempty"`
	Result         string                  `json:"result"`
	Variant        string                  `json:"variant"`
	Plies          int                     `json:"plies"`
	Legal          bool                    `json:"legal"`
	Ply            int                     `json:"ply,omitempty"`
	Move           string                  `json:"move,omitempty"`
	Reason         string                  `json:"reason,omitempty"`
	Detail         string                  `json:"detail,omitempty"`
	Message        string                  `json:"message,omitempty"`
	FEN            string                  `json:"fen,omitempty"`
	LegalMoves     []string                `json:"legal_moves,omitempty"`
	ResultCheck    string                  `json:"result_check"`
	Terminal       bool                    `json:"terminal"`
	Notes          []string                `json:"notes,omitempty"`
	Verdict        string                  `json:"verdict"` // the class: legal, illegal, ambiguous, not-judged, fragment
	Readings       []ReadingJSON           `json:"readings,omitempty"`
	Problems       []tournament.Problem    `json:"problems"`
	Ambiguities    []string                `json:"resolved_ambiguities,omitempty"`
	Claims         []tournament.ClaimAudit `json:"claims,omitempty"`
}

// Render returns the output of one judged score: a JSON line, or in text a block for a
// score with problems or notes (nothing otherwise).
func (a *ArchiveAudit) Render(t *tournament.Tournament, ga *tournament.GameAudit) []byte {
	vd := ga.Verdict
	b := ga.Board
	amb := tournament.AmbiguityNotes(vd)
	var buf bytes.Buffer
	if a.JSON {
		j := ArchiveGameJSON{TournamentID: t.ID, Tournament: t.Name, Round: b.Round, Board: b.Board, Game: b.Game,
			GameID: ga.GameID, White: b.White, Black: b.Black, RecordedResult: b.Result.String(), Result: vd.Result,
			Variant: vd.Variant.Name(), Plies: vd.Plies, Legal: vd.Legal, ResultCheck: string(vd.ResultCheck), Terminal: vd.Terminal,
			Notes: vd.Notes, Verdict: vd.Class().Code(), Problems: ga.Problems, Ambiguities: amb, Claims: ga.Claims}
		for _, r := range vd.Readings {
			j.Readings = append(j.Readings, ReadingJSON{r.Path, r.Captured, r.After})
		}
		if !vd.Legal {
			j.Ply, j.Move, j.Reason, j.Detail, j.Message, j.FEN = vd.Ply, vd.Move, vd.Reason, vd.Detail, vd.Message, vd.FEN
			j.LegalMoves = vd.LegalMoves
		}
		if j.Problems == nil {
			j.Problems = []tournament.Problem{}
		}
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(j); err != nil { // plain data: cannot fail
			panic(err)
		}
		return buf.Bytes()
	}
	if len(ga.Problems) == 0 && len(vd.Notes) == 0 {
		return nil
	}
	l := orEnglish(a.L)
	recorded := b.Result.String()
	if recorded == "" {
		recorded = l.T("auditall.none")
	}
	fmt.Fprintln(&buf, l.T("auditall.game", "id", fmt.Sprint(t.ID), "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black,
		"game", fmt.Sprint(ga.GameID), "recorded", recorded))
	writeProblems(&buf, l, vd, ga.Problems, vd.Notes)
	return buf.Bytes()
}

// Item writes one item of the audit, in order: a score's rendering, and in text a summary
// line at the end of each tournament.
func (a *ArchiveAudit) Item(it *tournament.ArchiveItem) error {
	switch it.Kind {
	case tournament.ItemGame:
		if it.Game != nil {
			a.cur.Add(&it.Game.Verdict)
		}
		if len(it.Out) > 0 {
			_, err := a.W.Write(it.Out)
			return err
		}
	case tournament.ItemTournamentEnd:
		if a.KeepSummaries {
			a.Summaries = append(a.Summaries, *it.Summary)
		}
		cur := a.cur
		a.Tally.Merge(cur)
		a.cur = VerdictTally{}
		if !a.JSON {
			s := it.Summary
			l := orEnglish(a.L)
			_, err := fmt.Fprintln(a.W, l.T("auditall.tournament", "id", fmt.Sprint(s.TournamentID), "name", strconv.Quote(s.Name), "variant", fmt.Sprint(s.Variant),
				"scores", l.N("auditall.n.scores", s.Games), "problems", l.N("auditall.n.problems", s.Problems), "games", l.N("auditall.n.games", s.WithProblems),
				"inconsistent", l.N("auditall.n.inconsistent", s.Inconsistent), "against", l.N("auditall.n.against", s.ClaimsAgainst), "counts", cur.Counts(a.L)))
			return err
		}
	}
	return nil
}

// Finish writes the archive's totals (text only).
func (a *ArchiveAudit) Finish(total *tournament.AuditSummary) error {
	if a.JSON {
		return nil
	}
	l := orEnglish(a.L)
	reasons := byReason(total.IllegalByReason)
	if reasons == "" {
		reasons = " " + l.T("auditall.none")
	}
	_, err := fmt.Fprintln(a.W, l.T("auditall.archive", "tournaments", l.N("auditall.n.tournaments", total.Tournaments),
		"scores", l.N("auditall.n.scores", total.Games), "problems", l.N("auditall.n.problems", total.Problems),
		"games", l.N("auditall.n.games", total.WithProblems), "reasons", reasons,
		"inconsistent", l.N("auditall.n.inconsistent", total.Inconsistent), "against", l.N("auditall.n.against", total.ClaimsAgainst),
		"counts", a.Tally.Counts(a.L)))
	return err
}

// byReason writes " (reason n, ...)" in reason order, or "" for none.
func byReason(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", r, m[r]))
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// WriteArchiveAuditPDF renders the archive audit's summary: the totals of the whole file
// (tournaments, game scores, scores with problems, illegal scores by reason, scores with an
// ambiguous capture (never counted as illegal, issue 33), results inconsistent with the
// moves, claims decided against the engine), a table with the same counts for each tournament, then each tournament's summary in its own language (its
// AuditSummary.Lang). meta.Locale is the language of the archive's part; nil prints it in
// English and each tournament's part in the tournament's language; set (arbitro --lang),
// everything is in that language. Reason codes stay as written (rules.Reason*).
func WriteArchiveAuditPDF(w io.Writer, total *tournament.AuditSummary, per []tournament.AuditSummary, meta Meta) error {
	loc := orEnglish(meta.Locale)
	d := newDoc(meta, tournament.EventInfo{Name: loc.T("archive.audit.event")}, loc.T("archive.audit.title"), true)
	f := d.f
	f.AddPage()
	d.paragraph(10, loc.T("archive.audit.summary", "tournaments", loc.N("archive.audit.tournaments", total.Tournaments),
		"scores", loc.N("archive.audit.scores", total.Games), "plies", loc.N("archive.audit.plies", int(total.Plies)),
		"problems", loc.N("archive.audit.problems", total.Problems), "games", loc.N("archive.audit.games", total.WithProblems)))
	archiveFindings(d, loc, total)
	f.Ln(3)
	cols := []column{{head: "#", align: "R"}, {head: loc.T("archive.audit.col.tournament"), align: "L"},
		{head: loc.T("archive.audit.col.variant"), align: "L"}, {head: loc.T("archive.audit.col.games"), align: "R"},
		{head: loc.T("archive.audit.col.with_problems"), align: "R"}, {head: loc.T("archive.audit.col.illegal"), align: "R"},
		{head: loc.T("archive.audit.col.by_reason"), align: "L"}, {head: loc.T("archive.audit.col.ambiguous"), align: "R"},
		{head: loc.T("archive.audit.col.inconsistent"), align: "R"},
		{head: loc.T("archive.audit.col.claims"), align: "R"}}
	rows := make([][]string, 0, len(per))
	for _, s := range per {
		rows = append(rows, []string{strconv.FormatInt(s.TournamentID, 10), s.Name, loc.variantShort(s.Variant), strconv.Itoa(s.Games),
			strconv.Itoa(s.WithProblems), strconv.Itoa(s.Illegal), strings.Trim(byReason(s.IllegalByReason), " ()"),
			strconv.Itoa(s.Ambiguous), strconv.Itoa(s.Inconsistent), strconv.Itoa(s.ClaimsAgainst)})
	}
	d.fitWidths(cols, rows, 8, 1, 30)
	d.table(cols, rows, 8)
	for i := range per {
		s := &per[i]
		tl := loc
		if meta.Locale == nil && s.Lang != "" {
			tl = LocaleOf(s.Lang)
		}
		f.Ln(4)
		d.paragraph(10, tl.T("archive.audit.tournament", "id", strconv.FormatInt(s.TournamentID, 10), "name", s.Name,
			"variant", tl.variantShort(s.Variant)))
		d.paragraph(9, tl.T("archive.audit.tournament_summary", "scores", tl.N("archive.audit.scores", s.Games),
			"plies", tl.N("archive.audit.plies", int(s.Plies)), "problems", tl.N("archive.audit.problems", s.Problems),
			"games", tl.N("archive.audit.games", s.WithProblems)))
		archiveFindings(d, tl, s)
	}
	return d.finish(w)
}

// archiveFindings prints the illegal scores by reason, the ambiguous ones (and those not
// judged, when there are any), the inconsistent results and the
// claims decided against the engine of s in loc's language.
func archiveFindings(d *doc, loc *Locale, s *tournament.AuditSummary) {
	d.paragraph(9, loc.T("archive.audit.illegal", "n", strconv.Itoa(s.Illegal), "reasons", byReason(s.IllegalByReason)))
	d.paragraph(9, loc.T("archive.audit.ambiguous", "n", strconv.Itoa(s.Ambiguous)))
	if s.NotJudged > 0 {
		d.paragraph(9, loc.T("archive.audit.not_judged", "n", strconv.Itoa(s.NotJudged)))
	}
	d.paragraph(9, loc.T("archive.audit.results", "inconsistent", strconv.Itoa(s.Inconsistent), "claims", strconv.Itoa(s.ClaimsAgainst)))
}
