package main

import (
	"errors"
	"io"
	"os"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() { addCommand(newRatingCmd) }

func newRatingCmd(g *globalOptions) *cobra.Command {
	var csvOut bool
	var pdf, tableFile string
	c := &cobra.Command{
		Use:   "rating",
		Short: "The Elo-Rubele report (FID Capo VI) for the rating officer; --csv, --json, --pdf FILE",
		Long: `The Elo-Rubele report of the event: for every player the capital used in the event (CI),
the games that count for the variation (FID Capo VI Art. 7: not forfeits, not rests, not
games a withdrawn opponent did not play), the score in them, the opponents' average capital
and Q (10 Italian draughts, 15 International: FID 2021 amendment). The expected score needs
the FID conversion table, which arbitro does not have: give it with --expected-table FILE
(CSV lines "difference,expected"). The variation V and the final capital are NOT computed
(their formula was not found): see docs/elo-rubele.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (csvOut && g.json) || (pdf != "" && (csvOut || g.json)) {
				return usageErr("choose one of --json, --csv and --pdf")
			}
			var table tournament.ExpectedTable
			if tableFile != "" {
				fh, err := os.Open(tableFile)
				if err != nil {
					return fail(err, "check --expected-table")
				}
				table, err = tournament.ParseExpectedTable(fh)
				fh.Close()
				if err != nil {
					return fail(err, "fix the table: one line per difference, \"difference,expected\"")
				}
			}
			var rep *tournament.RatingReport
			err := g.view(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				rep, err = tx.RatingReport(t, table)
				return err
			})
			if errors.Is(err, tournament.ErrInvalidCrosstable) {
				return fail(err, "correct the result with 'arbitro result', then try again")
			}
			if err != nil {
				return g.explain(err)
			}
			out := cmd.OutOrStdout()
			switch {
			case pdf != "":
				return writePDF(cmd, g, pdf, func(w io.Writer, m reports.Meta) error { return reports.WriteRatingPDF(w, rep, m) })
			case g.json:
				return reports.WriteRatingJSON(out, rep)
			case csvOut:
				return reports.WriteRatingCSV(out, rep)
			}
			return reports.WriteRatingText(out, rep)
		},
	}
	c.Flags().BoolVar(&csvOut, "csv", false, "one CSV line per game (counted or not, with the reason)")
	c.Flags().StringVar(&pdf, "pdf", "", "write an A4 PDF to `FILE`")
	c.Flags().StringVar(&tableFile, "expected-table", "", "the FID conversion table (CSV \"difference,expected\") for the expected score")
	return c
}
