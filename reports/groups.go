package reports

// Groups and stages (issue 32, docs/groups.md): the event's index of groups, the account
// of who went where and why, and the sheets of every group at once. The words are the
// catalogs' "group.*" keys (locales/<lang>/groups.json).

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"arbitro/tournament"
)

// groupSystem is the system of a group's tournament in the language, with its planned
// rounds ("round-robin, rounds from the field at the lot").
func (l *Locale) groupSystem(t *tournament.Tournament) string {
	return l.systemShort(t.System) + ", " + l.plannedRounds(t)
}

// The catalog keys of the seedings and of the carry-over rules.
var (
	seedingKeys = map[string]string{tournament.SeedingBlock: "group.seeding.block", tournament.SeedingSnake: "group.seeding.snake"}
	carryKeys   = map[string]string{tournament.CarryNone: "group.carry.none", tournament.CarryAll: "group.carry.all", tournament.CarryMutual: "group.carry.mutual"}
)

// groupMadeBy says how group g was made, in the language.
func (l *Locale) groupMadeBy(g tournament.GroupMembers) string {
	switch g.MadeBy {
	case tournament.GroupByRating:
		return l.T("group.made.rating", "seeding", l.T(seedingKeys[orDefault(g.Seeding, tournament.SeedingBlock)]))
	case tournament.GroupByCategory:
		return l.T("group.made.category")
	case tournament.GroupByStandings:
		return l.T("group.made.standings", "from", g.From, "to", g.To, "source", g.Source,
			"carry", l.T(carryKeys[orDefault(g.Carry, tournament.CarryNone)]))
	}
	return l.T("group.made.hand")
}

// memberWhy says why member m is in group g, in the language: his rank by rating (and his
// row of the snake), his category, or his place in the source's standings and the points
// he carries. groups is the number of groups of the stage (the snake's width).
func (l *Locale) memberWhy(g tournament.GroupMembers, m tournament.GroupMember, groups int) string {
	var s string
	switch {
	case m.Rank == 0:
		s = l.T("group.why.hand")
	case g.MadeBy == tournament.GroupByRating && g.Seeding == tournament.SeedingSnake && groups > 0:
		s = l.T("group.why.rating_snake", "rank", m.Rank, "rating", m.Entry.Rating, "row", (m.Rank-1)/groups+1)
	case g.MadeBy == tournament.GroupByRating:
		s = l.T("group.why.rating", "rank", m.Rank, "rating", m.Entry.Rating)
	case g.MadeBy == tournament.GroupByCategory:
		s = l.T("group.why.category", "category", l.OrNone(m.Entry.Player.Title), "rank", m.Rank, "rating", m.Entry.Rating)
	case g.MadeBy == tournament.GroupByStandings:
		s = l.T("group.why.standings", "place", orDefault(m.Place, strconv.Itoa(m.Rank)), "source", g.Source)
		if m.Split {
			s += " " + l.T("group.why.split")
		}
	default:
		s = l.T("group.why.hand")
	}
	if m.Carried != 0 {
		s += l.semicolon() + l.T("group.why.carried", "points", l.gamePoints(g.Tournament.Scoring, m.Carried))
	}
	return s
}

// gamePoints shows game points (2 a win) in the event's scoring.
func (l *Locale) gamePoints(scoring string, gp int) string {
	sc, err := tournament.ParseScoring(scoring)
	if err != nil {
		return strconv.Itoa(gp)
	}
	return l.Score(sc, sc.CarriedUnits(gp))
}

// WriteGroupsText writes the groups of an event in the language l: for each group its
// name, system, players and how it was made, then, when members is set, its players with
// why each is there (rank by rating, row of the snake, category, place in the standings,
// points carried). The account of group make, group stage and group explain; with members
// false, the event's index (group list).
func WriteGroupsText(w io.Writer, l *Locale, eg tournament.EventGroups, members bool) error {
	l = orEnglish(l)
	var b strings.Builder
	if len(eg.Groups) == 0 {
		b.WriteString(l.T("group.none", "event", eg.Event.Name) + "\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString(l.T("group.index", "event", eg.Event.Name, "groups", l.N("group.count", len(eg.Groups))) + "\n")
	if !members {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join([]string{l.T("group.col.group"), l.T("group.col.stage"), l.T("group.col.system"),
			l.T("group.col.players"), l.T("group.col.paired"), l.T("group.col.made")}, "\t"))
		for _, g := range eg.Groups {
			t := g.Tournament
			fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d/%s\t%s\n", g.Name, g.Stage, l.systemShort(t.System), len(g.Members),
				t.RoundsPaired, roundsOrDash(t.Rounds), l.groupMadeBy(g))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		_, err := io.WriteString(w, trimLineEnds(b.String()))
		return err
	}
	width := map[int]int{} // groups per stage: the snake's width
	for _, g := range eg.Groups {
		width[g.Stage]++
	}
	for _, g := range eg.Groups {
		t := g.Tournament
		b.WriteString("\n" + l.T("group.head", "name", g.Name, "stage", g.Stage, "system", l.groupSystem(&t),
			"players", l.N("group.players", len(g.Members)), "made", l.groupMadeBy(g)) + "\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, m := range g.Members {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", m.Entry.Player.Name, ratingOrDash(m.Entry.Rating), l.memberWhy(g, m, width[g.Stage]))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, trimLineEnds(b.String()))
	return err
}

func roundsOrDash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func ratingOrDash(r int) string {
	if r == 0 {
		return "-"
	}
	return strconv.Itoa(r)
}

// WriteGroupMoved confirms group move in the language l.
func WriteGroupMoved(w io.Writer, l *Locale, m tournament.GroupMove) error {
	l = orEnglish(l)
	var err error
	if m.From == "" {
		_, err = fmt.Fprintln(w, l.T("group.moved_in", "name", m.Player.Name, "to", m.To))
	} else {
		_, err = fmt.Fprintln(w, l.T("group.moved", "name", m.Player.Name, "from", m.From, "to", m.To))
	}
	return err
}

// WriteGroupLots confirms group lot in the language l: the groups whose lot was drawn,
// with their players and seed.
func WriteGroupLots(w io.Writer, l *Locale, lots []tournament.GroupLot) error {
	l = orEnglish(l)
	if len(lots) == 0 {
		_, err := fmt.Fprintln(w, l.T("group.lots_none"))
		return err
	}
	var b strings.Builder
	for _, g := range lots {
		b.WriteString(l.T("group.lot", "name", g.Group, "players", l.N("group.players", len(g.Lot.Numbers)), "seed", fmt.Sprint(g.Lot.Seed)) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// GroupSheet is one group's sheet in a page of every group: its name and the sheet.
type GroupSheet struct {
	Group     string
	Pairings  *PairingsSheet // group pair
	Standings *Standings     // group standings
}

// WriteGroupSheetsText writes the sheets of several groups one after the other, each under
// the line "== Group A, round 2 ==" in the language l (pairings; a standings sheet's own
// title names the group).
func WriteGroupSheetsText(w io.Writer, l *Locale, sheets []GroupSheet) error {
	l = orEnglish(l)
	for i, s := range sheets {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		switch {
		case s.Pairings != nil:
			if _, err := fmt.Fprintln(w, "== "+l.T("group.round_title", "name", s.Group, "round", s.Pairings.Round)+" =="); err != nil {
				return err
			}
			if err := WritePairingsText(w, *s.Pairings); err != nil {
				return err
			}
		case s.Standings != nil: // its title names the group ("EVENT / A — Standings ...")
			if err := WriteStandingsText(w, *s.Standings); err != nil {
				return err
			}
		}
	}
	return nil
}
