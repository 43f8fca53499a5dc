package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
)

// noteSamples is one note of every code with every argument it takes; a code added to
// tournament.NoteCodes without a sample here fails TestNoteCodesInCatalogs.
var noteSamples = map[string]tournament.Note{
	tournament.NoteMissingResult: tournament.NewNote(tournament.NoteMissingResult, "round", 1, "board", 3, "game", 2,
		"white", "Rossi, Mario", "black", "Verdi, Anna", "adjourned", true),
	tournament.NoteManualMet:        tournament.NewNote(tournament.NoteManualMet, "pair", "2-1", "white", "Rossi, Mario", "black", "Verdi, Anna", "round", 1),
	tournament.NoteManualByeAgain:   tournament.NewNote(tournament.NoteManualByeAgain, "pair", "5-bye", "player", "Rossi, Mario", "round", 2),
	tournament.NoteUnavailable:      tournament.NewNote(tournament.NoteUnavailable, "player", "Rossi, Mario", "round", 4),
	tournament.NoteSameColourThrice: tournament.NewNote(tournament.NoteSameColourThrice, "player", "Rossi, Mario"),
	tournament.NoteByes:             tournament.NewNote(tournament.NoteByes, "n", 3, "round", 1, "manual", 2),
	tournament.NoteRoundsAdvised:    tournament.NewNote(tournament.NoteRoundsAdvised, "rounds", 7, "players", 8, "lo", 3, "hi", 4),
	tournament.NoteImportNoGames:    tournament.NewNote(tournament.NoteImportNoGames, "round", 5),
	tournament.NoteImportIdle:       tournament.NewNote(tournament.NoteImportIdle, "round", 3, "n", 2, "players", "Rossi, Mario; Verdi, Anna"),
	tournament.NoteImportDates:      tournament.NewNote(tournament.NoteImportDates, "round", 1, "dates", "2007.05.12 (8), 2007.05.24 (2)"),
	tournament.NoteImportLatin2:     tournament.NewNote(tournament.NoteImportLatin2, "player", "Dvoøák, Antonín", "char", "U+00F8 LATIN SMALL LETTER O WITH STROKE"),
	tournament.NoteImportNoResult: tournament.NewNote(tournament.NoteImportNoResult, "round", 2, "board", 5, "white", "Misans, R.",
		"black", "Schwarzman, A.", "game", 15, "result", "*"),
	tournament.NoteImportResultTag: tournament.NewNote(tournament.NoteImportResultTag, "round", 2, "board", 1, "game", 7, "tag", "2-0", "moves", "1-1", "used", "1-1"),
	tournament.NoteImportMore:      tournament.NewNote(tournament.NoteImportMore, "n", 4, "kind", tournament.NoteImportNoResult),
	tournament.NotePrizeMovedDown:  tournament.NewNote(tournament.NotePrizeMovedDown, "rank", 3),
	tournament.NotePrizeShared:     tournament.NewNote(tournament.NotePrizeShared, "place", "2-3"),
	tournament.NotePrizeNotAwarded: tournament.NewNote(tournament.NotePrizeNotAwarded),
	tournament.NotePrizePlayoff:    tournament.NewNote(tournament.NotePrizePlayoff, "playoff", 1),
	tournament.NoteCSVLatin2: tournament.NewNote(tournament.NoteCSVLatin2, "line", 2, "char", "ø",
		"name", "U+00F8 LATIN SMALL LETTER O WITH STROKE", "text", "Dvoøák, Antonín;1500"),
	tournament.NoteRoundRobinShort: tournament.NewNote(tournament.NoteRoundRobinShort, "rounds", 4, "players", 6, "full", 5),
	tournament.NoteForfeitNoNotice: tournament.NewNote(tournament.NoteForfeitNoNotice, "player", "Rossi, Mario", "number", 7, "round", 2, "board", 3),
}

var placeholderRE = regexp.MustCompile(`\{[a-z0-9_]+\}`)

