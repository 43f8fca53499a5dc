// PairNext as load → plan → write: the store reads what pairing a round needs into a
// pairingSnapshot, planRound decides the round from it without a database, and writeRound
// stores the plan.

package store

import (
	"encoding/json"

	"arbitro/tournament"
)

// PairNext pairs the next round of t (one more than the last paired round) with the
// tournament's system, in the caller's transaction, and stores it:
//
//   - refused before the lot (ErrLotNotDrawn), beyond tournaments.rounds
//     (ErrAllRoundsPaired), and while an earlier round has a board without a final result
//     (ErrResultsMissing, unless opts.Force: then the boards are returned as warnings);
//   - round-robin: round r of the Berger table (pairing.RoundRobin; double round robin when
//     the tournament plans twice BergerRounds(n) rounds; odd n: the bye); every entry must
//     have joined in round 1, and manual pairs are refused;
//   - italo-swiss: the tournament's format (pairing.ItaloFID, or pairing.ItaloSwiss for
//     rotation) from the start player of the previous round, with opts.Manual as fixed
//     pairs;
//   - dutch: pairing.Dutch with the stored seed (round 1's colour drawn by lot) and the
//     planned number of rounds; manual pairs take boards 1..k and the others are paired
//     around them;
//
// then writes the round (method = system, seed, explanation JSON), its boards (game 2 with
// colours reversed when the tournament plays two games per pairing; a bye has one board
// row), the floats of the Swiss systems (pairing.RoundFloats, C.04.3 Art. 1.4), scores the byes
// (scoreByes) and logs "round.pair" (and "pairing.manual" for the arbiter's pairs).
//
// t names the tournament: its state is read again in the transaction, and t is not
// changed (the round paired is PairedRound.Round).
//
// Errors: the ones above; ErrNoPairing (wrapped, exit code 4 in the CLI); ErrInvalid for a
// bad manual pair or a bad round-robin size. Nothing is kept on error when the caller's
// Store.Update rolls back.
func (tx *Tx) PairNext(t *tournament.Tournament, opts tournament.PairOptions) (*tournament.PairedRound, error) {
	s, err := tx.loadPairing(t.ID, opts.Force)
	if err != nil {
		return nil, err
	}
	p, err := tournament.PlanRound(s, opts)
	if err != nil {
		return nil, err
	}
	return tx.writeRound(s, p, opts)
}

// loadPairing reads the pairingSnapshot of the next round of tournament id. The gates come
// first, before anything else is read: the lot, the planned rounds, and (unless force) the
// results of the earlier rounds.
func (tx *Tx) loadPairing(id int64, force bool) (*tournament.PairingSnapshot, error) {
	cur, err := tx.TournamentByID(id)
	if err != nil {
		return nil, err
	}
	if cur.LotDrawnAt == "" {
		return nil, tournament.Errf(tournament.ErrLotNotDrawn, "err.round.numbers_needed", "{err} for {tournament}: pairing numbers are needed before round 1", "tournament", cur.Name)
	}
	round := cur.RoundsPaired + 1
	if round > cur.Rounds {
		return nil, tournament.Errf(tournament.ErrAllRoundsPaired, "err.round.all_paired", "{err}: {tournament} plans {rounds} rounds and all are paired", "tournament", cur.Name, "rounds", cur.Rounds)
	}
	missing, err := tx.missingResults(cur, round)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 && !force {
		return nil, tournament.Errf(tournament.ErrResultsMissing, "err.round.results_missing", "{err}: before pairing round {round} enter the result of {missing}", "round", round, "missing", missingText(missing))
	}
	s := &tournament.PairingSnapshot{Tournament: *cur, Round: round, Missing: missing}
	if s.Entrants, err = tx.snapshot(cur, round); err != nil {
		return nil, err
	}
	if s.Forfeited, err = tx.forfeitLosses(cur, round-1); err != nil {
		return nil, err
	}
	if s.SystemFacts, err = tx.loadSystemFacts(cur, round); err != nil {
		return nil, err
	}
	return s, nil
}

// forfeitLosses lists the players who lost a game of round `round` of t by forfeit (the
// side given no points of a result of kind forfeit; both of a double forfeit), by board
// and game, White first.
func (tx *Tx) forfeitLosses(t *tournament.Tournament, round int) ([]tournament.ForfeitLoss, error) {
	if round < 1 {
		return nil, nil
	}
	rows, err := tx.query(`SELECT b.board, b.white_entry, coalesce(b.black_entry, 0), res.white_points, res.black_points
		FROM boards b JOIN rounds r ON r.id = b.round_id JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ? AND r.number = ? AND res.kind = 'forfeit' ORDER BY b.board, b.game`, t.ID, round)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.ForfeitLoss
	for rows.Next() {
		var board, white, black, wp, bp int
		if err := rows.Scan(&board, &white, &black, &wp, &bp); err != nil {
			return nil, err
		}
		if wp == 0 {
			out = append(out, tournament.ForfeitLoss{Entry: white, Board: board})
		}
		if bp == 0 && black != 0 {
			out = append(out, tournament.ForfeitLoss{Entry: black, Board: board})
		}
	}
	return out, rows.Err()
}

