package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(newGameCmd()) }

func newGameCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "game",
		Aliases: []string{"partita"},
		Short:   "Store game scores (PDN) of the tournament's boards; each is replayed at once",
	}
	cmd.AddCommand(newGameAddCmd(), newGameImportCmd())
	return cmd
}

// openInput opens FILE, or standard input for "-", decoded from --encoding (a UTF-16
// byte-order mark is detected). A file larger than limit is refused before it is read.
func openInput(cmd *cobra.Command, name string, limit int64) (io.ReadCloser, error) {
	if err := tournament.CheckEncoding(gameEncoding); err != nil {
		return nil, explain(err)
	}
	if name == "-" {
		dr, _ := tournament.DecodingReader(cmd.InOrStdin(), gameEncoding)
		return io.NopCloser(dr), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fail(err, "check the file name; nothing was written")
	}
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			f.Close()
			return nil, fail(fmt.Errorf("%s is a directory", name), "give a PDN file; nothing was written")
		}
		if fi.Size() > limit {
			f.Close()
			return nil, fail(fmt.Errorf("%w: %s has %d bytes, more than the %d this command reads", tournament.ErrBadPDN, name, fi.Size(), limit),
				"a game score is a few kilobytes; audit big archives with 'arbitro audit FILE'; nothing was written")
		}
	}
	dr, _ := tournament.DecodingReader(f, gameEncoding) // the name was checked above
	return struct {
		io.Reader
		io.Closer
	}{dr, f}, nil
}

// gameEncoding is the --encoding of game add and game import (tournament.DecodingReader).
var gameEncoding string

// printIllegal writes the verdict of an illegal score: ply, move, reason, position, legal moves.
func printIllegal(w io.Writer, indent string, vd rules.Verdict) {
	reason := vd.Reason
	if vd.Detail != "" {
		reason += ": " + vd.Detail
	}
	if vd.Move == "" {
		fmt.Fprintf(w, "%sNOT LEGAL at ply %d [%s]\n", indent, vd.Ply, reason)
	} else {
		fmt.Fprintf(w, "%sNOT LEGAL at ply %d, move %s [%s]\n", indent, vd.Ply, vd.Move, reason)
	}
	fmt.Fprintf(w, "%s  %s\n", indent, vd.Message)
	if vd.FEN != "" {
		fmt.Fprintf(w, "%s  position: %s\n", indent, vd.FEN)
		legal := strings.Join(vd.LegalMoves, " ")
		if legal == "" {
			legal = "none"
		}
		fmt.Fprintf(w, "%s  legal moves: %s\n", indent, legal)
	}
}

