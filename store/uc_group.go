package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"arbitro/tournament"
)

// The use cases of groups and stages (issue 32, docs/groups.md). ref names the event (the
// parent tournament: its entries are the entry list); each use case is one transaction.

// MakeGroups splits the entry list of the event ref names into new groups of stage 1 by
// rule (tournament.PlanGroups: by rating or category, block or snake), creates each group's
// tournament with spec's system (round robin by default) and a seed derived from the
// event's, enters the players, and logs "group.make" on the event, in one transaction. The
// same entry list and rule make the same groups.
//
// Returns the groups made and the event. Errors: ErrInvalid (the event is itself a group,
// already has groups of stage 1, has no players; a rule that does not fit), ErrMalformed
// (an unknown rule or seeding), ErrDuplicateTournament (a group's name "EVENT / NAME" is
// taken); those of updateIn. Nothing is written on error.
func (s *Store) MakeGroups(ctx context.Context, ref string, rule tournament.GroupRule, spec GroupSpec) (tournament.EventGroups, tournament.Tournament, error) {
	var out tournament.EventGroups
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		if err := tx.checkEvent(ev, 1); err != nil {
			return err
		}
		field, err := tx.fieldEntries(ev.ID)
		if err != nil {
			return err
		}
		plan, err := tournament.PlanGroups(field, rule)
		if err != nil {
			return err
		}
		seeding := ""
		if rule.By == tournament.GroupByRating {
			seeding = rule.Seeding
			if seeding == "" {
				seeding = tournament.SeedingBlock
			}
		}
		out, err = tx.makeGroups(ev, plan, 1, rule.By, seeding, ev, tournament.CarryNone, spec, field)
		return err
	})
	out.Event = t
	return out, t, err
}

// checkEvent refuses to make groups of stage in ev when ev is a group itself or already
// has groups of that stage.
func (tx *Tx) checkEvent(ev *tournament.Tournament, stage int) error {
	if g, err := tx.groupOf(ev.ID); err != nil {
		return err
	} else if g != nil {
		return tournament.Errf(tournament.ErrInvalid, "err.group.make_on_event", "{err}: {tournament} is group {group} of an event; make groups on the event (drop --group, or give the event's --tournament)", "tournament", ev.Name, "group", g.Name)
	}
	if err := tx.refuseTeamEvent(ev); err != nil {
		return err
	}
	gs, err := tx.listGroups(ev.ID)
	if err != nil {
		return err
	}
	for _, g := range gs {
		if g.Stage == stage {
			return tournament.Errf(tournament.ErrInvalid, "err.group.stage_exists", "{err}: {tournament} already has the groups of stage {stage} (group {group}); see 'arbitro group list'", "tournament", ev.Name, "stage", stage, "group", g.Name)
		}
	}
	return nil
}

// refuseTeamEvent refuses groups on a team event (ErrInvalid): a group is a tournament
// of single players made from the event's entries, so a team event's groups would split
// its teams into players (docs/groups.md, "Team events"). Groups of teams would need each
// group to be a team event with its teams' rosters: not built.
func (tx *Tx) refuseTeamEvent(ev *tournament.Tournament) error {
	set, err := tx.teamSettings(ev.ID)
	if err != nil || set == nil {
		return err
	}
	return tournament.Errf(tournament.ErrInvalid, "err.group.team_event", "{err}: {tournament} is a team event; groups of teams are not built: its groups would be of single players. Make each group a team event of its own (arbitro tournament create NAME --teams) and add its teams there", "tournament", ev.Name)
}

