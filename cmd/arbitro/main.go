// Command arbitro is the tournament and arbiter system for draughts: players, pairings
// (Berger tables, FID Italo-Swiss, FIDE Dutch), results, game scores replayed through the
// rules engine, audits and reports, kept in one SQLite file.
//
// Each noun has its own file in this directory (player.go, tournament.go, pair.go, ...)
// with its cobra command's constructor; commands() in this file lists them all. This
// package only parses flags, makes one store (or site) call and hands the result to
// reports; it holds no tournament logic and opens no transaction.
//
// Exit codes: 0 ok, 1 error, 2 usage, 3 an audit or replay found illegal moves,
// 4 no valid pairing exists.
//
// Usage (2) or error (1), for a value the user typed (argument or flag):
//   - 2 when the value cannot be understood at all, whatever the tournament holds: an
//     unknown name (variant, system, tie-break, field, result), malformed text (--set
//     "1-1" or "uno-due", a date), not a number, or outside the range the flag always has
//     (rounds 1..99, rating 0..4000, absence points 0..2, a negative round or ply);
//   - 1, with a hint, when the value is well formed but does not fit the tournament's
//     state: a round that does not exist or is not paired yet, a pairing number or name of
//     no player, a player already paired or absent, a setting locked since round 1.
//
// The tournament package marks the first kind with ErrMalformed (which wraps ErrInvalid);
// explain (flags.go) maps it to 2 and the other ErrInvalid errors to 1. When both apply
// (a malformed value for a locked setting) the state is checked first: exit 1.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	buildversion "arbitro/internal/version"
	"arbitro/reports"

	"github.com/spf13/cobra"
)

// Exit codes shared by every command (see docs/DESIGN.md, Conventions).
const (
	exitOK        = 0
	exitError     = 1
	exitUsage     = 2
	exitIllegal   = 3
	exitNoPairing = 4
	// exitAmbiguous: replay or audit found no illegal move and no other problem, but a
	// score with an ambiguous capture (rules.ClassAmbiguous): every move legal, the pieces
	// taken undetermined. Not an accusation.
	exitAmbiguous = 5
	// exitNotJudged: nothing illegal or ambiguous, but some score was not judged
	// (rules.ClassNotJudged: an unsupported or unknown variant, an impossible position).
	exitNotJudged = 6
)

// cliError is an error the CLI prints as "arbitro: <what> (<hint>)" and exits with code.
type cliError struct {
	code int
	err  error
	hint string
}

func (e *cliError) Error() string { return e.err.Error() }
func (e *cliError) Unwrap() error { return e.err }

// explained reports whether err already says what went wrong for the user (a cliError or
// a usageError): the explain functions pass it through unchanged.
func explained(err error) bool {
	var ce *cliError
	var ue *usageError
	return errors.As(err, &ce) || errors.As(err, &ue)
}

// fail wraps err with the fix to suggest to the user; the command exits with code 1.
func fail(err error, hint string) error { return &cliError{code: exitError, err: err, hint: hint} }

// usageError is a wrong invocation (exit code 2): an unknown command, a wrong number of
// arguments, a flag that is unknown, malformed or missing, or a value that can never be
// right (see the rule above). The CLI prints "arbitro: <what> (<hint>)".
type usageError struct {
	err  error
	hint string // the hint as worded by the caller; or, with key, the catalog's:
	key  string // a catalog key of the hint ("hint.see_help"), rendered in the run's language
	args []any  // the key's placeholders, name/value pairs
}

