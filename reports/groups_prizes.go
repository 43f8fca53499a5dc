package reports

import (
	"fmt"
	"io"

	"arbitro/tournament"
)

// WriteEventPrizesText writes the combined prize list of an event with groups
// (store.EventPrizes; docs/groups.md, "The combined prize list"): each list under the line
// "== A: prizes ==" ("== EVENT: prizes of the event ==" for the event's own), as
// WritePrizesText prints it, in the language l (nil: English). event is the event's name.
func WriteEventPrizesText(w io.Writer, l *Locale, event string, lists []tournament.GroupPrizes) error {
	l = orEnglish(l)
	for i, p := range lists {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		title := l.T("group.event_prizes_title", "name", tournament.ShownText(event))
		if p.Group != nil {
			title = l.T("group.prizes_title", "name", tournament.ShownText(p.Group.Name))
		}
		if _, err := fmt.Fprintln(w, "== "+title+" =="); err != nil {
			return err
		}
		if err := WritePrizesText(w, l, p.Awards); err != nil {
			return err
		}
	}
	return nil
}
