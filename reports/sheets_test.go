package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"codeberg.org/go-pdf/fpdf"

	"arbitro/tournament"
)

// pdfTextRuns returns the text strings a PDF shows (its "(...) Tj" operands, UTF-16BE as
// fpdf writes them with a UTF-8 font), decoded; the PDF must be uncompressed.
func pdfTextRuns(pdf []byte) []string {
	var out []string
	for _, m := range tjString.FindAllSubmatch(pdf, -1) {
		var raw []byte
		for i := 0; i < len(m[1]); i++ {
			c := m[1][i]
			if c == '\\' && i+1 < len(m[1]) {
				i++
				c = m[1][i]
				if c == 'r' {
					c = '\r'
				}
			}
			raw = append(raw, c)
		}
		u := make([]uint16, len(raw)/2)
		for k := range u {
			u[k] = uint16(raw[2*k])<<8 | uint16(raw[2*k+1])
		}
		out = append(out, string(utf16.Decode(u)))
	}
	return out
}

var tjString = regexp.MustCompile(`\(((?:\\.|[^\\)])*)\) ?Tj`)

// longEvent is an event whose name, place and chief arbiter are longer than a line of A4.
func longEvent() tournament.EventInfo {
	ev := event().Event
	ev.Name = "Campionato Italiano Assoluto di Dama Italiana a Squadre e Individuale Memorial Niccolò Sàlvi Alfaomega"
	ev.Place = "Circolo Damistico Provinciale della Città Metropolitana di Reggio Calabria, Sala Consiliare Betagamma"
	ev.ChiefArbiter = "Maria Antonietta Bartolomei della Gherardesca Delfina"
	return ev
}

// TestPDFHeadersWrap: a long event name, place and arbiter's name wrap at the right margin
// on every PDF (standings, crosstable, pairings, results, audit, rating) instead of running
// off the page (issue 29): every shown string of the header fits the usable width at its
// size (12 pt bold for the name, 8 pt for the event line), and the last word of each still prints.
func TestPDFHeadersWrap(t *testing.T) {
	ev := longEvent()
	ct := event()
	ct.Event = ev
	s := standingsOf(t, ct, 3)
	sheet := PairingsSheet{Event: ev, Round: 1, Boards: []PairingBoard{{Board: 1, White: PairingPlayer{Number: 1, Name: "A"}, Black: PairingPlayer{Number: 2, Name: "B"}}}}
	writers := map[string]func(*bytes.Buffer) error{
		"standings":  func(b *bytes.Buffer) error { return WriteStandingsPDF(b, s, fixedMeta) },
		"crosstable": func(b *bytes.Buffer) error { return WriteCrosstablePDF(b, s, false, fixedMeta) },
		"pairings":   func(b *bytes.Buffer) error { return WritePairingsPDF(b, sheet, fixedMeta) },
		"results":    func(b *bytes.Buffer) error { return WriteResultsPDF(b, sheet, fixedMeta) },
		"audit":      func(b *bytes.Buffer) error { return WriteAuditPDF(b, AuditReport{Event: ev, Checked: 1}, fixedMeta) },
		"rating": func(b *bytes.Buffer) error {
			return WriteRatingPDF(b, &tournament.RatingReport{Event: ev, Q: 10, Minimum: 500}, fixedMeta)
		},
	}
	m := fpdf.New("P", "mm", "A4", "")
	m.AddUTF8FontFromBytes(fontFamily, "", fontRegular)
	m.AddUTF8FontFromBytes(fontFamily, "B", fontBold)
	const usable = 210 - 2*margin
	for name, write := range writers {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		runs := pdfTextRuns(b.Bytes())
		seen := map[string]bool{}
		for _, r := range runs {
			for _, w := range []string{"Alfaomega", "Betagamma", "Delfina", "Campionato", "Circolo"} {
				if !strings.Contains(r, w) {
					continue
				}
				seen[w] = true
				// The name prints at 12 pt bold, the event line at 8 pt.
				if w == "Alfaomega" || w == "Campionato" {
					m.SetFont(fontFamily, "B", 12)
				} else {
					m.SetFont(fontFamily, "", 8)
				}
				if width := m.GetStringWidth(r); width > usable {
					t.Errorf("%s: header line %.0f mm wide, more than the page's %.0f mm: %q", name, width, float64(usable), r)
				}
			}
		}
		for _, w := range []string{"Alfaomega", "Betagamma", "Delfina", "Campionato", "Circolo"} {
			if !seen[w] {
				t.Errorf("%s: %q not printed", name, w)
			}
		}
	}
}


