package rules

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// benchReplay parses and replays every game of files b.N times and reports plies/s and
// games/s (PDN parsing included), and the same per second of process CPU time. recycle
// hands each game back (RecycleGame) once judged, as `arbitro replay` does since issue 33.
func benchReplay(b *testing.B, files []string, recycle bool) {
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
	cpu0 := processCPU()
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
				if recycle {
					RecycleGame(g)
				}
			}
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(plies)/s, "plies/s")
	b.ReportMetric(float64(games)/s, "games/s")
	reportCPU(b, cpu0)
	if cpu := (processCPU() - cpu0).Seconds(); cpu > 0 {
		b.ReportMetric(float64(plies)/cpu, "plies/cpu-s")
		b.ReportMetric(float64(games)/cpu, "games/cpu-s")
	}
}

// reportCPU reports the process CPU time per operation since cpu0 (cpu-s/op): on a shared
// machine wall time also counts the waits for a core.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
}

// benchReplayOnly replays the games of files, read once beforehand, b.N times: the replay
// without the PDN reader (see BenchmarkScoreParser for the reader alone).
func benchReplayOnly(b *testing.B, files []string) {
	var games []*Game
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		gs, err := ReadAllPDN(bytes.NewReader(d))
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, gs...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			Replay(g, ReplayOptions{})
		}
	}
	reportCPU(b, cpu0)
}

// BenchmarkReplayOnly: the replay of the games of BenchmarkReplayItalian and
// BenchmarkReplayInternational, parsed beforehand.
func BenchmarkReplayOnly(b *testing.B) {
	intl, _ := filepath.Glob("testdata/pdn/intl_*.pdn")
	b.Run("italian", func(b *testing.B) {
		benchReplayOnly(b, []string{"testdata/pdn/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"})
	})
	b.Run("international", func(b *testing.B) { benchReplayOnly(b, intl) })
}

// BenchmarkReplayItalian: the 36 games of the 2005 Italian championship.
func BenchmarkReplayItalian(b *testing.B) {
	benchReplay(b, []string{"testdata/pdn/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"}, false)
}

// BenchmarkReplayInternational: every International file in testdata/pdn.
func BenchmarkReplayInternational(b *testing.B) {
	files, _ := filepath.Glob("testdata/pdn/intl_*.pdn")
	benchReplay(b, files, false)
}

// BenchmarkReplayStream: the games of BenchmarkReplayItalian and BenchmarkReplayInternational
// read and replayed as `arbitro replay` and the archive audit of PDN files read them since
// issue 33: each game handed back (RecycleGame) once judged. Reports plies and games per
// second of process CPU time.
func BenchmarkReplayStream(b *testing.B) {
	intl, _ := filepath.Glob("testdata/pdn/intl_*.pdn")
	b.Run("italian", func(b *testing.B) {
		benchReplay(b, []string{"testdata/pdn/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"}, true)
	})
	b.Run("international", func(b *testing.B) { benchReplay(b, intl, true) })
}
