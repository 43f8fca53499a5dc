package rules

import (
	"errors"
	"strings"
	"testing"
)

// shuffle returns n plies alternating the two given back-and-forth pairs: white a<->b,
// black c<->d, starting with White (a-b, c-d, b-a, d-c, ...).
func shuffle(n int, a, b, c, d string) []string {
	w := [2]string{a + "-" + b, b + "-" + a}
	k := [2]string{c + "-" + d, d + "-" + c}
	var out []string
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			out = append(out, w[(i/2)%2])
		} else {
			out = append(out, k[(i/2)%2])
		}
	}
	return out
}

func join(parts ...[]string) string {
	var all []string
	for _, p := range parts {
		all = append(all, p...)
	}
	return strings.Join(all, " ")
}

// Italian 40-move count, shuffling kings: White K32<->28, Black K1<->5; a white man on 21
// and a black man on 12 can reset the count.
const ita40FEN = "W:W21,K32:B12,K1"

// TestCount40 is the Italian 40-move count (Count40, FirstClaim40, CheckClaim40), one
// subtest per game: kings only, a reset by either side's man move, a reset by a capture,
// and games the count does not apply to.
func TestCount40(t *testing.T) {
	t.Run("kings only", count40KingsOnly)
	t.Run("white man move resets", count40WhiteManReset)
	t.Run("black man move resets", count40BlackManReset)
	t.Run("capture resets", count40CaptureReset)
	t.Run("not countable", count40NotCountable)
}

// count40KingsOnly: 90 king plies; the count reaches 80 exactly at ply 80.
func count40KingsOnly(t *testing.T) {
	g := fenGame(t, "22", ita40FEN, join(shuffle(90, "32", "28", "1", "5")), "*")
	if vd := Replay(g, ReplayOptions{}); !vd.Legal || vd.Claim40Ply != 80 || len(vd.Repetitions) == 0 {
		t.Fatalf("replay: %v %s claim40 %d reps %d", vd.Legal, vd.Message, vd.Claim40Ply, len(vd.Repetitions))
	}
	for _, c := range []struct{ ply, want int }{{0, 0}, {1, 1}, {79, 79}, {80, 80}, {90, 90}} {
		if n, err := Count40(g, c.ply); err != nil || n != c.want {
			t.Errorf("Count40(%d) = %d, %v; want %d", c.ply, n, err, c.want)
		}
	}
	if p, ok, err := FirstClaim40(g); err != nil || !ok || p != 80 {
		t.Errorf("FirstClaim40 = %d %v %v, want 80", p, ok, err)
	}
	if cv := CheckClaim40(g, 0, 79); cv.Valid || cv.Reason != ClaimTooEarly || cv.Counted != 79 || cv.ValidAt != 80 {
		t.Errorf("claim at 79: %+v", cv)
	}
	if cv := CheckClaim40(g, 0, 80); !cv.Valid || cv.Counted != 80 {
		t.Errorf("claim at 80: %+v", cv)
	}
	// The count starts at the request: asked at ply 5, valid at ply 85, not 84.
	if cv := CheckClaim40(g, 5, 84); cv.Valid || cv.ValidAt != 85 {
		t.Errorf("request 5, claim 84: %+v", cv)
	}
	if cv := CheckClaim40(g, 5, 85); !cv.Valid {
		t.Errorf("request 5, claim 85: %+v", cv)
	}
	if cv := CheckClaim40(g, 50, 40); cv.Valid || cv.Reason != ClaimBeforeRequest {
		t.Errorf("declared before request: %+v", cv)
	}
	if cv := CheckClaim40(g, 0, 91); cv.Valid || cv.Reason != ClaimOutOfRange {
		t.Errorf("out of range: %+v", cv)
	}
	if _, err := Count40(g, 91); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("Count40(91) err %v", err)
	}
}

