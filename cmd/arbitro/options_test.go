package main

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"

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
	testFlags(t, newPairCmd, []flagCase[pairOptions]{
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
		{[]string{"--set", "12-"}, "12-", nil}, // malformed: the parser's message, a usage error
		{[]string{"1", "2"}, "accepts at most 1 arg", nil},
		{[]string{"--round", "two"}, "invalid argument", nil},
	})
}

func TestPairingsFlags(t *testing.T) {
	testFlags(t, newPairingsCmd, []flagCase[pairingsOptions]{
		{[]string{"--round", "2", "--explain"}, "", func(o *pairingsOptions) bool { return o.Round == 2 && o.Explain }},
		{[]string{"--pdf", "r.pdf", "--results"}, "", func(o *pairingsOptions) bool { return o.ResultsSheet }},
		{[]string{"--json"}, "", nil},
		{[]string{"--pdf", "r.pdf", "--json"}, "choose one of --json and --pdf", nil},
		{[]string{"--results"}, "--results goes with --pdf", nil},
		{[]string{"--explain", "--json"}, "--explain prints text", nil},
		{[]string{"--round", "-1"}, "--round must be a round number", nil},
		{[]string{"extra"}, "unknown command", nil},
	})
}

func TestAbsentFlags(t *testing.T) {
	testFlags(t, newAbsentCmd, []flagCase[absentOptions]{
		{[]string{"Rossi, Mario"}, "", func(o *absentOptions) bool { return o.Player == "Rossi, Mario" && o.Round == 0 }},
		{[]string{"12", "--round", "5", "--points", "1", "--reason", "bye"}, "", func(o *absentOptions) bool {
			return o.Round == 5 && o.Points == 1 && o.Reason == "bye"
		}},
		{[]string{"12", "--round", "5", "--remove"}, "", func(o *absentOptions) bool { return o.Remove }},
		{[]string{"12", "--remove", "--points", "0"}, "--remove goes without --points and --reason", nil},
		{[]string{"12", "--remove", "--reason", "x"}, "--remove goes without --points and --reason", nil},
		{[]string{"12", "--round", "-1"}, "--round must be a round number", nil},
		{[]string{"12", "--points", "x"}, "invalid argument", nil},
		{nil, "accepts 1 arg", nil},
	})
}

