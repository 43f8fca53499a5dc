package main

import (
	"bytes"
	"path/filepath"
	"strconv"

	"arbitro/reports"
	"arbitro/site"
	"arbitro/store"
	"arbitro/tournament"
)

// The demo's issue-32 formats (docs/groups.md, docs/teams.md): an event in groups and a
// team round robin, both among the first 16 players of the real event, with simulated
// games, published with the rest of the demo by (*demo).site.
const (
	demoGroupPlayers = 16 // 4 groups of 4 by rating (block seeding), a round robin each
	demoGroupSize    = 4
	demoTeams        = 4 // a team round robin of 4 teams...
	demoTeamBoards   = 4 // ...of 4 boards
)

// formatEvents runs the group event and the team event.
func (d *demo) formatEvents(real *tournament.Tournament) error {
	players, err := d.players(real, demoGroupPlayers)
	if err != nil {
		return err
	}
	if err := d.groupEvent(players); err != nil {
		return err
	}
	return d.teamEvent(players)
}

// groupEvent creates an event of players, splits it by rating into groups of
// demoGroupSize (store.MakeGroups, as 'group make'), gives each group a first prize,
// draws the lots, pairs and plays every round of every group (store.PairGroups and
// store.SimulateRound on each group), and prints every group's standings and the combined
// prize list (store.EventStandings, store.EventPrizes).
func (d *demo) groupEvent(players []tournament.Player) error {
	name := d.loc.T("demo.name.groups")
	d.say("demo.groups.part", "players", len(players), "size", demoGroupSize)
	ev, err := d.createSimulated(name, tournament.RoundRobin, 0, players)
	if err != nil {
		return err
	}
	d.say("demo.groups.make", "size", demoGroupSize)
	d.cmdline("--tournament %d group make --by rating --size %d", ev.ID, demoGroupSize)
	eg, _, err := d.st.MakeGroups(d.ctx, ref(ev), tournament.GroupRule{By: tournament.GroupByRating, Size: demoGroupSize}, store.GroupSpec{})
	if err != nil {
		return d.explain(err)
	}
	var buf bytes.Buffer
	if err := reports.WriteGroupsText(&buf, d.loc, eg, true); err != nil {
		return err
	}
	d.indent(buf.String())
	if unrated(players) {
		d.out("demo.groups.unrated")
	}
	rounds := 0
	for _, g := range eg.Groups {
		label := d.loc.T("demo.groups.prize", "group", g.Name)
		d.cmdline("--tournament %d --group %s prize add %s --place 1", ev.ID, shellQuote(g.Name), shellQuote(label))
		if _, _, err := d.st.AddPrize(d.ctx, store.GroupRef(ref(ev), g.Name), "", 1, label); err != nil {
			return d.explain(err)
		}
		rounds = max(rounds, tournament.RoundRobin.FieldRounds(len(g.Members)))
	}
	d.say("demo.groups.lot")
	d.cmdline("--tournament %d group lot", ev.ID)
	if _, _, err := d.st.DrawGroupLots(d.ctx, ref(ev), 0); err != nil {
		return d.explain(err)
	}
	for r := 1; r <= rounds; r++ {
		if err := d.groupRound(ev, eg, r, rounds); err != nil {
			return err
		}
	}
	if err := d.groupSheets(ev); err != nil {
		return err
	}
	return d.groupSite(ev)
}

// groupSite publishes the group event on its own into the folder groups-site (as
// 'publish --out'): the index of its groups by stage and each group's pages (site.Publish
// of one event; the demo's site of every event, written last, lists the groups as events).
func (d *demo) groupSite(ev *tournament.Tournament) error {
	const name = "groups-site"
	sub, err := d.folder.Sub(name)
	if err != nil {
		return d.g.explainOutput(err, "")
	}
	defer sub.Close()
	out := filepath.Join(d.dir, name)
	d.say("demo.groups.site")
	d.cmdline("--tournament %d publish --out %s", ev.ID, shellQuote(out))
	res, err := site.Publish(d.ctx, d.st, site.Options{Out: out, Tournament: ref(ev), Dir: sub})
	if err != nil {
		if e := d.g.explainOutput(err, out); e != err {
			return e
		}
		return d.explain(err)
	}
	d.out("demo.groups.index", "groups", res.Tournaments-1, "files", res.Files, "index", res.Index)
	return nil
}

