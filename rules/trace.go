package rules

// ReplayPositions is Replay that also returns the position after every legal ply:
// positions[0] is the start (the FEN tag, or the variant's initial position) and
// positions[i] the position after ply i, for i = 0..vd.Plies. When the game cannot be
// started (an unsupported GameType, a bad FEN tag) positions is nil. The verdict is the
// one Replay gives; the positions are those the replay itself reached (an ambiguous
// capture resolved by the rest of the game is played as Replay resolved it), so a
// rendering of them can never disagree with the verdict.
func ReplayPositions(g *Game, opts ReplayOptions) (Verdict, []Position) {
	var vd Verdict
	vd.Result = g.FinalResult()
	v, err := GameVariant(g, opts)
	if err != nil {
		vd.Reason = ReasonUnsupportedType
		vd.Message = unsupportedMessage(g.GameType(), err)
		vd.ResultCheck = ResultUnchecked
		return vd, nil
	}
	vd.Variant = v.Name()
	start, err := StartPosition(g, v)
	if err != nil {
		vd.Reason = ReasonParseError
		vd.Message = "FEN tag: " + err.Error()
		vd.ResultCheck = ResultUnchecked
		return vd, nil
	}
	positions := make([]Position, 1, len(g.Moves)+1)
	positions[0] = start
	r := replayer{v: v, g: g, budget: lookaheadBudget}
	r.onPly = func(ply int, before, after Position, irrev bool) {
		positions = append(positions, after)
	}
	r.run(start, &vd)
	return vd, positions
}
