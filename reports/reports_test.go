package reports

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"arbitro/pairing"
	"arbitro/rules"
	"arbitro/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixedMeta makes every PDF reproducible and searchable.
var fixedMeta = Meta{Version: "test", Generated: time.Date(2026, 11, 22, 18, 30, 0, 0, time.UTC), Uncompressed: true}

// event is a 5-player, 3-round Swiss with a bye, a forfeit and a withdrawal, and names with
// Italian accents and Cyrillic letters:
//
//	R1: 1-2 2-0, 3-4 1-1, 5 bye; R2: 1-3 forfeit (3 absent), 2-5 2-0, 4 bye;
//	R3: 4 withdrawn, 1-5 1-1, 2-3 0-2
func event() *tournament.Crosstable {
	ct := &tournament.Crosstable{
		Event: tournament.EventInfo{Name: "Torneo di Forlì 2026", Place: "Forlì", StartDate: "2026-11-20", EndDate: "2026-11-22",
			Variant: rules.Italian, System: tournament.ItaloSwiss, ChiefArbiter: "Niccolò Sàlvi"},
		Scoring:   tournament.Scoring210,
		TieBreaks: []tournament.TieBreak{tournament.TBQuoziente, tournament.TBSonnebornBerger, tournament.TBBuchholz},
		Rounds:    3,
	}
	names := []string{"Bàrberi, Nicolò", "Фёдоров, Пётр", "Città, Ugo", "Dell'Acqua, Léa", "Ёлкина, Анна"}
	for i, n := range names {
		ct.Players = append(ct.Players, tournament.CrossEntry{ID: 10 + i, Number: i + 1, Name: n, Club: "C.D. Forlì", Rating: 2000 - 100*i})
	}
	add := func(id int, r tournament.CrossResult) {
		ct.Players[id-1].Results = append(ct.Players[id-1].Results, r)
	}
	game := func(r, w, b, wp int) {
		add(w, tournament.CrossResult{Round: r, Opponent: 9 + b, Colour: pairing.White, Kind: tournament.CrossPlayed, Points: wp})
		add(b, tournament.CrossResult{Round: r, Opponent: 9 + w, Colour: pairing.Black, Kind: tournament.CrossPlayed, Points: 2 - wp})
	}
	game(1, 1, 2, 2)
	game(1, 3, 4, 1)
	add(5, tournament.CrossResult{Round: 1, Kind: tournament.CrossBye, Points: 2})
	add(1, tournament.CrossResult{Round: 2, Opponent: 12, Colour: pairing.White, Kind: tournament.CrossForfeitWin, Points: 2})
	add(3, tournament.CrossResult{Round: 2, Opponent: 10, Colour: pairing.Black, Kind: tournament.CrossForfeitLoss})
	game(2, 2, 5, 2)
	add(4, tournament.CrossResult{Round: 2, Kind: tournament.CrossBye, Points: 2})
	add(4, tournament.CrossResult{Round: 3, Kind: tournament.CrossAbsent})
	ct.Players[3].Withdrawn = true
	game(3, 1, 5, 1)
	game(3, 2, 3, 0)
	return ct
}

func standingsOf(t testing.TB, ct *tournament.Crosstable, round int) Standings {
	t.Helper()
	rows, err := tournament.ComputeStandings(ct, round)
	if err != nil {
		t.Fatal(err)
	}
	return Standings{Table: ct, AfterRound: round, Rows: rows}
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// langGolden is the golden file of a report in the language l: name itself in English,
// name with ".<lang>" before its extension in the others ("golden/confirm.it.txt").
func langGolden(name string, l *Locale) string {
	if l.Lang() == DefaultLang {
		return name
	}
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + string(l.Lang()) + ext
}

// goldenLangs renders a report in every shipped language (render writes it in l) and
// compares each with its golden file: name in English, name.<lang>.ext in the others
// (langGolden). The same fixture in every language, so a word left in English or a code
// where a word belongs shows in the language's file.
func goldenLangs(t *testing.T, name string, render func(l *Locale, b *bytes.Buffer) error) {
	t.Helper()
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		var b bytes.Buffer
		if err := render(l, &b); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		golden(t, langGolden(name, l), b.Bytes())
	}
}

