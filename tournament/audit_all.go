package tournament

import (
	"database/sql"
	"maps"
	"slices"
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
	TournamentID int64  `json:"tournament_id,omitempty"`
	Name         string `json:"name,omitempty"`
	Variant      string `json:"variant,omitempty"`
	Tournaments  int    `json:"tournaments,omitempty"`
	// Games is the number of stored scores replayed.
	Games int `json:"games"`
	// WithProblems is the number of scores with at least one problem.
	WithProblems int `json:"with_problems"`
	// Problems is the number of problems of every kind.
	Problems int `json:"problems"`
	// Illegal is the number of scores not legal (an illegal move, an ambiguous capture, an
	// unreadable score); IllegalByReason splits it by the verdict's reason code.
	Illegal         int            `json:"illegal"`
	IllegalByReason map[string]int `json:"illegal_by_reason"`
	// Inconsistent counts results inconsistent with the moves: the score's own result
	// (result-inconsistent) or the board's recorded result (result-mismatch).
	Inconsistent int `json:"inconsistent_results"`
	// ClaimsAgainst counts draw claims whose arbiter's decision differs from the engine's
	// verdict (claim-decision-differs).
	ClaimsAgainst int `json:"claims_against_engine"`
	// Plies is the number of plies replayed.
	Plies int64 `json:"plies"`
}

// add counts one judged score.
func (s *AuditSummary) add(ga *GameAudit) {
	s.Games++
	s.Plies += int64(ga.Verdict.Plies)
	if len(ga.Problems) > 0 {
		s.WithProblems++
	}
	s.Problems += len(ga.Problems)
	if !ga.Verdict.Legal {
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
func (s *AuditSummary) merge(o *AuditSummary) {
	s.Games += o.Games
	s.WithProblems += o.WithProblems
	s.Problems += o.Problems
	s.Illegal += o.Illegal
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

// archiveJob is one unit of the archive audit's pipeline: a marker (start or end of a
// tournament) or a score to judge.
type archiveJob struct {
	kind    ArchiveItemKind
	t       *Tournament
	sg      *StoredGame
	claims  []StoredClaim
	opening string // the round's drawn opening (FID ballot), "" when none
}

// AuditAll audits every tournament of the file (Audit of each, every round) in one
// read-only transaction and returns the archive's totals (Tournaments set). The scores
// are judged on opts.Jobs workers and handed to opts.OnItem in a stable order (see
// ArchiveItem), the same for any number of workers. Memory does not grow with the number
// of tournaments or scores: one tournament's claims and a bounded number of scores are held
// at a time. Use it in Store.View.
func (tx *Tx) AuditAll(opts ArchiveAuditOptions) (*AuditSummary, error) {
	jobs := opts.Jobs
	if jobs < 1 {
		jobs = DefaultJobs()
	}
	total := &AuditSummary{}
	if opts.OnStart != nil {
		var n int
		if err := tx.queryRow(`SELECT count(*) FROM games g JOIN boards b ON b.id = g.board_id`).Scan(&n); err != nil {
			return total, err
		}
		opts.OnStart(n)
	}
	var cur *AuditSummary // of the tournament being emitted

	// the producer: tournaments by id, then each one's scores, one query each
	var lastID int64
	var t *Tournament
	var rows *sql.Rows
	var claims map[int64][]StoredClaim
	var openings map[int]string
	defer func() {
		if rows != nil {
			rows.Close()
		}
	}()
	next := func() (archiveJob, bool, error) {
		for {
			if t == nil {
				nt, ok, err := tx.tournamentAfter(lastID)
				if err != nil || !ok {
					return archiveJob{}, false, err
				}
				t, lastID = nt, nt.ID
				if claims, err = tx.claimsOfTournament(t.ID); err != nil {
					return archiveJob{}, false, err
				}
				if openings, err = tx.roundOpenings(t); err != nil {
					return archiveJob{}, false, err
				}
				rows, err = tx.query(`SELECT `+boardCols+`, g.pdn`+boardFrom+
					` WHERE r.tournament_id = ? AND g.id IS NOT NULL ORDER BY r.number, b.board, b.game`, t.ID)
				if err != nil {
					return archiveJob{}, false, err
				}
				return archiveJob{kind: ItemTournamentStart, t: t}, true, nil
			}
			if rows.Next() {
				sg := &StoredGame{}
				b, err := scanBoard(withExtra{rows, []any{&sg.PDN}})
				if err != nil {
					return archiveJob{}, false, err
				}
				sg.ID, sg.Board = b.GameID, b
				return archiveJob{kind: ItemGame, t: t, sg: sg, claims: claims[b.ID], opening: openings[b.Round]}, true, nil
			}
			if err := rows.Err(); err != nil {
				return archiveJob{}, false, err
			}
			rows.Close()
			rows = nil
			done := t
			t = nil
			return archiveJob{kind: ItemTournamentEnd, t: done}, true, nil
		}
	}
	type result struct {
		it  ArchiveItem
		err error
	}
	work := func(j archiveJob) result {
		it := ArchiveItem{Kind: j.kind, Tournament: j.t}
		if j.kind != ItemGame {
			return result{it: it}
		}
		ga, err := auditGame(j.t, j.sg, j.claims, j.opening)
		if err != nil {
			return result{err: err}
		}
		if opts.Render != nil {
			it.Out = opts.Render(j.t, &ga)
		}
		ga.Game = nil
		it.Game = &ga
		return result{it: it}
	}
	emit := func(r result) error {
		if r.err != nil {
			return r.err
		}
		it := &r.it
		switch it.Kind {
		case ItemTournamentStart:
			cur = &AuditSummary{TournamentID: it.Tournament.ID, Name: it.Tournament.Name, Variant: it.Tournament.Variant.Name()}
		case ItemGame:
			cur.add(it.Game)
		case ItemTournamentEnd:
			it.Summary = cur
			total.Tournaments++
			total.merge(cur)
		}
		if opts.OnItem != nil {
			return opts.OnItem(it)
		}
		return nil
	}
	if err := OrderedMap(jobs, next, work, emit); err != nil {
		return total, err
	}
	return total, nil
}

// withExtra scans a board row followed by extra columns.
type withExtra struct {
	rows  *sql.Rows
	extra []any
}

func (w withExtra) Scan(dest ...any) error { return w.rows.Scan(append(dest, w.extra...)...) }

// tournamentAfter returns the tournament with the smallest id above id.
func (tx *Tx) tournamentAfter(id int64) (*Tournament, bool, error) {
	row := tx.queryRow(`SELECT `+tournamentCols+` FROM tournaments t WHERE t.id > ? ORDER BY t.id LIMIT 1`, id)
	t, err := scanTournament(row)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return t, true, nil
}

// claimsOfTournament returns the claims of tournament id by board id, oldest first.
func (tx *Tx) claimsOfTournament(id int64) (map[int64][]StoredClaim, error) {
	rows, err := tx.query(`SELECT c.id, c.board_id, c.rule, coalesce(c.requested_ply, 0), coalesce(c.declared_ply, 0),
		c.engine_ok, c.decision FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? ORDER BY c.id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]StoredClaim{}
	for rows.Next() {
		var c StoredClaim
		var ok sql.NullInt64
		if err := rows.Scan(&c.ID, &c.BoardID, &c.Rule, &c.RequestedAt, &c.DeclaredAt, &ok, &c.Decision); err != nil {
			return nil, err
		}
		c.EngineOK = ok.Valid && ok.Int64 == 1
		out[c.BoardID] = append(out[c.BoardID], c)
	}
	return out, rows.Err()
}
