package reports

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"arbitro/rules"
	"arbitro/tournament"
)

// The goldens print timestamps as local date and time (Locale.Stamp): the tests read them
// in UTC wherever they run.
func init() { time.Local = time.UTC }

// The unknown-column error lists the column names of the reader's language (issue 29: a
// French arbiter read "Cognome+Nome, Circolo").
func TestCSVUnknownColumnNamesTheLanguagesColumns(t *testing.T) {
	_, err := tournament.ParsePlayersCSV(strings.NewReader("Nom;Pseudo\nDupont;jd\n"))
	if err == nil {
		t.Fatal("no error for an unknown column")
	}
	for lang, words := range map[string][]string{
		"fr": {"Prénom", "Classement", "Année de naissance", `"Pseudo"`},
		"nl": {"Voornaam", "Vereniging", "Geboortejaar", `"Pseudo"`},
		"it": {"Cognome", "Circolo", "Anno di nascita", `"Pseudo"`},
	} {
		got := ErrorText(MustLocale(lang), err)
		for _, w := range words {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", lang, got, w)
			}
		}
	}
}

// The player list's ninth column holds the FID card number (--fid-id, Player.FIDID): every
// language heads it FID, as the site does (issue 29: fr/nl said "ID FMJD"/"FMJD-ID").
func TestPlayersHeadFIDColumn(t *testing.T) {
	for _, lang := range []string{"en", "it", "fr", "nl"} {
		cols := strings.Split(MustLocale(lang).T("cmd.players.head"), "\t")
		if len(cols) != 10 || !strings.Contains(cols[8], "FID") || strings.Contains(cols[8], "FMJD") {
			t.Errorf("%s: FID column heads %q (of %q)", lang, cols[min(8, len(cols)-1)], cols)
		}
	}
}

// `tournament show` gives the settings in the reader's words and dates in his form (issue
// 29: "variante: italian", "spareggi tecnici: ..., direct-encounter", "formato
// italo-svizzero: art8", "creato: 2026-11-26T20:55:48Z"); English keeps the codes that
// `tournament set` takes.
func TestTournamentShowInWords(t *testing.T) {
	tt := &tournament.Tournament{ID: 1, Name: "Open", Variant: rules.Italian, System: tournament.ItaloSwiss, Rounds: 3, Scoring: "2-1-0",
		TieBreaks: []string{"quoziente", "direct-encounter"}, ItaloFormat: "art8", Openings: "fid-italian", Start: "2026-11-21",
		LotDrawnAt: "2026-11-26T20:55:49Z", CreatedAt: "2026-11-26T20:55:48Z", Lang: "it"}
	for lang, c := range map[string]struct{ want, not []string }{
		"it": {[]string{"dama italiana", "italo-svizzero", "scontro diretto", "art. 8", "21/11/2026", "26/11/2026 20:55", "sorteggio FID"},
			[]string{"italian\n", "art8", "direct-encounter", "T20:", "fid-italian"}},
		"fr": {[]string{"dames italiennes", "italo-suisse", "art. 8", "21/11/2026", "26/11/2026 20:55"}, []string{"art8", "direct-encounter", "T20:"}},
		"nl": {[]string{"Italiaans dammen", "Italiaans-Zwitsers", "onderling resultaat", "21-11-2026"}, []string{"art8", "direct-encounter", "T20:"}},
		"en": {[]string{"italian", "italo-swiss", "direct-encounter", "art8", "fid-italian", "2026-11-21", "2026-11-26 20:55"}, []string{"T20:"}},
	} {
		var b strings.Builder
		if err := WriteTournamentText(&b, MustLocale(lang), tt); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: no %q in\n%s", lang, w, b.String())
			}
		}
		for _, w := range c.not {
			if strings.Contains(b.String(), w) {
				t.Errorf("%s: %q in\n%s", lang, w, b.String())
			}
		}
	}
}

