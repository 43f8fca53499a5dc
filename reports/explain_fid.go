package reports

// The federation program's Italo-Swiss formats (issue 13): the notes under a pairing
// sheet and the explanation of a round, which the formats print in English.

import (
	"fmt"
	"io"
	"strings"

	"arbitro/tournament"
)

// FIDSheetNotes are the lines printed under a pairing sheet (text and PDF) when the round
// was paired by one of the federation program's Italo-Swiss formats (the format and the
// kind of each rest) or has an opening drawn by lot.
// The lines are in the sheet's language l (catalog keys sheet.*).
func FIDSheetNotes(l *Locale, ex *tournament.RoundExplanation, names EntryNames) []string {
	if ex == nil {
		return nil
	}
	var out []string
	if it := ex.Italo; it != nil && it.Format != "" {
		out = append(out, l.T("sheet.italo_format", "format", string(it.Format)))
		var rs []string
		for _, r := range it.Rests {
			k := string(r.Kind)
			if k == "" {
				k = l.T("sheet.arbiter_decision")
			}
			rs = append(rs, fmt.Sprintf("%s (%s)", names[r.ID], k))
		}
		if len(rs) > 0 {
			out = append(out, l.T("sheet.rests", "list", strings.Join(rs, ", ")))
		}
	}
	if ex.Opening != nil {
		out = append(out, l.T("sheet.opening", "code", ex.Opening.Code, "seed", fmt.Sprint(ex.Opening.Seed), "label", ex.Opening.Label))
	}
	return out
}

// fidColourText explains the colour reasons of pairing.ItaloFID.
var fidColourText = map[string]string{
	"round-1":       "round 1: the first player of the pair has White",
	"after-turn":    "art9 round 2: a player back from the round-1 turn rest; colours by the other's round-1 colour",
	"fewer-whites":  "the one with fewer Whites so far has White (a rest counts as a Black)",
	"recent-differ": "equal Whites: in the last round their colours differed, the one who had Black has White",
	"higher-score":  "equal colour histories: the higher score has White",
	"lower-number":  "equal colour histories and scores: the lower pairing number has White",
}

var fidRestText = map[string]string{
	"round1-last":     "round 1: the highest pairing number rests",
	"lowest":          "the lowest score among those who may rest (no earlier RM/RR, not on turn rest, not having met every withdrawn player)",
	"lowest-tied":     "several share the lowest score among those who may rest: the one the rotation cannot pair rests",
	"art9-round1":     "art9 round 1: the numbers from the planned number of rounds upward have the turn rest (RT, 0 points)",
	"art9-turn":       "art9: the highest score (lowest number among equals) of those who have not had it takes the turn rest (RT, 0 points)",
	"nobody-may-rest": "nobody may rest",
}

// writeFIDExplanation prints how pairing.ItaloFID paired a round (docs/italo-swiss.md).
func writeFIDExplanation(w io.Writer, ex *tournament.RoundExplanation, nm func(int) string) {
	it := ex.Italo
	fmt.Fprintf(w, "  Italo-Swiss format %s: the federation program's procedure (docs/italo-swiss.md)\n", it.Format)
	for _, r := range strings.Split(it.RestRule, ",") {
		if r != "" {
			fmt.Fprintf(w, "  rest: %s\n", fidRestText[r])
		}
	}
	if it.ClubRelaxed {
		fmt.Fprintln(w, "  clubs are separated, but no pairing kept clubmates apart: paired without that restriction")
	}
	if len(it.RestCandidates) > 1 {
		fmt.Fprintf(w, "  tied for the rest: %s\n", joinNames(it.RestCandidates, nm))
	}
	if ex.Start != 0 {
		fmt.Fprintf(w, "  start player: %s (who rested in round %d, else the Black of its last pair)\n", nm(ex.Start), ex.Round-1)
	} else {
		fmt.Fprintln(w, "  no start player: the scan starts at pairing number 1")
	}
	for _, st := range it.Steps {
		switch {
		case st.Bye && st.Manual:
			fmt.Fprintf(w, "  %s rests — arbiter's decision\n", nm(st.First))
			continue
		case st.Bye:
			fmt.Fprintf(w, "  rest %s: %s (%d pts)\n", st.Rest, nm(st.First), st.FirstScore)
			continue
		case st.Manual:
			fmt.Fprintf(w, "  board %d: %s - %s — arbiter's decision\n", st.Board, nm(st.First), nm(st.Second))
			continue
		}
		fmt.Fprintf(w, "  board %d: %s (%d pts) meets %s (%d pts)\n", st.Board, nm(st.First), st.FirstScore, nm(st.Second), st.SecondScore)
		fmt.Fprintf(w, "    first player: highest score among the unpaired, scanning from %s\n", nm(st.CursorID))
		for _, sk := range st.Skipped {
			fmt.Fprintf(w, "    passed over %s (%d pts): %s\n", nm(sk.ID), sk.Score, sk.Reason)
		}
		if st.Fallback {
			fmt.Fprintln(w, "    changed by backtracking")
		}
		if t := fidColourText[st.ColourReason]; t != "" {
			fmt.Fprintf(w, "    colours: %s\n", t)
		}
	}
}
