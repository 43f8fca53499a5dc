// Store integration of the pairing engines (lot, pair, unpair, pairings).

package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/reports"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

func init() {
	addCommand(newPairCmd)
	addCommand(newPairingsCmd)
	addCommand(newUnpairCmd)
}

// explainPair turns the sentinel errors of the lot and of pairing into "what went wrong
// (how to fix)"; other errors go to explainBoard/explain.
func explainPair(err error) error {
	var ce *cliError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ce):
		return err
	case errors.Is(err, tournament.ErrLotNotDrawn):
		return fail(err, "draw the pairing numbers first: arbitro lot (or arbitro lot --seed N); nothing was written")
	case errors.Is(err, tournament.ErrResultsMissing):
		return fail(err, "enter them with 'arbitro result ROUND BOARD RESULT', or pair anyway with --force; nothing was written")
	case errors.Is(err, tournament.ErrAllRoundsPaired):
		return fail(err, "the tournament is complete; see 'arbitro standings'")
	case errors.Is(err, tournament.ErrNoPairing):
		return withCode(exitNoPairing, err, "no pairing respects the rules (no repeated games, one bye each); pair some boards by hand with --set \"A-B\"; nothing was written")
	case errors.Is(err, tournament.ErrSearchLimit):
		return fail(err, "nothing was written")
	case errors.Is(err, tournament.ErrRoundHasResults):
		return fail(err, "only a round without results can be unpaired; nothing was changed")
	case errors.Is(err, tournament.ErrLocked):
		return fail(err, "nothing was changed")
	}
	return explainBoard(err)
}

