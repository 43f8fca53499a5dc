package store

import (
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// AddClaim checks a draw claim on the stored score of board board (game game) of round
// round of t (CheckClaim) and records it with the arbiter's decision (req.Decision, or the
// engine's verdict when empty) and the engine's reasoning; logs "claim.add".
//
// Errors: ErrNotPaired, ErrNoBoard, ErrNoGame (the claim is judged on the stored score),
// ErrInvalid (a decision other than accepted/rejected, a claimant other than white/black,
// negative plies), ErrMalformed (a note the names check refuses: tournament.CheckText).
func (tx *Tx) AddClaim(t *tournament.Tournament, round, board, game int, req tournament.ClaimRequest) (*tournament.ClaimRecord, error) {
	note, err := tournament.CheckText("claim note", req.Note, tournament.MaxTextRunes)
	if err != nil {
		return nil, err
	}
	req.Note = note
	req.Decision = strings.ToLower(strings.TrimSpace(req.Decision))
	switch req.Decision {
	case "", tournament.DecisionAccepted, tournament.DecisionRejected:
	default:
		return nil, tournament.Errf(tournament.ErrMalformed, "err.claim.decision", "{err}: decision {decision} (use accepted or rejected)", "decision", strconv.Quote(req.Decision))
	}
	if req.RequestedAt < 0 || req.DeclaredAt < 0 {
		return nil, tournament.Errf(tournament.ErrMalformed, "err.claim.negative_ply", "{err}: plies are counted from 0 (the start position)")
	}
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	claimant, err := tournament.ClaimantEntry(b, req.Claimant)
	if err != nil {
		return nil, err
	}
	sg, err := tx.GameOf(b)
	if err != nil {
		return nil, err
	}
	g, err := sg.Parse()
	if err != nil {
		return nil, err
	}
	if n := len(g.Moves); req.RequestedAt > n || req.DeclaredAt > n {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.claim.out_of_range", "{err}: the score of round {round} board {board} has {n} plies; the claim's plies must be within 0..{n}", "round", round, "board", board, "n", n)
	}
	if req.DeclaredAt < req.RequestedAt {
		return nil, tournament.Errf(tournament.ErrMalformed, "err.claim.before_request", "{err}: the draw cannot be declared (ply {declared_at}) before it was requested (ply {requested_at})", "declared_at", req.DeclaredAt, "requested_at", req.RequestedAt)
	}
	c := tournament.CheckClaim(g, t, req.RequestedAt, req.DeclaredAt)
	rec := tournament.NewClaimRecord(b, req, c, tx.actor)
	vj, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO claims (board_id, claimant_entry, rule, requested_ply, declared_ply, engine_verdict,
		engine_ok, decision, decided_by, decided_at, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		b.ID, claimant, c.Rule, req.RequestedAt, req.DeclaredAt, string(vj), tournament.BoolToInt(c.Valid), rec.Decision, tx.actor,
		tx.nowText(), req.Note, tx.nowText())
	if err != nil {
		return nil, err
	}
	if rec.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	if err := tx.logEvent(t.ID, "claim.add", nil, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// claimsOf returns the claims of board boardID, oldest first.
func (tx *Tx) claimsOf(boardID int64) ([]tournament.StoredClaim, error) {
	rows, err := tx.query(`SELECT id, board_id, rule, coalesce(requested_ply, 0), coalesce(declared_ply, 0),
		engine_ok, decision FROM claims WHERE board_id = ? ORDER BY id`, boardID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.StoredClaim
	for rows.Next() {
		var c tournament.StoredClaim
		var ok sql.NullInt64
		if err := rows.Scan(&c.ID, &c.BoardID, &c.Rule, &c.RequestedAt, &c.DeclaredAt, &ok, &c.Decision); err != nil {
			return nil, err
		}
		c.EngineOK = ok.Valid && ok.Int64 == 1
		out = append(out, c)
	}
	return out, rows.Err()
}
