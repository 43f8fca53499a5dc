package reports

import (
	"fmt"
	"io"
	"strconv"

	"arbitro/tournament"
)

// eventLogBreakKeys is the catalog key of each kind of tournament.ChainBreak.
var eventLogBreakKeys = map[string]string{
	tournament.ChainMismatch: "cmd.eventlog.mismatch",
	tournament.ChainGap:      "cmd.eventlog.gap",
	tournament.ChainUnhashed: "cmd.eventlog.unhashed",
	tournament.ChainTriggers: "cmd.eventlog.triggers",
}

// WriteEventLogBreak writes, in the language l, the "arbitro: warning: ..." line of
// arbitro audit when the file's event log, a hash chain, breaks (b; nothing when b is
// nil): the first entry that does not verify and how (catalog keys cmd.eventlog.<kind>:
// changed or inserted, entries missing, no hash, the append-only triggers dropped).
func WriteEventLogBreak(errw io.Writer, l *Locale, b *tournament.ChainBreak) error {
	if b == nil {
		return nil
	}
	l = orEnglish(l)
	text := l.T(eventLogBreakKeys[b.Kind], "id", strconv.FormatInt(b.EventID, 10),
		"from", strconv.FormatInt(b.MissingFrom, 10), "to", strconv.FormatInt(b.MissingTo, 10))
	_, err := fmt.Fprintln(errw, l.T("cli.warning", "text", text))
	return err
}

// WriteDeletePrompt asks, in the language l, on errw, for the name of the tournament ref
// (as the arbiter named it) to be typed again before arbitro tournament delete.
func WriteDeletePrompt(errw io.Writer, l *Locale, ref string) error {
	_, err := fmt.Fprint(errw, orEnglish(l).T("cmd.delete.prompt", "ref", ref))
	return err
}

// WriteTournamentDeleted confirms, in the language l, what arbitro tournament delete
// removed (d), that the tournament's log entries are kept and which entry logs the
// deletion.
func WriteTournamentDeleted(w io.Writer, l *Locale, d *tournament.DeletedTournament) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.delete.done", "id", strconv.FormatInt(d.ID, 10), "name", d.Name,
		"entries", strconv.Itoa(d.Entries), "rounds", strconv.Itoa(d.Rounds), "boards", strconv.Itoa(d.Boards),
		"games", strconv.Itoa(d.Games), "events", strconv.Itoa(d.Events), "event", strconv.FormatInt(d.EventID, 10)))
	return err
}