func newPairCmd() *cobra.Command {
	var force, explainFlag, check bool
	var sets, forbids []string
	var checkRound int
	var system, trfIn, output string
	var date, clock string
	var seed uint64
	cmd := &cobra.Command{
		Use:     "pair [ROUND]",
		Aliases: []string{"abbina"},
		Short:   "Pair the next round with the tournament's system (or check a round: --check)",
		Long: `Pair the next round with the tournament's pairing system and store it:

  round-robin   the next round of the Berger table (double round robin when the
                tournament plans twice the rounds of one cycle; odd number: a bye)
  italo-swiss   FID Italo-Swiss with continuous rotation (docs/pairing-fid.md)
  dutch         FIDE Dutch (C.04.3); round 1's colour drawn by lot from the seed

The round is paired only when every result of the earlier rounds is in; --force pairs
anyway and records a warning. The lot must have been drawn (arbitro lot).

--set "12-7" imposes a pair by pairing numbers, White first ("12-bye" gives 12 the bye);
repeat it for several pairs. The decision is written in the event log. Not allowed in a
round robin.

--forbid "4-9" (Dutch) keeps two players apart, by pairing numbers, in this round and
every later one (stored, like TRF-2026 record 260); repeat it for several pairs.

--explain prints why each pair was made: for the Italo-Swiss the rotation cursor, the
score group and the candidates passed over with the reason; for the Dutch system the
score brackets and their floaters; for a round robin the Berger table round.

--check re-pairs a stored round (the last one, or --round N) from the state before it
and prints every difference from the stored pairing. Exit status 0 when the stored round
is the engine's pairing, 1 when it differs (or, Dutch, breaks an absolute criterion).

Without a database (arbitro as a pairing engine for other programs):
  arbitro pair --system dutch --trf IN.trf [--output OUT.txt]   next round, JaVaFo format
  arbitro pair --check --trf IN.trf                            check the last round of IN

--date and --time store when the round is played (2026-11-21 or 21/11/2026; 15:30);
the pairing sheet prints them. 'arbitro round set N --date --time' changes them later.

ROUND, if given, must be the next round (a safety check for scripts).

Exit status 4 when no valid pairing exists.`,
		Example: `  arbitro pair
  arbitro pair --explain
  arbitro pair --set "12-7" --set "3-bye"
  arbitro pair --force
  arbitro pair --forbid 4-9
  arbitro pair --check --round 3`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			want := 0 // ROUND, when given: must be the next round
			if len(args) == 1 {
				n, err := strconv.Atoi(args[0])
				if err != nil || n < 1 {
					return usageErr("ROUND must be a round number (1, 2, ...), not %q", args[0])
				}
				if trfIn != "" || check {
					return usageErr("ROUND goes without --trf and --check (use --round N with --check)")
				}
				want = n
			}
			if trfIn != "" && len(forbids) > 0 {
				return usageErr("--forbid goes with a tournament in the database (in a TRF: record 260 or XXP)")
			}
			if trfIn != "" {
				if check {
					return runTRFCheck(out, trfIn, seed)
				}
				if system == "" {
					system = "dutch"
				}
				return runEnginePair(out, system, trfIn, output, seed)
			}
			if system != "" || output != "" {
				return usageErr("--system and --output go with --trf (the engine mode); the tournament's own system pairs it")
			}
			if check {
				if force || len(sets) > 0 || len(forbids) > 0 {
					return usageErr("--check does not pair: it goes without --force, --set and --forbid")
				}
				return runCheck(cmd, checkRound)
			}
			if cmd.Flags().Changed("round") {
				return usageErr("--round goes with --check; 'arbitro pair' always pairs the next round")
			}
			var forbidden []tournament.ForbiddenPair
			for _, s := range forbids {
				f, err := tournament.ParseForbiddenPair(s)
				if err != nil {
					return usageErr("%v", err)
				}
				forbidden = append(forbidden, f)
			}
			var manual []tournament.ManualPair
			for _, s := range sets {
				m, err := tournament.ParseManualPair(s)
				if err != nil {
					return usageErr("%v", err)
				}
				manual = append(manual, m)
			}
			var pr *tournament.PairedRound
			var sheet reports.PairingsSheet
			var t *tournament.Tournament
			var names map[int]entryLabel
			err := update(func(tx *tournament.Tx, tt *tournament.Tournament) error {
				var err error
				t = tt
				if want != 0 && want != tt.RoundsPaired+1 {
					return fail(fmt.Errorf("the next round of %s is %d, not %d", tt.Name, tt.RoundsPaired+1, want), "rounds are paired in order; nothing was written")
				}
				for _, f := range forbidden { // stored: this round and every later one
					f.FirstRound = tt.RoundsPaired + 1
					if err := tx.AddForbiddenPair(tt, f); err != nil {
						return err
					}
				}
				if pr, err = tx.PairNext(tt, tournament.PairOptions{Force: force, Manual: manual}); err != nil {
					return err
				}
				if cmd.Flags().Changed("date") || cmd.Flags().Changed("time") {
					if _, err := tx.SetRoundSchedule(tt, pr.Round, &date, &clock); err != nil {
						return err
					}
				}
				sheet, err = loadSheet(tx, tt, pr.Round)
				if err != nil {
					return err
				}
				names, err = entryLabels(tx, tt)
				return err
			})
			if err != nil {
				return explainPair(err)
			}
			if flagJSON {
				return printJSON(cmd, pr)
			}
			errOut := cmd.ErrOrStderr()
			msg := cliLocale()
			for _, w := range pr.Warnings {
				fmt.Fprintln(errOut, msg.T("cli.warning", "text", w))
			}
			fmt.Fprintln(out, msg.T("cli.paired", "round", pr.Round, "name", t.Name, "method", pr.Method, "seed", fmt.Sprint(pr.Seed)))
			if err := reports.WritePairingsText(out, sheet); err != nil {
				return err
			}
			writeRoundFID(out, sheet.Locale, pr.Explanation, names)
			if explainFlag {
				fmt.Fprintln(out)
				writeExplanation(out, pr.Explanation, names)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&force, "force", false, "pair although results of earlier rounds are missing (a warning is recorded)")
	f.StringVar(&date, "date", "", "the day the round is played, 2026-11-21 or 21/11/2026 (printed on the sheet)")
	f.StringVar(&clock, "time", "", "the round's start time, 15:30 (printed on the sheet)")
	f.BoolVar(&explainFlag, "explain", false, "print why each pair was made")
	f.StringArrayVar(&sets, "set", nil, "impose a pair by pairing numbers, White first: \"12-7\" (\"12-bye\": 12 rests); repeatable")
	f.StringArrayVar(&forbids, "forbid", nil, "dutch: keep two players apart from this round on, by pairing numbers: \"12-7\" (stored); repeatable")
	f.BoolVar(&check, "check", false, "re-pair a stored round and print the differences (exit 1 when it differs)")
	f.IntVar(&checkRound, "round", 0, "with --check: the round to check (default the last)")
	f.StringVar(&system, "system", "", "with --trf: pairing system of the engine mode (dutch)")
	f.StringVar(&trfIn, "trf", "", "engine mode: read the tournament from this TRF-16 file instead of the database")
	f.StringVar(&output, "output", "", "with --trf: write the pairs to this file (default stdout)")
	f.Uint64Var(&seed, "seed", 0, "with --trf: seed of the lot for the initial colour when the file has no XXC")
	return cmd
}

// entryLabel is how explanations name a player: pairing number and name.
type entryLabel struct {
	Number int
	Name   string
}

func (l entryLabel) String() string {
	if l.Name == "" {
		return "?"
	}
	return fmt.Sprintf("%d %s", l.Number, l.Name)
}

func entryLabels(tx *tournament.Tx, t *tournament.Tournament) (map[int]entryLabel, error) {
	es, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	m := make(map[int]entryLabel, len(es))
	for _, e := range es {
		m[int(e.ID)] = entryLabel{Number: e.Number, Name: e.Player.Name}
	}
	return m, nil
}

// loadSheet builds the pairing sheet of round from the store (points before the round,
// results entered so far, date and start time), in the report language (reportLocale).
func loadSheet(tx *tournament.Tx, t *tournament.Tournament, round int) (reports.PairingsSheet, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return reports.PairingsSheet{}, err
	}
	before, err := tournament.ComputeStandings(ct, round-1)
	if err != nil {
		return reports.PairingsSheet{}, err
	}
	sheet := reports.PairingsFromCrosstable(ct, round, before)
	if sheet.Locale, err = reportLocale(t); err != nil {
		return sheet, err
	}
	sched, err := tx.RoundSchedule(t.ID, round)
	if err != nil {
		return sheet, err
	}
	sheet.Date, sheet.Time = sched.Date, sched.Time
	boards, err := tx.Boards(t, round)
	if err != nil {
		return sheet, err
	}
	sheet.AddResults(boards)
	return sheet, nil
}

