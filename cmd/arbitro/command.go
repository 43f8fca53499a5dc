package main

// How a command is wired, as gh and litestream write theirs: the command's arguments and
// flags go into its options struct; complete reads the arguments and checks the
// combination of flags without opening a database or reading an input file (a usageError,
// exit 2; or, for a well-formed value the tournament rules refuse, such as a tournament
// create that fails Tournament.Validate, an explained error, exit 1); then runF runs the
// command with the completed options. The constructors take runF, so a
// test passes its own and checks the validation without a database or a subprocess
// (options_test.go); commands() (main.go) registers the real one with bind.

import "github.com/spf13/cobra"

// completer is implemented by every command's options: complete reads args and the flags
// cobra parsed into the options and checks them, before anything is opened.
type completer interface {
	complete(cmd *cobra.Command, args []string) error
}

// withRun sets cmd's RunE to complete o from the arguments, then run runF(cmd, o), and
// returns cmd.
func withRun[O any, P interface {
	*O
	completer
}](cmd *cobra.Command, o P, runF func(*cobra.Command, *O) error) *cobra.Command {
	cmd.RunE = func(c *cobra.Command, args []string) error {
		if err := o.complete(c, args); err != nil {
			return err
		}
		return runF(c, o)
	}
	return cmd
}

// newCmdFunc is the shape of a command constructor with a runF seam.
type newCmdFunc[O any] func(g *globalOptions, runF func(*cobra.Command, *O) error) *cobra.Command

// bind makes the constructor that commands() lists: newCmd with run, the command's
// real work, as its runF.
func bind[O any](newCmd newCmdFunc[O], run func(cmd *cobra.Command, g *globalOptions, o *O) error) func(g *globalOptions) *cobra.Command {
	return func(g *globalOptions) *cobra.Command {
		return newCmd(g, func(cmd *cobra.Command, o *O) error { return run(cmd, g, o) })
	}
}

// noArgs is the options of a command that takes neither arguments nor flags of its own
// (cobra checks that no argument is given): complete has nothing to check.
type noArgs struct{}

func (*noArgs) complete(*cobra.Command, []string) error { return nil }
