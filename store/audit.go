package store

import (
	"arbitro/tournament"
)

// Audit replays every stored game score of t (of round round only, when round > 0) with t's
// variant and lists every problem: an illegal move or an ambiguous capture (with the ply,
// the position and the legal moves in the verdict), a result inconsistent with the moves,
// a recorded result that differs from the score's result or from the final position, a
// score whose players disagree with the pairing, and for each stored draw claim: a verdict
// that changed, a decision that differs from the engine's, an accepted draw whose board is
// not recorded as a draw. Read-only: use it in Store.View.
func (tx *Tx) Audit(t *tournament.Tournament, round int) (*tournament.TournamentAudit, error) {
	boards, err := tx.Boards(t, round)
	if err != nil {
		return nil, err
	}
	a := &tournament.TournamentAudit{Games: []tournament.GameAudit{}}
	openings, err := tx.roundOpenings(t) // FID opening ballot: opening-mismatch (issue 13)
	if err != nil {
		return nil, err
	}
	for _, b := range boards {
		if b.GameID == 0 {
			continue
		}
		sg, err := tx.GameOf(b)
		if err != nil {
			return nil, err
		}
		claims, err := tx.claimsOf(b.ID)
		if err != nil {
			return nil, err
		}
		ga, err := tournament.AuditGame(t, sg, claims, openings[b.Round], nil)
		if err != nil {
			return nil, err
		}
		a.Checked++
		if !ga.Verdict.Legal {
			a.Illegal++
		}
		a.Problems += len(ga.Problems)
		a.Games = append(a.Games, ga)
	}
	if round <= 0 {
		if err := tx.auditPlayoffs(t, a); err != nil {
			return nil, err
		}
	}
	return a, nil
}
