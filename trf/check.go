package trf

// The pairing engine as a service to other programs, with no database: pair the next
// round of a TRF, and check a round of a TRF against the Dutch engine. Together with
// Tx.CheckPairing (a stored round) these are the entry points of `arbitro pair --trf`,
// `arbitro pair --check --trf` and `arbitro check --trf`; the CLI does not call the
// pairing package itself.

import (
	"errors"
	"fmt"

	"arbitro/pairing"
	"arbitro/tournament"
)

// ErrSearchLimit is pairing.ErrSearchLimit: the Dutch engine gave up after its search
// budget (the pairing may exist, but was not found in time).
var ErrSearchLimit = pairing.ErrSearchLimit

// TRFCompleteError: every round the TRF plans (XXR / 142) is paired already.
type CompleteError struct{ Rounds int }

func (e *CompleteError) Error() string {
	return fmt.Sprintf("all %d rounds (XXR) are paired", e.Rounds)
}

// TRFPairing is the next round of a TRF as the Dutch engine pairs it.
type Pairing struct {
	Round int            `json:"round"`
	Pairs []pairing.Pair `json:"pairs"` // by starting rank, White first; the bye as {N, 0}
}

// PairTRF pairs the round after the last one played in t with the FIDE Dutch engine
// (C.04.3): the file's rounds, initial colour (152/XXC; seed draws it when absent),
// prohibited pairs and acceleration (TRF.DutchOptions). Errors: *TRFCompleteError when
// every planned round is paired, ErrNoPairing when no pairing respects the absolute
// criteria, ErrSearchLimit, other engine errors as they come.
func Pair(t *File, seed uint64) (*Pairing, error) {
	round := t.PlayedRounds() + 1
	if t.TotalRounds > 0 && round > t.TotalRounds {
		return nil, &CompleteError{Rounds: t.TotalRounds}
	}
	res, err := pairing.Dutch(t.Entrants(), t.DutchOptions(round, seed))
	if err != nil {
		return nil, err
	}
	return &Pairing{Round: round, Pairs: res.Pairs}, nil
}

// checkTRFRound is the one Dutch check of a TRF round: round r of t re-paired from the
// state before it (rounds 1..r-1; the players paired in r are the available ones; the
// file's options, TRF.DutchOptions) and compared with the file, pairs and colours. The
// engine's errors are returned as they come (ErrNoPairing, ErrSearchLimit, ...).
func checkTRFRound(t *File, r int, seed uint64) (RoundReport, error) {
	checked := t.RoundPairs(r)
	rc := RoundReport{Round: r, Boards: len(checked)}
	in := map[int]bool{}
	for _, p := range checked {
		in[p.White], in[p.Black] = true, true
	}
	es := t.EntrantsAfter(r - 1)
	for i := range es {
		es[i].Available = in[es[i].ID]
	}
	c, err := pairing.CheckDutch(es, t.DutchOptions(r, seed), checked)
	if err != nil {
		return rc, err
	}
	for _, d := range c.Diffs {
		rc.Diffs = append(rc.Diffs, d.String())
		rc.DiffCodes = append(rc.DiffCodes, d)
	}
	rc.Violations, rc.ViolationCodes = c.Violations, c.ViolationCodes
	rc.Same = len(c.Diffs) == 0 && len(c.Violations) == 0
	return rc, nil
}

// CheckTRFLastRound is CheckTRF for the last paired round of t only (`arbitro pair
// --check --trf`). Errors: ErrNotPaired when no round is paired; the engine's errors
// (ErrNoPairing, ErrSearchLimit) as they come.
func CheckLastRound(t *File, seed uint64) (*RoundReport, error) {
	last := t.PlayedRounds()
	if last == 0 {
		return nil, tournament.Errf(tournament.ErrNotPaired, "err.trf.none_paired", "{err}: no round has been paired")
	}
	rc, err := checkTRFRound(t, last, seed)
	if err != nil {
		return nil, err
	}
	return &rc, nil
}

// engineGaveUp reports whether err is the engine failing on a round (no pairing, search
// limit) rather than a bad input.
func engineGaveUp(err error) bool {
	return errors.Is(err, pairing.ErrNoPairing) || errors.Is(err, pairing.ErrSearchLimit)
}
