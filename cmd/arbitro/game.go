package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func newGameCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "game",
		Aliases: []string{"partita"},
		Short:   "Store game scores (PDN) of the tournament's boards; each is replayed at once",
	}
	cmd.AddCommand(bind(newGameAddCmd, runGameAdd)(g), bind(newGameImportCmd, runGameImport)(g))
	return cmd
}

// openInput opens FILE, or standard input for "-", decoded from --encoding (a UTF-16
// byte-order mark is detected). A file larger than limit is refused before it is read.
func openInput(cmd *cobra.Command, g *globalOptions, name, encoding string, limit int64) (io.ReadCloser, error) {
	if err := tournament.CheckEncoding(encoding); err != nil {
		return nil, g.explain(err)
	}
	if name == "-" {
		dr, _ := tournament.DecodingReader(cmd.InOrStdin(), encoding)
		return io.NopCloser(dr), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fail(inputFileError(name, err), inputFileHint(g.cliLocale(), err))
	}
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			f.Close()
			return nil, fail(tournament.Errf(nil, "err.cli.is_directory", "{name} is a directory", "name", name), g.cliLocale().T("hint.give_pdn_file"))
		}
		if fi.Size() > limit {
			f.Close()
			return nil, fail(tournament.Errf(tournament.ErrBadPDN, "err.cli.pdn_too_large", "{err}: {name} has {size} bytes, more than the {limit} this command reads", "name", name, "size", fi.Size(), "limit", limit),
				g.cliLocale().T("hint.score_size"))
		}
	}
	dr, _ := tournament.DecodingReader(f, encoding) // the name was checked above
	return struct {
		io.Reader
		io.Closer
	}{dr, f}, nil
}

// gameAddOptions are the flags of `arbitro game add`.
type gameAddOptions struct {
	tournament.GameOptions
	Game         int    // --game: 2 for the return game
	Encoding     string // --encoding of the file (tournament.DecodingReader)
	Round, Board int    // ROUND BOARD
	File         string // FILE.pdn, or "-" for standard input
}

// complete reads ROUND, BOARD and FILE and checks --game.
func (o *gameAddOptions) complete(_ *cobra.Command, args []string) (err error) {
	if o.Round, o.Board, err = roundBoard(args); err != nil {
		return err
	}
	o.File = args[2]
	return checkGame(o.Game)
}

// gameImportOptions are the flags of `arbitro game import`.
type gameImportOptions struct {
	tournament.GameOptions
	Encoding string // --encoding of the file (tournament.DecodingReader)
	File     string // FILE.pdn, or "-" for standard input
}

// complete reads FILE and checks --round.
func (o *gameImportOptions) complete(_ *cobra.Command, args []string) error {
	o.File = args[0]
	if o.Round < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag", "--round must be a round number (1, 2, ...), not {round}", "round", o.Round))
	}
	return nil
}

