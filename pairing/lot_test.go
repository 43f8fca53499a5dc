package pairing

import (
	"errors"
	"math/bits"
	"slices"
	"testing"
)

// docPCG is PCG-DXSM written from Lot's documentation alone (not from math/rand/v2), so
// that the test fails if the documented algorithm and the draw ever differ.
type docPCG struct{ hi, lo uint64 }

func (p *docPCG) next() uint64 {
	const (
		mulHi, mulLo = 0x2360ed051fc65da4, 0x4385df649fccf645
		incHi, incLo = 0x5851f42d4c957f2d, 0x14057b7ef767814f
	)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.hi, p.lo = hi, lo
	hi ^= hi >> 32
	hi *= 0xda942042e4dd58b5
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// docLot follows the four steps of Lot's documentation.
func docLot(seed uint64, ids []int) map[int]int {
	order := slices.Clone(ids)
	slices.Sort(order)
	src := &docPCG{hi: seed, lo: 1}
	for i := len(order) - 1; i > 0; i-- {
		n := uint64(i + 1)
		var j uint64
		for {
			x := src.next()
			if x >= bits.Rem64(1, 0, n) { // reject x < 2^64 mod n

				j = x % n
				break
			}
		}
		order[i], order[int(j)] = order[int(j)], order[i]
	}
	m := map[int]int{}
	for k, id := range order {
		m[id] = k + 1
	}
	return m
}

func TestLotMatchesDocumentation(t *testing.T) {
	for seed := range uint64(300) {
		n := int(seed % 40)
		ids := make([]int, n)
		for i := range ids {
			ids[i] = 1 + i*3
		}
		got, err := Lot(seed*0x9e3779b97f4a7c15, ids)
		if err != nil {
			t.Fatal(err)
		}
		want := docLot(seed*0x9e3779b97f4a7c15, ids)
		if len(got) != n || !mapsEqual(got, want) {
			t.Fatalf("seed %d: Lot %v, documented algorithm %v", seed, got, want)
		}
		c := &docPCG{hi: seed, lo: LotStreamColour}
		wantC := White
		if c.next()>>63 == 1 {
			wantC = Black
		}
		if LotColour(seed) != wantC {
			t.Fatalf("seed %d: LotColour %v, documented %v", seed, LotColour(seed), wantC)
		}
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestLotProperties: numbers are a permutation of 1..n, independent of the order in which
// ids are given, reproducible, different for different seeds, and roughly uniform.
func TestLotProperties(t *testing.T) {
	ids := []int{42, 7, 19, 3, 88, 61, 5, 30}
	a, _ := Lot(2026, ids)
	rev := slices.Clone(ids)
	slices.Reverse(rev)
	b, _ := Lot(2026, rev)
	if !mapsEqual(a, b) {
		t.Errorf("order of ids changes the lot: %v vs %v", a, b)
	}
	nums := make([]int, 0, len(a))
	for _, v := range a {
		nums = append(nums, v)
	}
	slices.Sort(nums)
	for i, v := range nums {
		if v != i+1 {
			t.Fatalf("numbers %v are not 1..%d", nums, len(ids))
		}
	}
	same := 0
	for seed := range uint64(50) {
		c, _ := Lot(seed+1, ids)
		if mapsEqual(a, c) {
			same++
		}
	}
	if same > 1 {
		t.Errorf("%d of 50 other seeds give the same lot", same)
	}
	// Uniformity: over 12,000 draws of 4 players, each of the 16 (id, number) cells is
	// expected 3,000 times; a 5% deviation would be far beyond chance (sd ≈ 47).
	var count [4][4]int
	four := []int{1, 2, 3, 4}
	for seed := range uint64(12000) {
		m, _ := Lot(seed, four)
		for id, num := range m {
			count[id-1][num-1]++
		}
	}
	for id := range 4 {
		for num := range 4 {
			if c := count[id][num]; c < 2850 || c > 3150 {
				t.Errorf("id %d got number %d %d times of 12000 (expected 3000)", id+1, num+1, c)
			}
		}
	}
	// Colours: both occur.
	w := 0
	for seed := range uint64(1000) {
		if LotColour(seed) == White {
			w++
		}
	}
	if w < 400 || w > 600 {
		t.Errorf("LotColour White %d times of 1000", w)
	}
}

func TestLotErrors(t *testing.T) {
	for _, ids := range [][]int{{1, 2, 2}, {0, 1}, {-3}} {
		if _, err := Lot(1, ids); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("Lot(%v): err = %v", ids, err)
		}
	}
	if m, err := Lot(1, nil); err != nil || len(m) != 0 {
		t.Errorf("empty lot: %v %v", m, err)
	}
}
