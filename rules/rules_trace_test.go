package rules

// Rule-to-test traceability (RULES-TESTS.md at the repository root): focused tests for
// rules of docs/rules-italian.md and docs/rules-international.md that no other test pinned down.
// Each test names its line(s) in RULES-TESTS.md (I.. = docs/rules-italian.md, N.. = docs/rules-international.md).

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// I2, I3 (docs/rules-italian.md "Board and numbering"): square n has row (n-1)/4 and column
// 2*((n-1)%4) on even rows, 2*((n-1)%4)+1 on odd rows; 1 = a8 and 32 = h1 are the single
// corners; 4-8 and 25-29 are the double corners.
// N2 (docs/rules-international.md "Board and numbering"): 5 squares per row; square 1 is the second
// square of the top row, so column 2*((n-1)%5)+1 on even rows, 2*((n-1)%5) on odd rows;
// 46 is the bottom-left corner.
func TestTraceNumberingFormula(t *testing.T) {
	for n := 1; n <= 32; n++ {
		row := (n - 1) / 4
		col := 2 * ((n - 1) % 4)
		if row%2 == 1 {
			col++
		}
		if r, c := Italian.Coords(Square(n)); r != row || c != col {
			t.Errorf("Italian square %d at (%d,%d), want (%d,%d)", n, r, c, row, col)
		}
		// every playable square is dark: (row+col) even with a8 = (0,0) dark
		if (row+col)%2 != 0 {
			t.Errorf("Italian square %d on a light square", n)
		}
	}
	for n := 1; n <= 50; n++ {
		row := (n - 1) / 5
		col := 2 * ((n - 1) % 5)
		if row%2 == 0 {
			col++
		}
		if r, c := International.Coords(Square(n)); r != row || c != col {
			t.Errorf("International square %d at (%d,%d), want (%d,%d)", n, r, c, row, col)
		}
	}
	// Algebraic names (column a..h from White's left, rank 8 at the top): 1 = a8, 32 = h1.
	alg := func(sq Square) string {
		r, c := Italian.Coords(sq)
		return fmt.Sprintf("%c%d", 'a'+c, 8-r)
	}
	if alg(1) != "a8" || alg(32) != "h1" {
		t.Errorf("single corners: 1 = %s, 32 = %s, want a8 and h1", alg(1), alg(32))
	}
	// Double corner: two playable squares diagonally adjacent in a board corner.
	// 4 = g8 (0,6), 8 = h7 (1,7); 25 = a2 (6,0), 29 = b1 (7,1).
	for _, dc := range [][2]Square{{4, 8}, {25, 29}} {
		r1, c1 := Italian.Coords(dc[0])
		r2, c2 := Italian.Coords(dc[1])
		if r2-r1 != 1 || (c2-c1 != 1 && c2-c1 != -1) {
			t.Errorf("double corner %d-%d not diagonally adjacent: (%d,%d) (%d,%d)", dc[0], dc[1], r1, c1, r2, c2)
		}
		corner := (r1 == 0 && c2 == 7) || (r2 == 7 && c1 == 0)
		if !corner {
			t.Errorf("double corner %d-%d not in a corner: (%d,%d) (%d,%d)", dc[0], dc[1], r1, c1, r2, c2)
		}
	}
	if r, c := International.Coords(46); r != 9 || c != 0 {
		t.Errorf("International 46 at (%d,%d), want the bottom-left corner (9,0)", r, c)
	}
	if r, c := International.Coords(1); r != 0 || c != 1 {
		t.Errorf("International 1 at (%d,%d), want the second square of the top row (0,1)", r, c)
	}
}

