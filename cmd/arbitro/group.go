package main

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// Groups and stages (issue 32, docs/groups.md): the group commands act on the event (the
// tournament --tournament names, or the file's only event); every other command acts on
// one group with --group NAME.

func newGroupCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "group",
		Short: "Groups and stages of an event: groups by rating, category or by hand, the next stage from the standings",
		Long: `An event holds groups, each a tournament of its own (system, players, rounds, seed,
standings); every command works on a group with --group NAME (arbitro --group A pair).
The event's entries are the entry list the groups are made from.

  group make --by rating --size 4          groups of 4 by rating (A the strongest; --seeding snake
                                           for groups of equal strength), round robin each
  group make --by category                 one group per category (the player's title/category)
  group add NAME, group move PLAYER GROUP  groups by hand, before their lot
  group lot, group pair                    the lot, the next round of every group at once
  group stage --size 10                    the next stage from the event's (or --from GROUP's)
                                           final standings: places 1-10 to A, 11-20 to B...
  group stage --top 8 --names Finale       the top 8 into one final group
  group list, group explain, group standings
  group prizes                             the prize list of the event and of every group

See docs/groups.md for the regulations followed.`,
	}
	c.AddCommand(bind(newGroupMakeCmd, runGroupMake)(g), bind(newGroupAddCmd, runGroupAdd)(g),
		bind(newGroupMoveCmd, runGroupMove)(g), bind(newGroupListCmd, runGroupList)(g),
		bind(newGroupExplainCmd, runGroupExplain)(g), bind(newGroupStageCmd, runGroupStage)(g),
		bind(newGroupLotCmd, runGroupLot)(g), bind(newGroupPairCmd, runGroupPair)(g),
		bind(newGroupStandingsCmd, runGroupStandings)(g), bind(newGroupPrizesCmd, runGroupPrizes)(g))
	return c
}

// noGroupFlag refuses --group on a group command: they act on the event.
func noGroupFlag(g *globalOptions) error {
	if strings.TrimSpace(g.group) != "" {
		return usageCoded(tournament.Errf(nil, "err.cli.group_commands_act", "the group commands act on the event: drop --group (give the event with --tournament)"))
	}
	return nil
}

// groupSpecFlags are the system of the groups a command makes.
type groupSpecFlags struct {
	system string
	rounds int
	double bool
	spec   store.GroupSpec
}

func (f *groupSpecFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.system, "system", "round-robin", "each group's pairing system: round-robin, italo-swiss or dutch")
	c.Flags().IntVar(&f.rounds, "rounds", 0, "each group's rounds (the Swiss systems; a round robin takes them from its field)")
	c.Flags().BoolVar(&f.double, "double", false, "a double round robin in each group")
}

// complete parses the system and checks the rounds (usage errors).
func (f *groupSpecFlags) complete() error {
	sys, err := tournament.ParseSystem(f.system)
	if err != nil {
		return usageErr("%v", err)
	}
	switch {
	case f.rounds < 0 || f.rounds > 99:
		return usageCoded(tournament.Errf(nil, "err.cli.group_rounds", "--rounds must be 1 to 99, not {rounds}", "rounds", f.rounds))
	case f.double && !sys.FixedTable():
		return usageCoded(tournament.Errf(nil, "err.cli.double_rr", "--double goes with --system round-robin"))
	case f.double && f.rounds != 0:
		return usageCoded(tournament.Errf(nil, "err.cli.group_double_rounds", "--double takes the rounds from the field; give --rounds N alone for a shorter schedule"))
	case !sys.FixedTable() && f.rounds == 0:
		return usageCoded(tournament.Errf(nil, "err.cli.group_needs_rounds", "a {system} group needs --rounds N", "system", sys.Code()))
	}
	f.spec = store.GroupSpec{System: sys, Rounds: f.rounds, Double: f.double}
	return nil
}

