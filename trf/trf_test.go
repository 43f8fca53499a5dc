package trf

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"arbitro/pairing"
)

func readSmall(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/trf/small.trf")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseTRF(t *testing.T) {
	tr, err := Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Name != "Torneo di prova arbitro" || tr.City != "Pesaro" || tr.ChiefArbiter != "Rossi, Mario" || len(tr.DeputyArbiters) != 1 {
		t.Fatalf("header %+v", tr)
	}
	if tr.TotalRounds != 5 || tr.InitialColour != pairing.White || tr.PlayedRounds() != 3 {
		t.Fatalf("XXR %d XXC %v played %d", tr.TotalRounds, tr.InitialColour, tr.PlayedRounds())
	}
	p := tr.Players[0]
	if lines := strings.Split(string(readSmall(t)), "\n"); p.Raw != lines[12] {
		t.Fatalf("player 1 Raw %q, want line 13 as read %q", p.Raw, lines[12])
	}
	p.Raw = ""
	want := Player{Number: 1, Sex: "m", Title: "GM", Name: "Verdi, Luca", Rating: 2450, Federation: "ITA", FideID: "12345678",
		BirthDate: "1990/01/02", Points: 25, Rank: 1, Line: 13,
		Rounds: []Round{{4, 'w', '1'}, {2, 'b', '1'}, {7, 'w', '='}}}
	if !reflect.DeepEqual(p, want) {
		t.Fatalf("player 1\n%+v\nwant\n%+v", p, want)
	}
	es := tr.Entrants()
	byID := map[int]pairing.Entrant{}
	for _, e := range es {
		byID[e.ID] = e
	}
	// game points: win 2, draw 1, loss 0; U bye 2; H bye 1
	for id, score := range map[int]int{1: 5, 2: 3, 3: 4, 4: 2, 5: 1, 6: 3, 7: 5} {
		if byID[id].Score != score {
			t.Errorf("player %d: %d game points, want %d", id, byID[id].Score, score)
		}
	}
	if h := byID[3].History[1]; h.Kind != pairing.Bye || h.Points != 2 || h.Colour != pairing.NoColour {
		t.Errorf("player 3 round 2: %+v", h)
	}
	if h := byID[6].History[1]; h.Kind != pairing.ForfeitWin || h.Opponent != 5 || h.Colour != pairing.NoColour {
		t.Errorf("player 6 round 2: %+v", h)
	}
	if h := byID[6].History[2]; h.Kind != pairing.Absent || h.Points != 1 {
		t.Errorf("player 6 round 3: %+v", h)
	}
	if h := byID[2].History[2]; h.Kind != pairing.Played || h.Colour != pairing.Black || h.Opponent != 3 || h.Points != 2 {
		t.Errorf("player 2 round 3: %+v", h)
	}
}

func stripLines(tr *File) {
	for i := range tr.Players {
		tr.Players[i].Line, tr.Players[i].Raw = 0, ""
	}
}

func TestTRFRoundTrip(t *testing.T) {
	orig := readSmall(t)
	tr, err := Parse(bytes.NewReader(orig))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	// line by line: this file carries nothing the writer drops, so every line agrees
	a := strings.Split(strings.TrimRight(string(orig), "\n"), "\n")
	b := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(a) != len(b) {
		t.Fatalf("%d lines written, %d read\n%s", len(b), len(a), out.String())
	}
	for i := range a {
		if strings.TrimRight(a[i], " ") != b[i] {
			t.Errorf("line %d:\n read  %q\n wrote %q", i+1, a[i], b[i])
		}
	}
	again, err := Parse(&out)
	if err != nil {
		t.Fatal(err)
	}
	stripLines(tr)
	stripLines(again)
	if !reflect.DeepEqual(tr, again) {
		t.Fatalf("parse(write(parse(f))) differs:\n%+v\n%+v", tr, again)
	}
}

