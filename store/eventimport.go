package store

// Importing a played event from a PDN file: players, rounds, boards, results and every game
// score, each replayed and judged by the rules engine, written in one transaction.

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"strconv"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// importEvent writes plan in the current transaction: the tournament, one player and entry
// per name (pairing number = order of first appearance in the file, since the file does not
// record the lot), the rounds (method "imported"), then the games, read again from the file
// one at a time: each one's board (file order within its round), its result (SetResult;
// none for a game without a result) and its score (AddGame, which replays it and stores the
// verdict). The plan's Legal, Illegal and Warnings are filled in. Logs "event.import" after
// the per-item events. Errors: ErrAlreadyImported, those of CreateTournament, AddPlayer,
// SetResult and AddGame, ErrEventPDN when the file changed since it was planned, or the
// database's; the caller's Store.Update rolls everything back.
func (tx *Tx) importEvent(plan *tournament.EventPlan, source string) (*tournament.ImportReport, error) {
	if err := tx.checkNotImported(plan); err != nil {
		return nil, err
	}
	t := plan.Tournament
	if err := tx.CreateTournament(&t); err != nil {
		return nil, err
	}
	rep := &tournament.ImportReport{Tournament: &t, Plan: plan}
	if err := tx.addEventPlayers(&t, plan, rep); err != nil {
		return nil, err
	}
	now := tx.nowText()
	roundIDs := make([]int64, plan.Rounds+1)
	for r := 1; r <= plan.Rounds; r++ {
		res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at)
			VALUES (?, ?, ?, 0, ?, ?, ?)`, t.ID, r, tournament.RoundMethodImported, "imported from "+source+" ("+plan.RoundSource+")", now, now)
		if err != nil {
			return nil, err
		}
		if roundIDs[r], err = res.LastInsertId(); err != nil {
			return nil, err
		}
	}
	if err := tx.storeEventGames(&t, plan, rep.Entries, roundIDs); err != nil {
		return nil, err
	}
	if err := tx.idleNotes(&t, plan); err != nil {
		return nil, err
	}
	summary := map[string]any{
		"source": source, "games": plan.Games, "legal": plan.LegalGames, "players": len(plan.Players),
		"rounds": plan.Rounds, "round_source": plan.RoundSource, "warnings": plan.Warnings, "possible_duplicates": plan.Duplicates,
	}
	if plan.SHA256 != "" {
		summary["sha256"] = plan.SHA256
	}
	if err := tx.logEvent(t.ID, "event.import", nil, summary); err != nil {
		return nil, err
	}
	t.Players = len(plan.Players)
	t.RoundsPaired = plan.Rounds
	return rep, nil
}

// idleNotes adds to plan's warnings, for each imported round of t that has games, the
// players without a game in it (tournament.NoteImportIdle: a rest, an absence or a game
// missing from the file; the rounds without any game have NoteImportNoGames). It reads
// the boards once, round by round, keeping one round's players at a time.
func (tx *Tx) idleNotes(t *tournament.Tournament, plan *tournament.EventPlan) error {
	type entry struct {
		id   int64
		name string
	}
	var entries []entry
	rows, err := tx.query(`SELECT e.id, p.name FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? ORDER BY e.pairing_number, e.id`, t.ID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var e entry
		if err := rows.Scan(&e.id, &e.name); err != nil {
			rows.Close()
			return err
		}
		entries = append(entries, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	flush := func(round int, played map[int64]bool) {
		var names []string
		n := 0
		for _, e := range entries {
			if played[e.id] {
				continue
			}
			if n++; len(names) < tournament.ImportIdleShown {
				names = append(names, tournament.ShownText(e.name))
			}
		}
		if n == 0 {
			return
		}
		players := strings.Join(names, "; ")
		if n > len(names) {
			players += "; …"
		}
		plan.Warnings = append(plan.Warnings, tournament.NewNote(tournament.NoteImportIdle, "round", round, "n", n, "players", players))
	}
	rows, err = tx.query(`SELECT r.number, b.white_entry, coalesce(b.black_entry, 0) FROM rounds r JOIN boards b ON b.round_id = r.id
		WHERE r.tournament_id = ? ORDER BY r.number`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	round, played := 0, map[int64]bool{}
	for rows.Next() {
		var r int
		var w, b int64
		if err := rows.Scan(&r, &w, &b); err != nil {
			return err
		}
		if r != round {
			if round > 0 {
				flush(round, played)
			}
			round, played = r, map[int64]bool{}
		}
		played[w], played[b] = true, true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if round > 0 {
		flush(round, played)
	}
	return nil
}

// checkNotImported refuses a file already imported (its SHA-256 in an event.import event
// that arbitro undo did not revert) unless plan.Again.
func (tx *Tx) checkNotImported(plan *tournament.EventPlan) error {
	if plan.SHA256 == "" || plan.Again {
		return nil
	}
	var name, at string
	err := tx.queryRow(`SELECT coalesce(t.name, '?'), e.at FROM events e LEFT JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.action = 'event.import' AND json_extract(e.after_json, '$.sha256') = ? AND NOT `+undoneImport+` ORDER BY e.id LIMIT 1`, plan.SHA256).Scan(&name, &at)
	switch {
	case err == nil:
		return tournament.Errf(tournament.ErrAlreadyImported, "err.import.same_file", "{err}: this very file (SHA-256 {sha}...) was already imported as tournament {name} on {at}; give --again to import it once more as another tournament", "sha", plan.SHA256[:12], "name", strconv.Quote(name), "at", at)
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	return nil
}

// addEventPlayers enters the plan's players with their pairing numbers, into rep.Entries
// in the order of plan.Players.
func (tx *Tx) addEventPlayers(t *tournament.Tournament, plan *tournament.EventPlan, rep *tournament.ImportReport) error {
	dups := tournament.NewDupIndex(nil)
	for i, name := range plan.Players {
		e, err := tx.addPlayer(t, tournament.Player{Name: name}, dups, nil)
		if err != nil {
			return tournament.Errf(err, "err.import.player_context", "player {name}: {err}", "name", strconv.Quote(name))
		}
		e.Number = i + 1
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, e.Number, e.ID); err != nil {
			return err
		}
		rep.Entries = append(rep.Entries, *e)
	}
	return nil
}

// storeEventGames is the second pass: it reads the games again and stores each one on its
// board, with its result and score, keeping counts and the first illegal games in the plan.
func (tx *Tx) storeEventGames(t *tournament.Tournament, plan *tournament.EventPlan, ents []tournament.Entry, roundIDs []int64) error {
	src, err := plan.Open()
	if err != nil {
		return err
	}
	plan.LegalGames, plan.IllegalGames, plan.IllegalMore, plan.Classes = 0, nil, 0, rules.ClassCounts{}
	plan.Warnings = append([]tournament.Note(nil), plan.PlanWarnings...)
	w := tournament.NewWarner()
	mode := tournament.NewRoundMode(plan.RoundSource)
	n := 0
	for {
		g, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return tournament.ErrFileChanged("%v", err)
		}
		if n++; n > plan.Games {
			return tournament.ErrFileChanged("game %d is new", g.Index)
		}
		eg, err := plan.Place(mode, g)
		if err != nil {
			return err
		}
		if err := tx.storeEventGame(t, plan, g, &eg, ents, roundIDs, w); err != nil {
			return err
		}
		if tournament.ImportProbe != nil && n%tournament.ProbeEvery == 0 {
			tournament.ImportProbe()
		}
	}
	if n != plan.Games {
		return tournament.ErrFileChanged("%d games instead of %d", n, plan.Games)
	}
	plan.Warnings = append(plan.Warnings, w.Summary()...)
	return nil
}

// storeEventGame writes one game: its board, result and score.
func (tx *Tx) storeEventGame(t *tournament.Tournament, plan *tournament.EventPlan, g *rules.Game, eg *tournament.EventGame, ents []tournament.Entry, roundIDs []int64, w *tournament.Warner) error {
	we, be := &ents[plan.Number[eg.White]], &ents[plan.Number[eg.Black]]
	res, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`,
		roundIDs[eg.Round], eg.Board, we.ID, be.ID)
	if err != nil {
		return err
	}
	b := &tournament.Board{Round: eg.Round, Board: eg.Board, Game: 1, WhiteEntry: we.ID, BlackEntry: be.ID, White: we.Player.Name, Black: be.Player.Name}
	if b.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	if eg.HasResult {
		if err := tx.importResult(t, b, eg.Result); err != nil {
			return tournament.Errf(err, "err.import.board_context", "round {round} board {board}: {err}", "round", eg.Round, "board", eg.Board)
		}
	} else {
		w.Add(tournament.NewNote(tournament.NoteImportNoResult, "round", eg.Round, "board", eg.Board, "white", eg.White, "black", eg.Black,
			"game", eg.Index, "result", eg.Result))
	}
	if tag := g.ResultTag(); tag != "" && g.Result != "" && g.Result != "*" && tag != "*" && tag != g.Result {
		w.Add(tournament.NewNote(tournament.NoteImportResultTag, "round", eg.Round, "board", eg.Board, "game", eg.Index,
			"tag", tag, "moves", g.Result, "used", eg.Result))
	}
	var pdn bytes.Buffer
	if err := rules.WritePDN(&pdn, g); err != nil {
		return tournament.ErrfWrap(tournament.ErrEventPDN, err, "err.import.game", "{err}: game {index} (line {line}): {cause}", "index", g.Index, "line", g.Line)
	}
	// Force: the names in the score are the ones the entries were made from; any remaining
	// disagreement is kept in the event log, as for 'game add --force'.
	rec, err := tx.AddGame(t, eg.Round, eg.Board, 1, g, pdn.String(), tournament.GameOptions{Force: true})
	if err != nil {
		return tournament.Errf(err, "err.import.board_context", "round {round} board {board}: {err}", "round", eg.Round, "board", eg.Board)
	}
	plan.Classes.Add(&rec.Verdict)
	if rec.Verdict.Legal {
		plan.LegalGames++
		return nil
	}
	if len(plan.IllegalGames) < tournament.MaxListed {
		eg.Verdict = rec.Verdict
		plan.IllegalGames = append(plan.IllegalGames, *eg)
	} else {
		plan.IllegalMore++
	}
	return nil
}

