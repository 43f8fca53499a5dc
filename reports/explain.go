package reports

import (
	"fmt"
	"io"
	"strings"

	"arbitro/pairing"
	"arbitro/tournament"
)

// WriteExplanation prints why each pair of a round was made, from the explanation the
// pairing stored (tournament.RoundExplanation), in the language l; players are named by
// names ("12 Rossi, Mario"). Every line comes from the catalogs: the explanation holds
// codes and numbers (the reasons a player was passed over, the rules of the federation
// program's formats, the warnings as tournament.Note); a warning stored as a sentence by
// an older arbitro is printed as stored.
func WriteExplanation(w io.Writer, l *Locale, ex *tournament.RoundExplanation, names EntryNames) {
	if ex == nil {
		fmt.Fprintln(w, l.T("explain.none"))
		return
	}
	nm := names.name
	fmt.Fprintln(w, l.T("explain.title", "round", ex.Round, "system", l.systemShort(ex.System), "seed", fmt.Sprint(ex.Seed)))
	if ex.Forced {
		fmt.Fprintln(w, "  "+l.T("explain.forced"))
	}
	for _, m := range ex.Manual {
		fmt.Fprintln(w, "  "+l.T("explain.manual", "set", m.String()))
	}
	switch {
	case ex.Italo != nil && ex.Italo.Format.FID():
		writeFIDExplanation(w, l, ex, nm)
	case ex.Berger != nil:
		writeBergerExplanation(w, l, ex.Berger)
	case ex.Italo != nil:
		writeItaloExplanation(w, l, ex, nm)
	case ex.Dutch != nil:
		writeDutchExplanation(w, l, ex.Dutch, nm)
	}
	for _, s := range ex.Warnings {
		fmt.Fprintln(w, "  "+l.T("explain.warning", "text", l.Note(s)))
	}
}

