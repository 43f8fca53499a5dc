package reports

import (
	"fmt"
	"strings"
	"testing"

	"arbitro/tournament"
	"arbitro/trf"
)

// TestErrorTextErrmisc: the error types ErrorText words besides CodedError (issue 29): the
// standings of a round not paired, a TRF problem at a line, a CSV problem of the whole
// file. English is the error's own Error() text (what arbitro always printed); Italian
// has none of its English words.
func TestErrorTextErrmisc(t *testing.T) {
	it := LocaleOf(tournament.LangItalian)
	_, csvErr := tournament.OpenPlayersCSV(strings.NewReader("\n\n"), "")
	_, trfErr := trf.Parse(strings.NewReader("012 X\n001    1      Rossi, Mario                      15x0\n"))
	for _, c := range []struct {
		err     error
		italian string
	}{
		{&tournament.RoundNotPairedError{Round: 3, LastPaired: 1}, "il turno 3 non è ancora stato abbinato (ultimo turno abbinato: 1)"},
		{fmt.Errorf("x.trf: %w", trfErr), `x.trf: riga 2 del TRF: l'Elo "15x0" nelle colonne 49-52 non è un numero`},
		{fmt.Errorf("p.csv: %w", csvErr), "p.csv: il file è vuoto: servono una riga di intestazione (per esempio Cognome;Nome;Società;Elo) e una riga per giocatore"},
	} {
		if c.err == nil || strings.HasSuffix(c.err.Error(), "%!w(<nil>)") {
			t.Fatalf("no error to word: %v", c.err)
		}
		if got := ErrorText(English(), c.err); got != c.err.Error() {
			t.Errorf("English %q, Error() %q", got, c.err.Error())
		}
		if got := ErrorText(it, c.err); got != c.italian {
			t.Errorf("Italian %q, want %q", got, c.italian)
		}
	}
}
