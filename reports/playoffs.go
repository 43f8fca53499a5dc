package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// Play-offs (barrage, spareggio tecnico; docs/playoffs.md): the confirmations of
// `arbitro playoff add/result/game`, the list, and the standings' mark and legend line.
// Words: reports/locales/<lang>/playoffs.json.

// placeText is the place of r as the standings print it: marked when a play-off decided it.
func (s Standings) placeText(r tournament.Standing) string {
	if s.PlayoffDecided[int64(r.Entry.ID)] {
		return s.loc().T("mark.playoff", "place", r.Place())
	}
	return r.Place()
}

// decidingPlayoffs are the play-offs that decided a place of these standings, nil if none.
func (s Standings) decidingPlayoffs() []tournament.Playoff {
	var out []tournament.Playoff
	for _, p := range s.Playoffs {
		for _, x := range p.Players {
			if s.PlayoffDecided[x.EntryID] {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// playoffLegend is the legend's line on the play-offs that decided a place: the mark, then
// each play-off with its players' play-off points; "" when none did.
func (s Standings) playoffLegend() string {
	ps := s.decidingPlayoffs()
	if len(ps) == 0 {
		return ""
	}
	l := s.loc()
	var list []string
	for i := range ps {
		list = append(list, l.T("playoff.name", "n", ps[i].Number)+l.colon()+playoffPoints(&ps[i]))
	}
	return l.T("legend.playoff", "mark", l.T("mark.playoff", "place", ""), "list", strings.Join(list, l.semicolon()))
}

// playoffPoints shows the players of p with their play-off game points: "Rossi, Mario 2 –
// Bianchi, Luca 0".
func playoffPoints(p *tournament.Playoff) string {
	pts := p.Points()
	var parts []string
	for _, x := range p.Players {
		parts = append(parts, x.Name+" "+strconv.Itoa(pts[x.EntryID]))
	}
	return strings.Join(parts, " – ")
}

func playoffPlayers(p *tournament.Playoff) string {
	var parts []string
	for _, x := range p.Players {
		parts = append(parts, sideText(x))
	}
	return strings.Join(parts, " – ")
}

func sideText(x tournament.PlayoffSide) string {
	if x.Number > 0 {
		return x.Name + " (" + strconv.Itoa(x.Number) + ")"
	}
	return x.Name
}

// playoffHeader is a play-off's line: number, players, what it decides, time control.
func playoffHeader(l *Locale, p *tournament.Playoff) string {
	parts := []string{l.T("playoff.name", "n", p.Number) + l.colon() + playoffPlayers(p)}
	switch {
	case p.Title != "":
		parts = append(parts, l.T("playoff.for_title", "title", strconv.Quote(p.Title)))
	case p.Place > 0:
		parts = append(parts, l.T("playoff.for_place", "place", p.Place))
	}
	if p.TimeControl != "" {
		parts = append(parts, l.T("playoff.time_control", "tc", p.TimeControl))
	}
	if p.When == tournament.PlayoffBeforeTieBreaks {
		parts = append(parts, l.T("playoff.before_tiebreaks"))
	}
	return strings.Join(parts, l.semicolon())
}

var playoffResults = map[int]string{2: "2-0", 1: "1-1", 0: "0-2"}

// playoffGameText is one game: "game 1: Rossi, Mario (1) – Bianchi, Luca (4) 2-0", with
// its score's verdict when a score is stored.
func playoffGameText(l *Locale, g *tournament.PlayoffGame) string {
	out := l.T("playoff.game", "game", g.Game, "white", sideText(g.White), "black", sideText(g.Black), "result", playoffResults[g.WhitePoints])
	switch {
	case !g.HasScore:
		out += l.semicolon() + l.T("playoff.score.none")
	case g.Legal:
		out += l.semicolon() + l.T("playoff.score.legal")
	case g.Ply > 0:
		out += l.semicolon() + l.T("playoff.score.illegal", "ply", g.Ply, "reason", g.Reason)
	default:
		out += l.semicolon() + l.T("playoff.score.not_judged", "reason", g.Reason)
	}
	return out
}

// WritePlayoffAdded confirms `arbitro playoff add` in the language l: the play-off's
// number, players (name and pairing number), title or place, and time control.
func WritePlayoffAdded(w io.Writer, l *Locale, p *tournament.Playoff) error {
	l = orEnglish(l)
	_, err := fmt.Fprintln(w, l.T("playoff.added", "playoff", playoffHeader(l, p)))
	return err
}

// WritePlayoffResult confirms `arbitro playoff result` in the language l: the game entered
// and the play-off points so far.
func WritePlayoffResult(w io.Writer, l *Locale, p *tournament.Playoff, g *tournament.PlayoffGame) error {
	l = orEnglish(l)
	_, err := fmt.Fprintf(w, "%s%s%s\n%s\n", l.T("playoff.name", "n", p.Number), l.colon(), playoffGameText(l, g),
		l.T("playoff.points", "list", playoffPoints(p)))
	return err
}

// WritePlayoffGame confirms `arbitro playoff game` in the language l: the game and its
// score's verdict.
func WritePlayoffGame(w io.Writer, l *Locale, n int, g *tournament.PlayoffGame) error {
	l = orEnglish(l)
	_, err := fmt.Fprintf(w, "%s%s%s\n", l.T("playoff.name", "n", n), l.colon(), playoffGameText(l, g))
	return err
}

// WritePlayoffsText lists the play-offs in the language l: for each, its line, its games
// (with their scores' verdicts) and its players' play-off points; a line saying there is
// none when the list is empty.
func WritePlayoffsText(w io.Writer, l *Locale, ps []tournament.Playoff) error {
	l = orEnglish(l)
	var b strings.Builder
	if len(ps) == 0 {
		b.WriteString(l.T("playoff.none") + "\n")
	}
	for i := range ps {
		p := &ps[i]
		b.WriteString(playoffHeader(l, p) + "\n")
		for j := range p.Games {
			b.WriteString("  " + playoffGameText(l, &p.Games[j]) + "\n")
		}
		b.WriteString("  " + l.T("playoff.points", "list", playoffPoints(p)) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writePlayoffAudits writes, as WriteTournamentAuditText does for the event's games, each
// play-off score with a problem or a note, adds every verdict to t, and returns how many
// had a problem.
func writePlayoffAudits(w io.Writer, l *Locale, pas []tournament.PlayoffGameAudit, t *VerdictTally) int {
	n := 0
	for i := range pas {
		pa := &pas[i]
		t.Add(&pa.Verdict)
		if len(pa.Problems) == 0 && len(pa.Verdict.Notes) == 0 {
			continue
		}
		fmt.Fprintln(w, l.T("playoff.name", "n", pa.Playoff)+l.colon()+l.T("playoff.game", "game", pa.Game.Game,
			"white", sideText(pa.Game.White), "black", sideText(pa.Game.Black), "result", playoffResults[pa.Game.WhitePoints]))
		if len(pa.Problems) > 0 {
			n++
		}
		writeProblems(w, l, pa.Verdict, pa.Problems, pa.Verdict.Notes)
	}
	return n
}

// PlayoffAuditJSON is the JSON line of a play-off score's audit (`arbitro audit --json`):
// the verdict as replay prints it, with the play-off's number, the game's number, its
// players and entered result, and the problems.
func PlayoffAuditJSON(db string, pa tournament.PlayoffGameAudit) any {
	g := pa.Score
	if g == nil {
		g = &rules.Game{Index: 1}
	}
	return struct {
		ReplayJSON
		Playoff        int                  `json:"playoff"`
		Game           int                  `json:"playoff_game"`
		White          string               `json:"white_player"`
		Black          string               `json:"black_player"`
		RecordedResult string               `json:"recorded_result"`
		Problems       []tournament.Problem `json:"problems"`
	}{ReplayJSONOf(db, g, pa.Verdict, false), pa.Playoff, pa.Game.Game, pa.Game.White.Name, pa.Game.Black.Name,
		playoffResults[pa.Game.WhitePoints], pa.Problems}
}
