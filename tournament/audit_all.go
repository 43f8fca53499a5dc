package tournament

import (
	"maps"
	"slices"

	"arbitro/rules"
)

// ArchiveItemKind tells what an ArchiveItem carries.
type ArchiveItemKind int

const (
	// ItemTournamentStart opens a tournament: Tournament is set.
	ItemTournamentStart ArchiveItemKind = iota
	// ItemGame is one judged score: Tournament, Game and Out are set.
	ItemGame
	// ItemTournamentEnd closes a tournament: Tournament and Summary are set.
	ItemTournamentEnd
)

// ArchiveItem is one step of the archive audit, handed out in a stable order: tournaments
// by id; in each, its start, its scores by round, board and game, its end.
type ArchiveItem struct {
	Kind       ArchiveItemKind
	Tournament *Tournament
	// Game is the audit of one score; its Game field (the parsed moves) is dropped once
	// Render has run, to keep the items in flight small.
	Game *GameAudit
	// Out is what ArchiveAuditOptions.Render made of Game on a worker (nil without Render).
	Out     []byte
	Summary *AuditSummary
}

// AuditSummary counts the findings of an audit: of one tournament, or of the archive
// (then Tournaments is the number of tournaments).
type AuditSummary struct {
	TournamentID int64          `json:"tournament_id,omitempty"`
	Name         string         `json:"name,omitempty"`
	Variant      *rules.Variant `json:"variant,omitempty"` // nil in the archive's totals; JSON: its Name
	// Lang is the tournament's language (Tournament.Lang), "" for the archive's totals.
	Lang        Lang `json:"lang,omitempty"`
	Tournaments int  `json:"tournaments,omitempty"`
	// Games is the number of stored scores replayed.
	Games int `json:"games"`
	// WithProblems is the number of scores with at least one problem.
	WithProblems int `json:"with_problems"`
	// Problems is the number of problems of every kind.
	Problems int `json:"problems"`
	// Illegal is the number of illegal scores (an illegal move, an unreadable score:
	// rules.ClassIllegal); IllegalByReason splits it by the verdict's reason code.
	// Ambiguous counts the scores whose every move is legal but a capture is undetermined
	// (rules.ClassAmbiguous), NotJudged those not judged (rules.ClassNotJudged): never
	// counted as illegal (issue 33).
	Illegal         int            `json:"illegal"`
	IllegalByReason map[string]int `json:"illegal_by_reason"`
	Ambiguous       int            `json:"ambiguous"`
	NotJudged       int            `json:"not_judged"`
	// Inconsistent counts results inconsistent with the moves: the score's own result
	// (result-inconsistent) or the board's recorded result (result-mismatch).
	Inconsistent int `json:"inconsistent_results"`
	// ClaimsAgainst counts draw claims whose arbiter's decision differs from the engine's
	// verdict (claim-decision-differs).
	ClaimsAgainst int `json:"claims_against_engine"`
	// Plies is the number of plies replayed.
	Plies int64 `json:"plies"`
	// EventLogBreak is, in the archive's totals, where the file's event log (a hash chain)
	// breaks; nil when it holds.
	EventLogBreak *ChainBreak `json:"event_log_break,omitempty"`
}

// add counts one judged score.
func (s *AuditSummary) Add(ga *GameAudit) {
	s.Games++
	s.Plies += int64(ga.Verdict.Plies)
	if len(ga.Problems) > 0 {
		s.WithProblems++
	}
	s.Problems += len(ga.Problems)
	switch ga.Verdict.Class() {
	case rules.ClassLegal:
	case rules.ClassAmbiguous:
		s.Ambiguous++
	case rules.ClassNotJudged:
		s.NotJudged++
	default:
		s.Illegal++
		if s.IllegalByReason == nil {
			s.IllegalByReason = map[string]int{}
		}
		s.IllegalByReason[ga.Verdict.Reason]++
	}
	inconsistent := false
	for _, p := range ga.Problems {
		switch p.Code {
		case ProblemResultInconsistent, ProblemResultMismatch:
			inconsistent = true
		case ProblemClaimOverride:
			s.ClaimsAgainst++
		}
	}
	if inconsistent {
		s.Inconsistent++
	}
}

// merge adds the counts of o to s.
func (s *AuditSummary) Merge(o *AuditSummary) {
	s.Games += o.Games
	s.WithProblems += o.WithProblems
	s.Problems += o.Problems
	s.Illegal += o.Illegal
	s.Ambiguous += o.Ambiguous
	s.NotJudged += o.NotJudged
	s.Inconsistent += o.Inconsistent
	s.ClaimsAgainst += o.ClaimsAgainst
	s.Plies += o.Plies
	for _, r := range slices.Sorted(maps.Keys(o.IllegalByReason)) {
		if s.IllegalByReason == nil {
			s.IllegalByReason = map[string]int{}
		}
		s.IllegalByReason[r] += o.IllegalByReason[r]
	}
}

// ArchiveAuditOptions configures Tx.AuditAll.
type ArchiveAuditOptions struct {
	// Jobs is the number of scores judged at once (< 1: DefaultJobs()). The items come out
	// in the same order for any value.
	Jobs int
	// Render, when set, turns a judged score into its output (a text block, a JSON line) on
	// the worker that judged it, so that rendering is parallel too. It must not keep ga.
	Render func(t *Tournament, ga *GameAudit) []byte
	// OnStart, when set, is called first with the number of stored scores to judge.
	OnStart func(games int)
	// OnItem receives every item in order (on the caller's goroutine); its first error
	// stops the audit.
	OnItem func(it *ArchiveItem) error
}