// makeGroups writes plan as groups of stage of event ev (their order after the event's
// groups), entering each member from the source entries (by id) and logging "group.make".
func (tx *Tx) makeGroups(ev *tournament.Tournament, plan []tournament.PlannedGroup, stage int, madeBy, seeding string, source *tournament.Tournament, carry string, spec GroupSpec, sourceEntries []tournament.Entry) (tournament.EventGroups, error) {
	out := tournament.EventGroups{}
	existing, err := tx.listGroups(ev.ID)
	if err != nil {
		return out, err
	}
	byID := map[int64]tournament.Entry{}
	for _, e := range sourceEntries {
		byID[e.ID] = e
	}
	for i, pg := range plan {
		g := tournament.Group{Name: pg.Name, Stage: stage, Ord: len(existing) + i + 1, MadeBy: madeBy, Seeding: seeding, SourceID: source.ID, Source: source.Name, Carry: carry}
		if err := tx.createGroup(ev, &g, spec); err != nil {
			return out, err
		}
		gm := tournament.GroupMembers{Group: g, From: pg.From, To: pg.To}
		for _, m := range pg.Members {
			from, ok := byID[m.Entry.ID]
			if !ok {
				return out, tournament.Errf(tournament.ErrInvalid, "err.group.entry_not_in_source", "{err}: entry {id} is not in the source", "id", m.Entry.ID)
			}
			e, err := tx.addGroupEntry(&g.Tournament, from, m)
			if err != nil {
				return out, err
			}
			m.Entry = e
			gm.Members = append(gm.Members, m)
		}
		gm.Tournament.Players = len(gm.Members)
		out.Groups = append(out.Groups, gm)
	}
	return out, tx.logEvent(ev.ID, "group.make", nil, out.Groups)
}

// AddGroup adds an empty group named name to the event ref names (stage 1 unless stage is
// given), made by hand: its players are put in with MoveToGroup. One transaction; logs
// "group.make".
//
// Returns the group and the event. Errors: ErrInvalid (the event is a group itself, the
// name is taken or empty, a Swiss system without rounds), ErrDuplicateTournament; those of
// updateIn.
func (s *Store) AddGroup(ctx context.Context, ref, name string, stage int, spec GroupSpec) (tournament.GroupMembers, tournament.Tournament, error) {
	var out tournament.GroupMembers
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		name = strings.TrimSpace(name)
		if name == "" {
			return tournament.Errf(tournament.ErrMalformed, "err.group.needs_name", "{err}: a group needs a name")
		}
		if g, err := tx.groupOf(ev.ID); err != nil {
			return err
		} else if g != nil {
			return tournament.Errf(tournament.ErrInvalid, "err.group.add_on_event", "{err}: {tournament} is group {group} of an event; add groups to the event (drop --group)", "tournament", ev.Name, "group", g.Name)
		}
		if err := tx.refuseTeamEvent(ev); err != nil {
			return err
		}
		gs, err := tx.listGroups(ev.ID)
		if err != nil {
			return err
		}
		for _, g := range gs {
			if strings.EqualFold(g.Name, name) {
				return tournament.Errf(tournament.ErrInvalid, "err.group.exists", "{err}: {tournament} already has a group {group}", "tournament", ev.Name, "group", g.Name)
			}
		}
		if stage < 1 {
			stage = 1
		}
		g := tournament.Group{Name: name, Stage: stage, Ord: len(gs) + 1, MadeBy: tournament.GroupByHand, Carry: tournament.CarryNone}
		if err := tx.createGroup(ev, &g, spec); err != nil {
			return err
		}
		out = tournament.GroupMembers{Group: g, Members: []tournament.GroupMember{}}
		return tx.logEvent(ev.ID, "group.make", nil, []tournament.GroupMembers{out})
	})
	return out, t, err
}