func TestTRFPointSystem(t *testing.T) {
	// 2-1-0 scoring declared with the bbpPairings lines: the points column is in game
	// points, the conversion to game points gives the same scores.
	src := strings.ReplaceAll(string(readSmall(t)), "XXR 5\n", "XXR 5\nBBW  2.0\nBBD  1.0\nBBL  0.0\nBBZ  0.0\nBBF  0.0\nBBU  2.0\n")
	// rewrite the points columns (81-84) in game points
	lines := strings.Split(src, "\n")
	pts := map[string]string{"   1": " 5.0", "   2": " 3.0", "   3": " 4.0", "   4": " 2.0", "   5": " 1.0", "   6": " 3.0", "   7": " 5.0"}
	for i, l := range lines {
		if strings.HasPrefix(l, "001") {
			lines[i] = l[:80] + pts[l[4:8]] + l[84:]
		}
	}
	tr, err := Parse(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Points.Win != 20 || tr.Points.PAB != 20 || !tr.PointsGiven {
		t.Fatalf("points %+v", tr.Points)
	}
	if tr.Entrants()[0].Score != 5 {
		t.Fatalf("score %d", tr.Entrants()[0].Score)
	}
	var out bytes.Buffer
	Write(&out, tr)
	if !strings.Contains(out.String(), "BBW  2.0\n") || !strings.Contains(out.String(), "  5.0    1  0004 w 1") {
		t.Fatalf("written:\n%s", out.String())
	}
}

func TestTRFErrors(t *testing.T) {
	good := string(readSmall(t))
	p1 := "001    1 m GM Verdi, Luca                       2450 ITA    12345678 1990/01/02  2.5    1  0004 w 1  0002 b 1  0007 w ="
	cases := []struct {
		name, from, to string
		line           int
		msg            string
	}{
		{"unknown result code", "0007 w =", "0007 w X", 13, "unknown result code 'X'"},
		{"bad colour", "0004 w 1", "0004 x 1", 13, "colour 'x'"},
		{"points disagree", " 2.5    1  0004", " 3.5    1  0004", 13, "points column says 3.5 but the results add up to 2.5"},
		{"misaligned block", "0004 w 1  0002", "0004 w  1 0002", 13, "misaligned"},
		{"shifted columns", p1, " " + p1, 0, ""},
		{"bad rank", "001    1 m GM", "001    x m GM", 13, "starting rank"},
		{"bad rating", "2450 ITA", "24x0 ITA", 13, "rating"},
		{"unknown opponent", "0004 w 1  0002", "0009 w 1  0002", 13, "opponent 9 has no 001 line"},
		{"result mismatch", "0002 b 1  0007 w =", "0002 b 0  0007 w =", 13, ""},
		{"bad XXR", "XXR 5", "XXR five", 20, "XXR"},
		{"bad XXC", "XXC white1", "XXC green1", 21, "XXC"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(good, c.from, c.to, 1)
			if src == good {
				t.Fatalf("mutation %q not applied", c.from)
			}
			_, err := Parse(strings.NewReader(src))
			if err == nil {
				t.Fatal("no error")
			}
			var te *Error
			if !errors.Is(err, ErrMalformed) || !errors.As(err, &te) {
				t.Fatalf("error %v is not a TRFError wrapping ErrBadTRF", err)
			}
			if c.line != 0 && te.Line != c.line {
				t.Errorf("line %d, want %d (%v)", te.Line, c.line, err)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q does not say %q", err, c.msg)
			}
		})
	}
}

func FuzzParseTRF(f *testing.F) {
	f.Add(readSmall(f))
	f.Add([]byte("001    1 m    A                                 1500                             0.0    1\n"))
	f.Add([]byte("XXR 3\nXXC black1\nBBW 2.0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Parse(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error does not wrap ErrBadTRF: %v", err)
			}
			return
		}
		_ = tr.Entrants()
		var out bytes.Buffer
		if err := Write(&out, tr); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&out)
		if err != nil {
			t.Fatalf("written file does not parse: %v\n%s", err, out.String())
		}
		stripLines(tr)
		stripLines(again)
		if !reflect.DeepEqual(tr.Players, again.Players) {
			t.Fatalf("players differ after a round trip\n%+v\n%+v", tr.Players, again.Players)
		}
	})
}

