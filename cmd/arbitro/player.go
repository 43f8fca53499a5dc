package main

import (
	"fmt"
	"os"
	"strings"

	"arbitro/reports"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() { addCommand(newPlayerCmd) }

func newPlayerCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "player",
		Aliases: []string{"giocatore"},
		Short:   "Enter, import, list, correct and withdraw players",
	}
	cmd.AddCommand(newPlayerAddCmd(g), newPlayerImportCmd(g), newPlayerListCmd(g), newPlayerWithdrawCmd(g), newPlayerSetCmd(g))
	return cmd
}

func newPlayerAddCmd(g *globalOptions) *cobra.Command {
	var p tournament.Player
	cmd := &cobra.Command{
		Use:   `add "Surname, Given name"`,
		Short: "Enter one player in the tournament",
		Long: `Enter one player. The same player twice is refused: same FID (or FMJD) id, or same
name with the same club or national id. Two people with the same name are told apart by
their FID id or club. A player entered after round 1 is a late entrant: he joins at the
next round.`,
		Example: `  arbitro player add "Rossi, Mario" --club "CD Partenopeo" --rating 1850 --fid-id 12345`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p.Name = args[0]
			var e *tournament.Entry
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				e, err = tx.AddPlayer(t, p)
				return err
			})
			if err != nil {
				return err
			}
			if err := reports.WriteNotes(cmd.ErrOrStderr(), e.Notes); err != nil {
				return err
			}
			if g.json {
				return printJSON(cmd, e)
			}
			return reports.WritePlayerAdded(cmd.OutOrStdout(), e)
		},
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
	return cmd
}

func newPlayerImportCmd(g *globalOptions) *cobra.Command {
	var encoding string
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
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return fail(err, "check the file name")
			}
			defer f.Close()
			rows, warnings, err := tournament.ReadPlayersCSV(f, encoding)
			if err != nil {
				return g.explain(fmt.Errorf("%s: %w", args[0], err))
			}
			if err := reports.WriteFileWarnings(cmd.ErrOrStderr(), args[0], warnings); err != nil {
				return err
			}
			var name string
			var n int
			var notes []string
			err = g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				name = t.Name
				es, err := tx.ImportPlayers(t, rows)
				n = len(es)
				for _, e := range es {
					notes = append(notes, e.Notes...)
				}
				if err != nil {
					return fmt.Errorf("%s: %w", args[0], err)
				}
				return nil
			})
			if err != nil {
				return err
			}
			if err := reports.WriteNotes(cmd.ErrOrStderr(), notes); err != nil {
				return err
			}
			if g.json {
				return printJSON(cmd, map[string]any{"tournament": name, "imported": n})
			}
			return reports.WritePlayersImported(cmd.OutOrStdout(), n, name)
		},
	}
	cmd.Flags().StringVar(&encoding, "encoding", "", "the file's encoding when it cannot be detected: iso-8859-2, windows-1250, iso-8859-1...")
	return cmd
}

func newPlayerListCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the players of the tournament",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.view(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) error {
				es, err := tx.Entries(t.ID)
				if err != nil {
					return err
				}
				if g.json {
					return printJSON(cmd, es)
				}
				return reports.WritePlayersText(cmd.OutOrStdout(), t.Name, es)
			})
		},
	}
}

func newPlayerWithdrawCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "withdraw ID|NAME",
		Short: "Withdraw a player: he is not paired from the next round on",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var e *tournament.Entry
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				e, err = tx.WithdrawPlayer(t, args[0])
				return err
			})
			if err != nil {
				return err
			}
			if g.json {
				return printJSON(cmd, e)
			}
			if err := reports.WritePlayerWithdrawn(cmd.OutOrStdout(), e); err != nil {
				return err
			}
			return nil
		},
	}
}

func newPlayerSetCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "set ID|NAME FIELD VALUE",
		Short: "Correct one field of a player",
		Long: "Correct one field of a player: " + strings.Join(tournament.PlayerFields, ", ") + `.
The rating used for pairing may change only before round 1 is paired.`,
		Example: `  arbitro player set 3 club "CD Partenopeo"`,
		Args:    cobra.ExactArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			var e *tournament.Entry
			err := g.update(cmd.Context(), func(tx *tournament.Tx, t *tournament.Tournament) (err error) {
				e, err = tx.SetPlayerField(t, args[0], args[1], args[2])
				return err
			})
			if err != nil {
				return err
			}
			if g.json {
				return printJSON(cmd, e)
			}
			return reports.WriteFieldSet(cmd.OutOrStdout(), reports.EntryLabel(e), args[1], args[2])
		},
	}
}
