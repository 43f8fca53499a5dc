package store

import (
	"context"

	"arbitro/tournament"
)

// Check-in (pointage) in the hall: before a round is paired, each player says he is here,
// with his PIN at a screen of the hall, or the arbiter marks him present; the arbiter
// marks absent those who do not come with the command line's own use case (SetAbsence),
// which the pairing reads.

// HallCheckIn records that the player entry (an entry id) of the tournament ref names is
// here for the next round to pair, with his PIN, and logs it ("hall.checkin", under
// tournament.HallActor), in one transaction; with arbiter true it is the arbiter who marks
// him present, without a PIN (logged under the actor ActingAs gives). Checking in again is
// not an error and writes nothing.
//
// Returns the player, the round and whether he had checked in already. Errors:
// ErrWrongPIN, ErrNoPIN (nothing written); ErrAllRoundsPaired (no round left to pair);
// ErrInvalid (a withdrawn player); ErrNotFound; those of updateIn.
func (s *Store) HallCheckIn(ctx context.Context, ref string, entry int64, pin string, arbiter bool) (tournament.HallCheckedIn, error) {
	var out tournament.HallCheckedIn
	_, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		e, err := tx.hallEntry(t, entry)
		if err != nil {
			return err
		}
		if !arbiter {
			if err := tx.checkPIN(e.ID, pin); err != nil {
				return err
			}
			tx.actor = tournament.HallActor(e)
		}
		out.Player, out.Round = *e, t.RoundsPaired+1
		if out.Round > t.Rounds {
			return tournament.Errf(tournament.ErrAllRoundsPaired, "err.hall.checkin_paired", "{err}: every round of {tournament} is paired", "tournament", t.Name)
		}
		if e.Status != tournament.StatusActive {
			return tournament.Errf(tournament.ErrInvalid, "err.hall.checkin_withdrawn", "{err}: {player} has withdrawn", "player", e.Player.Name)
		}
		res, err := tx.exec(`INSERT INTO hall_checkins (entry_id, round_number, at, by) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			e.ID, out.Round, tx.nowText(), tx.actor)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			out.Already = true
			return err
		}
		return tx.logEvent(t.ID, "hall.checkin", nil, map[string]any{"entry": e.ID, "round": out.Round})
	})
	return out, err
}

// HallMarkAbsent records, from the hall's console, that the player entry (an entry id, as
// the check-in list gives it: not the pairing number a command reads) of the tournament
// ref names will not play the next round to pair: 0 points, the reason "did not check in
// (hall)", logged "player.absent" under the actor ActingAs gives, in one transaction — the
// absence 'arbitro absent NAME' records (Tx.SetAbsence), which the Swiss pairings read.
//
// Returns the absence as stored. Errors: those of SetAbsence (ErrInvalid: a round robin,
// an absence already recorded, every round paired), ErrNotFound (no such entry in the
// tournament); nothing is written on an error.
func (s *Store) HallMarkAbsent(ctx context.Context, ref string, entry int64) (*tournament.Absence, error) {
	var a *tournament.Absence
	_, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		cur, err := tx.TournamentByID(t.ID)
		if err != nil {
			return err
		}
		if cur.System.FixedTable() {
			return errAbsenceFixed()
		}
		e, err := tx.entryByID(cur, entry)
		if err != nil {
			return err
		}
		a, err = tx.setAbsence(cur, e, 0, 0, HallAbsenceReason)
		return err
	})
	return a, err
}

// HallAbsenceReason is the reason kept with an absence the console records.
const HallAbsenceReason = "did not check in (hall)"

// hallCheckIns reads, for round round of t, the check-ins (entry id -> time) and the
// absences (entry id -> true).
func (tx *Tx) hallCheckIns(t *tournament.Tournament, round int) (map[int64]string, map[int64]bool, error) {
	in, absent := map[int64]string{}, map[int64]bool{}
	rows, err := tx.query(`SELECT c.entry_id, c.at FROM hall_checkins c JOIN entries e ON e.id = c.entry_id
		WHERE e.tournament_id = ? AND c.round_number = ?`, t.ID, round)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var at string
		if err := rows.Scan(&id, &at); err != nil {
			return nil, nil, err
		}
		in[id] = at
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	rows2, err := tx.query(`SELECT entry_id FROM absences WHERE tournament_id = ? AND round_number = ?`, t.ID, round)
	if err != nil {
		return nil, nil, err
	}
	defer rows2.Close()
	for rows2.Next() {
		var id int64
		if err := rows2.Scan(&id); err != nil {
			return nil, nil, err
		}
		absent[id] = true
	}
	return in, absent, rows2.Err()
}

// readCheckIn fills the check-in of the next round to pair of t into c (nothing when
// every round is paired).
func (tx *Tx) readCheckIn(t *tournament.Tournament, c *tournament.HallCheckInList) error {
	c.Round = t.RoundsPaired + 1
	if c.Round > t.Rounds {
		c.Round = 0
		return nil
	}
	all, err := tx.Entries(t.ID)
	if err != nil {
		return err
	}
	in, absent, err := tx.hallCheckIns(t, c.Round)
	if err != nil {
		return err
	}
	for _, e := range all {
		if e.Status != tournament.StatusActive || e.JoinedRound > c.Round {
			continue
		}
		c.Players = append(c.Players, tournament.HallCheckInRow{Entry: e, At: in[e.ID], Absent: absent[e.ID]})
	}
	return nil
}

// ReadHallCheckIn reads, in one read transaction, the check-in of the next round to pair
// of the tournament ref names: every active player who may play it, with the time he
// checked in or his absence. It writes nothing.
//
// Errors: those of viewIn.
func (s *Store) ReadHallCheckIn(ctx context.Context, ref string) (tournament.HallCheckInList, error) {
	var out tournament.HallCheckInList
	var err error
	out.Tournament, err = s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		return tx.readCheckIn(t, &out)
	})
	return out, err
}
