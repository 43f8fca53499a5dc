package main

import (
	"errors"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/site"
	"arbitro/store"
	"arbitro/tournament"
)

// publishOptions are the flags of arbitro publish.
type publishOptions struct {
	out  string
	all  bool
	lang reports.Lang // --lang, parsed; "" = each tournament's own
	g    *globalOptions
}

// complete checks --lang and that --out is given.
func (o *publishOptions) complete(*cobra.Command, []string) error {
	lang, err := o.g.langFlag()
	if err != nil {
		return err
	}
	o.lang = lang
	if o.out == "" {
		return usageCoded(tournament.Errf(nil, "err.cli.out_required", "--out DIR is required (the folder to write the site into)"))
	}
	return nil
}

func newPublishCmd(g *globalOptions, runF func(*cobra.Command, *publishOptions) error) *cobra.Command {
	o := &publishOptions{g: g}
	c := &cobra.Command{
		Use:   "publish --out DIR",
		Short: "Write the tournament (or, with --all, the whole archive) as a static web site",
		Long: `Write a static web site of the --tournament into --out: the event, the players, each
round's pairings and results, the standings after each round, the crosstable, a page per
player and a page per game (the board, the moves, a viewer, the rules engine's verdict),
and data.json for other programs (format in docs/site-data.md). With --all, every
tournament of the file, each in its own folder, with an index by year, variant and name.

The site needs no server and nothing from the internet: open index.html, copy the folder
to a USB stick, or upload it. The same database gives byte-identical files, and files
whose content did not change are not rewritten. Files of an earlier publish that are no
longer part of the site are removed (listed in DIR/.arbitro-site); nothing else in DIR
is touched. A symbolic link inside DIR is refused, never followed, and no page is written
over the database. To serve the pages live instead, use 'arbitro serve'.`,
		Args: cobra.NoArgs,
	}
	c.Flags().StringVar(&o.out, "out", "", "folder to write the site into (created if missing)")
	c.Flags().BoolVar(&o.all, "all", false, "every tournament of the file, with an archive index")
	markOutput(c, "out")
	return withRun(c, o, runF)
}

// runPublish writes the site and prints what changed.
func runPublish(cmd *cobra.Command, g *globalOptions, o *publishOptions) error {
	var res *site.Result
	err := g.readFile(func(st *store.Store) (err error) {
		res, err = site.Publish(cmd.Context(), st, site.Options{Out: o.out, All: o.all, Tournament: g.tournament, Lang: o.lang})
		return err
	})
	if errors.Is(err, site.ErrOut) {
		if e := g.explainOutput(err, o.out); e != err {
			return e
		}
		return fail(err, g.cliLocale().T("hint.out_folder"))
	}
	if err != nil {
		return err
	}
	return reports.WritePublished(cmd.OutOrStdout(), g.cliLocale(), reports.PublishSummary{Tournaments: res.Tournaments,
		Files: res.Files, Written: res.Written, Removed: res.Removed, Index: res.Index})
}
