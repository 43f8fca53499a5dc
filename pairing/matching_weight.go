package pairing

import (
	"math/bits"
)

// weightWords is the width of a Weight in 64-bit words.
const weightWords = 4 // wMatcher.slack is written out for 4 words

var _ = [1]struct{}{}[weightWords-4] // compile-time check of that

// WeightBits is the number of bits a matching weight may use: every edge weight given to
// maxWeightMatching must lie in [−2^WeightBits, 2^WeightBits]. The matcher's dual
// variables and slacks stay within a few times the largest |weight| (initial vertex
// duals are the largest weight; slacks are sums of two duals and twice a weight; every
// dual change is bounded by a slack), so 2^WeightBits leaves a margin of 2^7 below the
// 2^255 limit of the signed 256-bit representation.
const WeightBits = 64*weightWords - 8

// Weight is a signed 256-bit integer in two's complement, least significant word first:
// the edge weight of the weighted matcher. Lexicographic criteria are encoded by giving
// each criterion a field of bits above the less important ones (Shl, Add).
type Weight [weightWords]uint64

// W64 is the Weight of an int64.
func W64(x int64) Weight {
	var w Weight
	w[0] = uint64(x)
	if x < 0 {
		for i := 1; i < weightWords; i++ {
			w[i] = ^uint64(0)
		}
	}
	return w
}

// Add returns a + b (wrapping at 256 bits; within WeightBits it never wraps).
func (a Weight) Add(b Weight) Weight {
	var r Weight
	var c uint64
	for i := 0; i < weightWords; i++ {
		r[i], c = bits.Add64(a[i], b[i], c)
	}
	return r
}

// Sub returns a − b.
func (a Weight) Sub(b Weight) Weight {
	var r Weight
	var c uint64
	for i := 0; i < weightWords; i++ {
		r[i], c = bits.Sub64(a[i], b[i], c)
	}
	return r
}

// Neg returns −a.
func (a Weight) Neg() Weight { return Weight{}.Sub(a) }

// Cmp compares a and b as signed integers: −1, 0 or +1.
func (a Weight) Cmp(b Weight) int {
	top := weightWords - 1
	if a[top] != b[top] {
		if int64(a[top]) < int64(b[top]) {
			return -1
		}
		return 1
	}
	for i := top - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Less reports a < b.
func (a Weight) Less(b Weight) bool { return a.Cmp(b) < 0 }

// Sign is −1, 0 or +1.
func (a Weight) Sign() int {
	if int64(a[weightWords-1]) < 0 {
		return -1
	}
	if a.IsZero() {
		return 0
	}
	return 1
}

// IsZero reports a == 0.
func (a Weight) IsZero() bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

// Half returns a / 2 rounded towards −∞ (arithmetic shift right by one bit).
func (a Weight) Half() Weight {
	var r Weight
	for i := 0; i < weightWords-1; i++ {
		r[i] = a[i]>>1 | a[i+1]<<63
	}
	r[weightWords-1] = uint64(int64(a[weightWords-1]) >> 1)
	return r
}

// Shl returns a × 2^k for 0 ≤ k < 256 (bits shifted beyond the top are lost).
func (a Weight) Shl(k uint) Weight {
	var r Weight
	words, b := int(k/64), k%64
	for i := weightWords - 1; i >= words; i-- {
		r[i] = a[i-words] << b
		if b > 0 && i-words-1 >= 0 {
			r[i] |= a[i-words-1] >> (64 - b)
		}
	}
	return r
}

// BitLen is the number of bits of |a| (0 for 0).
func (a Weight) BitLen() int {
	if a.Sign() < 0 {
		a = a.Neg()
	}
	for i := weightWords - 1; i >= 0; i-- {
		if a[i] != 0 {
			return 64*i + bits.Len64(a[i])
		}
	}
	return 0
}
