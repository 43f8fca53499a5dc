// Announced absences from rounds not yet paired (set and removed by the arbiter).

package store

import (
	"arbitro/tournament"
	"database/sql"
	"errors"
	"strings"
)

// SetAbsence records that entry ref (an entry id, or a name as findEntry reads it) of t
// will not play round `round` (0: the next round to pair), with points game points (0-2)
// granted by the arbiter, and logs "player.absent". The Swiss systems then leave him out of that round (snapshot:
// Available false); the points count in the standings like any absence. The reason passes
// the names check (tournament.CheckText: ErrMalformed).
//
// Errors (ErrInvalid): the round is already paired (record a forfeit with SetResult
// instead), beyond the planned rounds, points outside 0-2, a round robin (its rounds are
// fixed: the game is a forfeit), or an absence already recorded; findEntry's errors
// (ErrNotFound, ErrInvalid).
func (tx *Tx) SetAbsence(t *tournament.Tournament, ref string, round, points int, reason string) (*tournament.Absence, error) {
	reason, err := tournament.CheckText("reason", reason, tournament.MaxTextRunes)
	if err != nil {
		return nil, err
	}
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if cur.System.FixedTable() {
		return nil, errAbsenceFixed()
	}
	e, err := tx.findEntry(cur, ref)
	if err != nil {
		return nil, err
	}
	return tx.setAbsence(cur, e, round, points, reason)
}

// setAbsence is SetAbsence for entry e of cur (the tournament as read in tx, not a round
// robin), already resolved; reason already checked.
func (tx *Tx) setAbsence(cur *tournament.Tournament, e *tournament.Entry, round, points int, reason string) (*tournament.Absence, error) {
	if round == 0 {
		round = cur.RoundsPaired + 1
	}
	switch {
	case round <= cur.RoundsPaired:
		return nil, tournament.Errf(tournament.ErrInvalid, "err.absence.paired_forfeit", "{err}: round {round} is already paired; if {player} did not come, record a forfeit with 'arbitro result'", "round", round, "player", e.Player.Name)
	case round > cur.Rounds:
		return nil, tournament.Errf(tournament.ErrInvalid, "err.absence.no_round", "{err}: {tournament} has {rounds} rounds, there is no round {round}", "tournament", cur.Name, "rounds", cur.Rounds, "round", round)
	case points < 0 || points > 2:
		return nil, tournament.Errf(tournament.ErrMalformed, "err.absence.points", "{err}: {points} points for an absence (game points 0, 1 or 2)", "points", points)
	}
	var n int
	if err := tx.queryRow(`SELECT count(*) FROM absences WHERE entry_id = ? AND round_number = ?`, e.ID, round).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.absence.already", "{err}: {player} is already recorded as absent in round {round}", "player", e.Player.Name, "round", round)
	}
	a := &tournament.Absence{Entry: e.ID, Name: e.Player.Name, Round: round, Points: points, Reason: strings.TrimSpace(reason)}
	if _, err := tx.exec(`INSERT INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, ?, ?)`,
		cur.ID, a.Entry, a.Round, a.Points, a.Reason); err != nil {
		return nil, err
	}
	return a, tx.logEvent(cur.ID, "player.absent", nil, a)
}

// RemoveAbsence deletes the absence of entry ref from round `round` (0: the next round),
// which must not be paired yet, and logs "player.absent.remove". Errors: ErrNotFound when
// there is none, ErrInvalid when the round is paired.
func (tx *Tx) RemoveAbsence(t *tournament.Tournament, ref string, round int) (*tournament.Absence, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(cur, ref)
	if err != nil {
		return nil, err
	}
	if round == 0 {
		round = cur.RoundsPaired + 1
	}
	if round <= cur.RoundsPaired {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.absence.paired_kept", "{err}: round {round} is already paired; its absences stay as they were", "round", round)
	}
	a := &tournament.Absence{Entry: e.ID, Name: e.Player.Name, Round: round}
	err = tx.queryRow(`SELECT points, reason FROM absences WHERE entry_id = ? AND round_number = ?`, e.ID, round).Scan(&a.Points, &a.Reason)
	a.Reason = tournament.ShownText(a.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, tournament.Errf(tournament.ErrNotFound, "err.absence.none", "{err}: no absence of {player} in round {round}", "player", e.Player.Name, "round", round)
	}
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(`DELETE FROM absences WHERE entry_id = ? AND round_number = ?`, e.ID, round); err != nil {
		return nil, err
	}
	return a, tx.logEvent(cur.ID, "player.absent.remove", a, nil)
}

// errAbsenceFixed refuses an absence in a round robin: its rounds are fixed (ErrInvalid).
func errAbsenceFixed() error {
	return tournament.Errf(tournament.ErrInvalid, "err.absence.rr_fixed", "{err}: a round robin's rounds are fixed; when a player does not come, record the game as a forfeit (arbitro result ROUND BOARD -+)")
}