// count40WhiteManReset: White plays the man move 21-17 at ply 41.
func count40WhiteManReset(t *testing.T) {
	g := fenGame(t, "22", ita40FEN, join(shuffle(40, "32", "28", "1", "5"), []string{"21-17"}, shuffle(89, "1", "5", "32", "28")), "*")
	if vd := Replay(g, ReplayOptions{}); !vd.Legal {
		t.Fatalf("man-move game: %s", vd.Message)
	}
	for _, c := range []struct{ ply, want int }{{40, 40}, {41, 0}, {42, 1}, {120, 79}, {121, 80}} {
		if n, err := Count40(g, c.ply); err != nil || n != c.want {
			t.Errorf("man reset: Count40(%d) = %d, %v; want %d", c.ply, n, err, c.want)
		}
	}
	if p, ok, _ := FirstClaim40(g); !ok || p != 121 {
		t.Errorf("man reset: FirstClaim40 = %d %v, want 121", p, ok)
	}
	cv := CheckClaim40(g, 0, 100)
	if cv.Valid || cv.Reason != ClaimReset || cv.ResetPly != 41 || cv.ResetCapture || cv.Counted != 59 {
		t.Errorf("man reset claim: %+v", cv)
	}
}

// count40BlackManReset: the other side's man move, Black 12-16 at ply 42; the count asked
// at ply 10 restarts there and is valid at ply 42+80 = 122, not at 90.
func count40BlackManReset(t *testing.T) {
	g := fenGame(t, "22", ita40FEN, join(shuffle(41, "32", "28", "1", "5"), []string{"12-16"}, shuffle(90, "28", "32", "1", "5")), "*")
	if cv := CheckClaim40(g, 10, 121); cv.Valid || cv.Reason != ClaimReset || cv.ResetPly != 42 || cv.ResetCapture || cv.Counted != 79 || cv.ValidAt != 122 {
		t.Errorf("black man reset, claim at 121: %+v", cv)
	}
	if cv := CheckClaim40(g, 10, 122); !cv.Valid || cv.CountFrom != 42 || cv.Counted != 80 {
		t.Errorf("black man reset, claim at 122: %+v", cv)
	}
	// Asked after the reset: the count runs from the request (ply 50), valid at 130.
	if cv := CheckClaim40(g, 50, 129); cv.Valid || cv.Reason != ClaimTooEarly || cv.ValidAt != 130 {
		t.Errorf("request after reset, claim at 129: %+v", cv)
	}
	if cv := CheckClaim40(g, 50, 130); !cv.Valid || cv.CountFrom != 50 {
		t.Errorf("request after reset, claim at 130: %+v", cv)
	}
}

// count40CaptureReset: Black's man on 24 is taken by the white king at ply 1 (32x... is
// compulsory), then kings shuffle.
func count40CaptureReset(t *testing.T) {
	g := fenGame(t, "22", "W:WK32:B28,K1", join([]string{"32x23"}, shuffle(80, "1", "5", "23", "19")), "*")
	vd := Replay(g, ReplayOptions{})
	if !vd.Legal {
		t.Fatalf("capture game: %s %s", vd.Reason, vd.Message)
	}
	if n, _ := Count40(g, 1); n != 0 {
		t.Errorf("capture reset: Count40(1) = %d", n)
	}
	if n, _ := Count40(g, 80); n != 79 {
		t.Errorf("capture reset: Count40(80) = %d", n)
	}
	if n, _ := Count40(g, 81); n != 80 {
		t.Errorf("capture reset: Count40(81) = %d", n)
	}
	cv := CheckClaim40(g, 0, 60)
	if cv.Valid || cv.Reason != ClaimReset || cv.ResetPly != 1 || !cv.ResetCapture {
		t.Errorf("capture reset claim: %+v", cv)
	}
}

