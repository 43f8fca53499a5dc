package main

import (
	"errors"
	"strconv"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// explainBoard turns the sentinel errors of results, games and claims into "what went
// wrong (how to fix)"; other errors go to explain.
func explainBoard(g *globalOptions, err error) error {
	msg := g.cliLocale()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tournament.ErrNotPaired):
		return fail(err, msg.T("hint.pair_first"))
	case errors.Is(err, tournament.ErrNoBoard):
		return fail(err, msg.T("hint.see_boards"))
	case errors.Is(err, tournament.ErrResultExists):
		return fail(err, msg.T("hint.nothing"))
	case errors.Is(err, tournament.ErrGameExists):
		return fail(err, msg.T("hint.nothing"))
	case errors.Is(err, tournament.ErrMismatch):
		return fail(err, msg.T("hint.check_score"))
	case errors.Is(err, tournament.ErrBadPDN):
		return fail(err, msg.T("hint.give_pdn"))
	case errors.Is(err, tournament.ErrNoGame):
		return fail(err, msg.T("hint.nothing"))
	}
	return g.explain(err)
}

// roundBoard reads the ROUND and BOARD arguments (whole numbers >= 1).
func roundBoard(args []string) (int, int, error) {
	r, err := strconv.Atoi(args[0])
	if err != nil || r < 1 {
		return 0, 0, usageCoded(tournament.Errf(nil, "err.cli.round_arg", "ROUND must be a round number (1, 2, ...), not {value}", "value", strconv.Quote(args[0])))
	}
	b, err := strconv.Atoi(args[1])
	if err != nil || b < 1 {
		return 0, 0, usageCoded(tournament.Errf(nil, "err.cli.board_arg", "BOARD must be a board number (1, 2, ...), not {value}", "value", strconv.Quote(args[1])))
	}
	return r, b, nil
}

// resultOptions are the flags of `arbitro result`.
type resultOptions struct {
	tournament.ResultOptions
	Game         int    // --game: 2 for the return game
	Round, Board int    // ROUND BOARD
	Result       string // RESULT as typed: 2-0, =, +-, ...
	helped       bool   // --help was given: the help is printed, nothing runs
}

// complete parses the arguments, flags included (see DisableFlagParsing), and checks
// ROUND, BOARD, --game and that --reason goes with --correct.
func (o *resultOptions) complete(cmd *cobra.Command, raw []string) error {
	args, err := parseResultArgs(cmd, raw)
	if err != nil || args == nil {
		o.helped = err == nil
		return err
	}
	if o.Round, o.Board, err = roundBoard(args); err != nil {
		return err
	}
	o.Result = args[2]
	if err := checkGame(o.Game); err != nil {
		return err
	}
	if o.Reason != "" && !o.Correct {
		return usageCoded(tournament.Errf(nil, "err.cli.reason_without_correct", "--reason goes with --correct"))
	}
	return nil
}

func newResultCmd(g *globalOptions, runF func(*cobra.Command, *resultOptions) error) *cobra.Command {
	o := &resultOptions{}
	cmd := &cobra.Command{
		Use:     "result ROUND BOARD RESULT",
		Aliases: []string{"risultato"},
		Short:   "Record the result of a board",
		Long: `Record the result of a board of a paired round, in game points (2-1-0):

  2-0, 1-0          White won          0-2, 0-1    Black won
  1-1, =, 1/2-1/2   draw
  +-                Black absent (forfeit): White gets the tournament's forfeit points
  -+                White absent           --          both absent (0-0)
  adjourned         not finished (sospesa)  unplayed    paired, not played, not scored

Pairing byes are scored automatically (the tournament's bye points). A board has one
result: changing it needs --correct and --reason, and the old result and the reason are
kept in the event log. Correcting a round earlier than the last paired one warns on stderr
that the rounds paired since were paired on the old result (they are not re-paired).`,
		Example: `  arbitro result 1 3 2-0
  arbitro result 1 4 =
  arbitro result 2 1 +-
  arbitro result 1 3 1-1 --correct --reason "scoresheet signed 1-1; typing error"`,
		// Flags are parsed here so that results starting with '-' ("-+", "--") are
		// arguments, not flags.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, raw []string) error {
			if err := o.complete(cmd, raw); err != nil || o.helped {
				return err
			}
			return runF(cmd, o)
		},
	}
	cmd.Flags().BoolVar(&o.Correct, "correct", false, "replace the result already recorded (needs --reason)")
	cmd.Flags().StringVar(&o.Reason, "reason", "", "why the result is corrected (kept in the event log)")
	cmd.Flags().IntVar(&o.Game, "game", 1, "game of the pairing: 2 for the return game when each pairing plays two")
	cmd.AddCommand(bind(newResultListCmd, runResultList)(g))
	return cmd
}

