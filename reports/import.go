package reports

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"arbitro/tournament"
)

// ImportJSON is the --json document of `arbitro event import`.
type ImportJSON struct {
	Tournament  *tournament.Tournament         `json:"tournament"`
	Players     int                            `json:"players"`
	Rounds      int                            `json:"rounds_imported"`
	RoundSource string                         `json:"round_source"`
	Games       int                            `json:"games"`
	Legal       int                            `json:"legal"`
	Illegal     []ImportIllegalJSON            `json:"illegal,omitempty"`
	Duplicates  []tournament.PossibleDuplicate `json:"possible_duplicates,omitempty"`
	Warnings    []string                       `json:"warnings,omitempty"`
	Windows1252 bool                           `json:"windows_1252"`
}

// ImportIllegalJSON is a game score of the import that is not legal: its board and
// the first illegal move (ply, move, reason, message, the position before it).
type ImportIllegalJSON struct {
	Round   int    `json:"round"`
	Board   int    `json:"board"`
	White   string `json:"white"`
	Black   string `json:"black"`
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
	FEN     string `json:"fen"`
}

// ImportJSONOf is the JSON document of an import report.
func ImportJSONOf(rep *tournament.ImportReport) ImportJSON {
	p := rep.Plan
	out := ImportJSON{Tournament: rep.Tournament, Players: len(p.Players), Rounds: p.RoundsFound(), RoundSource: p.RoundSource,
		Games: p.GamesFound(), Legal: p.Legal(), Duplicates: p.Duplicates, Warnings: English().Notes(p.Warnings), Windows1252: p.Windows1252}
	for _, g := range p.Illegal() {
		v := g.Verdict
		out.Illegal = append(out.Illegal, ImportIllegalJSON{g.Round, g.Board, g.White, g.Black, v.Ply, v.Move, v.Reason, v.Message, v.FEN})
	}
	return out
}

// WriteImportText writes the summary of `arbitro event import` (and of the demo's
// imports) in the language l: the tournament created, where the rounds came from (as the
// plan names the source), the encoding, the games judged, a table of the scores not legal
// (reasons as codes), possible duplicate players (the domain's reason) and warnings.
func WriteImportText(w io.Writer, l *Locale, rep *tournament.ImportReport) error {
	l = orEnglish(l)
	p, t := rep.Plan, rep.Tournament
	fmt.Fprintln(w, l.T("cmd.event.imported", "id", t.ID, "name", strconv.Quote(t.Name), "variant", l.variantShort(t.Variant),
		"system", l.systemShort(t.System), "found", p.RoundsFound(), "rounds", l.N("cmd.rounds", t.Rounds), "players", l.N("cmd.players", len(p.Players))))
	fmt.Fprintln(w, l.T("cmd.event.rounds_from", "source", l.roundSource(p.RoundSource)))
	if p.Windows1252 {
		fmt.Fprintln(w, l.T("cmd.event.windows1252"))
	}
	fmt.Fprintln(w, l.T("cmd.event.games", "games", p.GamesFound(), "verdicts", ClassCountsText(l, &p.Classes)))
	if ill := p.Illegal(); len(ill) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, l.T("cmd.event.illegal.head"))
		for _, g := range ill {
			v := g.Verdict
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%d\t%s\t%s\t%s\n", g.Round, g.Board, g.White, g.Black, v.Ply, v.Move, l.problemWord(v.Reason), v.FEN)
		}
		tw.Flush()
		if n := p.IllegalFound() - len(ill); n > 0 {
			fmt.Fprintln(w, l.T("cmd.event.more_illegal", "n", n))
		}
	}
	for _, d := range p.Duplicates {
		fmt.Fprintln(w, l.T("cmd.event.duplicate", "a", strconv.Quote(d.A), "b", strconv.Quote(d.B), "why", l.dupWhy(d.Why)))
	}
	for _, s := range l.Notes(p.Warnings) {
		fmt.Fprintln(w, l.T("cmd.event.warning", "text", s))
	}
	return nil
}

// roundSource is where an event import found the rounds (tournament.RoundFromTag,
// RoundFromEventText, RoundFromFileOrder) in the language; another source as stored.
func (l *Locale) roundSource(s string) string {
	switch s {
	case tournament.RoundFromTag:
		return l.T("cmd.event.source.tag")
	case tournament.RoundFromEventText:
		return l.T("cmd.event.source.event")
	case tournament.RoundFromFileOrder:
		return l.T("cmd.event.source.order")
	}
	return s
}

// dupKeys are the catalog keys of why two names of an imported event may be one person
// (tournament.PossibleDuplicate.Why: the Dup* sentences).
var dupKeys = map[string]string{
	tournament.DupCase:     "import.dup.case",
	tournament.DupLetters:  "import.dup.letters",
	tournament.DupInitials: "import.dup.initials",
	tournament.DupEdit:     "import.dup.edit",
}

// dupWhy is a possible duplicate's reason in the language (English: the domain's sentence,
// which the JSON keeps); an unknown reason as stored.
func (l *Locale) dupWhy(why string) string {
	if english(l) {
		return why
	}
	return l.codeWord(dupKeys[why], why)
}
