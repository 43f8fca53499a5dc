package tournament

import (
	"fmt"

	"arbitro/pairing"
)

// LoadCrosstable reads tournament t's players, boards, results and absences into a
// Crosstable, with read-only queries (use it inside Store.View). Mapping from schema.sql:
//
//   - entries + players: ID = entries.id, Number = pairing_number (0 before the lot),
//     Rating = entries.rating, Withdrawn = status 'withdrawn'.
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
func (tx *Tx) LoadCrosstable(t *Tournament) (*Crosstable, error) {
	sc, err := ParseScoring(t.Scoring)
	if err != nil {
		return nil, err
	}
	tbs, err := TieBreaksFromNames(t.TieBreaks)
	if err != nil {
		return nil, err
	}
	ct := &Crosstable{
		Event:   t.EventInfo(),
		Scoring: sc, TieBreaks: tbs, Rounds: t.Rounds, GamesPerRound: t.GamesPerPairing, LotSeed: uint64(t.Seed),
	}
	cb := &crossBuilder{ct: ct, t: t, index: map[int]int{}}
	if err := tx.loadCrossPlayers(cb); err != nil {
		return nil, err
	}
	if err := tx.loadCrossBoards(cb); err != nil {
		return nil, err
	}
	if err := tx.loadCrossAbsences(cb); err != nil {
		return nil, err
	}
	cb.spreadStartPoints()
	if err := tx.loadCrossAdjustments(cb); err != nil {
		return nil, err
	}
	return ct, nil
}

// loadCrossAdjustments gives the players the 299 records (abnormal points) an imported
// TRF kept in trf_records, as ScoreAdjustments: the file's starting rank is the pairing
// number the import gave (TRF.ScoreAdjustments).
func (tx *Tx) loadCrossAdjustments(cb *crossBuilder) error {
	tr, err := tx.keptTRF(cb.t, "299")
	if err != nil || len(tr.Abnormal) == 0 {
		return err
	}
	for i := range cb.ct.Players {
		p := &cb.ct.Players[i]
		if p.Number > 0 {
			tr.Players = append(tr.Players, TRFPlayer{Number: p.Number})
		}
	}
	adj := tr.ScoreAdjustments()
	for i := range cb.ct.Players {
		if p := &cb.ct.Players[i]; p.Number > 0 {
			p.Adjustments = adj[p.Number]
		}
	}
	return nil
}

// crossBuilder is a Crosstable being loaded: entry id → index in ct.Players, and each
// entry's start points and joining round (the late entrants).
type crossBuilder struct {
	ct    *Crosstable
	t     *Tournament
	index map[int]int
	lates []lateEntry
}

type lateEntry struct{ points, joined int }

// add appends result r to the results of entry id.
func (cb *crossBuilder) add(id int, r CrossResult) error {
	i, ok := cb.index[id]
	if !ok {
		return fmt.Errorf("%w: round %d: entry %d is not in %s", ErrInvalidCrosstable, r.Round, id, cb.t.Name)
	}
	cb.ct.Players[i].Results = append(cb.ct.Players[i].Results, r)
	return nil
}