// writeBergerExplanation: the Berger table round and its pairs by pairing number.
func writeBergerExplanation(w io.Writer, l *Locale, b *tournament.BergerInfo) {
	var ps []string
	for _, p := range b.Numbers {
		if p.Black == 0 {
			ps = append(ps, l.T("explain.rests", "n", p.White))
		} else {
			ps = append(ps, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
	}
	cyc := ""
	if b.Cycles == 2 {
		cyc = l.T("explain.cycle", "cycle", b.Cycle)
		if b.Cycle == 2 {
			cyc += l.T("explain.reversed")
		}
	}
	fmt.Fprintln(w, "  "+l.T("explain.berger", "players", b.Players, "round", b.TableRound, "cycle", cyc, "pairs", strings.Join(ps, ", ")))
	if b.Players%2 == 1 {
		fmt.Fprintln(w, "  "+l.T("explain.odd", "n", b.Players+1))
	}
}

// writeItaloExplanation: the rotation's start player, the dead end that forced
// backtracking, then each step of the scan.
func writeItaloExplanation(w io.Writer, l *Locale, ex *tournament.RoundExplanation, nm func(int) string) {
	it := ex.Italo
	if ex.Start != 0 {
		fmt.Fprintln(w, "  "+l.T("explain.start", "player", nm(ex.Start), "round", ex.Round-1))
	} else {
		fmt.Fprintln(w, "  "+l.T("explain.no_start"))
	}
	if it.Fallback {
		var plain []string
		for _, p := range it.Plain {
			plain = append(plain, l.T("explain.versus", "white", nm(p.White), "black", nm(p.Black)))
		}
		fmt.Fprintln(w, "  "+l.T("explain.dead_end", "pairs", l.orNobody(strings.Join(plain, ", ")), "left", l.orNobody(joinNames(it.PlainLeft, nm))))
		fmt.Fprintln(w, "  "+l.T("explain.backtracking"))
	}
	if it.ByeFirst {
		fmt.Fprintln(w, "  "+l.T("explain.bye_first"))
	}
	for _, st := range it.Steps {
		writeItaloStep(w, l, st, nm)
	}
}

// writeItaloStep: one board (or the bye) of the Italo-Swiss scan.
func writeItaloStep(w io.Writer, l *Locale, st pairing.ItaloStep, nm func(int) string) {
	switch {
	case st.Manual && st.Bye:
		fmt.Fprintln(w, "  "+l.T("explain.manual_bye", "board", st.Board, "player", nm(st.First)))
		return
	case st.Manual:
		fmt.Fprintln(w, "  "+l.T("explain.manual_board", "board", st.Board, "white", nm(st.First), "black", nm(st.Second)))
		return
	case st.Bye:
		fmt.Fprintln(w, "  "+l.T("explain.bye", "player", nm(st.First), "pts", l.pts(st.FirstScore)))
		return
	}
	cur := l.T("explain.searched_from", "player", nm(st.CursorID))
	if !st.CursorIncluded {
		cur = l.T("explain.searched_after", "player", nm(st.CursorID))
	}
	fmt.Fprintln(w, "  "+l.T("explain.meets", "board", st.Board, "first", nm(st.First), "pts1", l.pts(st.FirstScore), "second", nm(st.Second), "pts2", l.pts(st.SecondScore)))
	fmt.Fprint(w, "    "+cur+l.T("explain.highest", "pts", st.FirstScore))
	if st.SecondScore < st.FirstScore {
		fmt.Fprint(w, l.T("explain.lower_group", "pts", st.SecondScore))
	}
	fmt.Fprintln(w)
	for _, sk := range st.Skipped {
		fmt.Fprintln(w, "    "+l.T("explain.passed_over", "player", nm(sk.ID), "pts", l.pts(sk.Score), "reason", l.skipReason(sk.Reason)))
	}
	if st.Fallback {
		fmt.Fprintln(w, "    "+l.T("explain.changed"))
	}
	if st.ColourRule != 0 {
		fmt.Fprintln(w, "    "+l.T("explain.colours", "rule", st.ColourRule, "text", l.italoColourRule(st.ColourRule)))
	}
}

// writeDutchExplanation: the initial colour, the score brackets with their floaters,
// then each board and why its players met.
func writeDutchExplanation(w io.Writer, l *Locale, d *tournament.DutchInfo, nm func(int) string) {
	fmt.Fprintln(w, "  "+l.T("explain.initial_colour", "colour", l.colourWord(d.InitialColour)))
	for _, b := range d.Brackets {
		fmt.Fprint(w, "  "+l.N("explain.bracket", b.Residents, "pts", l.pts(b.Score)))
		if len(b.MDPs) > 0 {
			fmt.Fprint(w, l.T("explain.moved_down", "players", joinNames(b.MDPs, nm)))
		}
		if len(b.Downfloaters) > 0 {
			fmt.Fprint(w, l.T("explain.floating_down", "players", joinNames(b.Downfloaters, nm)))
		}
		// every bracket of a result is proved (pairing.ErrSearchLimit otherwise)
		fmt.Fprint(w, l.T("explain.optimal", "nodes", b.Nodes))
		fmt.Fprintln(w)
	}
	for _, b := range d.Boards {
		if b.Black == 0 {
			fmt.Fprint(w, "  "+l.T("explain.dutch_bye", "player", nm(b.White), "pts", l.pts(b.WhiteScore)))
			if b.Manual {
				fmt.Fprint(w, l.T("explain.decision"))
			} else {
				fmt.Fprint(w, l.T("explain.dutch_bye_why"))
			}
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprint(w, "  "+l.T("explain.dutch_board", "board", b.Board, "white", nm(b.White), "pts1", l.pts(b.WhiteScore), "black", nm(b.Black), "pts2", l.pts(b.BlackScore)))
		switch {
		case b.Manual:
			fmt.Fprint(w, l.T("explain.decision"))
		case b.WhiteFloat == "down":
			fmt.Fprint(w, l.T("explain.floats_down", "player", nm(b.White)))
		case b.BlackFloat == "down":
			fmt.Fprint(w, l.T("explain.floats_down", "player", nm(b.Black)))
		default:
			fmt.Fprint(w, l.T("explain.same_group"))
		}
		fmt.Fprintln(w)
	}
}

// italoColourRule summarises the colour rules of docs/pairing-fid.md 2.6 ([arbitro] reading).
func (l *Locale) italoColourRule(n int) string {
	switch n {
	case 1:
		return l.T("explain.colour1")
	case 2:
		return l.T("explain.colour2")
	case 3:
		return l.T("explain.colour3")
	case 4:
		return l.T("explain.colour4")
	case 5:
		return l.T("explain.colour5")
	}
	return l.T("explain.colour_other")
}

// pts is a score in game points with its unit, in the language of l ("3 pts", "1 punto").
func (l *Locale) pts(n int) string { return l.N("explain.pts", n) }

// skipReason is why a candidate was passed over (pairing.SkipReason), in the language of l.
func (l *Locale) skipReason(r pairing.SkipReason) string {
	switch r {
	case pairing.SkipMet:
		return l.T("explain.skip.met")
	case pairing.SkipUnpairable:
		return l.T("explain.skip.unpairable")
	case pairing.SkipRest:
		return l.T("explain.skip.rest")
	case pairing.SkipClub:
		return l.T("explain.skip.club")
	}
	return r.String()
}

// colourWord is a colour drawn by lot ("white", "black": pairing.Colour.String), in the
// language of l; anything else is returned as it is.
func (l *Locale) colourWord(c string) string {
	switch c {
	case "white":
		return l.T("explain.colour.white")
	case "black":
		return l.T("explain.colour.black")
	}
	return c
}

func (l *Locale) orNobody(s string) string {
	if s == "" {
		return l.T("explain.nobody")
	}
	return s
}

func joinNames(ids []int, nm func(int) string) string {
	var s []string
	for _, id := range ids {
		s = append(s, nm(id))
	}
	return strings.Join(s, ", ")
}
