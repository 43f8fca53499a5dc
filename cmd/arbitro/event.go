package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() { addCommand(newEventCmd) }

func newEventCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "event",
		Short: "Work with whole events played elsewhere (import a PDN file of a played event)",
	}
	cmd.AddCommand(newEventImportCmd(g))
	return cmd
}

// eventImportOptions are the flags of `arbitro event import`.
type eventImportOptions struct {
	tournament.EventImportOptions
	VariantName string // --variant, parsed into EventImportOptions.Variant
	Again       bool   // --again: import a file already imported once more
}

func newEventImportCmd(g *globalOptions) *cobra.Command {
	o := &eventImportOptions{}
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
			return runEventImport(cmd, g, args, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Name, "name", "", "tournament name (default: the Event/Dati tag without the round, with the year)")
	f.StringVar(&o.VariantName, "variant", "", "italian or international, for files without GameType tags")
	f.StringVar(&o.System, "system", "", "round-robin, italo-swiss or dutch (default: inferred, see above)")
	f.IntVar(&o.Rounds, "rounds", 0, "rounds planned (default: the rounds in the file, or the whole round robin)")
	f.StringVar(&o.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	f.BoolVar(&o.Again, "again", false, "import a file already imported into this database once more, as another tournament")
	return cmd
}

// runEventImport plans the whole file before the database is opened, then imports it in
// one transaction and prints the report.
func runEventImport(cmd *cobra.Command, g *globalOptions, args []string, o *eventImportOptions) error {
	if o.Rounds < 0 || o.Rounds > 99 {
		return usageErr("--rounds must be 1 to 99 (or 0: the rounds in the file), not %d", o.Rounds)
	}
	if o.VariantName != "" {
		v, err := tournament.ParseVariant(o.VariantName)
		if err != nil {
			return g.explain(err)
		}
		o.Variant = v
	}
	o.System = strings.ToLower(o.System)
	badFile := func(err error) error {
		if errors.Is(err, tournament.ErrAlreadyImported) {
			return fail(err, "nothing was written; 'arbitro tournament list' shows it")
		}
		if errors.Is(err, tournament.ErrEventPDN) {
			return fail(err, "nothing was written; correct the file (or the --variant, --system, --rounds, --encoding given) and import again")
		}
		return g.explain(err)
	}
	// Read and plan the whole file before the database is opened (or created).
	// Streamed: the file is read for its players and rounds (a bad game stops the
	// reading there), then again, game by game, inside the write transaction.
	// Standard input ("-") is copied to a temporary file for the second reading.
	plan, source, cleanup, err := prepareEventImport(cmd, g, args[0], o.EventImportOptions)
	defer cleanup()
	if err != nil {
		return badFile(err)
	}
	plan.Again = o.Again
	st, err := g.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := tournament.ImportEventPlan(cmd.Context(), st, plan, source)
	if err != nil {
		return badFile(err)
	}
	if g.json {
		return printJSON(cmd, reports.ImportJSONOf(rep))
	}
	return reports.WriteImportText(cmd.OutOrStdout(), rep)
}

// prepareEventImport plans the import of the file name, or of standard input for "-"
// (copied, as it is read, to a temporary file beside the database, removed by cleanup).
// It returns the plan and the name the event log gives the source.
func prepareEventImport(cmd *cobra.Command, g *globalOptions, name string, opts tournament.EventImportOptions) (*tournament.EventPlan, string, func(), error) {
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, "", func() {}, fail(err, "check the file name")
		}
		plan, err := tournament.PrepareEventImportFile(fh, opts)
		return plan, filepath.Base(name), func() { fh.Close() }, err
	}
	spool, err := os.CreateTemp(filepath.Dir(g.db), ".arbitro-stdin-*.pdn")
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
