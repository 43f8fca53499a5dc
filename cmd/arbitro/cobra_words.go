package main

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"arbitro/reports"
)

// The errors cobra and pflag find on the command line (a flag unknown, without its value
// or with a value of the wrong kind, a required flag missing, too many or too few
// arguments) are worded by those packages in English. cobraWords gives them in the run's
// language from the catalogs' "cli.*" keys (issue 29); cobra's messages have no types, so
// they are recognised by their wording (cobra v1.10 args.go and command.go), pflag's by
// its error types (pflag v1.0.9 errors.go).

var (
	reRequired = regexp.MustCompile(`^required flag\(s\) (.+) not set$`)
	reExact    = regexp.MustCompile(`^accepts (\d+) arg\(s\), received (\d+)$`)
	reAtLeast  = regexp.MustCompile(`^requires at least (\d+) arg\(s\), only received (\d+)$`)
	reAtMost   = regexp.MustCompile(`^accepts at most (\d+) arg\(s\), received (\d+)$`)
	reBetween  = regexp.MustCompile(`^accepts between (\d+) and (\d+) arg\(s\), received (\d+)$`)
	reUnknown  = regexp.MustCompile(`^unknown command ("[^"]*") for ("[^"]*")$`) // cobra.NoArgs given an argument
)

// cobraWords returns err in the words of msg when it is one of cobra's or pflag's
// command-line errors, else err itself. The result keeps err in its chain (errors.Is/As).
func cobraWords(msg *reports.Locale, err error) error {
	if text, ok := cobraText(msg, err); ok {
		return &wordedError{text: text, err: err}
	}
	return err
}

// cobraText is the catalog's sentence for a known command-line error; ok false otherwise.
func cobraText(msg *reports.Locale, err error) (string, bool) {
	var notExist *pflag.NotExistError
	var needsValue *pflag.ValueRequiredError
	var invalid *pflag.InvalidValueError
	var count *argCountError
	switch {
	case errors.As(err, &count):
		return count.text(msg)
	case errors.As(err, &notExist):
		if short := notExist.GetSpecifiedShortnames(); short != "" {
			c := []rune(notExist.GetSpecifiedName())[0]
			return msg.T("cli.unknown_shorthand", "flag", "-"+string(c), "char", strconv.QuoteRune(c), "group", "-"+short), true
		}
		return msg.T("cli.unknown_flag", "flag", "--"+notExist.GetSpecifiedName()), true
	case errors.As(err, &needsValue):
		name := "--" + needsValue.GetSpecifiedName()
		if short := needsValue.GetSpecifiedShortnames(); short != "" {
			name = "-" + needsValue.GetSpecifiedName()
		}
		return msg.T("cli.flag_needs_value", "flag", name), true
	case errors.As(err, &invalid):
		return msg.T("cli.flag_invalid", "value", strconv.Quote(invalid.GetValue()), "flag", "--"+invalid.GetFlag().Name,
			"want", flagKindWords(msg, invalid.GetFlag().Value.Type())), true
	}
	return argsText(msg, err.Error())
}

