package reports

import (
	"io"
	"testing"
)

// BenchmarkStandingsPDF1000: the standings PDF of 1,000 players after 11 rounds, six
// tie-break columns, compressed as in production (target < 1 s).
func BenchmarkStandingsPDF1000(b *testing.B) {
	s := standingsOf(b, bigEvent(1000, 11), 11)
	meta := fixedMeta
	meta.Uncompressed = false
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteStandingsPDF(io.Discard, s, meta); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStandingsText1000: the same standings as a text table.
func BenchmarkStandingsText1000(b *testing.B) {
	s := standingsOf(b, bigEvent(1000, 11), 11)
	for b.Loop() {
		if err := WriteStandingsText(io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}