func TestCategoryAndPrizeFlags(t *testing.T) {
	testFlags(t, newCategoryAddCmd, []flagCase[categoryAddOptions]{
		{[]string{"Veterani", "--rule", "born-to=1966"}, "", func(o *categoryAddOptions) bool { return o.Name == "Veterani" && o.Rule == "born-to=1966" }},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newCategoryAssignCmd, []flagCase[categoryAssignOptions]{
		{[]string{"Veterani", "3", "Rossi, Mario"}, "", func(o *categoryAssignOptions) bool {
			return o.Name == "Veterani" && len(o.Players) == 2 && o.Players[1] == "Rossi, Mario"
		}},
		{[]string{"Veterani"}, "requires at least 2 arg", nil},
	})
	testFlags(t, newPrizeAddCmd, []flagCase[prizeAddOptions]{
		{[]string{"1st prize"}, "", func(o *prizeAddOptions) bool { return o.Label == "1st prize" && o.Place == 1 && o.Category == "" }},
		{[]string{"best veteran", "--category", "Veterani", "--place", "2"}, "", func(o *prizeAddOptions) bool { return o.Category == "Veterani" && o.Place == 2 }},
		{[]string{"x", "--place", "first"}, "invalid argument", nil},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newPrizeListCmd, []flagCase[prizeListOptions]{
		{nil, "", func(o *prizeListOptions) bool { return o.Round == -1 }},
		{[]string{"--round", "3"}, "", func(o *prizeListOptions) bool { return o.Round == 3 }},
		{[]string{"3"}, "unknown command", nil},
	})
}

func TestGenerateAndCheckFlags(t *testing.T) {
	testFlags(t, newGenerateCmd, []flagCase[generateOptions]{
		{[]string{"--system", "dutch", "--players", "60", "--baku", "--output", "t.trf"}, "", func(o *generateOptions) bool {
			return o.Players == 60 && o.Rounds == 9 && o.Baku && o.Output == "t.trf" && o.Seed == 1
		}},
		{nil, "generate knows --system dutch only", nil},
		{[]string{"--system", "italo-swiss"}, "generate knows --system dutch only", nil},
		{[]string{"--system", "dutch", "--players", "many"}, "invalid argument", nil},
	})
	testFlags(t, newCheckCmd, []flagCase[checkOptions]{
		{[]string{"--trf", "open.trf", "--seed", "7"}, "", func(o *checkOptions) bool { return o.trf == "open.trf" && o.seed == 7 }},
		{nil, "--trf FILE is required", nil},
		{[]string{"--trf", "open.trf", "--system", "italo-swiss"}, "check knows --system dutch only", nil},
		{[]string{"open.trf"}, "unknown command", nil},
	})
}

func TestClaimFlags(t *testing.T) {
	plies := []string{"--requested-at", "60", "--declared-at", "140"}
	with := func(args ...string) []string { return append(args, plies...) }
	testFlags(t, newClaimCmd, []flagCase[claimOptions]{
		{with("3", "2"), "", func(o *claimOptions) bool { return o.Round == 3 && o.Board == 2 && o.RequestedAt == 60 && o.Game == 1 }},
		{with("3", "2", "--game", "2", "--decision", "rejected"), "", func(o *claimOptions) bool { return o.Game == 2 && o.Decision == "rejected" }},
		{[]string{"3", "2"}, "required flag", nil},
		{with("three", "2"), "ROUND must be a round number", nil},
		{with("3", "0"), "BOARD must be a board number", nil},
		{with("3", "2", "--game", "3"), "--game must be 1, or 2", nil},
		{with("3"), "accepts 2 arg", nil},
	})
}

func TestLotAndResultFlags(t *testing.T) {
	testFlags(t, newLotCmd, []flagCase[lotOptions]{
		{nil, "", func(o *lotOptions) bool { return !o.seedSet }},
		{[]string{"--seed", "7"}, "", func(o *lotOptions) bool { return o.seedSet && o.Seed == 7 }},
		{[]string{"--seed", "-1"}, "invalid argument", nil},
	})
	testFlags(t, newResultCmd, []flagCase[resultOptions]{
		{[]string{"1", "3", "2-0"}, "", func(o *resultOptions) bool { return o.Round == 1 && o.Board == 3 && o.Result == "2-0" && o.Game == 1 }},
		{[]string{"2", "1", "-+"}, "", func(o *resultOptions) bool { return o.Result == "-+" }},
		{[]string{"1", "3", "1-1", "--correct", "--reason", "typing error"}, "", func(o *resultOptions) bool { return o.Correct && o.Reason == "typing error" }},
		{[]string{"1", "3", "1-1", "--reason", "x"}, "--reason goes with --correct", nil},
		{[]string{"1", "3"}, "result takes 3 arguments", nil},
		{[]string{"0", "3", "2-0"}, "ROUND must be a round number", nil},
		{[]string{"1", "3", "2-0", "--game", "x"}, "invalid argument", nil},
		{[]string{"1", "3", "2-0", "--game", "3"}, "--game must be 1, or 2", nil},
	})
	testFlags(t, newResultListCmd, []flagCase[resultListOptions]{
		{nil, "", func(o *resultListOptions) bool { return o.Round == 0 }},
		{[]string{"2"}, "", func(o *resultListOptions) bool { return o.Round == 2 }},
		{[]string{"two"}, "ROUND must be a round number", nil},
		{[]string{"1", "2"}, "accepts at most 1 arg", nil},
	})
}

func TestReportFlags(t *testing.T) {
	testFlags(t, newStandingsCmd, []flagCase[standingsOptions]{
		{nil, "", func(o *standingsOptions) bool { return o.round == -1 && !o.CSV }},
		{[]string{"--round", "2", "--csv", "--category", "Veterani"}, "", func(o *standingsOptions) bool {
			return o.round == 2 && o.CSV && o.category == "Veterani"
		}},
		{[]string{"--pdf", "s.pdf", "--lang", "it"}, "", func(o *standingsOptions) bool { return o.pdf == "s.pdf" }},
		{[]string{"--csv", "--json"}, "choose one of --json, --csv and --pdf", nil},
		{[]string{"--pdf", "s.pdf", "--csv"}, "choose one of --json, --csv and --pdf", nil},
		{[]string{"--round", "-2"}, "--round must be a round number", nil},
		{[]string{"--lang", "klingon"}, "--lang", nil},
	})
	testFlags(t, newCrosstableCmd, []flagCase[crosstableOptions]{
		{[]string{"--grid", "--round", "3"}, "", func(o *crosstableOptions) bool { return o.Grid && o.round == 3 }},
		{[]string{"--grid", "--swiss"}, "choose one of --grid and --swiss", nil},
		{[]string{"--round", "-5"}, "--round must be a round number", nil},
	})
	testFlags(t, newRatingCmd, []flagCase[ratingOptions]{
		{[]string{"--csv", "--expected-table", "t.csv"}, "", func(o *ratingOptions) bool { return o.CSV && o.TableFile == "t.csv" }},
		{[]string{"--json"}, "", nil},
		{[]string{"--csv", "--json"}, "choose one of --json, --csv and --pdf", nil},
		{[]string{"--pdf", "r.pdf", "--json"}, "choose one of --json, --csv and --pdf", nil},
	})
	testFlags(t, newPublishCmd, []flagCase[publishOptions]{
		{[]string{"--out", "site", "--all", "--lang", "it"}, "", func(o *publishOptions) bool { return o.out == "site" && o.all && o.lang == "it" }},
		{nil, "--out DIR is required", nil},
		{[]string{"--out", "site", "--lang", "klingon"}, "--lang", nil},
	})
	testFlags(t, newServeCmd, []flagCase[serveOptions]{
		{nil, "", func(o *serveOptions) bool { return o.addr == "127.0.0.1:8080" && o.lang == "" }},
		{[]string{"--addr", "0.0.0.0:8081", "--lang", "nl"}, "", func(o *serveOptions) bool { return o.addr == "0.0.0.0:8081" && o.lang == "nl" && !o.hall }},
		{[]string{"--hall"}, "", func(o *serveOptions) bool { return o.hall && !o.confirm && o.addr == "127.0.0.1:8080" }},
		{[]string{"--hall", "--confirm"}, "", func(o *serveOptions) bool { return o.hall && o.confirm }},
		{nil, "", func(o *serveOptions) bool { return o.cacheMB == 64 }},
		{[]string{"--cache-mb", "0"}, "", func(o *serveOptions) bool { return o.cacheMB == 0 }},
		{[]string{"--cache-mb", "-1"}, "--cache-mb is a number of megabytes", nil},
		{[]string{"--confirm"}, "--confirm is an option of the hall", nil},
		{[]string{"--lang", "klingon"}, "--lang", nil},
	})
}

func TestRoundSetFlags(t *testing.T) {
	testFlags(t, newRoundSetCmd, []flagCase[roundSetOptions]{
		{[]string{"3", "--date", "21/11/2026"}, "", func(o *roundSetOptions) bool {
			return o.Round == 3 && o.date != nil && *o.date == "21/11/2026" && o.clock == nil
		}},
		{[]string{"3", "--time", ""}, "", func(o *roundSetOptions) bool { return o.date == nil && o.clock != nil && *o.clock == "" }},
		{[]string{"3"}, "give --date, --time or both", nil},
		{[]string{"third", "--date", "2026-11-21"}, "ROUND must be a round number", nil},
		{nil, "accepts 1 arg", nil},
	})
}

func TestTournamentFlags(t *testing.T) {
	req := []string{"--system", "Dutch", "--rounds", "5"}
	with := func(args ...string) []string { return append(append([]string{"Open"}, req...), args...) }
	testFlags(t, newTournamentCreateCmd, []flagCase[tournamentCreateOptions]{
		{with(), "", func(o *tournamentCreateOptions) bool {
			t := o.Tournament
			return t.Name == "Open" && t.System == tournament.Dutch && t.Variant == rules.Italian && t.Rounds == 5
		}},
		{with("--variant", "dama", "--tiebreaks", "buchholz", "--seed", "9"), "", func(o *tournamentCreateOptions) bool {
			return o.Tournament.Variant == rules.Italian && len(o.Tournament.TieBreaks) == 1 && o.Tournament.Seed == 9
		}},
		{[]string{"Open", "--rounds", "5"}, "required flag", nil},
		{with("--variant", "checkers"), "checkers", nil},
		{with("--italo-format", "art8"), "--italo-format goes with --system italo-swiss", nil},
		{with("--seed", "0"), "--seed must be a whole number of at least 1", nil},
		{with("--tiebreaks", "coin-toss"), "coin-toss", nil},
		{[]string{"Open", "--system", "swiss", "--rounds", "5"}, `pairing system "swiss" (use round-robin, italo-swiss or dutch)`, nil},
		{[]string{"123", "--system", "swiss", "--rounds", "5"}, `tournament name "123" is a number`, nil}, // the name first, as before
		{[]string{"Open", "--system", "swiss", "--rounds", "5", "--italo-format", "art8"}, "--italo-format goes with --system italo-swiss", nil},
		{[]string{"Open", "--system", "ITALO-SWISS", "--rounds", "5", "--italo-format", "art9"}, "", func(o *tournamentCreateOptions) bool {
			return o.Tournament.System == tournament.ItaloSwiss && o.Tournament.ItaloFormat == "art9"
		}},
	})
	testFlags(t, newTournamentSetCmd, []flagCase[fieldSetOptions]{
		{[]string{"place", "Forlì"}, "", func(o *fieldSetOptions) bool { return o.Who == "" && o.Field == "place" && o.Value == "Forlì" }},
		{[]string{"place"}, "accepts 2 arg", nil},
	})
	for _, newCmd := range []newCmdFunc[noArgs]{newTournamentListCmd, newTournamentShowCmd, newTournamentLogCmd,
		newCategoryListCmd, newPlayerListCmd, newVersionCmd} {
		testFlags(t, newCmd, []flagCase[noArgs]{{nil, "", nil}, {[]string{"extra"}, "unknown command", nil}})
	}
	testFlags(t, newUnpairCmd, []flagCase[unpairOptions]{
		{nil, "", func(o *unpairOptions) bool { return o.Round == 0 && o.Reason == "" }},
		{[]string{"--round", "3", "--reason", "wrong absence"}, "", func(o *unpairOptions) bool { return o.Round == 3 && o.Reason == "wrong absence" }},
		{[]string{"--round", "-1"}, "--round must be a round number", nil},
		{[]string{"extra"}, "unknown command", nil},
	})
}

func TestPlayerFlags(t *testing.T) {
	testFlags(t, newPlayerAddCmd, []flagCase[playerAddOptions]{
		{[]string{"Rossi, Mario", "--rating", "1850", "--club", "CD"}, "", func(o *playerAddOptions) bool {
			return o.Name == "Rossi, Mario" && o.Rating == 1850 && o.Club == "CD"
		}},
		{[]string{"Rossi, Mario", "--rating", "high"}, "invalid argument", nil},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newPlayerImportCmd, []flagCase[playerImportOptions]{
		{[]string{"iscritti.csv", "--encoding", "iso-8859-2"}, "", func(o *playerImportOptions) bool { return o.File == "iscritti.csv" && o.Encoding == "iso-8859-2" }},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newPlayerWithdrawCmd, []flagCase[playerWithdrawOptions]{
		{[]string{"3"}, "", func(o *playerWithdrawOptions) bool { return o.Player == "3" && !o.Keep }},
		{[]string{"3", "--keep-numbers"}, "", func(o *playerWithdrawOptions) bool { return o.Keep }},
		{[]string{"3", "--redraw"}, "", func(o *playerWithdrawOptions) bool { return o.Redraw && !o.Keep }},
		{[]string{"3", "--redraw", "--keep-numbers"}, "the two choices for the lot: give one", nil},
		{[]string{"3", "4"}, "accepts 1 arg", nil},
	})
	testFlags(t, newPlayerRemoveCmd, []flagCase[playerWithdrawOptions]{
		{[]string{"Rossi"}, "", func(o *playerWithdrawOptions) bool { return o.Player == "Rossi" }},
		{[]string{"Rossi", "--keep-numbers"}, "", func(o *playerWithdrawOptions) bool { return o.Keep }},
		{[]string{"Rossi", "--keep-numbers", "--redraw"}, "the two choices for the lot: give one", nil},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newPlayerReinstateCmd, []flagCase[playerReinstateOptions]{
		{[]string{"3"}, "", func(o *playerReinstateOptions) bool { return o.Player == "3" && o.Round == 0 }},
		{[]string{"3", "--round", "5"}, "", func(o *playerReinstateOptions) bool { return o.Round == 5 }},
		{[]string{"3", "--round", "-1"}, "--round -1: give a round from 1 to 99", nil},
		{[]string{"3", "--round", "x"}, "invalid argument", nil},
	})
	testFlags(t, newPlayerSetCmd, []flagCase[fieldSetOptions]{
		{[]string{"3", "club", "CD Partenopeo"}, "", func(o *fieldSetOptions) bool {
			return o.Who == "3" && o.Field == "club" && o.Value == "CD Partenopeo"
		}},
		{[]string{"3", "club"}, "accepts 3 arg", nil},
	})
	testFlags(t, newHallPasswordCmd, []flagCase[hallPasswordOptions]{
		{nil, "", func(o *hallPasswordOptions) bool { return o.Arbiter == "" }},
		{[]string{"--arbiter", "Rossi"}, "", func(o *hallPasswordOptions) bool { return o.Arbiter == "Rossi" }},
		{[]string{"--arbiter", " "}, "--arbiter needs the arbiter's name", nil},
		{[]string{"secret"}, "unknown command", nil},
	})
	testFlags(t, newPlayerPINCmd, []flagCase[playerPINOptions]{
		{nil, "", func(o *playerPINOptions) bool { return len(o.players) == 0 }},
		{[]string{"3", "Rossi, Mario"}, "", func(o *playerPINOptions) bool { return len(o.players) == 2 && o.players[1] == "Rossi, Mario" }},
		{[]string{"--all"}, "unknown flag", nil},
	})
}

func TestImportAndGameFlags(t *testing.T) {
	testFlags(t, newEventImportCmd, []flagCase[eventImportOptions]{
		{[]string{"wk.pdn", "--rounds", "19", "--system", "Round-Robin", "--again"}, "", func(o *eventImportOptions) bool {
			return o.File == "wk.pdn" && o.Rounds == 19 && o.System == tournament.RoundRobin && o.Again && o.Variant == nil
		}},
		{[]string{"-", "--variant", "international"}, "", func(o *eventImportOptions) bool { return o.File == "-" && o.Variant == rules.International }},
		{[]string{"wk.pdn", "--rounds", "100"}, "--rounds must be 1 to 99", nil},
		{[]string{"wk.pdn", "--variant", "checkers"}, "checkers", nil},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newImportTRFCmd, []flagCase[importTRFOptions]{
		{[]string{filepath.Join("in", "open.trf")}, "", func(o *importTRFOptions) bool {
			// --system not given: the zero System (Dutch, or a team file's round robin from its 192 record)
			return o.Variant == rules.International && o.Source == "open.trf" && o.System == tournament.System{}
		}},
		{[]string{"open.trf", "--system", "dutch"}, "", func(o *importTRFOptions) bool { return o.System == tournament.Dutch }},
		{[]string{"open.trf", "--variant", "checkers"}, "checkers", nil},
		{nil, "accepts 1 arg", nil},
	})
	testFlags(t, newExportTRFCmd, []flagCase[exportTRFOptions]{
		{nil, "", func(o *exportTRFOptions) bool { return o.File == "" }},
		{[]string{"out.trf"}, "", func(o *exportTRFOptions) bool { return o.File == "out.trf" }},
		{[]string{"a", "b"}, "accepts at most 1 arg", nil},
	})
	testFlags(t, newGameAddCmd, []flagCase[gameAddOptions]{
		{[]string{"1", "3", "g.pdn", "--replace"}, "", func(o *gameAddOptions) bool { return o.Round == 1 && o.Board == 3 && o.File == "g.pdn" && o.Replace }},
		{[]string{"1", "x", "g.pdn"}, "BOARD must be a board number", nil},
		{[]string{"1", "3", "g.pdn", "--game", "3"}, "--game must be 1, or 2", nil},
		{[]string{"1", "3"}, "accepts 3 arg", nil},
	})
	testFlags(t, newGameImportCmd, []flagCase[gameImportOptions]{
		{[]string{"all.pdn", "--round", "2", "--force"}, "", func(o *gameImportOptions) bool { return o.File == "all.pdn" && o.Round == 2 && o.Force }},
		{[]string{"all.pdn", "--round", "-1"}, "--round must be a round number", nil},
	})
	testFlags(t, newReplayCmd, []flagCase[replayCmdOptions]{
		{[]string{"a.pdn", "b.pdn", "--variant", "international", "--strict"}, "", func(o *replayCmdOptions) bool {
			return len(o.Files) == 2 && o.replay.Variant == rules.International && o.replay.Strict
		}},
		{[]string{"a.pdn", "--variant", "checkers"}, "--variant", nil},
		{[]string{"a.pdn", "--encoding", "klingon"}, "klingon", nil},
		{nil, "requires at least 1 arg", nil},
	})
	testFlags(t, newDemoCmd, []flagCase[demoOptions]{
		{nil, "", func(o *demoOptions) bool { return o.Dir == "arbitro-demo" && o.Seed == 20261121 }},
		{[]string{"--dir", "d", "--seed", "5"}, "", func(o *demoOptions) bool { return o.Dir == "d" && o.Seed == 5 }},
		{[]string{"--seed", "0"}, "--seed must be at least 1", nil},
	})
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
		{"player", "reinstat", "3"},     // unknown subcommand of a group
		{"tournament", "--json", "shw"}, // the same after a flag
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"--db", db}, args...), bufferStreams(&out, &errb)); code != exitUsage || !strings.HasPrefix(errb.String(), "arbitro: ") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--db", db, "version"}, bufferStreams(&out, &errb)); code != 0 {
		t.Errorf("version: exit %d", code)
	}
}

func TestAuditFlags(t *testing.T) {
	testFlags(t, newAuditCmd, []flagCase[auditOptions]{
		{nil, "", func(o *auditOptions) bool { return !o.All && len(o.Files) == 0 && o.Round == 0 }},
		{[]string{"--round", "3", "--pdf", "a.pdf"}, "", func(o *auditOptions) bool { return o.Round == 3 && o.PDF == "a.pdf" }},
		{[]string{"--all", "--jobs", "4", "--pdf", "x.pdf"}, "", func(o *auditOptions) bool { return o.All && o.Jobs == 4 }},
		{[]string{"a.pdn", "b.pdn", "--variant", "international", "--strict"}, "", func(o *auditOptions) bool {
			return len(o.Files) == 2 && o.Variant == "international" && o.Strict
		}},
		{[]string{"--jobs", "-1"}, "--jobs must be 0", nil},
		{[]string{"--all", "a.pdn"}, "--all audits every tournament", nil},
		{[]string{"--all", "--round", "2"}, "--all audits every tournament", nil},
		{[]string{"a.pdn", "--pdf", "a.pdf"}, "--round and --pdf are for the tournament's audit", nil},
		{[]string{"--variant", "italian"}, "--variant, --strict and --encoding are for PDN files", nil},
		{[]string{"--encoding", "windows-1252"}, "--variant, --strict and --encoding are for PDN files", nil},
		{[]string{"--round", "-2"}, "--round must be a round number", nil},
	})
}

func TestPerftFlags(t *testing.T) {
	testFlags(t, newPerftCmd, []flagCase[perftOptions]{
		{nil, "", func(o *perftOptions) bool { return o.variant.Name() == "italian" && o.Depth == 1 }},
		{[]string{"--variant", "international", "--depth", "9", "--divide"}, "", func(o *perftOptions) bool {
			return o.variant.Name() == "international" && o.Depth == 9 && o.Divide
		}},
		{[]string{"--variant", "checkers"}, "checkers", nil},
		{[]string{"--depth", "-1"}, "--depth -1 is out of range", nil},
		{[]string{"--depth", "21"}, "--depth 21 is out of range", nil},
		{[]string{"extra"}, "unknown command", nil},
	})
}

func TestUndoFlags(t *testing.T) {
	testFlags(t, newUndoCmd, []flagCase[undoOptions]{
		{nil, "", func(o *undoOptions) bool { return !o.List }},
		{[]string{"--list"}, "", func(o *undoOptions) bool { return o.List }},
		{[]string{"3"}, "unknown command", nil},
	})
}
