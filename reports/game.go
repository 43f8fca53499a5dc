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

// WriteGameAddText writes what `arbitro game add` stored: the board and its players, the
// game id, legal (plies, result and its check) or the illegal move (WriteIllegal), the
// disagreements --force passed over, and the verdict's notes.
func WriteGameAddText(w io.Writer, rec *tournament.GameRecord) error {
	vd, bd := rec.Verdict, rec.Board
	verb := "stored"
	if rec.Replaced {
		verb = "replaced"
	}
	fmt.Fprintf(w, "round %d board %d: %s - %s: game %d %s", bd.Round, bd.Board, bd.White, bd.Black, rec.ID, verb)
	if vd.Legal {
		fmt.Fprintf(w, ", legal, %s, result %s (%s)\n", count(vd.Plies, "ply", "plies"), NoneIfEmpty(vd.Result), vd.ResultCheck)
	} else {
		fmt.Fprintln(w, " with its verdict")
		WriteIllegal(w, "  ", vd)
	}
	for _, p := range rec.Problems {
		fmt.Fprintf(w, "  stored with --force despite: %s\n", p)
	}
	for _, n := range vd.Notes {
		if _, err := fmt.Fprintf(w, "  note: %s\n", n); err != nil {
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

// WriteGameImportText writes `arbitro game import`: each game stored not legal (with the
// illegal move) or stored despite a disagreement, each game not attached with its
// status and reason, then the counts.
func WriteGameImportText(w io.Writer, rep *tournament.GameImportReport) error {
	for _, ig := range rep.Games {
		head := fmt.Sprintf("game %d (line %d) %s - %s", ig.Index, ig.Line, ig.White, ig.Black)
		switch ig.Status {
		case tournament.ImportStored:
			if !ig.Legal {
				fmt.Fprintf(w, "%s: round %d board %d: stored, %s\n", head, ig.Round, ig.Board, strings.ToUpper(VerdictWord(nil, ig.Verdict.Class())))
				WriteIllegal(w, "  ", *ig.Verdict)
			}
			if ig.Why != "" {
				fmt.Fprintf(w, "%s: stored with --force despite: %s\n", head, ig.Why)
			}
		case tournament.ImportAlready:
		default:
			fmt.Fprintf(w, "%s: %s: %s\n", head, strings.ToUpper(ig.Status), ig.Why)
		}
	}
	_, err := fmt.Fprintf(w, "%s read: %d stored (%d not legal), %d already stored, %d unmatched, %d rejected\n",
		count(rep.Read, "game", "games"), rep.Stored, rep.Illegal, rep.Already, rep.Unmatched, rep.Rejected)
	return err
}
