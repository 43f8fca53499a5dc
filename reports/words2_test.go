package reports

import (
	"strings"
	"testing"

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
