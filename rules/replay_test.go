package rules

import (
	"fmt"
	"strings"
	"testing"
)

func mustGames(t *testing.T, file string) []*Game {
	t.Helper()
	return readGames(t, readFile(t, file))
}

// gameFrom builds a game from PDN text (tags + movetext) through the reader.
func gameFrom(t *testing.T, pdn string) *Game {
	t.Helper()
	gs := readGames(t, []byte(pdn))
	if len(gs) != 1 {
		t.Fatalf("%d games in %q", len(gs), pdn)
	}
	return gs[0]
}

// fenGame returns a game starting from fen in variant gt ("20"/"22") with the moves given
// as plain text (no numbers needed) and result res.
func fenGame(t *testing.T, gt, fen, moves, res string) *Game {
	return gameFrom(t, fmt.Sprintf("[GameType %q]\n[FEN %q]\n[Result %q]\n\n%s %s\n", gt, fen, res, moves, res))
}

// Every real Italian game (2005 championship, 36 games) replays legally, in Italian (chosen
// from the Italian tag names: the file has no GameType), with a result that agrees.
func TestReplayRealItalian(t *testing.T) {
	games := mustGames(t, "ita_campionato_italiano_assoluto_2005_turni1-4.pdn")
	if len(games) != 36 {
		t.Fatalf("%d games", len(games))
	}
	plies := 0
	for _, g := range games {
		vd := Replay(g, ReplayOptions{})
		if !vd.Legal || vd.Variant != Italian {
			t.Errorf("game %d %s-%s: %s %s (FEN %s)", g.Index, g.White(), g.Black(), vd.Reason, vd.Message, vd.FEN)
			continue
		}
		if vd.ResultCheck != ResultConsistent {
			t.Errorf("game %d: result check %s %v", g.Index, vd.ResultCheck, vd.Notes)
		}
		if vd.Plies != len(g.Moves) {
			t.Errorf("game %d: %d plies of %d", g.Index, vd.Plies, len(g.Moves))
		}
		plies += vd.Plies
	}
	if plies != 2221 {
		t.Errorf("%d plies replayed, want 2221", plies)
	}
}

// Every real International game replays legally. Known faults of the files are asserted:
// Arco game 1's Result tag contradicts its movetext; schildpad games 3 and 7 have from-to
// captures that only the later moves decide.
func TestReplayRealInternational(t *testing.T) {
	files := []string{
		"intl_world_championship_2007_rounds01-11.pdn",
		"intl_world_championship_2003_zwartewaterland.pdn",
		"intl_dutch_championship_2003_amsterdam.pdn",
		"intl_campionato_italiano_dama_internazionale_2004_arco.pdn",
		"intl_dutch_semifinal_1996.pdn",
		"intl_dutch_championship_2009_round01_annotated.pdn",
		"intl_online_kurnik_2011.pdn",
		"intl_online_engine_schildpad_2003.pdn",
		"intl_engine_analysis_windragon.pdn",
		"intl_compositions_catalogue_A1_fen.pdn",
		"intl_compositions_catalogue_B1_fen.pdn",
		"intl_problem_solving_PWCP2_fen.pdn",
	}
	for _, f := range files {
		for _, g := range mustGames(t, f) {
			vd := Replay(g, ReplayOptions{})
			if !vd.Legal || vd.Variant != International {
				t.Errorf("%s game %d: %s %s (FEN %s, legal %v)", f, g.Index, vd.Reason, vd.Message, vd.FEN, vd.LegalMoves)
				continue
			}
			wantIncons := f == "intl_campionato_italiano_dama_internazionale_2004_arco.pdn" && g.Index == 1
			if (vd.ResultCheck == ResultInconsistent) != wantIncons {
				t.Errorf("%s game %d: result check %s %v", f, g.Index, vd.ResultCheck, vd.Notes)
			}
			if f == "intl_online_engine_schildpad_2003.pdn" {
				want := map[int]string{3: "only 36x13x2x16 lets", 7: "only 4x31x42x24 lets"}[g.Index]
				got := strings.Join(vd.Notes, "|")
				if want != "" && !strings.Contains(got, want) {
					t.Errorf("schildpad game %d: notes %q, want %q", g.Index, got, want)
				}
			}
		}
	}
}

