package rules

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchReplay parses and replays every game of files b.N times and reports plies/s and
// games/s (PDN parsing included).
func benchReplay(b *testing.B, files []string) {
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	b.ReportAllocs()
	plies, games := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range data {
			r := NewPDNReader(bytes.NewReader(d))
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				vd := Replay(g, ReplayOptions{})
				plies += vd.Plies
				games++
			}
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(plies)/s, "plies/s")
	b.ReportMetric(float64(games)/s, "games/s")
}

// BenchmarkReplayItalian: the 36 games of the 2005 Italian championship.
func BenchmarkReplayItalian(b *testing.B) {
	benchReplay(b, []string{"testdata/pdn/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"})
}

// BenchmarkReplayInternational: every International file in testdata/pdn.
func BenchmarkReplayInternational(b *testing.B) {
	files, _ := filepath.Glob("testdata/pdn/intl_*.pdn")
	benchReplay(b, files)
}
