// Store integration of the pairing engines (lot, pair, unpair, pairings).

package store

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// DrawLot draws the pairing numbers (numeri di sorteggio, FID Capo V Art. 2) of every entry
// of t with pairing.Lot from the tournament's stored seed, or from *seed when seed is not
// nil (then stored in its place), writes them, sets tournaments.lot_drawn_at and logs
// "lot.draw" with the previous and the new numbers. Anybody can re-run the draw from the
// seed (see pairing.Lot for the algorithm).
//
// For the Dutch system the pairing numbers are not drawn: they are the initial ranking
// (FIDE C.04.2 Art. 2: rating, highest first; then, as arbitro's simplification, the name,
// case-insensitive, and the entry id — FIDE titles are not used), and the seed draws only
// round 1's initial colour (pairing.LotColour, C.04.3 Art. 5.1, 5.2.5).
//
// A player withdrawn before round 1 (tournament.Entry.DidNotStart) takes no part in the draw
// and keeps no number. The lot may be drawn again while no round is paired (e.g. after a late registration);
// once round 1 is paired it is refused with ErrLocked, and players added later get the next
// numbers (AddPlayer, docs/pairing-fid.md 2.8). Errors: ErrLocked; ErrInvalid for no players or
// a seed of 0 or above 2^63-1 (the column is a signed 64-bit integer).
func (tx *Tx) DrawLot(t *tournament.Tournament, seed *uint64) (*tournament.LotResult, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if cur.RoundsPaired > 0 {
		return nil, tournament.LotLocked(cur)
	}
	res, beforeEv, err := tx.drawLot(cur, seed)
	if err != nil {
		return nil, err
	}
	if err := tx.logEvent(cur.ID, "lot.draw", beforeEv, res); err != nil {
		return nil, err
	}
	return res, nil
}

// relot draws the lot of cur again from its stored seed when it was drawn and no round is
// paired (the field changed: a player removed, withdrawn before round 1 or reinstated),
// so that the numbers are those of a lot drawn on the field as it is now; the same seed on
// the same field gives the same numbers, so a slip put right leaves the lot as it was.
// Returns nil when there was nothing to draw again. The caller logs the result with its
// own event.
func (tx *Tx) relot(cur *tournament.Tournament) (*tournament.LotResult, error) {
	if cur.LotDrawnAt == "" || cur.RoundsPaired > 0 {
		return nil, nil
	}
	all, err := tx.Entries(cur.ID)
	if err != nil {
		return nil, err
	}
	if len(tournament.Field(all)) == 0 {
		_, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE tournament_id = ?`, cur.ID)
		return nil, err
	}
	res, _, err := tx.drawLot(cur, nil)
	if err != nil {
		return nil, err
	}
	// the lot of the event stays the one drawn then, on the field as it is now
	res.DrawnAt = cur.LotDrawnAt
	_, err = tx.exec(`UPDATE tournaments SET lot_drawn_at = ? WHERE id = ?`, cur.LotDrawnAt, cur.ID)
	return res, err
}

// drawLot writes the numbers of DrawLot and returns the result and the event's before.
func (tx *Tx) drawLot(cur *tournament.Tournament, seed *uint64) (*tournament.LotResult, any, error) {
	s, err := tournament.LotSeed(cur, seed)
	if err != nil {
		return nil, nil, err
	}
	all, err := tx.Entries(cur.ID)
	if err != nil {
		return nil, nil, err
	}
	entries := tournament.Field(all)
	if len(entries) == 0 {
		return nil, nil, tournament.Errf(tournament.ErrInvalid, "err.round.no_players", "{err}: {tournament} has no players yet; add them first (arbitro player add, arbitro player import)", "tournament", cur.Name)
	}
	var before []tournament.LotNumber
	for _, e := range all {
		if e.Number != 0 {
			before = append(before, tournament.LotNumber{Entry: e.ID, Number: e.Number, Name: e.Player.Name})
		}
	}
	nums, clubs, err := tournament.DrawNumbers(cur, s, entries)
	if err != nil {
		return nil, nil, err
	}
	if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE tournament_id = ?`, cur.ID); err != nil {
		return nil, nil, err
	}
	res := tournament.NewLotResult(cur, s, clubs, len(entries))
	res.DrawnAt = tx.nowText()
	if cur.System.FixedTable() {
		rounds, notes, err := tournament.RoundRobinRounds(cur, len(entries))
		if err != nil {
			return nil, nil, err
		}
		res.Warnings = append(res.Warnings, notes...)
		if cur.FieldCycles > 0 {
			if _, err := tx.exec(`UPDATE tournaments SET rounds = ? WHERE id = ?`, rounds, cur.ID); err != nil {
				return nil, nil, err
			}
			res.Rounds, res.Cycles = rounds, cur.FieldCycles
		}
	}
	for _, e := range entries {
		n := nums[int(e.ID)]
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, n, e.ID); err != nil {
			return nil, nil, err
		}
		res.Numbers = append(res.Numbers, tournament.LotNumber{Entry: e.ID, Number: n, Name: e.Player.Name})
	}
	sort.Slice(res.Numbers, func(i, j int) bool { return res.Numbers[i].Number < res.Numbers[j].Number })
	if _, err := tx.exec(`UPDATE tournaments SET lot_seed = ?, lot_drawn_at = ? WHERE id = ?`, s, res.DrawnAt, cur.ID); err != nil {
		return nil, nil, err
	}
	var beforeEv any
	if cur.LotDrawnAt != "" || len(before) > 0 {
		beforeEv = map[string]any{"seed": cur.Seed, "drawn_at": cur.LotDrawnAt, "numbers": before}
	}
	return res, beforeEv, nil
}

