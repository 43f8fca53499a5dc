package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// CodedError is an error of arbitro's domain (or of store, or of the command line) given as a
// code and its arguments, so that package reports words it in the reader's language
// (issue 29): reports.ErrorText looks the code up in the catalogs (Code is the catalog key,
// "err.player.not_found") and fills its {name} placeholders from Args; {err} is the
// wrapped error, itself worded in that language.
//
// Error() is the English text, English being the template given where the problem is
// made (the same text as the English catalog's, which reports' tests check): callers
// that print without a language (logs, tests, JSON) read the words arbitro always printed.
// Unwrap gives Err, so errors.Is on the package's sentinels (ErrNotFound, ErrLocked, ...)
// and the exit codes built on them keep working.
type CodedError struct {
	Code    string // the catalog key, "err.<what>"
	Args    []any  // name, value pairs: ints, strings, errors and []error (worded in the reader's language)
	Err     error  // the error wrapped: a sentinel, or the cause; nil for none
	Cause   error  // a second error wrapped ({cause}: fmt.Errorf's "%w: ...: %w"); nil for none
	English string // the English text with {name} placeholders ({err}: Err)
}

// Errf is the problem code wrapping err (a sentinel or a cause), worded in English by
// english, whose {name} placeholders are filled from args (name, value pairs) and {err}
// from err: Errf(ErrNotFound, "err.player.not_found", "{err}: no player {ref}", "ref", ref).
// code must be a string literal "err.…" with an entry in every catalog of reports.
func Errf(err error, code, english string, args ...any) *CodedError {
	return &CodedError{Code: code, Args: args, Err: err, English: english}
}

// ErrfWrap is Errf wrapping cause too ({cause} in english): errors.Is and errors.As find
// the sentinel err and whatever cause wraps.
func ErrfWrap(err, cause error, code, english string, args ...any) *CodedError {
	return &CodedError{Code: code, Args: args, Err: err, Cause: cause, English: english}
}

// Error is the English text: English with its placeholders filled.
func (p *CodedError) Error() string {
	return FillText(p.English, func(name string) (string, bool) {
		v, ok := p.Arg(name)
		if !ok {
			return "", false
		}
		return EnglishValue(v), true
	})
}

// Unwrap is the wrapped errors, Err and Cause (errors.Is, errors.As).
func (p *CodedError) Unwrap() []error {
	var errs []error
	for _, e := range []error{p.Err, p.Cause} {
		if e != nil {
			errs = append(errs, e)
		}
	}
	return errs
}

// Arg is the argument name; "err" is Err unless Args names it.
func (p *CodedError) Arg(name string) (any, bool) {
	for i := 0; i+1 < len(p.Args); i += 2 {
		if s, ok := p.Args[i].(string); ok && s == name {
			return p.Args[i+1], true
		}
	}
	if name == "err" && p.Err != nil {
		return p.Err, true
	}
	if name == "cause" && p.Cause != nil {
		return p.Cause, true
	}
	return nil, false
}

// EnglishValue prints an argument of a CodedError as its English text does: an error by its
// Error(), a list of errors (phrases) joined by ", ", an integer in decimal, anything else
// as fmt.Sprint.
func EnglishValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case error:
		return x.Error()
	case []error:
		return strings.Join(Texts(x), ", ")
	case Semicolons:
		return strings.Join(Texts(x), "; ")
	default:
		return fmt.Sprint(x)
	}
}

// FillText replaces each {name} of text with value(name); a placeholder value does not
// know is kept as it is. It is the one filling of {name} templates the domain does (the
// catalogs of reports fill theirs the same way).
func FillText(text string, value func(name string) (string, bool)) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			break
		}
		b.WriteString(text[:i])
		if v, ok := value(text[i+1 : i+j]); ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[i : i+j+1])
		}
		text = text[i+j+1:]
	}
	return b.String()
}

// AsCodedError is the first CodedError in err's chain, nil when there is none.
func AsCodedError(err error) *CodedError {
	var p *CodedError
	if errors.As(err, &p) {
		return p
	}
	return nil
}

// GamePointsArg is "N game points" as an argument of a CodedError ("1 game point").
func GamePointsArg(n int) error {
	if n == 1 {
		return Errf(nil, "err.phrase.game_point", "1 game point")
	}
	return Errf(nil, "err.phrase.game_points", "{n} game points", "n", n)
}

// Semicolons is a list of phrases (CodedErrors) an argument prints joined by "; " (a
// []error argument is joined by ", ").
type Semicolons []error

// Texts is the English text of each of errs.
func Texts(errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}
