package main

import (
	"arbitro/pairing"
	"arbitro/trf"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func writeTemp(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func trfLine(num int, name string, rating int) string {
	b := []byte(strings.Repeat(" ", 89))
	copy(b, "001")
	copy(b[4:], fmt.Sprintf("%4d", num))
	copy(b[14:], name)
	copy(b[48:], fmt.Sprintf("%4d", rating))
	copy(b[80:], " 0.0")
	return string(b)
}

func fmtInt(n int) string { return strconv.Itoa(n) }

// Round 1 of six players with XXC white1: S1 = 1,2,3 against S2 = 4,5,6; odd-numbered
// higher-ranked players get the initial colour (C.04.3 Art. 5.2.5).
func TestEnginePairRound1(t *testing.T) {
	var src strings.Builder
	src.WriteString("012 Engine test\n")
	for i := 1; i <= 6; i++ {
		src.WriteString(trfLine(i, "Player "+fmtInt(i), 2000-i) + "\n")
	}
	src.WriteString("XXR 5\nXXC white1\n")
	in := writeTemp(t, "in.trf", src.String())
	out := filepath.Join(filepath.Dir(in), "out.txt")
	if _, code := runCLI(t, "pair", "--system", "dutch", "--trf", in, "--output", out); code != 0 {
		t.Fatalf("exit %d", code)
	}
	got, _ := os.ReadFile(out)
	if string(got) != "3\n1 4\n5 2\n3 6\n" {
		t.Fatalf("output %q", got)
	}
	if _, code := runCLI(t, "pair", "--system", "italo-swiss", "--trf", in); code != exitUsage {
		t.Fatalf("italo-swiss: exit %d, want %d", code, exitUsage)
	}
}

// The next round of testdata small.trf: everybody available paired once, the bye counted
// in the first line, and --check on a file carrying that round finds no difference.
func TestEnginePairAndCheck(t *testing.T) {
	data, err := os.ReadFile("../../trf/testdata/trf/small.trf")
	if err != nil {
		t.Skip("trf/testdata/trf/small.trf not found")
	}
	in := writeTemp(t, "small.trf", string(data))
	buf, code := runCLI(t, "pair", "--system", "dutch", "--trf", in, "--output", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if lines[0] != "4" || len(lines) != 5 {
		t.Fatalf("output %q", buf.String())
	}
	seen := map[string]bool{}
	byes := 0
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("line %q", l)
		}
		if f[1] == "0" {
			byes++
		} else if seen[f[1]] {
			t.Fatalf("player %s twice", f[1])
		}
		if seen[f[0]] {
			t.Fatalf("player %s twice", f[0])
		}
		seen[f[0]], seen[f[1]] = true, true
	}
	// player 6 announced nothing for round 4, so all 7 play: 3 pairs and a bye
	if byes != 1 {
		t.Fatalf("%d byes in %q", byes, buf.String())
	}
	// the last round of small.trf was not paired by the Dutch engine: --check reports it
	buf, code = runCLI(t, "pair", "--check", "--trf", in)
	if code != exitError || !strings.Contains(buf.String(), "round 3:") {
		t.Fatalf("check: exit %d\n%s", code, buf.String())
	}
}

// A round paired by the engine itself, written into the TRF, passes --check.
func TestTRFCheckOwnRound(t *testing.T) {
	var src strings.Builder
	for i := 1; i <= 7; i++ {
		src.WriteString(trfLine(i, "Player "+fmtInt(i), 2000-i) + "\n")
	}
	src.WriteString("XXR 5\nXXC black1\n")
	tr, err := trf.Parse(strings.NewReader(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := pairing.Dutch(tr.Entrants(), pairing.DutchOptions{Round: 1, TotalRounds: 5, InitialColour: pairing.Black})
	if err != nil {
		t.Fatal(err)
	}
	idx := map[int]int{}
	for i, p := range tr.Players {
		idx[p.Number] = i
	}
	for _, p := range res.Pairs {
		w := &tr.Players[idx[p.White]]
		if p.IsBye() {
			w.Rounds = []trf.Round{{Opponent: 0, Colour: '-', Result: 'U'}}
			w.Points = 10
			continue
		}
		b := &tr.Players[idx[p.Black]]
		w.Rounds = []trf.Round{{Opponent: p.Black, Colour: 'w', Result: '='}}
		b.Rounds = []trf.Round{{Opponent: p.White, Colour: 'b', Result: '='}}
		w.Points, b.Points = 5, 5
	}
	var buf bytes.Buffer
	if err := trf.Write(&buf, tr); err != nil {
		t.Fatal(err)
	}
	in := writeTemp(t, "r1.trf", buf.String())
	if out, code := runCLI(t, "pair", "--check", "--trf", in); code != 0 || !strings.Contains(out.String(), "the round is the engine's pairing") {
		t.Fatalf("check: exit %d\n%s\n%s", code, out.String(), buf.String())
	}
	var out bytes.Buffer
	// the same round imported into a database passes the stored check; swapping the
	// colours of board 1 in the file makes it fail with one difference
	db := filepath.Join(t.TempDir(), "a.db")
	var stderr bytes.Buffer
	if code := run([]string{"--db", db, "tournament", "import-trf", in, "--name", "R1"}, bufferStreams(&out, &stderr)); code != 0 {
		t.Fatalf("import: %d %s", code, stderr.String())
	}
	if out, code := runCLI(t, "--db", db, "--tournament", "R1", "pair", "--check"); code != 0 || !strings.Contains(out.String(), "the stored round is the engine's pairing") {
		t.Fatalf("stored check: exit %d\n%s", code, out.String())
	}
	w := res.Pairs[0]
	i, j := idx[w.White], idx[w.Black]
	tr.Players[i].Rounds[0].Colour, tr.Players[j].Rounds[0].Colour = 'b', 'w'
	buf.Reset()
	trf.Write(&buf, tr)
	in2 := writeTemp(t, "r1swap.trf", buf.String())
	if code := run([]string{"--db", db, "tournament", "import-trf", in2, "--name", "R1swap"}, bufferStreams(&out, &stderr)); code != 0 {
		t.Fatalf("import: %d %s", code, stderr.String())
	}
	if out, code := runCLI(t, "--db", db, "--tournament", "R1swap", "pair", "--check"); code != exitError || strings.Count(out.String(), "difference: colours") != 1 {
		t.Fatalf("swapped colours: exit %d\n%s", code, out.String())
	}
}

// runCLI runs the command line in this process and returns its standard output and exit
// code (standard error goes to the test log).
func runCLI(t *testing.T, args ...string) (*bytes.Buffer, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, bufferStreams(&out, &errb))
	if errb.Len() > 0 {
		t.Logf("stderr: %s", errb.String())
	}
	return &out, code
}
