package reports

// The pairing checks and the engine mode of `arbitro pair`: a stored round against the
// engine (pair --check), a TRF's last round (pair --check --trf), and the next round of a
// TRF in the exchange format of JaVaFo and bbpPairings (pair --trf).

import (
	"fmt"
	"io"
	"sort"
	"strconv"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// WritePairingCheckText writes tournament.PairingCheck (`arbitro pair --check`) for an
// arbiter, in the language l: the boards checked, the arbiter's --set pairs the round was
// made with, every absolute criterion broken (Dutch; pairing's sentences), then every
// difference from the engine's pairing (the byes first), players as "pairing number
// name"; or "the stored round is the engine's pairing".
func WritePairingCheckText(w io.Writer, l *Locale, c *tournament.PairingCheck) error {
	l = orEnglish(l)
	nm := func(id int) string {
		if id == 0 {
			return l.T("explain.nobody")
		}
		return fmt.Sprintf("%d %s", c.Numbers[id], c.Names[id])
	}
	fmt.Fprintln(w, l.T("cmd.check.round", "round", c.Round, "boards", l.N("cmd.boards", len(c.Checked)), "system", l.systemShort(c.System)))
	for _, m := range c.Manual {
		fmt.Fprintln(w, l.T("cmd.check.manual", "set", fmt.Sprint(m)))
	}
	for _, v := range l.violations(c.Violations, c.ViolationCodes) {
		fmt.Fprintln(w, l.T("cmd.check.violation", "text", v))
	}
	diffs := append([]pairing.PairDiff{}, c.Diffs...)
	sort.SliceStable(diffs, func(i, j int) bool { return diffs[i].Kind == "bye" && diffs[j].Kind != "bye" })
	for _, d := range diffs {
		text := l.diffText(d, nm)
		if _, err := fmt.Fprintln(w, l.T("cmd.check.difference", "text", text)); err != nil {
			return err
		}
	}
	if c.Identical() {
		_, err := fmt.Fprintln(w, l.T("cmd.check.identical"))
		return err
	}
	return nil
}

// WriteTRFRoundCheckText writes the check of a TRF's last round (`arbitro pair --check
// --trf`, tournament.CheckTRFLastRound) in the language l: the boards checked, every
// absolute criterion the file's round breaks, every difference (players by starting
// rank; the criteria and differences are the pairing package's sentences), or "the round
// is the engine's pairing".
func WriteTRFRoundCheckText(w io.Writer, l *Locale, rc *trf.RoundReport) error {
	l = orEnglish(l)
	fmt.Fprintln(w, l.T("cmd.check.trf_round", "round", rc.Round, "boards", l.N("cmd.boards", rc.Boards)))
	for _, v := range l.violations(rc.Violations, rc.ViolationCodes) {
		fmt.Fprintln(w, l.T("cmd.check.violation", "text", v))
	}
	for _, d := range l.trfDiffs(rc.Diffs, rc.DiffCodes) {
		fmt.Fprintln(w, l.T("cmd.check.difference", "text", d))
	}
	if len(rc.Violations)+len(rc.Diffs) == 0 {
		_, err := fmt.Fprintln(w, l.T("cmd.check.trf_identical"))
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

// diffText is one difference between the engine's pairing and a checked one in l, players
// by nm (their pairing number and name, or a TRF's starting rank).
func (l *Locale) diffText(d pairing.PairDiff, nm func(int) string) string {
	pr := func(p pairing.Pair) string {
		if p.Black == 0 {
			return nm(p.White) + " " + l.T("cmd.bye")
		}
		return nm(p.White) + " - " + nm(p.Black)
	}
	switch d.Kind {
	case "missing":
		return l.T("cmd.check.missing", "pair", pr(d.Engine))
	case "extra":
		return l.T("cmd.check.extra", "pair", pr(d.Checked))
	case "colours":
		return l.T("cmd.check.colours", "engine", pr(d.Engine), "stored", pr(d.Checked))
	case "bye":
		return l.T("cmd.check.bye", "engine", nm(d.Engine.White), "stored", nm(d.Checked.White))
	}
	return d.String()
}

// trfDiffs are a TRF check's differences in l: in English the pairing package's sentences
// (texts, as the JSON has them); in another language each code worded by diffText, players
// by starting rank.
func (l *Locale) trfDiffs(texts []string, codes []pairing.PairDiff) []string {
	if english(l) || len(codes) != len(texts) {
		return texts
	}
	rank := func(id int) string {
		if id == 0 {
			return l.T("explain.nobody")
		}
		return strconv.Itoa(id)
	}
	out := make([]string, len(codes))
	for i, d := range codes {
		out[i] = l.diffText(d, rank)
	}
	return out
}