func placeholders(s string) []string {
	p := placeholderRE.FindAllString(s, -1)
	sort.Strings(p)
	return slices.Compact(p)
}

// TestNoteCodesInCatalogs: every code the domain writes has a catalog key, defined in
// every language with the placeholders of the English text, and a sample note of it
// renders in every language with no placeholder left and its names and numbers in it.
func TestNoteCodesInCatalogs(t *testing.T) {
	_, byLang, err := CatalogKeys()
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, code := range tournament.NoteCodes() {
		key, ok := noteKeys[code]
		if !ok {
			t.Errorf("note code %q has no catalog key in noteKeys", code)
			continue
		}
		keys[key] = true
		n, ok := noteSamples[code]
		if !ok {
			t.Errorf("note code %q has no sample in noteSamples", code)
			continue
		}
		for _, l := range Languages() {
			if !byLang[l][key] {
				t.Errorf("locales/%s: no %q for note code %q", l, key, code)
			}
			loc := LocaleOf(l)
			if got, want := placeholders(loc.T(key)), placeholders(English().T(key)); !reflect.DeepEqual(got, want) {
				t.Errorf("locales/%s: %q has placeholders %v, English %v", l, key, got, want)
			}
			s := loc.Note(n)
			if strings.ContainsAny(s, "{}") {
				t.Errorf("%s: note %q renders %q (a placeholder left)", l, code, s)
			}
			for name, v := range n.Args {
				switch x := v.(type) {
				case string:
					if name != "kind" && !strings.Contains(s, x) {
						t.Errorf("%s: note %q renders %q without its %s %q", l, code, s, name, x)
					}
				case int:
					if name != "game" || code != tournament.NoteMissingResult {
						if !strings.Contains(s, strconv.Itoa(x)) {
							t.Errorf("%s: note %q renders %q without its %s %d", l, code, s, name, x)
						}
					}
				}
			}
		}
	}
	for _, k := range importMoreKeys {
		for _, l := range Languages() {
			if !byLang[l][k] {
				t.Errorf("locales/%s: no %q", l, k)
			}
		}
	}
	for code, key := range noteKeys {
		if !keys[key] {
			t.Errorf("noteKeys has %q, which tournament.NoteCodes does not list", code)
		}
	}
}