// runResult records the result (store.EnterResult, or store.CorrectResult with
// --correct) and prints it, with the notes and warnings on standard error.
func runResult(cmd *cobra.Command, g *globalOptions, o *resultOptions) error {
	if err := g.checkLangFlag(); err != nil { // --lang is parsed with the command's own flags (parseResultArgs)
		return err
	}
	r, b := o.Round, o.Board
	var e store.ResultEntry
	err := g.write(func(st *store.Store) (_ tournament.Tournament, err error) {
		if o.Correct {
			e, err = st.CorrectResult(cmd.Context(), g.tournament, r, b, o.Game, o.Result, o.Reason)
		} else {
			e, err = st.EnterResult(cmd.Context(), g.tournament, r, b, o.Game, o.Result)
		}
		return e.Tournament, err
	})
	if err != nil {
		return explainBoard(g, err)
	}
	bd, t := e.Board, &e.Tournament
	if e.Same != nil { // a harmless repeat: nothing written, exit 0 with a note
		if err := reports.WriteNotes(cmd.ErrOrStderr(), g.cliLocale(), []string{reports.ErrorText(g.cliLocale(), e.Same)}); err != nil {
			return err
		}
		if g.json {
			return printJSON(cmd, bd)
		}
		return nil
	}
	if err := reports.WriteResultWarnings(cmd.ErrOrStderr(), g.cliLocale(), r, b, e.Warnings, o.Correct, t.RoundsPaired); err != nil {
		return err
	}
	if g.json {
		return printJSON(cmd, bd)
	}
	return reports.WriteResultRecorded(cmd.OutOrStdout(), g.cliLocale(), t, bd, o.Correct)
}

// resultDash lists the results that start with '-' and must not be read as flags.
var resultDash = map[string]bool{"-+": true, "--": true, "-/+": true, "-/-": true}

// parseResultArgs parses the flags of `result` (local and global) from raw, keeping the
// results "-+", "--", "-/+", "-/-" as arguments; "--" followed by more arguments is the
// usual end of the flags. It returns the three arguments, or nil after printing help.
func parseResultArgs(cmd *cobra.Command, raw []string) ([]string, error) {
	const mark = "\x00result:"
	conv := make([]string, 0, len(raw))
	for i, a := range raw {
		if resultDash[a] && !(a == "--" && i+1 < len(raw) && !strings.HasPrefix(raw[i+1], "--")) {
			conv = append(conv, mark+a)
			continue
		}
		conv = append(conv, a)
	}
	cmd.DisableFlagParsing = false // ParseFlags does nothing while it is set
	err := cmd.ParseFlags(conv)
	cmd.DisableFlagParsing = true
	if err != nil {
		return nil, &usageError{err: err, key: "hint.see_command_help", args: []any{"cmd", "arbitro result"}}
	}
	if h, _ := cmd.Flags().GetBool("help"); h {
		return nil, cmd.Help()
	}
	args := cmd.Flags().Args()
	for i := range args {
		args[i] = strings.TrimPrefix(args[i], mark)
	}
	if len(args) != 3 {
		return nil, usageCoded(tournament.Errf(nil, "err.cli.result_args", "result takes 3 arguments: ROUND BOARD RESULT (got {n})", "n", len(args)))
	}
	return args, nil
}

// resultListOptions are the argument of `arbitro result list`.
type resultListOptions struct {
	Round int // ROUND; 0 = every round
}

func (o *resultListOptions) complete(_ *cobra.Command, args []string) error {
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return usageCoded(tournament.Errf(nil, "err.cli.round_arg_short", "ROUND must be a round number, not {value}", "value", strconv.Quote(args[0])))
		}
		o.Round = n
	}
	return nil
}

func newResultListCmd(g *globalOptions, runF func(*cobra.Command, *resultListOptions) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "list [ROUND]",
		Short: "List the boards of a round (or of every round) with their results and game scores",
		Args:  cobra.MaximumNArgs(1),
	}, &resultListOptions{}, runF)
}

func runResultList(cmd *cobra.Command, g *globalOptions, o *resultListOptions) error {
	var boards []*tournament.Board
	err := g.read(func(st *store.Store) (t tournament.Tournament, err error) {
		boards, t, err = st.ResultList(cmd.Context(), g.tournament, o.Round)
		return t, err
	})
	if err != nil {
		return explainBoard(g, err)
	}
	if g.json {
		if boards == nil {
			boards = []*tournament.Board{}
		}
		return printJSON(cmd, boards)
	}
	return reports.WriteBoardsText(cmd.OutOrStdout(), g.cliLocale(), boards)
}
