package site

import (
	"arbitro/internal/sqlitetest"
	"arbitro/reports"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"arbitro/tournament"
)

// longScore is a legal Italian score of kings moving to and fro, of at least n bytes.
func longScore(n int) string {
	var b strings.Builder
	b.WriteString("[GameType \"22\"]\n[FEN \"W:WK28:BK5\"]\n")
	for i := 1; b.Len() < n; i++ {
		if i%2 == 1 {
			fmt.Fprintf(&b, "%d. 28-24 5-9 ", i)
		} else {
			fmt.Fprintf(&b, "%d. 24-28 9-5 ", i)
		}
		if i%1000 == 0 {
			b.WriteString("\n")
		}
	}
	b.WriteString("*\n")
	return b.String()
}

// S31: a game score of megabytes (game import takes up to 16 MB) makes a page of the
// first MaxGamePagePlies plies that says so and links the whole PDN, served whole; the
// site reads only its first MaxSiteScoreBytes, so drawing the page allocates a bounded
// amount whatever the score's length.
func TestSafetyLongScorePage(t *testing.T) {
	_, st, _ := newEvent(t, []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Ugo"})
	text := longScore(4 << 20)
	if _, err := sqlitetest.Open(t, st.Path()).Exec("UPDATE games SET pdn = ?", text); err != nil {
		t.Fatal(err)
	}
	h := NewHandler(st, "en")
	srv := httptest.NewServer(h)
	defer srv.Close()
	const dir = "/1-torneo-b-di-b-prova/"
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	resp, page := get(t, srv.URL+dir+"game-1-1.html")
	runtime.ReadMemStats(&ms1)
	if resp.StatusCode != 200 {
		t.Fatalf("game page: %d", resp.StatusCode)
	}
	if len(page) > 1<<20 {
		t.Errorf("the page of a %d-byte score has %d bytes, more than 1 MB", len(text), len(page))
	}
	if n := strings.Count(page, `class="ply"`); n != reports.MaxGamePagePlies {
		t.Errorf("the page lists %d plies, want %d", n, reports.MaxGamePagePlies)
	}
	for _, want := range []string{fmt.Sprintf("The score has %d bytes, more than the %d this page reads", len(text), tournament.MaxSiteScoreBytes),
		`download>game-1-1.pdn</a>`, "the rest of the score is not judged on this page"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if strings.Contains(page, "All moves are legal") {
		t.Error("the page calls legal a score it read only in part")
	}
	if alloc := ms1.TotalAlloc - ms0.TotalAlloc; alloc > 200<<20 {
		t.Errorf("drawing the page of a %d-byte score allocated %d MB", len(text), alloc>>20)
	}
	if _, pdn := get(t, srv.URL+dir+"game-1-1.pdn"); pdn != text {
		t.Errorf("the PDN file served has %d bytes, the score %d", len(pdn), len(text))
	}
	_, data := get(t, srv.URL+dir+"data.json")
	var d reports.SiteData
	if err := json.Unmarshal([]byte(data), &d); err != nil || len(d.Games) != 1 || d.Games[0].ScoreBytes != len(text) {
		t.Errorf("data.json: %v, games %+v; want score_bytes %d", err, d.Games, len(text))
	}
	// publish writes the same page.
	out := t.TempDir()
	if _, err := Publish(context.Background(), st, Options{Out: out, All: true, Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	files := readTree(t, out)
	gp, gpdn := files[dir[1:]+"game-1-1.html"], files[dir[1:]+"game-1-1.pdn"]
	if !bytes.Equal(gp, []byte(page)) || string(gpdn) != text {
		t.Errorf("publish wrote a %d-byte page and a %d-byte PDN", len(gp), len(gpdn))
	}
}