// The event log and undo name the default actor and the kind of action in the reader's
// words, with a local date (issue 29: "arbiter", "hall.pin", "2026-…Z" in Italian).
func TestLogActorActionInWords(t *testing.T) {
	ev := []tournament.Event{{ID: 805, At: "2026-11-20T10:00:00Z", Actor: "arbiter", Action: "hall.pin"}}
	for lang, want := range map[string][]string{
		"it": {"arbitro", "PIN della sala", "20/11/2026 10:00"},
		"fr": {"arbitre", "code PIN de la salle", "20/11/2026 10:00"},
		"nl": {"arbiter", "pincode van de zaal", "20-11-2026 10:00"},
		"en": {"arbiter", "hall.pin", "2026-11-20 10:00"},
	} {
		var b strings.Builder
		if err := WriteEventLogText(&b, MustLocale(lang), ev); err != nil {
			t.Fatal(err)
		}
		step := &tournament.UndoStep{ActionID: 805, Action: "hall.pin", At: ev[0].At, Actor: "arbiter", Undoable: true}
		if err := WriteUndone(&b, MustLocale(lang), step); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if strings.Count(b.String(), w) < 2 {
				t.Errorf("%s: %q not in both the log and undo:\n%s", lang, w, b.String())
			}
		}
		if lang != "en" && strings.Contains(b.String(), "hall.pin") {
			t.Errorf("%s: the code hall.pin is printed:\n%s", lang, b.String())
		}
	}
	for _, kind := range tournament.UndoableActions {
		if _, ok := actionKeys[kind]; !ok {
			t.Errorf("undoable action %q has no words (actionKeys)", kind)
		}
	}
}

// One of a thing is singular in every language (issue 29: "1 giocatori", "lette 1
// partita", "1 partite su 1", "consiglia da 2 a 2 turni", "(categorie: )").
func TestGrammarOfOne(t *testing.T) {
	it := MustLocale("it")
	var b strings.Builder
	if err := WriteTRFImported(&b, it, &tournament.Tournament{ID: 1, Name: "T", Players: 1, Rounds: 1}, "t.trf"); err != nil {
		t.Fatal(err)
	}
	if err := WriteGameImportText(&b, it, &tournament.GameImportReport{Read: 1, Stored: 1}); err != nil {
		t.Fatal(err)
	}
	b.WriteString(it.N("err.not_attached", 1, "missing", 1, "read", 1, "stored", 0) + "\n")
	b.WriteString(it.N("err.games_not_legal", 1, "illegal", 1, "games", 1) + "\n")
	b.WriteString(it.N("site.demo.published", 11, "events", 11, "files", 852) + "\n")
	b.WriteString(it.Note(tournament.NewNote(tournament.NoteRoundsAdvised, "rounds", 3, "players", 5, "lo", 2, "hi", 2)) + "\n")
	b.WriteString(ErrorText(it, tournament.Errf(tournament.ErrCategory, "err.category.none", "", "tournament", "Open", "name", `"1"`)) + "\n")
	got := b.String()
	for _, w := range []string{"1 giocatore,", "letta 1 partita", "1 partita su 1 non è stata assegnata", "1 partita su 1 è irregolare", "di 11 tornei", "consiglia 2 turni per"} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in\n%s", w, got)
		}
	}
	for _, w := range []string{"1 giocatori", "lette 1", "1 partite", "dei 11", "da 2 a 2", "categorie: )"} {
		if strings.Contains(got, w) {
			t.Errorf("%q in\n%s", w, got)
		}
	}
	if ad := MustLocale("it").Note(tournament.NewNote(tournament.NoteRoundsAdvised, "rounds", 3, "players", 9, "lo", 4, "hi", 5)); !strings.Contains(ad, "da 4 a 5 turni") {
		t.Errorf("a range: %s", ad)
	}
}

// game add names the PDN's result as the file's (issue 29: "risultato 0-1" printed right
// after the sheet's "0-2" of a 2-1-0 event).
func TestGameAddResultIsTheFiles(t *testing.T) {
	rec := &tournament.GameRecord{ID: 1, Board: &tournament.Board{Round: 1, Board: 1, White: "A", Black: "B"},
		Verdict: rules.Verdict{Legal: true, Plies: 10, Result: "0-1"}}
	for lang, want := range map[string]string{"it": "risultato del file 0-1", "fr": "résultat du fichier 0-1", "nl": "uitslag in het bestand 0-1", "en": "the file's result 0-1"} {
		var b strings.Builder
		if err := WriteGameAddText(&b, MustLocale(lang), rec); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: no %q in %q", lang, want, b.String())
		}
	}
}

