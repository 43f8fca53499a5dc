package main

import (
	"context"
	"fmt"
	"strings"

	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(newTournamentCmd()) }

func newTournamentCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "tournament",
		Aliases: []string{"torneo"},
		Short:   "Create, list, show and change tournaments",
	}
	cmd.AddCommand(newTournamentCreateCmd(), newTournamentListCmd(), newTournamentShowCmd(), newTournamentSetCmd(), newTournamentLogCmd())
	return cmd
}

func newTournamentCreateCmd() *cobra.Command {
	t := &tournament.Tournament{}
	var tiebreaks, acceleration, variant string
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
		RunE: func(cmd *cobra.Command, args []string) error {
			t.Name = args[0]
			t.Lang = flagLang // "" = the default of the variant (tournament.DefaultLang)
			v, err := tournament.ParseVariant(variant)
			if err != nil {
				return explain(err)
			}
			t.Variant = v
			t.System = strings.ToLower(t.System)
			if t.ItaloFormat != "" && t.System != tournament.SystemItaloSwiss {
				return usageErr("--italo-format goes with --system italo-swiss")
			}
			if cmd.Flags().Changed("tiebreaks") {
				tb, err := tournament.ParseTieBreaks(tiebreaks)
				if err != nil {
					return explain(err)
				}
				t.TieBreaks = tb
			}
			if cmd.Flags().Changed("seed") && t.Seed <= 0 {
				return usageErr("--seed must be a whole number of at least 1")
			}
			if err := t.Validate(); err != nil { // before the file is created
				return explain(err)
			}
			st, err := openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			if err := st.Update(context.Background(), func(tx *tournament.Tx) error {
				if err := tx.CreateTournament(t); err != nil {
					return err
				}
				if acceleration != "" { // Dutch, FIDE C.04.5 (issue 19)
					return tx.SetAcceleration(t, strings.ToLower(acceleration))
				}
				return nil
			}); err != nil {
				return explain(err)
			}
			if flagJSON {
				return printJSON(cmd, t)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "created tournament %d %q: %s, %s, %s, scoring %s, tie-breaks %s, seed %d\n",
				t.ID, t.Name, t.Variant, t.System, plural(t.Rounds, "round", "rounds"), t.Scoring, orNone(strings.Join(t.TieBreaks, ", ")), t.Seed)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&variant, "variant", "italian", "italian or international")
	f.StringVar(&t.System, "system", "", "round-robin, italo-swiss or dutch (required)")
	f.IntVar(&t.Rounds, "rounds", 0, "number of rounds (required)")
	f.StringVar(&t.Place, "place", "", "where it is played")
	f.StringVar(&t.Start, "start", "", "first day, 2026-11-21 or 21/11/2026")
	f.StringVar(&t.End, "end", "", "last day")
	f.StringVar(&t.Arbiter, "arbiter", "", "chief arbiter (arbitro principale)")
	f.StringVar(&t.Federation, "federation", "", "organising federation, e.g. FID or FMJD")
	f.StringVar(&t.TimeControl, "time-control", "", "time control as announced, e.g. 60'+30\"")
	f.StringVar(&t.Scoring, "scoring", "2-1-0", "how points are shown: 2-1-0, 1-0.5-0 or 3-1-0")
	f.StringVar(&tiebreaks, "tiebreaks", "", "tie-breaks in order, comma-separated, from: "+tieBreakNames()+"\n(default by system: italo-swiss "+strings.Join(tournament.DefaultTieBreaks(tournament.SystemItaloSwiss), ",")+
		"; dutch "+strings.Join(tournament.DefaultTieBreaks(tournament.SystemDutch), ",")+"; round-robin "+strings.Join(tournament.DefaultTieBreaks(tournament.SystemRoundRobin), ",")+")")
	f.Int64Var(&t.Seed, "seed", 0, "seed of the lot and pairings (default: random, stored)")
	f.IntVar(&t.ByePoints, "bye-points", 2, "game points for the bye (riposo): 2 win, 1 draw, 0")
	f.IntVar(&t.ForfeitPoints, "forfeit-points", 2, "game points for a win by forfeit")
	f.IntVar(&t.GamesPerPairing, "games-per-pairing", 1, "1, or 2 (andata e ritorno, colours reversed)")
	f.StringVar(&acceleration, "acceleration", "", "dutch: accelerated pairings, baku (FIDE C.04.5)")
	f.StringVar(&t.ItaloFormat, "italo-format", "", "italo-swiss only: art8 (default: the FID program's odd-field rest, RM),\nart9 (also the 0-point turn rest, RT), art2, or rotation (arbitro's earlier reading)")
	f.StringVar(&t.Openings, "openings", "", "opening ballot: fid-italian (one opening per round from FID Tabella 4) or none")
	f.StringVar(&t.ClubSeparation, "club-separation", "", "club: a round robin's lot places clubmates to meet first;\nthe Italo-Swiss avoids pairing clubmates while it can (none: off)")
	cmd.MarkFlagRequired("system")
	cmd.MarkFlagRequired("rounds")
	return cmd
}