// splitNames reads --names "A,B,C" (nil when not given).
func splitNames(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// groupMakeOptions are the flags of `arbitro group make`.
type groupMakeOptions struct {
	g     *globalOptions
	names string
	rule  tournament.GroupRule
	spec  groupSpecFlags
}

func (o *groupMakeOptions) complete(_ *cobra.Command, _ []string) error {
	if err := noGroupFlag(o.g); err != nil {
		return err
	}
	switch o.rule.By = strings.ToLower(strings.TrimSpace(o.rule.By)); o.rule.By {
	case tournament.GroupByRating:
		if o.rule.Size < 2 {
			return usageCoded(tournament.Errf(nil, "err.cli.by_rating_needs", "--by rating needs --size N (players a group, 2 or more)"))
		}
	case tournament.GroupByCategory:
		if o.rule.Size == 1 || o.rule.Size < 0 {
			return usageCoded(tournament.Errf(nil, "err.cli.group_size", "--size must be 2 or more (or 0: one group per category), not {size}", "size", o.rule.Size))
		}
	default:
		return usageCoded(tournament.Errf(nil, "err.cli.group_by", "--by must be rating or category, not {by}", "by", strconv.Quote(o.rule.By)))
	}
	if o.rule.Seeding = strings.ToLower(strings.TrimSpace(o.rule.Seeding)); o.rule.Seeding != tournament.SeedingBlock && o.rule.Seeding != tournament.SeedingSnake {
		return usageCoded(tournament.Errf(nil, "err.cli.group_seeding", "--seeding must be block or snake, not {seeding}", "seeding", strconv.Quote(o.rule.Seeding)))
	}
	o.rule.Names = splitNames(o.names)
	return o.spec.complete()
}

func newGroupMakeCmd(g *globalOptions, runF func(*cobra.Command, *groupMakeOptions) error) *cobra.Command {
	o := &groupMakeOptions{g: g}
	c := &cobra.Command{
		Use:   "make",
		Short: "Make the groups of stage 1 from the event's entry list, by rating or category (one transaction)",
		Long: `Split the event's players into groups by rule, in one transaction; the same entry list
makes the same groups. --by rating --size N: groups of at most N players, sizes as even as
possible (the larger groups first: A, B... are full, the last ones one player smaller),
in order of rating (then name): --seeding block puts the strongest in A, the next in B
(groups by strength); --seeding snake deals 1 to A, 2 to B... and back (groups of equal
strength). --by category: one group per category (the player's title or category), the
strongest category first; with --size, a larger category is split by rating. Groups are
named A, B, C... or by --names. Each group is a tournament with --system (round robin by
default) and a seed derived from the event's; draw the lots with 'arbitro group lot'.`,
		Args: cobra.NoArgs,
	}
	f := c.Flags()
	f.StringVar(&o.rule.By, "by", "rating", "rating or category")
	f.IntVar(&o.rule.Size, "size", 0, "players a group (at most); by category 0: one group per category")
	f.StringVar(&o.rule.Seeding, "seeding", tournament.SeedingBlock, "block (groups by strength) or snake (groups of equal strength)")
	f.StringVar(&o.names, "names", "", "group names in order, comma-separated (default A, B, C...)")
	o.spec.register(c)
	return withRun(c, o, runF)
}

func runGroupMake(cmd *cobra.Command, g *globalOptions, o *groupMakeOptions) error {
	var eg tournament.EventGroups
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		eg, t, err = st.MakeGroups(cmd.Context(), g.tournament, o.rule, o.spec.spec)
		return t, err
	})
	return writeGroups(cmd, g, eg, err)
}

// writeGroups prints the groups made (with who went where and why) or their JSON.
func writeGroups(cmd *cobra.Command, g *globalOptions, eg tournament.EventGroups, err error) error {
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, eg)
	}
	return reports.WriteGroupsText(cmd.OutOrStdout(), g.cliLocale(), eg, true)
}

// groupAddOptions are the argument and flags of `arbitro group add`.
type groupAddOptions struct {
	g     *globalOptions
	name  string
	stage int
	spec  groupSpecFlags
}

func (o *groupAddOptions) complete(_ *cobra.Command, args []string) error {
	if err := noGroupFlag(o.g); err != nil {
		return err
	}
	o.name = args[0]
	if o.stage < 1 {
		return usageCoded(tournament.Errf(nil, "err.cli.group_stage", "--stage must be 1 or more, not {stage}", "stage", o.stage))
	}
	return o.spec.complete()
}

func newGroupAddCmd(g *globalOptions, runF func(*cobra.Command, *groupAddOptions) error) *cobra.Command {
	o := &groupAddOptions{g: g}
	c := &cobra.Command{
		Use:   "add NAME",
		Short: "Add an empty group to the event, made by hand ('group move' puts players in)",
		Args:  cobra.ExactArgs(1),
	}
	c.Flags().IntVar(&o.stage, "stage", 1, "the stage of the group")
	o.spec.register(c)
	return withRun(c, o, runF)
}

func runGroupAdd(cmd *cobra.Command, g *globalOptions, o *groupAddOptions) error {
	var gm tournament.GroupMembers
	var ev tournament.Tournament
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		gm, ev, err = st.AddGroup(cmd.Context(), g.tournament, o.name, o.stage, o.spec.spec)
		return ev, err
	})
	return writeGroups(cmd, g, tournament.EventGroups{Event: ev, Groups: []tournament.GroupMembers{gm}}, err)
}

// groupMoveOptions are the arguments of `arbitro group move`.
type groupMoveOptions struct {
	g              *globalOptions
	player, target string
}

func (o *groupMoveOptions) complete(_ *cobra.Command, args []string) error {
	o.player, o.target = args[0], args[1]
	return noGroupFlag(o.g)
}

