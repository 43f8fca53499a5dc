package pairing

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The golden differential test of the two Italo-Swiss engines: many random events (field
// sizes 2-60, formats art2/art8/art9 and the rotation format, absences, withdrawals, late
// entrants, manual pairs, club separation) are played round by round and every round's
// complete result (pairs, rests, explanation steps, flags, or the error) is compared with
// testdata/italo_golden.json, recorded from the engines as they were before they were split
// into named steps (issue 12). A change of any pairing shows which event and round differ.
// Record again, only after a deliberate change of the pairing rules, with
// `go test ./pairing -run ItaloGolden -italo.update`.
var italoUpdate = flag.Bool("italo.update", false, "rewrite testdata/italo_golden.json from the current engines")

const italoGoldenFile = "testdata/italo_golden.json"

// italoGoldenEvent is one recorded event: how it was drawn, one line per round (pairs,
// rests and rest rule, readable) and the SHA-256 of every round's full result as JSON.
type italoGoldenEvent struct {
	Seed   uint64   `json:"seed"`
	Format string   `json:"format"`
	Rounds []string `json:"rounds"`
	SHA256 string   `json:"sha256"`
}

// italoGoldenPlay plays one random event from seed and records it.
func italoGoldenPlay(seed uint64) italoGoldenEvent {
	rng := rand.New(rand.NewPCG(seed, 2026))
	formats := []ItaloFormat{ItaloArt8, ItaloArt9, ItaloArt2, ItaloRotation}
	format := formats[seed%uint64(len(formats))]
	n := 2 + rng.IntN(24)
	if rng.IntN(5) == 0 {
		n = 2 + rng.IntN(59)
	}
	// Up to half the field (the most FID Capo V Art. 1 advises, ItaloRoundsAdvised), plus
	// one; small fields up to exhaustion, where dead ends and backtracking are frequent.
	rounds := 1 + rng.IntN(n/2+1)
	if n <= 10 {
		rounds = n + 1
	}
	if format == ItaloArt9 && rounds%2 == 0 && n > rounds {
		// Not recorded: in art9 round 1 with an even number of rounds and an odd field
		// larger than that, the RM goes to a player already on turn rest and the odd player
		// left may not rest: ErrNoPairing (7 players, 6 rounds) after backtracking through
		// every pairing of the others, which for 50 players does not end.
		rounds++
	}
	absentPct := []int{0, 0, 5, 15}[rng.IntN(4)]
	clubs := rng.IntN(3) == 0
	es := make([]Entrant, n)
	for i := range es {
		es[i] = Entrant{ID: 100 + 3*i, Number: i + 1}
	}
	club := map[int]int{}
	for _, e := range es {
		club[e.ID] = rng.IntN(max(n/3, 1))
	}
	ev := italoGoldenEvent{Seed: seed, Format: string(format)}
	h := sha256.New()
	var prev []Pair
	prevRests := map[int]RestKind{}
	for r := 1; r <= rounds; r++ {
		if r > 1 && rng.IntN(6) == 0 { // a late entrant
			id := 100 + 3*len(es)
			es = append(es, Entrant{ID: id, Number: len(es) + 1, Score: rng.IntN(3)})
			club[id] = rng.IntN(max(n/3, 1))
		}
		for i := range es {
			if es[i].Withdrawn {
				continue
			}
			if r > 1 && rng.IntN(40) == 0 {
				es[i].Available, es[i].Withdrawn = false, true
				continue
			}
			es[i].Available = rng.IntN(100) >= absentPct
		}
		var fixed []Pair
		if rng.IntN(8) == 0 {
			var free []int
			for _, e := range es {
				if e.Available {
					free = append(free, e.ID)
				}
			}
			if len(free) >= 2 {
				a, b := free[rng.IntN(len(free))], free[rng.IntN(len(free))]
				if rng.IntN(3) == 0 || a == b {
					b = 0
				}
				fixed = []Pair{{White: a, Black: b}}
			}
		}
		var avoid map[[2]int]bool
		if clubs {
			avoid = map[[2]int]bool{}
			for i := range es {
				for j := i + 1; j < len(es); j++ {
					if club[es[i].ID] == club[es[j].ID] {
						avoid[[2]int{min(es[i].ID, es[j].ID), max(es[i].ID, es[j].ID)}] = true
					}
				}
			}
		}
		var res ItaloResult
		var err error
		if format.FID() {
			num := map[int]int{}
			for _, e := range es {
				num[e.ID] = e.Number
			}
			start := 0
			if r > 1 {
				start = ItaloFIDStart(prev, prevRests, num)
			}
			res, err = ItaloFID(es, ItaloFIDOptions{Format: format, Round: r, Rounds: rounds, Start: start, Fixed: fixed, Avoid: avoid})
		} else {
			start := 0
			if r > 1 {
				start = ItaloStart(prev)
			}
			res, err = ItaloSwiss(es, ItaloOptions{Start: start, Fixed: fixed, ByeBeforePairing: rng.IntN(4) == 0})
		}
		full, jerr := json.Marshal(res)
		if jerr != nil {
			panic(jerr)
		}
		fmt.Fprintf(h, "round %d: %s err=%v\n", r, full, err)
		if err != nil {
			ev.Rounds = append(ev.Rounds, "error: "+err.Error())
			break
		}
		ev.Rounds = append(ev.Rounds, italoGoldenLine(res))
		prev, prevRests = res.Pairs, map[int]RestKind{}
		for _, rs := range res.Rests {
			prevRests[rs.ID] = rs.Kind
		}
		italoGoldenResults(rng, es, r, res, prevRests)
	}
	ev.SHA256 = hex.EncodeToString(h.Sum(nil))
	return ev
}

// italoGoldenLine writes a round as "W-B W-B ... | rest:kind ... | rule".
func italoGoldenLine(res ItaloResult) string {
	var b strings.Builder
	for _, p := range res.Pairs {
		if !p.IsBye() {
			fmt.Fprintf(&b, "%d-%d ", p.White, p.Black)
		}
	}
	b.WriteString("|")
	for _, p := range res.Pairs {
		if p.IsBye() {
			fmt.Fprintf(&b, " %d", p.White)
		}
	}
	for _, rs := range res.Rests {
		fmt.Fprintf(&b, " %d:%s", rs.ID, rs.Kind)
	}
	fmt.Fprintf(&b, " | %s", res.RestRule)
	return b.String()
}

// italoGoldenResults records random results of round r (win, draw, loss equally likely;
// a rest is worth 2 points except the turn rest) and the absences.
func italoGoldenResults(rng *rand.Rand, es []Entrant, r int, res ItaloResult, rests map[int]RestKind) {
	byID := map[int]*Entrant{}
	for i := range es {
		byID[es[i].ID] = &es[i]
	}
	seen := map[int]bool{}
	for _, p := range res.Pairs {
		w := byID[p.White]
		seen[p.White] = true
		if p.IsBye() {
			pts := 2
			if rests[p.White] == RestRT {
				pts = 0
			}
			w.History = append(w.History, Round{Number: r, Kind: Bye, Points: pts, Rest: rests[p.White]})
			w.Score += pts
			continue
		}
		b := byID[p.Black]
		seen[p.Black] = true
		wp := rng.IntN(3)
		w.History = append(w.History, Round{Number: r, Opponent: b.ID, Colour: White, Kind: Played, Points: wp})
		b.History = append(b.History, Round{Number: r, Opponent: w.ID, Colour: Black, Kind: Played, Points: 2 - wp})
		w.Score += wp
		b.Score += 2 - wp
	}
	for i := range es {
		if !seen[es[i].ID] {
			es[i].History = append(es[i].History, Round{Number: r, Kind: Absent})
		}
	}
}

const italoGoldenEvents = 600

func TestItaloGolden(t *testing.T) {
	var got []italoGoldenEvent
	for seed := range uint64(italoGoldenEvents) {
		got = append(got, italoGoldenPlay(seed))
	}
	if *italoUpdate {
		b, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(italoGoldenFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d events)", italoGoldenFile, len(got))
		return
	}
	b, err := os.ReadFile(italoGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	var want []italoGoldenEvent
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%s holds %d events, the test plays %d", italoGoldenFile, len(want), len(got))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			g, w := got[i], want[i]
			for r := range min(len(g.Rounds), len(w.Rounds)) {
				if g.Rounds[r] != w.Rounds[r] {
					t.Errorf("event %d (%s), round %d:\n got %s\nwant %s", g.Seed, g.Format, r+1, g.Rounds[r], w.Rounds[r])
					break
				}
			}
			t.Errorf("event %d (%s): %d rounds sha %s, want %d rounds sha %s", g.Seed, g.Format, len(g.Rounds), g.SHA256, len(w.Rounds), w.SHA256)
		}
	}
}
