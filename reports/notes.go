package reports

import (
	"regexp"
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
	tournament.NotePrizeMovedDown:   "note.prize-moved-down",
	tournament.NotePrizeShared:      "note.prize-shared",
	tournament.NotePrizePlayoff:     "note.prize-playoff",
	tournament.NotePrizeNotAwarded:  "note.prize-not-awarded",
	tournament.NoteCSVLatin2:        "note.csv-latin2",
	tournament.NoteRoundRobinShort:  "note.round-robin-short",
	tournament.NoteForfeitNoNotice:  "note.forfeit-no-notice",
	tournament.NoteImportIdle:       "note.import-idle",
}

// importMoreKeys name, for NoteImportMore, the kind of the warnings left out.
var importMoreKeys = map[string]string{
	tournament.NoteImportNoResult:  "note.import-more.no-result",
	tournament.NoteImportResultTag: "note.import-more.result-tag",
}

// Note is the domain's note n in the language of l: the catalog text of its code
// (note.<code>) with its arguments filled in. A note stored as a sentence before notes had
// codes is read back into its code when it is one of the pairing's warnings (legacyNote),
// else printed as stored; an unknown code prints as "{code}" (the catalog test fails
// first).
func (l *Locale) Note(n tournament.Note) string {
	if n.Code == "" {
		old, ok := legacyNote(n.Text)
		if !ok {
			return n.Text
		}
		n = old
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
	case tournament.NoteCSVLatin2: // the character and the line as the file gave them, quoted
		args = append([]any{"char", strconv.Quote(n.Str("char")), "text", strconv.Quote(n.Str("text"))}, args...)
	case tournament.NoteImportNoResult: // the result as the file gave it, quoted ("*")
		args = append([]any{"result", strconv.Quote(n.Str("result"))}, args...)
	case tournament.NoteRoundsAdvised: // "da 5 a 7 turni", or "5 turni" when the FID's range is one number
		advised := l.T("note.rounds-advised.range", "lo", n.Int("lo"), "hi", n.Int("hi"))
		if n.Int("lo") == n.Int("hi") {
			advised = l.N("note.rounds-advised.exact", n.Int("lo"))
		}
		args = append([]any{"advised", advised}, args...)
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

// legacyNotes are the English sentences of the pairing's warnings as arbitro stored them
// in rounds.explanation before they were codes, each with the note it stood for.
var legacyNotes = []struct {
	re   *regexp.Regexp
	note func(m []string) tournament.Note
}{
	{regexp.MustCompile(`^paired without the result of round (\d+) board (\d+)( game 2)? \((.*) - (.*)\)( adjourned)?$`),
		func(m []string) tournament.Note {
			g := 1
			if m[3] != "" {
				g = 2
			}
			return tournament.MissingResult{Round: atoi(m[1]), Board: atoi(m[2]), Game: g, White: m[4], Black: m[5], Adjourned: m[6] != ""}.Note()
		}},
	{regexp.MustCompile(`^manual pair (\S+): (.*) and (.*) already met in round (\d+) \(arbiter's decision\)$`),
		func(m []string) tournament.Note {
			return tournament.NewNote(tournament.NoteManualMet, "pair", m[1], "white", m[2], "black", m[3], "round", atoi(m[4]))
		}},
	{regexp.MustCompile(`^manual pair (\S+): (.*) already had the bye in round (\d+) \(arbiter's decision\)$`),
		func(m []string) tournament.Note {
			return tournament.NewNote(tournament.NoteManualByeAgain, "pair", m[1], "player", m[2], "round", atoi(m[3]))
		}},
	{regexp.MustCompile(`^(.*) is withdrawn or absent in round (\d+): record his game as a forfeit$`),
		func(m []string) tournament.Note {
			return tournament.NewNote(tournament.NoteUnavailable, "player", m[1], "round", atoi(m[2]))
		}},
	{regexp.MustCompile(`^(.*) gets the same colour for the third game running \(allowed, docs/pairing-fid\.md 2\.6\)$`),
		func(m []string) tournament.Note {
			return tournament.NewNote(tournament.NoteSameColourThrice, "player", m[1])
		}},
	{regexp.MustCompile(`^(\d+) byes in round (\d+) \((\d+) given by the arbiter's --set; the others were needed to pair the rest\)$`),
		func(m []string) tournament.Note {
			return tournament.NewNote(tournament.NoteByes, "n", atoi(m[1]), "round", atoi(m[2]), "manual", atoi(m[3]))
		}},
}

// legacyNote reads a warning stored as an English sentence back into its note (false: not
// one of legacyNotes).
func legacyNote(text string) (tournament.Note, bool) {
	for _, p := range legacyNotes {
		if m := p.re.FindStringSubmatch(text); m != nil {
			return p.note(m), true
		}
	}
	return tournament.Note{}, false
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
