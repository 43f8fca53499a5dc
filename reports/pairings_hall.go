package reports

import (
	"fmt"
	"strconv"
	"strings"

	"arbitro/tournament"

	"github.com/boombuler/barcode/qr"
)

// HallLinks is the hall's address for a pairing sheet (issue 30: each board's entry page as
// a QR code and a short code on the printed sheet). Event is the address of the event's hall
// as `arbitro serve --hall` serves it, ending in "/hall/ID/":
// "http://192.168.1.10:8080/hall/3/". The zero value prints no link, no code, no QR.
type HallLinks struct {
	Event string
}

// ErrHallURL is returned by ParseHallURL for an address that is not a hall's.
var ErrHallURL = tournament.ErrHallURL

// ParseHallURL reads the hall's address given to `arbitro pairings --hall-url` or stored
// with `arbitro hall set --url` (tournament.HallEventURL: "http://HOST:PORT/hall/" or
// ".../hall/ID/") and returns the links of tournament id's boards; id 0 checks the form
// alone and returns zero links. Errors wrap ErrHallURL and say what is wrong.
func ParseHallURL(raw string, id int64) (HallLinks, error) {
	u, err := tournament.HallEventURL(raw, id)
	return HallLinks{Event: u}, err
}

// BoardCode is a board's short code on the sheet, the last part of its entry page's short
// address: "b7", and "b7-2" for the return game of a two-game pairing.
func BoardCode(board, game int) string {
	s := "b" + strconv.Itoa(board)
	if game == 2 {
		s += "-2"
	}
	return s
}

// ParseBoardCode reads a BoardCode ("b7", "b7-2"); ok is false for anything else.
func ParseBoardCode(code string) (board, game int, ok bool) {
	rest, found := strings.CutPrefix(code, "b")
	if !found {
		return 0, 0, false
	}
	n, g := rest, "1"
	if a, b, two := strings.Cut(rest, "-"); two {
		n, g = a, b
	}
	board, err := strconv.Atoi(n)
	if err != nil || board < 1 || strconv.Itoa(board) != n || g != "1" && g != "2" || g == "1" && rest != n {
		return 0, 0, false
	}
	game, _ = strconv.Atoi(g)
	return board, game, true
}

// BoardURL is the short address of board b's entry page ("http://…/hall/3/b7"): what the
// board's QR code holds and what a player types without a camera. "" when h is zero.
func (h HallLinks) BoardURL(b PairingBoard) string {
	if h.Event == "" {
		return ""
	}
	return h.Event + BoardCode(b.Board, b.Game)
}

// BoardQR is the QR code of url as a square of modules (true: dark), level M (15% of the
// code may be lost), byte mode: what the PDF draws, module by module.
func BoardQR(url string) ([][]bool, error) {
	code, err := qr.Encode(url, qr.M, qr.Auto)
	if err != nil {
		return nil, err
	}
	n := code.Bounds().Dx()
	m := make([][]bool, n)
	for y := range m {
		m[y] = make([]bool, n)
		for x := range m[y] {
			r, _, _, _ := code.At(x, y).RGBA()
			m[y][x] = r == 0
		}
	}
	return m, nil
}

// hallLine is the sheet's line telling the players where to enter their results; "" with
// no hall.
func (p PairingsSheet) hallLine() string {
	if p.Hall.Event == "" {
		return ""
	}
	return p.loc().T("pairings.hall", "url", p.Hall.Event+"b", "example", p.Hall.Event+BoardCode(1, 1))
}

// hallCards draws the boards' cards after the sheet, on pages of their own: for each board
// its number, the QR code of its entry page and the short address under it, 4 across and
// 5 down on A4, to cut out and lay on the tables.
func (r *roundSheet) hallCards(p PairingsSheet) error {
	if p.Hall.Event == "" || len(p.Boards) == 0 {
		return nil
	}
	f, l := r.d.f, r.l
	const cols, rows, side, quiet = 4, 5, 28.0, 4.0 // quiet: the light margin a reader needs around a code (4 modules and more)
	w := r.d.usableWidth() / cols
	h := 6 + side + 2*quiet + 4
	for i, b := range p.Boards {
		if i%(cols*rows) == 0 {
			f.AddPage()
			f.SetFont(fontFamily, "B", roundSheetSize)
			f.MultiCell(0, rowHeight(roundSheetSize), l.T("pairings.hall_cards"), "", "L", false)
			f.Ln(2)
		}
		top := f.GetY()
		k := i % (cols * rows)
		x0, y0 := margin+float64(k%cols)*w, top+float64(k/cols)*h
		url := p.Hall.BoardURL(b)
		m, err := BoardQR(url)
		if err != nil {
			return fmt.Errorf("QR code of board %s: %w", boardLabel(b), err)
		}
		f.SetFont(fontFamily, "B", 11)
		f.SetXY(x0, y0)
		f.CellFormat(w, 6, l.T("pairings.hall_board", "board", boardLabel(b)), "", 0, "C", false, 0, "")
		mod := side / float64(len(m))
		qx, qy := x0+(w-side)/2, y0+6+quiet
		f.SetFillColor(0, 0, 0)
		for y, row := range m {
			// each run of dark modules is one rectangle: no hairline seams inside it
			for x := 0; x < len(row); x++ {
				if !row[x] {
					continue
				}
				run := 1
				for x+run < len(row) && row[x+run] {
					run++
				}
				f.Rect(qx+float64(x)*mod, qy+float64(y)*mod, float64(run)*mod, mod, "F")
				x += run - 1
			}
		}
		f.SetFont(fontFamily, "", 6.5)
		f.SetXY(x0, qy+side+quiet)
		f.CellFormat(w, 4, r.d.clip(url, w-2), "", 0, "C", false, 0, "")
		f.SetXY(margin, top)
	}
	return nil
}
