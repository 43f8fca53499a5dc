package reports

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"arbitro/tournament"
)

// WritePrizesText prints a prize list (tournament.PrizeList) as a table in the language
// l (heads and notes; nil prints English): prize, category ("overall" for the general
// standings), place, winner, note.
func WritePrizesText(w io.Writer, l *Locale, awards []tournament.Award) error {
	l = orEnglish(l)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, l.T("prizes.head.prize")+"\t"+l.T("prizes.head.standings")+"\t"+l.T("prizes.head.place")+"\t"+
		l.T("prizes.head.winner")+"\t"+l.T("prizes.head.note"))
	for _, a := range awards {
		cat := a.Prize.Category
		if cat == "" {
			cat = l.T("prizes.overall")
		}
		who := a.Name
		if who == "" {
			who = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", a.Prize.Label, cat, a.Prize.Place, who, strings.Join(l.Notes(a.Notes), l.semicolon()))
	}
	return tw.Flush()
}

// WriteCategoriesText lists categories with their rule (as given to category add) and
// members, in the language l.
func WriteCategoriesText(w io.Writer, l *Locale, cs []tournament.Category, names map[int64]string) error {
	l = orEnglish(l)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, l.T("cmd.categories.head"))
	for _, c := range cs {
		rule := c.Rule
		if rule == "" {
			rule = l.T("cmd.categories.by_hand")
		}
		list := ""
		for i, id := range c.Members {
			if i > 0 {
				list += "; "
			}
			list += names[id]
		}
		fmt.Fprintf(tw, "%s\t%s\t%d: %s\n", c.Name, rule, len(c.Members), list)
	}
	return tw.Flush()
}
