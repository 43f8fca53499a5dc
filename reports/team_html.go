package reports

import (
	"io"
	"slices"
	"strings"
)

// teamsPage is the site's page of a team event (docs/teams.md): team standings,
// crosstable, the matches of every round and the board prizes.
const teamsPage = "teams.html"

// writeTeams writes the team page: the team sheets (TeamSheets) as the site's tables.
func (h *HTMLEvent) writeTeams(w io.Writer) error {
	p := h.page("", teamsPage, nil)
	p.Subtitle = p.T("site.teams")
	p.Title = p.Subtitle + " — " + clean(h.ev.Tournament.Name)
	s := TeamSheets{Event: h.ev.Team, Locale: h.loc}
	s.Event.Tournament = h.ev.Tournament
	min := max(1, (2*h.ev.Tournament.Rounds+2)/3) // as team boards by default
	tables := []TeamTable{s.StandingsTable(), s.CrosstableTable(), s.MatchesTable(0), s.BoardsTable(min)}
	var body []*table
	for _, tt := range tables {
		body = append(body, siteTable(tt))
	}
	p.Body = body
	return render(w, "teams", p)
}

// siteTable is a team sheet as a table of the site: the title without the event's name as
// caption, the left-aligned columns as text, the others as numbers.
func siteTable(tt TeamTable) *table {
	caption := tt.Title
	if _, after, ok := strings.Cut(caption, " — "); ok {
		caption = after
	}
	t := &table{Caption: clean(caption), Head: heads(tt.Head), Legend: tt.Notes}
	for _, r := range tt.Rows {
		cells := make([]cell, len(r))
		for k, v := range r {
			cells[k] = cell{Text: clean(v), Num: !slices.Contains(tt.Left, k)}
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}
