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
	rows, err := tx.query(`
		SELECT e.id, COALESCE(e.pairing_number, 0), p.name, p.club, p.federation, p.title, e.rating,
		       e.status = 'withdrawn', e.start_points, e.joined_round
		FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ?
		ORDER BY COALESCE(e.pairing_number, 1000000000), p.name, e.id`, t.ID)
	if err != nil {
		return nil, fmt.Errorf("loading the players of %s: %w", t.Name, err)
	}
	index := map[int]int{}
	type late struct{ points, joined int }
	var lates []late
	for rows.Next() {
		var e CrossEntry
		var l late
		if err := rows.Scan(&e.ID, &e.Number, &e.Name, &e.Club, &e.Federation, &e.Title, &e.Rating, &e.Withdrawn, &l.points, &l.joined); err != nil {
			rows.Close()
			return nil, err
		}
		e.JoinedRound = l.joined
		index[e.ID] = len(ct.Players)
		ct.Players = append(ct.Players, e)
		lates = append(lates, l)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	add := func(id int, r CrossResult) error {
		i, ok := index[id]
		if !ok {
			return fmt.Errorf("%w: round %d: entry %d is not in %s", ErrInvalidCrosstable, r.Round, id, t.Name)
		}
		ct.Players[i].Results = append(ct.Players[i].Results, r)
		return nil
	}
	rows, err = tx.query(`
		SELECT r.number, b.board, b.game, b.white_entry, COALESCE(b.black_entry, 0),
		       COALESCE(res.kind, ''), COALESCE(res.white_points, 0), COALESCE(res.black_points, 0)
		FROM boards b JOIN rounds r ON r.id = b.round_id
		LEFT JOIN results res ON res.board_id = b.id
		WHERE r.tournament_id = ?
		ORDER BY r.number, b.board, b.game`, t.ID)
	if err != nil {
		return nil, fmt.Errorf("loading the boards of %s: %w", t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var round, board, game, white, black, wp, bp int
		var kind string
		if err := rows.Scan(&round, &board, &game, &white, &black, &kind, &wp, &bp); err != nil {
			return nil, err
		}
		w := CrossResult{Round: round, Game: game, Board: board, Opponent: black, Colour: pairing.White, Points: wp}
		b := CrossResult{Round: round, Game: game, Board: board, Opponent: white, Colour: pairing.Black, Points: bp}
		if black == 0 {
			w.Kind, w.Colour = CrossBye, pairing.NoColour
			if kind == "" {
				w.Points = t.ByePoints
			}
			if err := add(white, w); err != nil {
				return nil, err
			}
			continue
		}
		switch kind {
		case "played":
			w.Kind, b.Kind = CrossPlayed, CrossPlayed
		case "forfeit":
			switch {
			case wp > bp:
				w.Kind, b.Kind = CrossForfeitWin, CrossForfeitLoss
			case bp > wp:
				w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitWin
			case wp == 0:
				w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitLoss
			default:
				return nil, fmt.Errorf("%w: round %d board %d: a forfeit scored %d-%d", ErrInvalidCrosstable, round, board, wp, bp)
			}
		case "unplayed":
			w.Kind, b.Kind = CrossUnplayed, CrossUnplayed
		default: // "adjourned", or no result yet
			w.Kind, b.Kind = CrossPending, CrossPending
			w.Points, b.Points = 0, 0
		}
		if err := add(white, w); err != nil {
			return nil, err
		}
		if err := add(black, b); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows2, err := tx.query(`SELECT entry_id, round_number, points FROM absences WHERE tournament_id = ? ORDER BY round_number, entry_id`, t.ID)
	if err != nil {
		return nil, fmt.Errorf("loading the absences of %s: %w", t.Name, err)
	}
	defer rows2.Close()
	for rows2.Next() {
		var id, round, pts int
		if err := rows2.Scan(&id, &round, &pts); err != nil {
			return nil, err
		}
		if err := add(id, CrossResult{Round: round, Kind: CrossAbsent, Points: pts}); err != nil {
			return nil, err
		}
	}
	if err := rows2.Err(); err != nil {
		return nil, err
	}
	// Late entrants: start points on the rounds they missed.
	for i, l := range lates {
		left := l.points
		for r := 1; r < l.joined && r <= t.Rounds && left > 0; r++ {
			if hasRound(ct.Players[i].Results, r) {
				continue
			}
			pts := min(2, left)
			left -= pts
			ct.Players[i].Results = append(ct.Players[i].Results, CrossResult{Round: r, Kind: CrossAbsent, Points: pts})
		}
	}
	return ct, nil
}

func hasRound(rs []CrossResult, round int) bool {
	for _, r := range rs {
		if r.Round == round {
			return true
		}
	}
	return false
}
