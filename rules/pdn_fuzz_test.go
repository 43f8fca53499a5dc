package rules

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// parseForFuzz reads at most 200 games; it returns the games read without error.
func parseForFuzz(data []byte) (ok []*Game, all int) {
	r := NewPDNReader(bytes.NewReader(data))
	for i := 0; i < 200; i++ {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			break
		}
		all++
		if err == nil {
			ok = append(ok, g)
		}
	}
	return ok, all
}

func emptyGame(g *Game) bool {
	return len(g.Tags) == 0 && len(g.Moves) == 0 && len(g.Comments) == 0 && len(g.Variations) == 0 && g.Result == ""
}

// FuzzPDNReader: the reader never panics; every game it reads without error is written by
// WritePDN and read back equal; Replay never panics on what the reader returns.
// Run: go test -run XXX -fuzz FuzzPDNReader -fuzztime 3m ./rules (corpus in testdata/fuzz).
func FuzzPDNReader(f *testing.F) {
	seeds := []string{
		"[Event \"x\"]\n\n1. 22-18 11-15 2. 18x11 8x15 1-0\n",
		"[Bianco \"A\"]\r\n[Nero \"B\"]\r\n\r\n1. 21-17 12-15 2. 23-19  8x15 {Pari} 1/2-1/2\r\n",
		"[GameType \"20\"]\n[FEN \"W:W31-50:B1-20.\"]\n1. 32-28 19-23 ( 1... 18-23 $2 {c (x)} ) 2. 28x19 14x23! *\n",
		"% escape\n1. 1- 7 47x 9 ; line comment\n 2... 22:13 ½-½\n",
		"1. 22x13x6?! 2-0\n[A \"b\"]\n1. 21-17 0-0",
		"[Event \"Dragon\"]\n1. 33-29 {[%drgnode 0 1]} 20-25 77. ... *",
		"{ unterminated\n\n[Event \"next\"]\n1. 22-18 *",
		"1. c3-d4 f6-e5 2. d4xf6 *",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _ := parseForFuzz(data)
		// Strict reading finds the same games (only its errors differ), and a game it
		// accepts has no tolerated deviation.
		r := NewPDNReader(bytes.NewReader(data))
		r.Strict = true
		for i := 0; i < 200; i++ {
			g, err := r.Next()
			if err == io.EOF || g == nil {
				break
			}
			if err == nil && len(g.Warnings) > 0 && !strings.Contains(strings.Join(g.Warnings, "|"), "no game termination marker") {
				t.Fatalf("strict reader accepted game %d with warnings %q", g.Index, g.Warnings)
			}
		}
		var buf bytes.Buffer
		var kept []*Game
		for _, g := range games {
			if emptyGame(g) {
				continue
			}
			if err := WritePDN(&buf, g); err != nil {
				continue // a tag name that is not a symbol cannot come from the reader, but be safe
			}
			kept = append(kept, g)
		}
		again, all := parseForFuzz(buf.Bytes())
		if len(again) != len(kept) || all != len(kept) {
			t.Fatalf("%d games written, %d read back (%d without error)\n%s", len(kept), all, len(again), buf.String())
		}
		for i := range kept {
			if !gamesEqual(kept[i], again[i]) {
				t.Fatalf("game %d differs after round trip:\n%+v\n%+v\n%s", i+1, kept[i], again[i], buf.String())
			}
		}
		for _, g := range games {
			if len(g.Moves) > 400 {
				continue
			}
			Replay(g, ReplayOptions{})
			Replay(g, ReplayOptions{Variant: International, ForceVariant: true})
		}
	})
}

// Property: any game built from the PDN vocabulary is written and read back equal.
func TestPDNRoundTripProperty(t *testing.T) {
	word := rapid.StringMatching(`[A-Za-z0-9 ,.°è"\\]{0,12}`)
	comment := rapid.StringMatching(`[A-Za-z0-9 ,.\[\]%()!?\n]{0,20}`)
	rapid.Check(t, func(t *rapid.T) {
		g := &Game{}
		nt := rapid.IntRange(0, 5).Draw(t, "tags")
		for i := 0; i < nt; i++ {
			name := rapid.StringMatching(`[A-Za-z][A-Za-z0-9_]{0,8}`).Draw(t, "name")
			g.Tags = append(g.Tags, Tag{name, word.Draw(t, "value")})
		}
		if rapid.Bool().Draw(t, "precomment") {
			g.Comments = []string{strings.TrimSpace(comment.Draw(t, "pc"))}
		}
		nm := rapid.IntRange(0, 30).Draw(t, "moves")
		num := rapid.IntRange(1, 60).Draw(t, "first")
		second := rapid.Bool().Draw(t, "blackFirst")
		for i := 0; i < nm; i++ {
			m := PDNMove{Number: num, Second: second}
			m.From = rapid.IntRange(1, 50).Draw(t, "from")
			m.To = rapid.IntRange(1, 50).Draw(t, "to")
			m.Capture = rapid.Bool().Draw(t, "capture")
			if m.Capture && rapid.Bool().Draw(t, "via") {
				m.Via = []int{rapid.IntRange(1, 50).Draw(t, "v1")}
			}
			if !m.Capture && m.From == m.To {
				m.To = m.From%50 + 1
			}
			m.Marks = rapid.SampledFrom([]string{"", "", "!", "?", "!!", "??", "!?", "?!", "*"}).Draw(t, "mark")
			if rapid.IntRange(0, 4).Draw(t, "nag") == 0 {
				m.NAGs = []int{rapid.IntRange(0, 255).Draw(t, "n")}
			}
			if rapid.IntRange(0, 3).Draw(t, "c") == 0 {
				m.Comments = []string{strings.TrimSpace(comment.Draw(t, "mc"))}
			}
			if rapid.IntRange(0, 5).Draw(t, "var") == 0 {
				m.Variations = []string{fmt.Sprintf("%d... %d-%d {alt}", num, m.To, m.From)}
			}
			m.Text = moveText(m)
			g.Moves = append(g.Moves, m)
			if second {
				num++
			}
			second = !second
		}
		g.Result = rapid.SampledFrom([]string{"", "*", "1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", "0-0", "½-½"}).Draw(t, "result")
		if emptyGame(g) {
			return
		}
		var buf bytes.Buffer
		if err := WritePDN(&buf, g); err != nil {
			t.Fatal(err)
		}
		games, all := parseForFuzz(buf.Bytes())
		if all != 1 || len(games) != 1 {
			t.Fatalf("%d games (%d ok) from\n%s", all, len(games), buf.String())
		}
		// Comments are compared after the writer's sanitising, which keeps them as built here.
		if !gamesEqual(g, games[0]) {
			t.Fatalf("round trip differs:\n%+v\n%+v\n%s", g, games[0], buf.String())
		}
	})
}
