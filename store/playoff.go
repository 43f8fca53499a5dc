package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"

	"arbitro/rules"
	"arbitro/tournament"
)

// Play-offs (issue 32, docs/playoffs.md; tables playoffs, playoff_players, playoff_games of
// migration 010).

// playoffs reads the play-offs of tournament t, by number, with their players and games.
func (tx *Tx) playoffs(t *tournament.Tournament) ([]tournament.Playoff, error) {
	rows, err := tx.query(`SELECT id, number, title, place, time_control, ordering FROM playoffs WHERE tournament_id = ? ORDER BY number`, t.ID)
	if err != nil {
		return nil, err
	}
	var out []tournament.Playoff
	for rows.Next() {
		var p tournament.Playoff
		if err := rows.Scan(&p.ID, &p.Number, &p.Title, &p.Place, &p.TimeControl, &p.When); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	es, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	side := func(id int64) tournament.PlayoffSide {
		for i := range es {
			if es[i].ID == id {
				return playoffSide(&es[i])
			}
		}
		return tournament.PlayoffSide{EntryID: id}
	}
	for i := range out {
		if err := tx.loadPlayoff(&out[i], side); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func playoffSide(e *tournament.Entry) tournament.PlayoffSide {
	return tournament.PlayoffSide{EntryID: e.ID, Number: e.Number, Name: e.Player.Name}
}

func (tx *Tx) loadPlayoff(p *tournament.Playoff, side func(int64) tournament.PlayoffSide) error {
	rows, err := tx.query(`SELECT entry_id FROM playoff_players WHERE playoff_id = ? ORDER BY rowid`, p.ID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		p.Players = append(p.Players, side(id))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.query(`SELECT game, white_entry, black_entry, white_points, legal, coalesce(illegal_ply, 0), reason
		FROM playoff_games WHERE playoff_id = ? ORDER BY game`, p.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var g tournament.PlayoffGame
		var w, b int64
		var legal sql.NullInt64
		if err := rows.Scan(&g.Game, &w, &b, &g.WhitePoints, &legal, &g.Ply, &g.Reason); err != nil {
			return err
		}
		g.White, g.Black = side(w), side(b)
		g.HasScore, g.Legal = legal.Valid, legal.Int64 == 1
		p.Games = append(p.Games, g)
	}
	return rows.Err()
}

// playoffByNumber returns play-off number n of t; ErrNotFound naming the way to list them.
func (tx *Tx) playoffByNumber(t *tournament.Tournament, n int) (*tournament.Playoff, error) {
	all, err := tx.playoffs(t)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].Number == n {
			return &all[i], nil
		}
	}
	return nil, tournament.Errf(tournament.ErrNotFound, "err.playoff.not_found", "{err}: no play-off {n} in {tournament} (see 'arbitro playoff list')", "n", n, "tournament", t.Name)
}

// addPlayoff creates the next play-off of t between the players refs name (as findEntry
// reads them), for title or place, at time control tc, ordering its players when
// (tournament.ParsePlayoffWhen), and logs "playoff.add". Errors: findEntry's; ErrInvalid
// (fewer than two players, one named twice, a negative place, an unknown when).
func (tx *Tx) addPlayoff(t *tournament.Tournament, refs []string, title string, place int, tc, when string) (*tournament.Playoff, error) {
	when, err := tournament.ParsePlayoffWhen(when)
	if err != nil {
		return nil, err
	}
	p := &tournament.Playoff{Title: title, Place: place, TimeControl: tc, When: when}
	for _, r := range refs {
		e, err := tx.findEntry(t, r)
		if err != nil {
			return nil, err
		}
		p.Players = append(p.Players, playoffSide(e))
	}
	if err := tournament.CheckPlayoffPlayers(p.Players); err != nil {
		return nil, err
	}
	if place < 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.playoff.place", "{err}: place {place} (give a place of 1 or more)", "place", place)
	}
	if err := tx.queryRow(`SELECT coalesce(max(number), 0) + 1 FROM playoffs WHERE tournament_id = ?`, t.ID).Scan(&p.Number); err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO playoffs (tournament_id, number, title, place, time_control, ordering, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		t.ID, p.Number, title, place, tc, when, tx.nowText())
	if err != nil {
		return nil, err
	}
	if p.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	for _, s := range p.Players {
		if _, err := tx.exec(`INSERT INTO playoff_players (playoff_id, entry_id) VALUES (?, ?)`, p.ID, s.EntryID); err != nil {
			return nil, err
		}
	}
	return p, tx.logEvent(t.ID, "playoff.add", nil, p)
}

// playoffResult adds the next game of play-off number of t: white against black (as
// findEntry reads them) with result (tournament.ParseOutcome; a played game only), and
// logs "playoff.result". Errors: playoffByNumber's, findEntry's; ErrInvalid (players not
// of the play-off, a result that is not a played game's).
func (tx *Tx) playoffResult(t *tournament.Tournament, number int, white, black, result string) (*tournament.Playoff, *tournament.PlayoffGame, error) {
	p, err := tx.playoffByNumber(t, number)
	if err != nil {
		return nil, nil, err
	}
	o, err := tournament.ParseOutcome(result)
	if err != nil {
		return nil, nil, err
	}
	wp, ok := map[byte]int{'W': 2, 'D': 1, 'B': 0}[o.Winner]
	if o.Kind != tournament.KindPlayed || !ok {
		return nil, nil, tournament.Errf(tournament.ErrInvalid, "err.playoff.result_played", "{err}: result {result}: a play-off game is played (write 2-0, 1-1 or 0-2)", "result", strconv.Quote(result))
	}
	w, err := tx.findEntry(t, white)
	if err != nil {
		return nil, nil, err
	}
	b, err := tx.findEntry(t, black)
	if err != nil {
		return nil, nil, err
	}
	if err := tournament.CheckPlayoffGame(p, w.ID, b.ID); err != nil {
		return nil, nil, err
	}
	g := tournament.PlayoffGame{Game: len(p.Games) + 1, White: playoffSide(w), Black: playoffSide(b), WhitePoints: wp}
	if _, err := tx.exec(`INSERT INTO playoff_games (playoff_id, game, white_entry, black_entry, white_points, at) VALUES (?, ?, ?, ?, ?, ?)`,
		p.ID, g.Game, w.ID, b.ID, wp, tx.nowText()); err != nil {
		return nil, nil, err
	}
	p.Games = append(p.Games, g)
	return p, &p.Games[len(p.Games)-1], tx.logEvent(t.ID, "playoff.result", nil, map[string]any{"playoff": p.Number, "game": g})
}

// playoffGameScore stores the PDN score g (text as given) of game game of play-off number
// of t, replayed with t's variant like every game of the event (rules.Replay), and logs
// "playoff.game" (before: the score it replaced, playoffScoreCols). An illegal score is stored too: the verdict says where and why. Errors:
// playoffByNumber's; ErrNoBoard (no such game); ErrMismatch (the score's result or variant
// disagrees with the game's, unless force); ErrGameExists (a score is stored, unless
// replace).
func (tx *Tx) playoffGameScore(t *tournament.Tournament, number, game int, g *rules.Game, text string, force, replace bool) (*tournament.PlayoffGame, rules.Verdict, error) {
	var v rules.Verdict
	p, err := tx.playoffByNumber(t, number)
	if err != nil {
		return nil, v, err
	}
	if game < 1 || game > len(p.Games) {
		return nil, v, tournament.Errf(tournament.ErrNoBoard, "err.playoff.no_game", "{err}: play-off {number} has {games} game(s) (enter the result first: 'arbitro playoff result {number} WHITE BLACK RESULT')", "number", number, "games", len(p.Games))
	}
	pg := &p.Games[game-1]
	if pg.HasScore && !replace {
		return nil, v, tournament.Errf(tournament.ErrGameExists, "err.playoff.game_exists", "{err}: play-off {number} game {game} has one already (to replace it give --replace)", "number", number, "game", game)
	}
	var problems []error
	if s := tournament.PlayoffResultMismatch(g, *pg); s != nil {
		problems = append(problems, s)
	}
	if s := tournament.CheckVariant(g, t.Variant); s != nil {
		problems = append(problems, s)
	}
	if len(problems) > 0 && !force {
		return nil, v, tournament.Errf(tournament.ErrMismatch, "err.playoff.mismatch", "{err}: play-off {number} game {game} ({white} - {black}): {problems} (check the file, or give --force)", "number", number, "game", game, "white", pg.White.Name, "black", pg.Black.Name, "problems", tournament.Semicolons(problems))
	}
	v = rules.Replay(g, rules.ReplayOptions{Variant: t.Variant, ForceVariant: true})
	vj, err := json.Marshal(v)
	if err != nil {
		return nil, v, err
	}
	var ply any
	if !v.Legal {
		ply = v.Ply
	}
	kept, err := tx.snapshotRows("playoff_games", "playoff_id = ? AND game = ?", p.ID, game)
	if err != nil || len(kept) != 1 {
		return nil, v, fmt.Errorf("read play-off %d game %d: %v", number, game, err)
	}
	before := map[string]any{}
	for _, c := range playoffScoreCols {
		before[c] = kept[0][c]
	}
	if _, err := tx.exec(`UPDATE playoff_games SET pdn = ?, verdict = ?, legal = ?, illegal_ply = ?, reason = ? WHERE playoff_id = ? AND game = ?`,
		text, string(vj), tournament.BoolToInt(v.Legal), ply, v.Reason, p.ID, game); err != nil {
		return nil, v, err
	}
	pg.HasScore, pg.Legal, pg.Ply, pg.Reason = true, v.Legal, v.Ply, v.Reason
	if v.Legal {
		pg.Ply = 0
	}
	ev := map[string]any{"playoff": number, "game": game, "sha256": tournament.HashText(text), "legal": v.Legal}
	return pg, v, tx.logEvent(t.ID, "playoff.game", before, ev)
}

// playoffScoreCols are the columns of a play-off game's score, kept in the before of
// "playoff.game" (the score it replaced, pdn "" when none) for arbitro undo.
var playoffScoreCols = []string{"pdn", "verdict", "legal", "illegal_ply", "reason"}

// applyPlayoffs orders the rows of sa by t's play-offs (tournament.ApplyPlayoffs).
func (tx *Tx) applyPlayoffs(t *tournament.Tournament, sa *tournament.StandingsAfter) error {
	pos, err := tx.playoffs(t)
	if err != nil || len(pos) == 0 {
		return err
	}
	sa.Playoffs = pos
	sa.Rows, sa.PlayoffDecided = tournament.ApplyPlayoffs(sa.Rows, pos)
	return nil
}

// prizePlayoffs orders the final standings st (overall or of a category) by t's play-offs
// for the prize list, and records in decided the play-off that decided each place it did.
func (tx *Tx) prizePlayoffs(t *tournament.Tournament, st []tournament.Standing, decided map[int64]int) ([]tournament.Standing, error) {
	pos, err := tx.playoffs(t)
	if err != nil || len(pos) == 0 {
		return st, err
	}
	st, ids := tournament.ApplyPlayoffs(st, pos)
	for id := range ids {
		for _, p := range pos {
			if p.Has(id) {
				decided[id] = p.Number
			}
		}
	}
	return st, nil
}

// auditPlayoffs judges the stored scores of t's play-off games (tournament.AuditPlayoffGame)
// into a, counting them in its totals.
func (tx *Tx) auditPlayoffs(t *tournament.Tournament, a *tournament.TournamentAudit) error {
	pos, err := tx.playoffs(t)
	if err != nil {
		return err
	}
	for _, p := range pos {
		for _, g := range p.Games {
			if !g.HasScore {
				continue
			}
			var pdn string
			if err := tx.queryRow(`SELECT pdn FROM playoff_games WHERE playoff_id = ? AND game = ?`, p.ID, g.Game).Scan(&pdn); err != nil {
				return err
			}
			pa := tournament.AuditPlayoffGame(t, p.Number, g, pdn)
			a.Checked++
			if !pa.Verdict.Legal {
				a.Illegal++
			}
			a.Problems += len(pa.Problems)
			a.Playoffs = append(a.Playoffs, pa)
		}
	}
	return nil
}