// I4: Black men on 1..12, White men on 21..32, White moves first.
// N3: Black men on 1..20, White men on 31..50, White moves first; FEN W:W31-50:B1-20.
func TestTraceStartPositions(t *testing.T) {
	list := func(a, b int) string {
		var s []string
		for i := a; i <= b; i++ {
			s = append(s, fmt.Sprint(i))
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct {
		v   *Variant
		fen string
	}{
		{Italian, "W:W" + list(21, 32) + ":B" + list(1, 12)},
		{International, "W:W" + list(31, 50) + ":B" + list(1, 20)},
	} {
		want := MustParseFEN(c.v, c.fen).FEN()
		if got := c.v.Start().FEN(); got != want {
			t.Errorf("%s start %s, want %s", c.v.Name(), got, want)
		}
	}
	// The range form of docs/rules-international.md.
	p, err := ParseFEN(International, "W:W31-50:B1-20")
	if err != nil {
		t.Fatalf("range FEN: %v", err)
	}
	if p.FEN() != International.Start().FEN() {
		t.Errorf("W:W31-50:B1-20 reads as %s, not the start position", p.FEN())
	}
	// N4: 9 first moves: 31-26, 31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30, 35-30.
	got := moveStrings(International.Start().LegalMoves())
	want := splitList("31-26, 31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30, 35-30")
	if !slices.Equal(got, want) {
		t.Errorf("International first moves %v, want %v", got, want)
	}
}

// I6: [GameType "22"], full form 22,W,8,8,N2,1, is Italian.
func TestTraceItalianGameType(t *testing.T) {
	for _, tag := range []string{"22", "22,W,8,8,N2,1"} {
		v, err := VariantByGameTypeTag(tag)
		if v != Italian || err != nil {
			t.Errorf("GameType %q: %v %v, want Italian", tag, v, err)
		}
	}
}

// I33 (docs/rules-italian.md "End of the game", draw by agreement): 1-1 recorded in a position where
// both sides can still move is consistent; N21 the same for International.
func TestTraceDrawByAgreement(t *testing.T) {
	for _, c := range []struct{ gt, fen, moves, res string }{
		{"22", "W:W21:B12", "21-17", "1-1"},
		{"22", "W:W21:B12", "21-17", "1/2-1/2"},
		{"20", "W:W31:B20", "31-26", "1-1"},
	} {
		vd := Replay(fenGame(t, c.gt, c.fen, c.moves, c.res), ReplayOptions{})
		if !vd.Legal || vd.Terminal || vd.ResultCheck != ResultConsistent {
			t.Errorf("%s %s %s: legal %v terminal %v check %s, want a consistent agreed draw", c.gt, c.fen, c.res, vd.Legal, vd.Terminal, vd.ResultCheck)
		}
	}
	// N21: a player who cannot move loses (International): in W:W46:B41,37 the man on 46
	// (bottom-left corner) has one diagonal, to 41, which is occupied, and 41 cannot be taken
	// because 37 beyond it is occupied: White is blocked, so 0-2 is consistent.
	vd := Replay(fenGame(t, "20", "W:W46:B41,37", "", "0-2"), ReplayOptions{})
	if !vd.Legal || !vd.Terminal || vd.ResultCheck != ResultConsistent {
		t.Errorf("International blocked side: legal %v terminal %v check %s", vd.Legal, vd.Terminal, vd.ResultCheck)
	}
}

// I36 (docs/rules-italian.md "End of the game"): repetition is reported as information, never as an
// automatic draw. Kings shuffle 32-28, 1-5, 28-32, 5-1: the start position stands after
// plies 0, 4 and 8 (third occurrence at ply 8).
func TestTraceItalianRepetitionNotADraw(t *testing.T) {
	moves := "32-28 1-5 28-32 5-1 32-28 1-5 28-32 5-1"
	vd := Replay(fenGame(t, "22", "W:WK32:BK1", moves, "*"), ReplayOptions{})
	if !vd.Legal || vd.Plies != 8 {
		t.Fatalf("replay: legal %v plies %d", vd.Legal, vd.Plies)
	}
	if len(vd.Repetitions) != 1 || !slices.Equal(vd.Repetitions[0].Plies, []int{0, 4, 8}) {
		t.Errorf("repetitions %+v, want one position at plies [0 4 8]", vd.Repetitions)
	}
	if len(vd.Draws) != 0 {
		t.Errorf("Italian repetition declared a draw: %+v", vd.Draws)
	}
	if vd.Terminal {
		t.Errorf("the game is not over after a repetition")
	}
}

// I39 (docs/rules-italian.md "Notation"): every mark !, !!, ?, ??, !?, ?! and FID's * is read.
func TestTraceMoveMarks(t *testing.T) {
	marks := []string{"!", "!!", "?", "??", "!?", "?!", "*"}
	src := "1. 22-18! 11-15!! 2. 18x11? 8x15?? 3. 21-17!? 12-16?! 4. 17-13* *\n"
	games := readGames(t, []byte(src))
	if len(games) != 1 || len(games[0].Moves) != len(marks) {
		t.Fatalf("%d games, moves %+v", len(games), games)
	}
	for i, m := range games[0].Moves {
		if m.Marks != marks[i] {
			t.Errorf("ply %d %q: mark %q, want %q", i+1, m.Text, m.Marks, marks[i])
		}
	}
}

// N14 (docs/rules-international.md "Compulsory capture"): kings and men count alike. A white man on 32
// can take the black king on 27 (landing on 21) or the black man on 28 (landing on 23):
// one piece each, so both are legal (in Italian the man could not take the king at all).
func TestTraceInternationalKingsCountAlike(t *testing.T) {
	p := MustParseFEN(International, "W:W32:BK27,28")
	if got, want := moveStrings(p.LegalMoves()), []string{"32x21", "32x23"}; !slices.Equal(got, want) {
		t.Errorf("legal moves %v, want %v", got, want)
	}
	// A king taken counts one: man on 32 can take the king on 27 (1 piece) or, through 28
	// and 19 (32x23x14), two men: the two men must be taken.
	p = MustParseFEN(International, "W:W32:BK27,28,19")
	if got, want := moveStrings(p.LegalMoves()), []string{"32x23x14"}; !slices.Equal(got, want) {
		t.Errorf("legal moves %v, want %v", got, want)
	}
}

// N11 (docs/rules-international.md "Pieces", multiple capture): the capturing piece may pass a square
// more than once. A white man on 32 takes 27, 17, 18, 28 round a loop and lands back on 32:
// 32 (6,3) x27 (5,2) -> 21 (4,1) x17 (3,2) -> 12 (2,3) x18 (3,4) -> 23 (4,5) x28 (5,4) -> 32.
// The loop taken the other way round captures the same set: one move.
func TestTraceInternationalLoopBackToStart(t *testing.T) {
	p := MustParseFEN(International, "W:W32:B27,17,18,28")
	ms := p.LegalMoves()
	if len(ms) != 1 {
		t.Fatalf("legal moves %v, want one 4-piece loop", moveStrings(ms))
	}
	m := ms[0]
	if m.From != 32 || m.To != 32 || len(m.Captured) != 4 || m.Promotes {
		t.Errorf("move %s captured %v promotes %v, want 32 back to 32 taking 4", m, m.Captured, m.Promotes)
	}
	if s := m.String(); s != "32x21x12x23x32" && s != "32x23x12x21x32" {
		t.Errorf("path %s", s)
	}
}

// F67 (docs/pairing-fid.md §5, opening ballot): 21-18 9-13 and 22-18 9-13 are excluded because
// Black loses a man at once. In both, White's man on 18 (row 4, column 2) has the black man
// on 13 (3,1) diagonally ahead and 9 (2,0), just vacated, beyond it: 18x9 is White's only
// move, and no black piece can then take the man on 9 (the only square diagonally above it,
// 5 at (1,1), would land off the board), so Black is one man down with no capture to play.
// The other black replies to 21-18 and 22-18 lose nothing at once: no capture for White.
func TestTraceExcludedOpeningsLoseAMan(t *testing.T) {
	play := func(p Position, s string) Position {
		t.Helper()
		for _, m := range p.LegalMoves() {
			if m.String() == s {
				return p.Play(m)
			}
		}
		t.Fatalf("%s not legal in %s (legal %v)", s, p.FEN(), moveStrings(p.LegalMoves()))
		return p
	}
	for _, first := range []string{"21-18", "22-18"} {
		p := play(play(Italian.Start(), first), "9-13")
		if got := moveStrings(p.LegalMoves()); !slices.Equal(got, []string{"18x9"}) {
			t.Errorf("%s 9-13: White's moves %v, want only 18x9", first, got)
			continue
		}
		p = play(p, "18x9")
		for _, m := range p.LegalMoves() {
			if m.IsCapture() {
				t.Errorf("%s 9-13 18x9: Black can recapture with %s", first, m)
			}
		}
		if wm, _, bm, _ := p.Counts(); wm != 12 || bm != 11 {
			t.Errorf("%s 9-13 18x9: men %d v %d, want 12 v 11", first, wm, bm)
		}
		// Every other black reply to the same first move loses nothing at once: either White
		// has no capture, or after each of White's (compulsory) captures Black recaptures
		// (e.g. 21-18 11-14 18x11 7x14, an exchange).
		for _, reply := range Italian.Start().Play(mustMove(t, Italian.Start(), first)).LegalMoves() {
			if reply.String() == "9-13" {
				continue
			}
			q := play(play(Italian.Start(), first), reply.String())
			for _, m := range q.LegalMoves() {
				if !m.IsCapture() {
					continue
				}
				recapture := false
				for _, r := range q.Play(m).LegalMoves() {
					recapture = recapture || r.IsCapture()
				}
				if !recapture {
					t.Errorf("%s %s %s: Black cannot recapture; only 9-13 should lose a man", first, reply, m)
				}
			}
		}
	}
}

func mustMove(t *testing.T, p Position, s string) Move {
	t.Helper()
	for _, m := range p.LegalMoves() {
		if m.String() == s {
			return m
		}
	}
	t.Fatalf("%s not legal in %s", s, p.FEN())
	return Move{}
}

// N17 (docs/rules-international.md "Draws", Art. 6): the repetition must be of the same position with
// the same side to move. The white king cycles 47-42, 42-38, 38-47 (three moves, one
// diagonal) while the black king shuffles 4-10, 10-4 (two), men out of contact. After ply p
// White has made ceil(p/2) moves and Black floor(p/2): the start placement stands with White
// to move after plies 0, 12, 24, and with Black to move after plies 5 and 17. So the third
// occurrence is at ply 24; counting placements without the side to move would give ply 12.
func TestTraceThreefoldNeedsSameSideToMove(t *testing.T) {
	white := []string{"47-42", "42-38", "38-47"}
	black := []string{"4-10", "10-4"}
	var moves []string
	for p := 1; p <= 26; p++ {
		if p%2 == 1 {
			moves = append(moves, white[(p/2)%3])
		} else {
			moves = append(moves, black[(p/2-1)%2])
		}
	}
	vd := Replay(fenGame(t, "20", "W:W31,32,33,K47:B18,19,20,K4", strings.Join(moves, " "), "*"), ReplayOptions{})
	if !vd.Legal || vd.Plies != 26 {
		t.Fatalf("replay: legal %v plies %d %s", vd.Legal, vd.Plies, vd.Message)
	}
	var three *DrawEvent
	for i := range vd.Draws {
		if vd.Draws[i].Rule == DrawThreefold {
			three = &vd.Draws[i]
		}
	}
	if three == nil || three.Ply != 24 || three.StartPly != 0 {
		t.Errorf("threefold %+v, want ply 24 from ply 0 (draws %+v)", three, vd.Draws)
	}
	start := MustParseFEN(International, "W:W31,32,33,K47:B18,19,20,K4").FEN()
	found := false
	for _, r := range vd.Repetitions {
		if r.FEN == start {
			found = true
			if !slices.Equal(r.Plies, []int{0, 12, 24}) {
				t.Errorf("start position stood after plies %v, want [0 12 24]", r.Plies)
			}
		}
	}
	if !found {
		t.Errorf("start position not among the repetitions %+v", vd.Repetitions)
	}
}

// I30 (docs/rules-italian.md, end of "Compulsory capture"): two paths with the same start, end and
// captured pieces give the same position and are one move in a game score. The king on 22
// takes 18, 10, 11, 19 round a loop either way and lands back on 22: "22x22" replays
// legally with no ambiguity note.
func TestTraceItalianLoopOneMoveInScore(t *testing.T) {
	vd := Replay(fenGame(t, "22", "W:WK22:B10,11,18,19", "22x22", "2-0"), ReplayOptions{})
	if !vd.Legal || vd.Plies != 1 || vd.FinalFEN != "B:WK22:B" {
		t.Fatalf("replay: legal %v plies %d final %s (%s)", vd.Legal, vd.Plies, vd.FinalFEN, vd.Message)
	}
	for _, n := range vd.Notes {
		if strings.Contains(n, "fits") {
			t.Errorf("duplicate paths reported as an ambiguity: %q", n)
		}
	}
	if vd.ResultCheck != ResultConsistent {
		t.Errorf("Black has no pieces, 2-0: check %s", vd.ResultCheck)
	}
}
