package tournament

// A simple legal-move player, used by `arbitro demo` to fill an event with games that the
// rules engine itself produced. It is not a draughts engine: it only plays legal moves.

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"arbitro/rules"
)

// SimulatedAnnotator is the Annotator tag of every simulated game: such games were not
// played by people and must never be taken for real ones.
const SimulatedAnnotator = "arbitro demo: simulated game"

// SimOptions control SimulateGame.
type SimOptions struct {
	Variant *rules.Variant // rules.Italian or rules.International (required)
	Seed    uint64         // every choice comes from PCG(Seed, 9); same seed, same game
	// White, Black, Event, Round, Date go into the PDN tags (Date as YYYY.MM.DD or "").
	White, Black, Event, Round, Date string
	// MaxPlies ends the game as a draw by agreement after this many plies (0 = 300).
	MaxPlies int
}

// How a simulated game ended (SimResult.End).
const (
	SimNoMoves    = "no-moves"   // the side to move had no legal move and lost
	SimCount      = "move-count" // Italian 40-move count (80 plies) or FMJD 25-move rule (50 plies of king moves)
	SimRepetition = "repetition" // the same position with the same side to move a third time
	SimMaxPlies   = "max-plies"  // draw agreed at the ply limit
)

// SimResult is the outcome of SimulateGame.
type SimResult struct {
	Game   *rules.Game
	Result string // "1-0", "0-1" or "1/2-1/2"
	End    string // one of Sim*
	Plies  int
	// CountFrom is, for an End of SimCount, the ply after which the counted sequence began
	// (the last man move or capture); the count was complete at Plies.
	CountFrom int
}

// countLimit is the number of plies without a man move or capture that ends a simulated
// game as a draw: Italian 40 moves each = 80 plies (italian.md, 40-move count); International
// 25 moves each with kings only = 50 plies (FMJD Article 6.3, simplified: counted from the
// last man move or capture).
func countLimit(v *rules.Variant) int {
	if v == rules.International {
		return 50
	}
	return 80
}

// SimulateGame plays a whole game from the variant's start position with a simple player:
// among the legal moves (capture and its priorities are the rules' business, see
// rules.Position.LegalMoves) it prefers a promotion, then a move after which the opponent
// cannot capture, and chooses at random (seeded) among equals; one move in six is chosen at
// random among all legal moves, so that games differ and end. The game ends when the side to
// move has no legal move (it loses), at the move count of countLimit, at a third repetition,
// or at MaxPlies (draws). The PDN carries the tags Event, Round, Date, White, Black, Result,
// GameType and Annotator SimulatedAnnotator, a comment saying how it ended, and moves in
// full path form ("22x13x6"). Errors: a missing variant (ErrInvalid).
func SimulateGame(opts SimOptions) (*SimResult, error) {
	v := opts.Variant
	if v == nil {
		return nil, fmt.Errorf("%w: SimulateGame needs a variant", ErrInvalid)
	}
	maxPlies := opts.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 300
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 9))
	pos := v.Start()
	g := &rules.Game{Index: 1}
	for _, t := range []rules.Tag{{Name: "Event", Value: opts.Event}, {Name: "Round", Value: opts.Round}, {Name: "Date", Value: opts.Date},
		{Name: "White", Value: opts.White}, {Name: "Black", Value: opts.Black}} {
		if t.Value != "" {
			g.Tags = append(g.Tags, t)
		}
	}
	seen := map[rules.Position]int{pos: 1}
	res := &SimResult{Game: g}
	lastReset := 0
	comment := ""
	for ply := 0; ; ply++ {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			res.End = SimNoMoves
			if pos.Turn() == rules.White {
				res.Result, comment = "0-1", "White has no legal move"
			} else {
				res.Result, comment = "1-0", "Black has no legal move"
			}
			break
		}
		if ply-lastReset >= countLimit(v) {
			res.End, res.Result, res.CountFrom = SimCount, "1/2-1/2", lastReset
			comment = fmt.Sprintf("draw: %d plies without a man move or capture since ply %d", ply-lastReset, lastReset)
			break
		}
		if ply >= maxPlies {
			res.End, res.Result = SimMaxPlies, "1/2-1/2"
			comment = fmt.Sprintf("draw agreed after %d plies", ply)
			break
		}
		m := choose(pos, moves, rng)
		man := pos.At(m.From).IsMan()
		pos = pos.Play(m)
		if man || m.IsCapture() {
			lastReset = ply + 1
		}
		g.Moves = append(g.Moves, pdnMoveOf(m, ply))
		seen[pos]++
		if seen[pos] >= 3 {
			res.End, res.Result = SimRepetition, "1/2-1/2"
			comment = "draw: the same position for the third time"
			res.Plies = ply + 1
			break
		}
	}
	res.Plies = len(g.Moves)
	g.Result = res.Result
	g.Tags = append(g.Tags, rules.Tag{Name: "Result", Value: res.Result}, rules.Tag{Name: "GameType", Value: strconv.Itoa(v.GameType())},
		rules.Tag{Name: "Annotator", Value: SimulatedAnnotator})
	c := "simulated game, " + comment
	if n := len(g.Moves); n > 0 {
		g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, c)
	} else {
		g.Comments = append(g.Comments, c)
	}
	return res, nil
}

// choose picks the move of the simple player (see SimulateGame).
func choose(pos rules.Position, moves []rules.Move, rng *rand.Rand) rules.Move {
	if len(moves) == 1 || rng.IntN(6) == 0 {
		return moves[rng.IntN(len(moves))]
	}
	best, bestScore := []rules.Move(nil), -1<<30
	for _, m := range moves {
		score := len(m.Captured) * 4
		if m.Promotes {
			score += 10
		}
		after := pos.Play(m)
		if after.HasCapture() {
			score -= 5
		}
		switch {
		case score > bestScore:
			best, bestScore = []rules.Move{m}, score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))]
}

// pdnMoveOf writes move m, played at 0-based ply, as a PDN move with every landing square.
func pdnMoveOf(m rules.Move, ply int) rules.PDNMove {
	pm := rules.PDNMove{Text: m.String(), From: int(m.From), To: int(m.To), Capture: m.IsCapture(), Number: ply/2 + 1, Second: ply%2 == 1}
	if len(m.Path) > 1 {
		for _, s := range m.Path[:len(m.Path)-1] {
			pm.Via = append(pm.Via, int(s))
		}
	}
	return pm
}
