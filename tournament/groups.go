package tournament

// Groups and stages (issue 32, docs/groups.md). An event is a tournament whose entries are
// the entry list; its groups are tournaments of their own (system, players, rounds, seed,
// standings), each linked to the event with a name, a stage and an order. This file holds
// the pure part: how the players are split into groups by rule (rating or category, block
// or snake seeding) and how a finished group's standings feed the next stage's groups.

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// How a group's players were chosen (groups.made_by).
const (
	GroupByHand      = "hand"      // group add, group move
	GroupByRating    = "rating"    // group make --by rating
	GroupByCategory  = "category"  // group make --by category (the player's title or category)
	GroupByStandings = "standings" // group stage: places of a finished group's standings
)

// Seedings of group make: how the players, in order of rating, are dealt to the groups.
const (
	SeedingBlock = "block" // the first size players to A, the next to B...: groups by strength
	SeedingSnake = "snake" // 1 to A, 2 to B... then back (serpentine): groups of equal strength
)

// Carry-over rules of group stage (groups.carry): what a player brings from the source's
// standings into his new group.
const (
	CarryNone   = "none"   // nothing: every group starts from zero (the default)
	CarryAll    = "all"    // his whole score
	CarryMutual = "mutual" // the points he scored against the players of his new group
)

// Group is one group of an event: its own tournament (Tournament), and its place in the
// event (name, stage, order) and how it was made.
type Group struct {
	EventID  int64  `json:"event_id"` // the parent tournament (the entry list)
	Name     string `json:"name"`     // "A", "Ereklasse", "Maestri": as printed
	Stage    int    `json:"stage"`    // 1, or the stage after its source's
	Ord      int    `json:"ord"`      // order in the event's index
	MadeBy   string `json:"made_by"`  // GroupByHand, GroupByRating, GroupByCategory, GroupByStandings
	Seeding  string `json:"seeding,omitempty"`
	SourceID int64  `json:"source_id,omitempty"` // the tournament its players came from
	Source   string `json:"source,omitempty"`    // that tournament's name
	Carry    string `json:"carry"`               // CarryNone, CarryAll, CarryMutual
	// Tournament is the group's tournament as stored (its ID, system, rounds, players).
	Tournament Tournament `json:"tournament"`
}

// GroupMember is one player placed in a group by a plan: the source entry, his rank in the
// order that placed him (1 = first: by rating, or his place in the standings), the place
// as printed (shared places "10-11"), and the game points he carries.
type GroupMember struct {
	Entry    Entry  `json:"entry"`
	Rank     int    `json:"rank"`
	Place    string `json:"place,omitempty"`    // standings place as printed; "" by rating
	Category string `json:"category,omitempty"` // by category: the player's category
	Carried  int    `json:"carried,omitempty"`  // game points carried (2 a win)
	// Split is true when his place is shared with a player who went to another group:
	// the standings' order (every tie-break, then the lot) decided.
	Split bool `json:"split,omitempty"`
}

// PlannedGroup is one group of a plan: its name and members in order of rank.
type PlannedGroup struct {
	Name    string        `json:"name"`
	From    int           `json:"from,omitempty"` // by standings: the first and last place it takes
	To      int           `json:"to,omitempty"`
	Members []GroupMember `json:"members"`
}

// GroupRule is how group make splits the entry list.
type GroupRule struct {
	By      string   // GroupByRating or GroupByCategory
	Size    int      // players a group (at least 2); 0 by category: one group per category
	Seeding string   // SeedingBlock (default) or SeedingSnake
	Names   []string // group names in order; nil: A, B, C... (by category: the category)
}

