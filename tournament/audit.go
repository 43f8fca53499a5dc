package tournament

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"arbitro/rules"
)

// Problem codes of an audit besides the rules engine's reason codes (rules.Reason*, for an
// illegal move, an ambiguous capture or an unreadable score).
const (
	// ProblemResultInconsistent: the score's own result disagrees with its moves (the side
	// to move has no legal move but is not given the loss, or the Result tag and the
	// movetext marker differ): rules.ResultInconsistent.
	ProblemResultInconsistent = "result-inconsistent"
	// ProblemResultMismatch: the recorded result of the board differs from the score's
	// result, or from the final position's loss.
	ProblemResultMismatch = "result-mismatch"
	// ProblemPlayers: the score's players disagree with the pairing.
	ProblemPlayers = "players-mismatch"
	// ProblemClaimOverride: a claim's decision differs from the engine's verdict.
	ProblemClaimOverride = "claim-decision-differs"
	// ProblemClaimResult: an accepted draw claim, but the recorded result is not a draw.
	ProblemClaimResult = "claim-result"
	// ProblemClaimChanged: the engine judges a stored claim differently than when it was made.
	ProblemClaimChanged = "claim-verdict-changed"
)

// Problem is one thing an audit found wrong.
type Problem struct {
	Code    string `json:"code"`
	Ply     int    `json:"ply,omitempty"`
	Message string `json:"message"`
	// Err is the problem as a coded error when it is one (a score's disagreement with its
	// board, CheckAgainstBoard), for reports to word in the reader's language; Message is
	// its English.
	Err error `json:"-"`
}

// AmbiguityNotes returns the notes of vd that record a from-to capture fitting several
// captures that the rest of the game resolved (an unresolved one is the illegal verdict
// rules.ReasonAmbiguousCapture instead).
func AmbiguityNotes(vd rules.Verdict) []string {
	var out []string
	for _, n := range vd.Notes {
		if strings.Contains(n, "captures that take different pieces") {
			out = append(out, n)
		}
	}
	return out
}

// VerdictProblems lists the problems of a replay verdict alone: the first illegal move
// (code = the verdict's reason, e.g. ambiguous-capture, not-a-legal-move, parse-error) and
// a result inconsistent with the moves.
func VerdictProblems(vd rules.Verdict) []Problem {
	var out []Problem
	if !vd.Legal {
		out = append(out, Problem{Code: vd.Reason, Ply: vd.Ply, Message: vd.Message})
	}
	if vd.ResultCheck == rules.ResultInconsistent {
		var why []string
		for _, n := range vd.Notes {
			if strings.Contains(strings.ToLower(n), "result") {
				why = append(why, n)
			}
		}
		msg := "the result " + vd.Result + " disagrees with the moves"
		if len(why) > 0 {
			msg = strings.Join(why, "; ")
		}
		out = append(out, Problem{Code: ProblemResultInconsistent, Message: msg})
	}
	return out
}

// ClaimAudit is one stored claim re-judged.
type ClaimAudit struct {
	ID          int64      `json:"id"`
	Rule        string     `json:"rule"`
	RequestedAt int        `json:"requested_at"`
	DeclaredAt  int        `json:"declared_at"`
	Decision    string     `json:"decision"`
	StoredOK    bool       `json:"stored_engine_ok"`
	Check       ClaimCheck `json:"check"`
}

// GameAudit is the audit of one stored game score.
type GameAudit struct {
	Board    *Board        `json:"board"`
	GameID   int64         `json:"game_id"`
	Game     *rules.Game   `json:"-"`
	Verdict  rules.Verdict `json:"verdict"`
	Problems []Problem     `json:"problems"`
	Claims   []ClaimAudit  `json:"claims,omitempty"`
}

// TournamentAudit is the audit of a tournament's stored scores and claims.
type TournamentAudit struct {
	Games    []GameAudit `json:"games"`
	Checked  int         `json:"checked"`  // game scores replayed
	Problems int         `json:"problems"` // total problems found
	Illegal  int         `json:"illegal"`  // scores with an illegal move (or unreadable)
	// Playoffs are the audits of the play-offs' stored scores (docs/playoffs.md), counted
	// in Checked, Problems and Illegal; audited with the whole tournament, not a round.
	Playoffs []PlayoffGameAudit `json:"playoffs,omitempty"`
}