// count40NotCountable: an International game, and a claim after an illegal move.
func count40NotCountable(t *testing.T) {
	// Not an Italian game.
	intl := fenGame(t, "20", "W:WK46:BK5", "46-41", "*")
	if _, err := Count40(intl, 1); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("International game: %v", err)
	}
	if cv := CheckClaim40(intl, 0, 1); cv.Valid || cv.Reason != ClaimWrongVariant {
		t.Errorf("International game claim: %+v", cv)
	}
	// A claim in a game with an illegal move before the declared ply.
	bad := fenGame(t, "22", ita40FEN, "32-28 1-5 28-19", "*")
	if cv := CheckClaim40(bad, 0, 3); cv.Valid || cv.Reason != ClaimNotReplayable {
		t.Errorf("illegal game claim: %+v", cv)
	}
}

func drawsOf(t *testing.T, g *Game) map[string]DrawEvent {
	t.Helper()
	vd := Replay(g, ReplayOptions{})
	if !vd.Legal {
		t.Fatalf("game not legal: %s %s", vd.Reason, vd.Message)
	}
	m := map[string]DrawEvent{}
	for _, d := range vd.Draws {
		m[d.Rule] = d
	}
	return m
}

// FMJD Article 6, each rule at its exact ply, one subtest per rule or transition.
func TestFMJDDrawRules(t *testing.T) {
	t.Run("25-move and threefold", fmjd25MoveAndThreefold)
	t.Run("16-move", fmjd16Move)
	t.Run("5-move", fmjd5Move)
	t.Run("16-move class falls to 5-move", fmjd16Then5)
	t.Run("counts kept within a class", fmjdWithinClass)
	t.Run("claims", fmjdClaims)
}

// fmjd25MoveAndThreefold: kings shuffle (White K47<->42, Black K4<->10) while three men a
// side stay out of contact.
func fmjd25MoveAndThreefold(t *testing.T) {
	fen := "W:W31,32,33,K47:B18,19,20,K4"
	g := fenGame(t, "20", fen, join(shuffle(60, "47", "42", "4", "10")), "*")
	d := drawsOf(t, g)
	if e, ok := d[DrawThreefold]; !ok || e.Ply != 8 || e.StartPly != 0 {
		t.Errorf("threefold: %+v", e)
	}
	if e, ok := d[Draw25Move]; !ok || e.Ply != 50 || e.StartPly != 0 {
		t.Errorf("25-move: %+v", e)
	}
	if _, ok := d[Draw16Move]; ok {
		t.Error("16-move reported with men on the board")
	}
	// 49 plies: no 25-move draw yet.
	if _, ok := drawsOf(t, fenGame(t, "20", fen, join(shuffle(49, "47", "42", "4", "10")), "*"))[Draw25Move]; ok {
		t.Error("25-move reported at 49 plies")
	}
	// A man move at ply 21 restarts the 25-move count: drawn at ply 71.
	g = fenGame(t, "20", fen, join(shuffle(20, "47", "42", "4", "10"), []string{"31-26"}, shuffle(59, "4", "10", "47", "42")), "*")
	if e := drawsOf(t, g)[Draw25Move]; e.Ply != 71 || e.StartPly != 21 {
		t.Errorf("25-move after reset: %+v", e)
	}
}

// fmjd16Move: one white king against two black kings and a man.
func fmjd16Move(t *testing.T) {
	g := fenGame(t, "20", "W:WK46:BK1,K3,13", join(shuffle(40, "46", "41", "1", "6")), "*")
	d := drawsOf(t, g)
	if e, ok := d[Draw16Move]; !ok || e.Ply != 32 || e.StartPly != 0 {
		t.Errorf("16-move: %+v", e)
	}
	if _, ok := d[Draw5Move]; ok {
		t.Error("5-move reported with three pieces against the king")
	}
	if _, ok := drawsOf(t, fenGame(t, "20", "W:WK46:BK1,K3,13", join(shuffle(31, "46", "41", "1", "6")), "*"))[Draw16Move]; ok {
		t.Error("16-move reported at 31 plies")
	}
}