// loadSystemFacts reads the facts of round `round` of t that t's system needs
// (tournament.System.Needs), and the openings drawn when t has the FID ballot.
func (tx *Tx) loadSystemFacts(t *tournament.Tournament, round int) (tournament.SystemFacts, error) {
	var f tournament.SystemFacts
	var err error
	need := t.System.Needs(t, round) // the system says which facts, the store reads them
	if need.Late {
		f.Late, err = tx.lateEntries(t)
	}
	if err == nil && need.Prev {
		f.Prev, err = tx.roundPairs(t, round-1)
	}
	if err == nil && need.PrevRests {
		f.PrevRests, err = tx.roundRests(t, round-1)
	}
	if err == nil && need.Entries {
		f.Entries, err = tx.fieldEntries(t.ID)
	}
	if err == nil && need.Forbidden {
		f.Forbidden, err = tx.forbiddenEntries(t, round)
	}
	if err == nil && need.Accel {
		f.Acceleration, err = tx.loadAcceleration(t)
	}
	if err == nil && t.Openings == tournament.OpeningsFIDItalian {
		f.UsedOpenings, err = tx.usedOpenings(t, round)
	}
	return f, err
}

// lateEntries returns the names of the players of t who entered after round 1.
func (tx *Tx) lateEntries(t *tournament.Tournament) ([]string, error) {
	rows, err := tx.query(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ? AND e.joined_round > 1 ORDER BY p.name`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var late []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		late = append(late, tournament.ShownName(n))
	}
	return late, rows.Err()
}

// writeRound stores plan p of round s.round: the round row with its explanation, the
// opening drawn, the boards with their floats, the byes' scores, the results and game
// scores kept by an unpair of the round for the boards paired alike (restoreKept), and
// the event log.
func (tx *Tx) writeRound(s *tournament.PairingSnapshot, p *tournament.RoundPlan, opts tournament.PairOptions) (*tournament.PairedRound, error) {
	cur, round := &s.Tournament, s.Round
	exJSON, err := json.Marshal(p.Explanation)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, cur.ID, round, cur.System.Code(), cur.Seed, string(exJSON), tx.nowText(), tx.nowText())
	if err != nil {
		return nil, err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	if err := tx.storeOpening(roundID, p.Explanation.Opening); err != nil {
		return nil, err
	}
	if err := tx.writeBoards(roundID, cur.GamesPerPairing, p); err != nil {
		return nil, err
	}
	if _, err := tx.scoreByes(cur, round); err != nil {
		return nil, err
	}
	restored, err := tx.restoreKept(cur, round)
	if err != nil {
		return nil, err
	}
	boards, err := tx.Boards(cur, round)
	if err != nil {
		return nil, err
	}
	if len(opts.Manual) > 0 {
		if err := tx.logEvent(cur.ID, "pairing.manual", nil, map[string]any{"round": round, "pairs": opts.Manual}); err != nil {
			return nil, err
		}
	}
	if err := tx.logEvent(cur.ID, "round.pair", nil, map[string]any{"round": round, "method": cur.System.Code(), "seed": cur.Seed,
		"boards": tournament.BoardSummary(boards), "manual": opts.Manual, "warnings": p.Warnings}); err != nil {
		return nil, err
	}
	return &tournament.PairedRound{Round: round, Method: cur.System.Code(), Seed: cur.Seed, Boards: boards, Pairs: p.Pairs, Warnings: p.Warnings,
		Explanation: p.Explanation, Restored: restored}, nil
}

// writeBoards inserts the boards of plan p into round row roundID: game 1 of every pair
// (pair_order its place), game 2 with colours reversed when games is 2; a bye has one row.
func (tx *Tx) writeBoards(roundID int64, games int, p *tournament.RoundPlan) error {
	ins, err := tx.prepare(`INSERT INTO boards (round_id, board, game, white_entry, black_entry, pair_order, white_float, black_float, rest)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for i, pr := range p.Pairs {
		var black any
		rest := ""
		if pr.Black != 0 {
			black = pr.Black
		} else {
			rest = p.Rests[pr.White]
		}
		if _, err := ins.ExecContext(tx.ctx, roundID, pr.Board, 1, pr.White, black, i+1, tournament.FloatText(p.Floats[pr.White]), tournament.FloatText(p.Floats[pr.Black]), rest); err != nil {
			return err
		}
		if games == 2 && pr.Black != 0 {
			if _, err := ins.ExecContext(tx.ctx, roundID, pr.Board, 2, pr.Black, pr.White, i+1, tournament.FloatText(p.Floats[pr.Black]), tournament.FloatText(p.Floats[pr.White]), ""); err != nil {
				return err
			}
		}
	}
	return nil
}
