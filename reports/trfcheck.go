package reports

import (
	"fmt"
	"io"

	"arbitro/trf"
)

// WriteTRFCheckText writes the report of tournament.CheckTRF for an arbiter, in the
// language l: one line per round ("identical", or what differs: each difference and each
// absolute criterion the file's round breaks, the pairing package's sentences, players by
// starting rank), then the count of identical rounds.
func WriteTRFCheckText(w io.Writer, l *Locale, c *trf.CheckReport) error {
	l = orEnglish(l)
	if _, err := fmt.Fprintln(w, l.T("cmd.trfcheck.head", "name", c.Name, "players", c.Players, "rounds", len(c.Rounds))); err != nil {
		return err
	}
	for _, r := range c.Rounds {
		switch {
		case r.Same:
			fmt.Fprintln(w, l.T("cmd.trfcheck.same", "round", r.Round, "boards", r.Boards))
		case r.Error != "":
			fmt.Fprintln(w, l.T("cmd.trfcheck.error", "round", r.Round, "text", r.Error))
		default:
			fmt.Fprintln(w, l.T("cmd.trfcheck.differs", "round", r.Round, "diffs", len(r.Diffs), "violations", len(r.Violations)))
			for _, v := range l.violations(r.Violations, r.ViolationCodes) {
				fmt.Fprintln(w, "  "+l.T("cmd.check.violation", "text", v))
			}
			for _, d := range l.trfDiffs(r.Diffs, r.DiffCodes) {
				fmt.Fprintln(w, "  "+l.T("cmd.check.difference", "text", d))
			}
		}
	}
	_, err := fmt.Fprintln(w, l.T("cmd.trfcheck.total", "identical", c.Identical, "rounds", len(c.Rounds)))
	return err
}
