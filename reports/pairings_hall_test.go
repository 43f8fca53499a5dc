package reports

import (
	"os"
	"os/exec"
	"path/filepath"

	"arbitro/internal/testneed"

	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The hall's address on a pairing sheet: the forms serve --hall prints are read, and
// everything else is refused naming the problem.
func TestParseHallURL(t *testing.T) {
	for _, c := range []struct{ raw, want, err string }{
		{"http://192.168.1.10:8080/hall/", "http://192.168.1.10:8080/hall/3/", ""},
		{"http://192.168.1.10:8080/hall", "http://192.168.1.10:8080/hall/3/", ""},
		{"http://192.168.1.10:8080", "http://192.168.1.10:8080/hall/3/", ""},
		{" https://hall.local/hall/3/ ", "https://hall.local/hall/3/", ""},
		{"http://192.168.1.10:8080/hall/4/", "", "hall of tournament 4"},
		{"192.168.1.10:8080/hall/", "", "http:// or https://"},
		{"ftp://x/hall/", "", "http:// or https://"},
		{"http:///hall/", "", "http:// or https://"},
		{"http://x/hall/?a=1", "", "more than an address"},
		{"http://x/hall/3/board", "", "path must be"},
		{"http://x/site/", "", "path must be"},
		{"http://x/hall/03/", "", "path must be"},
	} {
		got, err := ParseHallURL(c.raw, 3)
		switch {
		case c.err == "" && (err != nil || got.Event != c.want):
			t.Errorf("%q: %q, %v; want %q", c.raw, got.Event, err, c.want)
		case c.err != "" && (err == nil || !errors.Is(err, ErrHallURL) || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one saying %q", c.raw, err, c.err)
		}
		// id 0: the form alone (a tournament's id is any)
		if _, err := ParseHallURL(c.raw, 0); (err != nil) != (c.err != "" && !strings.HasPrefix(c.err, "hall of")) {
			t.Errorf("%q, form alone: %v", c.raw, err)
		}
	}
}

func TestBoardCode(t *testing.T) {
	for _, c := range []struct {
		board, game int
		code        string
	}{{1, 1, "b1"}, {7, 0, "b7"}, {120, 1, "b120"}, {7, 2, "b7-2"}} {
		if got := BoardCode(c.board, c.game); got != c.code {
			t.Errorf("BoardCode(%d, %d) = %q, want %q", c.board, c.game, got, c.code)
		}
		g := max(c.game, 1)
		if b, gg, ok := ParseBoardCode(c.code); !ok || b != c.board || gg != g {
			t.Errorf("ParseBoardCode(%q) = %d, %d, %v", c.code, b, gg, ok)
		}
	}
	for _, bad := range []string{"", "b", "b0", "b01", "b-1", "7", "b7-3", "b7-1", "b7-", "B7", "b7x", "boards", "board"} {
		if _, _, ok := ParseBoardCode(bad); ok {
			t.Errorf("ParseBoardCode(%q) accepted", bad)
		}
	}
}

// finder reports whether m has a QR finder pattern (7x7: a dark ring, a light ring, a dark
// 3x3 centre) with its corner at (x, y).
func finder(m [][]bool, x, y int) bool {
	for dy := range 7 {
		for dx := range 7 {
			ring := max(abs(dx-3), abs(dy-3))
			if m[y+dy][x+dx] != (ring != 2) {
				return false
			}
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// A board's QR code is a QR symbol (size 4v+17, finder patterns in three corners), and
// each board's differs.
func TestBoardQR(t *testing.T) {
	h := HallLinks{Event: "http://192.168.1.10:8080/hall/3/"}
	seen := map[string]bool{}
	for n := 1; n <= 200; n++ {
		u := h.BoardURL(PairingBoard{Board: n, Game: 1})
		if want := "http://192.168.1.10:8080/hall/3/b" + strconv.Itoa(n); u != want {
			t.Fatalf("board %d: %q, want %q", n, u, want)
		}
		m, err := BoardQR(u)
		if err != nil {
			t.Fatal(err)
		}
		size := len(m)
		if (size-17)%4 != 0 || size < 21 || size > 41 {
			t.Fatalf("board %d: %d modules a side, not a small QR version", n, size)
		}
		if !finder(m, 0, 0) || !finder(m, size-7, 0) || !finder(m, 0, size-7) || finder(m, size-7, size-7) {
			t.Fatalf("board %d: finder patterns not in the three corners", n)
		}
		var key strings.Builder
		for _, row := range m {
			for _, d := range row {
				key.WriteByte("01"[btoi(d)])
			}
		}
		if seen[key.String()] {
			t.Fatalf("board %d: the same code as another board", n)
		}
		seen[key.String()] = true
	}
	if (HallLinks{}).BoardURL(PairingBoard{Board: 1}) != "" {
		t.Error("no hall, yet a board URL")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The sheet with the hall's address: the line in the text and the PDF, and one card per
// board (20 a page) with its short address; without it, nothing of the hall.
func TestPairingsSheetHall(t *testing.T) {
	sheet := PairingsSheet{Event: event().Event, Round: 2}
	for n := 1; n <= 21; n++ {
		sheet.Boards = append(sheet.Boards, PairingBoard{Board: n, White: PairingPlayer{Number: 2*n - 1, Name: "Bianco, " + strconv.Itoa(n)},
			Black: PairingPlayer{Number: 2 * n, Name: "Nero, " + strconv.Itoa(n)}})
	}
	var plain, plainPDF bytes.Buffer
	if err := WritePairingsText(&plain, sheet); err != nil {
		t.Fatal(err)
	}
	if err := WritePairingsPDF(&plainPDF, sheet, fixedMeta); err != nil {
		t.Fatal(err)
	}
	sheet.Hall = HallLinks{Event: "http://192.168.1.10:8080/hall/3/"}
	var text, pdf bytes.Buffer
	if err := WritePairingsText(&text, sheet); err != nil {
		t.Fatal(err)
	}
	line := "Results in the hall: each board's page is http://192.168.1.10:8080/hall/3/bN, N the board (http://192.168.1.10:8080/hall/3/b1 for board 1)"
	if !strings.HasPrefix(text.String(), plain.String()) || !strings.Contains(text.String(), line) {
		t.Errorf("text sheet with the hall:\n%s", text.String())
	}
	if strings.Contains(plain.String(), "hall") {
		t.Errorf("text sheet without the hall mentions it:\n%s", plain.String())
	}
	if err := WritePairingsPDF(&pdf, sheet, fixedMeta); err != nil {
		t.Fatal(err)
	}
	n := pageCount(plainPDF.Bytes())
	checkPDF(t, pdf.Bytes(), n+2, "Board 1", "Board 20", "Board 21", "http://192.168.1.10:8080/hall/3/b21", "The boards' cards")
	if pdfHas(plainPDF.Bytes(), "http://") || pdfHas(plainPDF.Bytes(), "Board 1") {
		t.Error("PDF without the hall mentions it")
	}
	writeArtifact(t, "pairings-hall.pdf", pdf.Bytes())
}

// The boards' cards as a reader sees them: the PDF rendered at 100 dpi (pdftoppm), every
// QR code read back by a real decoder (zbarimg) gives exactly its board's address.
func TestBoardCardsScan(t *testing.T) {
	ppm := testneed.Program(t, "pdftoppm (poppler-utils) renders the pairing sheet to read its QR codes", "pdftoppm")
	zbar := testneed.Program(t, "zbarimg (zbar-tools) reads the QR codes of the pairing sheet", "zbarimg")
	sheet := PairingsSheet{Event: event().Event, Round: 2, Hall: HallLinks{Event: "http://192.168.1.10:8080/hall/3/"}}
	want := map[string]bool{}
	for n := 1; n <= 24; n++ {
		b := PairingBoard{Board: n, White: PairingPlayer{Number: 2*n - 1, Name: "Bianco"}, Black: PairingPlayer{Number: 2 * n, Name: "Nero"}}
		sheet.Boards = append(sheet.Boards, b)
		want["QR-Code:"+sheet.Hall.BoardURL(b)] = true
	}
	var pdf bytes.Buffer
	if err := WritePairingsPDF(&pdf, sheet, fixedMeta); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sheet.pdf"), pdf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(ppm, "-r", "100", "-png", filepath.Join(dir, "sheet.pdf"), filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "p*.png"))
	got := map[string]int{}
	for _, p := range pages {
		out, _ := exec.Command(zbar, "-q", p).Output() // exit 4: a page without a code
		for _, line := range strings.Fields(string(out)) {
			got[line]++
		}
	}
	for u := range want {
		if got[u] != 1 {
			t.Errorf("%s read %d times, want once", u, got[u])
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d codes read, want %d: %v", len(got), len(want), got)
	}
}
