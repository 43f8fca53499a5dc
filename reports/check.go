package reports

// The pairing checks and the engine mode of `arbitro pair`: a stored round against the
// engine (pair --check), a TRF's last round (pair --check --trf), and the next round of a
// TRF in the exchange format of JaVaFo and bbpPairings (pair --trf).

import (
	"fmt"
	"io"
	"sort"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// WritePairingCheckText writes tournament.PairingCheck (`arbitro pair --check`) for an
// arbiter: the boards checked, the arbiter's --set pairs the round was made with, every
// absolute criterion broken (Dutch), then every difference from the engine's pairing
// (the byes first), players as "pairing number name"; or "the stored round is the
// engine's pairing".
func WritePairingCheckText(w io.Writer, c *tournament.PairingCheck) error {
	nm := func(id int) string {
		if id == 0 {
			return "nobody"
		}
		return fmt.Sprintf("%d %s", c.Numbers[id], c.Names[id])
	}
	pr := func(p pairing.Pair) string {
		if p.Black == 0 {
			return nm(p.White) + " (bye)"
		}
		return nm(p.White) + " - " + nm(p.Black)
	}
	fmt.Fprintf(w, "round %d: %s (byes included) checked against the %s engine\n", c.Round, count(len(c.Checked), "board", "boards"), c.System)
	for _, m := range c.Manual {
		fmt.Fprintf(w, "note: the round was made with the arbiter's pair --set %s\n", m)
	}
	for _, v := range c.Violations {
		fmt.Fprintf(w, "violation: %s\n", v)
	}
	diffs := append([]pairing.PairDiff{}, c.Diffs...)
	sort.SliceStable(diffs, func(i, j int) bool { return diffs[i].Kind == "bye" && diffs[j].Kind != "bye" })
	for _, d := range diffs {
		var err error
		switch d.Kind {
		case "missing":
			_, err = fmt.Fprintf(w, "difference: the engine pairs %s; the stored round does not\n", pr(d.Engine))
		case "extra":
			_, err = fmt.Fprintf(w, "difference: the stored round pairs %s; the engine does not\n", pr(d.Checked))
		case "colours":
			_, err = fmt.Fprintf(w, "difference: colours swapped: the engine has %s, the stored round %s\n", pr(d.Engine), pr(d.Checked))
		case "bye":
			_, err = fmt.Fprintf(w, "difference: the engine gives the bye to %s, the stored round to %s\n", nm(d.Engine.White), nm(d.Checked.White))
		default:
			_, err = fmt.Fprintf(w, "difference: %s\n", d)
		}
		if err != nil {
			return err
		}
	}
	if c.Identical() {
		_, err := fmt.Fprintln(w, "the stored round is the engine's pairing")
		return err
	}
	return nil
}

// WriteTRFRoundCheckText writes the check of a TRF's last round (`arbitro pair --check
// --trf`, tournament.CheckTRFLastRound): the boards checked, every absolute criterion the
// file's round breaks, every difference (players by starting rank), or "the round is the
// engine's pairing".
func WriteTRFRoundCheckText(w io.Writer, rc *trf.RoundReport) error {
	fmt.Fprintf(w, "round %d: %s checked against the Dutch engine (C.04.3); players by pairing number\n", rc.Round, count(rc.Boards, "board", "boards"))
	for _, v := range rc.Violations {
		fmt.Fprintf(w, "violation: %s\n", v)
	}
	for _, d := range rc.Diffs {
		fmt.Fprintf(w, "difference: %s\n", d)
	}
	if len(rc.Violations)+len(rc.Diffs) == 0 {
		_, err := fmt.Fprintln(w, "the round is the engine's pairing")
		return err
	}
	return nil
}

// WriteTRFPairs writes the next round of a TRF (tournament.PairTRF) in the format of
// JaVaFo and bbpPairings: the number of pairs on the first line (the bye counted), then
// "WHITE BLACK" by starting rank, one pair a line, the bye as "N 0".
func WriteTRFPairs(w io.Writer, p *trf.Pairing) error {
	if _, err := fmt.Fprintf(w, "%d\n", len(p.Pairs)); err != nil {
		return err
	}
	for _, pr := range p.Pairs {
		if _, err := fmt.Fprintf(w, "%d %d\n", pr.White, pr.Black); err != nil {
			return err
		}
	}
	return nil
}
