package reports

import (
	"sort"
	"strconv"

	"arbitro/tournament"
)

// noteKeys is the catalog key of each tournament.Note code (TestNoteCodesInCatalogs
// checks that every code of tournament.NoteCodes has one, defined in every language).
var noteKeys = map[string]string{
	tournament.NoteMissingResult:    "note.missing-result",
	tournament.NoteManualMet:        "note.manual-met",
	tournament.NoteManualByeAgain:   "note.manual-bye-again",
	tournament.NoteUnavailable:      "note.unavailable",
	tournament.NoteSameColourThrice: "note.same-colour-thrice",
	tournament.NoteByes:             "note.byes",
	tournament.NoteRoundsAdvised:    "note.rounds-advised",
	tournament.NoteImportNoGames:    "note.import-no-games",
	tournament.NoteImportDates:      "note.import-dates",
	tournament.NoteImportLatin2:     "note.import-latin2",
	tournament.NoteImportNoResult:   "note.import-no-result",
	tournament.NoteImportResultTag:  "note.import-result-tag",
	tournament.NoteImportMore:       "note.import-more",
}

// importMoreKeys name, for NoteImportMore, the kind of the warnings left out.
var importMoreKeys = map[string]string{
	tournament.NoteImportNoResult:  "note.import-more.no-result",
	tournament.NoteImportResultTag: "note.import-more.result-tag",
}

// Note is the domain's note n in the language of l: the catalog text of its code
// (note.<code>) with its arguments filled in. A note stored before notes had codes is
// printed as stored; an unknown code prints as "{code}" (the catalog test fails first).
func (l *Locale) Note(n tournament.Note) string {
	if n.Code == "" {
		return n.Text
	}
	key, ok := noteKeys[n.Code]
	if !ok {
		return "{" + n.Code + "}"
	}
	names := make([]string, 0, len(n.Args))
	for k := range n.Args {
		names = append(names, k)
	}
	sort.Strings(names)
	var args []any
	for _, k := range names {
		if _, isBool := n.Args[k].(bool); isBool {
			continue
		}
		args = append(args, k, n.Args[k])
	}
	switch n.Code {
	case tournament.NoteMissingResult:
		game, adj := "", ""
		if n.Int("game") == 2 {
			game = l.T("note.missing-result.game", "game", 2)
		}
		if n.Bool("adjourned") {
			adj = l.T("note.missing-result.adjourned")
		}
		args = append([]any{"game", game, "adjourned", adj}, args...) // first: they override the stored values
	case tournament.NoteImportLatin2: // the name as the file gave it, quoted
		args = append([]any{"player", strconv.Quote(n.Str("player"))}, args...)
	case tournament.NoteImportNoResult: // the result as the file gave it, quoted ("*")
		args = append([]any{"result", strconv.Quote(n.Str("result"))}, args...)
	case tournament.NoteImportMore:
		args = append([]any{"what", l.T(importMoreKeys[n.Str("kind")])}, args...)
	}
	return l.T(key, args...)
}

// Notes is Note of each of ns.
func (l *Locale) Notes(ns []tournament.Note) []string {
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		out = append(out, l.Note(n))
	}
	return out
}
