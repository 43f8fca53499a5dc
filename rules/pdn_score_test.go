package rules

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// scoreTexts returns texts to read as single scores: each game of the real files cut out
// at its first line (as a stored score is), each whole file, and the fuzz corpus.
func scoreTexts(t *testing.T) []string {
	t.Helper()
	var out []string
	files, _ := filepath.Glob("testdata/pdn/*.pdn")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
		lines := strings.SplitAfter(string(data), "\n")
		var starts []int
		r := NewPDNReader(bytes.NewReader(data))
		for {
			g, err := r.Next()
			if g == nil || errors.Is(err, io.EOF) {
				break
			}
			starts = append(starts, g.Line-1)
		}
		for i, s := range starts {
			e := len(lines)
			if i+1 < len(starts) {
				e = starts[i+1]
			}
			if s < e {
				out = append(out, strings.Join(lines[s:e], ""))
			}
		}
	}
	corpus, _ := filepath.Glob("testdata/fuzz/FuzzPDNReader/*")
	for _, f := range corpus {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if q, ok := strings.CutPrefix(l, "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(q, ")")); err == nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// normal makes a game comparable: empty move and tag lists as nil.
func normal(g *Game) Game {
	if g == nil {
		return Game{}
	}
	c := *g
	if len(c.Moves) == 0 {
		c.Moves = nil
	}
	if len(c.Tags) == 0 {
		c.Tags = nil
	}
	c.Moves = append([]PDNMove(nil), c.Moves...)
	return c
}

// One ScoreParser reading thousands of scores in a row returns, for each, the same game
// and error as a new PDNReader: nothing of a score leaks into the next.
func TestScoreParserSameAsReader(t *testing.T) {
	texts := scoreTexts(t)
	if len(texts) < 1000 {
		t.Fatalf("only %d texts", len(texts))
	}
	var p ScoreParser
	for round := 0; round < 2; round++ { // twice: the second time with grown buffers
		for i, text := range texts {
			want, werr := NewPDNReader(strings.NewReader(text)).Next()
			got, gerr := p.Parse(text)
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("text %d: error %v, want %v", i, gerr, werr)
			}
			if (want == nil) != (got == nil) {
				t.Fatalf("text %d: game %v, want %v", i, got, want)
			}
			if w, g := normal(want), normal(got); !reflect.DeepEqual(w, g) {
				t.Fatalf("text %d (%q...): got\n%+v\nwant\n%+v", i, text[:min(len(text), 80)], g, w)
			}
		}
	}
}

// Parsing a stored score again allocates nothing for an ordinary score (no landing squares,
// no comments): the buffers and the game's lists are reused and the text is read in place.
func TestScoreParserReuses(t *testing.T) {
	data, err := os.ReadFile("testdata/pdn/intl_world_championship_2007_rounds01-11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data[:bytes.Index(data[10:], []byte("\n[Event"))+11]), "\r", "") // as stored
	var p ScoreParser
	g, err := p.Parse(text)
	if err != nil || len(g.Moves) < 40 {
		t.Fatalf("%v, %d moves", err, len(g.Moves))
	}
	if n := testing.AllocsPerRun(20, func() { p.Parse(text) }); n != 0 {
		t.Errorf("%v allocations per score, want 0", n)
	}
}

func BenchmarkScoreParser(b *testing.B) {
	data, err := os.ReadFile("testdata/pdn/intl_world_championship_2007_rounds01-11.pdn")
	if err != nil {
		b.Fatal(err)
	}
	text := strings.ReplaceAll(string(data[:bytes.Index(data[10:], []byte("\n[Event"))+11]), "\r", "") // as stored
	b.Run("reader", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := NewPDNReader(strings.NewReader(text)).Next(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("score", func(b *testing.B) {
		b.ReportAllocs()
		var p ScoreParser
		cpu0 := processCPU()
		for b.Loop() {
			if _, err := p.Parse(text); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu0)
	})
}