func TestStandingsTextCSVJSON(t *testing.T) {
	s := standingsOf(t, event(), 3)
	var b bytes.Buffer
	if err := WriteStandingsText(&b, s); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings.txt", b.Bytes())
	b.Reset()
	if err := WriteStandingsCSV(&b, s); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings.csv", b.Bytes())
	b.Reset()
	if err := WriteStandingsJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings.json", b.Bytes())
	var back struct {
		Standings []struct {
			Place  string
			Name   string
			Points float64
		}
	}
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	// Bàrberi 5 points first; Fёдоров last with 2.
	if back.Standings[0].Name != "Bàrberi, Nicolò" || back.Standings[0].Points != 5 || back.Standings[4].Points != 2 {
		t.Errorf("JSON standings: %+v", back.Standings)
	}
}

func TestCrosstableJSON(t *testing.T) {
	s := standingsOf(t, event(), 3)
	var b bytes.Buffer
	if err := WriteCrosstableJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Standings []struct {
			Name   string
			Rounds []struct {
				Round        int
				Kind         string
				OpponentLine int `json:"opponent_line"`
				Colour       string
				GamePoints   int `json:"game_points"`
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	// Line 1 (Bàrberi): round 1 beat line 5 with White, round 2 forfeit win against line 3,
	// round 3 drew with line 2.
	got := fmt.Sprint(back.Standings[0].Rounds)
	if want := "[{1 played 5 white 2} {2 forfeit-win 3 white 2} {3 played 2 white 1}]"; got != want {
		t.Errorf("rounds of line 1: %s, want %s", got, want)
	}
	// Line 4 (Dell'Acqua): round 3 absent (withdrawn), no opponent.
	if r := back.Standings[3].Rounds[2]; r.Kind != "absent" || r.OpponentLine != 0 {
		t.Errorf("line 4 round 3: %+v", r)
	}
}

func TestStandingsHalfPoints(t *testing.T) {
	ct := event()
	ct.Scoring = tournament.Scoring105
	s := standingsOf(t, ct, 3)
	var b bytes.Buffer
	if err := WriteStandingsText(&b, s); err != nil {
		t.Fatal(err)
	}
	golden(t, "standings_105.txt", b.Bytes())
	b.Reset()
	if err := WriteStandingsCSV(&b, s); err != nil {
		t.Fatal(err)
	}
	// The leader has 5 half-points: 2.5 in CSV.
	if !strings.Contains(b.String(), "\n1,1,1,\"Bàrberi, Nicolò\",C.D. Forlì,,2000,false,2.5,") {
		t.Errorf("CSV with 1-0.5-0 scoring:\n%s", b.String())
	}
}

func TestCrosstableText(t *testing.T) {
	s := standingsOf(t, event(), 3)
	var b bytes.Buffer
	if err := WriteCrosstableText(&b, s, false); err != nil {
		t.Fatal(err)
	}
	golden(t, "crosstable_swiss.txt", b.Bytes())
	b.Reset()
	if err := WriteCrosstableText(&b, s, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "crosstable_grid.txt", b.Bytes())
}

// pdfString is how fpdf writes s in a content stream with a UTF-8 font: UTF-16BE code
// units (Identity-H encoding, CID = Unicode) inside a literal string, with \, ( and )
// escaped. Searching for it in an uncompressed PDF finds text as it is drawn.
func pdfString(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		for _, c := range []byte{byte(u >> 8), byte(u)} {
			switch c {
			case '\\', '(', ')':
				b = append(b, '\\', c)
			case '\r':
				b = append(b, '\\', 'r')
			default:
				b = append(b, c)
			}
		}
	}
	return b
}

func pdfHas(pdf []byte, s string) bool { return bytes.Contains(pdf, pdfString(s)) }

var pageObj = regexp.MustCompile(`/Type /Page\b[^s]`)

func pageCount(pdf []byte) int { return len(pageObj.FindAll(pdf, -1)) }

func checkPDF(t *testing.T, pdf []byte, pages int, texts ...string) {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:min(20, len(pdf))])
	}
	if n := pageCount(pdf); n != pages {
		t.Errorf("%d pages, want %d", n, pages)
	}
	for _, s := range texts {
		if !pdfHas(pdf, s) {
			t.Errorf("text %q not found in the PDF", s)
		}
	}
}

