package reports

// `arbitro game add` and `arbitro game import`: the stored score with its verdict.

import (
	"fmt"
	"io"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

// GameAddJSON is the --json document of `arbitro game add`: the stored record with its
// verdict in the form of `arbitro replay --json` (rules/REPLAY-JSON.md).
type GameAddJSON struct {
	ID       int64             `json:"id"`
	Board    *tournament.Board `json:"board"`
	Verdict  ReplayJSON        `json:"verdict"`
	Problems []string          `json:"problems,omitempty"`
	Replaced bool              `json:"replaced,omitempty"`
	SHA256   string            `json:"sha256"`
}

// GameAddJSONOf is the document of rec, the score g read from file.
func GameAddJSONOf(file string, g *rules.Game, rec *tournament.GameRecord) GameAddJSON {
	return GameAddJSON{rec.ID, rec.Board, ReplayJSONOf(file, g, rec.Verdict, false), rec.Problems, rec.Replaced, rec.SHA256}
}

// WriteGameAddText writes what `arbitro game add` stored, in the language l: the board
// and its players, the game id, legal (plies, result and its check) or the illegal move
// (WriteIllegal), the disagreements --force passed over, and the verdict's notes (the
// rules package's sentences).
func WriteGameAddText(w io.Writer, l *Locale, rec *tournament.GameRecord) error {
	l = orEnglish(l)
	vd, bd := rec.Verdict, rec.Board
	key := "cmd.game.stored"
	if rec.Replaced {
		key = "cmd.game.replaced"
	}
	fmt.Fprint(w, l.T(key, "round", bd.Round, "board", bd.Board, "white", bd.White, "black", bd.Black, "id", fmt.Sprint(rec.ID)))
	if vd.Legal {
		fmt.Fprintln(w, l.T("cmd.game.legal", "plies", l.N("cmd.plies", vd.Plies), "result", l.NoneIfEmpty(vd.Result), "check", l.resultCheck(vd.ResultCheck)))
	} else {
		fmt.Fprintln(w, l.T("cmd.game.with_verdict"))
		WriteIllegal(w, l, "  ", vd)
	}
	for i, p := range rec.Problems {
		if i < len(rec.ProblemErrs) { // coded: worded in l (its English is p)
			p = ErrorText(l, rec.ProblemErrs[i])
		}
		fmt.Fprintln(w, "  "+l.T("cmd.game.forced", "problem", p))
	}
	for _, n := range vd.Notes {
		if _, err := fmt.Fprintln(w, "  "+l.T("cmd.note", "text", l.VerdictNote(n))); err != nil {
			return err
		}
	}
	return nil
}

// GameImportJSON is the --json document of `arbitro game import`: the report with each
// stored game's verdict in the form of `arbitro replay --json`.
type GameImportJSON struct {
	*tournament.GameImportReport
	Games []ImportedGameJSON `json:"games"`
}

// ImportedGameJSON is one game of GameImportJSON.
type ImportedGameJSON struct {
	tournament.ImportedGame
	Verdict *ReplayJSON `json:"verdict,omitempty"`
}

// GameImportJSONOf is the document of rep, the games read from file.
func GameImportJSONOf(file string, rep *tournament.GameImportReport) GameImportJSON {
	out := GameImportJSON{GameImportReport: rep, Games: []ImportedGameJSON{}}
	for _, ig := range rep.Games {
		j := ImportedGameJSON{ImportedGame: ig}
		if ig.Verdict != nil && ig.Score != nil {
			v := ReplayJSONOf(file, ig.Score, *ig.Verdict, false)
			j.Verdict = &v
		}
		out.Games = append(out.Games, j)
	}
	return out
}

// WriteGameImportText writes `arbitro game import` in the language l: each game stored
// not legal (with the illegal move) or stored despite a disagreement, each game not
// attached with its status and reason, then the counts.
func WriteGameImportText(w io.Writer, l *Locale, rep *tournament.GameImportReport) error {
	l = orEnglish(l)
	for _, ig := range rep.Games {
		why := ig.Why
		if len(ig.WhyErrs) > 0 { // coded: worded in l (their English is Why)
			why = strings.Join(ErrorTexts(l, ig.WhyErrs), l.semicolon())
		}
		head := l.T("cmd.import.game", "index", ig.Index, "line", ig.Line, "white", ig.White, "black", ig.Black)
		switch ig.Status {
		case tournament.ImportStored:
			if !ig.Legal {
				fmt.Fprintln(w, l.T("cmd.import.not_legal", "game", head, "round", ig.Round, "board", ig.Board,
					"verdict", strings.ToUpper(VerdictWord(l, ig.Verdict.Class()))))
				WriteIllegal(w, l, "  ", *ig.Verdict)
			}
			if ig.Why != "" {
				fmt.Fprintln(w, head+l.colon()+l.T("cmd.game.forced", "problem", why))
			}
		case tournament.ImportAlready:
		default:
			if ig.Unreadable != nil {
				why = l.T("import.status.unreadable") + l.colon() + ErrorText(l, ig.Unreadable)
			}
			fmt.Fprintf(w, "%s%s%s%s%s\n", head, l.colon(), strings.ToUpper(l.importStatus(ig.Status)), l.colon(), why)
		}
	}
	_, err := fmt.Fprintln(w, l.N("cmd.import.summary", rep.Read, "games", l.N("cmd.games", rep.Read), "stored", rep.Stored, "verdicts", ClassCountsText(l, &rep.Classes),
		"already", rep.Already, "unmatched", rep.Unmatched, "rejected", rep.Rejected))
	return err
}

// importStatus is the status of a game not attached, in the language.
func (l *Locale) importStatus(s string) string {
	switch s {
	case tournament.ImportUnmatched:
		return l.T("cmd.import.unmatched")
	case tournament.ImportRejected:
		return l.T("cmd.import.rejected")
	}
	return s
}