// A result is checked against a final position where the side to move cannot move.
func TestReplayResultCheck(t *testing.T) {
	for _, c := range []struct {
		res  string
		want ResultCheck
	}{{"0-1", ResultConsistent}, {"0-2", ResultConsistent}, {"1-0", ResultInconsistent}, {"1/2-1/2", ResultInconsistent}, {"*", ResultUnknown}} {
		// Rulebook: W:W32:BK28, White is blocked and loses.
		vd := Replay(fenGame(t, "22", "W:W32:BK28", "", c.res), ReplayOptions{})
		if !vd.Legal || !vd.Terminal || vd.ResultCheck != c.want {
			t.Errorf("%s: legal %v terminal %v check %s", c.res, vd.Legal, vd.Terminal, vd.ResultCheck)
		}
	}
	// Draughts results: 1-1 is a draw (inconsistent with a blocked side); 0-0 names no
	// winner: unknown, and the note must not claim that no result was recorded.
	vd := Replay(fenGame(t, "22", "W:W32:BK28", "", "1-1"), ReplayOptions{})
	if vd.ResultCheck != ResultInconsistent {
		t.Errorf("1-1: %s", vd.ResultCheck)
	}
	vd = Replay(fenGame(t, "22", "W:W32:BK28", "", "0-0"), ReplayOptions{})
	if vd.ResultCheck != ResultUnknown || len(vd.Notes) != 1 || !strings.Contains(vd.Notes[0], "the result 0-0 names no winner") {
		t.Errorf("0-0: %s %q", vd.ResultCheck, vd.Notes)
	}
	vd = Replay(fenGame(t, "22", "W:W32:BK28", "", "*"), ReplayOptions{})
	if len(vd.Notes) != 1 || !strings.Contains(vd.Notes[0], "no result is recorded") {
		t.Errorf("*: %q", vd.Notes)
	}
	// The same position turned round: Black is blocked, so White won (1-0 and 2-0).
	bfen := MustParseFEN(Italian, "W:W32:BK28").Mirror().FEN()
	for res, want := range map[string]ResultCheck{"1-0": ResultConsistent, "2-0": ResultConsistent, "0-2": ResultInconsistent, "1-1": ResultInconsistent} {
		vd := Replay(fenGame(t, "22", bfen, "", res), ReplayOptions{})
		if !vd.Legal || !vd.Terminal || vd.ResultCheck != want {
			t.Errorf("black blocked (%s), %s: legal %v terminal %v check %s, want %s", bfen, res, vd.Legal, vd.Terminal, vd.ResultCheck, want)
		}
	}
	// Not terminal: a decisive result by resignation is consistent.
	vd = Replay(fenGame(t, "22", "W:W21:B12", "21-17", "1-0"), ReplayOptions{})
	if !vd.Legal || vd.Terminal || vd.ResultCheck != ResultConsistent {
		t.Errorf("resignation: %+v", vd)
	}
	// Tag and movetext disagree.
	g := gameFrom(t, "[GameType \"22\"]\n[Result \"0-1\"]\n\n1. 22-18 1-0\n")
	if vd := Replay(g, ReplayOptions{}); vd.ResultCheck != ResultInconsistent {
		t.Errorf("tag/movetext mismatch: %s", vd.ResultCheck)
	}
}

// corrupt returns a copy of g with its moves replaced.
func corrupt(g *Game, moves []PDNMove) *Game {
	c := *g
	c.Moves = moves
	return &c
}

func pdnMove(m Move) PDNMove {
	pm := PDNMove{Text: m.ShortString(), From: int(m.From), To: int(m.To), Capture: m.IsCapture()}
	return pm
}

