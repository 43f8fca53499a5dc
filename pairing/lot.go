package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Streams of the lot generator. Each random choice of the lot uses its own PCG stream,
// seeded (seed, stream), so adding a new kind of draw never changes an existing one.
const (
	// LotStreamNumbers is the second PCG seed word of the draw of pairing numbers.
	LotStreamNumbers uint64 = 1
	// LotStreamColour is the second PCG seed word of the colour draw.
	LotStreamColour uint64 = 2
)

// lotRNG is the one generator of every draw: Go's math/rand/v2 PCG, i.e. PCG-DXSM with a
// 128-bit LCG state whose high word is the seed and low word the stream constant
// (state = state*0x2360ed051fc65da44385df649fccf645 + 0x5851f42d4c957f2d14057b7ef767814f
// mod 2^128; output hi ^= hi>>32; hi *= 0xda942042e4dd58b5; hi ^= hi>>48; hi *= lo|1),
// as written in the Go source (math/rand/v2/pcg.go). Only Uint64 is used, never Go's
// helper methods, so the draw does not depend on how a Go release implements them.
func lotRNG(seed, stream uint64) *rand.PCG { return rand.NewPCG(seed, stream) }

// uniform returns a uniformly distributed integer in [0, n) (n >= 1) by rejection: draw
// x = Uint64(); reject x while x < 2^64 mod n; return x mod n.
func uniform(src *rand.PCG, n uint64) uint64 {
	threshold := -n % n // 2^64 mod n
	for {
		x := src.Uint64()
		if x >= threshold {
			return x % n
		}
	}
}

// Lot draws the pairing numbers (numeri di sorteggio, FID Capo V Art. 2; FIDE C.05 for
// round robins) of the entrants ids from seed. It returns id → number, numbers 1..len(ids).
//
// The draw is reproducible by anybody from the seed alone:
//  1. sort the ids in increasing order (so the order in which they were given is irrelevant);
//  2. src = PCG(seed, LotStreamNumbers) (see lotRNG);
//  3. Fisher-Yates from the end: for i = len-1 down to 1, j = uniform(src, i+1), swap
//     positions i and j (uniform: rejection sampling, see uniform);
//  4. the id at position k (0-based) gets number k+1.
//
// Errors (ErrBadSnapshot): an id <= 0 or a duplicate id.
func Lot(seed uint64, ids []int) (map[int]int, error) {
	order := slices.Clone(ids)
	slices.Sort(order)
	for i, id := range order {
		if id <= 0 {
			return nil, fmt.Errorf("%w: entrant id %d (ids must be positive)", ErrBadSnapshot, id)
		}
		if i > 0 && order[i-1] == id {
			return nil, fmt.Errorf("%w: entrant id %d appears twice in the lot", ErrBadSnapshot, id)
		}
	}
	shuffle(lotRNG(seed, LotStreamNumbers), order)
	numbers := make(map[int]int, len(order))
	for k, id := range order {
		numbers[id] = k + 1
	}
	return numbers, nil
}

// shuffle is step 3 of Lot: Fisher-Yates from the end with uniform.
func shuffle(src *rand.PCG, order []int) {
	for i := len(order) - 1; i > 0; i-- {
		j := int(uniform(src, uint64(i+1)))
		order[i], order[j] = order[j], order[i]
	}
}

// LotColour draws, from the same seed, the colour of pairing number 1 in round 1 for the
// systems that draw it (FIDE C.04.3 Dutch: "initial colour" drawn by lot). The FID
// Italo-Swiss and the Berger tables do not draw colours. Algorithm: the first Uint64 of
// PCG(seed, LotStreamColour); White if its top bit is 0, Black otherwise.
func LotColour(seed uint64) Colour {
	if lotRNG(seed, LotStreamColour).Uint64()>>63 == 0 {
		return White
	}
	return Black
}

// LotStreamOpening is the second PCG seed word of the opening ballot; the first word is the
// seed of the tournament plus the round number, so each round has its own draw.
const LotStreamOpening uint64 = 3

// LotOpening draws by lot the index of one of n openings still available (the ballot of
// FID Capo IV: one opening per round, not repeated within the event). Algorithm: src =
// PCG(seed+round, LotStreamOpening); return uniform(src, n). The caller lists the openings
// not yet drawn, in table order, and takes the one at the returned index. n >= 1.
func LotOpening(seed uint64, round, n int) int {
	return int(uniform(lotRNG(seed+uint64(round), LotStreamOpening), uint64(n)))
}

// LotStreamTieBreak is the second PCG seed word of the lot used as the last tie-break.
const LotStreamTieBreak uint64 = 4

// LotTieBreak draws the order in which players still tied after every other tie-break are
// placed (the lot as the last resort): the algorithm of Lot with PCG(seed,
// LotStreamTieBreak); it returns id → place in the drawn order (1 = first). Ids as in Lot
// (positive; a duplicate is dropped).
func LotTieBreak(seed uint64, ids []int) map[int]int {
	order := slices.Clone(ids)
	slices.Sort(order)
	order = slices.Compact(order)
	shuffle(lotRNG(seed, LotStreamTieBreak), order)
	out := make(map[int]int, len(order))
	for k, id := range order {
		out[id] = k + 1
	}
	return out
}
