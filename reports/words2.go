package reports

import (
	"time"

	"arbitro/pairing"
	"arbitro/tournament"
)

// Stamp prints a moment stored as RFC 3339 UTC ("2026-11-26T20:55:49Z", the event log's
// and the tournament's timestamps) as the sheets print dates: the local date in the
// language's form and the local time, "26/11/2026 21:55" in Italian; anything else as it is.
func (l *Locale) Stamp(at string) string {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return at
	}
	t = t.Local()
	return l.Date(t) + " " + t.Format("15:04")
}

// italoFormatShort is an Italo-Swiss format (pairing.ItaloFormat, as `tournament set
// italo-format` takes it) in the language's words ("art. 9 (con riposo a turno)"); in
// English the code; "-" for none.
func (l *Locale) italoFormatShort(f string) string {
	switch pairing.ItaloFormat(f) {
	case pairing.ItaloArt8, pairing.ItaloArt2, pairing.ItaloArt9, pairing.ItaloRotation:
		return l.codeWord("show.italo."+f, f)
	}
	return Dash(f)
}

// openingsShort is the opening ballot setting (tournament.Tournament.Openings) in words;
// clubSeparationShort the club separation (tournament.Tournament.ClubSeparation); "-" none.
func (l *Locale) openingsShort(o string) string {
	if o == tournament.OpeningsFIDItalian {
		return l.codeWord("show.openings."+o, o)
	}
	return Dash(o)
}

func (l *Locale) clubSeparationShort(c string) string {
	if c == "club" {
		return l.codeWord("show.club-separation."+c, c)
	}
	return Dash(c)
}
