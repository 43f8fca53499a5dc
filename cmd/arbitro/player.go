package main

import (
	"fmt"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func newPlayerCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "player",
		Aliases: []string{"giocatore"},
		Short:   "Enter, import, list, correct, withdraw, reinstate and remove players",
		Long: `Enter, import, list, correct, withdraw, reinstate and remove players.

` + playerRefHelp,
	}
	cmd.AddCommand(bind(newPlayerAddCmd, runPlayerAdd)(g), bind(newPlayerImportCmd, runPlayerImport)(g),
		bind(newPlayerListCmd, runPlayerList)(g), bind(newPlayerWithdrawCmd, runPlayerWithdraw)(g),
		bind(newPlayerSetCmd, runPlayerSet)(g), bind(newPlayerRemoveCmd, runPlayerRemove)(g),
		bind(newPlayerReinstateCmd, runPlayerReinstate)(g), bind(newPlayerPINCmd, runPlayerPIN)(g))
	return cmd
}

// playerRefHelp says how every command that names a player reads PLAYER
// (tournament.FindEntry: one number per player, issue 28).
const playerRefHelp = `PLAYER is the number the sheets print or the name. After the lot the number is the
pairing number (numero di sorteggio: the "No." of 'arbitro player list', of the pairing
sheets and of the standings); before the lot it is the entry number ("ID" of 'arbitro
player list'). A name is matched exactly (case and spaces ignored) or, failing that, as the
only name containing it; a name two players share is refused, naming each with his number.
A player withdrawn before round 1 has no pairing number: name him.`

// playerAddOptions are the argument and flags of `arbitro player add`: the player.
type playerAddOptions struct {
	tournament.Player
}

func (o *playerAddOptions) complete(_ *cobra.Command, args []string) error {
	o.Name = args[0]
	return nil
}

func newPlayerAddCmd(g *globalOptions, runF func(*cobra.Command, *playerAddOptions) error) *cobra.Command {
	o := &playerAddOptions{}
	p := &o.Player
	cmd := &cobra.Command{
		Use:   `add "Surname, Given name"`,
		Short: "Enter one player in the tournament",
		Long: `Enter one player. The same player twice is refused: same FID (or FMJD) id, or same
name with the same club or national id. Two people with the same name are told apart by
their FID id or club. A player entered after round 1 is a late entrant: he joins at the
next round.`,
		Example: `  arbitro player add "Rossi, Mario" --club "CD Partenopeo" --rating 1850 --fid-id 12345`,
		Args:    cobra.ExactArgs(1),
	}
	f := cmd.Flags()
	f.StringVar(&p.Club, "club", "", "club (circolo)")
	f.IntVar(&p.Rating, "rating", 0, "rating (Elo); 0 = none")
	f.StringVar(&p.FIDID, "fid-id", "", "FID membership number (tessera)")
	f.StringVar(&p.FMJDID, "fmjd-id", "", "FMJD id")
	f.StringVar(&p.Federation, "federation", "", "federation or country code, e.g. ITA")
	f.StringVar(&p.NationalID, "national-id", "", "id in another national federation")
	f.IntVar(&p.BirthYear, "birth-year", 0, "year of birth")
	f.StringVar(&p.Title, "title", "", "title or FID category (GMI, MF, M, CM, ...)")
	return withRun(cmd, o, runF)
}

// runPlayerAdd enters the player in one transaction and confirms it, with the notes.
func runPlayerAdd(cmd *cobra.Command, g *globalOptions, o *playerAddOptions) error {
	var e *tournament.Entry
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		e, t, err = st.AddPlayer(cmd.Context(), g.tournament, o.Player)
		return t, err
	})
	if err != nil {
		return err
	}
	if err := reports.WriteNotes(cmd.ErrOrStderr(), g.cliLocale(), reports.ErrorTexts(g.cliLocale(), e.NoteWords)); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, e)
	}
	return reports.WritePlayerAdded(cmd.OutOrStdout(), g.cliLocale(), e)
}

// playerImportOptions are the argument and flag of `arbitro player import`.
type playerImportOptions struct {
	File     string // FILE.csv
	Encoding string // --encoding, when it cannot be detected
}

func (o *playerImportOptions) complete(_ *cobra.Command, args []string) error {
	o.File = args[0]
	return nil
}

