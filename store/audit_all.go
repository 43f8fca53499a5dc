package store

import (
	"database/sql"
	"sync"

	"arbitro/rules"
	"arbitro/tournament"
)

// archiveBatch is the number of items in one of the archive audit's work items;
// tournament.OrderedMap hands its workers 16 work items at a time, so a worker gets
// 16*archiveBatch scores at once. It was 32 (512 scores a hand-off): the first 512 scores
// were read before any was judged, and the 1,460 scores of BenchmarkAuditAll were 3
// hand-offs for 2 workers, at most 1.5 times one worker's speed. With 2, a hand-off is 32
// scores (about a millisecond of work, many times the cost of the hand-off), and
// the workers start after 32 scores and share the work evenly (issue 33).
const archiveBatch = 2

// archiveJob is one unit of the archive audit's pipeline: a marker (start or end of a
// tournament) or a score to judge.
type archiveJob struct {
	kind    tournament.ArchiveItemKind
	t       *tournament.Tournament
	sg      *tournament.StoredGame
	claims  []tournament.StoredClaim
	opening string // the round's drawn opening (FID ballot), "" when none
}

// AuditAll audits every tournament of the file (Audit of each, every round) in one
// read-only transaction and returns the archive's totals (Tournaments set). The scores
// are judged on opts.Jobs workers and handed to opts.OnItem in a stable order (see
// ArchiveItem), the same for any number of workers. Memory does not grow with the number
// of tournaments or scores: one tournament's claims and a bounded number of scores are held
// at a time. Use it in Store.View.
func (tx *Tx) AuditAll(opts tournament.ArchiveAuditOptions) (*tournament.AuditSummary, error) {
	jobs := opts.Jobs
	if jobs < 1 {
		jobs = tournament.DefaultJobs()
	}
	total := &tournament.AuditSummary{}
	if opts.OnStart != nil {
		var n int
		if err := tx.queryRow(`SELECT count(*) FROM games g JOIN boards b ON b.id = g.board_id`).Scan(&n); err != nil {
			return total, err
		}
		opts.OnStart(n)
	}
	var cur *tournament.AuditSummary // of the tournament being emitted

	// the producer: tournaments by id, then each one's scores; every query prepared once
	ar, err := tx.newArchiveReader()
	if err != nil {
		return total, err
	}
	defer ar.close()
	next := ar.next
	// one score parser per worker (a Pool hands each goroutine the one it put back)
	parsers := sync.Pool{New: func() any { return new(rules.ScoreParser) }}
	type result struct {
		it  tournament.ArchiveItem
		err error
	}
	work := func(j archiveJob) result {
		it := tournament.ArchiveItem{Kind: j.kind, Tournament: j.t}
		if j.kind != tournament.ItemGame {
			return result{it: it}
		}
		sp := parsers.Get().(*rules.ScoreParser)
		defer parsers.Put(sp)
		ga, err := tournament.AuditGame(j.t, j.sg, j.claims, j.opening, sp)
		if err != nil {
			return result{err: err}
		}
		if opts.Render != nil {
			it.Out = opts.Render(j.t, &ga)
		}
		ga.Game = nil // sp's, read again by the next score
		it.Game = &ga
		return result{it: it}
	}
	emit := func(r result) error {
		if r.err != nil {
			return r.err
		}
		it := &r.it
		switch it.Kind {
		case tournament.ItemTournamentStart:
			cur = &tournament.AuditSummary{TournamentID: it.Tournament.ID, Name: it.Tournament.Name, Variant: it.Tournament.Variant, Lang: it.Tournament.Lang}
		case tournament.ItemGame:
			cur.Add(it.Game)
		case tournament.ItemTournamentEnd:
			it.Summary = cur
			total.Tournaments++
			total.Merge(cur)
		}
		if opts.OnItem != nil {
			return opts.OnItem(it)
		}
		return nil
	}
	// The scores go to the workers in batches of archiveBatch (OrderedMap groups these
	// again): few hand-offs between goroutines, which on a loaded machine each wait for the
	// operating system to run the other side.
	var pending error // a read error after the scores of the batch returned with it
	nextBatch := func() ([]archiveJob, bool, error) {
		if pending != nil {
			return nil, false, pending
		}
		batch := make([]archiveJob, 0, archiveBatch)
		for len(batch) < archiveBatch {
			j, ok, err := next()
			if err != nil {
				if len(batch) == 0 {
					return nil, false, err
				}
				pending = err
				break
			}
			if !ok {
				break
			}
			batch = append(batch, j)
		}
		return batch, len(batch) > 0, nil
	}
	workBatch := func(js []archiveJob) []result {
		out := make([]result, len(js))
		for i, j := range js {
			out[i] = work(j)
		}
		return out
	}
	emitBatch := func(rs []result) error {
		for _, r := range rs {
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	}
	if err := tournament.OrderedMap(jobs, nextBatch, workBatch, emitBatch); err != nil {
		return total, err
	}
	return total, nil
}

// archiveReader reads the archive for AuditAll: the tournaments by id, and for each its
// player names, its claims and its stored scores in round, board and game order, with
// statements prepared once. A score's board carries what the audit uses: the result
// without its entry time and author.
type archiveReader struct {
	tx                                       *Tx
	tourStmt, nameStmt, claimStmt, scoreStmt *sql.Stmt
	lastID                                   int64
	t                                        *tournament.Tournament // the tournament being read, nil between two
	rows                                     *sql.Rows              // its scores
	names                                    map[int64]string       // entry id -> player name, of t
	claims                                   map[int64][]tournament.StoredClaim
	openings                                 map[int]string // round -> drawn opening, of t
	kind, rest, opening                      sql.RawBytes
}

// archiveScoreQuery selects the stored scores of a tournament, with what the audit needs of
// each board; the player names come from the tournament's names (one query).
const archiveScoreQuery = `SELECT b.id, r.number, b.board, b.game, b.white_entry, coalesce(b.black_entry, 0),
	res.kind, coalesce(res.white_points, 0), coalesce(res.black_points, 0), g.id, b.rest, r.opening, g.pdn
	FROM rounds r JOIN boards b ON b.round_id = r.id JOIN games g ON g.board_id = b.id
	LEFT JOIN results res ON res.board_id = b.id
	WHERE r.tournament_id = ? ORDER BY r.number, b.board, b.game`

func (tx *Tx) newArchiveReader() (*archiveReader, error) {
	ar := &archiveReader{tx: tx}
	for _, q := range []struct {
		dst **sql.Stmt
		sql string
	}{
		{&ar.tourStmt, `SELECT ` + tournamentCols + ` FROM tournaments t WHERE t.id > ? ORDER BY t.id LIMIT 1`},
		{&ar.nameStmt, `SELECT e.id, p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ?`},
		{&ar.claimStmt, `SELECT c.id, c.board_id, c.rule, coalesce(c.requested_ply, 0), coalesce(c.declared_ply, 0),
		c.engine_ok, c.decision FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? ORDER BY c.id`},
		{&ar.scoreStmt, archiveScoreQuery},
	} {
		st, err := tx.prepare(q.sql)
		if err != nil {
			ar.close()
			return nil, err
		}
		*q.dst = st
	}
	return ar, nil
}

func (ar *archiveReader) close() {
	if ar.rows != nil {
		ar.rows.Close()
	}
	for _, st := range []*sql.Stmt{ar.tourStmt, ar.nameStmt, ar.claimStmt, ar.scoreStmt} {
		if st != nil {
			st.Close()
		}
	}
}

// next returns the next job: a tournament's start, each of its scores, its end; false
// after the last tournament.
func (ar *archiveReader) next() (archiveJob, bool, error) {
	if ar.t == nil {
		t, err := scanTournament(ar.tourStmt.QueryRowContext(ar.tx.ctx, ar.lastID))
		if err == sql.ErrNoRows {
			return archiveJob{}, false, nil
		}
		if err != nil {
			return archiveJob{}, false, err
		}
		if err := ar.open(t); err != nil {
			return archiveJob{}, false, err
		}
		ar.t, ar.lastID = t, t.ID
		return archiveJob{kind: tournament.ItemTournamentStart, t: t}, true, nil
	}
	if ar.rows.Next() {
		return ar.score()
	}
	if err := ar.rows.Err(); err != nil {
		return archiveJob{}, false, err
	}
	ar.rows.Close()
	ar.rows = nil
	done := ar.t
	ar.t = nil
	return archiveJob{kind: tournament.ItemTournamentEnd, t: done}, true, nil
}

// open reads t's names and claims and starts the query of its scores.
func (ar *archiveReader) open(t *tournament.Tournament) error {
	ctx := ar.tx.ctx
	ar.names = map[int64]string{}
	rows, err := ar.nameStmt.QueryContext(ctx, t.ID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return err
		}
		ar.names[id] = tournament.ShownName(name)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	ar.claims = map[int64][]tournament.StoredClaim{}
	if rows, err = ar.claimStmt.QueryContext(ctx, t.ID); err != nil {
		return err
	}
	for rows.Next() {
		var c tournament.StoredClaim
		var ok sql.NullInt64
		if err := rows.Scan(&c.ID, &c.BoardID, &c.Rule, &c.RequestedAt, &c.DeclaredAt, &ok, &c.Decision); err != nil {
			rows.Close()
			return err
		}
		c.EngineOK = ok.Valid && ok.Int64 == 1
		ar.claims[c.BoardID] = append(ar.claims[c.BoardID], c)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	ar.openings = map[int]string{}
	ar.rows, err = ar.scoreStmt.QueryContext(ctx, t.ID)
	return err
}

// score scans the current row into a score to judge. Numbers are scanned as int64 and
// the short texts as raw bytes mapped to constants, so a row costs its score's text and
// its Board only.
func (ar *archiveReader) score() (archiveJob, bool, error) {
	var id, round, board, game, white, black, wp, bp, gid int64
	sg := &tournament.StoredGame{}
	if err := ar.rows.Scan(&id, &round, &board, &game, &white, &black, &ar.kind, &wp, &bp, &gid, &ar.rest, &ar.opening, &sg.PDN); err != nil {
		return archiveJob{}, false, err
	}
	b := &tournament.Board{ID: id, Round: int(round), Board: int(board), Game: int(game), WhiteEntry: white, BlackEntry: black, GameID: gid}
	var err error
	if b.White, err = ar.name(white); err != nil {
		return archiveJob{}, false, err
	}
	if black != 0 {
		if b.Black, err = ar.name(black); err != nil {
			return archiveJob{}, false, err
		}
	}
	if ar.kind != nil {
		b.Result = &tournament.Result{Kind: internKind(ar.kind), WhitePoints: int(wp), BlackPoints: int(bp)}
	}
	b.Rest = internRest(ar.rest)
	opening, ok := ar.openings[b.Round]
	if !ok {
		opening = string(ar.opening)
		ar.openings[b.Round] = opening
	}
	sg.ID, sg.Board = gid, b
	return archiveJob{kind: tournament.ItemGame, t: ar.t, sg: sg, claims: ar.claims[id], opening: opening}, true, nil
}

// name returns the player of entry id (of the tournament being read; another
// tournament's entry, which a board should never hold, is looked up on its own).
func (ar *archiveReader) name(id int64) (string, error) {
	if n, ok := ar.names[id]; ok {
		return n, nil
	}
	var n string
	err := ar.tx.queryRow(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.id = ?`, id).Scan(&n)
	if err == nil {
		n = tournament.ShownName(n)
		ar.names[id] = n
	}
	return n, err
}

// internKind returns the result kind constant spelled b.
func internKind(b []byte) string {
	for _, k := range []string{tournament.KindPlayed, tournament.KindForfeit, tournament.KindBye, tournament.KindUnplayed, tournament.KindAdjourned} {
		if string(b) == k {
			return k
		}
	}
	return string(b)
}

// internRest returns the rest kind spelled b ("" when none).
func internRest(b []byte) string {
	for _, k := range []string{"", "RM", "RR", "RT"} {
		if string(b) == k {
			return k
		}
	}
	return string(b)
}