// A bye written in the block of the round not yet paired (H, F or Z) is an announced
// absence: the player is not available for that round; PlayedRounds ignores it.
func TestTRFAnnouncedAbsence(t *testing.T) {
	src := strings.Replace(string(readSmall(t)), "0000 - U  0004 b 1  0001 b =", "0000 - U  0004 b 1  0001 b =  0000 - H", 1)
	src = strings.Replace(src, " 2.5    2  0000 - U", " 3.0    2  0000 - U", 1) // H adds a half point
	tr, err := Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if tr.PlayedRounds() != 3 {
		t.Fatalf("played rounds %d", tr.PlayedRounds())
	}
	for _, e := range tr.Entrants() {
		if (e.ID == 7) == e.Available {
			t.Fatalf("player %d available=%v", e.ID, e.Available)
		}
		if len(e.History) != 3 {
			t.Fatalf("player %d history %v", e.ID, e.History)
		}
	}
	// the round 3 snapshot for checking: histories of rounds 1-2 only
	for _, e := range tr.EntrantsAfter(2) {
		if len(e.History) != 2 {
			t.Fatalf("player %d history %v", e.ID, e.History)
		}
	}
	if ps := tr.RoundPairs(3); len(ps) != 3 {
		t.Fatalf("round 3 pairs %v", ps)
	}
}

// TestTRF2026Records reads every TRF-2026 record arbitro knows (142 rounds, 152 initial
// colour, 162 point system, 172/182/192/202/212/222 kept as written, 240 byes, 250
// acceleration, 260 prohibited pairings, XXP, 299 abnormal points, ### comments), checks
// what each one means, writes the file and reads it back field by field.
func TestTRF2026Records(t *testing.T) {
	tr := readTRF2026(t)
	checkTRF2026Read(t, tr)
	checkTRF2026Written(t, tr)
	checkTRF2026Entrants(t, tr)
}

func readTRF2026(t *testing.T) *File {
	t.Helper()
	_, tr := readTRFFixture(t, "testdata/trf/trf2026.trf")
	return tr
}

// checkTRF2026Read: every record of trf2026.trf read into its field.
func checkTRF2026Read(t *testing.T, tr *File) {
	if tr.TotalRounds != 5 || tr.InitialColour != pairing.Black {
		t.Errorf("142/152: rounds %d colour %v", tr.TotalRounds, tr.InitialColour)
	}
	if want := (Points{Win: 20, Draw: 10, Loss: 0, ZeroBye: 0, ForfeitLoss: 0, PAB: 10}); tr.Points != want {
		t.Errorf("162: %+v, want %+v", tr.Points, want)
	}
	if tr.RankMethod != "ITA FIDON" || tr.Controller != "arbitro" || tr.TypeCode != "FIDE_DUTCH_2025" || tr.TieBreaks != "BH:C1,BH,SB" ||
		tr.StandingsTieBreaks != "PTS,BH:C1,BH,SB" || tr.TimeControlCode != "5400+30" {
		t.Errorf("172-222: %q %q %q %q %q %q", tr.RankMethod, tr.Controller, tr.TypeCode, tr.TieBreaks, tr.StandingsTieBreaks, tr.TimeControlCode)
	}
	if len(tr.Acceleration) != 1 || tr.Acceleration[0] != (Acceleration{MatchPoints: -1, GamePoints: 10, FirstRound: 1, LastRound: 2, FirstPlayer: 1, LastPlayer: 2}) {
		t.Errorf("250: %+v", tr.Acceleration)
	}
	if got := tr.ForbiddenPairs(3); !reflect.DeepEqual(got, [][2]int{{1, 4}, {2, 5}}) {
		t.Errorf("260 + XXP in round 3: %v", got)
	}
	if got := tr.ForbiddenPairs(6); !reflect.DeepEqual(got, [][2]int{{2, 5}}) {
		t.Errorf("260 ends in round 5, XXP does not: round 6 %v", got)
	}
	if len(tr.Byes) != 1 || tr.Byes[0].Type != 'H' || tr.Byes[0].Round != 3 {
		t.Errorf("240: %+v", tr.Byes)
	}
	// 299: player 3 has a bonus point in round 2 (the points column says 2.0 = 0 + 1.0
	// for the bye + 1.0)
	if len(tr.Abnormal) != 1 || tr.Abnormal[0].Points != 10 || tr.Abnormal[0].Type != ' ' {
		t.Errorf("299: %+v", tr.Abnormal)
	}
	if len(tr.Other) != 1 || tr.Other[0] != "### comment kept" {
		t.Errorf("comments: %q", tr.Other)
	}
}

