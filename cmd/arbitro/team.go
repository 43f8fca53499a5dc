package main

import (
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// Team events (issue 32, docs/teams.md): `tournament create NAME --teams --boards N` makes
// one; the team commands enter the teams, pair the rounds, take the line-ups, forfeits and
// results, and print the team sheets. A match's games are boards of the round, so
// `result`, `game add`, `audit` and `undo` work on them as on every game.

func newTeamCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:     "team",
		Aliases: []string{"squadra"},
		Short:   "Team events: teams, line-ups, matches, team standings, crosstable and board prizes",
		Long: `A team event is a tournament of teams of N boards (arbitro tournament create NAME
--system round-robin --teams --boards 4). Every player of a team is a player of the event,
so the games of a match are boards of the round: board B of match M of a round of N boards
is board (M-1)*N+B of the round for arbitro result, game add, audit and undo.

  team add NAME --club C --player P1 ... --player PN [--reserve R]   a team, in board order
  team pair [ROUND]                          the next round's matches (the team lot first); pair too
  team lineup --round N TEAM P1 ... PN       a team's players, board 1 first ("-": empty board)
  team result --round N --match M --board B RESULT   a board's result (White's first)
  team forfeit --round N TEAM [TEAM]         a team that did not come: the match lost by forfeit
  team list, team matches, team standings, team crosstable, team boards   (--csv, --pdf FILE, --json)

See docs/teams.md for the regulations followed.`,
	}
	c.AddCommand(bind(newTeamAddCmd, runTeamAdd)(g), bind(newTeamPairCmd, runTeamPair)(g),
		bind(newTeamLineupCmd, runTeamLineup)(g), bind(newTeamResultCmd, runTeamResult)(g),
		bind(newTeamForfeitCmd, runTeamForfeit)(g))
	for _, s := range teamSheetKinds {
		c.AddCommand(bind(newTeamSheetCmd(s), runTeamSheet)(g))
	}
	return c
}

// teamAddOptions are the argument and flags of `arbitro team add`.
type teamAddOptions struct {
	spec store.TeamSpec
}

func (o *teamAddOptions) complete(_ *cobra.Command, args []string) error {
	o.spec.Name = args[0]
	if len(o.spec.Players) == 0 {
		return usageCoded(tournament.Errf(nil, "err.team.cli_players", "give the team's players in board order: --player NAME, once each (reserves with --reserve)"))
	}
	return nil
}

func newTeamAddCmd(g *globalOptions, runF func(*cobra.Command, *teamAddOptions) error) *cobra.Command {
	o := &teamAddOptions{}
	c := &cobra.Command{
		Use:   "add NAME",
		Short: "Enter a team: its players in board order (the strongest first), then its reserves",
		Long: `Enter a team in the team event, before round 1 is paired. --player gives the regular
players in board order (at most as many as the boards), --reserve the reserves after
them: the roster order every line-up must keep. Each player becomes a player of the event,
with the team's club.`,
		Example: `  arbitro team add "Fiamma Roma" --club "DC Roma" --player "Rossi, Mario" --player "Verdi, Anna" \
      --player "Neri, Luca" --player "Blu, Sara" --reserve "Gialli, Piero"`,
		Args: cobra.ExactArgs(1),
	}
	c.Flags().StringVar(&o.spec.Club, "club", "", "the team's club (società)")
	c.Flags().StringArrayVar(&o.spec.Players, "player", nil, "a player, in board order (repeat: board 1 first)")
	c.Flags().StringArrayVar(&o.spec.Reserves, "reserve", nil, "a reserve, in order (repeat)")
	return withRun(c, o, runF)
}

func runTeamAdd(cmd *cobra.Command, g *globalOptions, o *teamAddOptions) error {
	var tm *tournament.Team
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		tm, t, err = st.AddTeam(cmd.Context(), g.tournament, o.spec)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, tm)
	}
	return reports.WriteTeamAdded(cmd.OutOrStdout(), g.cliLocale(), tm)
}

// teamPairOptions are the argument and flag of `arbitro team pair`.
type teamPairOptions struct {
	round   int
	explain bool
}

func (o *teamPairOptions) complete(_ *cobra.Command, args []string) error {
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return usageCoded(tournament.Errf(nil, "err.cli.round_arg", "ROUND must be a round number (1, 2, ...), not {value}", "value", strconv.Quote(args[0])))
		}
		o.round = n
	}
	return nil
}