// importResult records the result of a new board of an imported event and logs
// "result.set", as SetResult does; an imported event has no pairing bye to score, so the
// round's boards are not read again for each game (SetResult's scoreByes), which would make
// the import's time grow with the square of the boards of a round.
func (tx *Tx) importResult(t *tournament.Tournament, b *tournament.Board, spec string) error {
	o, err := tournament.ParseOutcome(spec)
	if err != nil {
		return err
	}
	wp, bp := o.Points(t)
	r := &tournament.Result{Kind: o.Kind, WhitePoints: wp, BlackPoints: bp, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
	if err := tx.writeResult(b.ID, r); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "result.set", tournament.ResultEvent(b, nil, ""), tournament.ResultEvent(b, r, ""))
}

// ImportEventPDN reads a PDN file of a played event from r, plans it and writes it
// (Tx.importEvent) in one transaction of st: all of it or nothing. A file (an
// io.ReadSeeker) is read twice and never held in memory (PrepareEventImportFile); another
// reader is read whole first (PrepareEventImport). source names the file in the event log.
// Errors: those of the Prepare functions and of importEvent.
func ImportEventPDN(ctx context.Context, st *Store, r io.Reader, source string, opts tournament.EventImportOptions) (*tournament.ImportReport, error) {
	var plan *tournament.EventPlan
	var err error
	if rs, ok := r.(io.ReadSeeker); ok {
		plan, err = tournament.PrepareEventImportFile(rs, opts)
	} else {
		plan, err = tournament.PrepareEventImport(r, opts)
	}
	if err != nil {
		return nil, err
	}
	return ImportEventPlan(ctx, st, plan, source)
}

// ImportEventPlan writes a prepared plan into st in one transaction: everything or
// nothing. source names the file in the event log.
func ImportEventPlan(ctx context.Context, st *Store, plan *tournament.EventPlan, source string) (*tournament.ImportReport, error) {
	var rep *tournament.ImportReport
	err := st.Update(ctx, func(tx *Tx) error {
		var err error
		rep, err = tx.importEvent(plan, source)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}