func newPlayerImportCmd(g *globalOptions, runF func(*cobra.Command, *playerImportOptions) error) *cobra.Command {
	o := &playerImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE.csv",
		Short: "Enter every player of a CSV file (all or none)",
		Long: `Enter the players of a CSV file in one go: either all of them or, if any row is bad,
none. The first row names the columns, in English or Italian:
  Name (or Cognome and Nome), Club/Circolo, Rating/Elo/Punteggio, FID id/Tessera,
  FMJD id, Federation/Federazione, National id, Birth year/Anno di nascita, Title/Categoria.
Separator ';' (as Italian Excel writes) or ','. The encoding is detected: UTF-16 with its
byte-order mark (Excel's "Unicode text"), UTF-8 with or without BOM, else Windows-1252 (with
a warning when that gives letters unusual in names); --encoding names any other
(iso-8859-2 or windows-1250 for Czech, Polish, Hungarian files).`,
		Example: `  arbitro player import iscritti.csv`,
		Args:    cobra.ExactArgs(1),
	}
	cmd.Flags().StringVar(&o.Encoding, "encoding", "", "the file's encoding when it cannot be detected: iso-8859-2, windows-1250, iso-8859-1...")
	return withRun(cmd, o, runF)
}

// runPlayerImport reads the CSV and enters every player in one transaction (all or
// none), with the warnings of the reading and the notes of the entries.
func runPlayerImport(cmd *cobra.Command, g *globalOptions, o *playerImportOptions) error {
	f, err := openInputFile(g.cliLocale(), o.File)
	if err != nil {
		return err
	}
	defer f.Close()
	pc, err := tournament.OpenPlayersCSV(f, o.Encoding)
	if err != nil {
		return g.explain(fmt.Errorf("%s: %w", o.File, err))
	}
	// Every row is read once before the database is opened (a bad row is reported
	// without touching it), then again inside the transaction; none is kept (issue 27).
	for _, err := range pc.Rows() {
		if err != nil {
			return g.explain(fmt.Errorf("%s: %w", o.File, err))
		}
	}
	if err := reports.WriteFileWarnings(cmd.ErrOrStderr(), g.cliLocale(), o.File, pc.Warnings); err != nil {
		return err
	}
	var imp store.PlayersImported
	var t tournament.Tournament
	err = g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		imp, t, err = st.ImportPlayers(cmd.Context(), g.tournament, o.File, pc.Rows())
		return t, err
	})
	if err != nil {
		return err
	}
	name, n, notes := t.Name, imp.Count, imp.Notes
	if err := reports.WriteNotes(cmd.ErrOrStderr(), g.cliLocale(), reports.ErrorTexts(g.cliLocale(), notes)); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, map[string]any{"tournament": name, "imported": n})
	}
	return reports.WritePlayersImported(cmd.OutOrStdout(), g.cliLocale(), n, name)
}

func newPlayerListCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list",
		Short: "List the players of the tournament",
		Args:  cobra.NoArgs,
	}, &noArgs{}, runF)
}

func runPlayerList(cmd *cobra.Command, g *globalOptions, _ *noArgs) error {
	var es []tournament.Entry
	var t tournament.Tournament
	err := g.read(func(st *store.Store) (_ tournament.Tournament, err error) {
		es, t, err = st.Players(cmd.Context(), g.tournament)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, es)
	}
	return reports.WritePlayersText(cmd.OutOrStdout(), g.cliLocale(), t.Name, es)
}

// playerWithdrawOptions are the argument and flags of `arbitro player withdraw` and
// `player remove`.
type playerWithdrawOptions struct {
	Player string // PLAYER: a number or a name (playerRefHelp)
	Keep   bool   // --keep-numbers: between the lot and round 1, the others keep their numbers
	Redraw bool   // --redraw: between the lot and round 1, the lot is drawn again (the default)
}

func (o *playerWithdrawOptions) complete(_ *cobra.Command, args []string) error {
	o.Player = args[0]
	if o.Keep && o.Redraw {
		return usageCoded(tournament.Errf(nil, "err.cli.keep_or_redraw", "--keep-numbers and --redraw are the two choices for the lot: give one"))
	}
	return nil
}