// snapshot builds the pairing engines' view of tournament t before round `round`
// (1-based): one pairing.Entrant per entry, in pairing-number order, with
//
//   - ID = entries.id, Number = pairing number, Rating = entries.rating, Name;
//   - History: one pairing.Round for every round 1..round-1, from LoadCrosstable's slots
//     (so absences and a late entrant's start points count as they do in the standings):
//     played → Played with the colour; bye → Bye; forfeits → ForfeitWin/ForfeitLoss with
//     the opponent and no colour; "unplayed" → ForfeitLoss with the opponent (the pairing
//     was made); a board without a final result → Played with the colour and 0 points; no
//     slot → Absent. With two games per pairing the round's points are summed and game 1
//     gives the colour. Float comes from boards.white_float / black_float of game 1 for a
//     played game or the bye; for a forfeit it is left NoFloat, so that pairing.Dutch
//     derives it from the unplayed round as it does for a TRF (no stored floats);
//   - Score = the sum of the History points (game points, 2-1-0);
//   - Available = false when the entry withdrew before the round (withdrawn_after < round),
//     joins later (joined_round > round) or has an absence recorded for the round.
//
// Errors: ErrLotNotDrawn when an entry has no pairing number; LoadCrosstable's errors.
func (tx *Tx) snapshot(t *tournament.Tournament, round int) ([]pairing.Entrant, error) {
	if round < 1 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.round.invalid_round", "{err}: round {round}", "round", round)
	}
	entries, err := tx.fieldEntries(t.ID)
	if err != nil {
		return nil, err
	}
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	slots := map[int][]tournament.CrossResult{}
	adjs := map[int][]tournament.ScoreAdjustment{}
	for _, p := range ct.Players {
		slots[p.ID], adjs[p.ID] = p.Results, p.Adjustments
	}
	bf, err := tx.boardFloats(t, round)
	if err != nil {
		return nil, err
	}
	out := make([]pairing.Entrant, 0, len(entries))
	for _, e := range entries {
		if e.Number == 0 {
			return nil, tournament.Errf(tournament.ErrLotNotDrawn, "err.round.no_pairing_number", "{err}: {player} has no pairing number (draw the lot: arbitro lot)", "player", e.Player.Name)
		}
		en := tournament.EntrantOf(e, slots[int(e.ID)], bf, round)
		en.Score += tournament.HistoryAdjustment(adjs[en.ID], en.History, round) // TRF 299 abnormal points
		out = append(out, en)
	}
	return out, nil
}

// boardFloats reads the storedFloats of the rounds of t before round.
func (tx *Tx) boardFloats(t *tournament.Tournament, round int) (tournament.StoredFloats, error) {
	bf := tournament.StoredFloats{Floats: map[tournament.RoundEntry]pairing.Float{}, Rests: map[tournament.RoundEntry]pairing.RestKind{}}
	rows, err := tx.query(`SELECT r.number, b.white_entry, coalesce(b.black_entry, 0), b.white_float, b.black_float, b.rest
		FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number < ? AND b.game = 1`, t.ID, round)
	if err != nil {
		return bf, err
	}
	defer rows.Close()
	for rows.Next() {
		var rn, w, b int
		var wf, bfl, rest string
		if err := rows.Scan(&rn, &w, &b, &wf, &bfl, &rest); err != nil {
			return bf, err
		}
		bf.Floats[tournament.RoundEntry{Round: rn, Entry: w}] = tournament.ParseFloat(wf)
		if b == 0 {
			bf.Rests[tournament.RoundEntry{Round: rn, Entry: w}] = pairing.RestKind(rest)
		} else {
			bf.Floats[tournament.RoundEntry{Round: rn, Entry: b}] = tournament.ParseFloat(bfl)
		}
	}
	return bf, rows.Close()
}