// One federation's term throughout a language (issue 29): the French score sheet is the
// FFJD's "feuille de notation" (never "feuille de partie"), a draughts board is no chess
// "échiquier"; the Dutch rest is the KNDB's "vrij"/"vrije ronde", never "bye"; the
// Italian abbreviations RM/RR are explained where fr/nl/en name them.
func TestOneTermPerLanguage(t *testing.T) {
	texts := func(lang string) map[string]string {
		out := map[string]string{}
		for k, m := range MustLocale(lang).msgs {
			if k == "@" {
				continue
			}
			out[k] = m.text
			for _, f := range m.forms {
				out[k] += "\n" + f
			}
		}
		return out
	}
	bad := map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`(?i)feuilles? de partie|échiquier`),
		"nl": regexp.MustCompile(`(?i)(^|[^-])\bbye\b`),
	}
	for lang, re := range bad {
		for k, v := range texts(lang) {
			if re.MatchString(v) {
				t.Errorf("%s %s: %q", lang, k, v)
			}
		}
	}
	for _, lang := range []string{"en", "fr", "nl"} {
		for k, v := range texts(lang) {
			if strings.Contains(v, "RM/RR") {
				t.Errorf("%s %s: RM/RR unexplained: %q", lang, k, v)
			}
		}
		if got := MustLocale(lang).RestKind("RM"); got == "RM" || !strings.Contains(got, "(RM)") {
			t.Errorf("%s: RestKind(RM) = %q", lang, got)
		}
	}
}

// The PDN reader's syntax error is worded in the reader's language from its code (issue
// 29: `game add`, `game import`, `replay`, `audit`, `event import` printed the English
// "game 1: line 5, column 18: PDN syntax error: unexpected text "zz"" in every language);
// English stays the reader's own sentence.
func TestPDNSyntaxErrorInWords(t *testing.T) {
	in := "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1. 22-19 99-1 2. zz *\n"
	_, err := rules.ReadAllPDN(strings.NewReader(in))
	var pe *rules.PDNError
	if !errors.As(err, &pe) || pe.Code != "unexpected-text" || pe.Arg("found") != `"zz"` {
		t.Fatalf("the reader's error: %#v", err)
	}
	vd := rules.ParseErrorVerdict(nil, err)
	for lang, want := range map[string]string{
		"en": `game 1: line 5, column 18: PDN syntax error: unexpected text "zz"`,
		"it": `partita 1: riga 5, colonna 18: errore di sintassi PDN: testo inatteso "zz"`,
		"fr": `partie 1 : ligne 5, colonne 18 : erreur de syntaxe PDN : texte inattendu "zz"`,
		"nl": `partij 1: regel 5, kolom 18: PDN-syntaxfout: onverwachte tekst "zz"`,
	} {
		l := MustLocale(lang)
		if got := ErrorText(l, err); got != want {
			t.Errorf("%s: ErrorText = %q, want %q", lang, got, want)
		}
		if got := ErrorText(l, fmt.Errorf("%w: %w", tournament.ErrBadPDN, err)); !strings.HasSuffix(got, want) {
			t.Errorf("%s: wrapped: %q", lang, got)
		}
		if got := VerdictWhy(l, &vd); got != want {
			t.Errorf("%s: VerdictWhy = %q", lang, got)
		}
		var b strings.Builder
		rep := &tournament.GameImportReport{Read: 1, Rejected: 1, Games: []tournament.ImportedGame{{Index: 1, Line: 1, White: "A", Black: "B",
			Status: tournament.ImportRejected, Why: "unreadable: " + err.Error(), Unreadable: err}}}
		if err := WriteGameImportText(&b, l, rep); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), ": "+want+"\n") || (lang != "en" && strings.Contains(b.String(), "unreadable")) {
			t.Errorf("%s: game import: %q", lang, b.String())
		}
	}
	for code := range rules.PDNErrorCodes {
		if _, ok := pdnErrorKeys[code]; !ok {
			t.Errorf("PDN error code %q has no words (pdnErrorKeys)", code)
		}
	}
}