// hintIn is the hint of the usage error in the language msg.
func (e *usageError) hintIn(msg *reports.Locale) string {
	if e.key != "" {
		return msg.T(e.key, e.args...)
	}
	return e.hint
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErr reports a wrong invocation (exit code 2). usageErr("%v", err) keeps err itself,
// so that a tournament.CodedError is worded in the run's language.
func usageErr(format string, args ...any) error {
	if e, ok := oneError(format, args); ok {
		return &usageError{err: e, key: "hint.see_help"}
	}
	return &usageError{err: fmt.Errorf(format, args...), key: "hint.see_help"}
}

// oneError is args' only error when format prints just it ("%v", "%w").
func oneError(format string, args []any) (error, bool) {
	if len(args) != 1 || (format != "%v" && format != "%w") {
		return nil, false
	}
	e, ok := args[0].(error)
	return e, ok
}

// usageCoded reports a wrong invocation (exit code 2) worded by a tournament.CodedError:
// the catalog's words in the run's language (issue 29).
func usageCoded(err error) error { return &usageError{err: err, key: "hint.see_help"} }

// cobraUsageError is a usage error cobra found (arguments, required flags, unknown
// commands), with the hint "see 'arbitro --help'" in the run's language.
func cobraUsageError(err error) error { return &usageError{err: err, key: "hint.see_arbitro_help"} }

// typeUsageErrors makes the argument and required-flag errors cobra finds for c and its
// subcommands usageErrors: each command's Args validator is wrapped (a subcommand without
// one accepts any arguments, as cobra's default does) and checks the required flags
// right after it, where cobra would check them next.
func typeUsageErrors(c *cobra.Command) {
	validate := c.Args
	if validate == nil && c.HasParent() {
		validate = cobra.ArbitraryArgs
	}
	if validate != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := validate(cmd, args); err != nil {
				return &usageError{err: &argCountError{cmd: cmd, err: err}, key: "hint.see_command_help", args: []any{"cmd", cmd.CommandPath()}}
			}
			if err := cmd.ValidateRequiredFlags(); err != nil {
				return cobraUsageError(err)
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		typeUsageErrors(sub)
	}
}

// findCommand resolves args to a command as Execute will, so that an unknown command is a
// usageError. cobra's help and completion commands are added first, as Execute adds them;
// the hidden completion requests (__complete) are left to cobra.
func findCommand(root *cobra.Command, args []string) error {
	if len(args) > 0 && strings.HasPrefix(args[0], "__complete") {
		return nil
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd(args...)
	cmd, rest, err := root.Find(args)
	if cmd != nil && cmd.HasAvailableSubCommands() && !cmd.Runnable() {
		if name := firstPositional(cmd, rest); name != "" {
			return unknownCommand(cmd, name)
		}
	}
	if err != nil {
		return cobraUsageError(err)
	}
	return nil
}

// unknownCommand is the usage error of name typed where cmd (a group of commands, such
// as 'player') wants one of its subcommands: cobra would print cmd's help and exit 0, so
// a script would take a mistyped command for done. The hint names the nearest
// subcommands (cobra's SuggestionsFor: prefix or Levenshtein distance 2), else cmd's help.
// The words are the catalog's (cli.json), in the language of $LC_ALL/$LC_MESSAGES/$LANG.
func unknownCommand(cmd *cobra.Command, name string) error {
	msg := reports.LocaleOf(reports.EnvLang(os.Getenv))
	err := errors.New(msg.T("usage.unknown_command", "name", name, "command", cmd.CommandPath()))
	hint := msg.T("usage.see_help", "command", cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, set only on its own path
	}
	if s := cmd.SuggestionsFor(name); len(s) > 0 {
		quoted := make([]string, len(s))
		for i, c := range s {
			quoted[i] = "'" + cmd.CommandPath() + " " + c + "'"
		}
		hint = msg.T("usage.did_you_mean", "commands", strings.Join(quoted, ", "))
	}
	return &usageError{err: err, hint: hint}
}

// firstPositional is the first of args that is not a flag of cmd (its own or inherited)
// nor a flag's value: the name a user typed for a subcommand. "" when there is none.
func firstPositional(cmd *cobra.Command, args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case strings.HasPrefix(a, "--"):
			if !strings.Contains(a, "=") && takesValue(cmd, a[2:], "") {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if len(a) == 2 && takesValue(cmd, "", a[1:]) {
				i++
			}
		default:
			return a
		}
	}
	return ""
}

// takesValue reports whether cmd's flag --long (or -short), its own or inherited, reads the
// next argument (it is not a boolean).
func takesValue(cmd *cobra.Command, long, short string) bool {
	own, inherited := cmd.Flags(), cmd.InheritedFlags()
	f := own.Lookup(long)
	if f == nil {
		f = inherited.Lookup(long)
	}
	if short != "" {
		if f = own.ShorthandLookup(short); f == nil {
			f = inherited.ShorthandLookup(short)
		}
	}
	return f != nil && f.NoOptDefVal == ""
}

// withCode attaches an exit code other than 1 to err (3 illegal moves found, 4 no pairing).
func withCode(code int, err error, hint string) error {
	return &cliError{code: code, err: err, hint: hint}
}

// commands are the constructors of the top-level commands, one per noun file, in the
// order of those files (help lists them sorted). newRoot builds every command afresh with
// a new globalOptions, so run can be called more than once in a process (the tests do)
// without one call's flag values leaking into the next.
func commands() []func(g *globalOptions) *cobra.Command {
	return []func(g *globalOptions) *cobra.Command{
		bind(newAbsentCmd, runAbsent),
		bind(newAuditCmd, runAudit),
		newCategoryCmd,
		newPrizeCmd,
		bind(newCheckCmd, runCheckTRF),
		bind(newClaimCmd, runClaim),
		bind(newCrosstableCmd, runCrosstable),
		bind(newDemoCmd, runDemoCmd),
		newEventCmd,
		newGameCmd,
		newGroupCmd,
		bind(newGenerateCmd, runGenerate),
		newHallCmd,
		bind(newLotCmd, runLot),
		bind(newPairCmd, runPair),
		bind(newPairingsCmd, runPairings),
		bind(newUnpairCmd, runUnpair),
		bind(newPerftCmd, runPerft),
		newPlayerCmd,
		newPlayoffCmd,
		bind(newPublishCmd, runPublish),
		bind(newRatingCmd, runRating),
		bind(newReplayCmd, runReplay),
		bind(newResultCmd, runResult),
		newRoundCmd,
		bind(newServeCmd, runServe),
		bind(newStandingsCmd, runStandings),
		newTeamCmd,
		newTournamentCmd,
		bind(newUndoCmd, runUndo),
		newExportCmd,
		bind(newVersionCmd, runVersion),
	}
}

// subcommands are the commands a noun file adds under another file's command.
func subcommands() []subcommand {
	return []subcommand{
		{"tournament", bind(newImportTRFCmd, runImportTRF)},
	}
}

// subcommand is a command a noun file adds under another file's command.
type subcommand struct {
	parent string
	newCmd func(g *globalOptions) *cobra.Command
}

// version is this build's "v1.2.0 (commit 1c09412abcde)" (see arbitro/internal/version:
// stamped by the release recipe, else the Go build information, else "dev").
var version = buildversion.String()

func newRoot(ios *ioStreams) *cobra.Command {
	root, _ := newRootWith(ios)
	return root
}

// newRootWith is newRoot with the run's globalOptions, whose languages (--lang, $LANG, the
// tournament's) word the final error line.
func newRootWith(ios *ioStreams) (*cobra.Command, *globalOptions) {
	root := &cobra.Command{
		Use:   "arbitro",
		Short: "Draughts tournaments and arbitration: pairings, results, game replay, audits, reports",
		Long: `arbitro runs a draughts tournament from one SQLite file: players, the lot,
pairings (round-robin Berger tables, FID Italo-Swiss, FIDE Dutch), results, game scores
(PDN) replayed through the rules of Italian (dama italiana) or International draughts,
40-move and FMJD draw claims, audits and reports (text, CSV, JSON, PDF).

The database is --db, or $ARBITRO_DB, or arbitro.db in the current directory.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.Long += "\n\nThis is arbitro " + version + " ('arbitro version' for details)."
	g := &globalOptions{io: ios}
	wireRoot(root, g)
	for _, newCmd := range commands() {
		root.AddCommand(newCmd(g))
	}
	for _, s := range subcommands() {
		if parent, _, err := root.Find([]string{s.parent}); err == nil && parent != root {
			parent.AddCommand(s.newCmd(g))
		}
	}
	typeUsageErrors(root)
	return root, g
}

// wireRoot gives root the global flags (into g), makes a malformed or unknown flag a
// usageError, and rejects a --lang arbitro does not speak before any command runs (every
// command's messages follow --lang).
func wireRoot(root *cobra.Command, g *globalOptions) {
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{err: err, key: "hint.see_command_help", args: []any{"cmd", c.CommandPath()}}
	})
	g.addGlobalFlags(root)
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		if c.DisableFlagParsing { // result parses its own flags (a result may look like one: -+); --lang is read after
			return nil
		}
		return g.checkLangFlag()
	}
}

// run executes the CLI with args on the streams ios and returns the process exit code.
func run(args []string, ios *ioStreams) int {
	root, g := newRootWith(ios)
	root.SetArgs(args)
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	stderr := ios.ErrOut
	err := findCommand(root, args)
	if err == nil {
		err = root.Execute()
	}
	if err == nil {
		return exitOK
	}
	msg := g.cliLocale() // the error and its hint in the arbiter's language (reports.ErrorText)
	var ue *usageError
	if errors.As(err, &ue) {
		reports.WriteError(stderr, msg, cobraWords(msg, ue.err), ue.hintIn(msg)) // cobra's own errors in msg's words: cobra_words.go
		return exitUsage
	}
	var ce *cliError
	if errors.As(err, &ce) {
		reports.WriteError(stderr, msg, ce.err, ce.hint)
		return ce.code
	}
	reports.WriteError(stderr, msg, err, msg.T("hint.see_arbitro_help"))
	return exitError
}

func main() { os.Exit(run(os.Args[1:], systemStreams())) }
