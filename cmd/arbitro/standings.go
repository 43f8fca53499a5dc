package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// standingsFlags are shared by standings and crosstable.
type standingsFlags struct {
	round    int    // --round; -1 = the last completed round
	pdf      string // --pdf FILE
	category string // --category NAME (standings only): that category's standings
	g        *globalOptions
}

// check checks --lang and --round (usage errors).
func (f *standingsFlags) check() error {
	if err := f.g.checkLangFlag(); err != nil {
		return err
	}
	if f.round < -1 { // -1: not given
		return usageCoded(tournament.Errf(nil, "err.cli.round_flag", "--round must be a round number (1, 2, ...), not {round}", "round", f.round))
	}
	return nil
}

func (f *standingsFlags) register(c *cobra.Command, g *globalOptions) {
	f.g = g
	c.Flags().IntVar(&f.round, "round", -1, "standings after this round (default: the last round with every result in)")
	c.Flags().Lookup("round").DefValue = "0" // -1 means "not given": do not print "(default -1)" in --help
	c.Flags().StringVar(&f.pdf, "pdf", "", "write an A4 PDF to `FILE` instead of printing")
	markOutput(c, "pdf")
}

// load computes the standings after the requested round (store.Standings, or
// store.Crosstable when crosstable is set) and gives them the report's language (check
// has checked the flags).
func (f *standingsFlags) load(ctx context.Context, g *globalOptions, crosstable bool) (reports.Standings, error) {
	var out reports.Standings
	var s *tournament.StandingsAfter
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		if crosstable {
			s, t, err = st.Crosstable(ctx, g.tournament, f.round)
		} else {
			s, t, err = st.Standings(ctx, g.tournament, f.round, f.category)
		}
		return t, err
	})
	if err == nil {
		var loc *reports.Locale
		if loc, err = g.reportLocale(&t); err == nil {
			out = reports.StandingsOf(s, loc)
		}
	}
	var notPaired *tournament.RoundNotPairedError
	switch {
	case errors.As(err, &notPaired):
		return out, fail(err, g.cliLocale().T("hint.paired_round"))
	case errors.Is(err, tournament.ErrRoundRange):
		return out, fail(err, g.cliLocale().T("hint.round_of"))
	case errors.Is(err, tournament.ErrInvalidCrosstable):
		return out, fail(err, g.cliLocale().T("hint.correct_result"))
	case errors.Is(err, tournament.ErrCategory):
		return out, fail(err, g.cliLocale().T("hint.see_category_list"))
	case errors.Is(err, tournament.ErrUnknownTieBreak):
		return out, fail(err, g.cliLocale().T("hint.set_tiebreaks"))
	}
	return out, err
}

// reportMeta is the footer information of a PDF. The time is now, or $SOURCE_DATE_EPOCH
// (seconds since 1970, the reproducible-builds convention) when set, for identical files.
func reportMeta() (reports.Meta, error) {
	m := reports.Meta{Version: version, Generated: time.Now().UTC()}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			msg := reports.LocaleOf(reports.EnvLang(os.Getenv))
			return m, fail(tournament.Errf(nil, "err.source_date_epoch", "SOURCE_DATE_EPOCH={value} is not a number of seconds", "value", strconv.Quote(s)), msg.T("hint.source_date_epoch"))
		}
		m.Generated = time.Unix(n, 0).UTC()
	}
	return m, nil
}

// standingsOptions are the flags of `arbitro standings`.
type standingsOptions struct {
	standingsFlags
	CSV bool // --csv
}

// complete checks that at most one output form is chosen, then --lang and --round.
func (o *standingsOptions) complete(*cobra.Command, []string) error {
	if (o.CSV && o.g.json) || (o.pdf != "" && (o.CSV || o.g.json)) {
		return usageCoded(tournament.Errf(nil, "err.cli.json_csv_pdf", "choose one of --json, --csv and --pdf"))
	}
	return o.check()
}

func newStandingsCmd(g *globalOptions, runF func(*cobra.Command, *standingsOptions) error) *cobra.Command {
	o := &standingsOptions{}
	c := &cobra.Command{
		Use:     "standings",
		Aliases: []string{"classifica"},
		Short:   "Standings (classifica) after a round, with the tournament's tie-breaks (spareggi); --json, --csv, --pdf FILE",
		Long: `Standings after a round: points in the tournament's scoring (2-1-0, 1-0.5-0, 3-1-0),
games, wins, draws, losses and the tie-breaks in the tournament's order. Players equal on
everything share the place ("3-4"). Byes, forfeits and absences follow the FIDE rule for
unplayed rounds (a dummy opponent with the player's own score; see docs/tiebreaks.md).
Printed in the tournament's language (--lang it|en|fr|nl for this output); after the last round
with every result in, the title is "Final standings" ("Classifica finale"). --csv writes
for the spreadsheet of that language: in Italian ';' separated, decimal commas, with a BOM.`,
		Args: cobra.NoArgs,
	}
	o.register(c, g)
	c.Flags().BoolVar(&o.CSV, "csv", false, "write CSV (one line per player)")
	c.Flags().StringVar(&o.category, "category", "", "the standings of this category only (its own places)")
	return withRun(c, o, runF)
}

// runStandings computes the standings and writes them in the chosen form.
func runStandings(cmd *cobra.Command, g *globalOptions, o *standingsOptions) error {
	s, err := o.load(cmd.Context(), g, false)
	if err != nil {
		return err
	}
	switch {
	case o.pdf != "":
		return writePDF(cmd, g, o.pdf, func(w io.Writer, m reports.Meta) error { return reports.WriteStandingsPDF(w, s, m) })
	case g.json:
		return reports.WriteStandingsJSON(cmd.OutOrStdout(), s)
	case o.CSV:
		return reports.WriteStandingsCSV(cmd.OutOrStdout(), s)
	}
	return reports.WriteStandingsText(cmd.OutOrStdout(), s)
}