// MoveToGroup puts the player of the event ref names (his pairing number, entry id or name
// in the event's entry list) into the group named to, taking him out of the group of the
// same stage he was in. Both groups must be before their lot (the lot is drawn on the field
// as it is then). One transaction; logs "group.move" on the event (before: the rows of his
// entry in the group he left, groupMoved; after: groupMoveLog).
//
// Errors: ErrNotFound (no such player or group); ErrLocked (a group's lot is drawn);
// ErrInvalid (he is already in that group); those of updateIn.
func (s *Store) MoveToGroup(ctx context.Context, ref, player, to string) (tournament.GroupMove, tournament.Tournament, error) {
	var out tournament.GroupMove
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		from, err := tx.findEntry(ev, player)
		if err != nil {
			return err
		}
		gs, err := tx.listGroups(ev.ID)
		if err != nil {
			return err
		}
		var dest *tournament.Group
		for i := range gs {
			if strings.EqualFold(gs[i].Name, strings.TrimSpace(to)) {
				dest = &gs[i]
			}
		}
		if dest == nil {
			_, err := tx.selectGroup(ev.Name, to) // its error names the groups
			return err
		}
		out = tournament.GroupMove{Player: from.Player, To: dest.Name}
		if dest.Tournament.LotDrawnAt != "" {
			return tournament.Errf(tournament.ErrLocked, "err.group.lot_drawn", "{err}: the lot of group {name} is drawn; a player moves only before the lot", "name", dest.Name)
		}
		moved := groupMoved{Rows: map[string][]map[string]any{}}
		for _, g := range gs {
			if g.Stage != dest.Stage {
				continue
			}
			var id int64
			err := tx.queryRow(`SELECT e.id FROM entries e WHERE e.tournament_id = ? AND e.player_id = ?`, g.Tournament.ID, from.Player.ID).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				continue // not in this group
			} else if err != nil {
				return err
			}
			if g.Tournament.ID == dest.Tournament.ID {
				return tournament.Errf(tournament.ErrInvalid, "err.group.already_in", "{err}: {player} is already in group {name}", "player", from.Player.Name, "name", g.Name)
			}
			if g.Tournament.LotDrawnAt != "" {
				return tournament.Errf(tournament.ErrLocked, "err.group.lot_drawn", "{err}: the lot of group {name} is drawn; a player moves only before the lot", "name", g.Name)
			}
			for _, table := range []string{"entries", "group_entries"} { // kept in the log for arbitro undo
				col := map[string]string{"entries": "id", "group_entries": "entry_id"}[table]
				if moved.Rows[table], err = tx.snapshotRows(table, col+" = ?", id); err != nil {
					return err
				}
			}
			if _, err := tx.exec(`DELETE FROM entries WHERE id = ?`, id); err != nil {
				return err
			}
			out.From = g.Name
		}
		added, err := tx.addGroupEntry(&dest.Tournament, *from, tournament.GroupMember{}) // rank 0: by hand
		if err != nil {
			return err
		}
		return tx.logEvent(ev.ID, "group.move", moved, groupMoveLog{GroupMove: out, Entry: added.ID, Group: dest.Tournament.ID})
	})
	return out, t, err
}

// Groups reads the groups of the event ref names, with their members. It writes nothing.
//
// Returns them (Groups empty for a one-group event) and the event. Errors: those of viewIn.
func (s *Store) Groups(ctx context.Context, ref string) (tournament.EventGroups, tournament.Tournament, error) {
	var out tournament.EventGroups
	t, err := s.viewIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		var err error
		out, err = tx.eventGroups(ev)
		return err
	})
	return out, t, err
}

func (tx *Tx) eventGroups(ev *tournament.Tournament) (tournament.EventGroups, error) {
	out := tournament.EventGroups{Event: *ev, Groups: []tournament.GroupMembers{}}
	gs, err := tx.listGroups(ev.ID)
	if err != nil {
		return out, err
	}
	for _, g := range gs {
		ms, err := tx.groupMembers(g.Tournament.ID)
		if err != nil {
			return out, err
		}
		gm := tournament.GroupMembers{Group: g, Members: ms}
		if g.MadeBy == tournament.GroupByStandings {
			for _, m := range ms {
				if gm.From == 0 || m.Rank < gm.From {
					gm.From = m.Rank
				}
				gm.To = max(gm.To, m.Rank)
			}
		}
		out.Groups = append(out.Groups, gm)
	}
	return out, nil
}

