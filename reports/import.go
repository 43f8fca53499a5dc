package reports

import (
	"fmt"
	"io"
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
// imports): the tournament created, where the rounds came from, the encoding, the games
// judged, a table of the scores not legal, possible duplicate players and warnings.
func WriteImportText(w io.Writer, rep *tournament.ImportReport) error {
	p, t := rep.Plan, rep.Tournament
	fmt.Fprintf(w, "imported tournament %d %q: %s, %s, %d of %d rounds, %d players\n",
		t.ID, t.Name, t.Variant, t.System, p.RoundsFound(), t.Rounds, len(p.Players))
	fmt.Fprintf(w, "rounds from: %s\n", p.RoundSource)
	if p.Windows1252 {
		fmt.Fprintln(w, "encoding: Windows-1252 (read and stored as UTF-8)")
	}
	fmt.Fprintf(w, "games: %d, judged legal: %d, not legal: %d\n", p.GamesFound(), p.Legal(), p.IllegalFound())
	if ill := p.Illegal(); len(ill) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ROUND\tBOARD\tWHITE\tBLACK\tPLY\tMOVE\tREASON\tPOSITION BEFORE (FEN)")
		for _, g := range ill {
			v := g.Verdict
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%d\t%s\t%s\t%s\n", g.Round, g.Board, g.White, g.Black, v.Ply, v.Move, v.Reason, v.FEN)
		}
		tw.Flush()
		if n := p.IllegalFound() - len(ill); n > 0 {
			fmt.Fprintf(w, "and %d more not legal ('arbitro audit' lists them all)\n", n)
		}
	}
	for _, d := range p.Duplicates {
		fmt.Fprintf(w, "possible duplicate: %q and %q (%s)\n", d.A, d.B, d.Why)
	}
	for _, s := range English().Notes(p.Warnings) { // the summary is in English
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	return nil
}
