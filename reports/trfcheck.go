package reports

import (
	"fmt"
	"io"

	"arbitro/trf"
)

// WriteTRFCheckText writes the report of tournament.CheckTRF for an arbiter: one line per
// round ("identical", or what differs: each difference and each absolute criterion the
// file's round breaks, players by starting rank), then the count of identical rounds.
func WriteTRFCheckText(w io.Writer, c *trf.CheckReport) error {
	if _, err := fmt.Fprintf(w, "%s: %d players, %d rounds re-paired with the Dutch engine (C.04.3)\n", c.Name, c.Players, len(c.Rounds)); err != nil {
		return err
	}
	for _, r := range c.Rounds {
		switch {
		case r.Same:
			fmt.Fprintf(w, "round %d: identical (%d boards)\n", r.Round, r.Boards)
		case r.Error != "":
			fmt.Fprintf(w, "round %d: the engine cannot pair it: %s\n", r.Round, r.Error)
		default:
			fmt.Fprintf(w, "round %d: differs (%d differences, %d violations)\n", r.Round, len(r.Diffs), len(r.Violations))
			for _, v := range r.Violations {
				fmt.Fprintf(w, "  violation: %s\n", v)
			}
			for _, d := range r.Diffs {
				fmt.Fprintf(w, "  difference: %s\n", d)
			}
		}
	}
	_, err := fmt.Fprintf(w, "%d of %d rounds identical\n", c.Identical, len(c.Rounds))
	return err
}
