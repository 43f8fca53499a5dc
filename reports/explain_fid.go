package reports

// The federation program's Italo-Swiss formats (issue 13): the notes under a pairing
// sheet and the explanation of a round.

import (
	"fmt"
	"io"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// fidColourKeys explain the colour reasons of pairing.ItaloFID (ItaloStep.ColourReason).
var fidColourKeys = map[string]string{
	pairing.ColourRound1:      "explain.fid.colour.round-1",
	pairing.ColourAfterTurn:   "explain.fid.colour.after-turn",
	pairing.ColourFewerWhites: "explain.fid.colour.fewer-whites",
	pairing.ColourRecent:      "explain.fid.colour.recent-differ",
	pairing.ColourHigherScore: "explain.fid.colour.higher-score",
	pairing.ColourLowerNumber: "explain.fid.colour.lower-number",
}

// fidRestKeys explain the rest rules of pairing.ItaloFID (ItaloResult.RestRule).
var fidRestKeys = map[string]string{
	"round1-last":     "explain.fid.rest.round1-last",
	"lowest":          "explain.fid.rest.lowest",
	"lowest-tied":     "explain.fid.rest.lowest-tied",
	"art9-round1":     "explain.fid.rest.art9-round1",
	"art9-turn":       "explain.fid.rest.art9-turn",
	"nobody-may-rest": "explain.fid.rest.nobody-may-rest",
}

// writeFIDExplanation prints how pairing.ItaloFID paired a round (docs/italo-swiss.md), in
// the language of l.
func writeFIDExplanation(w io.Writer, l *Locale, ex *tournament.RoundExplanation, nm func(int) string) {
	it := ex.Italo
	fmt.Fprintln(w, "  "+l.T("explain.fid.format", "format", string(it.Format)))
	for _, r := range strings.Split(it.RestRule, ",") {
		if r != "" {
			text := r // a rule this arbitro does not know: its code
			if k, ok := fidRestKeys[r]; ok {
				text = l.T(k)
			}
			fmt.Fprintln(w, "  "+l.T("explain.fid.rest", "text", text))
		}
	}
	if it.ClubRelaxed {
		fmt.Fprintln(w, "  "+l.T("explain.fid.club_relaxed"))
	}
	if len(it.RestCandidates) > 1 {
		fmt.Fprintln(w, "  "+l.T("explain.fid.tied", "players", joinNames(it.RestCandidates, nm)))
	}
	switch {
	case ex.Start == 0:
		fmt.Fprintln(w, "  "+l.T("explain.no_start"))
	case ex.StartFrom == tournament.StartRested:
		fmt.Fprintln(w, "  "+l.T("explain.fid.start_rested", "player", nm(ex.Start), "round", ex.Round-1))
	case ex.StartFrom == tournament.StartBlack:
		fmt.Fprintln(w, "  "+l.T("explain.fid.start_black", "player", nm(ex.Start), "round", ex.Round-1))
	default: // stored before the reason was: either
		fmt.Fprintln(w, "  "+l.T("explain.fid.start", "player", nm(ex.Start), "round", ex.Round-1))
	}
	for _, st := range it.Steps {
		switch {
		case st.Bye && st.Manual:
			fmt.Fprintln(w, "  "+l.T("explain.fid.rest_manual", "player", nm(st.First)))
			continue
		case st.Bye:
			fmt.Fprintln(w, "  "+l.T("explain.fid.rest_kind", "kind", l.RestKind(string(st.Rest)), "player", nm(st.First), "pts", l.pts(st.FirstScore)))
			continue
		case st.Manual:
			fmt.Fprintln(w, "  "+l.T("explain.manual_board", "board", st.Board, "white", nm(st.First), "black", nm(st.Second)))
			continue
		}
		fmt.Fprintln(w, "  "+l.T("explain.meets", "board", st.Board, "first", nm(st.First), "pts1", l.pts(st.FirstScore), "second", nm(st.Second), "pts2", l.pts(st.SecondScore)))
		fmt.Fprintln(w, "    "+l.T("explain.fid.first", "player", nm(st.CursorID)))
		for _, sk := range st.Skipped {
			fmt.Fprintln(w, "    "+l.T("explain.passed_over", "player", nm(sk.ID), "pts", l.pts(sk.Score), "reason", l.skipReason(sk.Reason)))
		}
		if st.Fallback {
			fmt.Fprintln(w, "    "+l.T("explain.fid.changed"))
		}
		if k, ok := fidColourKeys[st.ColourReason]; ok {
			fmt.Fprintln(w, "    "+l.T("explain.fid.colours", "text", l.T(k)))
		}
	}
}