func newGameAddCmd(g *globalOptions, runF func(*cobra.Command, *gameAddOptions) error) *cobra.Command {
	o := &gameAddOptions{}
	cmd := &cobra.Command{
		Use:   "add ROUND BOARD FILE.pdn|-",
		Short: "Store the game score of a board and replay it",
		Long: `Store the PDN game score of a board (FILE, or - for standard input) and replay it
through the rules of the tournament's variant.

A legal score is accepted. An illegal one is stored too, with its verdict, and reported: the
ply, the move, the reason, the position (FEN) and the legal moves there; the command then
exits with status 3 and the arbiter decides. A score whose every move is legal but whose
capture written from-to fits captures taking different pieces (ambiguous) is stored and
exits 5; a score that cannot be judged (an impossible position) is stored and exits 6.
Nothing is lost.

The players (White/Bianco, Black/Nero) and the result (Result/Risultato, or the movetext's
result) written in the score are compared with the pairing and the recorded result: names
match despite case, accents and word order ("BORGHETTI Michele" = "Borghetti, Michele").
A disagreement is an error unless --force. A board holds one score; --replace replaces it
(logged).`,
		Example: `  arbitro game add 1 3 rossi-bianchi.pdn
  arbitro game add 2 1 - < game.pdn`,
		Args: cobra.ExactArgs(3),
	}
	cmd.Flags().BoolVar(&o.Force, "force", false, "store the score even if its players, result or variant disagree with the pairing")
	cmd.Flags().BoolVar(&o.Replace, "replace", false, "replace the score already stored for the board")
	cmd.Flags().IntVar(&o.Game, "game", 1, "game of the pairing: 2 for the return game when each pairing plays two")
	cmd.Flags().StringVar(&o.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	return withRun(cmd, o, runF)
}

// runGameAdd reads the score, stores it with its verdict in one transaction and prints
// it; an illegal score is stored and exits 3, an ambiguous one 5, one not judged 6
// (scoreExit).
func runGameAdd(cmd *cobra.Command, g *globalOptions, o *gameAddOptions) error {
	r, b := o.Round, o.Board
	in, err := openInput(cmd, g, o.File, o.Encoding, tournament.MaxGameBytes)
	if err != nil {
		return err
	}
	game, text, err := tournament.ReadGameScore(in)
	in.Close()
	if err != nil {
		return explainBoard(g, fmt.Errorf("%s: %w", o.File, err))
	}
	var rec *tournament.GameRecord
	err = g.writeExplaining(explainBoard, func(st *store.Store) (t tournament.Tournament, err error) {
		rec, t, err = st.AddGame(cmd.Context(), g.tournament, r, b, o.Game, store.GameScore{Game: game, Text: text}, o.GameOptions)
		return t, err
	})
	if err != nil {
		return err
	}
	vd := rec.Verdict
	if g.json {
		err = printJSON(cmd, reports.GameAddJSONOf(o.File, game, rec))
	} else {
		err = reports.WriteGameAddText(cmd.OutOrStdout(), g.cliLocale(), rec)
	}
	if err != nil {
		return err
	}
	return scoreExit(g.cliLocale(), r, b, &vd)
}

// scoreExit is the exit of `game add` by the stored score's verdict class (issue 33, the
// codes of replay and audit): illegal 3, ambiguous capture 5 (every move legal: not an
// accusation), not judged 6, legal nil. The score is stored in every case.
func scoreExit(msg *reports.Locale, r, b int, vd *rules.Verdict) error {
	switch vd.Class() {
	case rules.ClassLegal:
		return nil
	case rules.ClassAmbiguous:
		return withCode(exitAmbiguous, errors.New(msg.T("err.score_ambiguous", "round", r, "board", b, "ply", vd.Ply, "move", vd.Move)),
			msg.T("hint.arbiter_replace"))
	case rules.ClassNotJudged:
		return withCode(exitNotJudged, errors.New(msg.T("err.score_not_judged", "round", r, "board", b, "reason", vd.Reason)),
			msg.T("hint.arbiter_replace"))
	}
	return withCode(exitIllegal, errors.New(msg.T("err.score_not_legal", "round", r, "board", b, "ply", vd.Ply, "reason", vd.Reason)),
		msg.T("hint.arbiter_replace"))
}

func newGameImportCmd(g *globalOptions, runF func(*cobra.Command, *gameImportOptions) error) *cobra.Command {
	opts := &gameImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE.pdn|-",
		Short: "Attach a whole PDN file of games to the tournament's boards by round and players",
		Long: `Attach every game of a PDN file to its board, in one transaction. The round comes from
the Round tag, else from the event text (Event, or the Italian Dati: "69° ASSOLUTO 1° TURNO"
is round 1), else --round; the board from the players (White/Bianco, Black/Nero), matched despite case,
accents and word order ("BORGHETTI Michele", "Michele Borghetti", "Borghetti, Michele").
A game that fits no board, or several, is reported and not stored: it is never guessed.
Each stored score is replayed as by 'game add'. Importing the same file again stores
nothing twice.

Exit status: 0 every game stored and legal; 3 some stored score is illegal; else 5 some
stored score has an ambiguous capture; else 6 some stored score was not judged; else 1 some
game was not attached (listed; the others are stored) or the file is unreadable (nothing stored).`,
		Args: cobra.ExactArgs(1),
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "store scores whose result or variant disagrees with the recorded result")
	cmd.Flags().IntVar(&opts.Round, "round", 0, "the round of games whose tags name none (Round \"?\")")
	cmd.Flags().StringVar(&opts.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	return withRun(cmd, opts, runF)
}

// runGameImport attaches every game of the file in one transaction and prints the report;
// exit 3 when a stored score is illegal, else 5 when one has an ambiguous capture, else 6
// when one was not judged, else 1 when a game was not attached.
func runGameImport(cmd *cobra.Command, g *globalOptions, o *gameImportOptions) error {
	in, err := openInput(cmd, g, o.File, o.Encoding, tournament.MaxImportBytes)
	if err != nil {
		return err
	}
	defer in.Close()
	var rep *tournament.GameImportReport
	err = g.writeExplaining(explainBoard, func(st *store.Store) (t tournament.Tournament, err error) {
		rep, t, err = st.ImportGames(cmd.Context(), g.tournament, o.File, in, o.GameOptions)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		err = printJSON(cmd, reports.GameImportJSONOf(o.File, rep))
	} else {
		err = reports.WriteGameImportText(cmd.OutOrStdout(), g.cliLocale(), rep)
	}
	if err != nil {
		return err
	}
	switch msg := g.cliLocale(); {
	case rep.Illegal > 0:
		return withCode(exitIllegal, errors.New(msg.N("err.stored_not_legal", rep.Illegal)), msg.T("hint.stored_verdicts"))
	case rep.Ambiguous > 0:
		return withCode(exitAmbiguous, errors.New(msg.T("err.verdict_ambiguous", "n", rep.Ambiguous, "total", rep.Stored,
			"what", msg.T("cmd.what.game_scores"))), msg.T("hint.stored_verdicts"))
	case rep.NotJudged > 0:
		return withCode(exitNotJudged, errors.New(msg.N("err.stored_not_judged", rep.NotJudged)), msg.T("hint.stored_verdicts"))
	case rep.Unmatched+rep.Rejected > 0:
		return fail(errors.New(msg.N("err.not_attached", rep.Unmatched+rep.Rejected, "missing", rep.Unmatched+rep.Rejected, "read", rep.Read, "stored", rep.Stored+rep.Already)),
			msg.T("hint.attach"))
	}
	return nil
}
