package store

// Groups and stages (issue 32, docs/groups.md): the SQL of the groups and group_entries
// tables and the resolver of --group. A group is a tournament; its row in groups links it
// to its event (the parent tournament, the entry list).

import (
	"cmp"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// groupRefMark starts a ref made by GroupRef: a NUL, which no argument of a command line
// can hold, so no name the arbiter types is taken for one.
const groupRefMark = "\x00group\x00"

// GroupRef is the ref (as every use case takes it) of the group named group of the event
// event names (its id or name; "" the file's only event). With group "" it is event
// itself. The CLI's --group makes it, so every command acts on the group.
func GroupRef(event, group string) string {
	if strings.TrimSpace(group) == "" {
		return event
	}
	return groupRefMark + event + "\x00" + group
}

// parseGroupRef splits a GroupRef; ok is false for a plain ref.
func parseGroupRef(ref string) (event, group string, ok bool) {
	rest, ok := strings.CutPrefix(ref, groupRefMark)
	if !ok {
		return "", "", false
	}
	event, group, _ = strings.Cut(rest, "\x00")
	return event, strings.TrimSpace(group), true
}

// groupIDs returns the ids of the tournaments that are groups of an event.
func (tx *Tx) groupIDs() (map[int64]bool, error) {
	rows, err := tx.query(`SELECT tournament_id FROM groups`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// events are the tournaments of all that are no event's group: the events of the file.
func (tx *Tx) events(all []tournament.Tournament) ([]tournament.Tournament, error) {
	ids, err := tx.groupIDs()
	if err != nil || len(ids) == 0 {
		return all, err
	}
	var out []tournament.Tournament
	for _, t := range all {
		if !ids[t.ID] {
			out = append(out, t)
		}
	}
	return out, nil
}

// selectGroup finds group (its name, case-insensitive, or its tournament id) of the event
// eventRef names. Errors: SelectTournament's for the event; ErrNotFound naming the event's
// groups.
func (tx *Tx) selectGroup(eventRef, group string) (*tournament.Tournament, error) {
	ev, err := tx.SelectTournament(eventRef)
	if err != nil {
		return nil, err
	}
	gs, err := tx.listGroups(ev.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range gs {
		if strings.EqualFold(g.Name, group) || strconv.FormatInt(g.Tournament.ID, 10) == group {
			t := g.Tournament
			return &t, nil
		}
	}
	if len(gs) == 0 {
		return nil, tournament.Errf(tournament.ErrNotFound, "err.group.no_groups_named", "{err}: {name} has no groups, so no group {group} (make them with 'arbitro group make' or 'group add')", "name", ev.Name, "group", strconv.Quote(group))
	}
	names := make([]string, len(gs))
	for i, g := range gs {
		names[i] = g.Name
	}
	return nil, tournament.Errf(tournament.ErrNotFound, "err.group.no_group", "{err}: {name} has no group {group}; its groups are {names}", "name", ev.Name, "group", strconv.Quote(group), "names", strings.Join(names, ", "))
}

const groupCols = `g.tournament_id, g.parent_id, g.name, g.stage, g.ord, g.made_by, g.seeding, coalesce(g.source_id, 0),
	coalesce((SELECT name FROM tournaments s WHERE s.id = g.source_id), ''), g.carry`

// listGroups returns the groups of event eventID in order (stage, then order), each with its
// tournament as stored; empty for a one-group event.
func (tx *Tx) listGroups(eventID int64) ([]tournament.Group, error) {
	rows, err := tx.query(`SELECT `+groupCols+` FROM groups g WHERE g.parent_id = ? ORDER BY g.stage, g.ord`, eventID)
	if err != nil {
		return nil, err
	}
	var out []tournament.Group
	for rows.Next() {
		var g tournament.Group
		if err := rows.Scan(&g.Tournament.ID, &g.EventID, &g.Name, &g.Stage, &g.Ord, &g.MadeBy, &g.Seeding, &g.SourceID, &g.Source, &g.Carry); err != nil {
			rows.Close()
			return nil, err
		}
		g.Name, g.Source = tournament.ShownText(g.Name), tournament.ShownText(g.Source)
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		t, err := tx.TournamentByID(out[i].Tournament.ID)
		if err != nil {
			return nil, err
		}
		out[i].Tournament = *t
	}
	return out, nil
}

// groupOf returns the group row of tournament id, or nil when it is no group.
func (tx *Tx) groupOf(id int64) (*tournament.Group, error) {
	var g tournament.Group
	err := tx.queryRow(`SELECT `+groupCols+` FROM groups g WHERE g.tournament_id = ?`, id).
		Scan(&g.Tournament.ID, &g.EventID, &g.Name, &g.Stage, &g.Ord, &g.MadeBy, &g.Seeding, &g.SourceID, &g.Source, &g.Carry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &g, err
}

// GroupSpec is the tournament of a new group: its system and rounds (a round robin takes
// them from the field at the lot when Rounds is 0; Double for a double one).
type GroupSpec struct {
	System tournament.System // zero: round robin
	Rounds int               // Swiss systems: required; round robin: 0 from the field
	Double bool              // round robin: twice
}

// groupSeed derives a group's seed from its event's, its stage and its order: the same
// event makes the same groups with the same lots.
func groupSeed(event int64, stage, ord int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", event, stage, ord)
	return int64(h.Sum64()%999_999_999) + 1
}

// createGroup creates the tournament of group g of event ev (its settings copied from the
// event: variant, scoring, points, games per pairing, dates, place, arbiter, language...)
// with spec's system, and its groups row. Its name is "EVENT / NAME". On return g.Tournament
// is the new tournament. Errors: ErrInvalid (a spec that does not fit), ErrDuplicateTournament.
func (tx *Tx) createGroup(ev *tournament.Tournament, g *tournament.Group, spec GroupSpec) error {
	name, err := tournament.CheckLabel("group name", g.Name)
	if err != nil {
		return err
	}
	g.Name = name
	sys := spec.System
	if sys.IsZero() {
		sys = tournament.RoundRobin
	}
	t := tournament.Tournament{
		Name: ev.Name + " / " + g.Name, Variant: ev.Variant, System: sys, Rounds: spec.Rounds,
		Scoring: ev.Scoring, ByePoints: ev.ByePoints, ForfeitPoints: ev.ForfeitPoints, GamesPerPairing: ev.GamesPerPairing,
		Seed: groupSeed(ev.Seed, g.Stage, g.Ord), Start: ev.Start, End: ev.End, Place: ev.Place, Federation: ev.Federation,
		Arbiter: ev.Arbiter, TimeControl: ev.TimeControl, Lang: ev.Lang, Openings: ev.Openings, ClubSeparation: ev.ClubSeparation,
	}
	if sys == ev.System {
		t.ItaloFormat, t.TieBreaks = ev.ItaloFormat, ev.TieBreaks
	} else if sys == tournament.ItaloSwiss {
		t.ItaloFormat = "art8"
	}
	if spec.Double {
		t.FieldCycles = 2
	}
	if !sys.FixedTable() && spec.Rounds == 0 {
		return tournament.Errf(tournament.ErrInvalid, "err.group.needs_rounds", "{err}: a {system} group needs its number of rounds (--rounds N)", "system", sys.Code())
	}
	if err := tx.CreateTournament(&t); err != nil {
		return err
	}
	if _, err := tx.exec(`INSERT INTO groups (tournament_id, parent_id, name, stage, ord, made_by, seeding, source_id, carry)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, t.ID, ev.ID, g.Name, g.Stage, g.Ord, g.MadeBy, g.Seeding, nullID(g.SourceID), g.Carry); err != nil {
		return err
	}
	g.EventID, g.Tournament = ev.ID, t
	return nil
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// addGroupEntry enters the person of source entry from in group tournament gt, with from's
// rating, and records where he came from (m's rank, place, split and carried game points).
func (tx *Tx) addGroupEntry(gt *tournament.Tournament, from tournament.Entry, m tournament.GroupMember) (tournament.Entry, error) {
	res, err := tx.exec(`INSERT INTO entries (tournament_id, player_id, rating, status, joined_round, created_at)
		VALUES (?, ?, ?, 'active', 1, ?)`, gt.ID, from.Player.ID, from.Rating, tx.nowText())
	if err != nil {
		return tournament.Entry{}, tx.playerErr(err, &from.Player)
	}
	e := tournament.Entry{TournamentID: gt.ID, Rating: from.Rating, Status: tournament.StatusActive, JoinedRound: 1, Player: from.Player}
	if e.ID, err = res.LastInsertId(); err != nil {
		return e, err
	}
	_, err = tx.exec(`INSERT INTO group_entries (entry_id, from_entry, rank, carried, place, split) VALUES (?, ?, ?, ?, ?, ?)`,
		e.ID, from.ID, m.Rank, m.Carried, m.Place, m.Split)
	return e, err
}

// groupMembers returns the entries of group tournament gt with their origin (rank and
// carried points; the source entry's id in Entry.ID of the member).
func (tx *Tx) groupMembers(gt int64) ([]tournament.GroupMember, error) {
	es, err := tx.Entries(gt)
	if err != nil {
		return nil, err
	}
	out := make([]tournament.GroupMember, 0, len(es))
	for _, e := range es {
		m := tournament.GroupMember{Entry: e}
		err := tx.queryRow(`SELECT rank, carried, place, split FROM group_entries WHERE entry_id = ?`, e.ID).Scan(&m.Rank, &m.Carried, &m.Place, &m.Split)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b tournament.GroupMember) int { // by rank; put in by hand last
		return cmp.Compare(rankKey(a.Rank), rankKey(b.Rank))
	})
	return out, nil
}

func rankKey(r int) int {
	if r == 0 {
		return math.MaxInt
	}
	return r
}

// carriedAdjustments are the carried points of tournament id's entries (group_entries), as
// bonuses from round 1 (tournament.ScoreAdjustment ' '), by entry id.
func (tx *Tx) carriedAdjustments(id int64) (map[int64]int, error) {
	rows, err := tx.query(`SELECT ge.entry_id, ge.carried FROM group_entries ge JOIN entries e ON e.id = ge.entry_id
		WHERE e.tournament_id = ? AND ge.carried <> 0`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var e int64
		var pts int
		if err := rows.Scan(&e, &pts); err != nil {
			return nil, err
		}
		out[e] = pts
	}
	return out, rows.Err()
}
