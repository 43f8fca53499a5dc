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
