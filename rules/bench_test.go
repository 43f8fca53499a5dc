package rules

import "testing"

func benchPerft(b *testing.B, p Position, depth int, want uint64) {
	b.ReportAllocs()
	var n uint64
	cpu0 := processCPU()
	for b.Loop() {
		n = Perft(p, depth)
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		// CPU seconds per operation: on a shared machine wall time also counts the waits
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
	if n != want {
		b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftItalian9(b *testing.B)  { benchPerft(b, Italian.Start(), 9, italianPerft[9]) }
func BenchmarkPerftItalian10(b *testing.B) { benchPerft(b, Italian.Start(), 10, italianPerft[10]) }
func BenchmarkPerftItalian11(b *testing.B) { benchPerft(b, Italian.Start(), 11, italianPerft[11]) }

func BenchmarkPerftInternational7(b *testing.B) {
	benchPerft(b, International.Start(), 7, internationalPerft[7])
}
func BenchmarkPerftInternational8(b *testing.B) {
	benchPerft(b, International.Start(), 8, internationalPerft[8])
}
func BenchmarkPerftInternational9(b *testing.B) {
	benchPerft(b, International.Start(), 9, internationalPerft[9])
}

func benchPublished(b *testing.B, name string, depth int) {
	for _, tc := range publishedPerft {
		if tc.name == name {
			p, err := ParseFEN(International, tc.fen)
			if err != nil {
				b.Fatal(err)
			}
			benchPerft(b, p, depth, tc.leaves[depth-1])
			return
		}
	}
	b.Fatalf("no position %s", name)
}

func BenchmarkPerftInternational10(b *testing.B) {
	benchPerft(b, International.Start(), 10, internationalPerft[10])
}

// The Woldouby and random178 positions at the depths issue 18 compares with Scan and dctl
// (perft(9) and perft(10)), and deeper ones that run long enough to time the generator alone.
func BenchmarkPerftWoldouby9(b *testing.B)   { benchPublished(b, "woldouby", 9) }
func BenchmarkPerftWoldouby10(b *testing.B)  { benchPublished(b, "woldouby", 10) }
func BenchmarkPerftWoldouby13(b *testing.B)  { benchPublished(b, "woldouby", 13) }
func BenchmarkPerftWoldouby14(b *testing.B)  { benchPublished(b, "woldouby", 14) }
func BenchmarkPerftRandom178_8(b *testing.B) { benchPublished(b, "random178", 8) }
func BenchmarkPerftRandom178_9(b *testing.B) { benchPublished(b, "random178", 9) }