func TestStandingsPDF(t *testing.T) {
	s := standingsOf(t, event(), 3)
	var b bytes.Buffer
	if err := WriteStandingsPDF(&b, s, fixedMeta); err != nil {
		t.Fatal(err)
	}
	pdf := b.Bytes()
	checkPDF(t, pdf, 1,
		"Torneo di Forlì 2026", "Final standings", "chief arbiter: Niccolò Sàlvi",
		"Bàrberi, Nicolò", "Фёдоров, Пётр", "Ёлкина, Анна", "Dell'Acqua, Léa (withdrawn)",
		"generated by arbitro test · 2026-11-22 18:30 UTC", "Quoz", "SB")
	// Scores: the leader's 5 points, quoziente 5 and SB 16 (see tournament's hand-computed
	// TestTieBreaksUnplayed, same event) appear as cells.
	for _, v := range []string{"5", "16", "11"} {
		if !pdfHas(pdf, v) {
			t.Errorf("value %s not in the PDF", v)
		}
	}
	if !bytes.Contains(pdf, []byte("/CreationDate (D:20261122183000")) {
		t.Errorf("fixed creation date not written")
	}
	// Same input, same bytes (compressed too).
	meta := fixedMeta
	meta.Uncompressed = false
	var x, y bytes.Buffer
	if err := WriteStandingsPDF(&x, s, meta); err != nil {
		t.Fatal(err)
	}
	if err := WriteStandingsPDF(&y, s, meta); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x.Bytes(), y.Bytes()) {
		t.Errorf("two renderings of the same standings differ")
	}
	if x.Len() >= len(pdf) {
		t.Errorf("compressed PDF (%d bytes) not smaller than uncompressed (%d)", x.Len(), len(pdf))
	}
	writeArtifact(t, "standings.pdf", pdf)
}

// bigEvent is n players, `rounds` rounds, paired 1-2, 3-4... by line with a pseudo-random
// result: enough to fill many pages. Names carry accents and Cyrillic.
func bigEvent(n, rounds int) *tournament.Crosstable {
	ct := &tournament.Crosstable{Event: tournament.EventInfo{Name: "Open di Bolzano", Variant: rules.International, System: tournament.Dutch},
		Rounds: rounds, TieBreaks: []tournament.TieBreak{tournament.TBBuchholzCut1, tournament.TBBuchholz,
			tournament.TBSonnebornBerger, tournament.TBWins, tournament.TBProgressive, tournament.TBAverageRating}}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("Giocatore %04d, Nicolò", i+1)
		if i%3 == 1 {
			name = fmt.Sprintf("Игрок %04d, Фёдор", i+1)
		}
		ct.Players = append(ct.Players, tournament.CrossEntry{ID: i + 1, Number: i + 1, Name: name, Rating: 1200 + (i*37)%900})
	}
	// Circle method (n even): player 0 fixed, the others rotate one place per round, so no
	// pair meets twice within n-1 rounds. Results from a small linear congruential generator.
	seed := uint32(7)
	for r := 1; r <= rounds; r++ {
		line := make([]int, n)
		for k := 1; k < n; k++ {
			line[k] = 1 + (k-1+r-1)%(n-1)
		}
		for k := 0; k < n/2; k++ {
			w, b := line[k], line[n-1-k]
			seed = seed*1664525 + 1013904223
			wp := int(seed>>16) % 3
			ct.Players[w].Results = append(ct.Players[w].Results, tournament.CrossResult{Round: r, Opponent: ct.Players[b].ID, Colour: pairing.White, Kind: tournament.CrossPlayed, Points: wp})
			ct.Players[b].Results = append(ct.Players[b].Results, tournament.CrossResult{Round: r, Opponent: ct.Players[w].ID, Colour: pairing.Black, Kind: tournament.CrossPlayed, Points: 2 - wp})
		}
	}
	return ct
}

func TestStandingsPDFManyPages(t *testing.T) {
	ct := bigEvent(150, 1)
	s := standingsOf(t, ct, 1)
	var b bytes.Buffer
	if err := WriteStandingsPDF(&b, s, fixedMeta); err != nil {
		t.Fatal(err)
	}
	pdf := b.Bytes()
	pages := pageCount(pdf)
	// 150 rows of about 4.5 mm in about 250 mm per page: 3 pages.
	if pages != 3 {
		t.Errorf("%d pages for 150 players, want 3", pages)
	}
	// The header row is repeated on each page; every name is printed once.
	if n := bytes.Count(pdf, pdfString("Pts")); n != pages {
		t.Errorf("header row printed %d times on %d pages", n, pages)
	}
	if n := bytes.Count(pdf, pdfString("page ")); n != pages {
		t.Errorf("%d page footers on %d pages", n, pages)
	}
	for _, p := range ct.Players {
		if !pdfHas(pdf, p.Name) {
			t.Fatalf("%s missing", p.Name)
		}
	}
}