// lotChoiceFlags adds the choice of what the lot becomes when a player leaves the field
// between the lot and round 1 (issue 28): --redraw (the default) or --keep-numbers.
func lotChoiceFlags(cmd *cobra.Command, o *playerWithdrawOptions) *cobra.Command {
	cmd.Flags().BoolVar(&o.Keep, "keep-numbers", false, "between the lot and round 1: the others keep their numbers, his stays empty (a rest for whoever meets it in a round robin)")
	cmd.Flags().BoolVar(&o.Redraw, "redraw", false, "between the lot and round 1: draw the lot again from the stored seed without him (the default)")
	return cmd
}

// lotChoiceHelp is the help of --redraw and --keep-numbers.
const lotChoiceHelp = `Between the lot and round 1 the lot is drawn again from the stored seed on the field
without him (--redraw, the default): the numbers are those of a lot drawn without him,
and the line says them. With --keep-numbers the others keep the numbers the sheets
printed and his stays empty (Italo-Swiss: round 1 pairs the numbers in order, passing
over it; round robin: whoever the Berger table pairs with it rests that round). The line
names the other choice: to switch, 'arbitro undo', then the command with the other flag.`

func newPlayerWithdrawCmd(g *globalOptions, runF func(*cobra.Command, *playerWithdrawOptions) error) *cobra.Command {
	o := &playerWithdrawOptions{}
	return withRun(lotChoiceFlags(&cobra.Command{
		Use:   "withdraw PLAYER [--keep-numbers | --redraw]",
		Short: "Withdraw a player: he is not paired from the next round on",
		Long: `Withdraw a player: he is not paired from the next round on (before round 1: he did not
start, and is out of the lot and of every sheet). 'arbitro player reinstate' undoes it.

` + lotChoiceHelp + `

` + playerRefHelp,
		Example: `  arbitro player withdraw 7
  arbitro player withdraw "Rossi, Mario"
  arbitro player withdraw 3 --keep-numbers`,
		Args: cobra.ExactArgs(1),
	}, o), o, runF)
}

func runPlayerWithdraw(cmd *cobra.Command, g *globalOptions, o *playerWithdrawOptions) error {
	var c *tournament.PlayerChange
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		c, t, err = st.WithdrawPlayer(cmd.Context(), g.tournament, o.Player, o.Keep)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, c)
	}
	return reports.WritePlayerChanged(cmd.OutOrStdout(), g.cliLocale(), "withdraw", c)
}

func newPlayerRemoveCmd(g *globalOptions, runF func(*cobra.Command, *playerWithdrawOptions) error) *cobra.Command {
	o := &playerWithdrawOptions{}
	return withRun(lotChoiceFlags(&cobra.Command{
		Use:   "remove PLAYER [--keep-numbers | --redraw]",
		Short: "Delete an entry made by mistake (a player with no game yet)",
		Long: `Delete an entry made by mistake: a player with no game, bye or claim in any round (one
who has played is withdrawn instead, so that the others' records keep his games). Logged
in the event log ("player.remove"; 'arbitro undo' enters him again).

` + lotChoiceHelp + `
Once round 1 is paired the numbers are fixed: a removed late entrant's number stays empty.

` + playerRefHelp,
		Example: `  arbitro player remove 12
  arbitro player remove 4 --keep-numbers`,
		Args: cobra.ExactArgs(1),
	}, o), o, runF)
}

func runPlayerRemove(cmd *cobra.Command, g *globalOptions, o *playerWithdrawOptions) error {
	var c *tournament.PlayerChange
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		c, t, err = st.RemovePlayer(cmd.Context(), g.tournament, o.Player, o.Keep)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, c)
	}
	return reports.WritePlayerChanged(cmd.OutOrStdout(), g.cliLocale(), "remove", c)
}

// playerReinstateOptions are the argument and flag of `arbitro player reinstate`.
type playerReinstateOptions struct {
	Player string // PLAYER: a number or a name (playerRefHelp)
	Round  int    // --round: first round he is paired in again; 0 the next
}

func (o *playerReinstateOptions) complete(_ *cobra.Command, args []string) error {
	o.Player = args[0]
	if o.Round < 0 || o.Round > 99 {
		return usageCoded(tournament.Errf(nil, "err.cli.round_range", "--round {round}: give a round from 1 to 99 (default: the next round to pair)", "round", o.Round))
	}
	return nil
}