// argsText words cobra's argument-count and required-flag errors.
func argsText(msg *reports.Locale, s string) (string, bool) {
	if m := reRequired.FindStringSubmatch(s); m != nil {
		return msg.T("cli.required_flags", "flags", requiredFlags(m[1]), "quoted", m[1]), true
	}
	if m := reUnknown.FindStringSubmatch(s); m != nil {
		return msg.T("cli.unknown_command", "arg", m[1], "cmd", m[2]), true
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	if m := reExact.FindStringSubmatch(s); m != nil {
		return msg.N("cli.args_exact", n(m[1]), "got", n(m[2])), true
	}
	if m := reAtLeast.FindStringSubmatch(s); m != nil {
		return msg.N("cli.args_at_least", n(m[1]), "got", n(m[2])), true
	}
	if m := reAtMost.FindStringSubmatch(s); m != nil {
		return msg.N("cli.args_at_most", n(m[1]), "got", n(m[2])), true
	}
	if m := reBetween.FindStringSubmatch(s); m != nil {
		return msg.T("cli.args_between", "min", n(m[1]), "max", n(m[2]), "got", n(m[3])), true
	}
	return "", false
}

// requiredFlags turns cobra's `"system", "rounds"` into `--system, --rounds`.
func requiredFlags(quoted string) string {
	var names []string
	for _, q := range strings.Split(quoted, ", ") {
		if u, err := strconv.Unquote(q); err == nil {
			q = u
		}
		names = append(names, "--"+q)
	}
	return strings.Join(names, ", ")
}

// flagKindWords says what a flag of pflag's type kind takes ("int" → a whole number).
func flagKindWords(msg *reports.Locale, kind string) string {
	switch kind {
	case "int", "int64", "int32", "uint", "uint64", "count":
		return msg.T("cli.want.int")
	case "float64", "float32":
		return msg.T("cli.want.number")
	case "bool":
		return msg.T("cli.want.bool")
	case "duration":
		return msg.T("cli.want.duration")
	}
	return msg.T("cli.want.other")
}

// wordedError is an error printed in the run's words, wrapping the error it words.
type wordedError struct {
	text string
	err  error
}

func (e *wordedError) Error() string { return e.text }
func (e *wordedError) Unwrap() error { return e.err }

// argCountError is cobra's error for a command given too many or too few arguments
// (ExactArgs, RangeArgs, ...), with the command, so that its words name the command and
// its usage: "'arbitro player add' vuole 1 argomento, ne ha ricevuti 0 (uso: arbitro
// player add NOME)" (issue 29).
type argCountError struct {
	cmd *cobra.Command
	err error
}

func (e *argCountError) Error() string { return e.err.Error() }
func (e *argCountError) Unwrap() error { return e.err }

// text is the count error in msg's words with the command's usage, its argument names
// (the upper-case words of cobra's Use line) in msg's language (cli.arg.* keys); ok false
// when cobra's message is not one of the counts argsText knows.
func (e *argCountError) text(msg *reports.Locale) (string, bool) {
	count, ok := argsText(msg, e.err.Error())
	if !ok || reUnknown.MatchString(e.err.Error()) { // cobra.NoArgs given one: its words name the command
		return count, ok
	}
	return msg.T("cli.args_usage", "cmd", e.cmd.CommandPath(), "count", count, "usage", usageWords(msg, e.cmd)), true
}

// reArgName is an argument's name in a Use line: NAME, FILE.pdn, ROUND.
var reArgName = regexp.MustCompile(`\b[A-Z][A-Z]+\b`)

// argNameKeys are the catalog keys of the argument names of the commands' Use lines (the
// others, N, M, A, FEN, are kept).
var argNameKeys = map[string]string{
	"BLACK":   "cli.arg.black",
	"BOARD":   "cli.arg.board",
	"DATE":    "cli.arg.date",
	"DIR":     "cli.arg.dir",
	"FIELD":   "cli.arg.field",
	"FILE":    "cli.arg.file",
	"GAME":    "cli.arg.game",
	"GROUP":   "cli.arg.group",
	"LABEL":   "cli.arg.label",
	"NAME":    "cli.arg.name",
	"PLAYER":  "cli.arg.player",
	"PLAYOFF": "cli.arg.playoff",
	"PLY":     "cli.arg.ply",
	"RESULT":  "cli.arg.result",
	"ROUND":   "cli.arg.round",
	"TEAM":    "cli.arg.team",
	"TEXT":    "cli.arg.text",
	"VALUE":   "cli.arg.value",
	"WHITE":   "cli.arg.white",
}

// usageWords is cmd's usage line (its path and the arguments of its Use) with each
// argument name worded by msg's "cli.arg.NAME" when the catalog has one:
// "arbitro game add ROUND BOARD FILE.pdn|-" → "arbitro game add TURNO TAVOLO FILE.pdn|-".
func usageWords(msg *reports.Locale, cmd *cobra.Command) string {
	use := cmd.Use
	if i := strings.IndexByte(use, ' '); i >= 0 {
		use = use[i+1:]
	} else {
		use = ""
	}
	use = strings.ReplaceAll(use, `"Surname, Given name"`, msg.T("cli.arg.surname_given"))
	use = reArgName.ReplaceAllStringFunc(use, func(name string) string {
		if key, ok := argNameKeys[name]; ok {
			return msg.T(key)
		}
		return name
	})
	return strings.TrimSpace(cmd.CommandPath() + " " + use)
}
