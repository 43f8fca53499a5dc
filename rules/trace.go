package rules

// ReplayPositions is Replay that also returns the position after every legal ply:
// positions[0] is the start (the FEN tag, or the variant's initial position) and
// positions[i] the position after ply i, for i = 0..vd.Plies. The verdict is Replay's;
// the positions are those the same replayer reaches under the verdict's variant (an
// ambiguous capture resolved by the rest of the game is played as Replay resolved it), so
// a rendering of them can never disagree with the verdict. positions is nil when the game
// was not replayed (no variant, an unreadable or impossible FEN tag).
func ReplayPositions(g *Game, opts ReplayOptions) (Verdict, []Position) {
	vd := Replay(g, opts)
	v := vd.Variant
	if v == nil {
		return vd, nil
	}
	start, err := startPosition(g, v, g.FENTag())
	if err != nil {
		return vd, nil
	}
	if g.FENTag() != "" && start.CheckPossible() != nil {
		return vd, nil
	}
	positions := make([]Position, 1, len(g.Moves)+1)
	positions[0] = start
	r := replayer{v: v, g: g, budget: lookaheadBudget}
	r.onPly = func(ply int, before, after Position, irrev bool) {
		positions = append(positions, after)
	}
	var again Verdict
	r.run(start, &again)
	if len(positions) > vd.Plies+1 {
		positions = positions[:vd.Plies+1]
	}
	return vd, positions
}
