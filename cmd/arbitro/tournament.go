package main

import (
	"errors"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func newTournamentCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "tournament",
		Aliases: []string{"torneo"},
		Short:   "Create, list, show and change tournaments",
	}
	cmd.AddCommand(bind(newTournamentCreateCmd, runTournamentCreate)(g), bind(newTournamentListCmd, runTournamentList)(g),
		bind(newTournamentShowCmd, runTournamentShow)(g), bind(newTournamentSetCmd, runTournamentSet)(g),
		bind(newTournamentLogCmd, runTournamentLog)(g), bind(newTournamentDeleteCmd, runTournamentDelete)(g))
	return cmd
}

// tournamentCreateOptions are the flags of `arbitro tournament create`: the tournament
// itself, its tie-breaks and the Dutch acceleration.
type tournamentCreateOptions struct {
	Tournament   tournament.Tournament
	VariantName  string // --variant, parsed into Tournament.Variant
	SystemName   string // --system, parsed into Tournament.System
	TieBreaks    string // --tiebreaks, comma-separated
	Acceleration string // --acceleration (Dutch)
	Double       bool   // --double: a double round robin, its rounds from the field
	// a team event (issue 32, docs/teams.md): --teams, --boards, --match-points, --team-tiebreaks
	Teams                      bool
	Boards                     int
	MatchPoints, TeamTieBreaks string
	team                       *tournament.TeamSettings
	g                          *globalOptions
}

// complete reads NAME, the variant, system, tie-breaks and seed into the tournament and
// validates it, all before the database file is created: the errors are usage errors,
// or, for a well-formed value that does not fit (tournament.ErrInvalid), exit 1.
func (o *tournamentCreateOptions) complete(cmd *cobra.Command, args []string) error {
	g, t := o.g, &o.Tournament
	t.Name = args[0]
	t.Lang = tournament.Lang(g.lang) // "" = the default of the variant (tournament.DefaultLang)
	if l, err := g.langFlag(); err == nil {
		t.Lang = l // parsed once; a malformed one is refused by Validate below
	}
	v, err := tournament.ParseVariant(o.VariantName)
	if err != nil {
		return g.explain(err)
	}
	t.Variant = v
	sys, sysErr := tournament.ParseSystem(o.SystemName) // reported where Validate reports a missing system
	t.System = sys
	if err := o.completeRounds(cmd, sysErr == nil); err != nil {
		return err
	}
	if t.ItaloFormat != "" && !t.System.HasItaloFormat() {
		return usageCoded(tournament.Errf(nil, "err.cli.italo_format", "--italo-format goes with --system italo-swiss"))
	}
	if cmd.Flags().Changed("tiebreaks") {
		tb, err := tournament.ParseTieBreaks(o.TieBreaks)
		if err != nil {
			return g.explain(err)
		}
		t.TieBreaks = tb
	}
	if cmd.Flags().Changed("seed") && t.Seed <= 0 {
		return usageCoded(tournament.Errf(nil, "err.cli.seed_flag", "--seed must be a whole number of at least 1"))
	}
	if err := o.completeTeams(cmd); err != nil {
		return err
	}
	err = t.Validate()
	if ue := (*tournament.UnknownSystemError)(nil); sysErr != nil && errors.As(err, &ue) {
		err = sysErr
	}
	return g.explain(err)
}

// completeRounds checks --rounds and --double: a round robin takes its rounds from the
// field at the lot (single, or double with --double) unless --rounds gives a shorter
// schedule (checked at the lot: tournament.RoundRobinRounds); the Swiss systems need
// --rounds (the error cobra gives a missing required flag). known: the system parsed.
func (o *tournamentCreateOptions) completeRounds(cmd *cobra.Command, known bool) error {
	t := &o.Tournament
	given := cmd.Flags().Changed("rounds")
	switch {
	case o.Double && !t.System.FixedTable():
		return usageCoded(tournament.Errf(nil, "err.cli.double_rr", "--double goes with --system round-robin"))
	case o.Double && given:
		return usageCoded(tournament.Errf(nil, "err.cli.double_rounds", "--double takes the rounds from the field; for a shorter schedule give --rounds N alone (more rounds than one cycle make it a double round robin)"))
	case o.Double:
		t.FieldCycles = 2
	case !given && known && !t.System.FixedTable():
		return cobraUsageError(errors.New(`required flag(s) "rounds" not set`))
	}
	return nil
}

// completeTeams reads the flags of a team event: --boards N with --teams, and only then
// --match-points and --team-tiebreaks (usage errors).
func (o *tournamentCreateOptions) completeTeams(cmd *cobra.Command) error {
	f := cmd.Flags()
	if !o.Teams {
		for _, name := range []string{"boards", "match-points", "team-tiebreaks"} {
			if f.Changed(name) {
				return usageErr("--%s goes with --teams (a team event)", name)
			}
		}
		return nil
	}
	if !f.Changed("boards") {
		return usageErr("a team event needs --boards N (boards per match, e.g. --boards 4)")
	}
	set, err := tournament.NewTeamSettings(o.Boards, o.MatchPoints, o.TeamTieBreaks)
	if err != nil {
		return usageErr("%v", err)
	}
	o.team = &set
	return nil
}

