package reports

import (
	"errors"
	"strconv"
	"strings"

	"arbitro/tournament"
	"arbitro/trf"
)

// sentinelKeys are the catalog keys of the domain's sentinel errors (tournament/errors.go
// and beside), for an error that is the sentinel itself or wraps it (issue 29).
var sentinelKeys = map[error]string{
	tournament.ErrNoTournament:        "err.sentinel.no_tournament",
	tournament.ErrAmbiguousTournament: "err.sentinel.ambiguous_tournament",
	tournament.ErrNotFound:            "err.sentinel.not_found",
	tournament.ErrDuplicatePlayer:     "err.sentinel.duplicate_player",
	tournament.ErrDuplicateTournament: "err.sentinel.duplicate_tournament",
	tournament.ErrNewerSchema:         "err.sentinel.newer_schema",
	tournament.ErrNotArbitro:          "err.sentinel.not_arbitro",
	tournament.ErrReadOnly:            "err.sentinel.read_only",
	tournament.ErrBusy:                "err.sentinel.busy",
	tournament.ErrInvalid:             "err.sentinel.invalid",
	tournament.ErrMalformed:           "err.sentinel.invalid",
	tournament.ErrLocked:              "err.sentinel.locked",
	tournament.ErrBadCSV:              "err.sentinel.bad_csv",
	tournament.ErrNotPaired:           "err.sentinel.not_paired",
	tournament.ErrNoBoard:             "err.sentinel.no_board",
	tournament.ErrResultExists:        "err.sentinel.result_exists",
	tournament.ErrSameResult:          "err.sentinel.same_result",
	tournament.ErrGameExists:          "err.sentinel.game_exists",
	tournament.ErrMismatch:            "err.sentinel.mismatch",
	tournament.ErrBadPDN:              "err.sentinel.bad_pdn",
	tournament.ErrNoGame:              "err.sentinel.no_game",
	tournament.ErrLotNotDrawn:         "err.sentinel.lot_not_drawn",
	tournament.ErrResultsMissing:      "err.sentinel.results_missing",
	tournament.ErrAllRoundsPaired:     "err.sentinel.all_rounds_paired",
	tournament.ErrRoundHasResults:     "err.sentinel.round_has_results",
	tournament.ErrUnknownLang:         "err.sentinel.unknown_lang",
	tournament.ErrWrongPIN:            "err.sentinel.wrong_pin",
	tournament.ErrNoPIN:               "err.sentinel.no_pin",
	tournament.ErrNoPassword:          "err.sentinel.no_password",
	tournament.ErrRoundRange:          "err.sentinel.round_range",
	tournament.ErrUnknownTieBreak:     "err.sentinel.unknown_tiebreak",
	tournament.ErrCategory:            "err.sentinel.category",
	tournament.ErrEventPDN:            "err.sentinel.event_pdn",
	tournament.ErrNoPairing:           "err.sentinel.no_pairing",
	tournament.ErrCannotUndo:          "err.sentinel.cannot_undo",
	tournament.ErrSheetOrder:          "err.sentinel.sheet_order",
	tournament.ErrHallURL:             "err.sentinel.hall_url",
	tournament.ErrUnknownScoring:      "err.sentinel.unknown_scoring",
	tournament.ErrExpectedTable:       "err.sentinel.expected_table",
	tournament.ErrInvalidCrosstable:   "err.sentinel.invalid_crosstable",
	trf.ErrMalformed:                  "err.sentinel.bad_trf",
}

// ErrorText is err worded in the language l (issue 29): a tournament.CodedError from its
// catalog key (Code) with its arguments, errors among them worded the same way; a sentinel
// of the domain from its key; an error that wraps one of those (fmt.Errorf("%s: %w", file,
// err)) as its own text with the wrapped error's English replaced by its words in l. An
// error of none of these kinds, a key a catalog lacks (English then) and a nil l (English)
// print err.Error(), the text of the package that made it.
func ErrorText(l *Locale, err error) string {
	if err == nil {
		return ""
	}
	l = orEnglish(l)
	if p, ok := err.(*tournament.CodedError); ok {
		return l.codedError(p)
	}
	if c, ok := err.(*tournament.CSVError); ok {
		if c.Line > 0 {
			return l.T("err.csv.line", "line", c.Line, "cause", ErrorText(l, c.Err))
		}
		return ErrorText(l, c.Err) // a problem of the whole file: its Error() is the cause's
	}
	if e, ok := err.(*tournament.RoundNotPairedError); ok {
		return l.T("err.standings.round_not_paired", "round", e.Round, "last", e.LastPaired)
	}
	if e, ok := err.(*trf.Error); ok { // a TRF file's problem at a line
		return l.T("err.trf.line", "line", e.Line, "err", ErrorText(l, e.Cause()))
	}
	if u, ok := err.(*tournament.UnknownSystemError); ok {
		codes := tournament.SystemCodes()
		return l.T("err.system.unknown", "err", ErrorText(l, tournament.ErrMalformed), "name", strconv.Quote(u.Name),
			"systems", strings.Join(codes[:len(codes)-1], ", "), "last", codes[len(codes)-1])
	}
	if key, ok := sentinelKeys[err]; ok {
		return l.T(key)
	}
	if text, ok := l.pdnError(err); ok {
		return text
	}
	text := err.Error()
	if multi, ok := err.(interface{ Unwrap() []error }); ok {
		// fmt.Errorf("%w: %w", ...): each wrapped error's English replaced by its words.
		for _, in := range multi.Unwrap() {
			if english := in.Error(); english != "" {
				if i := strings.LastIndex(text, english); i >= 0 {
					text = text[:i] + ErrorText(l, in) + text[i+len(english):]
				}
			}
		}
		return text
	}
	inner := errors.Unwrap(err)
	if inner == nil {
		return text
	}
	english := inner.Error()
	i := strings.LastIndex(text, english)
	if i < 0 {
		return text
	}
	return text[:i] + ErrorText(l, inner) + text[i+len(english):]
}

// codedError words p in l: its catalog text (English when the key is in no catalog: p's own
// template) with each placeholder filled, errors by ErrorText.
func (l *Locale) codedError(p *tournament.CodedError) string {
	text := p.English
	if m, ok := l.lookup(p.Code); ok && m.forms == nil {
		text = m.text
	}
	return tournament.FillText(text, func(name string) (string, bool) {
		v, ok := p.Arg(name)
		if !ok {
			return "", false
		}
		switch x := v.(type) {
		case error:
			return ErrorText(l, x), true
		case []error:
			return l.errorList(x, ", "), true
		case tournament.Semicolons:
			return l.errorList(x, "; "), true
		case tournament.ClaimWhy:
			return CheckWhy(l, tournament.ClaimCheck(x)), true
		}
		return l.format(v), true
	})
}

// errorList is each of errs worded in l, joined by sep.
func (l *Locale) errorList(errs []error, sep string) string {
	parts := make([]string, len(errs))
	for i, e := range errs {
		parts[i] = ErrorText(l, e)
	}
	return strings.Join(parts, sep)
}

// ErrorTexts is each of errs worded in l (ErrorText): the warnings a command gives as
// CodedErrors (tournament.Entry.NoteWords).
func ErrorTexts(l *Locale, errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, ErrorText(l, e))
	}
	return out
}
