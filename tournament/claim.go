package tournament

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"arbitro/rules"
)

// Claim decisions (column claims.decision).
const (
	DecisionPending  = "pending"
	DecisionAccepted = "accepted"
	DecisionRejected = "rejected"
)

// Claim rules (column claims.rule).
const (
	RuleItalian40 = "40-moves"  // Italian 40-move count (conteggio delle 40 mosse)
	RuleFMJD      = "fmjd-draw" // International: FMJD Article 6 (when no rule applies)
)

// ClaimCheck is the rules engine's judgement of a draw claim.
type ClaimCheck struct {
	Rule    string `json:"rule"`   // RuleItalian40, or the FMJD rule that applied (rules.Draw*), or RuleFMJD
	Valid   bool   `json:"valid"`  // the draw was due at the declared ply
	Reason  string `json:"reason"` // Italian: a rules.Claim* code; International: "valid", "no-rule", "not-replayable", "declared-before-request"
	Message string `json:"message"`
	// Italian: the count (rules.ClaimVerdict); International: the rule (rules.DrawClaim).
	Count40 *rules.ClaimVerdict `json:"count40,omitempty"`
	FMJD    *rules.DrawClaim    `json:"fmjd,omitempty"`
}

// CheckClaim judges a draw claim on game g of tournament t (variant from t): the count was
// asked for after ply requested and the draw declared after ply declared (plies, 0 = the
// start). Italian: rules.CheckClaim40 (40 moves each without a man move or capture, counted
// from the request; docs/rules-italian.md). International: rules.CheckDrawClaim, valid
// when an FMJD Article 6 rule (threefold repetition, 25-, 16- or 5-move rule) applied at or
// before the declared ply. Problems with the claim (plies out of range, illegal moves before
// it) are a ClaimCheck with Valid false, never an error.
func CheckClaim(g *rules.Game, t *Tournament, requested, declared int) ClaimCheck {
	if t.Variant == VariantItalian {
		cv := rules.CheckClaim40(g, requested, declared)
		return ClaimCheck{Rule: RuleItalian40, Valid: cv.Valid, Reason: cv.Reason, Message: cv.Message, Count40: &cv}
	}
	c := ClaimCheck{Rule: RuleFMJD}
	n := len(g.Moves)
	switch {
	case requested < 0 || requested > n || declared < 0 || declared > n:
		c.Reason, c.Message = rules.ClaimOutOfRange, fmt.Sprintf("plies must be within 0..%d (the game has %d moves)", n, n)
		return c
	case declared < requested:
		c.Reason, c.Message = rules.ClaimBeforeRequest, fmt.Sprintf("the draw (ply %d) was declared before it was claimed (ply %d)", declared, requested)
		return c
	}
	dc, err := rules.CheckDrawClaim(g, declared, rules.ReplayOptions{Variant: t.Variant, ForceVariant: true})
	if err != nil {
		c.Reason, c.Message = rules.ClaimNotReplayable, err.Error()
		return c
	}
	c.FMJD = &dc
	c.Valid, c.Message = dc.Valid, dc.Message
	if dc.Valid {
		c.Rule, c.Reason = dc.Rule, rules.ClaimValid
		c.Message = fmt.Sprintf("%s rule applied at ply %d: %s", dc.Rule, dc.Ply, dc.Message)
	} else {
		c.Reason = "no-rule"
	}
	return c
}

// ClaimRequest is a draw claim as the arbiter records it.
type ClaimRequest struct {
	RequestedAt int    // ply after which the count was asked for (0 = the start)
	DeclaredAt  int    // ply after which the draw was declared
	Decision    string // DecisionAccepted or DecisionRejected; "" = the engine's verdict
	Claimant    string // "white", "black" or "" (the arbiter acted)
	Note        string
}

// ClaimRecord is a stored claim with the engine's check.
type ClaimRecord struct {
	ID          int64      `json:"id"`
	Round       int        `json:"round"`
	Board       int        `json:"board"`
	Game        int        `json:"game"`
	White       string     `json:"white"`
	Black       string     `json:"black"`
	Claimant    string     `json:"claimant,omitempty"`
	RequestedAt int        `json:"requested_at"`
	DeclaredAt  int        `json:"declared_at"`
	Check       ClaimCheck `json:"check"`
	Decision    string     `json:"decision"`
	DecidedBy   string     `json:"decided_by,omitempty"`
	Note        string     `json:"note,omitempty"`
	// Overrides is true when the arbiter's decision differs from the engine's verdict.
	Overrides bool `json:"overrides_engine"`
}

