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
		Short: "Settings of the hall (arbitro serve --hall): the arbiter's password, the spectators' delay, the event's settings",
	}
	cmd.AddCommand(bind(newHallPasswordCmd, runHallPassword)(g), bind(newHallDelayCmd, runHallDelay)(g), bind(newHallSetCmd, runHallSet)(g))
	return cmd
}

// hallPasswordOptions are the flags of `arbitro hall password`.
type hallPasswordOptions struct {
	Arbiter string // --arbiter NAME: his own password; "" the file-wide one
}

func (o *hallPasswordOptions) complete(cmd *cobra.Command, _ []string) error {
	if cmd.Flags().Changed("arbiter") && strings.TrimSpace(o.Arbiter) == "" {
		return usageCoded(tournament.Errf(nil, "err.hall.cli_arbiter", "--arbiter needs the arbiter's name, e.g. --arbiter \"Rossi\""))
	}
	return nil
}

func newHallPasswordCmd(g *globalOptions, runF func(*cobra.Command, *hallPasswordOptions) error) *cobra.Command {
	o := &hallPasswordOptions{}
	cmd := &cobra.Command{
		Use:   "password [--arbiter NAME]",
		Short: "Set the arbiter's password of the hall's console (one per arbiter with --arbiter)",
		Long: `Set the password the arbiter logs in with on the hall's console (/hall/login of
'arbitro serve --hall'), for every event of the file, besides the one-time link serve
prints. With --arbiter NAME it is that arbiter's own password: he logs in with his name
and it, and the event log names him for every write he makes from the console ("arbiter
NAME via the hall"); several arbiters may each have one, and the password without a name
keeps working. At least 10 characters. On a terminal it is asked twice and not shown;
otherwise the first line of the standard input is the password. The file keeps a bcrypt
hash only.`,
		Example: `  arbitro hall password
  arbitro hall password --arbiter "Rossi" < password.txt`,
		Args: cobra.NoArgs,
	}
	cmd.Flags().StringVar(&o.Arbiter, "arbiter", "", "the arbiter whose own password this is (he logs in with his name)")
	return withRun(cmd, o, runF)
}

