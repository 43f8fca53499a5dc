package main

import (
	"errors"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

func explainCategory(g *globalOptions, err error) error {
	if errors.Is(err, tournament.ErrCategory) {
		return fail(err, g.cliLocale().T("hint.see_categories"))
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
	c.AddCommand(bind(newCategoryAddCmd, runCategoryAdd)(g), bind(newCategoryAssignCmd, runCategoryAssign)(g),
		bind(newCategoryListCmd, runCategoryList)(g))
	return c
}

// categoryAddOptions are the argument and flag of `arbitro category add`.
type categoryAddOptions struct {
	Name string // NAME
	Rule string // --rule: automatic members (title=T, born-from=YEAR, ...)
}

func (o *categoryAddOptions) complete(_ *cobra.Command, args []string) error {
	o.Name = args[0]
	return nil
}

func newCategoryAddCmd(g *globalOptions, runF func(*cobra.Command, *categoryAddOptions) error) *cobra.Command {
	o := &categoryAddOptions{}
	add := &cobra.Command{
		Use:   "add NAME",
		Short: "Create a category (--rule for automatic members)",
		Args:  cobra.ExactArgs(1),
	}
	add.Flags().StringVar(&o.Rule, "rule", "", "automatic members: title=T, born-from=YEAR, born-to=YEAR, rating-below=R, rating-from=R")
	return withRun(add, o, runF)
}

func runCategoryAdd(cmd *cobra.Command, g *globalOptions, o *categoryAddOptions) error {
	var cat *tournament.Category
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		cat, t, err = st.AddCategory(cmd.Context(), g.tournament, o.Name, o.Rule)
		return t, err
	})
	if err != nil {
		return explainCategory(g, err)
	}
	if g.json {
		return printJSON(cmd, cat)
	}
	return reports.WriteCategoryAdded(cmd.OutOrStdout(), g.cliLocale(), cat)
}

// categoryAssignOptions are the arguments of `arbitro category assign`.
type categoryAssignOptions struct {
	Name    string   // NAME of the category
	Players []string // PLAYER...: numbers or names (playerRefHelp)
}

func (o *categoryAssignOptions) complete(_ *cobra.Command, args []string) error {
	o.Name, o.Players = args[0], args[1:]
	return nil
}

func newCategoryAssignCmd(g *globalOptions, runF func(*cobra.Command, *categoryAssignOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "assign NAME PLAYER...",
		Short: "Put players (number or name) into a category by hand",
		Long:  "Put players into a category by hand.\n\n" + playerRefHelp,
		Args:  cobra.MinimumNArgs(2),
	}, &categoryAssignOptions{}, runF)
}

func runCategoryAssign(cmd *cobra.Command, g *globalOptions, o *categoryAssignOptions) error {
	var cat *tournament.Category
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		cat, t, err = st.AssignToCategory(cmd.Context(), g.tournament, o.Name, o.Players)
		return t, err
	})
	if err != nil {
		return explainCategory(g, err)
	}
	return reports.WriteCategoryAssigned(cmd.OutOrStdout(), g.cliLocale(), cat)
}

func newCategoryListCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list",
		Short: "List the categories and their members",
		Args:  cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runCategoryList(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var list store.CategoryList
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		list, t, err = st.Categories(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return explainCategory(g, err)
	}
	if g.json {
		return printJSON(cmd, list.Categories)
	}
	return reports.WriteCategoriesText(cmd.OutOrStdout(), g.cliLocale(), list.Categories, list.Names)
}

func newPrizeCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "prize",
		Short: "Prizes: each given once, a player eligible for two takes the higher",
		Long: `Prizes are added in order of value, the highest first, each for a place of the overall
standings or of a category. 'arbitro prize list' gives each prize once: a player who would
win two takes the higher, and the lower goes to the next player of its standings.`,
	}
	c.AddCommand(bind(newPrizeAddCmd, runPrizeAdd)(g), bind(newPrizeListCmd, runPrizeList)(g))
	return c
}

// prizeAddOptions are the argument and flags of `arbitro prize add`.
type prizeAddOptions struct {
	Label    string // LABEL
	Category string // --category; "" = the overall standings
	Place    int    // --place rewarded
}

func (o *prizeAddOptions) complete(_ *cobra.Command, args []string) error {
	o.Label = args[0]
	return nil
}

func newPrizeAddCmd(g *globalOptions, runF func(*cobra.Command, *prizeAddOptions) error) *cobra.Command {
	o := &prizeAddOptions{}
	add := &cobra.Command{
		Use:   "add LABEL",
		Short: "Add the next prize (lower in value than those already added)",
		Args:  cobra.ExactArgs(1),
	}
	add.Flags().StringVar(&o.Category, "category", "", "the category whose standings the prize rewards (default: overall)")
	add.Flags().IntVar(&o.Place, "place", 1, "the place rewarded")
	return withRun(add, o, runF)
}

func runPrizeAdd(cmd *cobra.Command, g *globalOptions, o *prizeAddOptions) error {
	var p *tournament.Prize
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		p, t, err = st.AddPrize(cmd.Context(), g.tournament, o.Category, o.Place, o.Label)
		return t, err
	})
	if err != nil {
		return explainCategory(g, err)
	}
	return reports.WritePrizeAdded(cmd.OutOrStdout(), g.cliLocale(), p)
}

// prizeListOptions are the flags of `arbitro prize list`.
type prizeListOptions struct {
	Round int // --round; -1 = the last round with every result in
}

func (o *prizeListOptions) complete(*cobra.Command, []string) error { return nil }

func newPrizeListCmd(g *globalOptions, runF func(*cobra.Command, *prizeListOptions) error) *cobra.Command {
	o := &prizeListOptions{}
	list := &cobra.Command{
		Use:   "list",
		Short: "The prize list after a round (default: the last completed round)",
		Args:  cobra.NoArgs,
	}
	list.Flags().IntVar(&o.Round, "round", -1, "after this round (default: the last round with every result in)")
	return withRun(list, o, runF)
}

func runPrizeList(cmd *cobra.Command, g *globalOptions, o *prizeListOptions) error {
	var awards []tournament.Award
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		awards, t, err = st.PrizeList(cmd.Context(), g.tournament, o.Round)
		return t, err
	})
	var loc *reports.Locale
	if t.ID != 0 { // selected: the sheet in the tournament's language (a bad --lang first)
		var lerr error
		if loc, lerr = g.reportLocale(&t); lerr != nil {
			return lerr
		}
	}
	if err != nil {
		return explainCategory(g, err)
	}
	if g.json {
		return printJSON(cmd, awards)
	}
	return reports.WritePrizesText(cmd.OutOrStdout(), loc, awards)
}