// TestNotesEnglish: the notes print in English the very sentences the domain wrote before
// it wrote codes (the assertions of tournament's and store's tests on those sentences).
func TestNotesEnglish(t *testing.T) {
	en := English()
	for _, c := range []struct {
		n    tournament.Note
		want string
	}{
		{tournament.NewNote(tournament.NoteManualMet, "pair", "2-1", "white", "PB", "black", "PA", "round", 1),
			"manual pair 2-1: PB and PA already met in round 1 (arbiter's decision)"},
		{tournament.NewNote(tournament.NoteManualByeAgain, "pair", "5-bye", "player", "PE", "round", 1),
			"manual pair 5-bye: PE already had the bye in round 1 (arbiter's decision)"},
		{tournament.NewNote(tournament.NoteByes, "n", 2, "round", 2, "manual", 1),
			"2 byes in round 2 (1 given by the arbiter's --set; the others were needed to pair the rest)"},
		{tournament.NewNote(tournament.NoteUnavailable, "player", "PC", "round", 2),
			"PC is withdrawn or absent in round 2: record his game as a forfeit"},
		{tournament.MissingResult{Round: 1, Board: 2, Game: 1, White: "PC", Black: "PD"}.Note(),
			"paired without the result of round 1 board 2 (PC - PD)"},
		{tournament.MissingResult{Round: 3, Board: 1, Game: 2, White: "PC", Black: "PD", Adjourned: true}.Note(),
			"paired without the result of round 3 board 1 game 2 (PC - PD) adjourned"},
		{tournament.NewNote(tournament.NoteSameColourThrice, "player", "Rossi, Mario"),
			"Rossi, Mario gets the same colour for the third game running (allowed, docs/pairing-fid.md 2.6)"},
		{tournament.NewNote(tournament.NoteRoundsAdvised, "rounds", 3, "players", 5, "lo", 2, "hi", 2),
			"3 rounds planned for 5 players: FID (Capo V Art. 1) advises 2 rounds for an Italo-Swiss; allowed, but check the tournament's rules ('arbitro tournament set rounds N' before round 1)"},
		{noteSamples[tournament.NoteImportLatin2],
			`player "Dvoøák, Antonín": the file is not UTF-8 and was read as Windows-1252, which gives U+00F8 LATIN SMALL LETTER O WITH STROKE, unusual in a name; if the file is Latin-2 (Czech, Polish, Hungarian...), import it again with --encoding iso-8859-2 (or windows-1250)`},
		{noteSamples[tournament.NoteImportNoResult],
			`round 2 board 5 (Misans, R. - Schwarzman, A., game 15): no result recorded ("*"); the board stays pending until a result is entered`},
		{noteSamples[tournament.NoteImportDates], "round 1: games carry different dates: 2007.05.12 (8), 2007.05.24 (2)"},
		{noteSamples[tournament.NoteImportNoGames], "round 5 has no game in the file"},
		{noteSamples[tournament.NoteImportIdle], "round 3, without a game in the file (2): Rossi, Mario; Verdi, Anna"},
		{noteSamples[tournament.NoteImportResultTag], "round 2 board 1 (game 7): the Result tag says 2-0 but the moves end 1-1; 1-1 was used"},
		{noteSamples[tournament.NoteImportMore], "and 4 more games without a result ('arbitro audit' and 'arbitro standings' show them)"},
		{tournament.NewNote(tournament.NoteImportMore, "n", 1, "kind", tournament.NoteImportResultTag),
			"and 1 more games whose Result tag disagrees with the moves ('arbitro audit' and 'arbitro standings' show them)"},
		{noteSamples[tournament.NotePrizeMovedDown], "place 3 of the standings (the players above have a higher prize)"},
		{noteSamples[tournament.NotePrizeShared], "place 2-3 is shared"},
		{noteSamples[tournament.NotePrizeNotAwarded], "not awarded: nobody left in those standings"},
		{noteSamples[tournament.NotePrizePlayoff], "place decided by play-off 1"},
		{noteSamples[tournament.NoteCSVLatin2], `line 2: the file is not UTF-8 and was read as Windows-1252, which gives "ø" (U+00F8 LATIN SMALL LETTER O WITH STROKE) in "Dvoøák, Antonín;1500", unusual in a name; if the file is Latin-2 (Czech, Polish, Hungarian, Slovak...) import it again with --encoding iso-8859-2 (or windows-1250)`},
		{tournament.Note{Text: "an old sentence"}, "an old sentence"},
	} {
		if got := en.Note(c.n); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.n.Code, got, c.want)
		}
	}
}

// TestNoteJSON: a note reads back as it was written (integers as int), and a sentence
// stored before notes had codes reads back as its Text and is written back unchanged.
func TestNoteJSON(t *testing.T) {
	for _, n := range noteSamples {
		b, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		var back tournament.Note
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, n) {
			t.Errorf("%s: %+v read back as %+v", b, n, back)
		}
	}
	var old []tournament.Note
	if err := json.Unmarshal([]byte(`["paired without the result of round 1 board 3 (GA, N - GC, N)"]`), &old); err != nil {
		t.Fatal(err)
	}
	if len(old) != 1 || old[0].Code != "" || old[0].Text != "paired without the result of round 1 board 3 (GA, N - GC, N)" {
		t.Errorf("old note read as %+v", old)
	}
	if b, _ := json.Marshal(old); string(b) != `["paired without the result of round 1 board 3 (GA, N - GC, N)"]` {
		t.Errorf("old note written back as %s", b)
	}
}