func newGroupMoveCmd(g *globalOptions, runF func(*cobra.Command, *groupMoveOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "move PLAYER GROUP",
		Short: "Put a player of the event (number, entry id or name) into a group, before its lot",
		Args:  cobra.ExactArgs(2),
	}, &groupMoveOptions{g: g}, runF)
}

func runGroupMove(cmd *cobra.Command, g *globalOptions, o *groupMoveOptions) error {
	var m tournament.GroupMove
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		m, t, err = st.MoveToGroup(cmd.Context(), g.tournament, o.player, o.target)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, m)
	}
	return reports.WriteGroupMoved(cmd.OutOrStdout(), g.cliLocale(), m)
}

// groupReadOptions are the options of the group commands that read: a group to show
// (explain), a stage (0: every one, or the last for pair and lot).
type groupReadOptions struct {
	g     *globalOptions
	only  string
	stage int
	force bool
}

func (o *groupReadOptions) complete(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		o.only = args[0]
	}
	if o.stage < 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.group_stage", "--stage must be 1 or more, not {stage}", "stage", o.stage))
	}
	return noGroupFlag(o.g)
}

func newGroupListCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list",
		Short: "List the groups of the event: stage, system, players, rounds, how each was made",
		Args:  cobra.NoArgs,
	}, &groupReadOptions{g: g}, runF)
}

func runGroupList(cmd *cobra.Command, g *globalOptions, _ *groupReadOptions) error {
	return readGroups(cmd, g, "", false)
}

func newGroupExplainCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "explain [GROUP]",
		Short: "Say who went to which group and why (rank by rating, row of the snake, place in the standings, points carried)",
		Args:  cobra.MaximumNArgs(1),
	}, &groupReadOptions{g: g}, runF)
}

func runGroupExplain(cmd *cobra.Command, g *globalOptions, o *groupReadOptions) error {
	return readGroups(cmd, g, o.only, true)
}

// readGroups reads the event's groups (store.Groups) and prints the index or, with
// members, the account of every group (only: that group alone).
func readGroups(cmd *cobra.Command, g *globalOptions, only string, members bool) error {
	var eg tournament.EventGroups
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		eg, t, err = st.Groups(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return err
	}
	if only != "" {
		var keep []tournament.GroupMembers
		for _, gm := range eg.Groups {
			if strings.EqualFold(gm.Name, strings.TrimSpace(only)) {
				keep = append(keep, gm)
			}
		}
		if keep == nil {
			return fail(tournament.Errf(tournament.ErrNotFound, "err.cli.no_group", "{err}: {name} has no group {group}", "name", eg.Event.Name, "group", strconv.Quote(only)), g.cliLocale().T("hint.not_found"))
		}
		eg.Groups = keep
	}
	if g.json {
		return printJSON(cmd, eg)
	}
	return reports.WriteGroupsText(cmd.OutOrStdout(), g.cliLocale(), eg, members)
}

// groupStageOptions are the flags of `arbitro group stage`.
type groupStageOptions struct {
	g     *globalOptions
	from  string
	names string
	rule  tournament.StageRule
	spec  groupSpecFlags
}

func (o *groupStageOptions) complete(_ *cobra.Command, _ []string) error {
	if err := noGroupFlag(o.g); err != nil {
		return err
	}
	switch {
	case o.rule.Top != 0 && o.rule.Size != 0:
		return usageCoded(tournament.Errf(nil, "err.cli.size_or_top_both", "give --size N (groups by place) or --top K (one final group), not both"))
	case o.rule.Top == 0 && o.rule.Size < 2:
		return usageCoded(tournament.Errf(nil, "err.cli.size_or_top", "give --size N (players a group, 2 or more) or --top K"))
	case o.rule.Top < 0 || o.rule.Top == 1:
		return usageCoded(tournament.Errf(nil, "err.cli.group_top", "--top must be 2 or more, not {top}", "top", o.rule.Top))
	}
	switch o.rule.Carry = strings.ToLower(strings.TrimSpace(o.rule.Carry)); o.rule.Carry {
	case tournament.CarryNone, tournament.CarryAll, tournament.CarryMutual:
	default:
		return usageCoded(tournament.Errf(nil, "err.cli.group_carry", "--carry must be none, all or mutual, not {carry}", "carry", strconv.Quote(o.rule.Carry)))
	}
	o.rule.Names = splitNames(o.names)
	return o.spec.complete()
}