// auditGame judges one stored score of t with its board's stored claims and its round's
// opening ("" when none was drawn) (the work of Audit for one board, without the database).
// The score is read with sp (nil: a new reader): then ga.Game is sp's, valid until its
// next Parse.
func AuditGame(t *Tournament, sg *StoredGame, claims []StoredClaim, opening string, sp *rules.ScoreParser) (GameAudit, error) {
	b := sg.Board
	ga := GameAudit{Board: b, GameID: b.GameID, Problems: []Problem{}}
	g, perr := parseStoredGame(sg, sp)
	if perr != nil {
		ga.Verdict = rules.ParseErrorVerdict(g, perr)
	} else {
		ga.Game = g
		ga.Verdict = ReplayForTournament(g, t)
	}
	ga.Problems = append(ga.Problems, VerdictProblems(ga.Verdict)...)
	if g != nil {
		ga.Problems = append(ga.Problems, boardProblems(g, b, ga.Verdict)...)
		ga.Problems = append(ga.Problems, OpeningProblems(g, opening)...)
	}
	for _, c := range claims {
		ca := ClaimAudit{ID: c.ID, Rule: c.Rule, RequestedAt: c.RequestedAt, DeclaredAt: c.DeclaredAt, Decision: c.Decision, StoredOK: c.EngineOK}
		if g != nil {
			ca.Check = CheckClaim(g, t, c.RequestedAt, c.DeclaredAt)
		} else {
			ca.Check = ClaimCheck{Rule: c.Rule, Reason: rules.ClaimNotReplayable, Message: "the score cannot be read"}
		}
		if ca.Check.Valid != c.EngineOK {
			ga.Problems = append(ga.Problems, claimProblem(ProblemClaimChanged, c, Errf(nil, "err.audit.claim_changed",
				"claim {id} ({rule}, requested at ply {requested}, declared at ply {declared}): recorded as {was} by the engine, now {now}: {why}",
				"id", int(c.ID), "rule", claimRulePhrase(c.Rule), "requested", c.RequestedAt, "declared", c.DeclaredAt,
				"was", validPhrase(c.EngineOK), "now", validPhrase(ca.Check.Valid), "why", ClaimWhy(ca.Check))))
		}
		if c.Decision != DecisionPending && (c.Decision == DecisionAccepted) != ca.Check.Valid {
			ga.Problems = append(ga.Problems, claimProblem(ProblemClaimOverride, c, Errf(nil, "err.audit.claim_override",
				"claim {id} ({rule}, requested at ply {requested}, declared at ply {declared}): the arbiter {decision} it, the engine finds it {now}: {why}",
				"id", int(c.ID), "rule", claimRulePhrase(c.Rule), "requested", c.RequestedAt, "declared", c.DeclaredAt,
				"decision", decisionPhrase(c.Decision), "now", validPhrase(ca.Check.Valid), "why", ClaimWhy(ca.Check))))
		}
		if c.Decision == DecisionAccepted && b.Result != nil && b.Result.Kind != KindAdjourned && b.Result.Winner() != 'D' {
			ga.Problems = append(ga.Problems, claimProblem(ProblemClaimResult, c, Errf(nil, "err.audit.claim_result",
				"claim {id} ({rule}, requested at ply {requested}, declared at ply {declared}) was accepted, but the board is recorded as {result}",
				"id", int(c.ID), "rule", claimRulePhrase(c.Rule), "requested", c.RequestedAt, "declared", c.DeclaredAt,
				"result", b.Result.String())))
		}
		ga.Claims = append(ga.Claims, ca)
	}
	return ga, nil
}

