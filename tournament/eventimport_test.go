package tournament

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

const (
	italianEvent = "testdata/events/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	worldEvent   = "testdata/events/intl_world_championship_2007_rounds01-11.pdn"
)

// pdnGame writes one short Italian game with the given tags.
func pdnGame(round, white, black, result, moves string) string {
	s := ""
	if round != "" {
		s += `[Round "` + round + `"]` + "\n"
	}
	return s + `[White "` + white + `"]` + "\n" + `[Black "` + black + `"]` + "\n" + `[Result "` + result + `"]` + "\n" +
		`[GameType "22"]` + "\n\n" + moves + " " + result + "\n\n"
}

func TestEventImportInfersRoundRobin(t *testing.T) {
	// 4 players, 3 rounds, every pair once: a whole round robin.
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("1", "C, C", "D, D", "0-1", "1. 22-18") +
		pdnGame("2", "A, A", "C, C", "1-0", "1. 22-18") + pdnGame("2", "B, B", "D, D", "0-1", "1. 22-18") +
		pdnGame("3", "D, D", "A, A", "1-0", "1. 22-18") + pdnGame("3", "B, B", "C, C", "0-1", "1. 22-18")
	games, _, err := ReadEventPDN(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanEventImport(games, EventImportOptions{Name: "RR"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != RoundRobin || plan.Tournament.Rounds != 3 || plan.RoundSource != RoundFromTag {
		t.Errorf("%+v %s", plan.Tournament, plan.RoundSource)
	}
	// A rematch in round 3 makes it a Swiss.
	src2 := strings.Replace(src, `[White "D, D"]`+"\n"+`[Black "A, A"]`, `[White "D, D"]`+"\n"+`[Black "C, C"]`, 1)
	src2 = strings.Replace(src2, `[White "B, B"]`+"\n"+`[Black "C, C"]`, `[White "B, B"]`+"\n"+`[Black "A, A"]`, 1)
	games, _, _ = ReadEventPDN(strings.NewReader(src2))
	plan, err = PlanEventImport(games, EventImportOptions{Name: "RR2"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != ItaloSwiss {
		t.Errorf("with a rematch: %s", plan.Tournament.System)
	}
}

func TestRoundInText(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		rest string
	}{
		{"69° ASSOLUTO 1° TURNO", 1, "69° ASSOLUTO"},
		{"69° ASSOLUTO 12° TURNO", 12, "69° ASSOLUTO"},
		{"Open di Roma, turno 3", 3, "Open di Roma"},
		{"Dutch championship round 5", 5, "Dutch championship"},
		{"NK 2009 ronde 1", 1, "NK 2009"},
		{"Wk 2007", 0, "Wk 2007"},
		{"69° ASSOLUTO", 0, "69° ASSOLUTO"},
	} {
		n, rest := RoundInText(c.in)
		if n != c.n || rest != c.rest {
			t.Errorf("RoundInText(%q) = %d, %q; want %d, %q", c.in, n, rest, c.n, c.rest)
		}
	}
}

func TestEventPlayerName(t *testing.T) {
	for in, want := range map[string]string{
		"BORGHETTI Michele":   "BORGHETTI, Michele",
		"LO GALBO Santo":      "LO GALBO, Santo",
		"DE GRANDIS Mirco":    "DE GRANDIS, Mirco",
		"Akker,van den,J.":    "Akker, van den, J.",
		"Schwarzman,A.":       "Schwarzman, A.",
		"Mario Rossi":         "Mario Rossi",
		"  D'ALESSIO   Luca ": "D'ALESSIO, Luca",
	} {
		if got := EventPlayerName(in); got != want {
			t.Errorf("EventPlayerName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"maijnelli", "majnelli", 1}, {"neri", "nerri", 1}, {"kitten", "sitting", 3}, {"abc", "abc", 0}, {"", "ab", 2}} {
		if got := editDistance(c.a, c.b, 5); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
	// The brothers of the 2005 championship are not reported.
	if d := PossibleDuplicates([]string{"MAIJNELLI, Antonino", "MAIJNELLI, Michele"}); len(d) != 0 {
		t.Errorf("%v", d)
	}
}

// BenchmarkEventPlan is the same without the database: read and judge only.
func BenchmarkEventPlan(b *testing.B) {
	data, err := os.ReadFile(worldEvent)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		games, _, err := ReadEventPDN(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := PlanEventImport(games, EventImportOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
