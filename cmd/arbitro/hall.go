package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// newHallCmd is `arbitro hall`: the settings of the hall (serve --hall, docs/hall.md).
func newHallCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hall",
		Short: "Settings of the hall (arbitro serve --hall): the arbiter's password, the spectators' delay",
	}
	cmd.AddCommand(bind(newHallPasswordCmd, runHallPassword)(g), bind(newHallDelayCmd, runHallDelay)(g))
	return cmd
}

func newHallPasswordCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "password",
		Short: "Set the arbiter's password of the hall's console",
		Long: `Set the password the arbiter logs in with on the hall's console (/hall/login of
'arbitro serve --hall'), for every event of the file, besides the one-time link serve
prints. At least 10 characters. On a terminal it is asked twice and not shown; otherwise
the first line of the standard input is the password. The file keeps a bcrypt hash only.`,
		Example: `  arbitro hall password
  arbitro hall password < password.txt`,
		Args: cobra.NoArgs,
	}, &noArgs{}, runF)
}

// runHallPassword reads the password and stores it (one use case).
func runHallPassword(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	pw, err := readPassword(g.io.In, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	// writeFile opens the file as write does (openExisting); the password is file-wide.
	if err := g.writeFile(func(st *store.Store) error { return st.SetHallPassword(cmd.Context(), pw) }); err != nil {
		return err
	}
	return reports.WriteHallPasswordSet(cmd.OutOrStdout(), g.cliLocale(), g.db)
}

// hallDelayOptions are the flags of `arbitro hall delay`.
type hallDelayOptions struct {
	Minutes, Moves int
	delay          tournament.SheetDelay
}

// complete checks the flags: one delay given, valid (tournament.ParseSheetDelay).
func (o *hallDelayOptions) complete(cmd *cobra.Command, _ []string) error {
	if !cmd.Flags().Changed("minutes") && !cmd.Flags().Changed("moves") {
		return usageErr("give the delay: --minutes N or --moves N")
	}
	d, err := tournament.ParseSheetDelay(o.Minutes, o.Moves)
	if err != nil {
		return usageErr("%v", err)
	}
	o.delay = d
	return nil
}

func newHallDelayCmd(g *globalOptions, runF func(*cobra.Command, *hallDelayOptions) error) *cobra.Command {
	o := &hallDelayOptions{}
	cmd := &cobra.Command{
		Use:   "delay",
		Short: "Set the delay with which the hall shows the games to spectators",
		Long: `Set the delay with which the hall's public page of the games (/hall/ID/games of
'arbitro serve --hall') shows the games recorded on the electronic score sheets, so that
the broadcast cannot help a player: --minutes N shows the position of N minutes ago,
--moves N the position before the last N moves of each player; --minutes 0 shows them
live. Once a game is over it is shown in full. Without a setting the delay is 15 minutes.
The published site and its data.json never show a game before it is stored.`,
		Example: `  arbitro hall delay --minutes 15
  arbitro hall delay --moves 5`,
		Args: cobra.NoArgs,
	}
	f := cmd.Flags()
	f.IntVar(&o.Minutes, "minutes", 0, "show the position of N minutes ago")
	f.IntVar(&o.Moves, "moves", 0, "show the position before the last N moves of each player")
	return withRun(cmd, o, runF)
}

// runHallDelay stores the delay (one use case) and confirms it.
func runHallDelay(cmd *cobra.Command, g *globalOptions, o *hallDelayOptions) error {
	d := o.delay
	var t tournament.Tournament
	if err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		t, err = st.SetSheetDelay(cmd.Context(), g.tournament, d)
		return t, err
	}); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, d)
	}
	return reports.WriteSheetDelaySet(cmd.OutOrStdout(), g.cliLocale(), t.Name, d)
}

// readPassword reads the password: twice without echo from a terminal, else the first
// line of in.
func readPassword(in io.Reader, prompt io.Writer) (string, error) {
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(prompt, "arbiter's password: ")
		a, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", err
		}
		fmt.Fprint(prompt, "again: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", err
		}
		if string(a) != string(b) {
			return "", fail(errors.New("the two passwords differ"), "type the same password twice; nothing was changed")
		}
		return string(a), nil
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}
