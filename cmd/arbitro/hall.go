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
)

// newHallCmd is `arbitro hall`: the settings of the hall (serve --hall, docs/hall.md).
func newHallCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hall",
		Short: "Settings of the hall (arbitro serve --hall): the arbiter's password",
	}
	cmd.AddCommand(bind(newHallPasswordCmd, runHallPassword)(g))
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
