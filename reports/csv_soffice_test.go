package reports

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arbitro/internal/testneed"
	"arbitro/tournament"
)

// TestCSVOpensInLibreOffice opens an Italian standings CSV in LibreOffice Calc (headless,
// CSV filter with ';', UTF-8 and the Italian locale 1040, as Calc in Italian opens it) and
// reads back the cells: separate columns, scores as numbers (0,5 → 0.5), a formula-like
// name as text. Skipped under -short, and where soffice is not installed (Debian:
// libreoffice-calc-nogui or libreoffice-calc), which fails under CI=true instead (.ci/run
// installs it).
func TestCSVOpensInLibreOffice(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: LibreOffice is not started")
	}
	soffice := testneed.Program(t, "soffice not installed, so the CSV was NOT opened in LibreOffice "+
		"(apt-get install libreoffice-calc-nogui, as .ci/run does)", "soffice")
	dir := t.TempDir()
	in := writeItalianStandingsCSV(t, dir)
	cmd := exec.Command(soffice, "--headless", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--infilter=CSV:59,34,76,1,,1040", "--convert-to", "fods", "--outdir", dir, in)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	table := readFODSTable(t, filepath.Join(dir, "classifica.fods"))
	if len(table) < 6 || len(table[0]) < 21 {
		t.Fatalf("LibreOffice read %d rows, the first of %d cells: not split into columns", len(table), len(table[0]))
	}
	// Row 1 (Bàrberi, renamed): name text, 2,5 points a number.
	r := table[1]
	if r[3].typ != "string" || r[3].text != `'=HYPERLINK("x")` {
		t.Errorf("name cell %+v, want the text '=HYPERLINK(\"x\")", r[3])
	}
	if r[8].typ != "float" || r[8].value != "2.5" {
		t.Errorf("points cell %+v, want the number 2.5", r[8])
	}
	if r[6].typ != "float" || r[6].value != "2000" {
		t.Errorf("rating cell %+v, want the number 2000", r[6])
	}
}

// writeItalianStandingsCSV writes dir/classifica.csv: the standings of event() after round
// 3 in Italian, scored 1-0.5-0, with the first player renamed to a formula.
func writeItalianStandingsCSV(t *testing.T, dir string) string {
	ct := event()
	ct.Players[0].Name = `=HYPERLINK("x")`
	ct.Scoring = tournament.Scoring105
	rows, _ := tournament.ComputeStandings(ct, 3)
	var b bytes.Buffer
	if err := WriteStandingsCSV(&b, Standings{Table: ct, AfterRound: 3, Rows: rows, Locale: MustLocale("it")}); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "classifica.csv")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}

// fodsCell is one cell of a flat OpenDocument spreadsheet: office:value-type, office:value
// and the text shown.
type fodsCell struct{ typ, value, text string }

// readFODSTable reads the rows of cells of a .fods file (repeated cells expanded, up to 99).
func readFODSTable(t *testing.T, path string) [][]fodsCell {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var table [][]fodsCell
	dec := xml.NewDecoder(f)
	var cur *fodsCell
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			switch x.Name.Local {
			case "table-row":
				table = append(table, nil)
			case "table-cell":
				c, rep := fodsCellStart(x)
				for k := 0; k < rep; k++ {
					table[len(table)-1] = append(table[len(table)-1], c)
				}
				cur = &table[len(table)-1][len(table[len(table)-1])-1]
			}
		case xml.CharData:
			if cur != nil {
				cur.text += strings.TrimSpace(string(x))
			}
		case xml.EndElement:
			if x.Name.Local == "table-cell" {
				cur = nil
			}
		}
	}
	return table
}

// fodsCellStart reads a table-cell element's type, value and repeat count (1 unless a
// number-columns-repeated below 100 says otherwise).
func fodsCellStart(x xml.StartElement) (fodsCell, int) {
	c, rep := fodsCell{}, 1
	for _, a := range x.Attr {
		switch a.Name.Local {
		case "value-type":
			c.typ = a.Value
		case "value":
			c.value = a.Value
		case "number-columns-repeated":
			if n, err := strconv.Atoi(a.Value); err == nil && n < 100 {
				rep = n
			}
		}
	}
	return c, rep
}