// TestExplanationStoredBefore: an explanation stored by the arbitro before notes had codes
// (an art8 round paired with --force and an arbiter's pair that repeats a game: warnings
// as English sentences, no start_from; a candidate passed over with its reason as text)
// still reads and prints in every language, its warnings read back into their codes
// (English: as stored).
func TestExplanationStoredBefore(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "explain", "old-art8-round2.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex tournament.RoundExplanation
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatalf("old explanation: %v", err)
	}
	ex.Italo.Steps[1].Skipped = []pairing.Skip{{ID: 6, Score: 2, Reason: pairing.SkipMet}}
	names := EntryNames{}
	for id := 1; id <= 7; id++ {
		names[id] = EntryName{Number: id, Name: "G" + string(rune('A'+id-1)) + ", N"}
	}
	for _, l := range Languages() {
		var b bytes.Buffer
		WriteExplanation(&b, LocaleOf(l), &ex, names)
		out := b.String()
		for _, want := range []string{"(GA, N - GC, N)", "GF, N", "GD, N", "5 GE, N", "RM"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the old explanation prints without %q:\n%s", l, want, out)
			}
		}
		if strings.ContainsAny(out, "{}") {
			t.Errorf("%s: a placeholder left:\n%s", l, out)
		}
	}
	var b bytes.Buffer
	WriteExplanation(&b, English(), &ex, names)
	for _, want := range []string{"  start player: 5 GE, N (who rested in round 1, else the Black of its last pair)\n",
		"    passed over 6 GF, N (2 pts): already met\n",
		"  warning: paired without the result of round 1 board 3 (GA, N - GC, N)\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("English: no %q in\n%s", want, b.String())
		}
	}
	b.Reset()
	WriteExplanation(&b, MustLocale("it"), &ex, names)
	for _, want := range []string{"giocatore di partenza: 5 GE, N (chi ha riposato nel turno 1, altrimenti il Nero dell'ultimo abbinamento)",
		"  avviso: abbinato senza il risultato del turno 1 tavolo 3 (GA, N - GC, N)\n",
		"  avviso: abbinamento dell'arbitro 1-2: GF, N e GD, N si sono già incontrati nel turno 1 (decisione dell'arbitro)\n",
		"scartato 6 GF, N (2 punti): già incontrato", "formato italo-svizzero art8"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("Italian: no %q in\n%s", want, b.String())
		}
	}
}

// TestFIDStartLine: the start player's line says what happened — he rested, or he had
// Black in the last pair — in every language.
func TestFIDStartLine(t *testing.T) {
	ex := &tournament.RoundExplanation{System: tournament.ItaloSwiss, Round: 3, Seed: 1, Start: 2,
		Italo: &pairing.ItaloResult{Format: pairing.ItaloArt8}}
	names := EntryNames{2: {Number: 2, Name: "Rossi, Mario"}}
	for _, c := range []struct {
		from string
		want map[string]string
	}{
		{tournament.StartRested, map[string]string{"en": "start player: 2 Rossi, Mario (who rested in round 2)",
			"it": "giocatore di partenza: 2 Rossi, Mario (ha riposato nel turno 2)"}},
		{tournament.StartBlack, map[string]string{"en": "start player: 2 Rossi, Mario (the Black of the last pair formed in round 2)",
			"it": "giocatore di partenza: 2 Rossi, Mario (il Nero dell'ultimo abbinamento formato nel turno 2)"}},
	} {
		ex.StartFrom = c.from
		for l, want := range c.want {
			var b bytes.Buffer
			WriteExplanation(&b, LocaleOf(Lang(l)), ex, names)
			if !strings.Contains(b.String(), "  "+want+"\n") {
				t.Errorf("%s, %s: no %q in\n%s", c.from, l, want, b.String())
			}
		}
	}
}

