package main

import (
	"errors"
	"path/filepath"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

func newEventCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "event",
		Short: "Work with whole events played elsewhere (import a PDN file of a played event)",
	}
	cmd.AddCommand(bind(newEventImportCmd, runEventImport)(g))
	return cmd
}

// eventImportOptions are the flags of `arbitro event import`.
type eventImportOptions struct {
	tournament.EventImportOptions
	VariantName string // --variant, parsed into EventImportOptions.Variant
	SystemName  string // --system, parsed into EventImportOptions.System ("" = inferred)
	systemErr   error  // ParseSystem's error, reported once the file is read and planned
	Again       bool   // --again: import a file already imported once more
	File        string // FILE.pdn, or "-" for standard input
	g           *globalOptions
}

// complete reads FILE and checks --rounds, --variant and --system before any file is read.
func (o *eventImportOptions) complete(_ *cobra.Command, args []string) error {
	o.File = args[0]
	if o.Rounds < 0 || o.Rounds > 99 {
		return usageCoded(tournament.Errf(nil, "err.cli.event_rounds", "--rounds must be 1 to 99 (or 0: the rounds in the file), not {rounds}", "rounds", o.Rounds))
	}
	if o.VariantName != "" {
		v, err := tournament.ParseVariant(o.VariantName)
		if err != nil {
			return o.g.explain(err)
		}
		o.Variant = v
	}
	if o.SystemName != "" {
		o.System, o.systemErr = tournament.ParseSystem(o.SystemName)
	}
	return nil
}

func newEventImportCmd(g *globalOptions, runF func(*cobra.Command, *eventImportOptions) error) *cobra.Command {
	o := &eventImportOptions{g: g}
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
	}
	f := cmd.Flags()
	f.StringVar(&o.Name, "name", "", "tournament name (default: the Event/Dati tag without the round, with the year)")
	f.StringVar(&o.VariantName, "variant", "", "italian or international, for files without GameType tags")
	f.StringVar(&o.SystemName, "system", "", tournament.SystemList()+" (default: inferred, see above)")
	f.IntVar(&o.Rounds, "rounds", 0, "rounds planned (default: the rounds in the file, or the whole round robin)")
	f.StringVar(&o.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	f.BoolVar(&o.Again, "again", false, "import a file already imported into this database once more, as another tournament")
	return withRun(cmd, o, runF)
}

// runEventImport imports the file with one tournament call (the whole file is read and
// planned before the database is opened or created, then written in one transaction) and
// prints the report.
func runEventImport(cmd *cobra.Command, g *globalOptions, o *eventImportOptions) error {
	in := store.EventInput{Path: o.File, Stdin: cmd.InOrStdin(), SpoolDir: filepath.Dir(g.db)}
	open := func() (*store.Store, error) { return g.openStore() }
	if o.systemErr != nil { // after the file is read and planned, where the validation found it
		open = func() (*store.Store, error) { return nil, o.systemErr }
	}
	if l, err := g.langFlag(); err == nil { // --lang: the new tournament's language, as on create
		o.Lang = l
	}
	rep, err := store.ImportEventFile(cmd.Context(), in, o.EventImportOptions, o.Again, open)
	var ie *store.EventInputError
	switch {
	case errors.As(err, &ie) && ie.Spool:
		return fail(ie.Err, g.cliLocale().T("hint.stdin_spool"))
	case errors.As(err, &ie):
		return fail(ie.Err, g.cliLocale().T("hint.check_file_name"))
	case errors.Is(err, tournament.ErrAlreadyImported):
		return fail(err, g.cliLocale().T("hint.shows_it"))
	case errors.Is(err, tournament.ErrEventPDN):
		return fail(err, g.cliLocale().T("hint.correct_import"))
	case err != nil:
		return g.explain(err)
	}
	if g.json {
		return printJSON(cmd, reports.ImportJSONOf(rep))
	}
	return reports.WriteImportText(cmd.OutOrStdout(), g.cliLocale(), rep)
}