func newTeamPairCmd(g *globalOptions, runF func(*cobra.Command, *teamPairOptions) error) *cobra.Command {
	o := &teamPairOptions{}
	c := &cobra.Command{
		Use:   "pair [ROUND]",
		Short: "Pair the next round's matches by the Berger tables (the team lot first, from the event's seed)",
		Long: `Pair the next round of the team event: before round 1 the teams' numbers are drawn from
the event's seed; each round's matches follow the Berger tables over those numbers (as for
players). The team named first has White on the odd boards. ROUND, when given, must be
the next round (a safety check for scripts).`,
		Args: cobra.MaximumNArgs(1),
	}
	c.Flags().BoolVar(&o.explain, "explain", false, "the team Swiss: print its account of the pairing (score groups, floats, bye, colours)")
	return withRun(c, o, runF)
}

func runTeamPair(cmd *cobra.Command, g *globalOptions, o *teamPairOptions) error {
	var r *store.TeamRound
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		r, t, err = st.PairTeamRound(cmd.Context(), g.tournament, o.round)
		return t, err
	})
	if err != nil {
		return err
	}
	return writeTeamRound(cmd, g, r, o.explain)
}

// writeTeamRound prints a paired team round (team pair, and pair on a team event): the
// team lot when drawn now, then the round's matches, and with explain the team Swiss's
// account; or its JSON.
func writeTeamRound(cmd *cobra.Command, g *globalOptions, r *store.TeamRound, explain bool) error {
	if g.json {
		return printJSON(cmd, r)
	}
	loc, err := g.reportLocale(&r.Event.Tournament)
	if err != nil {
		return err
	}
	if err := reports.WriteTeamPaired(cmd.OutOrStdout(), loc, r.Event, r.Round, r.LotNow); err != nil || !explain {
		return err
	}
	return reports.WriteTeamAccount(cmd.OutOrStdout(), loc, r.Event, r.Notes)
}

// teamLineupOptions are the arguments and flags of `arbitro team lineup`.
type teamLineupOptions struct {
	round   int
	team    string
	players []string
}

func (o *teamLineupOptions) complete(_ *cobra.Command, args []string) error {
	if o.round < 1 {
		return usageCoded(tournament.Errf(nil, "err.team.cli_round", "give the round: --round N"))
	}
	o.team, o.players = args[0], args[1:]
	return nil
}

func newTeamLineupCmd(g *globalOptions, runF func(*cobra.Command, *teamLineupOptions) error) *cobra.Command {
	o := &teamLineupOptions{}
	c := &cobra.Command{
		Use:   "lineup --round N TEAM PLAYER...",
		Short: "Record a team's line-up for its match of a round: one player a board, board 1 first",
		Long: `Record the line-up (formazione) a team hands in for its match of round N: one player a
board, board 1 first, each by name, entry id or roster order ("#3"); "-" leaves a board
empty (lost by forfeit; empty boards go last). The line-up keeps the roster order: a
player listed higher never plays a lower board than one listed after him; reserves play
below the regular players fielded. When both teams' line-ups are in, the match's games
are boards of the round. A line-up given again replaces the first while no game of the
match has a result.`,
		Example: `  arbitro team lineup --round 1 "Fiamma Roma" "Rossi, Mario" "Verdi, Anna" "#3" "#5"
  arbitro team lineup --round 2 2 "#1" "#2" "#3" -`,
		Args: cobra.MinimumNArgs(2),
	}
	c.Flags().IntVar(&o.round, "round", 0, "the round (required)")
	return withRun(c, o, runF)
}

func runTeamLineup(cmd *cobra.Command, g *globalOptions, o *teamLineupOptions) error {
	var ls *store.LineupSet
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		ls, t, err = st.SetLineup(cmd.Context(), g.tournament, o.round, o.team, o.players)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, ls.Match)
	}
	return reports.WriteLineupSet(cmd.OutOrStdout(), g.cliLocale(), ls.Event, ls.Team.Name, ls.Match)
}

// teamForfeitOptions are the arguments and flags of `arbitro team forfeit`.
type teamForfeitOptions struct {
	round int
	teams []string
}