// MakeStage feeds the next stage of the event ref names from the final standings of
// source: the group of that name, or the event itself when source is "" (a Swiss played
// on the whole entry list). The places are dealt by rule (tournament.PlanStage: groups of
// Size by place, or the top K into one group), each new group a tournament with spec's
// system, the points carried by rule.Carry, in one transaction; logs "group.make".
//
// Returns the groups made and the event. Errors: ErrInvalid (the source's standings are
// not final: a round not paired or a result missing; the stage already made); ErrNotFound
// (no such group); those of PlanStage and updateIn. Nothing is written on error.
func (s *Store) MakeStage(ctx context.Context, ref, source string, rule tournament.StageRule, spec GroupSpec) (tournament.EventGroups, tournament.Tournament, error) {
	var out tournament.EventGroups
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		if g, err := tx.groupOf(ev.ID); err != nil {
			return err
		} else if g != nil {
			return tournament.Errf(tournament.ErrInvalid, "err.group.stage_on_event", "{err}: {tournament} is group {group} of an event; make the stage on the event (drop --group)", "tournament", ev.Name, "group", g.Name)
		}
		src, stage := ev, 2
		if strings.TrimSpace(source) != "" {
			gt, err := tx.selectGroup(ev.Name, source)
			if err != nil {
				return err
			}
			g, err := tx.groupOf(gt.ID)
			if err != nil {
				return err
			}
			src, stage = gt, g.Stage+1
		}
		if err := tx.checkEvent(ev, stage); err != nil {
			return err
		}
		if src == ev && ev.RoundsPaired == 0 {
			if gs, err := tx.listGroups(ev.ID); err != nil {
				return err
			} else if len(gs) > 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.group.give_group", "{err}: {tournament} plays in its groups, not on its own: give the group whose standings feed the stage (--from {group})", "tournament", ev.Name, "group", gs[0].Name)
			}
		}
		rows, err := tx.finalStandings(src)
		if err != nil {
			return err
		}
		plan, err := tournament.PlanStage(rows, rule)
		if err != nil {
			return err
		}
		entries, err := tx.Entries(src.ID)
		if err != nil {
			return err
		}
		carry := rule.Carry
		if carry == "" {
			carry = tournament.CarryNone
		}
		out, err = tx.makeGroups(ev, plan, stage, tournament.GroupByStandings, "", src, carry, spec, entries)
		return err
	})
	out.Event = t
	return out, t, err
}

// finalStandings are t's standings after its last planned round, which must be paired
// and have every result. Errors: ErrInvalid naming what is missing.
func (tx *Tx) finalStandings(t *tournament.Tournament) ([]tournament.Standing, error) {
	if t.RoundsPaired < t.Rounds || t.Rounds == 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.group.unfinished_rounds", "{err}: {tournament} is not finished: {rounds_paired} of {rounds} rounds paired (its final standings feed the next stage)", "tournament", t.Name, "rounds_paired", t.RoundsPaired, "rounds", t.Rounds)
	}
	st, err := tx.Standings(t, t.Rounds, "")
	if err != nil {
		return nil, err
	}
	for _, r := range st.Rows {
		if r.Pending > 0 {
			return nil, tournament.Errf(tournament.ErrInvalid, "err.group.unfinished_result", "{err}: {tournament} is not finished: {player} has a game without a result (enter every result first)", "tournament", t.Name, "player", r.Entry.Name)
		}
	}
	return st.Rows, nil
}

// stageGroups are the groups of ev's stage (0: its last stage); ErrInvalid when it has none.
func (tx *Tx) stageGroups(ev *tournament.Tournament, stage int) ([]tournament.Group, error) {
	gs, err := tx.listGroups(ev.ID)
	if err != nil {
		return nil, err
	}
	if len(gs) == 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.group.none_make", "{err}: {name} has no groups (make them with 'arbitro group make' or 'group add')", "name", ev.Name)
	}
	if stage == 0 {
		stage = gs[len(gs)-1].Stage
	}
	var out []tournament.Group
	for _, g := range gs {
		if g.Stage == stage {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		return nil, tournament.Errf(tournament.ErrInvalid, "err.group.none_stage", "{err}: {name} has no groups of stage {stage}", "name", ev.Name, "stage", stage)
	}
	return out, nil
}

// DrawGroupLots draws the lot of every group of the stage (0: the last) of the event ref
// names that has none yet, each from its own stored seed (Tx.DrawLot), in one transaction.
//
// Returns the lots drawn, in the groups' order, and the event. Errors: ErrInvalid (no
// groups, a group of fewer than two players); Tx.DrawLot's; those of updateIn.
func (s *Store) DrawGroupLots(ctx context.Context, ref string, stage int) ([]tournament.GroupLot, tournament.Tournament, error) {
	var out []tournament.GroupLot
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		gs, err := tx.stageGroups(ev, stage)
		if err != nil {
			return err
		}
		for _, g := range gs {
			if g.Tournament.LotDrawnAt != "" {
				continue
			}
			res, err := tx.DrawLot(&g.Tournament, nil)
			if err != nil {
				return tournament.Errf(err, "err.group.context", "group {name}: {err}", "name", g.Name)
			}
			out = append(out, tournament.GroupLot{Group: g.Name, Lot: res})
		}
		return nil
	})
	return out, t, err
}