// groupRound pairs round r of every group and plays its games.
func (d *demo) groupRound(ev *tournament.Tournament, eg tournament.EventGroups, r, rounds int) error {
	d.say("demo.groups.round", "round", r, "rounds", rounds)
	d.cmdline("--tournament %d group pair", ev.ID)
	paired, _, err := d.st.PairGroups(d.ctx, ref(ev), 0, tournament.PairOptions{})
	if err != nil {
		return explainPair(d.g, err)
	}
	for _, pg := range paired {
		d.out("demo.groups.paired", "group", pg.Group, "boards", len(pg.Round.Boards))
		played, _, err := d.st.SimulateRound(d.ctx, store.GroupRef(ref(ev), pg.Group), r, tournament.SimRoundOptions{Seed: uint64(d.seed), Event: ev.Name + " / " + pg.Group})
		if err != nil {
			return d.explain(err)
		}
		d.played(ev, played)
	}
	return nil
}

// groupSheets prints every group's standings and the event's combined prize list.
func (d *demo) groupSheets(ev *tournament.Tournament) error {
	all, evt, err := d.st.EventStandings(d.ctx, ref(ev), 0)
	if err != nil {
		return d.explain(err)
	}
	loc, err := d.g.reportLocale(&evt)
	if err != nil {
		return err
	}
	d.say("demo.groups.standings")
	d.cmdline("--tournament %d group standings", ev.ID)
	sheets := make([]reports.GroupSheet, len(all))
	for i, s := range all {
		sheet := reports.StandingsOf(s.Standings, loc)
		sheets[i] = reports.GroupSheet{Group: s.Group.Name, Standings: &sheet}
	}
	var buf bytes.Buffer
	if err := reports.WriteGroupSheetsText(&buf, loc, sheets); err != nil {
		return err
	}
	d.indent(buf.String())
	lists, _, err := d.st.EventPrizes(d.ctx, ref(ev), 0)
	if err != nil {
		return d.explain(err)
	}
	d.say("demo.groups.prizes")
	d.cmdline("--tournament %d group prizes", ev.ID)
	buf.Reset()
	if err := reports.WriteEventPrizesText(&buf, loc, evt.Name, lists); err != nil {
		return err
	}
	d.indent(buf.String())
	return nil
}

// teamEvent creates a team round robin of demoTeams teams of demoTeamBoards boards from
// players (team i: players i, i+4, i+8, i+12 of the real standings, so the teams are of
// about equal strength), and plays every round: the pairing (store.PairTeamRound), the
// line-ups in roster order (store.SetLineup) and every board's game simulated
// (store.SimulateRound); then prints the team standings, crosstable and board prizes.
func (d *demo) teamEvent(players []tournament.Player) error {
	name := d.loc.T("demo.name.teams")
	set, err := tournament.NewTeamSettings(demoTeamBoards, "", "")
	if err != nil {
		return err
	}
	rounds := tournament.RoundRobin.FieldRounds(demoTeams)
	d.say("demo.teams.part", "teams", demoTeams, "boards", demoTeamBoards)
	d.cmdline("tournament create %s --variant italian --system round-robin --teams --boards %d --seed %d --lang %s", shellQuote(name), demoTeamBoards, d.seed, d.loc.Lang())
	t, err := d.st.CreateTeamEvent(d.ctx, tournament.Tournament{Name: name, Variant: tournament.VariantItalian, System: tournament.RoundRobin,
		Rounds: rounds, Seed: d.seed, ByePoints: 2, ForfeitPoints: 2, Place: d.loc.T("demo.place"), Arbiter: "arbitro demo", Lang: d.loc.Lang()}, set)
	if err != nil {
		return d.explain(err)
	}
	for i := range demoTeams {
		spec := store.TeamSpec{Name: d.loc.T("demo.name.team", "letter", string(rune('A'+i)))}
		args := ""
		for b := range demoTeamBoards {
			p := players[i+b*demoTeams].Name
			spec.Players = append(spec.Players, p)
			args += " --player " + shellQuote(p)
		}
		d.cmdline("--tournament %d team add %s%s", t.ID, shellQuote(spec.Name), args)
		if _, _, err := d.st.AddTeam(d.ctx, ref(&t), spec); err != nil {
			return d.explain(err)
		}
	}
	for r := 1; r <= rounds; r++ {
		if err := d.teamRound(&t, r, rounds); err != nil {
			return err
		}
	}
	return d.teamSheets(&t)
}

