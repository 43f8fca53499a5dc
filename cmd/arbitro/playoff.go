package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/store"
	"arbitro/tournament"
)

func newPlayoffCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "playoff",
		Short: "Play-offs (barrage, spareggio): games between tied players that count in no score",
		Long: `A play-off is a small match between players tied after every tie-break, at its own
time control, that orders them for a title or a place and counts in no score. Its games
are entered with 'playoff result', their PDN scores with 'playoff game' (judged by the same
replay as every game); the final standings and the prize list order the tied players by
it and mark them (docs/playoffs.md).`,
	}
	c.AddCommand(bind(newPlayoffAddCmd, runPlayoffAdd)(g), bind(newPlayoffResultCmd, runPlayoffResult)(g),
		bind(newPlayoffGameCmd, runPlayoffGame)(g), bind(newPlayoffListCmd, runPlayoffList)(g))
	return c
}

// playoffAddOptions are the flags of `arbitro playoff add`.
type playoffAddOptions struct {
	Between     []string // --between A B ...: the tied players (numbers or names)
	Title       string   // --for: the title it decides
	Place       int      // --place: the place it decides
	TimeControl string   // --time-control
	When        string   // --when: after-tiebreaks (default) or before-tiebreaks
}

func (o *playoffAddOptions) complete(_ *cobra.Command, args []string) error {
	o.Between = append(o.Between, args...)
	if len(o.Between) < 2 {
		return usageCoded(tournament.Errf(nil, "err.cli.playoff_two", "a play-off needs two players or more: --between A B"))
	}
	if o.Title != "" && o.Place != 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.for_or_place", "--for and --place name the same thing: give one"))
	}
	if _, err := tournament.ParsePlayoffWhen(o.When); err != nil {
		return usageCoded(tournament.Errf(nil, "err.cli.playoff_when", "--when {when}: write after-tiebreaks (the default) or before-tiebreaks", "when", strconv.Quote(o.When)))
	}
	if o.Place < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.playoff_place", "--place {place}: give a place of 1 or more", "place", o.Place))
	}
	return nil
}

func newPlayoffAddCmd(g *globalOptions, runF func(*cobra.Command, *playoffAddOptions) error) *cobra.Command {
	o := &playoffAddOptions{}
	cmd := &cobra.Command{
		Use:   "add --between A B [C...]",
		Short: "Create a play-off between tied players (number or name)",
		Long:  "Create a play-off between tied players.\n\n" + playerRefHelp,
	}
	cmd.Flags().StringArrayVar(&o.Between, "between", nil, "the tied players: --between A B (numbers or names)")
	cmd.Flags().StringVar(&o.Title, "for", "", "the title it decides (\"Italian champion\")")
	cmd.Flags().IntVar(&o.Place, "place", 0, "the place it decides")
	cmd.Flags().StringVar(&o.When, "when", tournament.PlayoffAfterTieBreaks, "when it orders its players: after-tiebreaks (tied on every tie-break) or before-tiebreaks (tied on points)")
	cmd.Flags().StringVar(&o.TimeControl, "time-control", "", "its time control (\"15'+5\\\"\")")
	return withRun(cmd, o, runF)
}

func runPlayoffAdd(cmd *cobra.Command, g *globalOptions, o *playoffAddOptions) error {
	var p *tournament.Playoff
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		p, t, err = st.AddPlayoff(cmd.Context(), g.tournament, o.Between, o.Title, o.Place, o.TimeControl, o.When)
		return t, err
	})
	if err != nil {
		return g.explain(err)
	}
	if g.json {
		return printJSON(cmd, p)
	}
	return reports.WritePlayoffAdded(cmd.OutOrStdout(), g.cliLocale(), p)
}

// playoffResultOptions are the arguments of `arbitro playoff result`.
type playoffResultOptions struct {
	Playoff      int
	White, Black string
	Result       string
}

func (o *playoffResultOptions) complete(_ *cobra.Command, args []string) error {
	n, err := playoffNumber(args[0])
	if err != nil {
		return err
	}
	o.Playoff, o.White, o.Black, o.Result = n, args[1], args[2], args[3]
	return nil
}

func playoffNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, usageCoded(tournament.Errf(nil, "err.cli.playoff_number", "play-off {value}: give its number (1, 2, ...; see 'arbitro playoff list')", "value", strconv.Quote(s)))
	}
	return n, nil
}

func newPlayoffResultCmd(g *globalOptions, runF func(*cobra.Command, *playoffResultOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "result PLAYOFF WHITE BLACK RESULT",
		Short: "Enter the next game of a play-off: White, Black (number or name), result 2-0, 1-1, 0-2",
		Args:  cobra.ExactArgs(4),
	}, &playoffResultOptions{}, runF)
}

