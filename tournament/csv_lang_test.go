package tournament

import (
	"strings"
	"testing"
)

// French (FFJD) and Dutch (KNDB) players files are read by their own column names, in any
// case and with or without accents (issue 29: "Nom;Prénom;Club;Elo" was "unknown column").
func TestParsePlayersCSVFrenchAndDutchColumns(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     Player
	}{
		{"fr", "Nom;Prénom;Club;Elo;Fédération;Année de naissance;Licence;Titre\nDupont;Jean;DC Lyon;1500;FRA;1990;F123;MF\n",
			Player{Name: "Dupont, Jean", Club: "DC Lyon", Rating: 1500, Federation: "FRA", BirthYear: 1990, NationalID: "F123", Title: "MF"}},
		{"fr-no-accents", "NOM;PRENOM;CLUB;CLASSEMENT;NE\nDupont;Jean;DC Lyon;1.500;1990\n",
			Player{Name: "Dupont, Jean", Club: "DC Lyon", Rating: 1500, BirthYear: 1990}},
		{"fr-nom-alone", "Nom;Club\nJean Dupont;DC Lyon\n", Player{Name: "Jean Dupont", Club: "DC Lyon"}},
		{"nl", "Naam;Vereniging;Rating\nJan de Vries;DC Ons Genoegen;1200\n", Player{Name: "Jan de Vries", Club: "DC Ons Genoegen", Rating: 1200}},
		{"nl-parts", "Voornaam;Tussenvoegsel;Achternaam;Club;KNDB-rating;Geboortejaar;Bondsnummer\nJan;van der;Berg;DIOS;1300;2001;123456\n",
			Player{Name: "van der Berg, Jan", Club: "DIOS", Rating: 1300, BirthYear: 2001, NationalID: "123456"}},
		{"nl-naam-voornaam", "Naam;Voornaam;Vereniging\nBerg;Jan;DIOS\n", Player{Name: "Berg, Jan", Club: "DIOS"}},
		{"it-accents", "Cognome;Nome;SOCIETÀ\nRossi;Mario;CD Napoli\n", Player{Name: "Rossi, Mario", Club: "CD Napoli"}},
	} {
		rows, err := ParsePlayersCSV(strings.NewReader(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(rows) != 1 || rows[0].Player != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, rows, c.want)
		}
	}
	if _, err := ParsePlayersCSV(strings.NewReader("Nom;Pseudo\nDupont;jd\n")); err == nil || !strings.Contains(err.Error(), `"Pseudo"`) {
		t.Errorf("an unknown French column: %v", err)
	}
}