// fmjd5Move: one white king against a black king and a man.
func fmjd5Move(t *testing.T) {
	g := fenGame(t, "20", "W:WK46:BK1,13", join(shuffle(12, "46", "41", "1", "6")), "*")
	if e, ok := drawsOf(t, g)[Draw5Move]; !ok || e.Ply != 10 {
		t.Errorf("5-move: %+v", e)
	}
	if _, ok := drawsOf(t, fenGame(t, "20", "W:WK46:BK1,13", join(shuffle(9, "46", "41", "1", "6")), "*"))[Draw5Move]; ok {
		t.Error("5-move reported at 9 plies")
	}
}

// fmjd16Then5: the lone king takes the man (ply 1) of one king against two kings and a
// man; one king against two kings starts a fresh 5-move count: drawn at ply 11, not 32.
func fmjd16Then5(t *testing.T) {
	g := fenGame(t, "20", "W:WK46:BK3,K4,41", join([]string{"46x37"}, shuffle(14, "4", "9", "37", "42")), "*")
	d := drawsOf(t, g)
	if e, ok := d[Draw5Move]; !ok || e.Ply != 11 || e.StartPly != 1 {
		t.Errorf("16 then 5: %+v", e)
	}
	if _, ok := d[Draw16Move]; ok {
		t.Error("16-move reported after the material fell to one king against two")
	}
}

// fmjdWithinClass: a change of material within the 5-move or the 16-move class does not
// restart the count.
func fmjdWithinClass(t *testing.T) {
	// Within the 5-move class, king against king and man becoming king against king (the
	// lone king takes the man at ply 1) does not restart the count: drawn at ply 10.
	g := fenGame(t, "20", "W:WK46:BK4,41", join([]string{"46x37"}, shuffle(14, "4", "9", "37", "42")), "*")
	if e, ok := drawsOf(t, g)[Draw5Move]; !ok || e.Ply != 10 || e.StartPly != 0 {
		t.Errorf("5-move across a capture within the class: %+v", e)
	}
	// Within the 16-move class, a promotion (44-50 at ply 2: two kings and a man become three
	// kings) does not restart the count: drawn at ply 32.
	g = fenGame(t, "20", "W:WK46:BK3,K4,44", join([]string{"46-41", "44-50"}, shuffle(34, "41", "46", "4", "9")), "*")
	if e, ok := drawsOf(t, g)[Draw16Move]; !ok || e.Ply != 32 || e.StartPly != 0 {
		t.Errorf("16-move across a promotion within the class: %+v", e)
	}
}

// fmjdClaims: a claim names the rule and the ply it applied.
func fmjdClaims(t *testing.T) {
	g := fenGame(t, "20", "W:WK46:BK1,13", join(shuffle(12, "46", "41", "1", "6")), "*")
	if c, err := CheckDrawClaim(g, 7, ReplayOptions{}); err != nil || c.Valid {
		t.Errorf("claim at 7: %+v %v", c, err)
	}
	// Threefold comes first here (ply 8): the claim at 10 names it.
	if c, err := CheckDrawClaim(g, 10, ReplayOptions{}); err != nil || !c.Valid || c.Rule != DrawThreefold || c.Ply != 8 {
		t.Errorf("claim at 10: %+v %v", c, err)
	}
	// Without repetition (the black king walks away), the 5-move rule decides at ply 10.
	g = fenGame(t, "20", "W:WK46:BK2,13", "46-41 2-7 41-46 7-12 46-41 12-17 41-46 17-21 46-41 21-26 41-46", "*")
	if c, err := CheckDrawClaim(g, 10, ReplayOptions{}); err != nil || !c.Valid || c.Rule != Draw5Move || c.Ply != 10 {
		t.Errorf("5-move claim: %+v %v", c, err)
	}
	if _, err := CheckDrawClaim(fenGame(t, "22", ita40FEN, "32-28", "*"), 1, ReplayOptions{}); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("Italian game: %v", err)
	}
}
