package tournament

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

func TestParsePlayersCSVItalianExcel(t *testing.T) {
	// What Italian Excel writes: BOM, ';', CRLF, thousands with '.', empty cells.
	in := "\ufeffCognome;Nome;Circolo;Elo;Tessera;Anno di nascita;Categoria;\r\n" +
		"Rossi;Mario;CD Partenopeo;1.850;12345;1980;CM;\r\n" +
		"\"De Luca\";\"Anna Maria\";\"Circolo; Nord\";;;;;\r\n" +
		";;;;;;;\r\n" +
		"Esposito;Gennaro;;1700,0;;;;\r\n"
	rows, err := ParsePlayersCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []PlayerRow{
		{2, Player{Name: "Rossi, Mario", Club: "CD Partenopeo", Rating: 1850, FIDID: "12345", BirthYear: 1980, Title: "CM"}},
		{3, Player{Name: "De Luca, Anna Maria", Club: "Circolo; Nord"}},
		{5, Player{Name: "Esposito, Gennaro", Rating: 1700}},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows: %+v", len(rows), rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: got %+v, want %+v", i, rows[i], want[i])
		}
	}
}

func TestParsePlayersCSVCommaAndWindows1252(t *testing.T) {
	text := "Name,Club,Rating,Federation\n\"Nicolò, Luca\",Società Dama Città,1500,ita\n"
	enc, err := charmap.Windows1252.NewEncoder().String(text)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(enc, "ò") {
		t.Fatal("encoder did not produce Windows-1252")
	}
	rows, err := ParsePlayersCSV(strings.NewReader(enc))
	if err != nil {
		t.Fatal(err)
	}
	p := rows[0].Player
	if len(rows) != 1 || p.Name != "Nicolò, Luca" || p.Club != "Società Dama Città" || p.Rating != 1500 || p.Federation != "ITA" {
		t.Fatalf("got %+v", rows)
	}
}

func TestParsePlayersCSVErrorsNameTheLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Name;Rating\nA, B;1500\nC, D;abc\n", "line 3: rating \"abc\" is not a whole number"},
		{"Name;Rating\nA, B;1500\n\nC, D;-5\n", "line 4: rating \"-5\""},
		{"Name;Birth year\nA, B;81\n", "line 2: invalid value: birth year 81"},
		{"Name;Club\n\"A, B;X\n", "line 2: "},
		{"Name;Club\nA;B;C\n", "line 2: 3 fields but the header has 2 columns"},
		{"Nombre;Club\nA;B\n", "line 1: unknown column \"Nombre\""},
		{"Name;Name\nA;B\n", "line 1: column \"Name\" appears twice"},
		{"Club;Elo\nX;1\n", "no name column"},
		{"Name;Cognome;Nome\nA;B;C\n", "both a full-name column and a Cognome"},
		{"   \n", "the file is empty"},
	}
	for _, c := range cases {
		_, err := ParsePlayersCSV(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrBadCSV) {
			t.Errorf("%q: got %v, want an ErrBadCSV containing %q", c.in, err, c.want)
		}
	}
}

func TestParseCSVIntForms(t *testing.T) {
	for in, want := range map[string]int{"": 0, "1850": 1850, "1.850": 1850, "1850,0": 1850, "1850.00": 1850, "950": 950} {
		if got, err := parseCSVInt(in, "rating"); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"1,850", "18.50", "x", "-1"} {
		if _, err := parseCSVInt(in, "rating"); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

// FuzzParsePlayersCSV: any input gives rows or an ErrBadCSV, never a panic, and every row
// has a name and a line number within the file.
func FuzzParsePlayersCSV(f *testing.F) {
	f.Add([]byte("\ufeffCognome;Nome;Circolo;Elo\nRossi;Mario;CD;1.850\n"))
	f.Add([]byte("Name,Club\n\"A, B\",X\n"))
	f.Add([]byte("Name\n\"unterminated\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := ParsePlayersCSV(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadCSV) {
				t.Fatalf("error not wrapping ErrBadCSV: %v", err)
			}
			return
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, r := range rows {
			if r.Player.Name == "" || r.Line < 2 || r.Line > lines {
				t.Fatalf("bad row %+v (file of %d lines)", r, lines)
			}
		}
	})
}

// TestParsePlayersCSVOneNameColumn: a "Cognome" or "Nome" column alone holds the whole
// name (before the header was split into steps, "Cognome" alone was refused as "both a
// full-name column and a Cognome/Surname column").
func TestParsePlayersCSVOneNameColumn(t *testing.T) {
	for _, head := range []string{"Cognome", "Nome", "Name"} {
		rows, err := ParsePlayersCSV(strings.NewReader(head + ";Elo\nRossi, Mario;1500\n"))
		if err != nil || len(rows) != 1 || rows[0].Player.Name != "Rossi, Mario" || rows[0].Player.Rating != 1500 {
			t.Errorf("%s: %+v %v", head, rows, err)
		}
	}
	if _, err := ParsePlayersCSV(strings.NewReader("Name;Cognome;Nome\nA;B;C\n")); err == nil {
		t.Error("Name with Cognome and Nome: accepted")
	}
}