// tieBreakNames lists the tie-breaks the standings compute, for the help text.
func tieBreakNames() string {
	var names []string
	for _, tb := range tournament.AllTieBreaks() {
		names = append(names, string(tb))
	}
	return strings.Join(names, ", ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func newTournamentListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the tournaments of the database",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := openReading()
			if err != nil {
				return err
			}
			defer st.Close()
			var all []tournament.Tournament
			if err := st.View(context.Background(), func(tx *tournament.Tx) (err error) { all, err = tx.Tournaments(); return }); err != nil {
				return explain(err)
			}
			if flagJSON {
				if all == nil {
					all = []tournament.Tournament{}
				}
				return printJSON(cmd, all)
			}
			if len(all) == 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "no tournaments in %s\n", flagDB)
				return nil
			}
			w := newTable(cmd.OutOrStdout())
			fmt.Fprintln(w, "ID\tNAME\tVARIANT\tSYSTEM\tROUNDS\tPAIRED\tPLAYERS\tSTART\tPLACE")
			for _, t := range all {
				fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", t.ID, t.Name, t.Variant, t.System, t.Rounds, t.RoundsPaired, t.Players, dash(t.Start), dash(t.Place))
			}
			return w.Flush()
		},
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func newTournamentShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show",
		Short: "Show the settings of the tournament (--tournament, or the only one)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return view(func(tx *tournament.Tx, t *tournament.Tournament) error {
				if flagJSON {
					return printJSON(cmd, t)
				}
				w := newTable(cmd.OutOrStdout())
				rows := [][2]string{
					{"id", fmt.Sprint(t.ID)}, {"name", t.Name}, {"variant", t.Variant.Name()}, {"system", t.System},
					{"rounds", fmt.Sprintf("%d (%d paired)", t.Rounds, t.RoundsPaired)}, {"players", fmt.Sprint(t.Players)},
					{"scoring", t.Scoring}, {"bye-points", fmt.Sprint(t.ByePoints)}, {"forfeit-points", fmt.Sprint(t.ForfeitPoints)},
					{"games-per-pairing", fmt.Sprint(t.GamesPerPairing)}, {"tiebreaks", orNone(strings.Join(t.TieBreaks, ", "))},
					{"italo-format", dash(t.ItaloFormat)}, {"openings", dash(t.Openings)}, {"club-separation", dash(t.ClubSeparation)},
					{"seed", fmt.Sprint(t.Seed)}, {"lot drawn", dash(t.LotDrawnAt)}, {"start", dash(t.Start)}, {"end", dash(t.End)},
					{"place", dash(t.Place)}, {"federation", dash(t.Federation)}, {"arbiter", dash(t.Arbiter)},
					{"time-control", dash(t.TimeControl)}, {"lang", t.Lang}, {"created", t.CreatedAt},
				}
				for _, r := range rows {
					fmt.Fprintf(w, "%s:\t%s\n", r[0], r[1])
				}
				return w.Flush()
			})
		},
	}
}

func newTournamentSetCmd() *cobra.Command {
	return &cobra.Command{
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
		RunE: func(cmd *cobra.Command, args []string) error {
			var nt *tournament.Tournament
			err := update(func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				nt, err = tx.SetTournamentField(t, args[0], args[1])
				return err
			})
			if err != nil {
				return err
			}
			if flagJSON {
				return printJSON(cmd, nt)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %s set to %q\n", nt.Name, strings.ToLower(args[0]), args[1])
			return nil
		},
	}
}

func newTournamentLogCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "log",
		Short: "Show the event log of the tournament: every change, who made it and when",
		Long: `Show the append-only event log of the tournament: time (UTC), who (the arbiter, from
$ARBITRO_ARBITER or $USER), the action, and the state before and after it (with --json;
the table shows the action only).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return view(func(tx *tournament.Tx, t *tournament.Tournament) error {
				evs, err := tx.Events(t.ID)
				if err != nil {
					return err
				}
				if flagJSON {
					if evs == nil {
						evs = []tournament.Event{}
					}
					return printJSON(cmd, evs)
				}
				w := newTable(cmd.OutOrStdout())
				fmt.Fprintln(w, "ID\tAT\tWHO\tACTION")
				for _, e := range evs {
					fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", e.ID, e.At, e.Actor, e.Action)
				}
				return w.Flush()
			})
		},
	}
}
