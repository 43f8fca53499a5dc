package store

import (
	"arbitro/tournament"
	"database/sql"
	"errors"
	"strconv"
	"strings"
)

// AddPlayer enters player p in tournament t and logs "player.add". The entry's rating is
// p.Rating. A person already in the file with the same FID or FMJD id and the same name is
// reused (his club, rating and other non-empty fields are updated); the same id under
// another name is an error. A player added after round 1 is a late entrant: he joins the
// next round and, when the lot is drawn, gets the next pairing number (docs/pairing-fid.md 2.8).
// The same holds in a Dutch event, where numbers otherwise follow the rating: FIDE's
// general rules allow inserting a late entrant by rating and renumbering, but arbitro never
// changes a stored pairing number, so that every past pairing keeps its meaning.
//
// Errors: ErrDuplicatePlayer (see the duplicate rule of dupIndex.find), ErrInvalid.
//
// t names the tournament: its round state (rounds paired, lot) is read in the transaction.
func (tx *Tx) AddPlayer(t *tournament.Tournament, p tournament.Player) (*tournament.Entry, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	existing, err := tx.Entries(cur.ID)
	if err != nil {
		return nil, err
	}
	return tx.addPlayer(cur, p, tournament.NewDupIndex(existing), existing)
}

func (tx *Tx) addPlayer(t *tournament.Tournament, p tournament.Player, dups tournament.DupFinder, existing []tournament.Entry) (*tournament.Entry, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	numbered := t.LotDrawnAt != "" || tournament.Numbered(existing)
	if e, why := dups.Find(&p); e != nil {
		return nil, tournament.DupError(&p, e, e.Ref(numbered), why)
	}
	similar := dups.Similar(&p)
	if err := tx.personByID(&p); err != nil {
		return nil, err
	}
	now := tx.nowText()
	if err := tx.savePerson(&p, now); err != nil {
		return nil, err
	}
	e := &tournament.Entry{TournamentID: t.ID, Rating: p.Rating, Status: tournament.StatusActive, JoinedRound: t.RoundsPaired + 1, Player: p}
	var number any
	if t.LotDrawnAt != "" {
		max := 0
		for _, x := range existing {
			if x.Number > max {
				max = x.Number
			}
		}
		e.Number = max + 1
		number = e.Number
	}
	res, err := tx.exec(`INSERT INTO entries (tournament_id, player_id, pairing_number, rating, status, joined_round, created_at)
		VALUES (?, ?, ?, ?, 'active', ?, ?)`, t.ID, p.ID, number, e.Rating, e.JoinedRound, now)
	if err != nil {
		return nil, tx.playerErr(err, &p)
	}
	if e.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	dups.Add(e)
	if err := tx.logEvent(t.ID, "player.add", nil, e); err != nil {
		return nil, err
	}
	for _, o := range similar {
		// the number the sheets print: the entry id before the lot, the pairing number
		// after; a player withdrawn before the lot has none and is named
		name, other, club := strconv.Quote(e.Player.Name), strconv.Quote(o.Player.Name), tournament.ClubArg(o.Player.Club)
		ref, remove := o.Ref(numbered), e.Ref(numbered)
		var w error
		switch {
		case !numbered:
			w = tournament.Errf(nil, "err.note.possible_duplicate", "possible duplicate: {name} looks like entry {ref} {other} ({club}); if it is the same person, remove the new entry: arbitro player remove {remove}",
				"name", name, "ref", ref, "other", other, "club", club, "remove", remove)
		case o.Number == 0:
			w = tournament.Errf(nil, "err.note.possible_duplicate_unnumbered", "possible duplicate: {name} looks like the entry {other} ({club}); if it is the same person, remove the new entry: arbitro player remove {remove}",
				"name", name, "ref", ref, "other", other, "club", club, "remove", remove)
		default:
			w = tournament.Errf(nil, "err.note.possible_duplicate_numbered", "possible duplicate: {name} looks like no. {ref} {other} ({club}); if it is the same person, remove the new entry: arbitro player remove {remove}",
				"name", name, "ref", ref, "other", other, "club", club, "remove", remove)
		}
		e.Notes, e.NoteWords = append(e.Notes, w.Error()), append(e.NoteWords, w)
	}
	return e, nil
}