func newTournamentCreateCmd(g *globalOptions, runF func(*cobra.Command, *tournamentCreateOptions) error) *cobra.Command {
	o := &tournamentCreateOptions{g: g}
	t := &o.Tournament
	cmd := &cobra.Command{
		Use:   "create NAME",
		Short: "Create a tournament in the database (the file is created if needed)",
		Long: `Create a tournament. Variant: italian (dama italiana, 8x8) or international (10x10).
System: round-robin (girone all'italiana, Berger tables), italo-swiss (FID italo-svizzero
with continuous rotation) or dutch (FIDE Dutch Swiss). Scoring is how points are shown:
2-1-0 (default, FID), 1-0.5-0 or 3-1-0; results are always kept as game points 2-1-0.
The seed fixes the lot and every random choice of the pairings; by default a random one is
drawn and stored, so every pairing can be reproduced. --lang stores the language of the
sheets and messages: it (default for italian), en (default for international), fr or nl.`,
		Example: `  arbitro tournament create "Open di Palermo 2026" --variant italian --system italo-swiss --rounds 7 \
      --place Palermo --start 2026-11-21 --end 2026-11-22 --arbiter "Bianchi, Luca"`,
		Args: cobra.ExactArgs(1),
	}
	f := cmd.Flags()
	f.StringVar(&o.VariantName, "variant", "italian", "italian or international")
	f.StringVar(&o.SystemName, "system", "", tournament.SystemList()+" (required)")
	f.IntVar(&t.Rounds, "rounds", 0, "number of rounds (required, except for a round robin: its rounds come from the\nfield at the lot; --rounds there only for a shorter schedule)")
	f.BoolVar(&o.Double, "double", false, "round robin: a double round robin (andata e ritorno), its rounds from the field")
	f.StringVar(&t.Place, "place", "", "where it is played")
	f.StringVar(&t.Start, "start", "", "first day, 2026-11-21 or 21/11/2026")
	f.StringVar(&t.End, "end", "", "last day")
	f.StringVar(&t.Arbiter, "arbiter", "", "chief arbiter (arbitro principale)")
	f.StringVar(&t.Federation, "federation", "", "organising federation, e.g. FID or FMJD")
	f.StringVar(&t.TimeControl, "time-control", "", "time control as announced, e.g. 60'+30\"")
	f.StringVar(&t.Scoring, "scoring", "2-1-0", "how points are shown: 2-1-0, 1-0.5-0 or 3-1-0")
	f.StringVar(&o.TieBreaks, "tiebreaks", "", "tie-breaks in order, comma-separated, from: "+tournament.TieBreakNames()+"\n(default by system: "+defaultTieBreaksHelp()+")")
	f.Int64Var(&t.Seed, "seed", 0, "seed of the lot and pairings (default: random, stored)")
	f.IntVar(&t.ByePoints, "bye-points", 2, "game points for the bye (riposo): 2 win, 1 draw, 0")
	f.IntVar(&t.ForfeitPoints, "forfeit-points", 2, "game points for a win by forfeit")
	f.IntVar(&t.GamesPerPairing, "games-per-pairing", 1, "1, or 2 (andata e ritorno, colours reversed)")
	f.StringVar(&o.Acceleration, "acceleration", "", "dutch: accelerated pairings, baku (FIDE C.04.7)")
	f.StringVar(&t.ItaloFormat, "italo-format", "", "italo-swiss only: art8 (default: the FID program's odd-field rest, RM),\nart9 (also the 0-point turn rest, RT), art2, or rotation (arbitro's earlier reading)")
	f.StringVar(&t.Openings, "openings", "", "opening ballot: fid-italian (one opening per round from FID Tabella 4) or none")
	f.StringVar(&t.ClubSeparation, "club-separation", "", "club: a round robin's lot places clubmates to meet first;\nthe Italo-Swiss avoids pairing clubmates while it can (none: off)")
	f.BoolVar(&o.Teams, "teams", false, "a team event: its entrants are teams of --boards players (arbitro team add)")
	f.IntVar(&o.Boards, "boards", 0, "team event: boards per match")
	f.StringVar(&o.MatchPoints, "match-points", "2-1-0", "team event: match points for a match won, drawn, lost")
	f.StringVar(&o.TeamTieBreaks, "team-tiebreaks", "board-points,sonneborn-berger,direct", "team event: team tie-breaks in order,\nfrom board-points, sonneborn-berger, direct")
	cmd.MarkFlagRequired("system")
	return withRun(cmd, o, runF)
}

