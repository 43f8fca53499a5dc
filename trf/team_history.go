package trf

import (
	"arbitro/pairing"
	"arbitro/tournament"
)

// TeamHistories derives, from the players' 001 records and the team records, the
// history of every team as pairing.TeamSwiss reads it, for rounds 1..rounds: keyed by
// team pairing number, opponents given by team pairing number. A team's round is, in
// this order:
//
//   - a pairing-allocated bye when a 320 record names it for the round (its match and
//     game points from the record);
//   - a forfeited match when a 330 record names it (ForfeitWin for the winner of "+-"
//     or "-+", ForfeitLoss for the loser and for both teams of "--");
//   - otherwise its line-up: the 300 record of the round, or else the team's players in
//     310 order who were paired in the round (001: an opponent, or a forfeit result
//     against an empty board), one board each. The
//     opponent team is the team of the opponent of the first occupied board; the team
//     colour is board 1's colour (C.04.6 Art. 1.6.1; an empty board 1 is read from the
//     first occupied board and the 352 colour sequence, or alternating boards when
//     there is none). The match is Played when one board was played over the board,
//     ForfeitWin / ForfeitLoss when every board was won / lost by forfeit;
//   - otherwise Absent, without points.
//
// Game points are the draughts game points of the boards' results (win 2, draw 1; the
// byes' points of 320 converted from the file's point system); match points are the 362
// points (TW, TD, TL; 2, 1, 0 by default) by comparing the two teams' game points,
// forfeits included, in whole match points. Floats are left to the engine (NoFloat).
// Errors (wrapping ErrMalformed): a 362 record with match points that are not whole, a
// line-up whose opponent board belongs to no team, two teams whose boards disagree on
// the opponent team, a player in two line-ups of a round.
func TeamHistories(f *File, ts *Teams, rounds int) (map[int][]pairing.TeamRound, error) {
	tp := DefaultTeamPoints
	if ts.Points != nil {
		tp = *ts.Points
	}
	if tp.Win%10 != 0 || tp.Draw%10 != 0 || tp.Loss%10 != 0 {
		return nil, tournament.Errf(ErrMalformed, "err.trf.362_whole", "{err}: 362 gives match points {win}/{draw}/{loss}: arbitro keeps whole match points", "win", FormatTenths(tp.Win), "draw", FormatTenths(tp.Draw), "loss", FormatTenths(tp.Loss))
	}
	h := teamHistory{f: f, ts: ts, tp: tp, players: map[int]*Player{}, teamOf: map[int]int{}}
	for i := range f.Players {
		h.players[f.Players[i].Number] = &f.Players[i]
	}
	for _, t := range ts.Teams {
		for _, m := range t.Members {
			h.teamOf[m] = t.Number
		}
	}
	out := map[int][]pairing.TeamRound{}
	for r := 1; r <= rounds; r++ {
		rs, err := h.round(r)
		if err != nil {
			return nil, err
		}
		for _, t := range ts.Teams {
			out[t.Number] = append(out[t.Number], rs[t.Number])
		}
	}
	return out, nil
}

type teamHistory struct {
	f       *File
	ts      *Teams
	tp      TeamPoints
	players map[int]*Player
	teamOf  map[int]int // starting rank -> team pairing number
}

// block is the player's round r (blank when the record is shorter).
func (h *teamHistory) block(start, r int) Round {
	p := h.players[start]
	if p == nil || r-1 >= len(p.Rounds) {
		return Round{Colour: ' ', Result: ' '}
	}
	return p.Rounds[r-1]
}

// lineUp is team t's boards in round r: its 300 record, or its members paired in r.
func (h *teamHistory) lineUp(t TeamRecord, r int) []int {
	for _, l := range h.ts.LineUps {
		if l.Round == r && l.Team == t.Number {
			return l.Players
		}
	}
	var out []int
	for _, m := range t.Members {
		// paired: an opponent, or a forfeit against an empty board (no opponent)
		if b := h.block(m, r); b.Opponent > 0 || b.Result == '+' || b.Result == '-' {
			out = append(out, m)
		}
	}
	return out
}