// writeExplanation prints why each pair was made, from the stored explanation, in the
// language of the CLI's messages (cliLocale).
func writeExplanation(w io.Writer, ex *tournament.RoundExplanation, names map[int]entryLabel) {
	nm := func(id int) string { return names[id].String() }
	var fid func() // the federation program's formats explain themselves (issue 13)
	if ex != nil && ex.Italo != nil && ex.Italo.Format.FID() {
		fid = func() { writeFIDExplanation(w, ex, nm) }
	}
	reports.WriteExplanation(w, cliLocale(), ex, nm, fid)
}

// runCheck is `arbitro pair --check [--round N]` on the database.
func runCheck(cmd *cobra.Command, round int) error {
	var c *tournament.PairingCheck
	err := view(func(tx *tournament.Tx, t *tournament.Tournament) error {
		var err error
		c, err = tx.CheckPairing(t, round)
		return err
	})
	if err != nil {
		if errors.Is(err, tournament.ErrNoPairing) {
			return withCode(exitNoPairing, err, "the engine finds no pairing for that round")
		}
		return explainPair(err)
	}
	if flagJSON {
		if err := printJSON(cmd, c); err != nil {
			return err
		}
	} else if err := reports.WritePairingCheckText(cmd.OutOrStdout(), c); err != nil {
		return err
	}
	if !c.Identical() {
		return fail(fmt.Errorf("round %d differs from the engine's pairing: %s, %s", c.Round, plural(len(c.Diffs), "difference", "differences"), plural(len(c.Violations), "violation", "violations")),
			"see the lines above; the stored round was not changed")
	}
	return nil
}