// positionsOf replays g (which must be legal) and returns the position before each ply.
func positionsOf(t *testing.T, g *Game) []Position {
	t.Helper()
	v, err := GameVariant(g, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := StartPosition(g, v)
	if err != nil {
		t.Fatal(err)
	}
	var out []Position
	for _, w := range g.Moves {
		out = append(out, p)
		found := false
		for _, m := range p.LegalMoves() {
			if int(m.From) == w.From && int(m.To) == w.To {
				p = p.Play(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("game %d: %s not found", g.Index, w.Text)
		}
	}
	return append(out, p)
}

// Corrupted real games are caught at the right ply with the right reason, in both variants.
func TestReplayCorruptedGames(t *testing.T) {
	type src struct {
		file  string
		games []int
	}
	for _, s := range []src{
		{"ita_campionato_italiano_assoluto_2005_turni1-4.pdn", []int{1, 2, 5, 10, 20, 36}},
		{"intl_world_championship_2007_rounds01-11.pdn", []int{1, 2, 7, 30, 60}},
	} {
		all := mustGames(t, s.file)
		lesser := 0
		for _, gi := range s.games {
			g := all[gi-1]
			pos := positionsOf(t, g)
			n := len(g.Moves)
			name := fmt.Sprintf("%s#%d", s.file[:4], gi)
			check := func(what string, c *Game, ply int, reason string) {
				t.Helper()
				vd := Replay(c, ReplayOptions{})
				if vd.Legal || vd.Ply != ply || vd.Reason != reason {
					t.Errorf("%s %s: got legal=%v ply %d %s (%s), want ply %d %s", name, what, vd.Legal, vd.Ply, vd.Reason, vd.Message, ply, reason)
					return
				}
				if vd.FEN != pos[ply-1].FEN() || len(vd.LegalMoves) == 0 {
					t.Errorf("%s %s: FEN %s want %s, legal %v", name, what, vd.FEN, pos[ply-1].FEN(), vd.LegalMoves)
				}
			}
			// A move deleted: the opponent's move is now played by the wrong side.
			for _, k := range []int{1, n / 2, n - 1} {
				moves := append(append([]PDNMove(nil), g.Moves[:k-1]...), g.Moves[k:]...)
				check(fmt.Sprintf("delete ply %d", k), corrupt(g, moves), k, ReasonNotOwnPiece)
			}
			// Two moves swapped.
			for _, k := range []int{2, n / 3} {
				moves := append([]PDNMove(nil), g.Moves...)
				moves[k-1], moves[k] = moves[k], moves[k-1]
				check(fmt.Sprintf("swap plies %d,%d", k, k+1), corrupt(g, moves), k, ReasonNotOwnPiece)
			}
			// A capture skipped: at the first ply where capturing is compulsory, an ordinary
			// man move instead.
			// A man moved backwards: at the first ply with no capture where a man can step back.
			// A lesser capture: at the first ply where a capture exists that is not allowed.
			doneSkip, doneBack, doneLess := false, false, false
			for k := 1; k <= n; k++ {
				p := pos[k-1]
				legal := p.LegalMoves()
				if !doneSkip && legal[0].IsCapture() {
					if m, ok := quietManMove(p); ok {
						moves := append([]PDNMove(nil), g.Moves...)
						moves[k-1] = pdnMove(m)
						check(fmt.Sprintf("capture skipped at ply %d", k), corrupt(g, moves), k, ReasonCaptureCompulsory)
						doneSkip = true
					}
				}
				if !doneBack && !legal[0].IsCapture() {
					if m, ok := backwardManMove(p); ok {
						moves := append([]PDNMove(nil), g.Moves...)
						moves[k-1] = pdnMove(m)
						check(fmt.Sprintf("man backwards at ply %d", k), corrupt(g, moves), k, ReasonManBackwards)
						doneBack = true
					}
				}
				if !doneLess {
					for _, c := range p.AllCaptures() {
						isLegal := false
						for _, l := range legal {
							if l.SameAs(c) {
								isLegal = true
							}
						}
						dupFromTo := false
						for _, l := range legal {
							if l.From == c.From && l.To == c.To {
								dupFromTo = true
							}
						}
						if isLegal || dupFromTo {
							continue
						}
						moves := append([]PDNMove(nil), g.Moves...)
						moves[k-1] = pdnMove(c)
						want := ReasonCapturePriority
						if p.Variant() == International {
							want = ReasonCaptureNotMaximal
						}
						check(fmt.Sprintf("lesser capture %s at ply %d", c, k), corrupt(g, moves), k, want)
						doneLess = true
						lesser++
						break
					}
				}
			}
			if !doneSkip || !doneBack {
				t.Errorf("%s: no ply found to corrupt: skip %v back %v", name, doneSkip, doneBack)
			}
		}
		if lesser == 0 {
			t.Errorf("%s: no lesser capture tested", s.file)
		}
	}
}

// quietManMove finds an ordinary forward move of a man of the side to move (ignoring
// compulsory capture), from the board geometry.
func quietManMove(p Position) (Move, bool) {
	return manStep(p, false)
}

func backwardManMove(p Position) (Move, bool) {
	return manStep(p, true)
}

func manStep(p Position, backward bool) (Move, bool) {
	v := p.Variant()
	for sq := 1; sq <= v.Squares(); sq++ {
		pc := p.At(Square(sq))
		if !pc.IsMan() || pc.Side() != p.Turn() {
			continue
		}
		fwd := -1
		if pc.Side() == Black {
			fwd = 1
		}
		if backward {
			fwd = -fwd
		}
		r, c := v.Coords(Square(sq))
		for _, dc := range []int{-1, 1} {
			to := v.SquareAt(r+fwd, c+dc)
			if to != 0 && p.At(to) == Empty {
				return Move{From: Square(sq), To: to, Path: []Square{to}}, true
			}
		}
	}
	return Move{}, false
}

// Hand-made positions for each reason code.
func TestReplayReasons(t *testing.T) {
	cases := []struct {
		name, gt, fen, moves string
		ply                  int
		reason, detail       string
	}{
		// docs/rules-italian.md rulebook examples: the first legal move listed, then a worse capture.
		{"quantity", "22", "W:WK21,31:B10,18,27", "21x5", 1, ReasonCapturePriority, "quantity"},
		{"king captures", "22", "W:WK23,31:B19,26,27", "31x15", 1, ReasonCapturePriority, "king"},
		{"kings captured", "22", "W:WK23:B19,K28", "23x14", 1, ReasonCapturePriority, "kings"},
		{"man captures king", "22", "W:W30:BK26", "30x21", 1, ReasonManCapturesKing, ""},
		{"move after end", "22", "W:W32:BK28", "32-27", 1, ReasonMoveAfterEnd, ""},
		{"man backwards step", "22", "W:W18:B1", "18-22", 1, ReasonManBackwards, ""},
		{"man backwards capture", "22", "W:W18:B22", "18x27", 1, ReasonManBackwards, ""},
		{"move after promotion", "22", "W:W9:B5,6", "9x11", 1, ReasonMoveAfterPromote, ""},
		{"move after promotion, path", "22", "W:W9:B5,6", "9x2x11", 1, ReasonMoveAfterPromote, ""},
		{"empty square", "22", "W:W21:B12", "22-18", 1, ReasonNotOwnPiece, ""},
		{"opponent piece", "22", "W:W21:B12", "12-16", 1, ReasonNotOwnPiece, ""},
		{"unknown square", "22", "W:W21:B12", "21-40", 1, ReasonUnknownSquare, ""},
		{"capture compulsory", "22", "W:W21,22:B18", "21-17", 1, ReasonCaptureCompulsory, ""},
		{"not a legal move", "22", "W:W21:B12", "21-13", 1, ReasonNotALegalMove, ""},
		{"second ply", "22", "W:W21:B12", "21-17 12-8", 2, ReasonManBackwards, ""},
		{"intl not maximal", "20", "W:W32,33:B28,18,29,23", "33x24", 1, ReasonCaptureNotMaximal, "quantity"},
		// A capture that stops where it must go on (37x28 of 37x28x19; 22x13 of 22x13x6).
		{"intl capture stops short", "20", "W:W37:B32,23", "37x28", 1, ReasonCaptureNotMaximal, "quantity"},
		{"intl capture stops short, path", "20", "W:W37:B32,23,13", "37x28x19", 1, ReasonCaptureNotMaximal, "quantity"},
		// 24 is both a landing square of 33x22x13x24x35 and a free square of the king's
		// diagonal: written as an ordinary move it is capture-compulsory, with x a stop.
		{"intl quiet move onto a landing square", "20", "W:WK33:B28,18,19,30", "33-24", 1, ReasonCaptureCompulsory, ""},
		{"intl capture stops on a landing square", "20", "W:WK33:B28,18,19,30", "33x24", 1, ReasonCaptureNotMaximal, "quantity"},
		{"capture stops short", "22", "W:W22:B18,10", "22x13", 1, ReasonCapturePriority, "quantity"},
		{"king capture stops short", "22", "W:WK22:B18,10", "22x13", 1, ReasonCapturePriority, "quantity"},
		{"intl man backwards", "20", "W:W32:B1", "32-37", 1, ReasonManBackwards, ""},
		{"intl promotion passing", "20", "W:W12:B8,9,26", "12x14 26-31 14-25", 3, ReasonPromotionPassing, ""},
		{"intl unknown square", "20", "W:W32:B1", "32-51", 1, ReasonUnknownSquare, ""},
		// The man that passed the far row (12x3x14) is captured by a man's double capture
		// (10x19x30); another man then steps onto 14 and back: an ordinary man-backwards.
		{"intl passing man captured", "20", "W:W12,20,24:B5,8,9,10", "12x14 10x30 20-14 30-35 14-20", 5, ReasonManBackwards, ""},
		// 12x3 takes 8 and ends the move on the far row; going on from 3 over 20 to 25 would
		// need a king's long jump.
		{"intl promotion during capture", "20", "W:W12:B8,20", "12x25", 1, ReasonPromotionPassing, ""},
		{"intl promotion during capture, path", "20", "W:W12:B8,20", "12x3x25", 1, ReasonPromotionPassing, ""},
	}
	for _, c := range cases {
		g := fenGame(t, c.gt, c.fen, c.moves, "*")
		vd := Replay(g, ReplayOptions{})
		if vd.Legal || vd.Ply != c.ply || vd.Reason != c.reason || vd.Detail != c.detail {
			t.Errorf("%s: legal=%v ply %d reason %q detail %q (%s); want ply %d %q %q", c.name, vd.Legal, vd.Ply, vd.Reason, vd.Detail, vd.Message, c.ply, c.reason, c.detail)
		}
		// The same case with colours swapped (board turned round, Black to move).
		if c.reason == ReasonUnknownSquare {
			continue
		}
		v := Italian
		if c.gt == "20" {
			v = International
		}
		mfen := MustParseFEN(v, c.fen).Mirror().FEN()
		mmoves := mirrorMoves(v, c.moves)
		vd = Replay(fenGame(t, c.gt, mfen, mmoves, "*"), ReplayOptions{})
		if vd.Legal || vd.Ply != c.ply || vd.Reason != c.reason || vd.Detail != c.detail {
			t.Errorf("%s (black, %s %s): legal=%v ply %d reason %q detail %q (%s); want ply %d %q %q", c.name, mfen, mmoves, vd.Legal, vd.Ply, vd.Reason, vd.Detail, vd.Message, c.ply, c.reason, c.detail)
		}
	}
	// The earliest-king rule (rulebook: W:WK30:B10,K12,K18,20,K26,K27, only 30x5 legal).
	p := MustParseFEN(Italian, "W:WK30:B10,K12,K18,20,K26,K27")
	seen := false
	for _, c := range p.AllCaptures() {
		if c.From == 30 && c.To == 5 {
			continue
		}
		r, l := p.CaptureRank(c), p.CaptureRank(p.LegalMoves()[0])
		if r.Pieces != l.Pieces || r.Kings != l.Kings {
			continue
		}
		vd := Replay(fenGame(t, "22", p.FEN(), c.String(), "*"), ReplayOptions{})
		if vd.Reason != ReasonCapturePriority || vd.Detail != "order" {
			t.Errorf("earliest king: %s gives %s %s", c, vd.Reason, vd.Detail)
		}
		seen = true
	}
	if !seen {
		t.Error("no equal-count capture found for the earliest-king rule")
	}
}

func TestReplayUnsupportedGameType(t *testing.T) {
	for _, gt := range []string{"21", "25,W,8,8,A0,0"} {
		g := gameFrom(t, "[GameType \""+gt+"\"]\n\n1. 22-18 *\n")
		vd := Replay(g, ReplayOptions{})
		n := strings.SplitN(gt, ",", 2)[0]
		want := "unsupported game type " + n + map[string]string{"21": " (English draughts)", "25": " (Russian draughts)"}[n]
		if vd.Legal || vd.Reason != ReasonUnsupportedType || vd.Message != want {
			t.Errorf("%s: %q %q", gt, vd.Reason, vd.Message)
		}
	}
	// Files without GameType: English draughts (Black moves first from 1-12) and Russian
	// (algebraic squares) are recognised as another variant rather than judged illegal.
	for _, c := range []struct{ file, msg string }{
		{"eng_oca2_historic_games_sample.pdn", "unsupported variant: English draughts (GameType 21): the first move"},
		{"russian_ussr_championship_1950_algebraic.pdn", "unsupported variant: algebraic squares"},
	} {
		for _, g := range mustGames(t, c.file) {
			vd := Replay(g, ReplayOptions{})
			if vd.Reason != ReasonUnsupportedVariant || vd.Judged() || !strings.HasPrefix(vd.Message, c.msg) {
				t.Errorf("%s game %d: %s %q", c.file, g.Index, vd.Reason, vd.Message)
				break
			}
		}
	}
	// --variant decides when the file says nothing; the GameType tag wins otherwise.
	g := gameFrom(t, "1. 32-28 19-23 *\n")
	if vd := Replay(g, ReplayOptions{Variant: International}); !vd.Legal || vd.Variant != International {
		t.Errorf("opts variant: %+v", vd)
	}
	// Without --variant (issue 14 case 4): 32-28 is no Italian move, so the game is not
	// condemned under Italian rules; it replays under International rules only.
	if vd := Replay(g, ReplayOptions{}); vd.Variant != International || !vd.Legal || !strings.HasPrefix(vd.Notes[0], "variant: no GameType tag; the moves are legal under International rules only") {
		t.Errorf("default: %+v", vd)
	}
}

// From-to ambiguity that the rest of the game does not decide; a full path resolves it.
func TestReplayAmbiguousCapture(t *testing.T) {
	g := mustGames(t, "intl_online_engine_schildpad_2003.pdn")[2]
	if g.Moves[68].Text != "36x16" {
		t.Fatalf("ply 69 is %q", g.Moves[68].Text)
	}
	cut := corrupt(g, append([]PDNMove(nil), g.Moves[:69]...))
	vd := Replay(cut, ReplayOptions{})
	if vd.Legal || vd.Ply != 69 || vd.Reason != ReasonAmbiguousCapture {
		t.Errorf("cut game: %v %d %s %s", vd.Legal, vd.Ply, vd.Reason, vd.Message)
	}
	// The other reading, written with its full path, fails at ply 90 where 8x19 is
	// compulsory (the black man on 8 was not captured in that reading).
	moves := append([]PDNMove(nil), g.Moves...)
	moves[68] = PDNMove{Text: "36x18x7x16", From: 36, Via: []int{18, 7}, To: 16, Capture: true}
	vd = Replay(corrupt(g, moves), ReplayOptions{})
	if vd.Legal || vd.Ply != 90 || vd.Reason != ReasonCaptureCompulsory {
		t.Errorf("other reading: %v %d %s %s", vd.Legal, vd.Ply, vd.Reason, vd.Message)
	}
	moves[68] = PDNMove{Text: "36x13x2x16", From: 36, Via: []int{13, 2}, To: 16, Capture: true}
	vd = Replay(corrupt(g, moves), ReplayOptions{})
	if !vd.Legal || len(vd.Notes) != 0 {
		t.Errorf("full path: %v %s notes %v", vd.Legal, vd.Message, vd.Notes)
	}
	// A path that is not a legal path.
	moves[68] = PDNMove{Text: "36x13x7x16", From: 36, Via: []int{13, 7}, To: 16, Capture: true}
	if vd = Replay(corrupt(g, moves), ReplayOptions{}); vd.Legal || vd.Ply != 69 {
		t.Errorf("bad path: %v %d %s", vd.Legal, vd.Ply, vd.Reason)
	}
}

// Duplicate paths (same captured set) are one move: the 2007 game with 5x46 (three paths)
// replays with no note.
func TestReplayDuplicatePathsNotAmbiguous(t *testing.T) {
	for _, g := range mustGames(t, "intl_world_championship_2007_rounds01-11.pdn") {
		vd := Replay(g, ReplayOptions{})
		if len(vd.Notes) != 0 && vd.ResultCheck != ResultUnknown {
			t.Errorf("game %d: notes %v", g.Index, vd.Notes)
		}
	}
}

// Italian from-to ambiguity (found by a random search of positions): the white man on 22
// can take 18 and 10 (22x13x6) or 19 and 11 (22x15x6), equal under every priority rule.
func TestReplayAmbiguousItalian(t *testing.T) {
	const fen = "W:W22,K20:B10,11,16,18,19"
	p := MustParseFEN(Italian, fen)
	if n := len(p.LegalMoves()); n != 2 {
		t.Fatalf("%d legal moves", n)
	}
	// Nothing after it: the score does not say which was played.
	vd := Replay(fenGame(t, "22", fen, "22x6", "*"), ReplayOptions{})
	if vd.Legal || vd.Ply != 1 || vd.Reason != ReasonAmbiguousCapture || len(vd.LegalMoves) != 2 {
		t.Errorf("alone: %v %d %s %s", vd.Legal, vd.Ply, vd.Reason, vd.Message)
	}
	// Black then plays 19-23, which only the first reading leaves possible.
	vd = Replay(fenGame(t, "22", fen, "22x6 19-23", "*"), ReplayOptions{})
	if !vd.Legal || len(vd.Notes) != 1 || !strings.Contains(vd.Notes[0], "only 22x13x6 lets") {
		t.Errorf("resolved: %v %s %v", vd.Legal, vd.Message, vd.Notes)
	}
	// Written with its path, no ambiguity.
	vd = Replay(fenGame(t, "22", fen, "22x15x6", "*"), ReplayOptions{})
	if !vd.Legal || len(vd.Notes) != 0 {
		t.Errorf("full path: %v %s %v", vd.Legal, vd.Message, vd.Notes)
	}
	// Both readings replay, then an illegal move: the later error is reported.
	vd = Replay(fenGame(t, "22", fen, "22x6 16-12", "*"), ReplayOptions{})
	if vd.Legal || vd.Ply != 2 || vd.Reason != ReasonManBackwards {
		t.Errorf("later error: %v %d %s %s", vd.Legal, vd.Ply, vd.Reason, vd.Message)
	}
}

// mirrorMoves maps every square number n of a move list to Squares()+1-n.
func mirrorMoves(v *Variant, moves string) string {
	var b strings.Builder
	num := 0
	inNum := false
	flush := func() {
		if inNum {
			b.WriteString(fmt.Sprint(int(v.Mirror(Square(num)))))
		}
		num, inNum = 0, false
	}
	for i := 0; i < len(moves); i++ {
		c := moves[i]
		if c >= '0' && c <= '9' {
			num = num*10 + int(c-'0')
			inNum = true
			continue
		}
		flush()
		b.WriteByte(c)
	}
	flush()
	return b.String()
}