// missingResults lists the boards of rounds before `round` without a final result
// (no result row, or adjourned).
func (tx *Tx) missingResults(t *tournament.Tournament, round int) ([]tournament.MissingResult, error) {
	rows, err := tx.query(`SELECT r.number, b.board, b.game, pw.name, coalesce(pb.name, ''), coalesce(res.kind, '')
		FROM boards b JOIN rounds r ON r.id = b.round_id
		JOIN entries ew ON ew.id = b.white_entry JOIN players pw ON pw.id = ew.player_id
		LEFT JOIN entries eb ON eb.id = b.black_entry LEFT JOIN players pb ON pb.id = eb.player_id
		LEFT JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ? AND r.number < ? AND b.black_entry IS NOT NULL AND (res.kind IS NULL OR res.kind = 'adjourned')
		ORDER BY r.number, b.board, b.game`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.MissingResult
	for rows.Next() {
		var m tournament.MissingResult
		var kind string
		if err := rows.Scan(&m.Round, &m.Board, &m.Game, &m.White, &m.Black, &kind); err != nil {
			return nil, err
		}
		m.White, m.Black, m.Adjourned = tournament.ShownName(m.White), tournament.ShownName(m.Black), kind == tournament.KindAdjourned
		out = append(out, m)
	}
	return out, rows.Err()
}

// missingText names the boards without a result for ErrResultsMissing's message:
// "round 1 board 2 (Rossi, M - Bianchi, L), round 1 board 3 game 2 (...) adjourned".
func missingText(ms []tournament.MissingResult) []error {
	var out []error
	for _, m := range ms {
		var game, adjourned any = "", ""
		if m.Game == 2 {
			game = tournament.Errf(nil, "err.phrase.game2", " game 2")
		}
		if m.Adjourned {
			adjourned = tournament.Errf(nil, "err.phrase.adjourned", " adjourned")
		}
		out = append(out, tournament.Errf(nil, "err.phrase.missing_result", "round {round} board {board}{game} ({white} - {black}){adjourned}",
			"round", m.Round, "board", m.Board, "game", game, "white", m.White, "black", m.Black, "adjourned", adjourned))
	}
	return out
}

// roundPairs returns game 1 of every board of round `round` as pairing.Pair (entry ids),
// Board = the order the pairs were formed (boards.pair_order, else the board number).
func (tx *Tx) roundPairs(t *tournament.Tournament, round int) ([]pairing.Pair, error) {
	rows, err := tx.query(`SELECT b.board, b.pair_order, b.white_entry, coalesce(b.black_entry, 0)
		FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number = ? AND b.game = 1
		ORDER BY b.board`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pairing.Pair
	for rows.Next() {
		var p pairing.Pair
		var order int
		if err := rows.Scan(&p.Board, &order, &p.White, &p.Black); err != nil {
			return nil, err
		}
		if order > 0 {
			p.Board = order
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// roundInfo returns the header of round `round` of t (ErrNotPaired when it does not exist).
// An imported round stores no seed (0): its sheets print the tournament's, as `tournament
// show` does (issue 28).
func (tx *Tx) roundInfo(t *tournament.Tournament, round int) (*tournament.RoundInfo, error) {
	if err := tx.checkRound(t, round); err != nil {
		return nil, err
	}
	ri := &tournament.RoundInfo{Number: round}
	if err := tx.queryRow(`SELECT method, seed, explanation, paired_at FROM rounds WHERE tournament_id = ? AND number = ?`, t.ID, round).
		Scan(&ri.Method, &ri.Seed, &ri.Text, &ri.PairedAt); err != nil {
		return nil, err
	}
	if ri.Seed == 0 && (ri.Method == tournament.RoundMethodImported || ri.Method == trf.RoundMethod) {
		ri.Seed = t.Seed
	}
	if strings.HasPrefix(strings.TrimSpace(ri.Text), "{") {
		var ex tournament.RoundExplanation
		if json.Unmarshal([]byte(ri.Text), &ex) == nil {
			ri.Explanation = &ex
		}
	}
	return ri, nil
}

// Unpair removes the last paired round of t as UnpairRound does with no request: refused
// when the round has results. It returns the round removed.
func (tx *Tx) Unpair(t *tournament.Tournament) (int, error) {
	u, err := tx.UnpairRound(t, UnpairRequest{})
	if err != nil {
		return 0, err
	}
	return u.Round, nil
}

// UnpairRound removes the last paired round of t (arbiters correct mistakes) with its
// boards and the automatic bye results, and logs "round.unpair" with the boards removed,
// every row of the round (so that undo writes it back) and req.Reason. An entry that
// withdrew after that round was paired is moved back to "withdrawn after the round before"
// (so he is not paired again when the round is re-paired); when that is round 1 he did not
// start, and the lot is drawn again from the stored seed without him (relot). Announced
// absences for the round are kept.
//
// A round with results or game scores is unpaired only with a reason (issue 28): they are
// kept in the event log, and a new pairing of the round writes back those of the boards
// paired alike (restoreKept). Draw claims are not kept: they always block it.
//
// Errors: ErrNotPaired when no round exists; ErrInvalid when req.Round is not the last
// paired round; ErrRoundHasResults when a board of the round has a result other than an
// automatic bye, a game score (both only without a reason) or a draw claim (the message
// names the boards).
func (tx *Tx) UnpairRound(t *tournament.Tournament, req UnpairRequest) (*tournament.Unpaired, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	round := cur.RoundsPaired
	if round == 0 {
		return nil, tournament.Errf(tournament.ErrNotPaired, "err.round.none_to_unpair", "{err}: {tournament} has no paired round to remove", "tournament", cur.Name)
	}
	if req.Round != 0 && req.Round != round {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.round.unpair_last_only", "{err}: only the last paired round of {tournament}, {round}, can be unpaired, not round {round2}", "tournament", cur.Name, "round", round, "round2", req.Round)
	}
	boards, err := tx.Boards(cur, round)
	if err != nil {
		return nil, err
	}
	blocked, err := tx.unpairBlockers(boards)
	if err == nil && req.Reason != "" {
		blocked, err = tx.claimsOfRound(cur, round)
	}
	if err != nil {
		return nil, err
	}
	if len(blocked) > 0 {
		return nil, tournament.Errf(tournament.ErrRoundHasResults, "err.round.unpair_results", "{err}: round {round} of {tournament} cannot be unpaired, it has {blocked}", "round", round, "tournament", cur.Name, "blocked", strings.Join(blocked, "; "))
	}
	var roundID int64
	if err := tx.queryRow(`SELECT id FROM rounds WHERE tournament_id = ? AND number = ?`, cur.ID, round).Scan(&roundID); err != nil {
		return nil, err
	}
	rows, err := tx.snapshotRound(roundID)
	if err != nil {
		return nil, err
	}
	movedIDs, err := tx.withdrawnSince(cur.ID, round)
	if err != nil {
		return nil, err
	}
	moved, err := tx.unwithdraw(cur.ID, round)
	if err != nil {
		return nil, err
	}
	// results and boards go with the round (ON DELETE CASCADE), but be explicit.
	if _, err := tx.exec(`DELETE FROM results WHERE board_id IN (SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.tournament_id = ? AND r.number = ?)`, cur.ID, round); err != nil {
		return nil, err
	}
	if _, err := tx.exec(`DELETE FROM boards WHERE round_id IN (SELECT id FROM rounds WHERE tournament_id = ? AND number = ?)`, cur.ID, round); err != nil {
		return nil, err
	}
	if _, err := tx.exec(`DELETE FROM rounds WHERE tournament_id = ? AND number = ?`, cur.ID, round); err != nil {
		return nil, err
	}
	after := map[string]any{"round": round, "withdrawn_after_moved_back": moved}
	if len(movedIDs) > 0 {
		after["moved_ids"] = movedIDs
	}
	if round == 1 && len(moved) > 0 {
		// they withdrew before round 1 now: out of the lot, drawn again on the field
		before := *cur
		before.RoundsPaired = 0
		lot, err := tx.relot(&before)
		if err != nil {
			return nil, err
		}
		if lot != nil {
			after["lot"] = lot
		}
	}
	out := &tournament.Unpaired{Round: round, Kept: keptBoards(rows), Reason: req.Reason}
	log := unpairLog{Round: round, Boards: tournament.BoardSummary(boards), Reason: req.Reason, Kept: out.Kept, Rows: rows}
	if err := tx.logEvent(cur.ID, "round.unpair", log, after); err != nil {
		return nil, err
	}
	return out, nil
}

// withdrawnSince lists the entries of tournament id withdrawn after round `round` or later
// (those unwithdraw moves back), by id.
func (tx *Tx) withdrawnSince(id int64, round int) ([]int64, error) {
	rows, err := tx.query(`SELECT id FROM entries WHERE tournament_id = ? AND status = 'withdrawn' AND withdrawn_after >= ? ORDER BY id`, id, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var e int64
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// unpairBlockers lists the boards of a round that keep it from being unpaired: a result
// other than an automatic bye, a game score, a draw claim ("board 3 (A - B): result 2-0").
func (tx *Tx) unpairBlockers(boards []*tournament.Board) ([]string, error) {
	var blocked []string
	for _, b := range boards {
		what := ""
		switch {
		case b.Result != nil && !(b.Bye() && b.Result.Kind == tournament.KindBye):
			what = "result " + b.Result.String()
		case b.GameID != 0:
			what = "a game score"
		}
		if what == "" {
			var n int
			if err := tx.queryRow(`SELECT count(*) FROM claims WHERE board_id = ?`, b.ID).Scan(&n); err != nil {
				return nil, err
			}
			if n > 0 {
				what = "a draw claim"
			}
		}
		if what != "" {
			s := fmt.Sprintf("board %d (%s - %s): %s", b.Board, b.White, tournament.OrDash(b.Black), what)
			if b.Game == 2 {
				s = fmt.Sprintf("board %d game 2 (%s - %s): %s", b.Board, b.White, b.Black, what)
			}
			blocked = append(blocked, s)
		}
	}
	return blocked, nil
}

// unwithdraw moves the players of tournament id who withdrew after round `round` or later
// back to "withdrawn after round-1" (the round is being removed) and returns their names,
// sorted.
func (tx *Tx) unwithdraw(id int64, round int) ([]string, error) {
	var moved []string
	rows, err := tx.query(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? AND e.status = 'withdrawn' AND e.withdrawn_after >= ? ORDER BY p.name`, id, round)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		moved = append(moved, tournament.ShownName(n))
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if len(moved) > 0 {
		if _, err := tx.exec(`UPDATE entries SET withdrawn_after = ? WHERE tournament_id = ? AND status = 'withdrawn' AND withdrawn_after >= ?`, round-1, id, round); err != nil {
			return nil, err
		}
	}
	return moved, nil
}

// CheckPairing re-pairs round `round` of t (0: the last paired round) from the state
// before it with the tournament's system and compares the result with the stored round
// (pairing.DiffPairings; for Dutch pairing.CheckDutch, which also lists the absolute
// criteria the stored round breaks). The players available are those on the stored
// round's boards (for a round robin, everybody). The arbiter's manual pairs (--set) are
// NOT imposed on the re-pairing, so a round made with them shows the differences they
// caused; PairingCheck.Manual lists them. It writes nothing. Errors: ErrNotPaired, ErrNoPairing (the engine finds none),
// ErrInvalid, snapshot's errors.
func (tx *Tx) CheckPairing(t *tournament.Tournament, round int) (*tournament.PairingCheck, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if round == 0 {
		round = cur.RoundsPaired
		if round == 0 {
			return nil, tournament.Errf(tournament.ErrNotPaired, "err.round.none_to_check", "{err}: {tournament} has no paired round to check", "tournament", cur.Name)
		}
	}
	ri, err := tx.roundInfo(cur, round)
	if err != nil {
		return nil, err
	}
	checked, err := tx.roundPairs(cur, round)
	if err != nil {
		return nil, err
	}
	es, err := tx.snapshot(cur, round)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	for _, p := range checked {
		in[p.White], in[p.Black] = true, true
	}
	c := &tournament.PairingCheck{Round: round, System: cur.System, Checked: checked, Names: map[int]string{}, Numbers: map[int]int{}}
	byNumber := map[int]int{}
	for i := range es {
		c.Names[es[i].ID], c.Numbers[es[i].ID] = es[i].Name, es[i].Number
		byNumber[es[i].Number] = es[i].ID
		if !cur.System.FixedTable() { // a fixed table re-pairs every entrant
			es[i].Available = in[es[i].ID]
		}
	}
	if ri.Explanation != nil {
		c.Manual = ri.Explanation.Manual
	}
	f, err := tx.loadSystemFacts(cur, round)
	if err != nil {
		return nil, err
	}
	if err := tournament.CheckWithEngine(c, cur, es, f); err != nil {
		return nil, err
	}
	return c, nil
}
