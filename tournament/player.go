package tournament

import (
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Player is a person in the file (table players). A person may be entered in several
// tournaments; what belongs to one event (pairing number, rating used, status) is in Entry.
type Player struct {
	ID         int64  `json:"id"`                    // person id (players.id), shared across tournaments
	Name       string `json:"name"`                  // "Surname, Given name" (Cognome, Nome)
	Club       string `json:"club,omitempty"`        // circolo / società
	Federation string `json:"federation,omitempty"`  // e.g. ITA
	FIDID      string `json:"fid_id,omitempty"`      // FID membership number (tessera)
	FMJDID     string `json:"fmjd_id,omitempty"`     // FMJD id
	NationalID string `json:"national_id,omitempty"` // id in another national federation
	Rating     int    `json:"rating"`                // last known rating; 0 = none
	BirthYear  int    `json:"birth_year,omitempty"`  // 0 = unknown
	Title      string `json:"title,omitempty"`       // title or FID category (GMI, MF, M, CM...)
}

// Entry statuses (column entries.status).
const (
	StatusActive    = "active"
	StatusWithdrawn = "withdrawn" // ritirato: not paired after WithdrawnAfter
)

// Entry is a player's participation in one tournament (table entries). Its ID is the
// identifier the pairing engines use (pairing.Entrant.ID).
type Entry struct {
	ID             int64  `json:"id"`                        // entry id = pairing.Entrant.ID; what player commands accept
	TournamentID   int64  `json:"tournament_id"`             // the tournament entered
	Number         int    `json:"pairing_number,omitempty"`  // numero di sorteggio; 0 before the lot
	Rating         int    `json:"rating"`                    // rating used in this event
	Status         string `json:"status"`                    // StatusActive or StatusWithdrawn
	WithdrawnAfter int    `json:"withdrawn_after,omitempty"` // last round he was paired in
	StartPoints    int    `json:"start_points,omitempty"`    // game points granted to a late entrant
	JoinedRound    int    `json:"joined_round"`              // first round he may be paired in
	Player         Player `json:"player"`                    // the person
	// Notes are warnings from the command that returned the entry (not stored): e.g. a
	// possible duplicate whose name differs only in case, accents, spaces or punctuation.
	Notes []string `json:"notes,omitempty"`
}

// NormalizeName tidies a player's name as typed: trims, collapses runs of spaces and writes
// the comma as ", " ("rossi ,Mario" becomes "rossi, Mario"). Case is kept.
func NormalizeName(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		parts[i] = strings.Join(strings.Fields(p), " ")
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out += ", " + p
	}
	return strings.TrimSpace(strings.Trim(out, ", "))
}

