package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// shuffleGame returns a game of plies king moves from fen: each side's king goes to its
// first legal square and back, over and over (a hostile file: the same four positions).
func shuffleGame(t testing.TB, v *Variant, fen string, plies int) *Game {
	p := MustParseFEN(v, fen)
	var text strings.Builder
	fmt.Fprintf(&text, "[GameType \"%d\"]\n[FEN \"%s\"]\n", v.GameType(), fen)
	var out [4]Move
	for i := 0; i < 4; i++ {
		if i < 2 {
			for _, m := range p.LegalMoves() {
				if !m.IsCapture() && !p.Play(m).HasCapture() {
					out[i] = m
					break
				}
			}
			if out[i].From == 0 {
				t.Fatalf("no quiet king move in %s", p.FEN())
			}
		} else {
			m := out[i-2]
			out[i] = Move{From: m.To, To: m.From, Path: []Square{m.From}}
		}
		p = p.Play(out[i])
	}
	for i := 0; i < plies; i++ {
		text.WriteString(out[i%4].String())
		text.WriteByte(' ')
	}
	text.WriteString("*\n")
	gs, err := ReadAllPDN(strings.NewReader(text.String()))
	if err != nil || len(gs) != 1 {
		t.Fatalf("shuffle game: %v", err)
	}
	return gs[0]
}

// Repetitions are counted the same whether the positions since the last man move are
// scanned (short sequences) or indexed (long ones): compared with a direct count on random
// king walks, and on a shuffle whose four positions recur every four plies.
func TestRepetitionsLongKingSequences(t *testing.T) {
	g := shuffleGame(t, International, "W:WK48:BK3", 200)
	vd := Replay(g, ReplayOptions{})
	if !vd.Legal || len(vd.Repetitions) != 4 {
		t.Fatalf("shuffle: legal %v, %d repetitions", vd.Legal, len(vd.Repetitions))
	}
	for k, r := range vd.Repetitions {
		if len(r.Plies) != 50 && len(r.Plies) != 51 || r.Plies[0] != k || r.Plies[1] != k+4 || r.Plies[len(r.Plies)-1]%4 != k {
			t.Errorf("repetition %d: plies %v", k, r.Plies)
		}
	}
	if len(vd.Draws) == 0 || vd.Draws[0].Rule != DrawThreefold || vd.Draws[0].Ply != 8 || vd.Draws[0].StartPly != 0 {
		t.Errorf("draws %+v", vd.Draws)
	}
	rng := rand.New(rand.NewPCG(14, 7))
	for walk := 0; walk < 30; walk++ {
		v := []*Variant{Italian, International}[walk%2]
		p := MustParseFEN(v, []string{"W:WK29,K30:BK4", "W:WK46,K47:BK5"}[walk%2])
		var text strings.Builder
		fmt.Fprintf(&text, "[GameType \"%d\"]\n[FEN \"%s\"]\n", v.GameType(), p.FEN())
		seen := map[Position][]int{p: {0}}
		var order []Position
		n := 20 + rng.IntN(200)
		for i := 1; i <= n; i++ {
			var ms []Move // quiet king moves that leave no capture
			for _, m := range p.LegalMoves() {
				if !m.IsCapture() && !p.Play(m).HasCapture() {
					ms = append(ms, m)
				}
			}
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			text.WriteString(m.String() + " ")
			p = p.Play(m)
			seen[p] = append(seen[p], i)
			if len(seen[p]) == 3 {
				order = append(order, p)
			}
		}
		text.WriteString("*")
		var want []Repetition
		for _, q := range order {
			want = append(want, Repetition{FEN: q.FEN(), Plies: seen[q]})
		}
		vd := Replay(gameFrom(t, text.String()), ReplayOptions{})
		if !vd.Legal || !reflect.DeepEqual(vd.Repetitions, want) {
			t.Fatalf("walk %d: legal %v\n got %+v\nwant %+v", walk, vd.Legal, vd.Repetitions, want)
		}
	}
}

// BenchmarkReplayKingShuffle: replay time of a king shuffle must grow linearly with its
// length (issue 14 case 7: it grew with the square). Compare ns/op across the sizes.
func BenchmarkReplayKingShuffle(b *testing.B) {
	for _, c := range []struct {
		v     *Variant
		fen   string
		plies int
	}{
		{International, "W:WK48:BK3", 10000},
		{International, "W:WK48:BK3", 20000},
		{International, "W:WK48:BK3", 100000},
		{Italian, "W:WK29:BK4", 40000},
	} {
		g := shuffleGame(b, c.v, c.fen, c.plies)
		b.Run(fmt.Sprintf("%s-%dk", c.v.Name(), c.plies/1000), func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := processCPU()
			for b.Loop() {
				if vd := Replay(g, ReplayOptions{}); !vd.Legal {
					b.Fatal(vd.Message)
				}
			}
			if cpu := processCPU() - cpu0; cpu > 0 {
				// CPU seconds per replay: on a shared machine wall time also counts the waits
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			}
		})
	}
}
