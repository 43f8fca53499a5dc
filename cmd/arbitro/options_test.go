package main

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// execFlags runs cmd with args and no database: the runF seam of the command records the
// options it would run with.
func execFlags(t *testing.T, cmd *cobra.Command, args ...string) error {
	t.Helper()
	cmd.SetArgs(args)
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	typeUsageErrors(cmd)
	return cmd.Execute()
}

// flagCase is one invocation of a command in a table of flag-validation tests.
type flagCase[O any] struct {
	args  []string // after the command's name; the global flags (--json) may be among them
	usage string   // "" when valid, else a part of the usage error's message
	check func(o *O) bool
}

// testFlags runs newCmd's command with each case's arguments under a root carrying the
// global flags, its runF replaced by one that records the completed options: a valid
// case must reach runF (and pass check, when given), an invalid one must stop before it
// with a usage error (exit 2) whose message contains the case's usage.
func testFlags[O any](t *testing.T, newCmd newCmdFunc[O], cases []flagCase[O]) {
	t.Helper()
	for _, c := range cases {
		var got *O
		g := &globalOptions{}
		cmd := newCmd(g, func(_ *cobra.Command, o *O) error { got = o; return nil })
		root := &cobra.Command{Use: "arbitro", SilenceErrors: true, SilenceUsage: true}
		wireRoot(root, g)
		root.AddCommand(cmd)
		err := execFlags(t, root, append([]string{cmd.Name()}, c.args...)...)
		switch {
		case c.usage == "":
			if err != nil || got == nil || c.check != nil && !c.check(got) {
				t.Errorf("%s %q: err %v, options %+v", cmd.Name(), c.args, err, got)
			}
		case !isUsage(err) || !strings.Contains(err.Error(), c.usage) || got != nil:
			t.Errorf("%s %q: err %v (usage %v), want a usage error %q and no run", cmd.Name(), c.args, err, isUsage(err), c.usage)
		}
	}
}

func isUsage(err error) bool {
	var ue *usageError
	return errors.As(err, &ue)
}

func TestPairFlags(t *testing.T) {
	for _, c := range []struct {
		args  []string
		usage string // "" = valid
		check func(*pairOptions) bool
	}{
		{[]string{"3"}, "", func(o *pairOptions) bool { return o.Round == 3 }},
		{[]string{"--set", "12-7", "--set", "3-bye", "--forbid", "4-9"}, "", func(o *pairOptions) bool {
			return len(o.manual) == 2 && o.manual[1].Black == 0 && len(o.forbidden) == 1
		}},
		{[]string{"--trf", "in.trf"}, "", func(o *pairOptions) bool { return o.System == "dutch" }},
		{[]string{"--check", "--round", "2"}, "", func(o *pairOptions) bool { return o.Check && o.CheckRound == 2 }},
		{[]string{"--date", "2026-11-21"}, "", func(o *pairOptions) bool { return o.Schedule }},
		{[]string{"zero"}, "ROUND must be a round number", nil},
		{[]string{"0"}, "ROUND must be a round number", nil},
		{[]string{"2", "--check"}, "ROUND goes without --trf and --check", nil},
		{[]string{"--trf", "in.trf", "--forbid", "1-2"}, "--forbid goes with a tournament", nil},
		{[]string{"--output", "x.txt"}, "--system and --output go with --trf", nil},
		{[]string{"--check", "--force"}, "--check does not pair", nil},
		{[]string{"--round", "2"}, "--round goes with --check", nil},
		{[]string{"--set", "12-"}, "", nil}, // malformed: the parser's message, a usage error
		{[]string{"1", "2"}, "accepts at most 1 arg", nil},
	} {
		var got *pairOptions
		err := execFlags(t, newPairCmd(&globalOptions{}, func(_ *cobra.Command, o *pairOptions) error { got = o; return nil }), c.args...)
		switch {
		case c.check != nil:
			if err != nil || got == nil || !c.check(got) {
				t.Errorf("pair %q: err %v, options %+v", c.args, err, got)
			}
		case !isUsage(err) || !strings.Contains(err.Error(), c.usage) || got != nil:
			t.Errorf("pair %q: err %v (usage %v), want a usage error %q and no run", c.args, err, isUsage(err), c.usage)
		}
	}
}

func TestPairingsFlags(t *testing.T) {
	for _, c := range []struct {
		args  []string
		json  bool
		usage string
	}{
		{[]string{"--round", "2", "--explain"}, false, ""},
		{[]string{"--pdf", "r.pdf", "--results"}, false, ""},
		{[]string{"--pdf", "r.pdf"}, true, "choose one of --json and --pdf"},
		{[]string{"--results"}, false, "--results goes with --pdf"},
		{[]string{"--explain"}, true, "--explain prints text"},
		{[]string{"--round", "-1"}, false, "--round must be a round number"},
	} {
		cmd := newPairingsCmd(&globalOptions{}, func(*cobra.Command, *pairingsOptions) error { return nil })
		if err := cmd.ParseFlags(c.args); err != nil {
			t.Fatal(err)
		}
		var parsed pairingsOptions
		parsed.Round, _ = cmd.Flags().GetInt("round")
		parsed.PDF, _ = cmd.Flags().GetString("pdf")
		parsed.Explain, _ = cmd.Flags().GetBool("explain")
		parsed.ResultsSheet, _ = cmd.Flags().GetBool("results")
		err := parsed.validate(c.json)
		if c.usage == "" && err != nil || c.usage != "" && (!isUsage(err) || !strings.Contains(err.Error(), c.usage)) {
			t.Errorf("pairings %q (json %v): %v, want %q", c.args, c.json, err, c.usage)
		}
	}
}

// cobra's own argument, flag and command errors are typed usage errors: exit 2 with the
// hint, and the database is not created.
func TestCobraUsageErrorsExit2(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	for _, args := range [][]string{
		{"nosuch"},
		{"pair", "1", "2"},
		{"pairings", "extra"},
		{"tournament", "create", "Open"}, // required flags --system and --rounds
		{"standings", "--no-such-flag"},  // unknown flag
		{"pair", "--round", "two"},       // invalid argument
		{"result", "1", "2", "2-0", "--game", "x"},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"--db", db}, args...), &out, &errb); code != exitUsage || !strings.HasPrefix(errb.String(), "arbitro: ") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--db", db, "version"}, &out, &errb); code != 0 {
		t.Errorf("version: exit %d", code)
	}
}