// personByID sets p.ID to the person of the file whom p's FID or FMJD id already names
// (unless p.ID is set): the same person is reused across tournaments. An id that belongs
// to someone of another name is an error wrapping ErrDuplicatePlayer.
func (tx *Tx) personByID(p *tournament.Player) error {
	for _, id := range []struct{ col, val, what string }{{"fid_id", p.FIDID, "FID id"}, {"fmjd_id", p.FMJDID, "FMJD id"}} {
		if id.val == "" || p.ID != 0 {
			continue
		}
		var pid int64
		var name string
		err := tx.queryRow(`SELECT id, name FROM players WHERE `+id.col+` = ? AND `+id.col+` <> ''`, id.val).Scan(&pid, &name)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return err
		}
		if tournament.Key(name) != tournament.Key(p.Name) {
			return tournament.Errf(tournament.ErrDuplicatePlayer, "err.player.id_taken", "{err}: {what} {val} already belongs to {name} in this file; check the id", "what", id.what, "val", id.val, "name", strconv.Quote(name))
		}
		p.ID = pid
	}
	return nil
}

// savePerson updates person p.ID with the fields p gives (an empty field keeps the stored
// one) and reads the person back into p; or, when p.ID is 0, inserts p (created at now)
// and sets p.ID.
func (tx *Tx) savePerson(p *tournament.Player, now string) error {
	if p.ID != 0 {
		_, err := tx.exec(`UPDATE players SET
			club = CASE WHEN ?1 <> '' THEN ?1 ELSE club END, federation = CASE WHEN ?2 <> '' THEN ?2 ELSE federation END,
			fid_id = CASE WHEN ?3 <> '' THEN ?3 ELSE fid_id END, fmjd_id = CASE WHEN ?4 <> '' THEN ?4 ELSE fmjd_id END,
			national_id = CASE WHEN ?5 <> '' THEN ?5 ELSE national_id END, rating = CASE WHEN ?6 <> 0 THEN ?6 ELSE rating END,
			birth_year = CASE WHEN ?7 <> 0 THEN ?7 ELSE birth_year END, title = CASE WHEN ?8 <> '' THEN ?8 ELSE title END
			WHERE id = ?9`, p.Club, p.Federation, p.FIDID, p.FMJDID, p.NationalID, p.Rating, p.BirthYear, p.Title, p.ID)
		if err != nil {
			return tx.playerErr(err, p)
		}
		if err := tx.queryRow(`SELECT name, club, federation, fid_id, fmjd_id, national_id, rating, birth_year, title FROM players WHERE id = ?`, p.ID).
			Scan(&p.Name, &p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Rating, &p.BirthYear, &p.Title); err != nil {
			return err
		}
		p.Name = tournament.ShownName(p.Name) // as every reader shows it (stored by an older arbitro)
		for _, f := range []*string{&p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Title} {
			*f = tournament.ShownText(*f)
		}
	} else {
		res, err := tx.exec(`INSERT INTO players (name, club, federation, fid_id, fmjd_id, national_id, rating, birth_year, title, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.Name, p.Club, p.Federation, p.FIDID, p.FMJDID, p.NationalID, p.Rating, p.BirthYear, p.Title, now)
		if err != nil {
			return tx.playerErr(err, p)
		}
		if p.ID, err = res.LastInsertId(); err != nil {
			return err
		}
	}
	return nil
}

// playerErr explains a constraint failure on players/entries.
func (tx *Tx) playerErr(err error, p *tournament.Player) error {
	if strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return tournament.Errf(tournament.ErrDuplicatePlayer, "err.player.duplicate_row", "{err}: {name} ({error})", "name", p.Name, "error", err)
	}
	return err
}

const entryCols = `e.id, e.tournament_id, coalesce(e.pairing_number, 0), e.rating, e.status, coalesce(e.withdrawn_after, 0),
	e.start_points, e.joined_round, p.id, p.name, p.club, p.federation, p.fid_id, p.fmjd_id, p.national_id, p.rating,
	p.birth_year, p.title`

func scanEntry(sc interface{ Scan(...any) error }) (tournament.Entry, error) {
	var e tournament.Entry
	p := &e.Player
	err := sc.Scan(&e.ID, &e.TournamentID, &e.Number, &e.Rating, &e.Status, &e.WithdrawnAfter, &e.StartPoints, &e.JoinedRound,
		&p.ID, &p.Name, &p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Rating, &p.BirthYear, &p.Title)
	p.Name = tournament.ShownName(p.Name)
	for _, f := range []*string{&p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Title} {
		*f = tournament.ShownText(*f)
	}
	return e, err
}

// Entries returns the players entered in tournament tournamentID: by pairing number once
// the lot is drawn (entries without a number last), else by rating (highest first), then
// name.
func (tx *Tx) Entries(tournamentID int64) ([]tournament.Entry, error) {
	rows, err := tx.query(`SELECT `+entryCols+` FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? ORDER BY e.pairing_number IS NULL, e.pairing_number, e.rating DESC, p.name COLLATE NOCASE, e.id`, tournamentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []tournament.Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// fieldEntries are the entries of tournament tournamentID that take part in the event:
// Entries without those withdrawn before round 1 (tournament.Field). The sheets read them.
func (tx *Tx) fieldEntries(tournamentID int64) ([]tournament.Entry, error) {
	es, err := tx.Entries(tournamentID)
	if err != nil {
		return nil, err
	}
	return tournament.Field(es), nil
}

// inField is the SQL condition of an entry e that takes part in the event (not withdrawn
// before round 1: tournament.Entry.DidNotStart).
const inField = `NOT (e.status = 'withdrawn' AND coalesce(e.withdrawn_after, 0) = 0)`

// findEntry finds the entry of tournament t that ref names, as tournament.FindEntry reads
// it: the pairing number the sheets print once the lot is drawn (the entry id before), or
// the name. Errors: ErrNotFound; ErrInvalid when the name is shared (candidates listed).
func (tx *Tx) findEntry(t *tournament.Tournament, ref string) (*tournament.Entry, error) {
	all, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	return tournament.FindEntry(all, ref, t.Name)
}

// entryByID reads entry id of tournament t (ErrNotFound when it is not one of t's).
func (tx *Tx) entryByID(t *tournament.Tournament, id int64) (*tournament.Entry, error) {
	all, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, tournament.Errf(tournament.ErrNotFound, "err.player.no_id_plain", "{err}: no player with id {id} in {tournament}", "id", id, "tournament", t.Name)
}

// WithdrawPlayer marks entry ref (an entry id, or a name as findEntry reads it) of t as withdrawn after the last paired
// round (he is not paired from the next round on) and logs "player.withdraw". Withdrawing
// twice is an error wrapping ErrInvalid. t names the tournament: the last paired round is
// read in the transaction.
//
// Withdrawn before round 1 he did not start (tournament.Entry.DidNotStart): when the lot
// is drawn it is drawn again from the stored seed without him (relot), returned in Lot.
func (tx *Tx) WithdrawPlayer(t *tournament.Tournament, ref string) (*tournament.PlayerChange, error) {
	return tx.WithdrawPlayerLot(t, ref, false)
}

// WithdrawPlayerLot is WithdrawPlayer with the arbiter's choice, between the lot and round
// 1, of what the lot becomes (issue 28): keep false draws it again without him (Lot, his
// number in Left), keep true keeps the others' numbers and leaves his, Left, empty
// (Kept). Errors: WithdrawPlayer's; ErrInvalid for keep when the lot is not drawn or
// round 1 is paired.
func (tx *Tx) WithdrawPlayerLot(t *tournament.Tournament, ref string, keep bool) (*tournament.PlayerChange, error) {
	t, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(t, ref)
	if err != nil {
		return nil, err
	}
	if err := keptNumberOf(t, e, keep); err != nil {
		return nil, err
	}
	if e.Status == tournament.StatusWithdrawn {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.player.already_withdrawn", "{err}: {player} already withdrew after round {withdrawn_after}", "player", e.Player.Name, "withdrawn_after", e.WithdrawnAfter)
	}
	before := *e
	e.Status, e.WithdrawnAfter = tournament.StatusWithdrawn, t.RoundsPaired
	if _, err := tx.exec(`UPDATE entries SET status = 'withdrawn', withdrawn_after = ? WHERE id = ?`, e.WithdrawnAfter, e.ID); err != nil {
		return nil, err
	}
	c := &tournament.PlayerChange{Entry: *e}
	if e.DidNotStart() {
		if err := tx.lotAfterLeaving(t, &before, keep, c); err != nil {
			return nil, err
		}
		c.Number = 0
	}
	return c, tx.logEvent(t.ID, "player.withdraw", before, c)
}

// SetPlayerField changes one field of entry ref (a number or a name as findEntry reads it) of t and logs
// "player.set": the person's (tournament.Player.Set) or the entry's start points
// (tournament.Entry.SetStartPoints, a late entrant's). "rating" changes the rating used in this event and the player's last known
// rating, and is refused with ErrLocked once a round is paired. Changing a name or id
// re-checks the duplicate rule. Errors wrap ErrInvalid, ErrLocked, ErrDuplicatePlayer. t
// names the tournament: whether a round is paired is read in the transaction.
func (tx *Tx) SetPlayerField(t *tournament.Tournament, ref, field, value string) (*tournament.Entry, error) {
	t, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(t, ref)
	if err != nil {
		return nil, err
	}
	before := *e
	if strings.EqualFold(field, tournament.FieldStartPoints) {
		if err := e.SetStartPoints(strings.TrimSpace(value)); err != nil {
			return nil, err
		}
		if _, err := tx.exec(`UPDATE entries SET start_points = ? WHERE id = ?`, e.StartPoints, e.ID); err != nil {
			return nil, err
		}
		return e, tx.logEvent(t.ID, "player.set", before, e)
	}
	p := e.Player
	if err := p.Set(field, strings.TrimSpace(value), t.RoundsPaired); err != nil {
		return nil, err
	}
	if strings.ToLower(field) == "rating" {
		e.Rating = p.Rating
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	others, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	for i := range others {
		if others[i].ID == e.ID {
			others = append(others[:i], others[i+1:]...)
			break
		}
	}
	if d, why := tournament.NewDupIndex(others).Find(&p); d != nil {
		return nil, tournament.DupError(&p, d, d.Ref(tournament.Numbered(others) || e.Number > 0), why)
	}
	_, err = tx.exec(`UPDATE players SET name = ?, club = ?, federation = ?, fid_id = ?, fmjd_id = ?, national_id = ?,
		rating = ?, birth_year = ?, title = ? WHERE id = ?`, p.Name, p.Club, p.Federation, p.FIDID, p.FMJDID, p.NationalID, p.Rating, p.BirthYear, p.Title, p.ID)
	if err != nil {
		return nil, tx.playerErr(err, &p)
	}
	if _, err := tx.exec(`UPDATE entries SET rating = ? WHERE id = ?`, e.Rating, e.ID); err != nil {
		return nil, err
	}
	e.Player = p
	return e, tx.logEvent(t.ID, "player.set", before, e)
}