func newPlayerReinstateCmd(g *globalOptions, runF func(*cobra.Command, *playerReinstateOptions) error) *cobra.Command {
	o := &playerReinstateOptions{}
	cmd := &cobra.Command{
		Use:   "reinstate PLAYER [--round N]",
		Short: "Undo a withdrawal: the player is paired again from the next round (or --round N)",
		Long: `Undo a withdrawal (entered by mistake, or the player comes back): he is paired again from
the next round to pair, or from --round N after it. Rounds paired without him stay as
they are; in a Swiss system the rounds he missed are recorded as absences with 0 points.
Before round 1 the lot, if drawn, is drawn again from the stored seed with him: the same
numbers as before his withdrawal. Logged in the event log ("player.reinstate").

` + playerRefHelp,
		Example: `  arbitro player reinstate 7
  arbitro player reinstate "Rossi, Mario" --round 5`,
		Args: cobra.ExactArgs(1),
	}
	cmd.Flags().IntVar(&o.Round, "round", 0, "first round he is paired in again (default: the next round to pair)")
	return withRun(cmd, o, runF)
}

func runPlayerReinstate(cmd *cobra.Command, g *globalOptions, o *playerReinstateOptions) error {
	var c *tournament.PlayerChange
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		c, t, err = st.ReinstatePlayer(cmd.Context(), g.tournament, o.Player, o.Round)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, c)
	}
	return reports.WritePlayerChanged(cmd.OutOrStdout(), g.cliLocale(), "reinstate", c)
}

func newPlayerSetCmd(g *globalOptions, runF func(*cobra.Command, *fieldSetOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "set PLAYER FIELD VALUE",
		Short: "Correct one field of a player",
		Long: "Correct one field of a player: " + strings.Join(tournament.PlayerFields, ", ") + `.
The rating used for pairing may change only before round 1 is paired; start-points are the
game points granted to a late entrant for the rounds before he joined (at most 2 a round).
Logged ("player.set"); 'arbitro undo' takes a correction back.

` + playerRefHelp,
		Example: `  arbitro player set 3 club "CD Partenopeo"`,
		Args:    cobra.ExactArgs(3),
	}, &fieldSetOptions{}, runF)
}

func runPlayerSet(cmd *cobra.Command, g *globalOptions, o *fieldSetOptions) error {
	var e *tournament.Entry
	err := g.write(func(st *store.Store) (t tournament.Tournament, err error) {
		e, t, err = st.SetPlayerField(cmd.Context(), g.tournament, o.Who, o.Field, o.Value)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, e)
	}
	return reports.WriteFieldSet(cmd.OutOrStdout(), g.cliLocale(), reports.EntryLabel(g.cliLocale(), e), o.Field, o.Value)
}

// playerPINOptions are the arguments of `arbitro player pin`: the players (none: all).
type playerPINOptions struct {
	players []string
}

func (o *playerPINOptions) complete(_ *cobra.Command, args []string) error {
	o.players = args
	return nil
}

func newPlayerPINCmd(g *globalOptions, runF func(*cobra.Command, *playerPINOptions) error) *cobra.Command {
	o := &playerPINOptions{}
	cmd := &cobra.Command{
		Use:   "pin [PLAYER...]",
		Short: "Give players a new PIN to enter their results in the hall (serve --hall)",
		Long: `Give each player named (a number or a name, as below), or
every active player when none is named, a new random PIN of 6 digits, and print them once:
the file keeps only a salted hash. Print the list and hand each player his slip. A player
enters the result of his own boards in the hall with it ('arbitro serve --hall'); a new
PIN replaces the old one (a player who lost his slip).

` + playerRefHelp,
		Example: `  arbitro player pin
  arbitro player pin 7 "Rossi, Mario"`,
	}
	return withRun(cmd, o, runF)
}

// runPlayerPIN gives the PINs in one transaction and prints them.
func runPlayerPIN(cmd *cobra.Command, g *globalOptions, o *playerPINOptions) error {
	var pins []tournament.PlayerPIN
	var t tournament.Tournament
	err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		pins, t, err = st.SetPINs(cmd.Context(), g.tournament, o.players)
		return t, err
	})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, pins)
	}
	return reports.WritePINsText(cmd.OutOrStdout(), g.cliLocale(), t.Name, pins)
}