func (o *teamForfeitOptions) complete(_ *cobra.Command, args []string) error {
	if o.round < 1 {
		return usageCoded(tournament.Errf(nil, "err.team.cli_round", "give the round: --round N"))
	}
	o.teams = args
	return nil
}

func newTeamForfeitCmd(g *globalOptions, runF func(*cobra.Command, *teamForfeitOptions) error) *cobra.Command {
	o := &teamForfeitOptions{}
	c := &cobra.Command{
		Use:   "forfeit --round N TEAM [TEAM]",
		Short: "Record that a team did not come to its match: the match lost by forfeit (both teams: double forfeit)",
		Args:  cobra.RangeArgs(1, 2),
	}
	c.Flags().IntVar(&o.round, "round", 0, "the round (required)")
	return withRun(c, o, runF)
}

func runTeamForfeit(cmd *cobra.Command, g *globalOptions, o *teamForfeitOptions) error {
	var ls *store.LineupSet
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		ls, t, err = st.TeamForfeit(cmd.Context(), g.tournament, o.round, o.teams)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, ls.Match)
	}
	return reports.WriteTeamForfeit(cmd.OutOrStdout(), g.cliLocale(), ls.Event, ls.Match)
}

// teamResultOptions are the argument and flags of `arbitro team result`.
type teamResultOptions struct {
	round, match, board int
	result              string
}

func (o *teamResultOptions) complete(_ *cobra.Command, args []string) error {
	if o.round < 1 || o.match < 1 || o.board < 1 {
		return usageCoded(tournament.Errf(nil, "err.team.cli_result_flags", "give --round N --match M --board B (each 1 or more)"))
	}
	o.result = args[0]
	return nil
}

func newTeamResultCmd(g *globalOptions, runF func(*cobra.Command, *teamResultOptions) error) *cobra.Command {
	o := &teamResultOptions{}
	c := &cobra.Command{
		Use:   "result --round N --match M --board B RESULT",
		Short: "Record the result of a board of a match (White's points first: 2-0, 1-1, 0-2, +-)",
		Long: `Record the result of board B of match M of round N, White's points first, as arbitro
result takes it (2-0, 1-1 or =, 0-2, +- and -+ for a forfeit: give those after "--").
It is arbitro result on board (M-1)*N+B of the round; correct a result with arbitro result
--correct on that board.`,
		Example: `  arbitro team result --round 1 --match 2 --board 3 2-0
  arbitro team result --round 1 --match 2 --board 4 -- -+`,
		Args: cobra.ExactArgs(1),
	}
	c.Flags().IntVar(&o.round, "round", 0, "the round (required)")
	c.Flags().IntVar(&o.match, "match", 0, "the match of the round (required)")
	c.Flags().IntVar(&o.board, "board", 0, "the board of the match, 1 to N (required)")
	return withRun(c, o, runF)
}

func runTeamResult(cmd *cobra.Command, g *globalOptions, o *teamResultOptions) error {
	var e store.ResultEntry
	err := g.writeExplaining(explainBoard, func(st *store.Store) (tournament.Tournament, error) {
		var err error
		e, err = st.TeamResult(cmd.Context(), g.tournament, o.round, o.match, o.board, o.result)
		return e.Tournament, err
	})
	if err != nil {
		return err
	}
	if e.Same != nil {
		if err := reports.WriteNotes(cmd.ErrOrStderr(), g.cliLocale(), []string{reports.ErrorText(g.cliLocale(), e.Same)}); err != nil {
			return err
		}
	} else if err := reports.WriteResultWarnings(cmd.ErrOrStderr(), g.cliLocale(), o.round, e.Board.Board, e.Warnings, false, e.Tournament.RoundsPaired); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, e.Board)
	}
	if e.Same != nil {
		return nil
	}
	return reports.WriteResultRecorded(cmd.OutOrStdout(), g.cliLocale(), &e.Tournament, e.Board, false)
}

// teamSheetKind is one of the team sheets: its command and what it prints.
type teamSheetKind struct {
	use, short string
	round      bool // takes --round
	minGames   bool // takes --min-games
	table      func(s reports.TeamSheets, o *teamSheetOptions) reports.TeamTable
}

