package reports

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"codeberg.org/go-pdf/fpdf"

	"arbitro/pairing"
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
		writeArtifact(t, "long_header_"+name+".pdf", b.Bytes())
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

// sheetWithRests is a round-4 sheet of an FID Italo-Swiss art9 event: two boards, an RM
// and an RT rest, the opening drawn; player 1 had White in rounds 2 and 3 (a bye in round
// 1 between does not count) and has White again on board 1.
func sheetWithRests(l *Locale) PairingsSheet {
	ct := &tournament.Crosstable{Event: tournament.EventInfo{Name: "Open", System: tournament.ItaloSwiss}, Rounds: 5}
	for i := 1; i <= 6; i++ {
		ct.Players = append(ct.Players, tournament.CrossEntry{ID: i, Number: i, Name: fmt.Sprintf("P%d, X", i)})
	}
	add := func(id int, r tournament.CrossResult) { ct.Players[id-1].Results = append(ct.Players[id-1].Results, r) }
	game := func(r, board, w, b int) {
		add(w, tournament.CrossResult{Round: r, Board: board, Opponent: b, Colour: pairing.White, Kind: tournament.CrossPlayed, Points: 1})
		add(b, tournament.CrossResult{Round: r, Board: board, Opponent: w, Colour: pairing.Black, Kind: tournament.CrossPlayed, Points: 1})
	}
	add(1, tournament.CrossResult{Round: 1, Kind: tournament.CrossBye, Points: 2})
	game(1, 1, 2, 3)
	game(2, 1, 1, 4)
	game(3, 1, 1, 5)
	game(4, 1, 1, 2) // the round of the sheet: White a third time
	game(4, 2, 3, 4)
	add(5, tournament.CrossResult{Round: 4, Kind: tournament.CrossBye, Points: 2})
	add(6, tournament.CrossResult{Round: 4, Kind: tournament.CrossBye})
	sheet := PairingsFromCrosstable(ct, 4, nil)
	sheet.Locale = l
	sheet.addExplanation(&tournament.RoundExplanation{System: tournament.ItaloSwiss, Round: 4,
		Opening: &tournament.OpeningDraw{Code: "12", Label: "21-17 10-14 26-21", Seed: 7},
		Italo:   &pairing.ItaloResult{Format: pairing.ItaloArt9, Rests: []pairing.Rest{{ID: 5, Kind: pairing.RestRM}, {ID: 6, Kind: pairing.RestRT}}}})
	return sheet
}

// TestPairingSheetForPlayers: the sheet a player reads (issue 29) in every language: the
// opening drawn before the boards, each rest printed once with its kind in words, the
// format in words (no "art9"), the board order stated for an Italo-Swiss, and a remark for
// the player who has the same colour a third game running; the PDF says the same.
func TestPairingSheetForPlayers(t *testing.T) {
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		sheet := sheetWithRests(l)
		var b bytes.Buffer
		if err := WritePairingsText(&b, sheet); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		opening := l.T("sheet.opening_head", "code", "12", "label", "21-17 10-14 26-21")
		if i, j := strings.Index(text, opening), strings.Index(text, l.T("col.white")); i < 0 || i > j {
			t.Errorf("%s: the opening is not printed before the boards:\n%s", lang, text)
		}
		for _, want := range []string{
			"5 P5, X (0) – " + l.T("sheet.rest.RM"),
			"6 P6, X (0) – " + l.T("sheet.rest.RT"),
			l.T("sheet.format.art9"),
			l.T("sheet.board_order"),
			l.T("sheet.same_colour", "player", "1 P1, X", "colour", l.T("col.white"), "n", 3),
		} {
			if strings.Count(text, want) != 1 {
				t.Errorf("%s: %q printed %d times, want once:\n%s", lang, want, strings.Count(text, want), text)
			}
		}
		for _, jargon := range []string{"art9", "P5, X (RM)"} {
			if strings.Contains(text, jargon) {
				t.Errorf("%s: jargon %q on the players' sheet:\n%s", lang, jargon, text)
			}
		}
		if strings.Count(text, "P2, X") != 1 || strings.Contains(text, l.T("sheet.same_colour", "player", "2 P2, X", "colour", l.T("col.black"), "n", 3)) {
			t.Errorf("%s: player 2 (White, then Black) flagged:\n%s", lang, text)
		}
		var pdf bytes.Buffer
		if err := WritePairingsPDF(&pdf, sheet, fixedMeta); err != nil {
			t.Fatal(err)
		}
		all := strings.Join(pdfTextRuns(pdf.Bytes()), "\n")
		for _, want := range []string{opening, l.T("sheet.rest.RT"), l.T("sheet.board_order")} {
			if !strings.Contains(strings.Join(strings.Fields(all), " "), want) {
				t.Errorf("%s: PDF lacks %q", lang, want)
			}
		}
		if lang == "it" {
			writeArtifact(t, "pairings_players.it.pdf", pdf.Bytes())
		}
	}
}

