package store

import (
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// CreateTournament validates t, fills its defaults (scoring 2-1-0, one game per pairing,
// tie-breaks DefaultTieBreaks when t.TieBreaks is nil, Seed NewSeed() when 0), inserts it
// and logs "tournament.create". On return t.ID and t.CreatedAt are set. ByePoints and
// ForfeitPoints are taken as given (callers usually pass 2, a win). Errors wrap ErrInvalid
// or ErrDuplicateTournament.
func (tx *Tx) CreateTournament(t *tournament.Tournament) error {
	if err := t.Validate(); err != nil {
		return err
	}
	if t.Seed == 0 {
		t.Seed = tournament.NewSeed()
	}
	var n int
	if err := tx.queryRow(`SELECT count(*) FROM tournaments WHERE name = ? COLLATE NOCASE`, t.Name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return tournament.Errf(tournament.ErrDuplicateTournament, "err.tournament.duplicate", "{err}: {tournament}", "tournament", strconv.Quote(t.Name))
	}
	t.CreatedAt = tx.nowText()
	// The id is never one a deleted tournament had: its entries stay in the event log
	// (DeleteTournament), which must not become the new tournament's.
	var id int64
	if err := tx.queryRow(`SELECT max((SELECT coalesce(max(id), 0) FROM tournaments), (SELECT coalesce(max(tournament_id), 0) FROM events)) + 1`).Scan(&id); err != nil {
		return err
	}
	res, err := tx.exec(`INSERT INTO tournaments (id, name, variant, system, rounds, scoring, bye_points, forfeit_points,
		games_per_pairing, tiebreaks, lot_seed, start_date, end_date, place, federation, chief_arbiter, time_control, created_at,
		italo_format, openings, club_separation, lang, rr_cycles)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, t.Name, t.Variant.Name(), t.System.Code(), storedRounds(t), t.Scoring, t.ByePoints, t.ForfeitPoints, t.GamesPerPairing,
		strings.Join(t.TieBreaks, ","), t.Seed, t.Start, t.End, t.Place, t.Federation, t.Arbiter, t.TimeControl, t.CreatedAt,
		t.ItaloFormat, t.Openings, t.ClubSeparation, t.Lang, t.FieldCycles)
	if err != nil {
		return err
	}
	if t.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "tournament.create", nil, t)
}

const tournamentCols = `t.id, t.name, t.variant, t.system, t.rounds, t.scoring, t.bye_points, t.forfeit_points,
	t.games_per_pairing, t.tiebreaks, t.lot_seed, coalesce(t.lot_drawn_at, ''), t.start_date, t.end_date, t.place,
	t.federation, t.chief_arbiter, t.time_control, t.created_at, t.italo_format, t.openings, t.club_separation, t.lang,
	t.rr_cycles, (SELECT count(*) FROM entries e WHERE e.tournament_id = t.id),
	(SELECT coalesce(max(number), 0) FROM rounds r WHERE r.tournament_id = t.id)`

func scanTournament(sc interface{ Scan(...any) error }) (*tournament.Tournament, error) {
	var t tournament.Tournament
	var tb, variant, system string
	err := sc.Scan(&t.ID, &t.Name, &variant, &system, &t.Rounds, &t.Scoring, &t.ByePoints, &t.ForfeitPoints,
		&t.GamesPerPairing, &tb, &t.Seed, &t.LotDrawnAt, &t.Start, &t.End, &t.Place,
		&t.Federation, &t.Arbiter, &t.TimeControl, &t.CreatedAt, &t.ItaloFormat, &t.Openings, &t.ClubSeparation, &t.Lang, &t.FieldCycles, &t.Players, &t.RoundsPaired)
	if err != nil {
		return nil, err
	}
	// free text as it may be shown (an older arbitro or another program may have stored
	// a terminal escape or an invisible character)
	for _, f := range []*string{&t.Name, &t.Place, &t.Federation, &t.Arbiter, &t.TimeControl} {
		*f = tournament.ShownText(*f)
	}
	if t.FieldCycles > 0 && t.LotDrawnAt == "" {
		t.Rounds = 0 // from the field at the lot (the column holds a placeholder till then)
	}
	// The column's CHECK constraint admits only the two canonical names.
	if t.Variant, err = rules.VariantByName(variant); err != nil {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.tournament.stored_variant", "{err}: tournament {tournament} has variant {variant}: {error}", "tournament", t.Name, "variant", strconv.Quote(variant), "error", err)
	}
	if t.System, err = tournament.ParseSystem(system); err != nil { // the CHECK admits the codes alone
		return nil, tournament.Errf(tournament.ErrInvalid, "err.tournament.stored_invalid", "{err}: tournament {tournament}: {error}", "tournament", t.Name, "error", err)
	}
	t.TieBreaks = []string{}
	if tb != "" {
		t.TieBreaks = strings.Split(tb, ",")
	}
	return &t, nil
}

// Tournaments returns every tournament of the file, by id.
func (tx *Tx) Tournaments() ([]tournament.Tournament, error) {
	rows, err := tx.query(`SELECT ` + tournamentCols + ` FROM tournaments t ORDER BY t.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *t)
	}
	return out, rows.Err()
}

