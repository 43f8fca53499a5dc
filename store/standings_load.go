package store

import (
	"fmt"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// LoadCrosstable reads tournament t's players, boards, results and absences into a
// Crosstable, with read-only queries (use it inside Store.View). Mapping from schema.sql:
//
//   - entries + players: ID = entries.id, Number = pairing_number (0 before the lot),
//     Rating = entries.rating, Withdrawn = status 'withdrawn', WithdrawnAfter =
//     withdrawn_after.
//   - a board without black_entry is White's pairing bye: CrossBye with the result's
//     white_points, or tournaments.bye_points when no result row exists yet.
//   - results.kind 'played' → CrossPlayed; 'forfeit' → CrossForfeitWin for the side with
//     more points, CrossForfeitLoss for the other (both when 0-0); 'unplayed' →
//     CrossUnplayed; 'adjourned' or no result row → CrossPending.
//   - absences → CrossAbsent with the granted points.
//   - a late entrant's start_points are spread over the rounds before joined_round that
//     have no board or absence, 2 game points per round (then 1), as absences.
//
// Scoring, tie-breaks, rounds and games per pairing come from t. Errors: an unknown
// scoring or tie-break name (ErrUnknownScoring, ErrUnknownTieBreak), a forfeit that scores
// both sides (ErrInvalidCrosstable), or the database's error.
func (tx *Tx) LoadCrosstable(t *tournament.Tournament) (*tournament.Crosstable, error) {
	sc, err := tournament.ParseScoring(t.Scoring)
	if err != nil {
		return nil, err
	}
	tbs, err := tournament.TieBreaksFromNames(t.TieBreaks)
	if err != nil {
		return nil, err
	}
	ct := &tournament.Crosstable{
		Event:   t.EventInfo(),
		Scoring: sc, TieBreaks: tbs, Rounds: t.Rounds, GamesPerRound: t.GamesPerPairing, LotSeed: uint64(t.Seed),
	}
	cb := &tournament.CrossBuilder{Crosstable: ct, Tournament: t, Index: map[int]int{}}
	if err := tx.loadCrossPlayers(cb); err != nil {
		return nil, err
	}
	if err := tx.loadCrossBoards(cb); err != nil {
		return nil, err
	}
	if err := tx.loadCrossAbsences(cb); err != nil {
		return nil, err
	}
	cb.SpreadStartPoints()
	if err := tx.loadCrossAdjustments(cb); err != nil {
		return nil, err
	}
	return ct, nil
}

// loadCrossAdjustments gives the players the 299 records (abnormal points) an imported
// TRF kept in trf_records, as ScoreAdjustments: the file's starting rank is the pairing
// number the import gave (TRF.ScoreAdjustments).
func (tx *Tx) loadCrossAdjustments(cb *tournament.CrossBuilder) error {
	if err := tx.loadCarried(cb); err != nil {
		return err
	}
	tr, err := tx.keptTRF(cb.Tournament, "299")
	if err != nil || len(tr.Abnormal) == 0 {
		return err
	}
	for i := range cb.Crosstable.Players {
		p := &cb.Crosstable.Players[i]
		if p.Number > 0 {
			tr.Players = append(tr.Players, trf.Player{Number: p.Number})
		}
	}
	adj := tr.ScoreAdjustments()
	for i := range cb.Crosstable.Players {
		if p := &cb.Crosstable.Players[i]; p.Number > 0 {
			p.Adjustments = append(p.Adjustments, adj[p.Number]...)
		}
	}
	return nil
}

// loadCrossPlayers reads the entries in pairing-number order (those without a number
// last, by name).
func (tx *Tx) loadCrossPlayers(cb *tournament.CrossBuilder) error {
	rows, err := tx.query(`
		SELECT e.id, COALESCE(e.pairing_number, 0), p.name, p.club, p.federation, p.title, e.rating,
		       e.status = 'withdrawn', COALESCE(e.withdrawn_after, 0), e.start_points, e.joined_round
		FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? AND `+inField+`
		ORDER BY COALESCE(e.pairing_number, 1000000000), p.name, e.id`, cb.Tournament.ID)
	if err != nil {
		return fmt.Errorf("loading the players of %s: %w", cb.Tournament.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e tournament.CrossEntry
		var l tournament.LateEntry
		if err := rows.Scan(&e.ID, &e.Number, &e.Name, &e.Club, &e.Federation, &e.Title, &e.Rating, &e.Withdrawn, &e.WithdrawnAfter, &l.Points, &l.Joined); err != nil {
			return err
		}
		e.Name = tournament.ShownName(e.Name)
		e.Club, e.Federation, e.Title = tournament.ShownText(e.Club), tournament.ShownText(e.Federation), tournament.ShownText(e.Title)
		e.JoinedRound = l.Joined
		cb.Index[e.ID] = len(cb.Crosstable.Players)
		cb.Crosstable.Players = append(cb.Crosstable.Players, e)
		cb.Lates = append(cb.Lates, l)
	}
	return rows.Close()
}

// loadCrossBoards reads every board with its result into both players' results.
func (tx *Tx) loadCrossBoards(cb *tournament.CrossBuilder) error {
	rows, err := tx.query(`
		SELECT r.number, b.board, b.game, b.white_entry, COALESCE(b.black_entry, 0),
		       COALESCE(res.kind, ''), COALESCE(res.white_points, 0), COALESCE(res.black_points, 0)
		FROM boards b JOIN rounds r ON r.id = b.round_id
		LEFT JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ?
		ORDER BY r.number, b.board, b.game`, cb.Tournament.ID)
	if err != nil {
		return fmt.Errorf("loading the boards of %s: %w", cb.Tournament.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var round, board, game, white, black, wp, bp int
		var kind string
		if err := rows.Scan(&round, &board, &game, &white, &black, &kind, &wp, &bp); err != nil {
			return err
		}
		w := tournament.CrossResult{Round: round, Game: game, Board: board, Opponent: black, Colour: pairing.White, Points: wp}
		b := tournament.CrossResult{Round: round, Game: game, Board: board, Opponent: white, Colour: pairing.Black, Points: bp}
		if black == 0 {
			w.Kind, w.Colour = tournament.CrossBye, pairing.NoColour
			if kind == "" {
				w.Points = cb.Tournament.ByePoints
			}
			if err := cb.Add(white, w); err != nil {
				return err
			}
			continue
		}
		if err := tournament.BoardKinds(&w, &b, kind); err != nil {
			return err
		}
		if err := cb.Add(white, w); err != nil {
			return err
		}
		if err := cb.Add(black, b); err != nil {
			return err
		}
	}
	return rows.Err()
}

// loadCrossAbsences reads the announced absences as results of their rounds.
func (tx *Tx) loadCrossAbsences(cb *tournament.CrossBuilder) error {
	rows, err := tx.query(`SELECT entry_id, round_number, points FROM absences WHERE tournament_id = ? ORDER BY round_number, entry_id`, cb.Tournament.ID)
	if err != nil {
		return fmt.Errorf("loading the absences of %s: %w", cb.Tournament.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, round, pts int
		if err := rows.Scan(&id, &round, &pts); err != nil {
			return err
		}
		if err := cb.Add(id, tournament.CrossResult{Round: round, Kind: tournament.CrossAbsent, Points: pts}); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Standings returns tournament t's standings after round (a negative round: the last
// round whose results are all in, CompletedRounds), of the whole field or of category
// (a category's own places and tie-breaks, docs/categories-prizes.md) when category is
// not "". Errors: a round paired in no board yet (*RoundNotPairedError), a round outside the
// tournament (ErrRoundRange), an unknown category (ErrCategory), and LoadCrosstable's.
func (tx *Tx) Standings(t *tournament.Tournament, round int, category string) (*tournament.StandingsAfter, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	if round < 0 {
		round = tournament.CompletedRounds(ct)
	}
	if last := tournament.LastRound(ct); round > last && round <= ct.Rounds {
		return nil, &tournament.RoundNotPairedError{Round: round, LastPaired: last}
	}
	var rows []tournament.Standing
	if category != "" {
		if rows, err = tx.CategoryStandings(t, ct, category, round); err != nil {
			return nil, err
		}
		c := *ct
		c.Event.Name += " — " + tournament.ShownText(category) // as found (EqualFold of the stored name, shown escaped)
		ct = &c
	} else if rows, err = tournament.ComputeStandingsAsOf(ct, round); err != nil {
		return nil, err
	}
	out := &tournament.StandingsAfter{Table: ct, Round: round, Rows: rows}
	if round == ct.Rounds && round > 0 {
		if err := tx.applyPlayoffs(t, out); err != nil {
			return nil, err
		}
	}
	if category == "" {
		out.Categories, err = tx.entryCategories(t)
	}
	return out, err
}

// entryCategories names the categories of each entry of t (entry id → names, in the
// order they were created); nil when t has no category.
func (tx *Tx) entryCategories(t *tournament.Tournament) (map[int][]string, error) {
	cs, err := tx.Categories(t)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	out := map[int][]string{}
	for _, c := range cs {
		for _, id := range c.Members {
			out[int(id)] = append(out[int(id)], c.Name)
		}
	}
	return out, nil
}

// loadCarried gives the players of a group the points they carry from the earlier stage
// (group_entries.carried, issue 32) as a bonus from round 1: part of the score wherever a
// score is used, of no round's points (tournament.ScoreAdjustment ' ').
func (tx *Tx) loadCarried(cb *tournament.CrossBuilder) error {
	carried, err := tx.carriedAdjustments(cb.Tournament.ID)
	if err != nil || len(carried) == 0 {
		return err
	}
	for i := range cb.Crosstable.Players {
		p := &cb.Crosstable.Players[i]
		if pts := carried[int64(p.ID)]; pts != 0 {
			p.Adjustments = append(p.Adjustments, tournament.ScoreAdjustment{Result: ' ', Round: 1, Points: pts, Carried: true})
		}
	}
	return nil
}