// TestLegacyNotes: the pairing's warnings stored as English sentences by an older arbitro
// are read back into their notes, which print in English as the very sentence stored; a
// sentence that is none of them prints as stored in every language.
func TestLegacyNotes(t *testing.T) {
	it := MustLocale("it")
	for _, s := range []string{
		"paired without the result of round 1 board 3 (GA, N - GC, N)",
		"paired without the result of round 2 board 1 game 2 (Rossi, Mario - Verdi, Anna) adjourned",
		"manual pair 1-2: GF, N and GD, N already met in round 1 (arbiter's decision)",
		"manual pair 5-bye: PE already had the bye in round 1 (arbiter's decision)",
		"PC is withdrawn or absent in round 2: record his game as a forfeit",
		"Rossi, Mario gets the same colour for the third game running (allowed, docs/pairing-fid.md 2.6)",
		"9 byes in round 1 (0 given by the arbiter's --set; the others were needed to pair the rest)",
	} {
		n := tournament.Note{Text: s}
		if _, ok := legacyNote(s); !ok {
			t.Errorf("%q is not read back", s)
		}
		if got := English().Note(n); got != s {
			t.Errorf("English: %q prints as %q", s, got)
		}
		if got := it.Note(n); got == s || strings.ContainsAny(got, "{}") {
			t.Errorf("Italian: %q prints as %q", s, got)
		}
	}
	if got := it.Note(tournament.Note{Text: "something else"}); got != "something else" {
		t.Errorf("an unknown old sentence prints as %q", got)
	}
}

// TestExplanationGoldens: the explanations of a Dutch round, an FID art8 round (start
// player who rested, every warning code of a pairing) and an Italo-Swiss rotation round
// (a candidate passed over, backtracking), printed in every language: one golden per
// language (go test ./reports -update writes them), so a catalog entry that renders
// wrong shows as a diff.
func TestExplanationGoldens(t *testing.T) {
	fid := fidExplanation()
	fid.StartFrom, fid.StartRest = tournament.StartRested, pairing.RestRM
	fid.Italo.RestCandidates = []int{12, 13}
	fid.Warnings = []tournament.Note{noteSamples[tournament.NoteMissingResult], noteSamples[tournament.NoteManualMet],
		noteSamples[tournament.NoteManualByeAgain], noteSamples[tournament.NoteUnavailable],
		noteSamples[tournament.NoteSameColourThrice], noteSamples[tournament.NoteByes]}
	rotation := &tournament.RoundExplanation{System: tournament.ItaloSwiss, Round: 4, Seed: 7, Start: 12,
		Italo: &pairing.ItaloResult{Format: pairing.ItaloRotation, Fallback: true,
			Plain: []pairing.Pair{{White: 10, Black: 11}}, PlainLeft: []int{12, 13},
			Steps: []pairing.ItaloStep{{Board: 1, First: 10, Second: 12, CursorID: 12, CursorIncluded: true, FirstScore: 1, SecondScore: 0,
				Skipped:  []pairing.Skip{{ID: 11, Score: 1, Reason: pairing.SkipMet}, {ID: 13, Score: 0, Reason: pairing.SkipUnpairable}},
				Fallback: true, ColourRule: 2},
				{Board: 2, First: 11, Second: 13, CursorID: 12, FirstScore: 1, SecondScore: 0, ColourRule: 1}}}}
	names := EntryNames{10: {Number: 1, Name: "Rossi, Mario"}, 11: {Number: 2, Name: "Verdi, Anna"},
		12: {Number: 3, Name: "Bianchi, Luca"}, 13: {Number: 4, Name: "Neri, Paolo"}, 14: {Number: 5, Name: "Gialli, Sara"}}
	for _, l := range Languages() {
		var b bytes.Buffer
		loc := LocaleOf(l)
		for _, ex := range []*tournament.RoundExplanation{dutchExplanation(), fid, rotation} {
			WriteExplanation(&b, loc, ex, names)
			b.WriteString("\n")
		}
		WriteWarnings(&b, loc, []tournament.Note{noteSamples[tournament.NoteRoundsAdvised]})
		golden(t, "golden/explain_"+string(l)+".txt", b.Bytes())
	}
}