func TestCrosstablePDF(t *testing.T) {
	s := standingsOf(t, event(), 3)
	for _, grid := range []bool{false, true} {
		var b bytes.Buffer
		if err := WriteCrosstablePDF(&b, s, grid, fixedMeta); err != nil {
			t.Fatal(err)
		}
		// Swiss cells: the leader (line 1) beat line 5 (Фёдоров) with White in round 1:
		// "5w2"; Ёлкина had the round-1 bye: "-2".
		want := []string{"Final crosstable", "Фёдоров, Пётр", "Bàrberi, Nicolò"}
		if grid {
			want = append(want, "X")
		} else {
			want = append(want, "5w2", "-2", "R3")
		}
		checkPDF(t, b.Bytes(), 1, want...)
		if !grid {
			writeArtifact(t, "crosstable.pdf", b.Bytes())
		}
	}
	// 40 players × 11 rounds: too wide for portrait, so landscape, names whole, 2 pages
	// with the header row on each.
	wide := standingsOf(t, bigEvent(40, 11), 11)
	var wb bytes.Buffer
	if err := WriteCrosstablePDF(&wb, wide, false, fixedMeta); err != nil {
		t.Fatal(err)
	}
	names := []string{"R11"}
	for _, p := range wide.Table.Players {
		names = append(names, p.Name)
	}
	checkPDF(t, wb.Bytes(), 2, names...)
	if !bytes.Contains(wb.Bytes(), []byte("/MediaBox [0 0 841.89 595.28]")) {
		t.Errorf("40x11 crosstable is not landscape A4")
	}
	if n := bytes.Count(wb.Bytes(), pdfString("R11")); n != 2 {
		t.Errorf("header row printed %d times on 2 pages", n)
	}
	// A 60-player grid is too wide even in landscape at 5 pt: the Swiss layout is used.
	big := standingsOf(t, bigEvent(60, 3), 3)
	var b bytes.Buffer
	if err := WriteCrosstablePDF(&b, big, true, fixedMeta); err != nil {
		t.Fatal(err)
	}
	if !pdfHas(b.Bytes(), "R3") {
		t.Errorf("60-player grid did not fall back to the per-round layout")
	}
}

func TestPairingsPDF(t *testing.T) {
	sheet := PairingsSheet{Event: event().Event, Round: 4, Scoring: tournament.Scoring105,
		Boards: []PairingBoard{
			{Board: 1, White: PairingPlayer{Number: 1, Name: "Bàrberi, Nicolò", Points: 5}, Black: PairingPlayer{Number: 3, Name: "Città, Ugo", Points: 3}},
			{Board: 2, White: PairingPlayer{Number: 5, Name: "Ёлкина, Анна", Points: 3}, Black: PairingPlayer{Number: 2, Name: "Фёдоров, Пётр", Points: 2}},
		},
		Absent: []PairingPlayer{{Number: 4, Name: "Dell'Acqua, Léa"}},
	}
	var b bytes.Buffer
	if err := WritePairingsPDF(&b, sheet, fixedMeta); err != nil {
		t.Fatal(err)
	}
	// Points in 1-½-0: 5 half-points = 2½.
	checkPDF(t, b.Bytes(), 1, "Pairings, round 4", "Bàrberi, Nicolò", "Фёдоров, Пётр", "2½", "1½", "Not paired", "Dell'Acqua, Léa", "White", "Black")
	// Two result boxes per board, drawn as rectangles ("re" operator, stroked).
	if n := bytes.Count(b.Bytes(), []byte(" re S")); n < 4 {
		t.Errorf("%d stroked rectangles, want at least 4 result boxes", n)
	}
	writeArtifact(t, "pairings.pdf", b.Bytes())
}

