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

// italoGoldenRun is one random event being played: its draw and the state between rounds.
type italoGoldenRun struct {
	rng       *rand.Rand
	format    ItaloFormat
	n, rounds int
	absentPct int
	clubs     bool
	es        []Entrant
	club      map[int]int // id → club, when clubs are separated
	prev      []Pair
	prevRests map[int]RestKind
}

// newItaloGoldenRun draws an event from seed: format, field size, rounds, absences, clubs.
func newItaloGoldenRun(seed uint64) *italoGoldenRun {
	g := &italoGoldenRun{rng: rand.New(rand.NewPCG(seed, 2026)), club: map[int]int{}, prevRests: map[int]RestKind{}}
	formats := []ItaloFormat{ItaloArt8, ItaloArt9, ItaloArt2, ItaloRotation}
	g.format = formats[seed%uint64(len(formats))]
	g.n = 2 + g.rng.IntN(24)
	if g.rng.IntN(5) == 0 {
		g.n = 2 + g.rng.IntN(59)
	}
	// Up to half the field (the most FID Capo V Art. 1 advises, ItaloRoundsAdvised), plus
	// one; small fields up to exhaustion, where dead ends and backtracking are frequent.
	g.rounds = 1 + g.rng.IntN(g.n/2+1)
	if g.n <= 10 {
		g.rounds = g.n + 1
	}
	if g.format == ItaloArt9 && g.rounds%2 == 0 && g.n > g.rounds {
		// Not recorded: in art9 round 1 with an even number of rounds and an odd field
		// larger than that, the RM goes to a player already on turn rest and the odd player
		// left may not rest: ErrNoPairing (7 players, 6 rounds) after backtracking through
		// every pairing of the others, which for 50 players does not end.
		g.rounds++
	}
	g.absentPct = []int{0, 0, 5, 15}[g.rng.IntN(4)]
	g.clubs = g.rng.IntN(3) == 0
	g.es = make([]Entrant, g.n)
	for i := range g.es {
		g.es[i] = Entrant{ID: 100 + 3*i, Number: i + 1}
	}
	for _, e := range g.es {
		g.club[e.ID] = g.rng.IntN(max(g.n/3, 1))
	}
	return g
}

// italoGoldenPlay plays one random event from seed and records it.
func italoGoldenPlay(seed uint64) italoGoldenEvent {
	g := newItaloGoldenRun(seed)
	ev := italoGoldenEvent{Seed: seed, Format: string(g.format)}
	h := sha256.New()
	for r := 1; r <= g.rounds; r++ {
		g.attendance(r)
		fixed := g.manualPair()
		res, err := g.pair(r, fixed, g.clubmates())
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
		g.prev, g.prevRests = res.Pairs, map[int]RestKind{}
		for _, rs := range res.Rests {
			g.prevRests[rs.ID] = rs.Kind
		}
		italoGoldenResults(g.rng, g.es, r, res, g.prevRests)
	}
	ev.SHA256 = hex.EncodeToString(h.Sum(nil))
	return ev
}

// attendance, before round r: now and then a late entrant; each player withdraws (from
// round 2, 1 in 40) or is absent (absentPct) or plays.
func (g *italoGoldenRun) attendance(r int) {
	if r > 1 && g.rng.IntN(6) == 0 { // a late entrant
		id := 100 + 3*len(g.es)
		g.es = append(g.es, Entrant{ID: id, Number: len(g.es) + 1, Score: g.rng.IntN(3)})
		g.club[id] = g.rng.IntN(max(g.n/3, 1))
	}
	for i := range g.es {
		if g.es[i].Withdrawn {
			continue
		}
		if r > 1 && g.rng.IntN(40) == 0 {
			g.es[i].Available, g.es[i].Withdrawn = false, true
			continue
		}
		g.es[i].Available = g.rng.IntN(100) >= g.absentPct
	}
}

// manualPair is, one round in 8, an arbiter's pair of two present players or a manual bye.
func (g *italoGoldenRun) manualPair() []Pair {
	if g.rng.IntN(8) != 0 {
		return nil
	}
	var free []int
	for _, e := range g.es {
		if e.Available {
			free = append(free, e.ID)
		}
	}
	if len(free) < 2 {
		return nil
	}
	a, b := free[g.rng.IntN(len(free))], free[g.rng.IntN(len(free))]
	if g.rng.IntN(3) == 0 || a == b {
		b = 0
	}
	return []Pair{{White: a, Black: b}}
}

// clubmates lists the pairs of clubmates when the event separates clubs (nil otherwise).
func (g *italoGoldenRun) clubmates() map[[2]int]bool {
	if !g.clubs {
		return nil
	}
	avoid := map[[2]int]bool{}
	for i := range g.es {
		for j := i + 1; j < len(g.es); j++ {
			if g.club[g.es[i].ID] == g.club[g.es[j].ID] {
				avoid[[2]int{min(g.es[i].ID, g.es[j].ID), max(g.es[i].ID, g.es[j].ID)}] = true
			}
		}
	}
	return avoid
}

// pair pairs round r with the event's engine: ItaloFID from ItaloFIDStart for the FID
// formats, ItaloSwiss from ItaloStart (with ByeBeforePairing one round in 4) otherwise.
func (g *italoGoldenRun) pair(r int, fixed []Pair, avoid map[[2]int]bool) (ItaloResult, error) {
	if g.format.FID() {
		num := map[int]int{}
		for _, e := range g.es {
			num[e.ID] = e.Number
		}
		start := 0
		if r > 1 {
			start = ItaloFIDStart(g.prev, g.prevRests, num)
		}
		return ItaloFID(g.es, ItaloFIDOptions{Format: g.format, Round: r, Rounds: g.rounds, Start: start, Fixed: fixed, Avoid: avoid})
	}
	start := 0
	if r > 1 {
		start = ItaloStart(g.prev)
	}
	return ItaloSwiss(g.es, ItaloOptions{Start: start, Fixed: fixed, ByeBeforePairing: g.rng.IntN(4) == 0})
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
