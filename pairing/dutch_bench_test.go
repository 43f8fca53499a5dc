package pairing

import (
	"fmt"
	"testing"
)

// BenchmarkDutch pairs one round of an n-player event after several random rounds
// (rounds paired by the engine itself, results drawn at random with draws). Run with
//
//	go test ./pairing/ -run '^$' -bench Dutch -benchmem -cpu 1 -count 5
func BenchmarkDutch(b *testing.B) {
	for _, n := range []int{100, 1000, 2000, 5000} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			const played = 6
			s := newSim(n, 11, 42)
			for r := 1; r <= played; r++ {
				s.play(b, r)
			}
			opt := s.opts(played + 1)
			b.ResetTimer()
			var res DutchResult
			for b.Loop() {
				var err error
				res, err = Dutch(s.entrants, opt)
				if err != nil {
					b.Fatal(err)
				}
			}
			exact := 0
			for _, br := range res.Brackets {
				if br.Exact {
					exact++
				}
			}
			b.ReportMetric(float64(len(res.Brackets)), "brackets")
			b.ReportMetric(float64(exact), "exact-brackets")
		})
	}
}