// TestPairingsFromCrosstable: round 3 of event() seen as a sheet: boards 1-5 (1 v 5) and
// 2-3, no bye, 4 (withdrawn) not paired; points before the round are those after round 2
// (1: 4, 5: 2, 2: 2, 3: 1).
func TestPairingsFromCrosstable(t *testing.T) {
	ct := event()
	for i := range ct.Players {
		for k := range ct.Players[i].Results {
			if r := &ct.Players[i].Results[k]; r.Round == 3 && r.Colour == pairing.White {
				r.Board = map[int]int{1: 1, 2: 2}[i+1]
			}
		}
	}
	before := standingsOf(t, ct, 2).Rows
	sh := PairingsFromCrosstable(ct, 3, before)
	var got []string
	for _, b := range sh.Boards {
		got = append(got, fmt.Sprintf("%d:%d(%d)-%d(%d)", b.Board, b.White.Number, b.White.Points, b.Black.Number, b.Black.Points))
	}
	if g := strings.Join(got, " "); g != "1:1(4)-5(2) 2:2(2)-3(1)" {
		t.Errorf("boards %s", g)
	}
	if len(sh.Byes) != 0 || len(sh.Absent) != 1 || sh.Absent[0].Number != 4 || !sh.Absent[0].Withdrawn {
		t.Errorf("byes %v absent %v", sh.Byes, sh.Absent)
	}
	// Round 1 has the bye of player 5.
	sh = PairingsFromCrosstable(ct, 1, standingsOf(t, ct, 0).Rows)
	if len(sh.Byes) != 1 || sh.Byes[0].Number != 5 || len(sh.Boards) != 2 {
		t.Errorf("round 1: %d boards, byes %v", len(sh.Boards), sh.Byes)
	}
}

func TestAuditPDF(t *testing.T) {
	rep := AuditReport{Event: event().Event, Checked: 12, Items: []AuditItem{
		{GameID: 7, Round: 2, Board: 1, White: "Bàrberi, Nicolò", Black: "Фёдоров, Пётр", Ply: 3,
			Move: "22-18", From: 22, To: 18, Reason: "not-a-move", Message: "No man on 22 can move to 18.",
			Position: rules.MustParseFEN(rules.Italian, "W:W17,21,23-32,K13:B1-12"), Legal: []string{"13-9", "17-14", "21-18", "23-19", "23-20", "24-20"}},
		{GameID: 8, Round: 2, Board: 2, White: "Città, Ugo", Black: "Ёлкина, Анна", Ply: 2,
			Move: "19-23", From: 19, To: 23, Reason: "capture-required", Message: "A capture is compulsory.",
			Position: rules.MustParseFEN(rules.International, "B:W27,31-50:B1-19,K22"), Legal: []string{"22x31"}},
		{GameID: 9, Round: 3, Board: 1, White: "A", Black: "B", Ply: 1, Move: "1-2"}, // no position: printed without a diagram
	}}
	var b bytes.Buffer
	if err := WriteAuditPDF(&b, rep, fixedMeta); err != nil {
		t.Fatal(err)
	}
	pdf := b.Bytes()
	checkPDF(t, pdf, 2, "Audit report: illegal moves", "3 illegal move(s) found in 12 game score(s) checked",
		"22-18 (ply 3, move 2, White)", "13-9  17-14  21-18  23-19  23-20  24-20", "Reason: A capture is compulsory.",
		"Фёдоров, Пётр", "White to move · italian", "Black to move · international", "No diagram: ")
	// Square numbers: 32 (Italian) and 50 (International) are printed on the diagrams.
	for _, s := range []string{"32", "50"} {
		if !pdfHas(pdf, s) {
			t.Errorf("square number %s not drawn", s)
		}
	}
	writeArtifact(t, "audit.pdf", pdf)
}

// TestAuditFromReplay replays a real illegal score through the rules engine and renders
// it: White's first move 22-17 does not exist in Italian draughts (22 moves to 18 or 19).
func TestAuditFromReplay(t *testing.T) {
	games, err := rules.ReadAllPDN(strings.NewReader("[GameType \"22\"]\n1. 22-17 9-13 *\n"))
	if err != nil || len(games) != 1 {
		t.Fatalf("rules PDN reader: %d games, %v", len(games), err)
	}
	v := rules.Replay(games[0], rules.ReplayOptions{})
	if v.Legal {
		t.Fatalf("22-17 accepted as legal: %+v", v)
	}
	it := AuditItemFromVerdict(v)
	it.Round, it.Board, it.White, it.Black = 1, 3, "Bàrberi, Nicolò", "Фёдоров, Пётр"
	if it.Ply != 1 || it.Move != "22-17" || it.From != 22 || it.To != 17 || it.Position.Variant() != rules.Italian ||
		it.Position.FEN() != v.FEN || len(it.Legal) != 7 {
		t.Errorf("item from verdict: %+v", it)
	}
	var b bytes.Buffer
	if err := WriteAuditPDF(&b, AuditReport{Event: event().Event, Items: []AuditItem{it}}, fixedMeta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, b.Bytes(), 1, "22-17 (ply 1, move 1, White)", "White to move · italian", it.Legal[0])
}

