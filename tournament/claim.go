package tournament

import (
	"fmt"
	"strconv"
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

// newClaimRecord is the record of claim req on board b, checked by the engine (c) and
// decided by actor: the arbiter's decision, or the engine's when none is given, and
// whether the decision overrides the engine.
func NewClaimRecord(b *Board, req ClaimRequest, c ClaimCheck, actor string) *ClaimRecord {
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
func ClaimantEntry(b *Board, who string) (any, error) {
	switch strings.ToLower(strings.TrimSpace(who)) {
	case "":
		return nil, nil
	case "white":
		return b.WhiteEntry, nil
	case "black":
		if b.Bye() {
			return nil, Errf(ErrInvalid, "err.claim.bye", "{err}: board {board} is a bye", "board", b.Board)
		}
		return b.BlackEntry, nil
	}
	return nil, Errf(ErrMalformed, "err.claim.claimant", "{err}: claimant {who} (use white or black)", "who", strconv.Quote(who))
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