// loadCrossPlayers reads the entries in pairing-number order (those without a number
// last, by name).
func (tx *Tx) loadCrossPlayers(cb *crossBuilder) error {
	rows, err := tx.query(`
		SELECT e.id, COALESCE(e.pairing_number, 0), p.name, p.club, p.federation, p.title, e.rating,
		       e.status = 'withdrawn', e.start_points, e.joined_round
		FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ?
		ORDER BY COALESCE(e.pairing_number, 1000000000), p.name, e.id`, cb.t.ID)
	if err != nil {
		return fmt.Errorf("loading the players of %s: %w", cb.t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e CrossEntry
		var l lateEntry
		if err := rows.Scan(&e.ID, &e.Number, &e.Name, &e.Club, &e.Federation, &e.Title, &e.Rating, &e.Withdrawn, &l.points, &l.joined); err != nil {
			return err
		}
		e.Name = ShownName(e.Name)
		e.JoinedRound = l.joined
		cb.index[e.ID] = len(cb.ct.Players)
		cb.ct.Players = append(cb.ct.Players, e)
		cb.lates = append(cb.lates, l)
	}
	return rows.Close()
}

// loadCrossBoards reads every board with its result into both players' results.
func (tx *Tx) loadCrossBoards(cb *crossBuilder) error {
	rows, err := tx.query(`
		SELECT r.number, b.board, b.game, b.white_entry, COALESCE(b.black_entry, 0),
		       COALESCE(res.kind, ''), COALESCE(res.white_points, 0), COALESCE(res.black_points, 0)
		FROM boards b JOIN rounds r ON r.id = b.round_id
		LEFT JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ?
		ORDER BY r.number, b.board, b.game`, cb.t.ID)
	if err != nil {
		return fmt.Errorf("loading the boards of %s: %w", cb.t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var round, board, game, white, black, wp, bp int
		var kind string
		if err := rows.Scan(&round, &board, &game, &white, &black, &kind, &wp, &bp); err != nil {
			return err
		}
		w := CrossResult{Round: round, Game: game, Board: board, Opponent: black, Colour: pairing.White, Points: wp}
		b := CrossResult{Round: round, Game: game, Board: board, Opponent: white, Colour: pairing.Black, Points: bp}
		if black == 0 {
			w.Kind, w.Colour = CrossBye, pairing.NoColour
			if kind == "" {
				w.Points = cb.t.ByePoints
			}
			if err := cb.add(white, w); err != nil {
				return err
			}
			continue
		}
		if err := boardKinds(&w, &b, kind); err != nil {
			return err
		}
		if err := cb.add(white, w); err != nil {
			return err
		}
		if err := cb.add(black, b); err != nil {
			return err
		}
	}
	return rows.Err()
}

// boardKinds sets the kinds of a game's two sides from the stored result kind ("played",
// "forfeit", "unplayed"; "adjourned" or "" pending, points 0). A forfeit's kinds follow
// its points: the side with more won it, 0-0 is a double forfeit; a forfeit that scores
// both sides is ErrInvalidCrosstable.
func boardKinds(w, b *CrossResult, kind string) error {
	switch kind {
	case "played":
		w.Kind, b.Kind = CrossPlayed, CrossPlayed
	case "forfeit":
		switch {
		case w.Points > b.Points:
			w.Kind, b.Kind = CrossForfeitWin, CrossForfeitLoss
		case b.Points > w.Points:
			w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitWin
		case w.Points == 0:
			w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitLoss
		default:
			return fmt.Errorf("%w: round %d board %d: a forfeit scored %d-%d", ErrInvalidCrosstable, w.Round, w.Board, w.Points, b.Points)
		}
	case "unplayed":
		w.Kind, b.Kind = CrossUnplayed, CrossUnplayed
	default: // "adjourned", or no result yet
		w.Kind, b.Kind = CrossPending, CrossPending
		w.Points, b.Points = 0, 0
	}
	return nil
}

// loadCrossAbsences reads the announced absences as results of their rounds.
func (tx *Tx) loadCrossAbsences(cb *crossBuilder) error {
	rows, err := tx.query(`SELECT entry_id, round_number, points FROM absences WHERE tournament_id = ? ORDER BY round_number, entry_id`, cb.t.ID)
	if err != nil {
		return fmt.Errorf("loading the absences of %s: %w", cb.t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, round, pts int
		if err := rows.Scan(&id, &round, &pts); err != nil {
			return err
		}
		if err := cb.add(id, CrossResult{Round: round, Kind: CrossAbsent, Points: pts}); err != nil {
			return err
		}
	}
	return rows.Err()
}

// spreadStartPoints gives a late entrant's start points to the rounds he missed that have
// no board or absence, 2 game points per round (then 1), as absences.
func (cb *crossBuilder) spreadStartPoints() {
	for i, l := range cb.lates {
		left := l.points
		for r := 1; r < l.joined && r <= cb.t.Rounds && left > 0; r++ {
			if hasRound(cb.ct.Players[i].Results, r) {
				continue
			}
			pts := min(2, left)
			left -= pts
			cb.ct.Players[i].Results = append(cb.ct.Players[i].Results, CrossResult{Round: r, Kind: CrossAbsent, Points: pts})
		}
	}
}

func hasRound(rs []CrossResult, round int) bool {
	for _, r := range rs {
		if r.Round == round {
			return true
		}
	}
	return false
}

// RoundNotPairedError: standings were asked after Round, a round of the tournament that
// has not been paired yet (LastPaired is the last paired round).
type RoundNotPairedError struct{ Round, LastPaired int }

func (e *RoundNotPairedError) Error() string {
	return fmt.Sprintf("round %d has not been paired yet (last paired round: %d)", e.Round, e.LastPaired)
}

// StandingsAfter is the standings use case of `arbitro standings` and `crosstable`.
type StandingsAfter struct {
	Table *Crosstable // the crosstable; for a category, its event name ends " — CATEGORY"
	Round int         // the round the standings are after
	Rows  []Standing  // in order of places (FIDE C.07 tie-breaks of the tournament)
}

// Standings returns tournament t's standings after round (a negative round: the last
// round whose results are all in, CompletedRounds), of the whole field or of category
// (a category's own places and tie-breaks, docs/categories-prizes.md) when category is
// not "". Errors: a round paired in no board yet (*RoundNotPairedError), a round outside the
// tournament (ErrRoundRange), an unknown category (ErrCategory), and LoadCrosstable's.
func (tx *Tx) Standings(t *Tournament, round int, category string) (*StandingsAfter, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	if round < 0 {
		round = CompletedRounds(ct)
	}
	if last := LastRound(ct); round > last && round <= ct.Rounds {
		return nil, &RoundNotPairedError{Round: round, LastPaired: last}
	}
	var rows []Standing
	if category != "" {
		if rows, err = tx.CategoryStandings(t, ct, category, round); err != nil {
			return nil, err
		}
		c := *ct
		c.Event.Name += " — " + category
		ct = &c
	} else if rows, err = ComputeStandings(ct, round); err != nil {
		return nil, err
	}
	return &StandingsAfter{Table: ct, Round: round, Rows: rows}, nil
}