var teamSheetKinds = []teamSheetKind{
	{use: "list", short: "The teams with their rosters, in pairing-number order after the lot",
		table: func(s reports.TeamSheets, _ *teamSheetOptions) reports.TeamTable { return s.TeamsTable() }},
	{use: "matches", short: "The matches of a round (--round N) or of every round, board by board, with their results", round: true,
		table: func(s reports.TeamSheets, o *teamSheetOptions) reports.TeamTable { return s.MatchesTable(o.round) }},
	{use: "standings", short: "Team standings: match points, then board points, Sonneborn-Berger, direct encounter",
		table: func(s reports.TeamSheets, _ *teamSheetOptions) reports.TeamTable { return s.StandingsTable() }},
	{use: "crosstable", short: "The team crosstable: board points of each match, match and board points",
		table: func(s reports.TeamSheets, _ *teamSheetOptions) reports.TeamTable { return s.CrosstableTable() }},
	{use: "boards", short: "Board prizes: the players of each board ranked by percentage (--min-games N)", minGames: true,
		table: func(s reports.TeamSheets, o *teamSheetOptions) reports.TeamTable {
			return s.BoardsTable(o.minGamesFor(s.Event))
		}},
}

// teamSheetOptions are the flags of the team sheets.
type teamSheetOptions struct {
	kind     teamSheetKind
	g        *globalOptions
	round    int
	minGames int
	csv      bool
	pdf      string
}

func (o *teamSheetOptions) complete(*cobra.Command, []string) error {
	if (o.csv && o.g.json) || (o.pdf != "" && (o.csv || o.g.json)) {
		return usageCoded(tournament.Errf(nil, "err.cli.json_csv_pdf", "choose one of --json, --csv and --pdf"))
	}
	if o.round < 0 || o.minGames < -1 {
		return usageCoded(tournament.Errf(nil, "err.team.cli_round_min_games", "--round and --min-games must be 1 or more"))
	}
	return o.g.checkLangFlag()
}

// minGamesFor is --min-games, or by default two thirds of the event's rounds rounded up
// (docs/teams.md, "Board prizes").
func (o *teamSheetOptions) minGamesFor(ev *tournament.TeamEvent) int {
	if o.minGames >= 0 {
		return o.minGames
	}
	return max(1, (2*ev.Tournament.Rounds+2)/3)
}

func newTeamSheetCmd(kind teamSheetKind) func(g *globalOptions, runF func(*cobra.Command, *teamSheetOptions) error) *cobra.Command {
	return func(g *globalOptions, runF func(*cobra.Command, *teamSheetOptions) error) *cobra.Command {
		o := &teamSheetOptions{kind: kind, g: g, minGames: -1}
		c := &cobra.Command{Use: kind.use, Short: kind.short + "; --csv, --pdf FILE, --json", Args: cobra.NoArgs}
		if kind.round {
			c.Flags().IntVar(&o.round, "round", 0, "this round only (default: every round)")
		}
		if kind.minGames {
			c.Flags().IntVar(&o.minGames, "min-games", -1, "games a player must have played to be ranked (default: two thirds of the rounds)")
			c.Flags().Lookup("min-games").DefValue = "2/3 of the rounds"
		}
		c.Flags().BoolVar(&o.csv, "csv", false, "write CSV")
		c.Flags().StringVar(&o.pdf, "pdf", "", "write an A4 PDF to `FILE` instead of printing")
		markOutput(c, "pdf")
		return withRun(c, o, runF)
	}
}

func runTeamSheet(cmd *cobra.Command, g *globalOptions, o *teamSheetOptions) error {
	var ev *tournament.TeamEvent
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		ev, t, err = st.TeamEvent(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return err
	}
	loc, err := g.reportLocale(&t)
	if err != nil {
		return err
	}
	table := o.kind.table(reports.TeamSheets{Event: ev, Locale: loc}, o)
	switch {
	case o.pdf != "":
		return writePDF(cmd, g, o.pdf, func(w io.Writer, m reports.Meta) error { return reports.WriteTeamPDF(w, ev, table, m) })
	case g.json:
		return reports.WriteTeamJSON(cmd.OutOrStdout(), ev, table)
	case o.csv:
		return reports.WriteTeamCSV(cmd.OutOrStdout(), table)
	}
	return reports.WriteTeamText(cmd.OutOrStdout(), table)
}
