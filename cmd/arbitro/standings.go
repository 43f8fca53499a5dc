package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() { addCommand(newStandingsCmd) }

// standingsFlags are shared by standings and crosstable.
type standingsFlags struct {
	round    int    // --round; -1 = the last completed round
	pdf      string // --pdf FILE
	category string // --category NAME (standings only): that category's standings
}

func (f *standingsFlags) register(c *cobra.Command) {
	c.Flags().IntVar(&f.round, "round", -1, "standings after this round (default: the last round with every result in)")
	c.Flags().Lookup("round").DefValue = "0" // -1 means "not given": do not print "(default -1)" in --help
	c.Flags().StringVar(&f.pdf, "pdf", "", "write an A4 PDF to `FILE` instead of printing")
}

// loadStandings loads the tournament's results and computes the standings after the
// requested round.
func (f *standingsFlags) load(ctx context.Context, g *globalOptions) (reports.Standings, error) {
	var out reports.Standings
	if err := g.checkLangFlag(); err != nil {
		return out, err
	}
	if f.round < -1 { // -1: not given
		return out, usageErr("--round must be a round number (1, 2, ...), not %d", f.round)
	}
	err := g.view(ctx, func(tx *tournament.Tx, t *tournament.Tournament) error {
		ct, err := tx.LoadCrosstable(t)
		if err != nil {
			return err
		}
		round := f.round
		if round < 0 {
			round = tournament.CompletedRounds(ct)
		}
		if last := tournament.LastRound(ct); round > last && round <= ct.Rounds {
			return fail(fmt.Errorf("round %d has not been paired yet (last paired round: %d)", round, last), "give a paired round, or none for the latest")
		}
		var rows []tournament.Standing
		if f.category != "" { // issue 13: a category's own places and tie-breaks
			rows, err = tx.CategoryStandings(t, ct, f.category, round)
			c := *ct
			c.Event.Name += " — " + f.category
			ct = &c
		} else {
			rows, err = tournament.ComputeStandings(ct, round)
		}
		if err != nil {
			return err
		}
		loc, err := g.reportLocale(t)
		if err != nil {
			return err
		}
		out = reports.Standings{Table: ct, AfterRound: round, Rows: rows, Locale: loc}
		return nil
	})
	switch {
	case errors.Is(err, tournament.ErrRoundRange):
		return out, fail(err, "give a round of the tournament, or none for the latest")
	case errors.Is(err, tournament.ErrInvalidCrosstable):
		return out, fail(err, "correct the result with 'arbitro result', then try again")
	case errors.Is(err, tournament.ErrCategory):
		return out, fail(err, "see 'arbitro category list'")
	case errors.Is(err, tournament.ErrUnknownTieBreak):
		return out, fail(err, "set the tie-breaks with 'arbitro tournament set tiebreaks LIST'")
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
			return m, fail(fmt.Errorf("SOURCE_DATE_EPOCH=%q is not a number of seconds", s), "unset it or give seconds since 1970")
		}
		m.Generated = time.Unix(n, 0).UTC()
	}
	return m, nil
}

// writePDF creates file and renders into it; a failed rendering removes the partial file.
func writePDF(cmd *cobra.Command, g *globalOptions, file string, render func(w io.Writer, m reports.Meta) error) error {
	m, err := reportMeta()
	if err != nil {
		return err
	}
	fh, err := os.Create(file)
	if err != nil {
		return fail(err, "check the --pdf path")
	}
	if err := render(fh, m); err != nil {
		fh.Close()
		os.Remove(file)
		return fail(err, "nothing was written")
	}
	if err := fh.Close(); err != nil {
		return fail(err, "check the disk")
	}
	return reports.WriteWrote(cmd.OutOrStdout(), g.cliLocale(), file)
}

func newStandingsCmd(g *globalOptions) *cobra.Command {
	var f standingsFlags
	var csvOut bool
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
		RunE: func(cmd *cobra.Command, args []string) error {
			if (csvOut && g.json) || (f.pdf != "" && (csvOut || g.json)) {
				return usageErr("choose one of --json, --csv and --pdf")
			}
			s, err := f.load(cmd.Context(), g)
			if err != nil {
				return err
			}
			switch {
			case f.pdf != "":
				return writePDF(cmd, g, f.pdf, func(w io.Writer, m reports.Meta) error { return reports.WriteStandingsPDF(w, s, m) })
			case g.json:
				return reports.WriteStandingsJSON(cmd.OutOrStdout(), s)
			case csvOut:
				return reports.WriteStandingsCSV(cmd.OutOrStdout(), s)
			}
			return reports.WriteStandingsText(cmd.OutOrStdout(), s)
		},
	}
	f.register(c)
	c.Flags().BoolVar(&csvOut, "csv", false, "write CSV (one line per player)")
	c.Flags().StringVar(&f.category, "category", "", "the standings of this category only (its own places)")
	return c
}
