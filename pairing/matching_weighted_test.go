package pairing

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the best (cardinality, weight) over every matching of the graph
// by exhaustive enumeration: with maxCard cardinality first, otherwise weight only.
func bruteMatching(n int, w [][]*Weight, maxCard bool) (int, Weight) {
	used := make([]bool, n)
	bestCard, best := -1, Weight{}
	var rec func(v, card int, sum Weight)
	rec = func(v, card int, sum Weight) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			better := false
			switch {
			case bestCard < 0:
				better = true
			case maxCard && card != bestCard:
				better = card > bestCard
			default:
				better = best.Less(sum)
			}
			if better {
				bestCard, best = card, sum
			}
			return
		}
		used[v] = true
		rec(v+1, card, sum) // v stays single
		for u := v + 1; u < n; u++ {
			if !used[u] && w[v][u] != nil {
				used[u] = true
				rec(v+1, card+1, sum.Add(*w[v][u]))
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, Weight{})
	return bestCard, best
}

// randWeight draws a weight of one of several kinds: small of both signs, zero, or huge
// (up to the documented bound 2^WeightBits) of both signs.
func randWeight(r *rand.Rand, kind int) Weight {
	switch kind {
	case 0:
		return W64(int64(r.IntN(21) - 5))
	case 1:
		return Weight{}
	case 2:
		var w Weight
		for i := range w {
			w[i] = r.Uint64()
		}
		w[weightWords-1] &= (1 << (WeightBits - 64*(weightWords-1))) - 1
		if r.IntN(3) == 0 {
			w = w.Neg()
		}
		return w
	case 3: // lexicographic fields, like the Dutch encoding
		var w Weight
		for f := 0; f < 20; f++ {
			w = w.Shl(12).Add(W64(int64(r.IntN(3))))
		}
		return w
	case 4: // the documented bounds ±2^WeightBits and their neighbours
		w := W64(1).Shl(WeightBits).Sub(W64(int64(r.IntN(3))))
		if r.IntN(2) == 0 {
			w = w.Neg()
		}
		return w
	default:
		return W64(int64(r.IntN(4)))
	}
}

func TestMaxWeightMatchingBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2026))
	for iter := 0; iter < 6000; iter++ {
		n := 1 + r.IntN(10)
		density := r.Float64()
		kind := r.IntN(7)
		maxCard := r.IntN(2) == 0
		w := make([][]*Weight, n)
		for i := range w {
			w[i] = make([]*Weight, n)
		}
		var edges []WEdge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.Float64() < density {
					k := kind
					if kind == 6 {
						k = r.IntN(6)
					}
					x := randWeight(r, k)
					w[i][j], w[j][i] = &x, &x
					if r.IntN(2) == 0 {
						edges = append(edges, WEdge{U: i, V: j, W: x})
					} else {
						edges = append(edges, WEdge{U: j, V: i, W: x})
					}
				}
			}
		}
		mate := maxWeightMatching(n, edges, maxCard)
		card, sum := 0, Weight{}
		for v, u := range mate {
			if u < 0 {
				continue
			}
			if mate[u] != v || w[v][u] == nil {
				t.Fatalf("iter %d: mate %v is not a matching of the graph %v", iter, mate, edges)
			}
			if v < u {
				card++
				sum = sum.Add(*w[v][u])
			}
		}
		bc, bw := bruteMatching(n, w, maxCard)
		if (maxCard && card != bc) || sum != bw {
			t.Fatalf("iter %d (n=%d maxCard=%v kind=%d): got %d pairs weight %v, brute force %d pairs weight %v; edges %v",
				iter, n, maxCard, kind, card, sum, bc, bw, edges)
		}
	}
}

func TestWeightArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 10000; i++ {
		a, b := int64(r.Uint64()>>2)-(1<<61), int64(r.Uint64()>>2)-(1<<61)
		wa, wb := W64(a), W64(b)
		if wa.Add(wb) != W64(a+b) || wa.Sub(wb) != W64(a-b) || wa.Neg() != W64(-a) || wa.Half() != W64(a>>1) {
			t.Fatalf("arithmetic on %d, %d", a, b)
		}
		want := 0
		if a < b {
			want = -1
		} else if a > b {
			want = 1
		}
		if wa.Cmp(wb) != want {
			t.Fatalf("Cmp(%d, %d) = %d", a, b, wa.Cmp(wb))
		}
		if s := uint(r.IntN(3)); W64(a>>3).Shl(s) != W64((a>>3)<<s) {
			t.Fatalf("Shl(%d, %d)", a>>3, s)
		}
	}
	one := W64(1)
	if one.Shl(200).Half().Half() != one.Shl(198) || one.Shl(200).BitLen() != 201 || one.Shl(200).Neg().Sign() != -1 {
		t.Fatal("wide shifts")
	}
	if W64(-1).Shl(130).Add(one.Shl(130)) != (Weight{}) {
		t.Fatal("carry across words")
	}
}

// benchGraph is a random graph on n vertices in which every vertex has about deg
// neighbours (the complete graph when deg ≥ n−1), with lexicographic weights of 20
// fields of 12 bits, as the Dutch encoding builds them.
func benchGraph(n, deg int) []WEdge {
	r := rand.New(rand.NewPCG(uint64(n), uint64(deg)))
	var edges []WEdge
	p := float64(deg) / float64(n-1)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if p >= 1 || r.Float64() < p {
				edges = append(edges, WEdge{U: i, V: j, W: randWeight(r, 3)})
			}
		}
	}
	return edges
}

func benchMatching(b *testing.B, n, deg int) {
	edges := benchGraph(n, deg)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		maxWeightMatching(n, edges, true)
	}
}

// Complete graphs up to 1,000 vertices; 2,000 vertices with 400 neighbours each and 5,000
// with 100 (a complete graph of 5,000 vertices has 12.5 million edges).
func BenchmarkMaxWeightMatching100(b *testing.B)  { benchMatching(b, 100, 99) }
func BenchmarkMaxWeightMatching1000(b *testing.B) { benchMatching(b, 1000, 999) }
func BenchmarkMaxWeightMatching2000(b *testing.B) { benchMatching(b, 2000, 400) }
func BenchmarkMaxWeightMatching5000(b *testing.B) { benchMatching(b, 5000, 100) }
