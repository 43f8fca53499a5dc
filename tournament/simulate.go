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
// game as a draw: Italian 40 moves each = 80 plies (docs/rules-italian.md, 40-move count); International
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
	g := &rules.Game{Index: 1, Tags: simTags(opts)}
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
	finishSimGame(g, v, res.Result, comment)
	return res, nil
}

// simTags are the tags of a simulated game that opts gives (Event, Round, Date, White,
// Black; an empty one is left out).
func simTags(opts SimOptions) []rules.Tag {
	var tags []rules.Tag
	for _, t := range []rules.Tag{{Name: "Event", Value: opts.Event}, {Name: "Round", Value: opts.Round}, {Name: "Date", Value: opts.Date},
		{Name: "White", Value: opts.White}, {Name: "Black", Value: opts.Black}} {
		if t.Value != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// finishSimGame writes the end of simulated game g of variant v: its result, the Result,
// GameType and Annotator (SimulatedAnnotator) tags, and "simulated game, " + comment after
// the last move (or on the game when it has none).
func finishSimGame(g *rules.Game, v *rules.Variant, result, comment string) {
	g.Result = result
	g.Tags = append(g.Tags, rules.Tag{Name: "Result", Value: result}, rules.Tag{Name: "GameType", Value: strconv.Itoa(v.GameType())},
		rules.Tag{Name: "Annotator", Value: SimulatedAnnotator})
	c := "simulated game, " + comment
	if n := len(g.Moves); n > 0 {
		g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, c)
	} else {
		g.Comments = append(g.Comments, c)
	}
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

// SimulatedBoard is one board of a round played by SimulateRound.
type SimulatedBoard struct {
	Round, Board int
	White, Black string
	Result       string // "1-0", "0-1" or "1/2-1/2"
	End          string // how the game ended (Sim*)
	Plies        int
	CountFrom    int   // for End SimCount: the ply the counted sequence began after
	GameID       int64 // games.id of the stored score
	Seed         uint64
}

// SimRoundOptions control SimulateRound.
type SimRoundOptions struct {
	Seed  uint64 // the game of tournament t, round r, board b uses SimSeed(Seed, t.ID, r, b) (then +1, +2... for CountDrawBoard)
	Event string // Event tag of the games; "" = the tournament's name
	Date  string // Date tag (YYYY.MM.DD), "" for none
	// CountDrawBoard, when > 0, is a board whose game must end by the move count (Italian:
	// 40 moves each without a man move or capture, so that a 40-move claim can be shown):
	// seeds are tried in turn (at most 500) until one does.
	CountDrawBoard int
}

// MiscopyMove returns a copy of g in which one ordinary man move at or after ply fromPly
// (1-based) is written with a wrong arrival square, two rows beyond the real one (as when a
// player writes a wrong digit on the score sheet), and the ply changed. The demo uses it to
// show what the audit reports; nothing else should. Error (ErrInvalid) when no such move
// exists.
func MiscopyMove(g *rules.Game, v *rules.Variant, fromPly int) (*rules.Game, int, error) {
	pos, err := rules.StartPosition(g, v)
	if err != nil {
		return nil, 0, err
	}
	for i, pm := range g.Moves {
		var played *rules.Move
		for _, m := range pos.LegalMoves() {
			if int(m.From) == pm.From && int(m.To) == pm.To {
				mm := m
				played = &mm
				break
			}
		}
		if played == nil {
			return nil, 0, fmt.Errorf("%w: ply %d of the game is not legal", ErrInvalid, i+1)
		}
		if i+1 >= fromPly && !played.IsCapture() && pos.At(played.From).IsMan() {
			fr, fc := v.Coords(played.From)
			tr, tc := v.Coords(played.To)
			if sq := v.SquareAt(tr+2*(tr-fr), tc+2*(tc-fc)); sq != 0 && pos.At(sq) == rules.Empty {
				out := *g
				out.Moves = append([]rules.PDNMove(nil), g.Moves...)
				bad := pm
				bad.To = int(sq)
				bad.Text = fmt.Sprintf("%d-%d", bad.From, bad.To)
				bad.Comments = nil
				out.Moves[i] = bad
				return &out, i + 1, nil
			}
		}
		pos = pos.Play(*played)
	}
	return nil, 0, fmt.Errorf("%w: no ordinary man move after ply %d to miscopy", ErrInvalid, fromPly)
}

// SimSeed is the seed of the simulated game of tournament id, round, board, from the
// event's seed: the SplitMix64 finaliser (Steele, Lea, Flood 2014) of
// seed ^ id<<40 ^ round<<20 ^ board, so that every game of every event differs.
func SimSeed(seed uint64, id int64, round, board int) uint64 {
	z := seed ^ uint64(id)<<40 ^ uint64(round)<<20 ^ uint64(board)
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