// TournamentByID returns tournament id; ErrNotFound if there is none.
func (tx *Tx) TournamentByID(id int64) (*tournament.Tournament, error) {
	t, err := scanTournament(tx.queryRow(`SELECT `+tournamentCols+` FROM tournaments t WHERE t.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, tournament.Errf(tournament.ErrNotFound, "err.tournament.no_id", "{err}: no tournament with id {id}", "id", id)
	}
	return t, err
}

// SelectTournament finds the tournament the user means by ref (the --tournament flag): its
// id, or its name (case-insensitive), or a GroupRef (a group of an event, --group). An
// empty ref means the only event of the file (a tournament that is no event's group).
//
// Errors: ErrNoTournament when the file holds none; ErrAmbiguousTournament when ref is
// empty and there are several (the message lists them); ErrNotFound when ref matches none
// (the message lists the names).
func (tx *Tx) SelectTournament(ref string) (*tournament.Tournament, error) {
	if event, group, ok := parseGroupRef(ref); ok {
		return tx.selectGroup(event, group)
	}
	all, err := tx.Tournaments()
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, tournament.ErrNoTournament
	}
	ref = strings.TrimSpace(ref)
	if ref == "" {
		events, err := tx.events(all) // an event's groups are chosen with --group
		if err != nil {
			return nil, err
		}
		if len(events) == 1 {
			return &events[0], nil
		}
		return nil, tournament.Errf(tournament.ErrAmbiguousTournament, "err.tournament.ambiguous", "{err}: {v}", "v", listTournaments(events))
	}
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		for i := range all {
			if all[i].ID == id {
				return &all[i], nil
			}
		}
	}
	for i := range all {
		if strings.EqualFold(all[i].Name, ref) {
			return &all[i], nil
		}
	}
	return nil, tournament.Errf(tournament.ErrNotFound, "err.tournament.not_found", "{err}: no tournament {ref} in this file; it holds {v}", "ref", strconv.Quote(ref), "v", listTournaments(all))
}

func listTournaments(all []tournament.Tournament) string {
	var parts []string
	for _, t := range all {
		parts = append(parts, fmt.Sprintf("%d %q", t.ID, t.Name))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// SetTournamentField changes one field of tournament t (name as in TournamentFields) to
// value, checks the result, writes it and logs "tournament.set" with before and after.
// Fields that bear on pairings or standings are refused with ErrLocked once a round
// exists, and the seed once the lot is drawn. Other errors wrap ErrInvalid.
func (tx *Tx) SetTournamentField(t *tournament.Tournament, field, value string) (*tournament.Tournament, error) {
	field = strings.ToLower(strings.TrimSpace(field))
	locked, ok := tournament.TournamentFields[field]
	if !ok {
		var names []string
		for k := range tournament.TournamentFields {
			names = append(names, k)
		}
		sort.Strings(names)
		return nil, tournament.Errf(tournament.ErrMalformed, "err.tournament.unknown_field", "{err}: unknown field {field} (fields: {names})", "field", strconv.Quote(field), "names", strings.Join(names, ", "))
	}
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	if locked && cur.RoundsPaired > 0 {
		return nil, tournament.Errf(tournament.ErrLocked, "err.tournament.field_locked", "{err}: {field} cannot change once round {rounds_paired} is paired", "field", field, "rounds_paired", cur.RoundsPaired)
	}
	if field == "seed" && cur.LotDrawnAt != "" {
		return nil, tournament.Errf(tournament.ErrLocked, "err.tournament.seed_locked", "{err}: the seed cannot change after the lot was drawn ({lot_drawn_at})", "lot_drawn_at", cur.LotDrawnAt)
	}
	nt := *cur
	if err := tournament.FieldSetters[field](&nt, cur, field, strings.TrimSpace(value)); err != nil {
		return nil, err
	}
	if err := nt.CheckFields(); err != nil {
		return nil, err
	}
	if field == "name" && !strings.EqualFold(nt.Name, cur.Name) {
		var n int
		if err := tx.queryRow(`SELECT count(*) FROM tournaments WHERE name = ? COLLATE NOCASE AND id <> ?`, nt.Name, nt.ID).Scan(&n); err != nil {
			return nil, err
		}
		if n > 0 {
			return nil, tournament.Errf(tournament.ErrDuplicateTournament, "err.tournament.duplicate", "{err}: {tournament}", "tournament", strconv.Quote(nt.Name))
		}
	}
	if err := tx.writeTournament(&nt); err != nil {
		return nil, err
	}
	if err := tx.logEvent(nt.ID, "tournament.set", map[string]any{"field": field, "tournament": cur}, map[string]any{"field": field, "tournament": nt}); err != nil {
		return nil, err
	}
	return &nt, nil
}

// SetRoundSchedule stores the date (2026-11-21 or 21/11/2026) and start time (15:30) of
// round n of tournament t, printed on its pairing and results sheets; an argument nil is
// left as it is, "" clears it. The round must exist (ErrNotFound). Logs "round.schedule".
func (tx *Tx) SetRoundSchedule(t *tournament.Tournament, n int, date, clock *string) (tournament.RoundSchedule, error) {
	cur, err := tx.roundSchedule(t.ID, n)
	if err != nil {
		return tournament.RoundSchedule{}, err
	}
	next := cur
	if date != nil {
		if next.Date, err = tournament.ParseDate(*date); err != nil {
			return tournament.RoundSchedule{}, err
		}
	}
	if clock != nil {
		if next.Time, err = tournament.ParseClock(*clock); err != nil {
			return tournament.RoundSchedule{}, err
		}
	}
	if _, err := tx.exec(`UPDATE rounds SET play_date = ?, start_time = ? WHERE tournament_id = ? AND number = ?`,
		next.Date, next.Time, t.ID, n); err != nil {
		return tournament.RoundSchedule{}, err
	}
	return next, tx.logEvent(t.ID, "round.schedule", cur, next)
}

// roundSchedule returns the stored date and start time of round n; ErrNotFound when the
// round is not paired.
func (tx *Tx) roundSchedule(tournamentID int64, n int) (tournament.RoundSchedule, error) {
	s := tournament.RoundSchedule{Round: n}
	err := tx.queryRow(`SELECT play_date, start_time FROM rounds WHERE tournament_id = ? AND number = ?`,
		tournamentID, n).Scan(&s.Date, &s.Time)
	if errors.Is(err, sql.ErrNoRows) {
		return s, tournament.Errf(tournament.ErrNotFound, "err.tournament.round_not_paired", "{err}: round {n} is not paired", "n", n)
	}
	s.Date, s.Time = tournament.ShownText(s.Date), tournament.ShownText(s.Time) // parsed at entry; a crafted file may hold anything
	return s, err
}

// storedRounds is the rounds column of t: t.Rounds, or 1 as a placeholder while a round
// robin's rounds wait for the field (FieldCycles, Rounds 0 until the lot; the column
// requires at least 1 and scanTournament reads it back as 0).
func storedRounds(t *tournament.Tournament) int {
	if t.Rounds == 0 && t.FieldCycles > 0 {
		return 1
	}
	return t.Rounds
}

// writeTournament writes the settings of nt into its tournaments row (everything but the
// lot's time, which DrawLot writes).
func (tx *Tx) writeTournament(nt *tournament.Tournament) error {
	_, err := tx.exec(`UPDATE tournaments SET name = ?, variant = ?, system = ?, rounds = ?, scoring = ?,
		bye_points = ?, forfeit_points = ?, games_per_pairing = ?, tiebreaks = ?, lot_seed = ?, start_date = ?,
		end_date = ?, place = ?, federation = ?, chief_arbiter = ?, time_control = ?, italo_format = ?, openings = ?, club_separation = ?, lang = ?,
		rr_cycles = ? WHERE id = ?`,
		nt.Name, nt.Variant.Name(), nt.System.Code(), storedRounds(nt), nt.Scoring, nt.ByePoints, nt.ForfeitPoints, nt.GamesPerPairing,
		strings.Join(nt.TieBreaks, ","), nt.Seed, nt.Start, nt.End, nt.Place, nt.Federation, nt.Arbiter, nt.TimeControl,
		nt.ItaloFormat, nt.Openings, nt.ClubSeparation, nt.Lang, nt.FieldCycles, nt.ID)
	return err
}
