package main

import (
	"bufio"
	"errors"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// tournamentDeleteOptions are the argument and flags of `arbitro tournament delete`.
type tournamentDeleteOptions struct {
	Name string // NAME: the tournament (its name or id)
	Yes  bool   // --yes: no name typed again
}

func (o *tournamentDeleteOptions) complete(_ *cobra.Command, args []string) error {
	o.Name = args[0]
	return nil
}

func newTournamentDeleteCmd(_ *globalOptions, runF func(*cobra.Command, *tournamentDeleteOptions) error) *cobra.Command {
	o := &tournamentDeleteOptions{}
	c := &cobra.Command{
		Use:   "delete NAME [--yes]",
		Short: "Delete a tournament of the file, with its rounds, results and game scores (asks for its name again)",
		Long: `Delete the tournament NAME (its name or id) from the file: its entries, rounds, boards,
results, game scores, claims, categories, prizes and hall data, in one transaction. The
players stay in the file's register, and the tournament's entries of the event log stay in
the log (and in its hash chain): the deletion itself is logged as a file-wide entry
("tournament.delete") naming what was deleted. It cannot be undone: keep a copy of the file
first.

It asks for the tournament's name to be typed again (on standard input), or takes --yes.
It takes the write lock before reading anything: while another command writes the file it
waits the busy timeout, then is refused, having deleted nothing.`,
		Example: `  arbitro tournament delete "Open di Roma"
  arbitro tournament delete 3 --yes`,
		Args: cobra.ExactArgs(1),
	}
	c.Flags().BoolVar(&o.Yes, "yes", false, "delete without typing the name again")
	return withRun(c, o, runF)
}

// runTournamentDelete asks for the name again (unless --yes), then makes the one store
// call, which checks the name typed against the tournament it selects under the write
// lock.
func runTournamentDelete(cmd *cobra.Command, g *globalOptions, o *tournamentDeleteOptions) error {
	typed := ""
	if !o.Yes {
		msg := g.cliLocale()
		if err := reports.WriteDeletePrompt(g.io.ErrOut, msg, o.Name); err != nil {
			return err
		}
		// A read error (end of input, a closed terminal) leaves the line empty: no name.
		line, _ := bufio.NewReader(g.io.In).ReadString('\n')
		typed = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(typed) == "" {
			return fail(errors.New(msg.T("err.delete_not_confirmed")), msg.T("hint.delete_confirm"))
		}
	}
	var del tournament.DeletedTournament
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		del, t, err = st.DeleteTournament(cmd.Context(), o.Name, typed, o.Yes)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, &del)
	}
	return reports.WriteTournamentDeleted(cmd.OutOrStdout(), g.cliLocale(), &del)
}
