package trf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"arbitro/pairing"
	"arbitro/tournament"
)

// GenerateOptions configures GenerateDutchTRF, the random tournament generator FIDE asks
// of a pairing program (to compare it with another engine on tournaments each side
// generates). Rates are percentages, per game or per player and round.
type GenerateOptions struct {
	Players, Rounds int    // 2..9999 players, 1..99 rounds
	Seed            uint64 // the same seed and options give the same file
	DrawPct         int    // played games drawn
	ForfeitPct      int    // games lost by forfeit (the other side wins +/-)
	ByePct          int    // players asking for a half-point bye (H) in a round
	ZeroByePct      int    // players absent without points (zero-point bye, Z) from a round
	FullByePct      int    // players given a full-point bye (F) in a round
	RetirePct       int    // players retiring before a round (Z for every later round)
	LatePct         int    // players entering late (Z in the first rounds, 2..⌈Rounds/2⌉)
	HighRating      int    // rating of the strongest player (default 2600)
	LowRating       int    // rating of the weakest player (default 1400)
	Baku            bool   // Baku acceleration (C.04.7; record 192 FIDE_DUTCH_2025_BAKU and its 250 records)
}

// GenerateDutchTRF plays a random tournament with the Dutch engine: ratings spread between
// LowRating and HighRating (pairing numbers by rating), round 1's colour drawn, each
// round's absences (late entries, retirements, half-, zero- and full-point byes) announced before it is
// paired, results drawn (a draw with DrawPct, a forfeit with ForfeitPct, otherwise a win
// with the Elo expectation of the ratings). The result is a TRF-2026 file with the
// JaVaFo lines too (142/XXR, 152/XXC, 192); with Baku, record 192 FIDE_DUTCH_2025_BAKU and
// the acceleration as 250 records (generatedGroupA, TRF.BakuRecords), which the rounds are
// paired with and which any reader applies as written. Errors: ErrInvalid for bad options (nil
// TRF); a round the engine cannot pair (pairing.ErrNoPairing, pairing.ErrSearchLimit) is
// returned wrapped with its round, with the tournament up to the round before (and that
// round's announced absences), so that the failing round can be reported and re-paired.
func GenerateDutch(o GenerateOptions) (*File, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7472662d32303236))
	t := &File{Name: fmt.Sprintf("arbitro random tournament %d", o.Seed), Type: "FIDE_DUTCH_2025",
		TypeCode: "FIDE_DUTCH_2025", TotalRounds: o.Rounds, Points: DefaultPoints, Unknown: -1, Controller: "arbitro generate"}
	if o.Baku {
		t.Type, t.TypeCode = "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2025_BAKU"
	}
	t.InitialColour = pairing.White
	if rng.IntN(2) == 1 {
		t.InitialColour = pairing.Black
	}
	entry := t.addGeneratedPlayers(o, rng)
	if o.Baku {
		t.Acceleration = t.BakuRecords(generatedGroupA(entry))
	}
	retire := make([]int, o.Players) // first round missed for good (0: never)
	for r := 1; r <= o.Rounds; r++ {
		t.announceAbsences(o, rng, r, entry, retire)
		res, err := pairing.Dutch(t.EntrantsAfter(r-1), t.DutchOptions(r, o.Seed))
		if err != nil {
			// the tournament so far (round r's absences announced, not paired), for the
			// report: its last round is the one the engine could not pair
			for i := range t.Players {
				p := &t.Players[i]
				if p.Rounds[r-1].Result == ' ' {
					p.Rounds = p.Rounds[:r-1]
				}
			}
			t.finishGenerated()
			return t, tournament.Errf(err, "err.generate.round", "round {round}: {err}", "round", r)
		}
		for _, pr := range res.Pairs {
			t.playGenerated(o, rng, r, pr)
		}
	}
	t.finishGenerated()
	return t, nil
}