// parseStoredGame is StoredGame.Parse through sp (nil: a new reader, for a game that is
// kept): with sp the game is sp's until its next Parse.
func parseStoredGame(sg *StoredGame, sp *rules.ScoreParser) (*rules.Game, error) {
	var g *rules.Game
	var err error
	if sp != nil {
		g, err = sp.Parse(sg.PDN)
	} else {
		g, err = rules.NewPDNReader(strings.NewReader(sg.PDN)).Next()
	}
	if err == io.EOF {
		return nil, Errf(ErrBadPDN, "err.pdn.stored_empty", "{err}: stored game {id} is empty", "id", int(sg.ID))
	}
	if err != nil {
		return nil, ErrfWrap(ErrBadPDN, err, "err.pdn.stored_bad", "{err}: stored game {id}: {cause}", "id", int(sg.ID))
	}
	return g, nil
}

// ClaimWhy is a claim check as the argument of a CodedError: its English is the engine's
// sentence (ClaimCheck.Message); reports words it in the reader's language (CheckWhy).
type ClaimWhy ClaimCheck

// String is the engine's English sentence on the claim.
func (c ClaimWhy) String() string { return c.Message }

// claimProblem is the audit problem code of claim c, worded by err (a CodedError: its
// English is the Message, reports words it in the reader's language).
func claimProblem(code string, c StoredClaim, err error) Problem {
	return Problem{Code: code, Ply: c.DeclaredAt, Message: err.Error(), Err: err}
}

// validPhrase is a claim verdict as a phrase of the catalogs: "valid" or "not valid".
func validPhrase(ok bool) error {
	if ok {
		return Errf(nil, "err.audit.valid", "valid")
	}
	return Errf(nil, "err.audit.not_valid", "not valid")
}

// decisionPhrase is an arbiter's decision on a claim as a phrase: "accepted", "rejected".
func decisionPhrase(d string) error {
	if d == DecisionAccepted {
		return Errf(nil, "err.audit.accepted", "accepted")
	}
	return Errf(nil, "err.audit.rejected", "rejected")
}

// claimRulePhrase is a draw claim's rule (RuleItalian40, RuleFMJD, an FMJD Article 6
// rule) as a phrase; its English is the code, as the claim commands print it.
func claimRulePhrase(rule string) error {
	switch rule {
	case RuleItalian40:
		return Errf(nil, "err.audit.rule_40", "40-moves")
	case RuleFMJD:
		return Errf(nil, "err.audit.rule_fmjd", "fmjd-draw")
	}
	return Errf(nil, "err.audit.rule_other", "{rule}", "rule", rule)
}

// boardProblems compares a score with its board: players, and the recorded result against
// the score's result and the final position.
func boardProblems(g *rules.Game, b *Board, vd rules.Verdict) []Problem {
	var out []Problem
	for _, p := range CheckAgainstBoard(g, b) {
		s := p.Error()
		code := ProblemPlayers
		if strings.Contains(s, "result") || strings.Contains(s, "recorded as") {
			code = ProblemResultMismatch
		}
		out = append(out, Problem{Code: code, Message: s, Err: p})
	}
	mismatch := false
	for _, p := range out {
		mismatch = mismatch || p.Code == ProblemResultMismatch
	}
	if !mismatch && vd.Legal && vd.Terminal && b.Result != nil && b.Result.Kind == KindPlayed {
		// The side to move in the final position has lost.
		loser := 'W'
		if strings.HasPrefix(strings.ToUpper(vd.FinalFEN), "B") {
			loser = 'B'
		}
		want := byte('B')
		if loser == 'B' {
			want = 'W'
		}
		if b.Result.Winner() != want {
			var err error
			if loser == 'W' {
				err = Errf(nil, "err.audit.white_lost", "White has no legal move after ply {ply} and has lost, but the board is recorded as {result}", "ply", vd.Plies, "result", b.Result.String())
			} else {
				err = Errf(nil, "err.audit.black_lost", "Black has no legal move after ply {ply} and has lost, but the board is recorded as {result}", "ply", vd.Plies, "result", b.Result.String())
			}
			out = append(out, Problem{Code: ProblemResultMismatch, Ply: vd.Plies, Message: err.Error(), Err: err})
		}
	}
	return out
}

// ArchiveStats sums up an archive audit.
type ArchiveStats struct {
	Games        int   `json:"games"`
	Illegal      int   `json:"illegal"`       // games not legal (illegal move, ambiguous capture, unreadable)
	Inconsistent int   `json:"inconsistent"`  // legal games whose result disagrees with the moves
	WithProblems int   `json:"with_problems"` // games with at least one problem
	Ambiguities  int   `json:"resolved_ambiguities"`
	Plies        int64 `json:"plies"`
}