// round derives every team's round r.
func (h *teamHistory) round(r int) (map[int]pairing.TeamRound, error) {
	out := map[int]pairing.TeamRound{}
	for _, p := range h.ts.PAB {
		if r-1 < len(p.Teams) && p.Teams[r-1] != 0 {
			out[p.Teams[r-1]] = pairing.TeamRound{Number: r, Kind: pairing.Bye,
				MatchPoints: max(p.MatchPoints, 0) / 10, GamePoints: TenthsToGamePoints(max(p.GamePoints, 0), h.f.Points.Win)}
		}
	}
	gp := map[int]int{}
	for _, x := range h.ts.Forfeits {
		if x.Round != r {
			continue
		}
		w, b := pairing.ForfeitWin, pairing.ForfeitLoss
		switch x.Type {
		case "-+":
			w, b = b, w
		case "--":
			w = pairing.ForfeitLoss
		}
		out[x.White] = pairing.TeamRound{Number: r, Opponent: x.Black, Kind: w}
		out[x.Black] = pairing.TeamRound{Number: r, Opponent: x.White, Kind: b}
	}
	used := map[int]int{}
	for _, t := range h.ts.Teams {
		if _, done := out[t.Number]; done {
			continue
		}
		tr, pts, err := h.match(t, r, used)
		if err != nil {
			return nil, err
		}
		out[t.Number], gp[t.Number] = tr, pts
	}
	for _, t := range h.ts.Teams {
		tr := out[t.Number]
		switch tr.Kind {
		case pairing.Played, pairing.ForfeitWin, pairing.ForfeitLoss:
			if tr.Kind != pairing.Played && tr.GamePoints == 0 {
				tr.GamePoints = h.boardPoints(h.lineUp(t, r), r)
			}
			o := gp[tr.Opponent]
			if _, ok := gp[tr.Opponent]; !ok {
				o = h.boardPoints(h.lineUp(h.team(tr.Opponent), r), r)
			}
			tr.MatchPoints = h.matchPoints(tr, o)
		}
		out[t.Number] = tr
	}
	return out, nil
}

func (h *teamHistory) team(n int) TeamRecord {
	for _, t := range h.ts.Teams {
		if t.Number == n {
			return t
		}
	}
	return TeamRecord{}
}

// boardPoints is the draughts game points of the players' results in round r.
func (h *teamHistory) boardPoints(players []int, r int) int {
	s := 0
	for _, p := range players {
		if p != 0 {
			s += GamePoints(h.block(p, r).Result)
		}
	}
	return s
}

// matchPoints is the 362 points of a match by game points (forfeits by their kind).
func (h *teamHistory) matchPoints(tr pairing.TeamRound, opp int) int {
	switch {
	case tr.Kind == pairing.ForfeitWin:
		return h.tp.Win / 10
	case tr.Kind == pairing.ForfeitLoss:
		return h.tp.Loss / 10
	case tr.GamePoints > opp:
		return h.tp.Win / 10
	case tr.GamePoints < opp:
		return h.tp.Loss / 10
	}
	return h.tp.Draw / 10
}

// match reads team t's match of round r from its line-up (Absent when it has none).
func (h *teamHistory) match(t TeamRecord, r int, used map[int]int) (pairing.TeamRound, int, error) {
	tr := pairing.TeamRound{Number: r, Kind: pairing.Absent}
	boards := h.lineUp(t, r)
	first := -1
	played, won, lost := false, 0, 0
	for k, p := range boards {
		if p == 0 {
			continue
		}
		if o, dup := used[p]; dup {
			return tr, 0, tournament.Errf(ErrMalformed, "err.trf.lineup_two_teams", "{err}: round {round}: player {n} is in the line-ups of teams {a} and {b}", "round", r, "n", p, "a", o, "b", t.Number)
		}
		used[p] = t.Number
		b := h.block(p, r)
		if b.Opponent == 0 {
			continue
		}
		ot, ok := h.teamOf[b.Opponent]
		if !ok {
			return tr, 0, tournament.Errf(ErrMalformed, "err.trf.board_no_team", "{err}: round {round}: team {team}'s board {board} (player {n}) meets player {opp}, who is in no team", "round", r, "team", t.Number, "board", k+1, "n", p, "opp", b.Opponent)
		}
		if first < 0 {
			first, tr.Opponent = k, ot
			tr.Colour = h.boardOneColour(b.Colour, k)
		} else if ot != tr.Opponent {
			return tr, 0, tournament.Errf(ErrMalformed, "err.trf.boards_two_teams", "{err}: round {round}: team {team}'s boards meet teams {a} and {b}", "round", r, "team", t.Number, "a", tr.Opponent, "b", ot)
		}
		switch b.Result {
		case '+':
			won++
		case '-':
			lost++
		default:
			played = true
		}
	}
	if first < 0 {
		return tr, 0, nil
	}
	switch {
	case played:
		tr.Kind = pairing.Played
	case won > 0 && lost == 0:
		tr.Kind, tr.Colour = pairing.ForfeitWin, pairing.NoColour
	default:
		tr.Kind, tr.Colour = pairing.ForfeitLoss, pairing.NoColour
	}
	tr.GamePoints = h.boardPoints(boards, r)
	return tr, tr.GamePoints, nil
}

// boardOneColour is board 1's colour given board k's (0-based) colour: the same when
// the 352 sequence (or the alternation of boards) gives board k board 1's colour.
func (h *teamHistory) boardOneColour(c byte, k int) pairing.Colour {
	var col pairing.Colour
	switch c {
	case 'w', 'W':
		col = pairing.White
	case 'b', 'B':
		col = pairing.Black
	default:
		return pairing.NoColour
	}
	same := k%2 == 0
	if seq := h.ts.BoardColours; len(seq) > k {
		same = seq[k] == seq[0]
	}
	if same {
		return col
	}
	return col.Opposite()
}