func newGameAddCmd() *cobra.Command {
	var opts tournament.GameOptions
	var game int
	cmd := &cobra.Command{
		Use:   "add ROUND BOARD FILE.pdn|-",
		Short: "Store the game score of a board and replay it",
		Long: `Store the PDN game score of a board (FILE, or - for standard input) and replay it
through the rules of the tournament's variant.

A legal score is accepted. An illegal one is stored too, with its verdict, and reported: the
ply, the move, the reason, the position (FEN) and the legal moves there; the command then
exits with status 3 and the arbiter decides. Nothing is lost.

The players (White/Bianco, Black/Nero) and the result (Result/Risultato, or the movetext's
result) written in the score are compared with the pairing and the recorded result: names
match despite case, accents and word order ("BORGHETTI Michele" = "Borghetti, Michele").
A disagreement is an error unless --force. A board holds one score; --replace replaces it
(logged).`,
		Example: `  arbitro game add 1 3 rossi-bianchi.pdn
  arbitro game add 2 1 - < game.pdn`,
		Args: cobra.ExactArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, b, err := roundBoard(args)
			if err != nil {
				return err
			}
			if err := checkGame(game); err != nil {
				return err
			}
			in, err := openInput(cmd, args[2], tournament.MaxGameBytes)
			if err != nil {
				return err
			}
			g, text, err := tournament.ReadGameScore(in)
			in.Close()
			if err != nil {
				return explainBoard(fmt.Errorf("%s: %w", args[2], err))
			}
			var rec *tournament.GameRecord
			err = update(func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				rec, err = tx.AddGame(t, r, b, game, g, text, opts)
				return explainBoard(err)
			})
			if err != nil {
				return err
			}
			vd := rec.Verdict
			if flagJSON {
				// The verdict in the form of 'arbitro replay --json' (rules/REPLAY-JSON.md).
				out := struct {
					ID       int64             `json:"id"`
					Board    *tournament.Board `json:"board"`
					Verdict  replayJSON        `json:"verdict"`
					Problems []string          `json:"problems,omitempty"`
					Replaced bool              `json:"replaced,omitempty"`
					SHA256   string            `json:"sha256"`
				}{rec.ID, rec.Board, toReplayJSON(args[2], g, vd, false), rec.Problems, rec.Replaced, rec.SHA256}
				if err := printJSON(cmd, out); err != nil {
					return err
				}
			} else {
				w := cmd.OutOrStdout()
				bd := rec.Board
				verb := "stored"
				if rec.Replaced {
					verb = "replaced"
				}
				fmt.Fprintf(w, "round %d board %d: %s - %s: game %d %s", bd.Round, bd.Board, bd.White, bd.Black, rec.ID, verb)
				if vd.Legal {
					fmt.Fprintf(w, ", legal, %s, result %s (%s)\n", plural(vd.Plies, "ply", "plies"), noneIfEmpty(vd.Result), vd.ResultCheck)
				} else {
					fmt.Fprintln(w, " with its verdict")
					printIllegal(w, "  ", vd)
				}
				for _, p := range rec.Problems {
					fmt.Fprintf(w, "  stored with --force despite: %s\n", p)
				}
				for _, n := range vd.Notes {
					fmt.Fprintf(w, "  note: %s\n", n)
				}
			}
			if !vd.Legal {
				return withCode(exitIllegal, fmt.Errorf("round %d board %d: the score is not legal at ply %d (%s); it is stored", r, b, vd.Ply, vd.Reason),
					"the arbiter decides; correct it with 'arbitro game add --replace'")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "store the score even if its players, result or variant disagree with the pairing")
	cmd.Flags().BoolVar(&opts.Replace, "replace", false, "replace the score already stored for the board")
	cmd.Flags().IntVar(&game, "game", 1, "game of the pairing: 2 for the return game when each pairing plays two")
	cmd.Flags().StringVar(&gameEncoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	return cmd
}

func noneIfEmpty(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func newGameImportCmd() *cobra.Command {
	var opts tournament.GameOptions
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

Exit status: 0 every game stored and legal; 3 some stored score is not legal; 1 some game
was not attached (listed; the others are stored) or the file is unreadable (nothing stored).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Round < 0 {
				return usageErr("--round must be a round number (1, 2, ...), not %d", opts.Round)
			}
			in, err := openInput(cmd, args[0], tournament.MaxImportBytes)
			if err != nil {
				return err
			}
			defer in.Close()
			var rep *tournament.GameImportReport
			err = update(func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				rep, err = tx.ImportGames(t, in, opts)
				if err != nil {
					err = fmt.Errorf("%s: %w", args[0], err)
				}
				return explainBoard(err)
			})
			if err != nil {
				return err
			}
			if flagJSON {
				// Each stored game carries its verdict in the form of 'arbitro replay --json'.
				type gameJSON struct {
					tournament.ImportedGame
					Verdict *replayJSON `json:"verdict,omitempty"`
				}
				out := struct {
					*tournament.GameImportReport
					Games []gameJSON `json:"games"`
				}{GameImportReport: rep, Games: []gameJSON{}}
				for _, ig := range rep.Games {
					j := gameJSON{ImportedGame: ig}
					if ig.Verdict != nil && ig.Score != nil {
						v := toReplayJSON(args[0], ig.Score, *ig.Verdict, false)
						j.Verdict = &v
					}
					out.Games = append(out.Games, j)
				}
				if err := printJSON(cmd, out); err != nil {
					return err
				}
			} else {
				w := cmd.OutOrStdout()
				for _, ig := range rep.Games {
					head := fmt.Sprintf("game %d (line %d) %s - %s", ig.Index, ig.Line, ig.White, ig.Black)
					switch ig.Status {
					case tournament.ImportStored:
						if !ig.Legal {
							fmt.Fprintf(w, "%s: round %d board %d: stored, NOT LEGAL\n", head, ig.Round, ig.Board)
							printIllegal(w, "  ", *ig.Verdict)
						}
						if ig.Why != "" {
							fmt.Fprintf(w, "%s: stored with --force despite: %s\n", head, ig.Why)
						}
					case tournament.ImportAlready:
					default:
						fmt.Fprintf(w, "%s: %s: %s\n", head, strings.ToUpper(ig.Status), ig.Why)
					}
				}
				fmt.Fprintf(w, "%s read: %d stored (%d not legal), %d already stored, %d unmatched, %d rejected\n",
					plural(rep.Read, "game", "games"), rep.Stored, rep.Illegal, rep.Already, rep.Unmatched, rep.Rejected)
			}
			switch {
			case rep.Illegal > 0:
				return withCode(exitIllegal, fmt.Errorf("%s not legal", plural(rep.Illegal, "stored score is", "stored scores are")), "they are stored with their verdicts; the arbiter decides")
			case rep.Unmatched+rep.Rejected > 0:
				return fail(fmt.Errorf("%d of %d games were not attached (listed above); the other %d are stored", rep.Unmatched+rep.Rejected, rep.Read, rep.Stored+rep.Already),
					"fix the names or rounds in the file, or attach them one by one with 'arbitro game add ROUND BOARD FILE'")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "store scores whose result or variant disagrees with the recorded result")
	cmd.Flags().IntVar(&opts.Round, "round", 0, "the round of games whose tags name none (Round \"?\")")
	cmd.Flags().StringVar(&gameEncoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	return cmd
}