// generatedGroupA is the Baku method's group A (C.04.7; C.04.5.1 before 2026) of a
// generated tournament whose player k (0-based, pairing number k+1) enters in round
// entry[k]: round 1's field is the players who enter in round 1; its last group-A player
// is pairing.BakuLastA of them, and group A is every pairing number up to
// his (late entries numbered before him by rating included: the last group-A player stays
// the same, C.04.7 late entries). GenerateDutchTRF writes it as 250 records and pairs with
// them.
func generatedGroupA(entry []int) []int {
	var field []int
	for k, e := range entry {
		if e == 1 {
			field = append(field, k+1)
		}
	}
	out := make([]int, pairing.BakuLastA(field))
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// check validates o and fills the default ratings. Errors wrap ErrInvalid.
func (o *GenerateOptions) check() error {
	if o.Players < 2 || o.Players > 9999 || o.Rounds < 1 || o.Rounds > 99 {
		return tournament.Errf(tournament.ErrInvalid, "err.generate.size", "{err}: {players} players and {rounds} rounds (want 2-9999 players, 1-99 rounds)", "players", o.Players, "rounds", o.Rounds)
	}
	for _, p := range []int{o.DrawPct, o.ForfeitPct, o.ByePct, o.ZeroByePct, o.FullByePct, o.RetirePct, o.LatePct} {
		if p < 0 || p > 100 {
			return tournament.Errf(tournament.ErrInvalid, "err.generate.rate", "{err}: rate {pct}% (want 0-100)", "pct", p)
		}
	}
	if o.ByePct+o.ZeroByePct+o.FullByePct > 100 {
		return tournament.Errf(tournament.ErrInvalid, "err.generate.bye_rates", "{err}: bye rates {a}% + {b}% + {c}% exceed 100%", "a", o.ByePct, "b", o.ZeroByePct, "c", o.FullByePct)
	}
	if o.HighRating == 0 {
		o.HighRating = 2600
	}
	if o.LowRating == 0 {
		o.LowRating = 1400
	}
	if o.LowRating > o.HighRating || o.LowRating < 0 {
		return tournament.Errf(tournament.ErrInvalid, "err.generate.ratings", "{err}: ratings {low}-{high} (the lowest must be from 0 to the highest)", "low", o.LowRating, "high", o.HighRating)
	}
	return nil
}

// addGeneratedPlayers adds o.Players players rated between LowRating and HighRating,
// strongest first, and returns the round each one enters (1, or later for a late entry).
func (t *File) addGeneratedPlayers(o GenerateOptions, rng *rand.Rand) []int {
	ratings := make([]int, o.Players)
	for i := range ratings {
		ratings[i] = o.LowRating + rng.IntN(o.HighRating-o.LowRating+1)
	}
	slices.Sort(ratings)
	slices.Reverse(ratings)
	entry := make([]int, o.Players) // first round played
	for i := range ratings {
		t.Players = append(t.Players, Player{Number: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Rating: ratings[i]})
		entry[i] = 1
		if o.Rounds >= 3 && rng.IntN(100) < o.LatePct {
			entry[i] = 2 + rng.IntN((o.Rounds+1)/2-1)
		}
	}
	return entry
}

// announceAbsences opens round r's block of every player: Z before his entry and from his
// retirement on (a retirement drawn now with RetirePct), else, from one draw, H with
// ByePct, Z with ZeroByePct, F with FullByePct, else blank (to be paired). One draw for
// the three byes keeps the files of the same seed as they were before Z and F existed.
func (t *File) announceAbsences(o GenerateOptions, rng *rand.Rand, r int, entry, retire []int) {
	for i := range t.Players {
		p := &t.Players[i]
		if r >= 2 && retire[i] == 0 && r > entry[i] && rng.IntN(100) < o.RetirePct {
			retire[i] = r
		}
		rd := Round{Colour: ' ', Result: ' '}
		switch {
		case r < entry[i] || (retire[i] > 0 && r >= retire[i]):
			rd = Round{Colour: '-', Result: 'Z'}
		default:
			switch x := rng.IntN(100); {
			case x < o.ByePct:
				rd = Round{Colour: '-', Result: 'H'}
			case x < o.ByePct+o.ZeroByePct:
				rd = Round{Colour: '-', Result: 'Z'}
			case x < o.ByePct+o.ZeroByePct+o.FullByePct:
				rd = Round{Colour: '-', Result: 'F'}
			}
		}
		p.Rounds = append(p.Rounds, rd)
	}
}

// playGenerated writes the result of pair pr in round r: the bye (U), or a forfeit
// (ForfeitPct, either side), a draw (DrawPct of the rest), or a win drawn with the Elo
// expectation of the ratings.
func (t *File) playGenerated(o GenerateOptions, rng *rand.Rand, r int, pr pairing.Pair) {
	w := &t.Players[pr.White-1]
	if pr.IsBye() {
		w.Rounds[r-1] = Round{Colour: '-', Result: 'U'}
		return
	}
	b := &t.Players[pr.Black-1]
	wr, br := byte('0'), byte('1')
	switch x := rng.IntN(100); {
	case x < o.ForfeitPct:
		wr, br = '+', '-'
		if rng.IntN(2) == 1 {
			wr, br = '-', '+'
		}
	case x < o.ForfeitPct+o.DrawPct*(100-o.ForfeitPct)/100:
		wr, br = '=', '='
	default:
		exp := 1 / (1 + math.Pow(10, float64(b.Rating-w.Rating)/400))
		if rng.Float64() < exp {
			wr, br = '1', '0'
		}
	}
	w.Rounds[r-1] = Round{Opponent: b.Number, Colour: 'w', Result: wr}
	b.Rounds[r-1] = Round{Opponent: w.Number, Colour: 'b', Result: br}
}

// finishGenerated writes the points, ranks and counts of a generated tournament.
func (t *File) finishGenerated() {
	for i := range t.Players {
		p := &t.Players[i]
		for _, rd := range p.Rounds {
			p.Points += t.Points.ResultPoints(rd.Result)
		}
	}
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return t.Players[b].Points - t.Players[a].Points })
	for k, i := range order {
		t.Players[i].Rank = k + 1
	}
	t.NumPlayers = strconv.Itoa(len(t.Players))
	t.NumRated = t.NumPlayers
}