// checkTRF2026Written: every record written back, and the file reads back the same.
func checkTRF2026Written(t *testing.T, tr *File) {
	var out bytes.Buffer
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"142 5\n", "152 B\n", "162  W 2.0    D 1.0    P 1.0\n", "250       1.0 001 002 0001 0002\n",
		"260 001 005    1    4\n", "XXP 2 5\n", "299           1.0  002    3\n", "240 H 003    5\n", "### comment kept\n"} {
		if !strings.Contains(out.String(), code) {
			t.Errorf("written file lacks %q:\n%s", code, out.String())
		}
	}
	again, err := Parse(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	stripLines(tr)
	stripLines(again)
	if !reflect.DeepEqual(tr, again) {
		t.Errorf("parse(write(parse(f))) differs:\n%+v\n%+v", tr, again)
	}
	// every player field, column by column
	for i, p := range tr.Players {
		q := again.Players[i]
		if p.Sex != q.Sex || p.Title != q.Title || p.Name != q.Name || p.Rating != q.Rating || p.Federation != q.Federation ||
			p.FideID != q.FideID || p.BirthDate != q.BirthDate || p.Points != q.Points || p.Rank != q.Rank {
			t.Errorf("player %d: %+v became %+v", p.Number, p, q)
		}
	}
}

// checkTRF2026Entrants: the 240 bye and the 299 bonus reach the pairing snapshot.
func checkTRF2026Entrants(t *testing.T, tr *File) {
	// the 240 bye and the H block take player 5 out of round 3
	for _, e := range tr.EntrantsAfter(2) {
		if e.ID == 5 && e.Available {
			t.Error("player 5 has a 240 half-point bye in round 3 but is available")
		}
		if e.ID == 3 && e.Score != 2 { // 0 + bye 1.0 + bonus 1.0 = 2.0 points = one win (2.0 here) = 2 game points
			t.Errorf("player 3: %d game points, want 2 (299 bonus included)", e.Score)
		}
	}
}