// AuditPDN streams the PDN text of r game by game (memory does not grow with the number of
// games), replays each (opts: the variant of games without a GameType tag) and calls fn
// with the game, its verdict and its problems (VerdictProblems). It stops at fn's first
// error. Errors wrap ErrBadPDN for an empty or binary input; read errors end the stream.
// It is AuditPDNJobs with one worker and no rendering.
func AuditPDN(r io.Reader, opts rules.ReplayOptions, fn func(g *rules.Game, vd rules.Verdict, problems []Problem) error) (ArchiveStats, error) {
	return AuditPDNJobs(r, opts, 1, nil, func(g *rules.Game, vd rules.Verdict, problems []Problem, _ []byte) error {
		if fn == nil {
			return nil
		}
		return fn(g, vd, problems)
	})
}

// AuditPDNJobs is AuditPDN with the games replayed on jobs workers (< 1: DefaultJobs())
// while one goroutine reads the text: render (when not nil) runs on the worker and its
// output is handed to fn with the game, in file order, the same for any jobs.
func AuditPDNJobs(r io.Reader, opts rules.ReplayOptions, jobs int, render func(g *rules.Game, vd rules.Verdict, problems []Problem) []byte,
	fn func(g *rules.Game, vd rules.Verdict, problems []Problem, out []byte) error) (ArchiveStats, error) {
	var st ArchiveStats
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(8192)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return st, err
	}
	if IsBlankText(head) && len(head) < 8192 {
		return st, Errf(ErrBadPDN, "err.pdn.file_empty", "{err}: the file is empty")
	}
	if LooksBinary(head) {
		return st, Errf(ErrBadPDN, "err.pdn.file_binary", "{err}: the file is binary, not PDN text")
	}
	type judged struct {
		g        *rules.Game
		vd       rules.Verdict
		problems []Problem
		out      []byte
	}
	pr := rules.NewPDNReader(br)
	pr.Strict = opts.Strict // audit --strict: the PDN 3.0 grammar (issue 14)
	err = JudgePDN(pr, jobs, func(g *rules.Game, perr error) judged {
		j := judged{g: g}
		if perr != nil {
			j.vd = rules.ParseErrorVerdict(g, perr)
		} else {
			j.vd = rules.Replay(g, opts)
		}
		j.problems = VerdictProblems(j.vd)
		if render != nil {
			j.out = render(g, j.vd, j.problems)
		}
		return j
	}, func(j judged) error {
		st.Games++
		st.Plies += int64(j.vd.Plies)
		if !j.vd.Legal {
			st.Illegal++
		} else if j.vd.ResultCheck == rules.ResultInconsistent {
			st.Inconsistent++
		}
		if len(j.problems) > 0 {
			st.WithProblems++
		}
		st.Ambiguities += len(AmbiguityNotes(j.vd))
		return fn(j.g, j.vd, j.problems, j.out)
	})
	return st, err
}

// JudgePDN reads the games of pr one by one and hands each, with its parse error (nil, or
// the error of a game read in part), to judge on jobs workers (< 1: DefaultJobs()), then
// the results to emit in file order, the same for any jobs; at most a few games per worker
// are held at a time. It stops at the first read error (a game that could not be read at
// all), returned after the games before it, or at emit's first error. The parallel ordered
// loop of `arbitro audit FILE...` and `arbitro replay FILE...`.
func JudgePDN[R any](pr *rules.PDNReader, jobs int, judge func(g *rules.Game, perr error) R, emit func(R) error) error {
	if jobs < 1 {
		jobs = DefaultJobs()
	}
	type read struct {
		g    *rules.Game
		perr error
	}
	return OrderedMap(jobs, func() (read, bool, error) {
		g, err := pr.Next()
		if err == io.EOF {
			return read{}, false, nil
		}
		if g == nil {
			return read{}, false, err
		}
		return read{g, err}, true, nil
	}, func(in read) R { return judge(in.g, in.perr) }, emit)
}
