package reports

import (
	"strings"
	"testing"
	"time"

	"arbitro/rules"
	"arbitro/tournament"
)

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
	defer func(l *time.Location) { time.Local = l }(time.Local)
	time.Local = time.UTC
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
