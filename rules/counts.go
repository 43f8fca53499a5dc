package rules

// DrawCounts are the draw counts running in the position after the last legal ply of a
// score, as an arbiter keeps them during the game (the electronic score sheet's console,
// issue 31). They are the counts of the replay's own draw tracker (draw.go): the same
// reading of FID's 40-move count (count40.go) and of FMJD Article 6 (draw.go).
type DrawCounts struct {
	// Ply is the ply the counts stand after: the last legal one (0 = the start).
	Ply int
	// Quiet is the number of consecutive plies, up to Ply, in which no man moved and
	// nothing was captured: the Italian 40-move count (80 plies, 40 moves each, make the
	// draw; FID Regolamento tecnico) and the International 25-move count (50 plies;
	// FMJD 6.3; kings only, no capture).
	Quiet int
	// Class is the FMJD material class of the position: 16 (one lone king against three
	// pieces including a king, FMJD 6.4), 5 (one lone king against one or two pieces
	// including a king, FMJD 6.5), 0 none. International only (0 for Italian).
	Class int
	// ClassPlies is the number of plies played since the class arose (32 make the 16-move
	// draw, 10 the 5-move draw).
	ClassPlies int
	// Occurrences is how many times the position after Ply (same pieces, same side to
	// move) has stood in the game: 3 is the threefold repetition (FMJD 6.2; information
	// for Italian).
	Occurrences int
}

// ReplayCounts is Replay that also returns the draw counts in the position after the last
// legal ply (DrawCounts). The counts are zero when the game was not replayed (no variant,
// an unreadable or impossible FEN tag).
func ReplayCounts(g *Game, opts ReplayOptions) (Verdict, DrawCounts) {
	vd := Replay(g, opts)
	v := vd.Variant
	if v == nil {
		return vd, DrawCounts{}
	}
	start, err := startPosition(g, v, g.FENTag())
	if err != nil || g.FENTag() != "" && start.CheckPossible() != nil {
		return vd, DrawCounts{}
	}
	var tr drawTracker
	tr.init(v, start)
	last := start
	r := replayer{v: v, g: g, budget: lookaheadBudget}
	r.onPly = func(ply int, before, after Position, irrev bool) {
		if ply <= vd.Plies {
			tr.ply(ply, after, irrev)
			last = after
		}
	}
	var again Verdict
	r.run(start, &again)
	c := DrawCounts{Ply: vd.Plies, Quiet: tr.sinceIrrev}
	if v.FlyingKings() && tr.cls != 0 {
		c.Class, c.ClassPlies = tr.cls, vd.Plies-tr.clsStart
	}
	if tr.indexed {
		c.Occurrences = int(tr.idx[last].n)
	} else {
		for _, h := range tr.hist {
			if h.pos == last {
				c.Occurrences++
			}
		}
	}
	return vd, c
}