// TestDiagramOrientation pins what the diagrams rely on (rules.Variant.Coords): Italian
// square 32 is the bottom-right corner and dark (each player's bottom right dark, RegTec
// 2.3); International square 46 is the bottom-left corner (dark at the bottom left).
func TestDiagramOrientation(t *testing.T) {
	if r, c := rules.Italian.Coords(32); r != 7 || c != 7 {
		t.Errorf("Italian 32 at (%d,%d), want bottom right (7,7)", r, c)
	}
	if r, c := rules.Italian.Coords(1); r != 0 || c != 0 {
		t.Errorf("Italian 1 at (%d,%d), want top left (0,0)", r, c)
	}
	if r, c := rules.International.Coords(46); r != 9 || c != 0 {
		t.Errorf("International 46 at (%d,%d), want bottom left (9,0)", r, c)
	}
	if r, c := rules.International.Coords(1); r != 0 || c != 1 {
		t.Errorf("International 1 at (%d,%d), want second square of the top row (0,1)", r, c)
	}
}

// writeArtifact keeps a PDF for inspection when ARBITRO_REPORTS_OUT names a directory.
func writeArtifact(t *testing.T, name string, pdf []byte) {
	dir := os.Getenv("ARBITRO_REPORTS_OUT")
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), pdf, 0o644); err != nil {
		t.Error(err)
	}
}

// TestAbsentMarkAndNoARO: a player with an announced absence in the round is listed as
// "(absent)" on the sheet (text and PDF take the names from it), a late entrant's rounds
// before his entry are not; a player who met no rated opponent has ARO "-", not 0, in the
// standings text, CSV and PDF.
func TestAbsentMarkAndNoARO(t *testing.T) {
	ct := event()
	ct.TieBreaks = []tournament.TieBreak{tournament.TBAverageRating}
	// Player 3 announced an absence for round 3 instead of playing 2; player 2 entered late
	// (joined round 3), his round 3 then is a start-points slot.
	for i := range ct.Players[1:3] {
		p := &ct.Players[1+i]
		kept := p.Results[:0]
		for _, r := range p.Results {
			if r.Round != 3 {
				kept = append(kept, r)
			}
		}
		p.Results = append(kept, tournament.CrossResult{Round: 3, Kind: tournament.CrossAbsent, Points: 1})
	}
	ct.Players[1].JoinedRound = 4
	sh := PairingsFromCrosstable(ct, 3, standingsOf(t, ct, 2).Rows)
	var names []string
	for _, p := range sh.Absent {
		names = append(names, English().playerName(p))
	}
	// Фёдоров entered late (from round 4): he is on no sheet of an earlier round (issue 28).
	if g := strings.Join(names, "; "); g != "Città, Ugo (absent); Dell'Acqua, Léa (withdrawn)" {
		t.Errorf("not paired: %s", g)
	}
	var b bytes.Buffer
	if err := WritePairingsPDF(&b, sh, fixedMeta); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, b.Bytes(), 1, "3 Città, Ugo (absent)")

	// Only unrated players: no ARO anywhere.
	for i := range ct.Players {
		ct.Players[i].Rating = 0
	}
	s := standingsOf(t, ct, 3)
	var txt, csv, pdf bytes.Buffer
	if err := WriteStandingsText(&txt, s); err != nil {
		t.Fatal(err)
	}
	if err := WriteStandingsCSV(&csv, s); err != nil {
		t.Fatal(err)
	}
	if err := WriteStandingsPDF(&pdf, s, fixedMeta); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(txt.String()), "\n")[3:8] {
		if !strings.HasSuffix(line, " -") {
			t.Errorf("text row without ARO -: %q", line)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(csv.String()), "\n")[1:] {
		if !strings.HasSuffix(line, ",-") && !strings.HasSuffix(line, ";-") {
			t.Errorf("CSV row without ARO -: %q", line)
		}
	}
	if _, rows := s.standingsTable(); rows[0][len(rows[0])-1] != "-" {
		t.Errorf("PDF cell %q, want -", rows[0][len(rows[0])-1])
	}
	// With ratings the average is a number.
	s = standingsOf(t, event(), 3)
	s.Table.TieBreaks = []tournament.TieBreak{tournament.TBAverageRating}
	if rows, err := tournament.ComputeStandings(s.Table, 3); err != nil {
		t.Fatal(err)
	} else {
		s.Rows = rows
	}
	if _, rows := s.standingsTable(); rows[0][len(rows[0])-1] == "-" {
		t.Errorf("rated opponents gave ARO -")
	}
}