// pairingsJSON is the --json form of `arbitro pairings`.
type pairingsJSON struct {
	Tournament string             `json:"tournament"`
	Round      int                `json:"round"`
	Method     string             `json:"method"`
	Seed       int64              `json:"seed"`
	PairedAt   string             `json:"paired_at"`
	Scoring    string             `json:"scoring"`
	Boards     []pairingBoardJSON `json:"boards"`
	Byes       []pairingSideJSON  `json:"byes"`
	NotPaired  []pairingSideJSON  `json:"not_paired"`
}

type pairingBoardJSON struct {
	Board  int              `json:"board"`
	Game   int              `json:"game"`
	White  pairingSideJSON  `json:"white"`
	Black  *pairingSideJSON `json:"black,omitempty"`
	Result string           `json:"result,omitempty"`
}

// pairingSideJSON is a player on a sheet; Points before the round in game points (2-1-0).
type pairingSideJSON struct {
	Entry  int64  `json:"entry"`
	Number int    `json:"pairing_number"`
	Name   string `json:"name"`
	Points int    `json:"points_before"`
}

func newPairingsCmd() *cobra.Command {
	var round int
	var pdf string
	var explainFlag, resultsSheet bool
	cmd := &cobra.Command{
		Use:     "pairings",
		Aliases: []string{"abbinamenti"},
		Short:   "Print the pairings of a round (the sheet to pin up); --json, --pdf FILE",
		Long: `Print the pairings of a round (default: the last paired): board, White and Black with
their pairing numbers and points before the round, the result when entered, the bye and
the players not paired. --pdf writes the A4 sheet with empty result boxes to pin up;
--json writes points before the round in game points (2-1-0). --explain adds the stored
account of how the round was paired (as 'arbitro pair --explain' printed it). --results
with --pdf writes the results sheet of the round instead (each board's result, "*" for
one still to come), to pin up after the round. Printed in the tournament's language
(--lang for this output), with the round's date and start time when stored.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if pdf != "" && flagJSON {
				return usageErr("choose one of --json and --pdf")
			}
			if resultsSheet && pdf == "" {
				return usageErr("--results goes with --pdf FILE (the text already shows the results)")
			}
			if explainFlag && (pdf != "" || flagJSON) {
				return usageErr("--explain prints text; --json already holds the explanation in 'arbitro pair --json'")
			}
			if round < 0 {
				return usageErr("--round must be a round number (1, 2, ...), not %d", round)
			}
			var sheet reports.PairingsSheet
			var boards []*tournament.Board
			var ri *tournament.RoundInfo
			var t *tournament.Tournament
			var entries []tournament.Entry
			var before map[int]int
			var names map[int]entryLabel
			err := view(func(tx *tournament.Tx, tt *tournament.Tournament) error {
				t = tt
				r := round
				if r == 0 {
					r = tt.RoundsPaired
					if r == 0 {
						return fmt.Errorf("%w: %s has no paired round yet", tournament.ErrNotPaired, tt.Name)
					}
				}
				var err error
				if ri, err = tx.Round(tt, r); err != nil {
					return err
				}
				if boards, err = tx.Boards(tt, r); err != nil {
					return err
				}
				if sheet, err = loadSheet(tx, tt, r); err != nil {
					return err
				}
				es, err := tx.Snapshot(tt, r)
				if err != nil {
					return err
				}
				before = map[int]int{}
				for _, e := range es {
					before[e.ID] = e.Score
				}
				if entries, err = tx.Entries(tt.ID); err != nil {
					return err
				}
				names, err = entryLabels(tx, tt)
				return err
			})
			if err != nil {
				if errors.Is(err, tournament.ErrNotPaired) {
					return fail(err, "pair it with 'arbitro pair'")
				}
				return explainPair(err)
			}
			switch {
			case pdf != "" && resultsSheet:
				return writePDF(cmd, pdf, func(w io.Writer, m reports.Meta) error { return reports.WriteResultsPDF(w, sheet, m) })
			case pdf != "":
				sheet.Notes = fidSheetNotes(sheet.Locale, ri.Explanation, names) // format, rests, opening (issue 13)
				return writePDF(cmd, pdf, func(w io.Writer, m reports.Meta) error { return reports.WritePairingsPDF(w, sheet, m) })
			case flagJSON:
				byID := map[int64]*tournament.Entry{}
				for i := range entries {
					byID[entries[i].ID] = &entries[i]
				}
				side := func(id int64) pairingSideJSON {
					e := byID[id]
					return pairingSideJSON{Entry: id, Number: e.Number, Name: e.Player.Name, Points: before[int(id)]}
				}
				j := pairingsJSON{Tournament: t.Name, Round: ri.Number, Method: ri.Method, Seed: ri.Seed, PairedAt: ri.PairedAt,
					Scoring: t.Scoring, Boards: []pairingBoardJSON{}, Byes: []pairingSideJSON{}, NotPaired: []pairingSideJSON{}}
				on := map[int64]bool{}
				for _, b := range boards {
					on[b.WhiteEntry], on[b.BlackEntry] = true, true
					if b.Bye() {
						j.Byes = append(j.Byes, side(b.WhiteEntry))
						continue
					}
					bj := pairingBoardJSON{Board: b.Board, Game: b.Game, White: side(b.WhiteEntry), Result: b.Result.String()}
					bs := side(b.BlackEntry)
					bj.Black = &bs
					j.Boards = append(j.Boards, bj)
				}
				for _, e := range entries {
					if !on[e.ID] {
						j.NotPaired = append(j.NotPaired, side(e.ID))
					}
				}
				return printJSON(cmd, j)
			}
			out := cmd.OutOrStdout()
			fmt.Fprintln(out, sheet.Locale.T("pairings.header", "name", t.Name, "round", ri.Number, "rounds", t.Rounds, "method", ri.Method, "seed", fmt.Sprint(ri.Seed)))
			if err := reports.WritePairingsText(out, sheet); err != nil {
				return err
			}
			writeRoundFID(out, sheet.Locale, ri.Explanation, names)
			if explainFlag {
				fmt.Fprintln(out)
				writeExplanation(out, ri.Explanation, names)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&round, "round", 0, "the round to print (default: the last paired)")
	cmd.Flags().StringVar(&pdf, "pdf", "", "write the A4 pairing sheet to `FILE`")
	cmd.Flags().BoolVar(&explainFlag, "explain", false, "also print how the round was paired")
	cmd.Flags().BoolVar(&resultsSheet, "results", false, "with --pdf: the results sheet of the round instead of the pairings")
	return cmd
}

func newUnpairCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "unpair",
		Aliases: []string{"annulla-turno"},
		Short:   "Remove the last paired round while it has no results",
		Long: `Remove the last paired round, with its boards and the automatic bye, so it can be
paired again (an arbiter corrects a mistake). Refused once a board of the round has a
result, a game score or a draw claim. Written in the event log.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var round int
			var name string
			err := update(func(tx *tournament.Tx, t *tournament.Tournament) error {
				var err error
				name = t.Name
				round, err = tx.Unpair(t)
				return err
			})
			if err != nil {
				if errors.Is(err, tournament.ErrNotPaired) {
					return fail(err, "nothing to remove")
				}
				return explainPair(err)
			}
			if flagJSON {
				return printJSON(cmd, map[string]any{"tournament": name, "removed_round": round})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "round %d of %s removed; pair it again with 'arbitro pair'\n", round, name)
			return nil
		},
	}
}

func joinNames(ids []int, nm func(int) string) string {
	var s []string
	for _, id := range ids {
		s = append(s, nm(id))
	}
	return strings.Join(s, ", ")
}
