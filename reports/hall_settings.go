package reports

import (
	"io"
	"strings"

	"arbitro/tournament"
)

// WriteHallSettings prints the hall's settings s of event (arbitro hall set, and hall set
// without a change), in l's language: the address on the pairing sheets, the arbiter's
// confirmation of every result, the minutes after which a single entry goes to him. One
// heading line, then one indented line each.
func WriteHallSettings(w io.Writer, l *Locale, event string, s tournament.HallSettings) error {
	l = orEnglish(l)
	yes := func(b bool) string {
		if b {
			return l.T("cmd.hall.settings.yes")
		}
		return l.T("cmd.hall.settings.no")
	}
	url := s.URL
	if url == "" {
		url = l.T("cmd.hall.settings.none")
	}
	single := l.T("cmd.hall.settings.never")
	if s.SingleMinutes > 0 {
		single = l.N("cmd.hall.settings.minutes", s.SingleMinutes)
	}
	var b strings.Builder
	for _, line := range []string{
		l.T("cmd.hall.settings", "event", event),
		"  " + l.T("cmd.hall.settings.url", "url", url),
		"  " + l.T("cmd.hall.settings.confirm", "yes", yes(s.Confirm)),
		"  " + l.T("cmd.hall.settings.single", "after", single),
		"  " + l.T("cmd.hall.settings.sheets", "who", sheetKeepers(l, s.Sheets)),
	} {
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sheetKeepers names who keeps the electronic score sheet (HallSettings.Sheets; unset:
// tournament.SheetsAny) in the language l.
func sheetKeepers(l *Locale, sheets string) string {
	switch sheets {
	case tournament.SheetsBoth:
		return l.T("cmd.hall.sheets.both")
	case tournament.SheetsWhite:
		return l.T("cmd.hall.sheets.white")
	case tournament.SheetsBlack:
		return l.T("cmd.hall.sheets.black")
	}
	return l.T("cmd.hall.sheets.any")
}
