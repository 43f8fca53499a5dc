package reports

import "arbitro/tournament"

// The hall of an event with groups (docs/groups.md, "The hall"): the event's own hall
// page links each group's hall, and its boards and names screens list the current round
// of every group of the current stage, so a player of a day of 36 groups finds his group
// and board on one screen.

// HallGroup is one group of an event in the event's hall: its name as printed ("A",
// "Ereklasse"), its hall folder ("/hall/7/") and its site data.
type HallGroup struct {
	Name  string
	Base  string
	Event *HTMLEvent
}

// WithGroups gives the event's hall the groups of its current stage (store.SitePage with
// Groups, in the index's order).
func (h *HTMLEvent) WithGroups(gs []HallGroup) { h.groups = gs }

type hallGroupLink struct {
	Href, Name, Round string
}

// groupLinks are the home page's links to each group's hall, with its current round.
func (h *HTMLEvent) groupLinks() []hallGroupLink {
	var out []hallGroupLink
	for _, g := range h.groups {
		l := hallGroupLink{Href: g.Base, Name: h.loc.T("site.groups.group", "name", clean(g.Name))}
		if g.Event.last > 0 {
			l.Round = h.loc.T("site.round.n", "round", g.Event.last)
		}
		out = append(out, l)
	}
	return out
}

// groupScreen fills the boards or names screen b with every group's current round, a
// group column after the board (boards) or the name (names); false for another screen
// or an event without groups.
func (h *HTMLEvent) groupScreen(b *screenBody, name string, p *hallPage) bool {
	if len(h.groups) == 0 || name != "boards" && name != "names" {
		return false
	}
	group := p.T("col.group")
	switch name {
	case "boards":
		b.Head = heads([]string{group, p.T("col.board"), p.T("site.white"), p.T("site.result"), p.T("site.black")})
		for _, g := range h.groups {
			pd := &pageData{loc: g.Event.loc}
			for _, bd := range g.Event.current() {
				r := g.Event.boardRow(pd, bd)
				b.Rows = append(b.Rows, []cell{{Text: clean(g.Name), Header: true}, {Text: r.Board, Num: true}, {Text: r.White}, {Text: r.Result}, {Text: dash(r.Black, r.Bye)}})
			}
		}
	case "names":
		b.Head = heads([]string{p.T("col.name"), group, p.T("col.board"), p.T("hall.colour"), p.T("hall.opponent")})
		var rows []nameRow
		for _, g := range h.groups {
			pd := &pageData{loc: g.Event.loc}
			for _, r := range g.Event.keyedNamesRows(pd, g.Event.current()) {
				r.cell = append([]cell{r.cell[0], {Text: clean(g.Name)}}, r.cell[1:]...)
				rows = append(rows, r)
			}
		}
		sortNamesRows(rows)
		for _, r := range rows {
			b.Rows = append(b.Rows, r.cell)
		}
	}
	return true
}

// current is the boards of the last round paired (none before the first).
func (h *HTMLEvent) current() []*tournament.Board {
	if h.last == 0 {
		return nil
	}
	return h.byRound[h.last-1]
}