// PairGroups pairs the next round of every group of the stage (0: the last) of the event
// ref names that has rounds left (Tx.PairNext with opts), in one transaction: the day's
// round of every group at once.
//
// Returns the rounds paired, in the groups' order, and the event. Errors: ErrInvalid (no
// groups, or every group has paired all its rounds: ErrAllRoundsPaired); Tx.PairNext's
// (ErrLotNotDrawn, ErrResultsMissing, ...), naming the group; those of updateIn. Nothing is
// written on error.
func (s *Store) PairGroups(ctx context.Context, ref string, stage int, opts tournament.PairOptions) ([]tournament.GroupRound, tournament.Tournament, error) {
	var out []tournament.GroupRound
	t, err := s.updateIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		gs, err := tx.stageGroups(ev, stage)
		if err != nil {
			return err
		}
		for _, g := range gs {
			if g.Tournament.LotDrawnAt != "" && g.Tournament.RoundsPaired >= g.Tournament.Rounds {
				continue
			}
			r, err := tx.PairNext(&g.Tournament, opts)
			if err != nil {
				return tournament.Errf(err, "err.group.context", "group {name}: {err}", "name", g.Name)
			}
			v, err := tx.PairingsView(&g.Tournament, r.Round)
			if err != nil {
				return err
			}
			out = append(out, tournament.GroupRound{Group: g.Name, Round: r, View: v})
		}
		if len(out) == 0 {
			return tournament.Errf(tournament.ErrAllRoundsPaired, "err.group.all_paired", "{err}: every group of {name} has paired all its rounds", "name", ev.Name)
		}
		return nil
	})
	return out, t, err
}

// EventStandings reads the standings of every group of the event ref names (stage 0:
// every stage), each after its last round whose results are all in (none yet: before
// round 1), in the groups' order: the event's index. It writes nothing.
//
// Returns them and the event. Errors: ErrInvalid (no groups); Tx.Standings's; those of
// viewIn.
func (s *Store) EventStandings(ctx context.Context, ref string, stage int) ([]tournament.GroupStandings, tournament.Tournament, error) {
	var out []tournament.GroupStandings
	t, err := s.viewIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		gs, err := tx.listGroups(ev.ID)
		if err != nil {
			return err
		}
		if len(gs) == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.group.none_standings", "{err}: {name} has no groups (its standings: 'arbitro standings')", "name", ev.Name)
		}
		for _, g := range gs {
			if stage != 0 && g.Stage != stage {
				continue
			}
			st, err := tx.Standings(&g.Tournament, -1, "")
			if err != nil {
				return tournament.Errf(err, "err.group.context", "group {name}: {err}", "name", g.Name)
			}
			out = append(out, tournament.GroupStandings{Group: g, Standings: st})
		}
		return nil
	})
	return out, t, err
}

// ReadEventSite is ReadSite for the tournament ref names and, when it is an event with
// groups, each of its groups after it, in the groups' order, in one read transaction. visit
// gets the tournament, its group row (nil for the event), whether the event has groups,
// its site data and the walk of its game scores (see ReadSite). It writes nothing.
//
// Returns the event and its groups (none for a one-group event). Errors: those of
// Tx.SelectTournament; visit's; the database's (a group's prefixed with its name).
func (s *Store) ReadEventSite(ctx context.Context, ref string, visit func(t *tournament.Tournament, g *tournament.Group, grouped bool, ev *tournament.SiteEvent, games SiteGames) error) (tournament.Tournament, []tournament.Group, error) {
	var gs []tournament.Group
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) error {
		var err error
		if gs, err = tx.listGroups(t.ID); err != nil {
			return err
		}
		one := func(t *tournament.Tournament, g *tournament.Group) error {
			ev, err := tx.LoadSiteEvent(t)
			if err != nil {
				return err
			}
			games := func(fn func(*tournament.SiteGame) error) error { return tx.EachSiteGame(ev, fn) }
			return visit(t, g, len(gs) > 0, ev, games)
		}
		if err := one(t, nil); err != nil {
			return err
		}
		for i := range gs {
			if err := one(&gs[i].Tournament, &gs[i]); err != nil {
				return tournament.Errf(err, "err.group.context", "group {name}: {err}", "name", gs[i].Name)
			}
		}
		return nil
	})
	return t, gs, err
}