// TestStandingsCategoryAndSignature: when the event has categories the standings (text and
// PDF) have a category column with each player's categories, and none without; the final
// standings PDF ends with the chief arbiter's block (his name, lines for the date and the
// signature), standings after an earlier round do not (issue 29).
func TestStandingsCategoryAndSignature(t *testing.T) {
	l := LocaleOf("it")
	s := standingsOf(t, event(), 3)
	s.Locale = l
	s.Categories = map[int][]string{10: {"Veterani"}, 12: {"Donne", "Under 16"}}
	var b bytes.Buffer
	if err := WriteStandingsText(&b, s); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{"Categoria", "Veterani", "Donne, Under 16"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	var pdf bytes.Buffer
	if err := WriteStandingsPDF(&pdf, s, fixedMeta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, pdf.Bytes(), 1, "Categoria", "Donne, Under 16", "Il Direttore di gara", "Niccolò Sàlvi", "Data:", "Firma:")
	writeArtifact(t, "standings_final.it.pdf", pdf.Bytes())

	s.Categories = nil
	b.Reset()
	if err := WriteStandingsText(&b, s); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "Categoria") {
		t.Errorf("a category column without categories:\n%s", b.String())
	}
	after2 := standingsOf(t, event(), 2)
	after2.Locale = l
	pdf.Reset()
	if err := WriteStandingsPDF(&pdf, after2, fixedMeta); err != nil {
		t.Fatal(err)
	}
	if pdfHas(pdf.Bytes(), "Il Direttore di gara") {
		t.Errorf("signature block under the standings after round 2 of 3")
	}
}

// TestSignatureFieldsApart: on the signature block of final standings the date's line
// ends before "Firma:" begins (the label once stood on the date's line, 10 mm after its
// start): "Firma:" starts at least the date's 40 mm line after "Data:".
func TestSignatureFieldsApart(t *testing.T) {
	s := standingsOf(t, event(), 3)
	s.Locale = LocaleOf("it")
	var pdf bytes.Buffer
	if err := WriteStandingsPDF(&pdf, s, fixedMeta); err != nil {
		t.Fatal(err)
	}
	x := map[string]float64{}
	for _, m := range textAt.FindAllSubmatch(pdf.Bytes(), -1) {
		runs := pdfTextRuns(m[2])
		if len(runs) == 1 && (runs[0] == "Data:" || runs[0] == "Firma:") {
			var v float64
			fmt.Sscan(string(m[1]), &v)
			x[runs[0]] = v
		}
	}
	if len(x) != 2 {
		t.Fatalf("labels found at %v, want Data: and Firma:", x)
	}
	const mm = 72 / 25.4
	if gap := x["Firma:"] - x["Data:"]; gap < 40*mm+20 {
		t.Errorf("Firma: starts %.1f pt after Data:, on the date's line (want at least %.1f)", gap, 40*mm+20)
	}
}

// textAt finds each text run with its x position: "BT x y Td (...) Tj".
var textAt = regexp.MustCompile(`BT ([0-9.]+) [0-9.]+ Td (\((?:\\.|[^\\)])*\) ?Tj)`)