// AddClaim checks a draw claim on the stored score of board board (game game) of round
// round of t (CheckClaim) and records it with the arbiter's decision (req.Decision, or the
// engine's verdict when empty) and the engine's reasoning; logs "claim.add".
//
// Errors: ErrNotPaired, ErrNoBoard, ErrNoGame (the claim is judged on the stored score),
// ErrInvalid (a decision other than accepted/rejected, a claimant other than white/black,
// negative plies).
func (tx *Tx) AddClaim(t *Tournament, round, board, game int, req ClaimRequest) (*ClaimRecord, error) {
	req.Decision = strings.ToLower(strings.TrimSpace(req.Decision))
	switch req.Decision {
	case "", DecisionAccepted, DecisionRejected:
	default:
		return nil, fmt.Errorf("%w: decision %q (use accepted or rejected)", ErrMalformed, req.Decision)
	}
	if req.RequestedAt < 0 || req.DeclaredAt < 0 {
		return nil, fmt.Errorf("%w: plies are counted from 0 (the start position)", ErrMalformed)
	}
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	claimant, err := claimantEntry(b, req.Claimant)
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
		return nil, fmt.Errorf("%w: the score of round %d board %d has %d plies; the claim's plies must be within 0..%d", ErrInvalid, round, board, n, n)
	}
	if req.DeclaredAt < req.RequestedAt {
		return nil, fmt.Errorf("%w: the draw cannot be declared (ply %d) before it was requested (ply %d)", ErrMalformed, req.DeclaredAt, req.RequestedAt)
	}
	c := CheckClaim(g, t, req.RequestedAt, req.DeclaredAt)
	rec := newClaimRecord(b, req, c, tx.actor)
	vj, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO claims (board_id, claimant_entry, rule, requested_ply, declared_ply, engine_verdict,
		engine_ok, decision, decided_by, decided_at, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		b.ID, claimant, c.Rule, req.RequestedAt, req.DeclaredAt, string(vj), boolToInt(c.Valid), rec.Decision, tx.actor,
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

// newClaimRecord is the record of claim req on board b, checked by the engine (c) and
// decided by actor: the arbiter's decision, or the engine's when none is given, and
// whether the decision overrides the engine.
func newClaimRecord(b *Board, req ClaimRequest, c ClaimCheck, actor string) *ClaimRecord {
	rec := &ClaimRecord{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		Claimant: strings.ToLower(strings.TrimSpace(req.Claimant)), RequestedAt: req.RequestedAt, DeclaredAt: req.DeclaredAt,
		Check: c, Decision: req.Decision, DecidedBy: actor, Note: req.Note}
	if rec.Decision == "" {
		rec.Decision = DecisionRejected
		if c.Valid {
			rec.Decision = DecisionAccepted
		}
	}
	rec.Overrides = (rec.Decision == DecisionAccepted) != c.Valid
	return rec
}

// claimantEntry is the entry id of the claimant of a claim on board b ("white" or
// "black", any case; nil for "": the arbiter acted). Black on a bye board is ErrInvalid,
// another word ErrMalformed.
func claimantEntry(b *Board, who string) (any, error) {
	switch strings.ToLower(strings.TrimSpace(who)) {
	case "":
		return nil, nil
	case "white":
		return b.WhiteEntry, nil
	case "black":
		if b.Bye() {
			return nil, fmt.Errorf("%w: board %d is a bye", ErrInvalid, b.Board)
		}
		return b.BlackEntry, nil
	}
	return nil, fmt.Errorf("%w: claimant %q (use white or black)", ErrMalformed, who)
}

// StoredClaim is a claims row.
type StoredClaim struct {
	ID          int64
	BoardID     int64
	Rule        string
	RequestedAt int
	DeclaredAt  int
	EngineOK    bool
	Decision    string
}

// claimsOf returns the claims of board boardID, oldest first.
func (tx *Tx) claimsOf(boardID int64) ([]StoredClaim, error) {
	rows, err := tx.query(`SELECT id, board_id, rule, coalesce(requested_ply, 0), coalesce(declared_ply, 0),
		engine_ok, decision FROM claims WHERE board_id = ? ORDER BY id`, boardID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredClaim
	for rows.Next() {
		var c StoredClaim
		var ok sql.NullInt64
		if err := rows.Scan(&c.ID, &c.BoardID, &c.Rule, &c.RequestedAt, &c.DeclaredAt, &ok, &c.Decision); err != nil {
			return nil, err
		}
		c.EngineOK = ok.Valid && ok.Int64 == 1
		out = append(out, c)
	}
	return out, rows.Err()
}