// runTournamentCreate creates the database file if needed and the tournament, with its
// acceleration (store.CreateTournament), and confirms it.
func runTournamentCreate(cmd *cobra.Command, g *globalOptions, o *tournamentCreateOptions) error {
	var t tournament.Tournament
	if err := g.create(func(st *store.Store) (err error) {
		if o.team != nil {
			t, err = st.CreateTeamEvent(cmd.Context(), o.Tournament, *o.team)
			return err
		}
		t, err = st.CreateTournament(cmd.Context(), o.Tournament, strings.ToLower(o.Acceleration))
		return err
	}); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, &t)
	}
	_ = g.selected(t, nil) // the new tournament's language words the confirmation when $LANG names none
	if err := reports.WriteTournamentCreated(cmd.OutOrStdout(), g.cliLocale(), &t); err != nil || o.team == nil {
		return err
	}
	return reports.WriteTeamEventCreated(cmd.OutOrStdout(), g.cliLocale(), *o.team)
}

func newTournamentListCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list",
		Short: "List the tournaments of the database",
		Args:  cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runTournamentList(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var all []tournament.Tournament
	if err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		all, err = st.Tournaments(cmd.Context())
		return tournament.Tournament{}, err // none selected
	}); err != nil {
		return err
	}
	if g.json {
		if all == nil {
			all = []tournament.Tournament{}
		}
		return printJSON(cmd, all)
	}
	return reports.WriteTournamentsText(cmd.OutOrStdout(), g.cliLocale(), g.db, all)
}

func newTournamentShowCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "show",
		Short: "Show the settings of the tournament (--tournament, or the only one)",
		Args:  cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runTournamentShow(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var t tournament.Tournament
	if err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		t, err = st.ShowTournament(cmd.Context(), g.tournament)
		return t, err
	}); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, &t)
	}
	return reports.WriteTournamentText(cmd.OutOrStdout(), g.cliLocale(), &t)
}

// fieldSetOptions are the arguments of `arbitro tournament set` and `arbitro player set`.
type fieldSetOptions struct {
	Who          string // PLAYER: number or name (player set only; playerRefHelp)
	Field, Value string // FIELD VALUE, as typed
}

// complete reads [WHO] FIELD VALUE: the last two arguments are the field and the value.
func (o *fieldSetOptions) complete(_ *cobra.Command, args []string) error {
	if len(args) == 3 {
		o.Who, args = args[0], args[1:]
	}
	o.Field, o.Value = args[0], args[1]
	return nil
}

func newTournamentSetCmd(g *globalOptions, runF func(*cobra.Command, *fieldSetOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "set FIELD VALUE",
		Short: "Change one setting of the tournament",
		Long: `Change one setting. Any time: name, place, start, end, arbiter, federation, time-control,
lang (the language of the sheets: it, en, fr, nl).
Only before round 1 is paired (they bear on pairings and standings): variant, system,
rounds, scoring, tiebreaks, bye-points, forfeit-points, games-per-pairing, italo-format, openings, club-separation, seed (the seed
also only before the lot is drawn).`,
		Example: `  arbitro tournament set place "Palermo, Circolo Damistico"
  arbitro tournament set tiebreaks quoziente,sonneborn-berger`,
		Args: cobra.ExactArgs(2),
	}, &fieldSetOptions{}, runF)
}

func runTournamentSet(cmd *cobra.Command, g *globalOptions, o *fieldSetOptions) error {
	var nt *tournament.Tournament
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		nt, t, err = st.SetTournamentField(cmd.Context(), g.tournament, o.Field, o.Value)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, nt)
	}
	return reports.WriteFieldSet(cmd.OutOrStdout(), g.cliLocale(), nt.Name, o.Field, o.Value)
}

func newTournamentLogCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "log",
		Short: "Show the event log of the tournament: every change, who made it and when",
		Long: `Show the append-only event log of the tournament: time (UTC), who (the arbiter, from
$ARBITRO_ARBITER or $USER), the action, and the state before and after it (with --json;
the table shows the action only).`,
		Args: cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runTournamentLog(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var evs []tournament.Event
	if err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		evs, t, err = st.EventLog(cmd.Context(), g.tournament)
		return t, err
	}); err != nil {
		return err
	}
	if g.json {
		if evs == nil {
			evs = []tournament.Event{}
		}
		return printJSON(cmd, evs)
	}
	return reports.WriteEventLogText(cmd.OutOrStdout(), g.cliLocale(), evs)
}

// defaultTieBreaksHelp lists each system's default tie-breaks for --tiebreaks' help, the
// Swiss systems first, then those of a fixed table: "italo-swiss quoziente,...; dutch ...;
// round-robin ...".
func defaultTieBreaksHelp() string {
	var swiss, fixed []string
	for _, s := range tournament.Systems() {
		part := s.Code() + " " + strings.Join(s.DefaultTieBreaks(), ",")
		if s.FixedTable() {
			fixed = append(fixed, part)
		} else {
			swiss = append(swiss, part)
		}
	}
	return strings.Join(append(swiss, fixed...), "; ")
}