func runPlayoffResult(cmd *cobra.Command, g *globalOptions, o *playoffResultOptions) error {
	var p *tournament.Playoff
	var pg *tournament.PlayoffGame
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		p, pg, t, err = st.PlayoffResult(cmd.Context(), g.tournament, o.Playoff, o.White, o.Black, o.Result)
		return t, err
	})
	if err != nil {
		return g.explain(err)
	}
	if g.json {
		return printJSON(cmd, pg)
	}
	return reports.WritePlayoffResult(cmd.OutOrStdout(), g.cliLocale(), p, pg)
}

// playoffGameOptions are the arguments and flags of `arbitro playoff game`.
type playoffGameOptions struct {
	Playoff, Game int
	File          string
	Encoding      string
	Force         bool
	Replace       bool
}

func (o *playoffGameOptions) complete(_ *cobra.Command, args []string) error {
	n, err := playoffNumber(args[0])
	if err != nil {
		return err
	}
	gm, err := strconv.Atoi(args[1])
	if err != nil || gm < 1 {
		return usageCoded(tournament.Errf(nil, "err.cli.playoff_game", "game {value}: give the play-off game's number (1, 2, ...)", "value", strconv.Quote(args[1])))
	}
	o.Playoff, o.Game, o.File = n, gm, args[2]
	return nil
}

func newPlayoffGameCmd(g *globalOptions, runF func(*cobra.Command, *playoffGameOptions) error) *cobra.Command {
	o := &playoffGameOptions{}
	cmd := &cobra.Command{
		Use:   "game PLAYOFF GAME FILE.pdn|-",
		Short: "Store and judge the PDN score of a play-off game (\"-\" reads standard input)",
		Args:  cobra.ExactArgs(3),
	}
	cmd.Flags().BoolVar(&o.Force, "force", false, "store the score even if its result or variant disagree with the game")
	cmd.Flags().BoolVar(&o.Replace, "replace", false, "replace the score already stored")
	cmd.Flags().StringVar(&o.Encoding, "encoding", "", "the file's encoding when it is not UTF-8: "+tournament.EncodingNames)
	return withRun(cmd, o, runF)
}

// runPlayoffGame stores the score with its verdict and exits as `game add` does: 3 an
// illegal score, 5 an ambiguous capture, 6 not judged (scoreExit).
func runPlayoffGame(cmd *cobra.Command, g *globalOptions, o *playoffGameOptions) error {
	in, err := openInput(cmd, g, o.File, o.Encoding, tournament.MaxGameBytes)
	if err != nil {
		return err
	}
	game, text, err := tournament.ReadGameScore(in)
	in.Close()
	if err != nil {
		return g.explain(fmt.Errorf("%s: %w", o.File, err))
	}
	var pg *tournament.PlayoffGame
	var vd rules.Verdict
	err = g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		pg, vd, t, err = st.PlayoffGame(cmd.Context(), g.tournament, o.Playoff, o.Game, store.GameScore{Game: game, Text: text}, o.Force, o.Replace)
		return t, err
	})
	if err != nil {
		return g.explain(err)
	}
	if g.json {
		err = printJSON(cmd, pg)
	} else {
		err = reports.WritePlayoffGame(cmd.OutOrStdout(), g.cliLocale(), o.Playoff, pg)
	}
	if err != nil {
		return err
	}
	return playoffScoreExit(g.cliLocale(), o.Playoff, o.Game, &vd)
}

// playoffScoreExit is scoreExit for a play-off game: illegal 3, ambiguous capture 5, not
// judged 6, legal nil.
func playoffScoreExit(msg *reports.Locale, n, game int, vd *rules.Verdict) error {
	switch vd.Class() {
	case rules.ClassLegal:
		return nil
	case rules.ClassAmbiguous:
		return withCode(exitAmbiguous, errors.New(msg.T("err.playoff_score_ambiguous", "playoff", n, "game", game, "ply", vd.Ply, "move", vd.Move)),
			msg.T("hint.playoff_replace", "playoff", n, "game", game))
	case rules.ClassNotJudged:
		return withCode(exitNotJudged, errors.New(msg.T("err.playoff_score_not_judged", "playoff", n, "game", game, "reason", vd.Reason)),
			msg.T("hint.playoff_replace", "playoff", n, "game", game))
	}
	return withCode(exitIllegal, errors.New(msg.T("err.playoff_score_not_legal", "playoff", n, "game", game, "ply", vd.Ply, "reason", vd.Reason)),
		msg.T("hint.playoff_replace", "playoff", n, "game", game))
}

func newPlayoffListCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list",
		Short: "List the play-offs, their games and their outcome",
		Args:  cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runPlayoffList(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var list []tournament.Playoff
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		list, t, err = st.Playoffs(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return g.explain(err)
	}
	if g.json {
		if list == nil {
			list = []tournament.Playoff{}
		}
		return printJSON(cmd, list)
	}
	return reports.WritePlayoffsText(cmd.OutOrStdout(), g.cliLocale(), list)
}
