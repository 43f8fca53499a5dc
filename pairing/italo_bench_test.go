package pairing

import (
	"math/rand/v2"
	"testing"
)

// simulateItalo plays rounds rounds of an Italo-Swiss among n players drawn by lot from
// seed, with random results (win, draw, loss equally likely), and returns the snapshot and
// the last round's pairs.
func simulateItalo(tb testing.TB, n, rounds int, seed uint64) ([]Entrant, []Pair) {
	rng := rand.New(rand.NewPCG(seed, 7))
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i + 1
	}
	numbers, err := Lot(seed, ids)
	if err != nil {
		tb.Fatal(err)
	}
	es := make([]Entrant, n)
	pos := make(map[int]int, n)
	for i, id := range ids {
		es[i] = Entrant{ID: id, Number: numbers[id], Available: true, History: make([]Round, 0, rounds)}
		pos[id] = i
	}
	var prev []Pair
	for r := 1; r <= rounds; r++ {
		res, err := ItaloSwiss(es, ItaloOptions{Start: ItaloStart(prev)})
		if err != nil {
			tb.Fatalf("round %d: %v", r, err)
		}
		for _, p := range res.Pairs {
			w := &es[pos[p.White]]
			if p.IsBye() {
				w.History = append(w.History, Round{Number: r, Kind: Bye, Points: 2})
				w.Score += 2
				continue
			}
			b := &es[pos[p.Black]]
			wp := rng.IntN(3)
			w.History = append(w.History, Round{Number: r, Opponent: b.ID, Colour: White, Kind: Played, Points: wp})
			b.History = append(b.History, Round{Number: r, Opponent: w.ID, Colour: Black, Kind: Played, Points: 2 - wp})
			w.Score += wp
			b.Score += 2 - wp
		}
		prev = res.Pairs
	}
	return es, prev
}

// BenchmarkItaloRound1000 pairs round 7 of a 1,000-player Italo-Swiss (target < 20 ms).
func BenchmarkItaloRound1000(b *testing.B) {
	es, prev := simulateItalo(b, 1000, 6, 1)
	start := ItaloStart(prev)
	b.ResetTimer()
	for b.Loop() {
		if _, err := ItaloSwiss(es, ItaloOptions{Start: start}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkItaloRound1001 is the same with an odd field (a bye every round).
func BenchmarkItaloRound1001(b *testing.B) {
	es, prev := simulateItalo(b, 1001, 6, 1)
	start := ItaloStart(prev)
	b.ResetTimer()
	for b.Loop() {
		if _, err := ItaloSwiss(es, ItaloOptions{Start: start}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkItaloEvent1000x11 plays a whole 11-round event of 1,000 players with random
// results: lot, 11 pairings, results recorded (target < 1 s).
func BenchmarkItaloEvent1000x11(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		simulateItalo(b, 1000, 11, seed)
	}
}
