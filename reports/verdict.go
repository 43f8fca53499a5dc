package reports

// Verdicts of the rules engine on game scores: `arbitro replay` (text and JSON Lines,
// rules/REPLAY-JSON.md), the audit of a tournament's stored scores (text, JSON Lines,
// the PDF's items) and of PDN archives, and the illegal-move block every command shares.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// ReplayJSON is one line of `arbitro replay --json` (JSON Lines). The format is documented
// in rules/REPLAY-JSON.md; fields are only ever added, never renamed.
type ReplayJSON struct {
	File        string           `json:"file"`
	Index       int              `json:"index"`
	Line        int              `json:"line"`
	White       string           `json:"white"`
	Black       string           `json:"black"`
	Event       string           `json:"event,omitempty"`
	Date        string           `json:"date,omitempty"`
	Result      string           `json:"result"`
	Variant     string           `json:"variant"`
	Plies       int              `json:"plies"`
	Legal       bool             `json:"legal"`
	Ply         *int             `json:"ply,omitempty"`
	Move        *string          `json:"move,omitempty"`
	Reason      string           `json:"reason,omitempty"`
	Detail      string           `json:"detail,omitempty"`
	Message     string           `json:"message,omitempty"`
	FEN         *string          `json:"fen,omitempty"`
	LegalMoves  *[]string        `json:"legal_moves,omitempty"`
	ResultCheck string           `json:"result_check"`
	Terminal    bool             `json:"terminal"`
	Notes       []string         `json:"notes,omitempty"`
	Repetitions []RepetitionJSON `json:"repetitions,omitempty"`
	Draws       []DrawJSON       `json:"draws,omitempty"`
	Claim40Ply  int              `json:"claim40_ply,omitempty"`
	Judged      bool             `json:"judged"` // false: not replayed (unsupported or unknown variant, impossible position, fragment)
	// Verdict is the verdict's class (rules.VerdictClass code): legal, illegal, ambiguous,
	// not-judged, fragment.
	Verdict string `json:"verdict"`
	// Readings are an ambiguous capture's readings (rules.CaptureReading).
	Readings []ReadingJSON     `json:"readings,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
}

// ReadingJSON is one reading of an ambiguous capture: its path, the pieces it takes and
// the position after it.
type ReadingJSON struct {
	Path     string         `json:"path"`
	Captured []rules.Square `json:"captured"`
	FEN      string         `json:"fen_after"`
}

// RepetitionJSON is a position repeated in a game: its FEN and the plies it stood at.
type RepetitionJSON struct {
	FEN   string `json:"fen"`
	Plies []int  `json:"plies"`
}

// DrawJSON is an FMJD draw rule that applied in a game.
type DrawJSON struct {
	Rule     string `json:"rule"`
	Ply      int    `json:"ply"`
	StartPly int    `json:"start_ply"`
	Message  string `json:"message"`
}

// ReplayJSONOf is the verdict vd on game g of file in the form of `arbitro replay --json`;
// withTags adds every tag of the game (the first value of a repeated tag).
func ReplayJSONOf(file string, g *rules.Game, vd rules.Verdict, withTags bool) ReplayJSON {
	j := ReplayJSON{
		File: file, Index: g.Index, Line: g.Line, White: g.White(), Black: g.Black(),
		Event: g.Event(), Date: g.Date(), Result: vd.Result, Variant: vd.Variant.Name(),
		Plies: vd.Plies, Legal: vd.Legal, Judged: vd.Judged(), ResultCheck: string(vd.ResultCheck), Terminal: vd.Terminal,
		Notes: vd.Notes, Claim40Ply: vd.Claim40Ply, Verdict: vd.Class().Code(),
	}
	for _, r := range vd.Readings {
		j.Readings = append(j.Readings, ReadingJSON{r.Path, r.Captured, r.After})
	}
	if !vd.Legal {
		ply, move, fen := vd.Ply, vd.Move, vd.FEN
		j.Ply, j.Move, j.FEN = &ply, &move, &fen
		j.Reason, j.Detail, j.Message = vd.Reason, vd.Detail, vd.Message
		lm := vd.LegalMoves
		if lm == nil {
			lm = []string{}
		}
		j.LegalMoves = &lm
	}
	for _, r := range vd.Repetitions {
		j.Repetitions = append(j.Repetitions, RepetitionJSON{r.FEN, r.Plies})
	}
	for _, d := range vd.Draws {
		j.Draws = append(j.Draws, DrawJSON{d.Rule, d.Ply, d.StartPly, d.Message})
	}
	if withTags {
		j.Tags = map[string]string{}
		for _, t := range g.Tags {
			if _, ok := j.Tags[t.Name]; !ok {
				j.Tags[t.Name] = t.Value
			}
		}
	}
	return j
}

// WriteReplayJSONLine writes ReplayJSONOf as one JSON line (HTML characters unescaped).
func WriteReplayJSONLine(w io.Writer, file string, g *rules.Game, vd rules.Verdict, withTags bool) error {
	return jsonLine(w, ReplayJSONOf(file, g, vd, withTags))
}

func jsonLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// WriteVerdictText writes the verdict of `arbitro replay` on game g of file, in the
// language l (nil: English): the game (file, index, line, players, result), legal with
// its plies and result check, or its class in capitals (ILLEGAL, AMBIGUOUS, NOT JUDGED,
// FRAGMENT: VerdictWord) with the reason (a code), the rules package's message, position
// and legal moves (an ambiguous capture's readings); then the notes, repetitions, FMJD
// draw rules and the ply at which a 40-move claim became valid.
func WriteVerdictText(w io.Writer, l *Locale, file string, g *rules.Game, vd rules.Verdict) {
	l = orEnglish(l)
	players := strings.TrimSpace(g.White() + " - " + g.Black())
	if players == "-" {
		players = l.T("cmd.verdict.no_players")
	}
	res := vd.Result
	if res == "" {
		res = l.T("cmd.verdict.no_result")
	}
	head := l.T("cmd.verdict.game", "file", filepath.Base(file), "index", g.Index, "line", g.Line, "players", players, "result", res)
	if vd.Reason == rules.ReasonFragment {
		head = l.T("cmd.verdict.fragment", "file", filepath.Base(file), "fragment", VerdictWord(l, rules.ClassFragment), "line", g.Line)
	}
	if vd.Legal {
		io.WriteString(w, l.T("cmd.verdict.legal", "game", head, "legal", VerdictWord(l, rules.ClassLegal), "plies", l.N("cmd.plies", vd.Plies),
			"check", l.resultCheck(vd.ResultCheck)))
		io.WriteString(w, "\n")
	} else {
		verdict := strings.ToUpper(VerdictWord(l, vd.Class()))
		fmt.Fprintf(w, "%s%s%s [%s", head, l.colon(), verdict, l.problemWord(vd.Reason))
		if vd.Detail != "" {
			fmt.Fprintf(w, ": %s", vd.Detail)
		}
		fmt.Fprintf(w, "] %s\n", VerdictWhy(l, &vd))
		if vd.FEN != "" {
			fmt.Fprintln(w, "    "+l.T("cmd.verdict.position", "fen", vd.FEN))
			fmt.Fprintln(w, "    "+l.T("cmd.verdict.legal_moves", "moves", strings.Join(vd.LegalMoves, " ")))
		}
		writeReadings(w, l, "    ", &vd)
	}
	for _, n := range vd.Notes {
		fmt.Fprintln(w, "    "+l.T("cmd.note", "text", l.VerdictNote(n)))
	}
	for _, r := range vd.Repetitions {
		fmt.Fprintln(w, "    "+l.T("cmd.verdict.repetition", "fen", r.FEN, "plies", fmt.Sprint(r.Plies)))
	}
	for _, d := range vd.Draws {
		fmt.Fprintln(w, "    "+l.T("cmd.verdict.draw_rule", "rule", d.Rule, "ply", d.Ply, "message", DrawWhy(l, d)))
	}
	if vd.Claim40Ply > 0 {
		fmt.Fprintln(w, "    "+l.T("cmd.verdict.claim40", "ply", vd.Claim40Ply))
	}
}

// WriteReplaySummary writes the last line of `arbitro replay`: the games, then the count of
// every verdict class, the fragments, the results inconsistent with the moves and the notes
// by kind (VerdictTally.Counts), in the language l (nil: English).
func WriteReplaySummary(w io.Writer, l *Locale, t VerdictTally) error {
	l = orEnglish(l)
	_, err := fmt.Fprintf(w, "%s%s%s\n", l.N("verdict.games", t.Games()), l.colon(), t.Counts(l))
	return err
}

// WriteIllegal writes the verdict of a score that is not legal in the language l (nil:
// English), each line after indent: its class (WriteVerdictHead: ILLEGAL, AMBIGUOUS, NOT
// JUDGED, FRAGMENT), ply, move and reason (a code, with its detail), the rules package's
// message, the position before the move and the legal moves there ("none"), and an
// ambiguous capture's readings.
func WriteIllegal(w io.Writer, l *Locale, indent string, vd rules.Verdict) {
	l = orEnglish(l)
	WriteVerdictHead(w, l, indent, &vd)
	fmt.Fprintf(w, "%s  %s\n", indent, VerdictWhy(l, &vd))
	if vd.FEN != "" {
		fmt.Fprintln(w, indent+"  "+l.T("cmd.verdict.position", "fen", vd.FEN))
		legal := strings.Join(vd.LegalMoves, " ")
		if legal == "" {
			legal = l.T("cmd.none")
		}
		fmt.Fprintln(w, indent+"  "+l.T("cmd.verdict.legal_moves", "moves", legal))
	}
	writeReadings(w, l, indent+"  ", &vd)
}

// resultCheck is a verdict's result check (rules.ResultCheck) in the language: whether
// the recorded result agrees with the moves; the code itself for one without a word.
func (l *Locale) resultCheck(c rules.ResultCheck) string {
	switch c {
	case rules.ResultConsistent:
		return l.T("cmd.check.consistent")
	case rules.ResultInconsistent:
		return l.T("cmd.check.inconsistent")
	case rules.ResultUnknown:
		return l.T("cmd.check.unknown")
	case rules.ResultUnchecked:
		return l.T("cmd.check.unchecked")
	}
	return string(c)
}

// NoneIfEmpty is s, or the language's "none" for "" (a result not recorded).
func (l *Locale) NoneIfEmpty(s string) string { return l.OrNone(s) }

// AuditJSON is one line of `arbitro audit --json` (JSON Lines): the verdict object of
// `arbitro replay --json` plus the audit's fields. In the archive audit (PDN files) the
// board fields are absent.
type AuditJSON struct {
	ReplayJSON
	Round          int                     `json:"round,omitempty"`
	Board          int                     `json:"board,omitempty"`
	Game           int                     `json:"game,omitempty"`
	GameID         int64                   `json:"game_id,omitempty"`
	RecordedResult string                  `json:"recorded_result,omitempty"` // the board's result in the database ("2-0", "+-", ...)
	Problems       []tournament.Problem    `json:"problems"`                  // empty when nothing is wrong
	Ambiguities    []string                `json:"resolved_ambiguities,omitempty"`
	Claims         []tournament.ClaimAudit `json:"claims,omitempty"`
}

// GameAuditJSON is the JSON line of a stored score's audit; db names the database file
// (the "file" field of the verdict).
func GameAuditJSON(db string, ga tournament.GameAudit) AuditJSON {
	g := ga.Game
	if g == nil {
		g = &rules.Game{Index: 1}
	}
	j := AuditJSON{ReplayJSON: ReplayJSONOf(db, g, ga.Verdict, false), Round: ga.Board.Round, Board: ga.Board.Board,
		Game: ga.Board.Game, GameID: ga.GameID, RecordedResult: ga.Board.Result.String(), Problems: ga.Problems,
		Ambiguities: tournament.AmbiguityNotes(ga.Verdict), Claims: ga.Claims}
	if j.Problems == nil {
		j.Problems = []tournament.Problem{}
	}
	return j
}

// WriteTournamentAuditJSON writes `arbitro audit --json` on a tournament: one line per
// stored score (GameAuditJSON).
func WriteTournamentAuditJSON(w io.Writer, db string, a *tournament.TournamentAudit) error {
	for _, ga := range a.Games {
		if err := jsonLine(w, GameAuditJSON(db, ga)); err != nil {
			return err
		}
	}
	for _, pa := range a.Playoffs {
		if err := jsonLine(w, PlayoffAuditJSON(db, pa)); err != nil {
			return err
		}
	}
	return nil
}

// WriteTournamentAuditText writes `arbitro audit` on a tournament in the language l (nil:
// English): each score with a problem or a note (the board, its players and recorded
// result; the verdict as WriteIllegal; each other problem; the notes), then the count of
// scores checked, problems, scores with problems, and the count of every verdict class
// and note kind (VerdictTally.Counts).
func WriteTournamentAuditText(w io.Writer, l *Locale, a *tournament.TournamentAudit) error {
	l = orEnglish(l)
	withProblems := 0
	var t VerdictTally
	for _, ga := range a.Games {
		t.Add(&ga.Verdict)
		if len(ga.Problems) == 0 && len(ga.Verdict.Notes) == 0 {
			continue
		}
		b := ga.Board
		fmt.Fprintln(w, l.T("cmd.audit.board", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black,
			"id", fmt.Sprint(ga.GameID), "result", l.NoneIfEmpty(l.ResultText(b.Result))))
		if len(ga.Problems) > 0 {
			withProblems++
		}
		writeProblems(w, l, ga.Verdict, ga.Problems, ga.Verdict.Notes)
	}
	withProblems += writePlayoffAudits(w, l, a.Playoffs, &t)
	_, err := fmt.Fprintln(w, l.T("cmd.audit.summary", "scores", l.N("cmd.game_scores", a.Checked),
		"problems", l.N("cmd.problems", a.Problems), "games", l.N("cmd.games", withProblems), "counts", t.Counts(l)))
	return err
}

// writeProblems writes a score's problems (the verdict in full: WriteIllegal; the others
// as code and the domain's message) and its notes, in the language l.
func writeProblems(w io.Writer, l *Locale, vd rules.Verdict, problems []tournament.Problem, notes []string) {
	for _, p := range problems {
		if !vd.Legal && p.Code == vd.Reason && p.Ply == vd.Ply {
			WriteIllegal(w, l, "  ", vd)
			continue
		}
		msg := p.Message
		if p.Err != nil { // coded: worded in l (its English is the Message)
			msg = ErrorText(l, p.Err)
		} else if p.Code == tournament.ProblemResultInconsistent { // the engine's notes
			msg = l.verdictProblemText(msg)
		}
		fmt.Fprintf(w, "  %s%s%s\n", l.problemWord(p.Code), l.colon(), msg)
	}
	for _, n := range notes {
		if !saidBy(problems, n) {
			fmt.Fprintln(w, "  "+l.T("cmd.note", "text", l.VerdictNote(n)))
		}
	}
}

// saidBy reports whether a problem's message already says note n (a result inconsistent
// with the moves is a problem made of its notes).
func saidBy(problems []tournament.Problem, n string) bool {
	for _, p := range problems {
		if strings.Contains(p.Message, n) {
			return true
		}
	}
	return false
}

// AuditReportOf is the PDF report of a tournament's audit: one item per score not legal
// (AuditItemFromVerdict: the reason keeps the verdict's detail), with the game, round,
// board and players.
func AuditReportOf(ev tournament.EventInfo, a *tournament.TournamentAudit) AuditReport {
	rep := AuditReport{Checked: a.Checked, Event: ev}
	for _, ga := range a.Games {
		if ga.Verdict.Legal {
			continue
		}
		it := AuditItemFromVerdict(ga.Verdict)
		it.GameID, it.Round, it.Board, it.White, it.Black = ga.GameID, ga.Board.Round, ga.Board.Board, ga.Board.White, ga.Board.Black
		rep.Items = append(rep.Items, it)
	}
	return rep
}

// ArchiveGame renders one game of the audit of a PDN archive (`arbitro audit FILE...`):
// as a JSON line (AuditJSON without board fields), or as text only when the game is not
// legal or has a problem or a note (the file, game, line, players and result, then the
// verdict, the problems and the notes; a fragment is named by its line, not as a game). It
// returns nil for a game with nothing to say in text. The text is in the language l (nil:
// English).
func ArchiveGame(l *Locale, asJSON bool, file string, g *rules.Game, vd rules.Verdict, problems []tournament.Problem) []byte {
	var buf bytes.Buffer
	amb := tournament.AmbiguityNotes(vd)
	if asJSON {
		j := AuditJSON{ReplayJSON: ReplayJSONOf(file, g, vd, false), Problems: problems, Ambiguities: amb}
		if j.Problems == nil {
			j.Problems = []tournament.Problem{}
		}
		_ = jsonLine(&buf, j) // plain data into memory: cannot fail
		return buf.Bytes()
	}
	if vd.Legal && len(problems) == 0 && len(vd.Notes) == 0 {
		return nil
	}
	l = orEnglish(l)
	if vd.Reason == rules.ReasonFragment {
		fmt.Fprintln(&buf, l.T("cmd.verdict.fragment", "file", filepath.Base(file), "fragment", VerdictWord(l, rules.ClassFragment), "line", g.Line)+":")
	} else {
		players := strings.TrimSpace(g.White() + " - " + g.Black())
		fmt.Fprintln(&buf, l.T("cmd.audit.archive_game", "file", filepath.Base(file), "index", g.Index, "line", g.Line,
			"players", players, "result", l.NoneIfEmpty(vd.Result)))
	}
	if !vd.Legal && len(problems) == 0 {
		WriteIllegal(&buf, l, "  ", vd)
	}
	writeProblems(&buf, l, vd, problems, vd.Notes)
	return buf.Bytes()
}

// WriteArchiveAuditSummary writes the last line of the audit of PDN files: the games
// audited, the count of every verdict class, the fragments, the results inconsistent with
// the moves and the notes by kind (VerdictTally.Counts), in the language l (nil: English).
func WriteArchiveAuditSummary(w io.Writer, l *Locale, t VerdictTally) error {
	l = orEnglish(l)
	_, err := fmt.Fprintln(w, l.N("cmd.audit.archive_summary", t.Games(), "games", l.N("cmd.games", t.Games()), "counts", t.Counts(l)))
	return err
}

// problemKeys are the catalog keys of the audit's own problem codes.
var problemKeys = map[string]string{
	tournament.ProblemResultInconsistent: "audit.problem.result-inconsistent",
	tournament.ProblemResultMismatch:     "audit.problem.result-mismatch",
	tournament.ProblemPlayers:            "audit.problem.players-mismatch",
	tournament.ProblemClaimOverride:      "audit.problem.claim-decision-differs",
	tournament.ProblemClaimResult:        "audit.problem.claim-result",
	tournament.ProblemClaimChanged:       "audit.problem.claim-verdict-changed",
	tournament.ProblemOpening:            "audit.problem.opening-mismatch",
}

// problemWord is an audit problem's code (tournament.Problem.Code: tournament.Problem*, or
// a rules engine reason such as capture-compulsory) as the words of l for a text sheet:
// problemKeys, else the reason's words "site.reason.<code>"; in English, and
// for a code without words, the code itself (the JSON keeps the codes in every language).
func (l *Locale) problemWord(code string) string {
	if english(l) {
		return code
	}
	if k, ok := problemKeys[code]; ok && l.Has(k) {
		return l.T(k)
	}
	return l.codeWord("site.reason."+code, code)
}