// GroupName is the default name of the i-th group (0-based): A..Z, then AA, AB...
func GroupName(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// GroupSizes splits n players into groups of at most size: ceil(n/size) groups whose sizes
// differ by one at most, the larger first (A, B... are full; the remainder makes the last
// groups one smaller). A round robin of size-1 players plays as many rounds as one of size
// when size is even (one rests each round), so every group of the day ends together.
func GroupSizes(n, size int) []int {
	if n <= 0 || size <= 0 {
		return nil
	}
	g := (n + size - 1) / size
	out := make([]int, g)
	for i := range out {
		out[i] = n / g
		if i < n%g {
			out[i]++
		}
	}
	return out
}

// ByRating orders entries as group make deals them: rating, highest first; then name
// (case-insensitive), then entry id. The order is the Rank of GroupMember (1-based).
func ByRating(es []Entry) []Entry {
	out := slices.Clone(es)
	slices.SortStableFunc(out, func(a, b Entry) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		if c := cmp.Compare(Key(a.Player.Name), Key(b.Player.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// PlanGroups splits the field (the event's entries that start) into groups by r. By
// rating: in ByRating order, dealt in blocks (A the strongest) or in a snake. By category:
// one group per category (Player.Title, "" as its own category), the strongest first (the
// highest rating in it, then the name); with Size, a category larger than Size is split
// by rating as above into groups named "CATEGORY 1", "CATEGORY 2"...
//
// Errors wrap ErrInvalid: no players, a size below 2, fewer names than groups, a name
// given twice, an unknown rule or seeding (ErrMalformed).
func PlanGroups(field []Entry, r GroupRule) ([]PlannedGroup, error) {
	if r.Seeding == "" {
		r.Seeding = SeedingBlock
	}
	if r.Seeding != SeedingBlock && r.Seeding != SeedingSnake {
		return nil, Errf(ErrMalformed, "err.group.seeding", "{err}: unknown seeding {seeding} (block or snake)", "seeding", strconv.Quote(r.Seeding))
	}
	if len(field) == 0 {
		return nil, Errf(ErrInvalid, "err.group.no_players", "{err}: the event has no players to put in groups (add them to the event first)")
	}
	var out []PlannedGroup
	switch r.By {
	case GroupByRating:
		if r.Size < 2 {
			return nil, Errf(ErrInvalid, "err.group.size", "{err}: groups of {size} players: give --size 2 or more", "size", r.Size)
		}
		out = deal(ByRating(field), r.Size, r.Seeding, "", r.Names == nil)
	case GroupByCategory:
		if r.Size == 1 || r.Size < 0 {
			return nil, Errf(ErrInvalid, "err.group.size", "{err}: groups of {size} players: give --size 2 or more", "size", r.Size)
		}
		out = byCategory(field, r.Size, r.Seeding)
	default:
		return nil, Errf(ErrMalformed, "err.group.rule", "{err}: unknown rule {by} (rating or category)", "by", strconv.Quote(r.By))
	}
	return nameGroups(out, r.Names)
}

// deal splits ordered into groups of GroupSizes(len, size) in block or snake order; ranks
// are 1-based in ordered. category is set on every member; named: default names A, B...
func deal(ordered []Entry, size int, seeding, category string, named bool) []PlannedGroup {
	if size <= 0 {
		size = len(ordered)
	}
	sizes := GroupSizes(len(ordered), size)
	out := make([]PlannedGroup, len(sizes))
	for i := range out {
		if named {
			out[i].Name = GroupName(i)
		}
	}
	add := func(g, k int) {
		out[g].Members = append(out[g].Members, GroupMember{Entry: ordered[k], Rank: k + 1, Category: category})
	}
	if seeding == SeedingBlock {
		k := 0
		for g, n := range sizes {
			for range n {
				add(g, k)
				k++
			}
		}
		return out
	}
	// snake: rows of one player per group, every other row backwards; a group that is
	// full (the smaller ones, at the end) is skipped.
	g, dir := 0, 1
	for k := range ordered {
		for len(out[g].Members) >= sizes[g] {
			g, dir = step(g, dir, len(sizes))
		}
		add(g, k)
		g, dir = step(g, dir, len(sizes))
	}
	return out
}

// step moves g one group along the snake, turning at either end (the end group takes two
// in a row: 1..n, n..1).
func step(g, dir, n int) (int, int) {
	next := g + dir
	if next < 0 || next >= n {
		return g, -dir
	}
	return next, dir
}

// byCategory is PlanGroups by category.
func byCategory(field []Entry, size int, seeding string) []PlannedGroup {
	cats := map[string][]Entry{}
	for _, e := range field {
		c := strings.TrimSpace(e.Player.Title)
		cats[c] = append(cats[c], e)
	}
	names := make([]string, 0, len(cats))
	for c := range cats {
		cats[c] = ByRating(cats[c])
		names = append(names, c)
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(cats[b][0].Rating, cats[a][0].Rating); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	var out []PlannedGroup
	for _, c := range names {
		gs := deal(cats[c], size, seeding, c, false)
		for i := range gs {
			gs[i].Name = c
			if c == "" {
				gs[i].Name = "-"
			}
			if len(gs) > 1 {
				gs[i].Name += " " + strconv.Itoa(i+1)
			}
		}
		out = append(out, gs...)
	}
	return out
}

// nameGroups gives the groups the names given (when names is not nil) and checks that
// every name is used once.
func nameGroups(gs []PlannedGroup, names []string) ([]PlannedGroup, error) {
	if names != nil {
		if len(names) < len(gs) {
			return nil, Errf(ErrInvalid, "err.group.names_count", "{err}: {groups} groups but {names} names given (give one name a group, or none for A, B, C...)", "groups", len(gs), "names", len(names))
		}
		for i := range gs {
			gs[i].Name = strings.TrimSpace(names[i])
		}
	}
	seen := map[string]bool{}
	for _, g := range gs {
		k := Key(g.Name)
		if k == "" {
			return nil, Errf(ErrMalformed, "err.group.needs_name", "{err}: a group needs a name")
		}
		if seen[k] {
			return nil, Errf(ErrInvalid, "err.group.name_twice", "{err}: two groups named {name}", "name", strconv.Quote(g.Name))
		}
		seen[k] = true
	}
	return gs, nil
}

// StageRule is how group stage feeds the next stage from a finished group's standings.
type StageRule struct {
	Size  int      // players a group by place: 1..Size to the first group, Size+1..2*Size to the next
	Top   int      // when > 0: only places 1..Top, into one group (Size is ignored)
	Names []string // group names; nil: A, B, C... ("Final" is a good name for --top)
	Carry string   // CarryNone (""), CarryAll or CarryMutual
}

// PlanStage deals the players of final standings rows (in order of places, every
// tie-break applied) into the next stage's groups by r. The standings' order decides a
// place shared across a group's boundary (Split). Withdrawn players are left out. The
// carried points are game points: the score of the rows' results (CarryAll) or of the
// results against the players of the same new group (CarryMutual).
//
// Errors wrap ErrInvalid: a size below 2 without top, a top below 2, more groups than
// names, no players.
func PlanStage(rows []Standing, r StageRule) ([]PlannedGroup, error) {
	if r.Carry == "" {
		r.Carry = CarryNone
	}
	if r.Carry != CarryNone && r.Carry != CarryAll && r.Carry != CarryMutual {
		return nil, Errf(ErrMalformed, "err.group.carry", "{err}: unknown carry-over {carry} (none, all or mutual)", "carry", strconv.Quote(r.Carry))
	}
	var field []Standing
	for _, s := range rows {
		if !s.Entry.Withdrawn {
			field = append(field, s)
		}
	}
	if len(field) == 0 {
		return nil, Errf(ErrInvalid, "err.group.no_standings", "{err}: the standings have no players to put in groups")
	}
	size := r.Size
	if r.Top > 0 {
		if r.Top < 2 {
			return nil, Errf(ErrInvalid, "err.group.top", "{err}: --top {top}: a group needs 2 players or more", "top", r.Top)
		}
		field = field[:min(r.Top, len(field))]
		size = len(field)
	} else if size < 2 {
		return nil, Errf(ErrInvalid, "err.group.size_or_top", "{err}: groups of {size} players: give --size 2 or more, or --top", "size", size)
	}
	var out []PlannedGroup
	for i := 0; i < len(field); i += size {
		g := PlannedGroup{Name: GroupName(len(out)), From: i + 1, To: min(i+size, len(field))}
		for k := i; k < g.To; k++ {
			s := field[k]
			m := GroupMember{Entry: Entry{ID: int64(s.Entry.ID)}, Rank: k + 1, Place: s.Place()}
			// a shared place with a player of the group before or after this one
			m.Split = s.RankTo > s.Rank && ((i > 0 && field[i-1].Rank == s.Rank) || (g.To < len(field) && field[g.To].Rank == s.Rank))
			g.Members = append(g.Members, m)
		}
		out = append(out, g)
	}
	carry(out, field, r.Carry)
	return nameGroups(out, r.Names)
}

// carry fills the members' Carried game points by rule.
func carry(gs []PlannedGroup, field []Standing, rule string) {
	if rule == CarryNone {
		return
	}
	byID := map[int64]*CrossEntry{}
	for _, s := range field {
		byID[int64(s.Entry.ID)] = s.Entry
	}
	for gi := range gs {
		in := map[int]bool{}
		for _, m := range gs[gi].Members {
			in[int(m.Entry.ID)] = true
		}
		for mi := range gs[gi].Members {
			m := &gs[gi].Members[mi]
			for _, res := range byID[m.Entry.ID].Results {
				if res.Kind == CrossPending {
					continue
				}
				if rule == CarryAll || (res.Opponent != 0 && in[res.Opponent]) {
					m.Carried += res.Points
				}
			}
		}
	}
}

// EventGroups is an event with its groups, each with its members and their origin: what
// group list, group explain and the event's index print.
type EventGroups struct {
	Event  Tournament     `json:"event"`
	Groups []GroupMembers `json:"groups"`
}

// GroupMembers is one group and its players (Rank and Carried as the group was made).
type GroupMembers struct {
	Group
	Members []GroupMember `json:"members"`
	// Place is By standings: the first and last place of the source it took (0: not so).
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
}

// GroupMove is the outcome of MoveToGroup: the player, the group he left ("" none) and the
// group he joined.
type GroupMove struct {
	Player Player `json:"player"`
	From   string `json:"from,omitempty"`
	To     string `json:"to"`
}

// GroupLot is the lot of one group, as DrawGroupLots drew it.
type GroupLot struct {
	Group string     `json:"group"`
	Lot   *LotResult `json:"lot"`
}

// GroupRound is one group's round as PairGroups paired it.
type GroupRound struct {
	Group string        `json:"group"`
	Round *PairedRound  `json:"round"`
	View  *PairingsView `json:"view"`
}

// GroupStandings is one group's standings in the event's index.
type GroupStandings struct {
	Group     Group           `json:"group"`
	Standings *StandingsAfter `json:"standings"`
}

// CarriedUnits is gp carried game points in the units of scale s, as the standings count
// them (a bonus, ScoreAdjustment ' '): exact on 2-1-0 and 1-0.5-0; on 3-1-0, gp × 3 / 2
// rounded half away from zero (a sum of game points does not say how many were wins).
func (s Scoring) CarriedUnits(gp int) int { return s.adjustmentUnits(gp) }
