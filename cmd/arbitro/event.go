package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"arbitro/tournament"
)

func init() { addCommand(newEventCmd()) }

func newEventCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "event",
		Short: "Work with whole events played elsewhere (import a PDN file of a played event)",
	}
	cmd.AddCommand(newEventImportCmd())
	return cmd
}

func newEventImportCmd() *cobra.Command {
	var opts tournament.EventImportOptions
	var again bool
	var variant string
	cmd := &cobra.Command{
		Use:   "import FILE.pdn|-",
		Short: "Create a tournament from the PDN file of a played event, judging every game",
		Long: `Create a tournament from a PDN file of an event already played: players from the
White/Black (or Bianco/Nero) tags, rounds from the Round tag, else from the round written in
Event/Dati ("69° ASSOLUTO 1° TURNO" is round 1), else from file order (a new round starts
when a player would play twice); boards in file order within each round; results; and every
game score, replayed through the rules and judged (the verdict is stored with the game).

The file may be UTF-8, UTF-16 with its byte-order mark, or Windows-1252; --encoding names
any other (iso-8859-2, windows-1250...). "-" reads standard input. The variant comes from the GameType tags, else
--variant, else Italian when the tags are Italian. Names like "BORGHETTI Michele" are stored
as "BORGHETTI, Michele". Names that may be one person spelt two ways (accents, punctuation,
initials, two letters apart) are listed, not merged; names that differ only in case are one
player (and listed). Pairing numbers follow the order of first appearance (the file does
not record the lot). The system is round-robin when the file holds a whole round robin,
else italo-swiss (Italian) or dutch (International), unless --system says otherwise.

Everything is written in one transaction: a file that cannot be read imports nothing.
Illegal game scores are imported with their verdict and listed; 'arbitro audit' reports them.`,
		Example: `  arbitro event import "Campionato Assoluto 2005.pdn" --db assoluto.db
  arbitro event import wk2007.pdn --system round-robin --rounds 19 --name "World Championship 2007"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Rounds < 0 || opts.Rounds > 99 {
				return usageErr("--rounds must be 1 to 99 (or 0: the rounds in the file), not %d", opts.Rounds)
			}
			if variant != "" {
				v, err := tournament.ParseVariant(variant)
				if err != nil {
					return explain(err)
				}
				opts.Variant = v
			}
			opts.System = strings.ToLower(opts.System)
			badFile := func(err error) error {
				if errors.Is(err, tournament.ErrAlreadyImported) {
					return fail(err, "nothing was written; 'arbitro tournament list' shows it")
				}
				if errors.Is(err, tournament.ErrEventPDN) {
					return fail(err, "nothing was written; correct the file (or the --variant, --system, --rounds, --encoding given) and import again")
				}
				return explain(err)
			}
			// Read and plan the whole file before the database is opened (or created).
			// Streamed: the file is read for its players and rounds (a bad game stops the
			// reading there), then again, game by game, inside the write transaction.
			// Standard input ("-") is copied to a temporary file for the second reading.
			plan, source, cleanup, err := prepareEventImport(cmd, args[0], opts)
			defer cleanup()
			if err != nil {
				return badFile(err)
			}
			plan.Again = again
			st, err := openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			rep, err := tournament.ImportEventPlan(context.Background(), st, plan, source)
			if err != nil {
				return badFile(err)
			}
			if flagJSON {
				return printJSON(cmd, eventImportJSON(rep))
			}
			return printImport(cmd.OutOrStdout(), rep)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Name, "name", "", "tournament name (default: the Event/Dati tag without the round, with the year)")
	f.StringVar(&variant, "variant", "", "italian or international, for files without GameType tags")
	f.StringVar(&opts.System, "system", "", "round-robin, italo-swiss or dutch (default: inferred, see above)")
	f.IntVar(&opts.Rounds, "rounds", 0, "rounds planned (default: the rounds in the file, or the whole round robin)")
	f.StringVar(&opts.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	f.BoolVar(&again, "again", false, "import a file already imported into this database once more, as another tournament")
	return cmd
}

// importJSON is the --json output of event import.
type importJSON struct {
	Tournament  *tournament.Tournament         `json:"tournament"`
	Players     int                            `json:"players"`
	Rounds      int                            `json:"rounds_imported"`
	RoundSource string                         `json:"round_source"`
	Games       int                            `json:"games"`
	Legal       int                            `json:"legal"`
	Illegal     []illegalJSON                  `json:"illegal,omitempty"`
	Duplicates  []tournament.PossibleDuplicate `json:"possible_duplicates,omitempty"`
	Warnings    []string                       `json:"warnings,omitempty"`
	Windows1252 bool                           `json:"windows_1252"`
}

type illegalJSON struct {
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

func eventImportJSON(rep *tournament.ImportReport) importJSON {
	p := rep.Plan
	out := importJSON{Tournament: rep.Tournament, Players: len(p.Players), Rounds: p.RoundsFound(), RoundSource: p.RoundSource,
		Games: p.GamesFound(), Legal: p.Legal(), Duplicates: p.Duplicates, Warnings: p.Warnings, Windows1252: p.Windows1252}
	for _, g := range p.Illegal() {
		v := g.Verdict
		out.Illegal = append(out.Illegal, illegalJSON{g.Round, g.Board, g.White, g.Black, v.Ply, v.Move, v.Reason, v.Message, v.FEN})
	}
	return out
}

// printImport writes the human summary of an import.
func printImport(w io.Writer, rep *tournament.ImportReport) error {
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
	for _, s := range p.Warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	return nil
}

// prepareEventImport plans the import of the file name, or of standard input for "-"
// (copied, as it is read, to a temporary file beside the database, removed by cleanup).
// It returns the plan and the name the event log gives the source.
func prepareEventImport(cmd *cobra.Command, name string, opts tournament.EventImportOptions) (*tournament.EventPlan, string, func(), error) {
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, "", func() {}, fail(err, "check the file name")
		}
		plan, err := tournament.PrepareEventImportFile(fh, opts)
		return plan, filepath.Base(name), func() { fh.Close() }, err
	}
	spool, err := os.CreateTemp(filepath.Dir(flagDB), ".arbitro-stdin-*.pdn")
	if err != nil {
		spool, err = os.CreateTemp("", "arbitro-stdin-*.pdn")
	}
	if err != nil {
		return nil, "", func() {}, fail(err, "standard input is copied to a temporary file; check that the database's folder or $TMPDIR is writable")
	}
	// Unlinked at once where the system allows it (Unix: the open file lives on, and not
	// even a kill -9 leaves it behind); else removed after the import.
	cleanup := func() { spool.Close() }
	if err := os.Remove(spool.Name()); err != nil {
		cleanup = func() { spool.Close(); os.Remove(spool.Name()) }
	}
	plan, err := tournament.PrepareEventImportSpool(cmd.InOrStdin(), spool, opts)
	return plan, "standard input", cleanup, err
}