func newGroupStageCmd(g *globalOptions, runF func(*cobra.Command, *groupStageOptions) error) *cobra.Command {
	o := &groupStageOptions{g: g}
	c := &cobra.Command{
		Use:   "stage",
		Short: "Make the next stage's groups from a finished group's (or the event's) final standings",
		Long: `Feed the next stage from final standings, in one transaction: the event's own (a Swiss
played on the whole entry list) or those of the group --from names. --size N: places 1..N
to group A, N+1..2N to B...; --top K: places 1..K into one group. The standings' order
(every tie-break, then the lot) decides a place shared across a boundary, and the
explanation says so. --carry: none (default), all (the whole score), or mutual (the
points scored against the players of the same new group), carried as points before
round 1. Withdrawn players are left out.`,
		Args: cobra.NoArgs,
	}
	f := c.Flags()
	f.StringVar(&o.from, "from", "", "the group whose final standings feed the stage (default: the event's own)")
	f.IntVar(&o.rule.Size, "size", 0, "players a group, by place")
	f.IntVar(&o.rule.Top, "top", 0, "only the top K, into one group")
	f.StringVar(&o.rule.Carry, "carry", tournament.CarryNone, "points carried: none, all or mutual")
	f.StringVar(&o.names, "names", "", "group names in order, comma-separated (default A, B, C...)")
	o.spec.register(c)
	return withRun(c, o, runF)
}

func runGroupStage(cmd *cobra.Command, g *globalOptions, o *groupStageOptions) error {
	var eg tournament.EventGroups
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		eg, t, err = st.MakeStage(cmd.Context(), g.tournament, o.from, o.rule, o.spec.spec)
		return t, err
	})
	return writeGroups(cmd, g, eg, err)
}

func newGroupLotCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	o := &groupReadOptions{g: g}
	c := &cobra.Command{
		Use:   "lot",
		Short: "Draw the lot of every group of the stage that has none (each from its own seed)",
		Args:  cobra.NoArgs,
	}
	c.Flags().IntVar(&o.stage, "stage", 0, "the stage (default: the last)")
	return withRun(c, o, runF)
}

func runGroupLot(cmd *cobra.Command, g *globalOptions, o *groupReadOptions) error {
	var lots []tournament.GroupLot
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		lots, t, err = st.DrawGroupLots(cmd.Context(), g.tournament, o.stage)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, lots)
	}
	return reports.WriteGroupLots(cmd.OutOrStdout(), g.cliLocale(), lots)
}

func newGroupPairCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	o := &groupReadOptions{g: g}
	c := &cobra.Command{
		Use:   "pair",
		Short: "Pair the next round of every group of the stage that has rounds left, in one transaction",
		Args:  cobra.NoArgs,
	}
	c.Flags().IntVar(&o.stage, "stage", 0, "the stage (default: the last)")
	c.Flags().BoolVar(&o.force, "force", false, "pair even while an earlier round has a result missing")
	return withRun(c, o, runF)
}

func runGroupPair(cmd *cobra.Command, g *globalOptions, o *groupReadOptions) error {
	var rounds []tournament.GroupRound
	var ev tournament.Tournament
	err := g.writeExplaining(explainPair, func(st *store.Store) (t tournament.Tournament, err error) {
		rounds, ev, err = st.PairGroups(cmd.Context(), g.tournament, o.stage, tournament.PairOptions{Force: o.force})
		return ev, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, rounds)
	}
	loc, err := g.reportLocale(&ev)
	if err != nil {
		return err
	}
	sheets := make([]reports.GroupSheet, len(rounds))
	for i, r := range rounds {
		p := reports.PairingsSheetOf(r.View, loc)
		sheets[i] = reports.GroupSheet{Group: r.Group, Pairings: &p}
	}
	return reports.WriteGroupSheetsText(cmd.OutOrStdout(), loc, sheets)
}

func newGroupStandingsCmd(g *globalOptions, runF func(*cobra.Command, *groupReadOptions) error) *cobra.Command {
	o := &groupReadOptions{g: g}
	c := &cobra.Command{
		Use:   "standings",
		Short: "The standings of every group of the event, one after the other (each after its last complete round)",
		Args:  cobra.NoArgs,
	}
	c.Flags().IntVar(&o.stage, "stage", 0, "only the groups of this stage (default: every stage)")
	return withRun(c, o, runF)
}

func runGroupStandings(cmd *cobra.Command, g *globalOptions, o *groupReadOptions) error {
	var all []tournament.GroupStandings
	var ev tournament.Tournament
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		all, ev, err = st.EventStandings(cmd.Context(), g.tournament, o.stage)
		return ev, err
	})
	if err != nil {
		return err
	}
	loc, err := g.reportLocale(&ev)
	if err != nil {
		return err
	}
	sheets := make([]reports.GroupSheet, len(all))
	for i, s := range all {
		sheet := reports.StandingsOf(s.Standings, loc)
		sheets[i] = reports.GroupSheet{Group: s.Group.Name, Standings: &sheet}
	}
	if g.json {
		return printJSON(cmd, all)
	}
	return reports.WriteGroupSheetsText(cmd.OutOrStdout(), loc, sheets)
}
