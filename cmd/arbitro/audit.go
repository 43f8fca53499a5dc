package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/tournament"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func init() { addCommand(newAuditCmd()) }

// auditJSON is one line of `arbitro audit --json` (JSON Lines): the verdict object of
// `arbitro replay --json` (rules/REPLAY-JSON.md) plus the audit's fields. In the archive
// audit (FILE arguments) the board fields are absent.
type auditJSON struct {
	replayJSON
	Round          int                     `json:"round,omitempty"`
	Board          int                     `json:"board,omitempty"`
	Game           int                     `json:"game,omitempty"`
	GameID         int64                   `json:"game_id,omitempty"`
	RecordedResult string                  `json:"recorded_result,omitempty"` // the board's result in the database ("2-0", "+-", ...)
	Problems       []tournament.Problem    `json:"problems"`                  // empty when nothing is wrong
	Ambiguities    []string                `json:"resolved_ambiguities,omitempty"`
	Claims         []tournament.ClaimAudit `json:"claims,omitempty"`
}

func newAuditCmd() *cobra.Command {
	var round int
	var pdf, variant string
	cmd := &cobra.Command{
		Use:     "audit [FILE.pdn...]",
		Aliases: []string{"verifica"},
		Short:   "Audit (verifica): replay every stored game score, check results and draw claims; or audit PDN files",
		Long: `Without files: replay every game score stored in the tournament (or in round --round)
through the rules of its variant and list every problem: an illegal move (the ply, the move,
the reason, the position and the legal moves), a from-to capture that fits several captures
and that the rest of the game does not decide (ambiguous-capture), a result that disagrees
with the moves or with the recorded result, players that differ from the pairing, and draw
claims whose decision differs from the engine's verdict or whose accepted draw is not the
recorded result. A capture that the rest of the game decided is listed as a note.
--pdf FILE writes the audit report with a board diagram for each illegal move.

With files: audit PDN files outside any tournament (an archive), streaming: memory does not
grow with the number of games. Only games with problems are listed, then a summary; a
progress bar is shown on a terminal. --variant is the variant of games without a GameType
tag.

--json writes JSON Lines, one object per game: the verdict of 'arbitro replay --json'
(rules/REPLAY-JSON.md) plus "problems" (code, ply, message), "resolved_ambiguities", and
for a tournament "round", "board", "game", "game_id", "recorded_result" and "claims".

Exit status: 0 no problem; 3 a problem was found; 1 a file or the database could not be read.`,
		Example: `  arbitro audit
  arbitro audit --round 3 --pdf audit-r3.pdf
  arbitro audit archive/*.pdn --json > verdicts.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				if round != 0 || pdf != "" {
					return usageErr("--round and --pdf are for the tournament's audit, not for PDN files")
				}
				return auditFiles(cmd, args, variant)
			}
			if variant != "" {
				return usageErr("--variant is for PDN files; a tournament's games use its variant")
			}
			if round < 0 {
				return usageErr("--round must be a round number")
			}
			return auditTournament(cmd, round, pdf)
		},
	}
	cmd.Flags().IntVar(&round, "round", 0, "audit this round only")
	cmd.Flags().StringVar(&pdf, "pdf", "", "write the audit report (board diagrams of illegal moves) to this PDF file")
	cmd.Flags().StringVar(&variant, "variant", "", "italian or international: variant of archive games without a GameType tag")
	return cmd
}

func auditTournament(cmd *cobra.Command, round int, pdf string) error {
	var a *tournament.TournamentAudit
	var t *tournament.Tournament
	err := view(func(tx *tournament.Tx, tt *tournament.Tournament) (err error) {
		t = tt
		a, err = tx.Audit(tt, round)
		return explainBoard(err)
	})
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if flagJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, ga := range a.Games {
			if err := enc.Encode(gameAuditJSON(ga)); err != nil {
				return err
			}
		}
	} else {
		withProblems := 0
		for _, ga := range a.Games {
			amb := tournament.AmbiguityNotes(ga.Verdict)
			if len(ga.Problems) == 0 && len(amb) == 0 {
				continue
			}
			b := ga.Board
			fmt.Fprintf(w, "round %d board %d (%s - %s), game %d, recorded %s:\n", b.Round, b.Board, b.White, b.Black, ga.GameID, noneIfEmpty(b.Result.String()))
			if len(ga.Problems) > 0 {
				withProblems++
			}
			for _, p := range ga.Problems {
				if !ga.Verdict.Legal && p.Code == ga.Verdict.Reason && p.Ply == ga.Verdict.Ply {
					printIllegal(w, "  ", ga.Verdict)
					continue
				}
				fmt.Fprintf(w, "  %s: %s\n", p.Code, p.Message)
			}
			for _, n := range amb {
				fmt.Fprintf(w, "  note: %s\n", n)
			}
		}
		fmt.Fprintf(w, "%s checked: %s in %s (%d not legal)\n", plural(a.Checked, "game score", "game scores"),
			plural(a.Problems, "problem", "problems"), plural(withProblems, "game", "games"), a.Illegal)
	}
	if pdf != "" {
		rep := reports.AuditReport{Checked: a.Checked, Event: tournament.EventInfo{Name: t.Name, Place: t.Place, StartDate: t.Start,
			EndDate: t.End, Variant: t.Variant, System: t.System, ChiefArbiter: t.Arbiter, Federation: t.Federation, TimeControl: t.TimeControl}}
		for _, ga := range a.Games {
			vd := ga.Verdict
			if vd.Legal {
				continue
			}
			rep.Items = append(rep.Items, reports.AuditItem{GameID: ga.GameID, Round: ga.Board.Round, Board: ga.Board.Board,
				White: ga.Board.White, Black: ga.Board.Black, Variant: t.Variant, Ply: vd.Ply, Move: vd.Move, Reason: vd.Reason,
				Message: vd.Message, FEN: vd.FEN, Legal: vd.LegalMoves})
		}
		loc, err := reportLocale(t) // the header and footer in the tournament's language
		if err != nil {
			return err
		}
		if err := writePDF(cmd, pdf, func(w io.Writer, m reports.Meta) error { m.Locale = loc; return reports.WriteAuditPDF(w, rep, m) }); err != nil {
			return err
		}
	}
	if a.Problems > 0 {
		return withCode(exitIllegal, fmt.Errorf("the audit found %s", plural(a.Problems, "problem", "problems")), "see the list above")
	}
	return nil
}

func gameAuditJSON(ga tournament.GameAudit) auditJSON {
	g := ga.Game
	if g == nil {
		g = &rules.Game{Index: 1}
	}
	j := auditJSON{replayJSON: toReplayJSON(flagDB, g, ga.Verdict, false), Round: ga.Board.Round, Board: ga.Board.Board,
		Game: ga.Board.Game, GameID: ga.GameID, RecordedResult: ga.Board.Result.String(), Problems: ga.Problems,
		Ambiguities: tournament.AmbiguityNotes(ga.Verdict), Claims: ga.Claims}
	if j.Problems == nil {
		j.Problems = []tournament.Problem{}
	}
	return j
}

// auditFiles is the archive audit of PDN files.
func auditFiles(cmd *cobra.Command, files []string, variant string) error {
	opts, err := replayOptions(variant)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var total tournament.ArchiveStats
	var readErrs []error
	showBar := term.IsTerminal(int(os.Stderr.Fd()))
	for _, file := range files {
		st, err := auditFile(w, enc, file, opts, showBar)
		total.Games += st.Games
		total.Illegal += st.Illegal
		total.Inconsistent += st.Inconsistent
		total.WithProblems += st.WithProblems
		total.Ambiguities += st.Ambiguities
		total.Plies += st.Plies
		if err != nil {
			readErrs = append(readErrs, fmt.Errorf("%s: %w", file, err))
		}
	}
	if !flagJSON {
		fmt.Fprintf(w, "%s audited: %d with problems (%d not legal, %s inconsistent), %s resolved by later moves\n",
			plural(total.Games, "game", "games"), total.WithProblems, total.Illegal, plural(total.Inconsistent, "result", "results"),
			plural(total.Ambiguities, "ambiguous capture", "ambiguous captures"))
	}
	if len(readErrs) > 0 {
		for _, e := range readErrs[:len(readErrs)-1] {
			fmt.Fprintf(cmd.ErrOrStderr(), "arbitro: %v\n", e)
		}
		return fail(readErrs[len(readErrs)-1], "give PDN text files; the other files were audited")
	}
	if total.WithProblems > 0 {
		return withCode(exitIllegal, fmt.Errorf("%d of %d games have problems", total.WithProblems, total.Games), "see the list above")
	}
	return nil
}

func auditFile(w io.Writer, enc *json.Encoder, file string, opts rules.ReplayOptions, showBar bool) (tournament.ArchiveStats, error) {
	f, err := os.Open(file)
	if err != nil {
		return tournament.ArchiveStats{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return tournament.ArchiveStats{}, err
	}
	if fi.IsDir() {
		return tournament.ArchiveStats{}, errors.New("is a directory")
	}
	var r io.Reader = f
	if showBar {
		bar := progressbar.NewOptions64(fi.Size(), progressbar.OptionSetWriter(os.Stderr), progressbar.OptionShowBytes(true),
			progressbar.OptionSetDescription(filepath.Base(file)), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100_000_000))
		pr := progressbar.NewReader(f, bar)
		r = &pr
		defer bar.Finish()
	}
	return tournament.AuditPDN(r, opts, func(g *rules.Game, vd rules.Verdict, problems []tournament.Problem) error {
		amb := tournament.AmbiguityNotes(vd)
		if flagJSON {
			j := auditJSON{replayJSON: toReplayJSON(file, g, vd, false), Problems: problems, Ambiguities: amb}
			if j.Problems == nil {
				j.Problems = []tournament.Problem{}
			}
			return enc.Encode(j)
		}
		if len(problems) == 0 && len(amb) == 0 {
			return nil
		}
		players := strings.TrimSpace(g.White() + " - " + g.Black())
		fmt.Fprintf(w, "%s game %d (line %d) %s, %s:\n", filepath.Base(file), g.Index, g.Line, players, noneIfEmpty(vd.Result))
		for _, p := range problems {
			if !vd.Legal && p.Code == vd.Reason && p.Ply == vd.Ply {
				printIllegal(w, "  ", vd)
				continue
			}
			fmt.Fprintf(w, "  %s: %s\n", p.Code, p.Message)
		}
		for _, n := range amb {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		return nil
	})
}
