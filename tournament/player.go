package tournament

import (
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

// DidNotStart reports whether e withdrew before round 1 was paired (non partito): he takes
// no part in the lot and appears on no sheet of the event (pairings, standings,
// crosstable, site, rating report, TRF); the player list still shows him, withdrawn before
// round 1. FID Regolamento Tecnico: a player who does not start is not in the tournament.
func (e *Entry) DidNotStart() bool { return e.Status == StatusWithdrawn && e.WithdrawnAfter == 0 }

// Field is es without the entries that did not start (Entry.DidNotStart), in their order.
func Field(es []Entry) []Entry {
	out := make([]Entry, 0, len(es))
	for _, e := range es {
		if !e.DidNotStart() {
			out = append(out, e)
		}
	}
	return out
}

// Entry is a player's participation in one tournament (table entries). Its ID is the
// identifier the pairing engines use (pairing.Entrant.ID).
type Entry struct {
	ID             int64  `json:"id"`                        // entry id = pairing.Entrant.ID; what player commands accept before the lot (FindEntry)
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
	// NoteWords are the same warnings as CodedErrors (without a sentinel), which reports
	// words in the reader's language (issue 29); Notes are their English text.
	NoteWords []error `json:"-"`
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

func Key(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// validate tidies p and checks its values; errors wrap ErrInvalid.
func (p *Player) Validate() error {
	if err := p.CheckText(); err != nil {
		return err
	}
	p.Name = NormalizeName(p.Name)
	if p.Name == "" {
		return Errf(ErrMalformed, "err.player.needs_name", "{err}: the player needs a name (Surname, Given name)")
	}
	for _, f := range []*string{&p.Club, &p.Federation, &p.FIDID, &p.FMJDID, &p.NationalID, &p.Title} {
		*f = strings.Join(strings.Fields(*f), " ")
	}
	p.Federation = strings.ToUpper(p.Federation)
	if p.Rating < 0 || p.Rating > 4000 {
		return Errf(ErrMalformed, "err.player.rating", "{err}: rating {rating} of {name} (use 0 to 4000; 0 = no rating)", "rating", p.Rating, "name", p.Name)
	}
	if p.BirthYear != 0 && (p.BirthYear < 1900 || p.BirthYear > 2100) {
		return Errf(ErrMalformed, "err.player.birth_year", "{err}: birth year {birth_year} of {name} (a four-digit year, or leave it empty)", "birth_year", p.BirthYear, "name", p.Name)
	}
	return nil
}

// dupIndex finds players already entered in one tournament, for the duplicate rule of
// AddPlayer.
// DupFinder finds the entry a new player would duplicate (Find: the duplicate rule, an
// error) and the entries his name folds to (Similar: the possible-duplicate note), and
// learns each entry added (Add). DupIndex keeps them in memory; the store's import of a
// players file keeps them in a temporary table, so that memory does not grow with the
// file (issue 27), and applies DupIndex's rule to the few candidates it finds.
type DupFinder interface {
	Find(p *Player) (*Entry, string)
	Similar(p *Player) []*Entry
	Add(e *Entry)
}

// DupKeys are the keys under which DupIndex files entry e (kind "fid", "fmjd", "name",
// "fold"), the same keys Find and Similar look p up by: a finder that looks up candidates
// by these keys and applies NewDupIndex(candidates).Find gives DupIndex's answer.
func DupKeys(p *Player) [][2]string {
	keys := make([][2]string, 0, 4)
	if p.FIDID != "" {
		keys = append(keys, [2]string{"fid", Key(p.FIDID)})
	}
	if p.FMJDID != "" {
		keys = append(keys, [2]string{"fmjd", Key(p.FMJDID)})
	}
	keys = append(keys, [2]string{"name", Key(p.Name)})
	if f := NameKey(p.Name); f != "" {
		keys = append(keys, [2]string{"fold", f})
	}
	return keys
}

// DupIndex is the in-memory DupFinder of a tournament's entries.
type DupIndex struct {
	byFID, byFMJD map[string]*Entry
	byName        map[string][]*Entry
	byFold        map[string][]*Entry // by NameKey, for the possible-duplicate note
}

func NewDupIndex(entries []Entry) *DupIndex {
	d := &DupIndex{byFID: map[string]*Entry{}, byFMJD: map[string]*Entry{}, byName: map[string][]*Entry{}, byFold: map[string][]*Entry{}}
	for i := range entries {
		d.Add(&entries[i])
	}
	return d
}

func (d *DupIndex) Add(e *Entry) {
	if e.Player.FIDID != "" {
		d.byFID[Key(e.Player.FIDID)] = e
	}
	if e.Player.FMJDID != "" {
		d.byFMJD[Key(e.Player.FMJDID)] = e
	}
	k := Key(e.Player.Name)
	d.byName[k] = append(d.byName[k], e)
	f := NameKey(e.Player.Name)
	d.byFold[f] = append(d.byFold[f], e)
}

// find returns the entry p would duplicate and why, or nil. Same FID or FMJD id: duplicate.
// Same name: duplicate unless the two carry different ids of the same kind, or different
// clubs.
func (d *DupIndex) Find(p *Player) (*Entry, string) {
	if e := d.byFID[Key(p.FIDID)]; p.FIDID != "" && e != nil {
		return e, "FID id " + p.FIDID
	}
	if e := d.byFMJD[Key(p.FMJDID)]; p.FMJDID != "" && e != nil {
		return e, "FMJD id " + p.FMJDID
	}
	for _, e := range d.byName[Key(p.Name)] {
		q := &e.Player
		differ := func(a, b string) bool { return a != "" && b != "" && Key(a) != Key(b) }
		if differ(p.FIDID, q.FIDID) || differ(p.FMJDID, q.FMJDID) || differ(p.NationalID, q.NationalID) {
			continue
		}
		if p.NationalID != "" && Key(p.NationalID) == Key(q.NationalID) {
			return e, "name and national id"
		}
		if Key(p.Club) == Key(q.Club) {
			return e, "name and club"
		}
	}
	return nil, ""
}

// similar returns the entries whose names fold (NameKey: case, accents, punctuation,
// spaces, invisible characters and word order ignored) to p's name, for the
// possible-duplicate note: entries the duplicate rule lets through (another club, other
// ids) or whose names differ only in those ways.
func (d *DupIndex) Similar(p *Player) []*Entry {
	k := NameKey(p.Name)
	if k == "" {
		return nil
	}
	return d.byFold[k]
}

// DupError is the error (wrapping ErrDuplicatePlayer) of p entered again as entry e, which
// the commands name by ref (Entry.Ref: its pairing number after the lot, its id before);
// why is what the two share (DupIndex.Find).
func DupError(p *Player, e *Entry, ref, why string) error {
	var same any = why
	switch why {
	case "name and club":
		same = Errf(nil, "err.phrase.name_and_club", "name and club")
	case "name and national id":
		same = Errf(nil, "err.phrase.name_and_national_id", "name and national id")
	}
	return Errf(ErrDuplicatePlayer, "err.player.duplicate", "{err}: {player} has the same {same} as entry {ref} {name} ({club}); if they are two people, tell them apart by FID id or club (both must have one; 'arbitro player set {ref} fid-id N' corrects the entry)",
		"player", p.Name, "same", same, "ref", ref, "name", strconv.Quote(e.Player.Name), "club", ClubArg(e.Player.Club))
}

func OrDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ClubArg is the club s as an argument of a Problem: s, or the words "no club" (in the
// reader's language) when s is empty.
func ClubArg(s string) any {
	if s == "" {
		return Errf(nil, "err.phrase.no_club", "no club")
	}
	return s
}

func ClubOrNone(s string) string {
	if s == "" {
		return "no club"
	}
	return s
}

// PlayerFields lists the fields SetPlayerField accepts: the person's (Player.Set) and the
// entry's (Entry.SetStartPoints).
var PlayerFields = []string{"name", "club", "federation", "fid-id", "fmjd-id", "national-id", "rating", "birth-year", "title", FieldStartPoints}

// FieldStartPoints is the entry field of the game points granted to a late entrant for the
// rounds before he joined (entries.start_points; the crosstable spreads them over those
// rounds, 2 game points a round, CrossBuilder.SpreadStartPoints).
const FieldStartPoints = "start-points"

// SetStartPoints sets the game points granted to late entrant e (value: a whole number,
// "" for 0). Errors: ErrMalformed (not a number); ErrInvalid when e is not a late entrant
// (JoinedRound 1: he played every round) or the points are more than the rounds before he
// joined can hold (2 game points a round, a win each).
func (e *Entry) SetStartPoints(value string) error {
	n := 0
	if value != "" {
		var err error
		if n, err = strconv.Atoi(value); err != nil {
			return Errf(ErrMalformed, "err.player.start_points_number", "{err}: {field} must be a whole number of game points, not {value}", "field", FieldStartPoints, "value", strconv.Quote(value))
		}
	}
	if e.JoinedRound <= 1 {
		return Errf(ErrInvalid, "err.player.start_points_round1", "{err}: {player} entered from round 1: start points are for a late entrant", "player", e.Player.Name)
	}
	if max := 2 * (e.JoinedRound - 1); n < 0 || n > max {
		return Errf(ErrInvalid, "err.player.start_points_range", "{err}: {player} joined at round {joined_round}: give 0 to {max} game points (at most 2 a round before he joined)", "player", e.Player.Name, "joined_round", e.JoinedRound, "max", max)
	}
	e.StartPoints = n
	return nil
}

// set changes field (one of PlayerFields, case-insensitive) of p to value (trimmed; a
// number for rating and birth-year, "" for 0). The rating is refused with ErrLocked once
// roundsPaired > 0; an unknown field or a number that is not one wraps ErrMalformed.
func (p *Player) Set(field, value string, roundsPaired int) error {
	num := func() (int, error) {
		if value == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, Errf(ErrMalformed, "err.player.not_a_number", "{err}: {field} must be a whole number, not {value}", "field", field, "value", strconv.Quote(value))
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
			return Errf(ErrLocked, "err.player.rating_locked", "{err}: the rating used for pairing cannot change once round {rounds_paired} is paired", "rounds_paired", roundsPaired)
		}
		p.Rating, err = num()
	default:
		return Errf(ErrMalformed, "err.player.unknown_field", "{err}: unknown player field {field} (fields: {fields})", "field", strconv.Quote(field), "fields", strings.Join(PlayerFields, ", "))
	}
	return err
}

// PlayerChange is what a command on one entry did beyond the entry itself: player
// withdraw, remove and reinstate (store). JSON: the entry's fields, then the omitempty
// fields below.
type PlayerChange struct {
	Entry
	// Lot is the lot drawn again from the stored seed on the field as it is now, when the
	// lot was drawn and no round is paired yet (a player removed, withdrawn before round 1
	// or reinstated then): the numbers of the others may change.
	Lot *LotResult `json:"lot,omitempty"`
	// Gap is the pairing number a removed late entrant leaves empty (numbers are fixed
	// once round 1 is paired); 0 when none.
	Gap int `json:"gap,omitempty"`
	// Left is the pairing number a player removed or withdrawn between the lot and round 1
	// held (the number the sheets printed); 0 when he had none. The lot is then drawn again
	// (Lot) or, with Kept, the others keep their numbers and Left stays empty.
	Left int `json:"left_number,omitempty"`
	// Kept: the lot was kept (player remove/withdraw --keep-numbers): the others keep their
	// numbers, Left stays empty (in a round robin whoever the Berger table pairs with it
	// rests that round).
	Kept bool `json:"kept_numbers,omitempty"`
	// From is the first round a reinstated player is paired in again.
	From int `json:"from,omitempty"`
	// Absent are the rounds a reinstated player missed, recorded as absences with 0
	// points (Swiss systems); a round-robin's missed games stay the forfeits they were.
	Absent []int `json:"absent,omitempty"`
}
