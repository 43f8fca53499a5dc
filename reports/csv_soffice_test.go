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

	"arbitro/tournament"
)

// TestCSVOpensInLibreOffice opens an Italian standings CSV in LibreOffice Calc (headless,
// CSV filter with ';', UTF-8 and the Italian locale 1040, as Calc in Italian opens it) and
// reads back the cells: separate columns, scores as numbers (0,5 → 0.5), a formula-like
// name as text. Skipped where soffice is not installed (Debian: libreoffice-calc) and
// under -short.
func TestCSVOpensInLibreOffice(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil || testing.Short() {
		t.Skip("soffice not installed (apt-get install libreoffice-calc), or -short")
	}
	ct := event()
	ct.Players[0].Name = `=HYPERLINK("x")`
	ct.Scoring = tournament.Scoring105
	rows, _ := tournament.ComputeStandings(ct, 3)
	var b bytes.Buffer
	if err := WriteStandingsCSV(&b, Standings{Table: ct, AfterRound: 3, Rows: rows, Locale: MustLocale("it")}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "classifica.csv")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(soffice, "--headless", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--infilter=CSV:59,34,76,1,,1040", "--convert-to", "fods", "--outdir", dir, in)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "classifica.fods"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type cell struct{ typ, value, text string }
	var table [][]cell
	dec := xml.NewDecoder(f)
	var cur *cell
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
				c, rep := cell{}, 1
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
