package store

import (
	"context"
	"fmt"

	"arbitro/tournament"
)

// RoundOrderError is the refusal of a round number other than the next one, given by a
// script as a safety check (arbitro pair ROUND): rounds are paired in order.
type RoundOrderError struct {
	Tournament string // its name
	Next       int    // the round that would be paired
	Asked      int    // the round the caller named
}

func (e *RoundOrderError) Error() string {
	return fmt.Sprintf("the next round of %s is %d, not %d", e.Tournament, e.Next, e.Asked)
}

// PairRequest is what pairing the next round takes.
type PairRequest struct {
	// Round, when not 0, must be the next round (a safety check for scripts); else
	// *RoundOrderError.
	Round int
	// Forbidden are pairs kept apart from this round on (Dutch, like TRF-2026 record 260);
	// their FirstRound is set to the round paired.
	Forbidden []tournament.ForbiddenPair
	// Options are the arbiter's: --force, pairs imposed by hand.
	Options tournament.PairOptions
	// Schedule, when not nil, is the date (YYYY-MM-DD) and start time (HH:MM) of the round.
	Schedule *tournament.RoundSchedule
}

// PairedRound is the outcome of PairNextRound: the round as paired and its sheet; for a
// team event (docs/teams.md) Team alone, the round's matches.
type PairedRound struct {
	Tournament tournament.Tournament // as selected, before the round was paired
	Round      *tournament.PairedRound
	View       *tournament.PairingsView // the pairing sheet of the round
	Team       *TeamRound               // a team event's round (Tx.pairTeamRound); Round and View nil
}

// PairNextRound pairs the next round of the tournament ref names in one transaction: the
// forbidden pairs stored, the round paired by the tournament's system (Tx.PairNext), its
// schedule set, and its pairing sheet read back; a team event's next round of matches
// (PairTeamRound) in PairedRound.Team.
//
// Errors: *RoundOrderError; ErrTeamEvent (a team event given players' options); PairTeamRound's; Tx.PairNext's (ErrLotNotDrawn, ErrResultsMissing,
// ErrAllRoundsPaired, ErrNoPairing, ...); those of updateIn.
func (s *Store) PairNextRound(ctx context.Context, ref string, req PairRequest) (PairedRound, error) {
	var out PairedRound
	var err error
	out.Tournament, err = s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		if req.Round != 0 && req.Round != t.RoundsPaired+1 {
			return &RoundOrderError{Tournament: t.Name, Next: t.RoundsPaired + 1, Asked: req.Round}
		}
		if set, err := tx.teamSettings(t.ID); err != nil {
			return err
		} else if set != nil { // a team event: its matches (docs/teams.md)
			if len(req.Forbidden) > 0 || len(req.Options.Manual) > 0 || req.Schedule != nil {
				return tournament.Errf(ErrTeamEvent, "err.team_event.pair_options", "invalid value: a team event: {name} pairs teams: --forbid, --set and --date/--time pair players", "name", t.Name)
			}
			out.Team, err = tx.pairTeamRound(t)
			return err
		}
		for _, f := range req.Forbidden { // stored: this round and every later one
			f.FirstRound = t.RoundsPaired + 1
			if err := tx.AddForbiddenPair(t, f); err != nil {
				return err
			}
		}
		var err error
		if out.Round, err = tx.PairNext(t, req.Options); err != nil {
			return err
		}
		if sc := req.Schedule; sc != nil {
			if _, err := tx.SetRoundSchedule(t, out.Round.Round, &sc.Date, &sc.Time); err != nil {
				return err
			}
		}
		out.View, err = tx.PairingsView(t, out.Round.Round)
		return err
	})
	return out, err
}

// CheckPairing re-pairs round round (0: the last paired) of the tournament ref names from
// the state before it and compares the outcome with the stored round (Tx.CheckPairing).
// It writes nothing.
//
// Returns the comparison and the tournament as selected (PairingCheck.Identical says
// whether the stored round is the engine's pairing). Errors: Tx.CheckPairing's
// (ErrNotPaired, ErrNoPairing when the engine finds none, ErrInvalid); those of viewIn.
func (s *Store) CheckPairing(ctx context.Context, ref string, round int) (*tournament.PairingCheck, tournament.Tournament, error) {
	var c *tournament.PairingCheck
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		c, err = tx.CheckPairing(t, round)
		return err
	})
	return c, t, err
}

// PairingsSheet reads the pairings of round round (0: the last paired) of the tournament
// ref names: boards, players with their pairing numbers and points before the round,
// results entered, the bye, the players not paired, the round's schedule and the stored
// account of how it was paired (Tx.PairingsView), and the event's hall address (hall set
// --url; HallURL). It writes nothing.
//
// Returns the view and the tournament as selected. Errors: ErrNotPaired (no such round
// paired); those of viewIn.
func (s *Store) PairingsSheet(ctx context.Context, ref string, round int) (*tournament.PairingsView, tournament.Tournament, error) {
	var v *tournament.PairingsView
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if v, err = tx.PairingsView(t, round); err != nil {
			return err
		}
		set, err := tx.hallSettings(t.ID)
		v.HallURL = set.URL
		return err
	})
	return v, t, err
}

// Unpair removes the last paired round of the tournament ref names, with its boards and
// automatic bye results, and logs it with every row of the round (Tx.UnpairRound), so
// that the round can be paired again; with req.Reason a round with results too, its
// results and game scores kept in the event log (restored if the same boards are paired
// again; `undo` writes the round back).
//
// Returns what was removed (the round, the boards whose results are kept) and the
// tournament as selected (before the round was removed). Errors: ErrNotPaired when no
// round is paired; ErrInvalid when req.Round is not the last paired round; ErrTeamEvent
// (a team event: undo takes its rounds back); ErrRoundHasResults when a board of the round has a result or a game score (without a
// reason) or a draw claim (nothing is written); those of updateIn.
func (s *Store) Unpair(ctx context.Context, ref string, req UnpairRequest) (*tournament.Unpaired, tournament.Tournament, error) {
	var u *tournament.Unpaired
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if set, err := tx.teamSettings(t.ID); err != nil {
			return err
		} else if set != nil { // its matches and line-ups are not kept by round.unpair
			return tournament.Errf(ErrTeamEvent, "err.team_event.unpair", "invalid value: a team event: {name} pairs teams; take a team round back with arbitro undo (team pair, team lineup)", "name", t.Name)
		}
		u, err = tx.UnpairRound(t, req)
		return err
	})
	return u, t, err
}
