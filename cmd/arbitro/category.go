package main

import (
	"errors"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func init() {
	addCommand(newCategoryCmd)
	addCommand(newPrizeCmd)
}

func explainCategory(g *globalOptions, err error) error {
	if errors.Is(err, tournament.ErrCategory) {
		return fail(err, "see 'arbitro category list'; nothing was written")
	}
	return g.explain(err)
}

func newCategoryCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "category",
		Short: "Categories (FID categories, age groups, women, rating bands) with their own standings",
		Long: `A category is a named group of players with its own standings ('arbitro standings
--category NAME') and prizes. Members are added by hand, or by a rule on the player:
title=CM (players.title), born-from=2010, born-to=1966, rating-below=1600, rating-from=1600.
A player may be in several categories (docs/categories-prizes.md).`,
	}
	var rule string
	add := &cobra.Command{
		Use:   "add NAME",
		Short: "Create a category (--rule for automatic members)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var cat *tournament.Category
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				cat, err = tx.AddCategory(t, args[0], rule)
				return err
			})
			if err != nil {
				return explainCategory(g, err)
			}
			if g.json {
				return printJSON(cmd, cat)
			}
			return reports.WriteCategoryAdded(cmd.OutOrStdout(), cat)
		},
	}
	add.Flags().StringVar(&rule, "rule", "", "automatic members: title=T, born-from=YEAR, born-to=YEAR, rating-below=R, rating-from=R")
	assign := &cobra.Command{
		Use:   "assign NAME PLAYER...",
		Short: "Put players (entry id or name) into a category by hand",
		Args:  cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var cat *tournament.Category
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				cat, err = tx.AddToCategory(t, args[0], args[1:])
				return err
			})
			if err != nil {
				return explainCategory(g, err)
			}
			return reports.WriteCategoryAssigned(cmd.OutOrStdout(), cat)
		},
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List the categories and their members",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var cs []tournament.Category
			names := map[int64]string{}
			err := g.view(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				if cs, err = tx.Categories(t); err != nil {
					return err
				}
				es, err := tx.Entries(t.ID)
				for _, e := range es {
					names[e.ID] = e.Player.Name
				}
				return err
			})
			if err != nil {
				return explainCategory(g, err)
			}
			if g.json {
				return printJSON(cmd, cs)
			}
			return reports.WriteCategoriesText(cmd.OutOrStdout(), cs, names)
		},
	}
	c.AddCommand(add, assign, list)
	return c
}

func newPrizeCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "prize",
		Short: "Prizes: each given once, a player eligible for two takes the higher",
		Long: `Prizes are added in order of value, the highest first, each for a place of the overall
standings or of a category. 'arbitro prize list' gives each prize once: a player who would
win two takes the higher, and the lower goes to the next player of its standings.`,
	}
	var category string
	var place int
	add := &cobra.Command{
		Use:   "add LABEL",
		Short: "Add the next prize (lower in value than those already added)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var p *tournament.Prize
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				p, err = tx.AddPrize(t, category, place, args[0])
				return err
			})
			if err != nil {
				return explainCategory(g, err)
			}
			return reports.WritePrizeAdded(cmd.OutOrStdout(), p)
		},
	}
	add.Flags().StringVar(&category, "category", "", "the category whose standings the prize rewards (default: overall)")
	add.Flags().IntVar(&place, "place", 1, "the place rewarded")
	var round int
	list := &cobra.Command{
		Use:   "list",
		Short: "The prize list after a round (default: the last completed round)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var awards []tournament.Award
			var loc *reports.Locale
			err := g.view(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				if loc, err = g.reportLocale(t); err != nil { // the sheet in the tournament's language
					return err
				}
				r := round
				if r < 0 {
					ct, err := tx.LoadCrosstable(t)
					if err != nil {
						return err
					}
					r = tournament.CompletedRounds(ct)
				}
				awards, err = tx.PrizeList(t, r)
				return err
			})
			if err != nil {
				return explainCategory(g, err)
			}
			if g.json {
				return printJSON(cmd, awards)
			}
			return reports.WritePrizesTextIn(cmd.OutOrStdout(), loc, awards)
		},
	}
	list.Flags().IntVar(&round, "round", -1, "after this round (default: the last round with every result in)")
	c.AddCommand(add, list)
	return c
}
