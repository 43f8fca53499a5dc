package main

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// ratingOptions are the flags of `arbitro rating`.
type ratingOptions struct {
	CSV       bool   // --csv
	PDF       string // --pdf FILE
	TableFile string // --expected-table FILE: the FID conversion table
	g         *globalOptions
}

// complete checks that at most one output form is chosen.
func (o *ratingOptions) complete(*cobra.Command, []string) error {
	if (o.CSV && o.g.json) || (o.PDF != "" && (o.CSV || o.g.json)) {
		return usageCoded(tournament.Errf(nil, "err.cli.json_csv_pdf", "choose one of --json, --csv and --pdf"))
	}
	return nil
}

func newRatingCmd(g *globalOptions, runF func(*cobra.Command, *ratingOptions) error) *cobra.Command {
	o := &ratingOptions{g: g}
	c := &cobra.Command{
		Use:   "rating",
		Short: "The Elo-Rubele report (FID Capo VI) for the rating officer; --csv, --json, --pdf FILE",
		Long: `The Elo-Rubele report of the event: for every player the capital used in the event (CI),
the games that count for the variation (FID Capo VI Art. 7: not forfeits, not rests, not
games a withdrawn opponent did not play), the score in them, the opponents' average capital
and Q (10 Italian draughts, 15 International: FID 2021 amendment). The expected score needs
the FID conversion table, which arbitro does not have: give it with --expected-table FILE
(CSV lines "difference,expected"). The variation V and the final capital are NOT computed
(their formulas, Capo XIV Tabella 17, were not found); the report names each FID table
still missing and where it was looked for: see docs/elo-rubele.md.`,
		Args: cobra.NoArgs,
	}
	c.Flags().BoolVar(&o.CSV, "csv", false, "one CSV line per game (counted or not, with the reason)")
	c.Flags().StringVar(&o.PDF, "pdf", "", "write an A4 PDF to `FILE`")
	c.Flags().StringVar(&o.TableFile, "expected-table", "", "the FID conversion table (CSV \"difference,expected\") for the expected score")
	markOutput(c, "pdf")
	return withRun(c, o, runF)
}

// runRating reads the conversion table, if given, builds the report and writes it in the
// chosen form.
func runRating(cmd *cobra.Command, g *globalOptions, o *ratingOptions) error {
	var table tournament.ExpectedTable
	if o.TableFile != "" {
		fh, err := openInputFile(g.cliLocale(), o.TableFile)
		if err != nil {
			return err
		}
		table, err = tournament.ParseExpectedTable(fh)
		fh.Close()
		if err != nil {
			return fail(err, g.cliLocale().T("hint.fix_table"))
		}
	}
	var rep *tournament.RatingReport
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (tournament.Tournament, error) {
		var err error
		rep, t, err = st.RatingReport(cmd.Context(), g.tournament, table)
		return t, err
	})
	if errors.Is(err, tournament.ErrInvalidCrosstable) {
		return fail(err, g.cliLocale().T("hint.correct_result"))
	}
	if err != nil {
		return g.explain(err)
	}
	loc, err := g.reportLocale(&t) // the tournament's language: a sheet for the rating officer
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	switch {
	case o.PDF != "":
		return writePDF(cmd, g, o.PDF, func(w io.Writer, m reports.Meta) error { m.Locale = loc; return reports.WriteRatingPDF(w, rep, m) })
	case g.json:
		return reports.WriteRatingJSON(out, rep)
	case o.CSV:
		return reports.WriteRatingCSV(out, loc, rep)
	}
	return reports.WriteRatingText(out, loc, rep)
}