// teamRound pairs round r of team event t, enters both line-ups of each match in roster
// order and plays every board.
func (d *demo) teamRound(t *tournament.Tournament, r, rounds int) error {
	d.say("demo.teams.round", "round", r, "rounds", rounds)
	d.cmdline("--tournament %d team pair", t.ID)
	tr, _, err := d.st.PairTeamRound(d.ctx, ref(t), r)
	if err != nil {
		return explainPair(d.g, err)
	}
	order := make([]string, demoTeamBoards) // the roster order, "#1" to "#4"
	quoted := ""
	for b := range order {
		order[b] = "#" + strconv.Itoa(b+1)
		quoted += " " + shellQuote(order[b]) // # begins a comment in a POSIX shell
	}
	for _, m := range tr.Matches {
		for _, id := range []int64{m.Home, m.Away} {
			tm := tr.Event.Team(id)
			if tm == nil {
				continue // a bye (an odd number of teams)
			}
			d.cmdline("--tournament %d team lineup --round %d %s%s", t.ID, r, shellQuote(tm.Name), quoted)
			if _, _, err := d.st.SetLineup(d.ctx, ref(t), r, tm.Name, order); err != nil {
				return d.explain(err)
			}
		}
	}
	played, _, err := d.st.SimulateRound(d.ctx, ref(t), r, tournament.SimRoundOptions{Seed: uint64(d.seed), Event: t.Name})
	if err != nil {
		return d.explain(err)
	}
	d.played(t, played)
	return nil
}

// teamSheets prints t's team standings, crosstable and board prizes, as 'team standings',
// 'team crosstable' and 'team boards' print them.
func (d *demo) teamSheets(t *tournament.Tournament) error {
	ev, tt, err := d.st.TeamEvent(d.ctx, ref(t))
	if err != nil {
		return d.explain(err)
	}
	loc, err := d.g.reportLocale(&tt)
	if err != nil {
		return err
	}
	s := reports.TeamSheets{Event: ev, Locale: loc}
	minGames := max(1, (2*tt.Rounds+2)/3) // team boards' default (docs/teams.md, "Board prizes")
	for _, sh := range []struct {
		key, cmd string
		table    reports.TeamTable
	}{
		{"demo.teams.standings", "team standings", s.StandingsTable()},
		{"demo.teams.crosstable", "team crosstable", s.CrosstableTable()},
		{"demo.teams.boards", "team boards", s.BoardsTable(minGames)},
	} {
		d.say(sh.key)
		d.cmdline("--tournament %d %s", t.ID, sh.cmd)
		var buf bytes.Buffer
		if err := reports.WriteTeamText(&buf, sh.table); err != nil {
			return err
		}
		d.indent(buf.String())
	}
	return nil
}

// unrated says whether no player has a rating (the real event's file gives none).
func unrated(players []tournament.Player) bool {
	for _, p := range players {
		if p.Rating > 0 {
			return false
		}
	}
	return true
}