func key(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// validate tidies p and checks its values; errors wrap ErrInvalid.
func (p *Player) validate() error {
	if err := p.checkText(); err != nil {
		return err
	}
	p.Name = NormalizeName(p.Name)
	if p.Name == "" {
		return fmt.Errorf("%w: the player needs a name (Surname, Given name)", ErrMalformed)
	}
	for _, f := range []*string{&p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Title} {
		*f = strings.Join(strings.Fields(*f), " ")
	}
	p.Federation = strings.ToUpper(p.Federation)
	if p.Rating < 0 || p.Rating > 4000 {
		return fmt.Errorf("%w: rating %d of %s (use 0 to 4000; 0 = no rating)", ErrMalformed, p.Rating, p.Name)
	}
	if p.BirthYear != 0 && (p.BirthYear < 1900 || p.BirthYear > 2100) {
		return fmt.Errorf("%w: birth year %d of %s (a four-digit year, or leave it empty)", ErrMalformed, p.BirthYear, p.Name)
	}
	return nil
}

// dupIndex finds players already entered in one tournament, for the duplicate rule of
// AddPlayer.
type dupIndex struct {
	byFID, byFMJD map[string]*Entry
	byName        map[string][]*Entry
	byFold        map[string][]*Entry // by NameKey, for the possible-duplicate note
}

func newDupIndex(entries []Entry) *dupIndex {
	d := &dupIndex{byFID: map[string]*Entry{}, byFMJD: map[string]*Entry{}, byName: map[string][]*Entry{}, byFold: map[string][]*Entry{}}
	for i := range entries {
		d.add(&entries[i])
	}
	return d
}

func (d *dupIndex) add(e *Entry) {
	if e.Player.FIDID != "" {
		d.byFID[key(e.Player.FIDID)] = e
	}
	if e.Player.FMJDID != "" {
		d.byFMJD[key(e.Player.FMJDID)] = e
	}
	k := key(e.Player.Name)
	d.byName[k] = append(d.byName[k], e)
	f := NameKey(e.Player.Name)
	d.byFold[f] = append(d.byFold[f], e)
}

// find returns the entry p would duplicate and why, or nil. Same FID or FMJD id: duplicate.
// Same name: duplicate unless the two carry different ids of the same kind, or different
// clubs.
func (d *dupIndex) find(p *Player) (*Entry, string) {
	if e := d.byFID[key(p.FIDID)]; p.FIDID != "" && e != nil {
		return e, "FID id " + p.FIDID
	}
	if e := d.byFMJD[key(p.FMJDID)]; p.FMJDID != "" && e != nil {
		return e, "FMJD id " + p.FMJDID
	}
	for _, e := range d.byName[key(p.Name)] {
		q := &e.Player
		differ := func(a, b string) bool { return a != "" && b != "" && key(a) != key(b) }
		if differ(p.FIDID, q.FIDID) || differ(p.FMJDID, q.FMJDID) || differ(p.NationalID, q.NationalID) {
			continue
		}
		if p.NationalID != "" && key(p.NationalID) == key(q.NationalID) {
			return e, "name and national id"
		}
		if key(p.Club) == key(q.Club) {
			return e, "name and club"
		}
	}
	return nil, ""
}

// similar returns the entries whose names fold (NameKey: case, accents, punctuation,
// spaces, invisible characters and word order ignored) to p's name, for the
// possible-duplicate note: entries the duplicate rule lets through (another club, other
// ids) or whose names differ only in those ways.
func (d *dupIndex) similar(p *Player) []*Entry {
	k := NameKey(p.Name)
	if k == "" {
		return nil
	}
	return d.byFold[k]
}

func dupError(p *Player, e *Entry, why string) error {
	return fmt.Errorf("%w: %s has the same %s as entry %d %q (%s); if they are two people, tell them apart by FID id or club (both must have one; 'arbitro player set %d fid-id N' corrects the entry)",
		ErrDuplicatePlayer, p.Name, why, e.ID, e.Player.Name, clubOrNone(e.Player.Club), e.ID)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func clubOrNone(s string) string {
	if s == "" {
		return "no club"
	}
	return s
}

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
func (tx *Tx) AddPlayer(t *Tournament, p Player) (*Entry, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	existing, err := tx.Entries(cur.ID)
	if err != nil {
		return nil, err
	}
	return tx.addPlayer(cur, p, newDupIndex(existing), existing)
}

func (tx *Tx) addPlayer(t *Tournament, p Player, dups *dupIndex, existing []Entry) (*Entry, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	if e, why := dups.find(&p); e != nil {
		return nil, dupError(&p, e, why)
	}
	similar := dups.similar(&p)
	if err := tx.personByID(&p); err != nil {
		return nil, err
	}
	now := tx.nowText()
	if err := tx.savePerson(&p, now); err != nil {
		return nil, err
	}
	e := &Entry{TournamentID: t.ID, Rating: p.Rating, Status: StatusActive, JoinedRound: t.RoundsPaired + 1, Player: p}
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
	dups.add(e)
	if err := tx.logEvent(t.ID, "player.add", nil, e); err != nil {
		return nil, err
	}
	for _, o := range similar {
		e.Notes = append(e.Notes, fmt.Sprintf("possible duplicate: %q looks like entry %d %q (%s); if it is the same person, withdraw one",
			e.Player.Name, o.ID, o.Player.Name, clubOrNone(o.Player.Club)))
	}
	return e, nil
}

// personByID sets p.ID to the person of the file whom p's FID or FMJD id already names
// (unless p.ID is set): the same person is reused across tournaments. An id that belongs
// to someone of another name is an error wrapping ErrDuplicatePlayer.
func (tx *Tx) personByID(p *Player) error {
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
		if key(name) != key(p.Name) {
			return fmt.Errorf("%w: %s %s already belongs to %q in this file; check the id", ErrDuplicatePlayer, id.what, id.val, name)
		}
		p.ID = pid
	}
	return nil
}

// savePerson updates person p.ID with the fields p gives (an empty field keeps the stored
// one) and reads the person back into p; or, when p.ID is 0, inserts p (created at now)
// and sets p.ID.
func (tx *Tx) savePerson(p *Player, now string) error {
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
func (tx *Tx) playerErr(err error, p *Player) error {
	if strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return fmt.Errorf("%w: %s (%v)", ErrDuplicatePlayer, p.Name, err)
	}
	return err
}

const entryCols = `e.id, e.tournament_id, coalesce(e.pairing_number, 0), e.rating, e.status, coalesce(e.withdrawn_after, 0),
	e.start_points, e.joined_round, p.id, p.name, p.club, p.federation, p.fid_id, p.fmjd_id, p.national_id, p.rating,
	p.birth_year, p.title`

func scanEntry(sc interface{ Scan(...any) error }) (Entry, error) {
	var e Entry
	p := &e.Player
	err := sc.Scan(&e.ID, &e.TournamentID, &e.Number, &e.Rating, &e.Status, &e.WithdrawnAfter, &e.StartPoints, &e.JoinedRound,
		&p.ID, &p.Name, &p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Rating, &p.BirthYear, &p.Title)
	p.Name = ShownName(p.Name)
	return e, err
}

// Entries returns the players entered in tournament tournamentID: by pairing number once
// the lot is drawn (entries without a number last), else by rating (highest first), then
// name.
func (tx *Tx) Entries(tournamentID int64) ([]Entry, error) {
	rows, err := tx.query(`SELECT `+entryCols+` FROM entries e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? ORDER BY e.pairing_number IS NULL, e.pairing_number, e.rating DESC, p.name COLLATE NOCASE, e.id`, tournamentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// findEntry finds the entry of tournament t that ref names: its entry id (a number), or
// the player's name, exactly (case-insensitive) or else as the only name containing ref.
// Errors: ErrNotFound, ErrInvalid when a partial name matches several players (listed).
func (tx *Tx) findEntry(t *Tournament, ref string) (*Entry, error) {
	all, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	ref = strings.TrimSpace(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		for i := range all {
			if all[i].ID == id {
				return &all[i], nil
			}
		}
		return nil, fmt.Errorf("%w: no player with id %d in %s (see 'arbitro player list')", ErrNotFound, id, t.Name)
	}
	k := key(NormalizeName(ref))
	var exact, partial []*Entry
	for i := range all {
		n := key(all[i].Player.Name)
		if n == k {
			exact = append(exact, &all[i])
		} else if strings.Contains(n, k) {
			partial = append(partial, &all[i])
		}
	}
	m := exact
	if len(m) == 0 {
		m = partial
	}
	switch len(m) {
	case 0:
		return nil, fmt.Errorf("%w: no player %q in %s (see 'arbitro player list')", ErrNotFound, ref, t.Name)
	case 1:
		return m[0], nil
	}
	var names []string
	for _, e := range m {
		names = append(names, fmt.Sprintf("%d %q", e.ID, e.Player.Name))
	}
	sort.Strings(names)
	return nil, fmt.Errorf("%w: %q matches several players: %s; give the id", ErrInvalid, ref, strings.Join(names, ", "))
}

// WithdrawPlayer marks entry ref (an entry id, or a name as findEntry reads it) of t as withdrawn after the last paired
// round (he is not paired from the next round on) and logs "player.withdraw". Withdrawing
// twice is an error wrapping ErrInvalid. t names the tournament: the last paired round is
// read in the transaction.
func (tx *Tx) WithdrawPlayer(t *Tournament, ref string) (*Entry, error) {
	t, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(t, ref)
	if err != nil {
		return nil, err
	}
	if e.Status == StatusWithdrawn {
		return nil, fmt.Errorf("%w: %s already withdrew after round %d", ErrInvalid, e.Player.Name, e.WithdrawnAfter)
	}
	before := *e
	e.Status, e.WithdrawnAfter = StatusWithdrawn, t.RoundsPaired
	if _, err := tx.exec(`UPDATE entries SET status = 'withdrawn', withdrawn_after = ? WHERE id = ?`, e.WithdrawnAfter, e.ID); err != nil {
		return nil, err
	}
	return e, tx.logEvent(t.ID, "player.withdraw", before, e)
}

// PlayerFields lists the fields SetPlayerField accepts.
var PlayerFields = []string{"name", "club", "federation", "fid-id", "fmjd-id", "national-id", "rating", "birth-year", "title"}

// SetPlayerField changes one field of entry ref (an entry id, or a name as findEntry reads it) of t and logs
// "player.set". "rating" changes the rating used in this event and the player's last known
// rating, and is refused with ErrLocked once a round is paired. Changing a name or id
// re-checks the duplicate rule. Errors wrap ErrInvalid, ErrLocked, ErrDuplicatePlayer. t
// names the tournament: whether a round is paired is read in the transaction.
func (tx *Tx) SetPlayerField(t *Tournament, ref, field, value string) (*Entry, error) {
	t, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	e, err := tx.findEntry(t, ref)
	if err != nil {
		return nil, err
	}
	before := *e
	p := e.Player
	if err := p.set(field, strings.TrimSpace(value), t.RoundsPaired); err != nil {
		return nil, err
	}
	if strings.ToLower(field) == "rating" {
		e.Rating = p.Rating
	}
	if err := p.validate(); err != nil {
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
	if d, why := newDupIndex(others).find(&p); d != nil {
		return nil, dupError(&p, d, why)
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

// set changes field (one of PlayerFields, case-insensitive) of p to value (trimmed; a
// number for rating and birth-year, "" for 0). The rating is refused with ErrLocked once
// roundsPaired > 0; an unknown field or a number that is not one wraps ErrMalformed.
func (p *Player) set(field, value string, roundsPaired int) error {
	num := func() (int, error) {
		if value == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("%w: %s must be a whole number, not %q", ErrMalformed, field, value)
		}
		return n, nil
	}
	var err error
	switch strings.ToLower(field) {
	case "name":
		p.Name = value
	case "club":
		p.Club = value
	case "federation":
		p.Federation = value
	case "fid-id":
		p.FIDID = value
	case "fmjd-id":
		p.FMJDID = value
	case "national-id":
		p.NationalID = value
	case "title":
		p.Title = value
	case "birth-year":
		p.BirthYear, err = num()
	case "rating":
		if roundsPaired > 0 {
			return fmt.Errorf("%w: the rating used for pairing cannot change once round %d is paired", ErrLocked, roundsPaired)
		}
		p.Rating, err = num()
	default:
		return fmt.Errorf("%w: unknown player field %q (fields: %s)", ErrMalformed, field, strings.Join(PlayerFields, ", "))
	}
	return err
}
