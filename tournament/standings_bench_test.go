package tournament

import (
	"testing"

	"arbitro/pairing"
)

// benchEvent builds n players (n even) × rounds rounds by the circle method (no repeated
// pairs), results from a small linear congruential generator, every 40th board a forfeit.
func benchEvent(n, rounds int) *Crosstable {
	ct := &Crosstable{Rounds: rounds, Scoring: Scoring210, TieBreaks: AllTieBreaks()}
	for i := 0; i < n; i++ {
		ct.Players = append(ct.Players, CrossEntry{ID: i + 1, Number: i + 1, Name: "p", Rating: 1200 + (i*37)%900,
			Results: make([]CrossResult, 0, rounds)})
	}
	seed := uint32(1)
	for r := 1; r <= rounds; r++ {
		line := make([]int, n)
		for k := 1; k < n; k++ {
			line[k] = 1 + (k-1+r-1)%(n-1)
		}
		for k := 0; k < n/2; k++ {
			w, b := line[k], line[n-1-k]
			seed = seed*1664525 + 1013904223
			pw := &ct.Players[w].Results
			pb := &ct.Players[b].Results
			if k%40 == 39 {
				*pw = append(*pw, CrossResult{Round: r, Opponent: b + 1, Colour: pairing.White, Kind: CrossForfeitWin, Points: 2})
				*pb = append(*pb, CrossResult{Round: r, Opponent: w + 1, Colour: pairing.Black, Kind: CrossForfeitLoss})
				continue
			}
			wp := int(seed>>16) % 3
			*pw = append(*pw, CrossResult{Round: r, Opponent: b + 1, Colour: pairing.White, Kind: CrossPlayed, Points: wp})
			*pb = append(*pb, CrossResult{Round: r, Opponent: w + 1, Colour: pairing.Black, Kind: CrossPlayed, Points: 2 - wp})
		}
	}
	return ct
}

// BenchmarkStandings1000x11: every tie-break, 1,000 players, 11 rounds (target < 50 ms).
func BenchmarkStandings1000x11(b *testing.B) {
	ct := benchEvent(1000, 11)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ComputeStandings(ct, 11); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchEventSane keeps the benchmark input honest: it must be a valid crosstable whose
// points add up (every board gives out 2 game points).
func TestBenchEventSane(t *testing.T) {
	ct := benchEvent(100, 11)
	st, err := ComputeStandings(ct, 11)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range st {
		total += s.Points
	}
	if total != 2*50*11 {
		t.Errorf("total points %d, want %d", total, 2*50*11)
	}
}
