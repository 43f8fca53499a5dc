package reports

// The index page of an event with groups (issue 32, docs/groups.md): the event's own pages
// and each group's, by stage, as publish writes them (site.Publish).

import (
	"io"

	"arbitro/tournament"
)

// GroupIndexEntry is one group of the index: the group and its folder (relative to the
// index, with a trailing slash).
type GroupIndexEntry struct {
	Group tournament.Group
	Dir   string
}

type groupIndexBody struct {
	Intro, EventHref, EventText string
	Stages                      []groupIndexStage
}

type groupIndexStage struct {
	Title  string
	Groups []groupIndexItem
}

type groupIndexItem struct {
	Href, Name, System, Count, Made string
}

// WriteGroupIndex writes the index page of event ev (its pages in folder eventDir) and its
// groups, by stage and order, in language lang: each group's name linking its pages, its
// system, its players and rounds and how it was made.
func WriteGroupIndex(w io.Writer, ev tournament.Tournament, eventDir string, groups []GroupIndexEntry, lang Lang) error {
	loc := LocaleOf(lang)
	p := &pageData{Lang: loc.Lang(), loc: loc, Root: "", CSP: ContentSecurityPolicy, Title: clean(ev.Name)}
	body := groupIndexBody{Intro: loc.T("site.groups.intro"), EventHref: eventDir + "index.html", EventText: loc.T("site.groups.event")}
	for _, e := range groups {
		g := e.Group
		if n := len(body.Stages); n == 0 || body.Stages[n-1].Title != loc.T("site.groups.stage", "stage", g.Stage) {
			body.Stages = append(body.Stages, groupIndexStage{Title: loc.T("site.groups.stage", "stage", g.Stage)})
		}
		t := g.Tournament
		gm := tournament.GroupMembers{Group: g}
		item := groupIndexItem{Href: e.Dir + "index.html", Name: clean(loc.T("site.groups.group", "name", g.Name)),
			System: p.T(t.System.SiteCatalogKey()),
			Count:  loc.N("site.players.count", t.Players) + ", " + loc.N("site.rounds.count", t.RoundsPaired)}
		if g.MadeBy != tournament.GroupByStandings { // the places need the members: the group's own pages say them
			item.Made = clean(loc.groupMadeBy(gm))
		}
		body.Stages[len(body.Stages)-1].Groups = append(body.Stages[len(body.Stages)-1].Groups, item)
	}
	p.Body = body
	return render(w, "groups", p)
}