// TestTRFXXCRank: "XXC rank white1" (the JaVaFo form, options in any order) is read: the
// pairing order is the order of the 001 lines.
func TestTRFXXCRank(t *testing.T) {
	src := strings.Replace(string(readSmall(t)), "XXC white1", "XXC rank white1", 1)
	lines := strings.Split(src, "\n")
	// put player 2's line first
	var p1, p2 int
	for i, l := range lines {
		if strings.HasPrefix(l, "001    1 ") {
			p1 = i
		}
		if strings.HasPrefix(l, "001    2 ") {
			p2 = i
		}
	}
	lines[p1], lines[p2] = lines[p2], lines[p1]
	tr, err := Parse(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if !tr.ByRank || tr.InitialColour != pairing.White {
		t.Fatalf("rank %v colour %v", tr.ByRank, tr.InitialColour)
	}
	for _, e := range tr.Entrants() {
		if (e.ID == 2 && e.Number != 1) || (e.ID == 1 && e.Number != 2) {
			t.Errorf("player %d has pairing number %d", e.ID, e.Number)
		}
	}
	var out bytes.Buffer
	Write(&out, tr)
	if !strings.Contains(out.String(), "XXC rank white1\n") {
		t.Errorf("XXC rank not written back:\n%s", out.String())
	}
}

// TestTRFLineEndings: TRF-2026 ends lines with CR (bbpPairings writes CR alone); CR, LF
// and CR LF files read the same.
func TestTRFLineEndings(t *testing.T) {
	small := string(readSmall(t))
	want, err := Parse(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	for _, eol := range []string{"\r", "\r\n"} {
		got, err := Parse(strings.NewReader(strings.ReplaceAll(small, "\n", eol)))
		if err != nil {
			t.Fatalf("%q: %v", eol, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: the file reads differently", eol)
		}
	}
}

// TestTRFInferredInitialColour: without 152/XXC the initial colour is the round-1 colour
// of the highest-ranked participant (TRF-2026 record 152), reversed when it is read from
// the second one because the first did not play round 1.
func TestTRFInferredInitialColour(t *testing.T) {
	src := strings.Replace(string(readSmall(t)), "XXC white1\n", "", 1)
	tr, err := Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if tr.InitialColour != pairing.NoColour {
		t.Fatal("the file still has an initial colour")
	}
	if got := tr.InferredInitialColour(); got != pairing.White { // player 1 had white in round 1
		t.Errorf("inferred %v, want white", got)
	}
	if got := tr.DutchOptions(4, 0).InitialColour; got != pairing.White {
		t.Errorf("DutchOptions: %v", got)
	}
	// player 1 in no pairing: player 2 is the first participant, and his black in round 1
	// gives black
	tr.Players[0].Rounds = nil
	if got := tr.InferredInitialColour(); got != pairing.Black {
		t.Errorf("without player 1: %v, want black (player 2 had black)", got)
	}
}

// TestTRFJaVaFoExtensions: the JaVaFo/bbpPairings lines beside XXR/XXC/XXP/BB?: XXA
// (acceleration points per round, added to the score for pairing), XXZ (absent from the
// round to be paired), XXS (point system by result), XXC options in any order; each read
// and written back.
func TestTRFJaVaFoExtensions(t *testing.T) {
	t.Run("XXA", testTRFXXA)
	t.Run("XXZ", testTRFXXZ)
	t.Run("XXS", testTRFXXS)
	t.Run("XXC", testTRFXXC)
}

// testTRFXXA: the XXA lines of the Gros 2010 file, their acceleration, written back.
func testTRFXXA(t *testing.T) {
	_, tr := readTRFFixture(t, "testdata/trf/real/open-gros-donostia-2010.trf")
	if len(tr.XXA) != 26 || tr.XXA[0].Player != 1 || !reflect.DeepEqual(tr.XXA[0].Points, []int{10, 10, 10, 5, 5}) {
		t.Fatalf("XXA: %d lines, first %+v", len(tr.XXA), tr.XXA[0])
	}
	acc := tr.DutchOptions(5, 0).Acceleration
	if acc == nil {
		t.Fatal("XXA gives no acceleration")
	}
	// chess points: 1.0 = 2 game points, 0.5 = 1; players 27-52 and round 6 get none
	for _, c := range []struct{ id, r, want int }{{1, 1, 2}, {26, 3, 2}, {1, 4, 1}, {26, 5, 1}, {27, 1, 0}, {1, 6, 0}} {
		if got := acc(c.id, c.r); got != c.want {
			t.Errorf("player %d round %d: %d game points of acceleration, want %d", c.id, c.r, got, c.want)
		}
	}
	var out bytes.Buffer
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\nXXA    1  1.0  1.0  1.0  0.5  0.5\n") {
		t.Errorf("XXA not written back as read:\n%s", out.String())
	}

}

// testTRFXXZ: players 2 and 5 sit out round 4 (the round to be paired) only.
func testTRFXXZ(t *testing.T) {
	small := string(readSmall(t))
	tr, err := Parse(strings.NewReader(small + "XXZ 2 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range tr.Entrants() {
		if want := e.ID != 2 && e.ID != 5; e.Available != want {
			t.Errorf("XXZ 2 5: player %d available %v", e.ID, e.Available)
		}
	}
	for _, e := range tr.EntrantsAfter(2) { // only the round to be paired
		if !e.Available && (e.ID == 2 || e.ID == 5) {
			t.Errorf("XXZ applied to round 3, already paired in the file: player %d", e.ID)
		}
	}
	var out bytes.Buffer
	Write(&out, tr)
	if !strings.Contains(out.String(), "\nXXZ 2 5\n") {
		t.Errorf("XXZ not written back:\n%s", out.String())
	}

}

// testTRFXXS: the point system by result, kept as read; bad XX lines refused.
func testTRFXXS(t *testing.T) {
	small := string(readSmall(t))
	// XXS: the default chess points spelt out; kept and written instead of BB? lines
	xxs := "XXS WW=1.0 BW=1.0 WD=0.5 BD=0.5 WL=0.0 BL=0.0 ZPB=0.0 HPB=0.5 FPB=1.0 PAB=1.0 FW=1.0 FL=0.0"
	tr, err := Parse(strings.NewReader(small + xxs + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Points != DefaultPoints || !tr.PointsGiven {
		t.Errorf("XXS: %+v given %v", tr.Points, tr.PointsGiven)
	}
	var out bytes.Buffer
	Write(&out, tr)
	if !strings.Contains(out.String(), "\n"+xxs+"\n") || strings.Contains(out.String(), "BBW") {
		t.Errorf("XXS not written back alone:\n%s", out.String())
	}
	// a half-point pairing-allocated bye: small.trf's two U byes are then worth 0.5
	if tr, err := Parse(strings.NewReader(small + "XXS PAB=0.5\n")); err == nil || !strings.Contains(err.Error(), "points column") {
		t.Errorf("XXS PAB=0.5 with byes counted 1.0: %v (%+v)", err, tr)
	}
	for src, want := range map[string]string{
		"XXS WW=1.0 BW=1.5\n":  "differ",
		"XXS QQ=1.0\n":         "unknown code",
		"XXS W1.0\n":           "CODE=points",
		"XXA    1  1.0  x.5\n": "XXA: points",
		"XXA    0  1.0\n":      "starting rank",
		"XXZ 2 x\n":            "XXZ",
	} {
		if _, err := Parse(strings.NewReader(small + src)); err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrMalformed) {
			t.Errorf("%q: %v, want an error about %q", src, err, want)
		}
	}

}

// testTRFXXC: the XXC options in any order and case.
func testTRFXXC(t *testing.T) {
	small := string(readSmall(t))
	// XXC: options in any order, the colour and rank both read
	for _, xxc := range []string{"XXC rank white1", "XXC white1 rank", "XXC RANK WHITE1"} {
		tr, err := Parse(strings.NewReader(strings.Replace(small, "XXC white1", xxc, 1)))
		if err != nil {
			t.Fatalf("%s: %v", xxc, err)
		}
		if !tr.ByRank || tr.InitialColour != pairing.White {
			t.Errorf("%s: rank %v colour %v", xxc, tr.ByRank, tr.InitialColour)
		}
	}
}

// TestTRFRoundsWithoutXXR: a file without 142/XXR has as many rounds as it has paired
// (bbpPairings reads it so), so its last paired round is the event's last, where the
// topscorers are exempt from the absolute colour rule (C.04.3 Art. 1.8, C3). In the
// bbpPairings file below, round 11 pairs two topscorers with the same absolute colour
// preference; the checker re-pairs every round as bbpPairings did.
func TestTRFRoundsWithoutXXR(t *testing.T) {
	_, tr := readTRFFixture(t, "testdata/trf/bbp-generated-25p-no-xxr.trf")
	if tr.TotalRounds != 0 || tr.PlayedRounds() != 11 {
		t.Fatalf("rounds %d, played %d: want no XXR and 11 paired", tr.TotalRounds, tr.PlayedRounds())
	}
	if got := tr.DutchOptions(11, 0).TotalRounds; got != 11 {
		t.Errorf("DutchOptions(11).TotalRounds = %d, want 11 (the rounds paired)", got)
	}
	c, err := Check(tr, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Rounds {
		if !r.Same {
			t.Errorf("round %d: %v %v %s", r.Round, r.Violations, r.Diffs, r.Error)
		}
	}
	// with XXR 12, round 11 is not the last: no exemption, and the file's round 11 breaks C.3
	tr.TotalRounds = 12
	if c, err = Check(tr, 0); err != nil {
		t.Fatal(err)
	}
	if last := c.Rounds[10]; last.Same || len(last.Violations) == 0 {
		t.Errorf("XXR 12: round 11 %+v, want a C.3 violation", last)
	}
}

// readTRFFixture reads a TRF of testdata and parses it, failing the test on error; it
// returns the file's bytes and the parsed TRF.
func readTRFFixture(t *testing.T, path string) ([]byte, *File) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return b, tr
}