// runHallPassword reads the password and stores it (one use case): the file-wide one, or
// with --arbiter that arbiter's.
func runHallPassword(cmd *cobra.Command, g *globalOptions, o *hallPasswordOptions) error {
	pw, err := readPassword(g.io.In, cmd.ErrOrStderr(), g.cliLocale())
	if err != nil {
		return err
	}
	// writeFile opens the file as write does (openExisting); the password is file-wide.
	if o.Arbiter != "" {
		err = g.writeFile(func(st *store.Store) error { return st.SetArbiterPassword(cmd.Context(), o.Arbiter, pw) })
	} else {
		err = g.writeFile(func(st *store.Store) error { return st.SetHallPassword(cmd.Context(), pw) })
	}
	if err != nil {
		return err
	}
	if o.Arbiter != "" {
		return reports.WriteArbiterPasswordSet(cmd.OutOrStdout(), g.cliLocale(), g.db, strings.TrimSpace(o.Arbiter))
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
		return usageCoded(tournament.Errf(nil, "err.hall.cli_delay", "give the delay: --minutes N or --moves N"))
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
// line of in; l words the prompts and the refusal.
func readPassword(in io.Reader, prompt io.Writer, l *reports.Locale) (string, error) {
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(prompt, l.T("hall.prompt.password")+" ")
		a, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", err
		}
		fmt.Fprint(prompt, l.T("hall.prompt.again")+" ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", err
		}
		if string(a) != string(b) {
			return "", fail(tournament.Errf(nil, "err.hall.cli_passwords_differ", "the two passwords differ"), l.T("hint.hall_passwords"))
		}
		return string(a), nil
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// hallSetOptions are the flags of `arbitro hall set`.
type hallSetOptions struct {
	URL         string
	Confirm     bool
	SingleAfter int
	Sheets      string
	change      tournament.HallSettingsChange
	g           *globalOptions
}

// complete reads the flags given into the change (none given: the settings are printed);
// an address not of a hall's form or minutes out of range are usage errors.
func (o *hallSetOptions) complete(cmd *cobra.Command, _ []string) error {
	f := cmd.Flags()
	if f.Changed("url") {
		if o.URL != "" {
			if _, err := tournament.HallEventURL(o.URL, 0); err != nil {
				return usageCoded(tournament.Errf(err, "err.hall.cli_flag", "{flag}: {err}", "flag", "--url"))
			}
		}
		o.change.URL = &o.URL
	}
	if f.Changed("confirm") {
		o.change.Confirm = &o.Confirm
	}
	if f.Changed("single-after") {
		if o.SingleAfter < 0 || o.SingleAfter > tournament.MaxSingleMinutes {
			return usageCoded(tournament.Errf(nil, "err.hall.cli_single_after", "--single-after: 0 (never) to {max} minutes, not {minutes}", "max", tournament.MaxSingleMinutes, "minutes", o.SingleAfter))
		}
		o.change.SingleMinutes = &o.SingleAfter
	}
	if f.Changed("sheets") {
		if _, err := (tournament.HallSettingsChange{Sheets: &o.Sheets}).Apply(tournament.HallSettings{}, 0); err != nil {
			return usageCoded(tournament.Errf(err, "err.hall.cli_flag", "{flag}: {err}", "flag", "--sheets"))
		}
		o.change.Sheets = &o.Sheets
	}
	return nil
}

func newHallSetCmd(g *globalOptions, runF func(*cobra.Command, *hallSetOptions) error) *cobra.Command {
	o := &hallSetOptions{g: g}
	cmd := &cobra.Command{
		Use:   "set",
		Short: "Set the event's hall settings: the address on the sheets, the arbiter's confirmation, single entries, score sheets",
		Long: `Set the hall's settings of the event, stored with it (every 'arbitro serve --hall'
follows them): --url the hall's address as 'serve --hall' prints it (e.g.
http://192.168.1.10:8080/hall/), printed on the pairing sheets with each board's short
code and, on the PDF, its QR code ('arbitro pairings'; --url "" removes it); --confirm
makes the arbiter confirm every result (two agreeing entries wait for him in the
console; --confirm=false: they are stored); --single-after N sends a single entry (the
opponent has entered nothing) to the arbiter N minutes after it was entered, marked in
the console (0: never); --sheets says who keeps the electronic score sheet: any (each
player his own, or one for both: the default), both (each his own), white or black (that
player, for both; the other confirms it at the end). Without a flag it prints the
settings.`,
		Example: `  arbitro hall set --url http://192.168.1.10:8080/hall/
  arbitro hall set --confirm --single-after 10
  arbitro hall set --sheets white
  arbitro hall set`,
		Args: cobra.NoArgs,
	}
	f := cmd.Flags()
	f.StringVar(&o.URL, "url", "", "the hall's address, as serve --hall prints it (\"\" removes it)")
	f.BoolVar(&o.Confirm, "confirm", false, "the arbiter confirms every result (--confirm=false: no)")
	f.IntVar(&o.SingleAfter, "single-after", 0, "minutes after which a single entry goes to the arbiter (0: never)")
	f.StringVar(&o.Sheets, "sheets", "", "who keeps the electronic score sheet: any, both, white or black")
	return withRun(cmd, o, runF)
}

// runHallSet stores the change (one use case; none: reads the settings) and prints the
// settings.
func runHallSet(cmd *cobra.Command, g *globalOptions, o *hallSetOptions) error {
	var set tournament.HallSettings
	var t tournament.Tournament
	var err error
	if o.change == (tournament.HallSettingsChange{}) {
		err = g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
			set, t, err = st.ReadHallSettings(cmd.Context(), g.tournament)
			return t, err
		})
	} else {
		err = g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
			set, t, err = st.SetHallSettings(cmd.Context(), g.tournament, o.change)
			return t, err
		})
	}
	if errors.Is(err, tournament.ErrHallURL) {
		return fail(err, g.cliLocale().T("hint.hall_url"))
	}
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, set)
	}
	return reports.WriteHallSettings(cmd.OutOrStdout(), g.cliLocale(), t.Name, set)
}
