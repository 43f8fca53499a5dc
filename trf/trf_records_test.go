package trf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
)

// TestTRFTypeAndTieBreakCodes: an export of a tournament made in arbitro writes record
// 182 (the pairing controller, arbitro), 192 (the tournament-type code) and records 202 and 212 (the tie-breaks as FIDE C.07
// codes) when every tie-break has a code; the quoziente (FID) has none, so a list with it
// writes neither.
func TestTRFTypeAndTieBreakCodes(t *testing.T) {
	for _, c := range []struct {
		system   tournament.System
		players  int
		rounds   int
		tbs      []tournament.TieBreak
		code     string
		tb, stTB string
	}{
		{tournament.Dutch, 4, 3, []tournament.TieBreak{tournament.TBBuchholzCut1, tournament.TBBuchholz, tournament.TBSonnebornBerger, tournament.TBDirectEncounter}, "FIDE_DUTCH_2025", "BH/C1,BH,SB,DE", "PTS,BH/C1,BH,SB,DE"},
		{tournament.Dutch, 4, 3, []tournament.TieBreak{tournament.TBQuoziente, tournament.TBSonnebornBerger}, "FIDE_DUTCH_2025", "", ""},
		{tournament.RoundRobin, 5, 5, []tournament.TieBreak{tournament.TBSonnebornBerger, tournament.TBWins, tournament.TBWinsPlayed, tournament.TBProgressive, tournament.TBAverageRating, tournament.TBBuchholzMedian}, "BERGER_ROUNDROBIN", "SB,WIN,WON,PS,ARO,BH/M1", "PTS,SB,WIN,WON,PS,ARO,BH/M1"},
		{tournament.RoundRobin, 4, 6, nil, "BERGER_DOUBLEROUNDROBIN", "", "PTS"},
		{tournament.ItaloSwiss, 6, 3, []tournament.TieBreak{tournament.TBLot}, "CUSTOM_SWISS", "", ""},
	} {
		b := newBuilder(c.rounds)
		for i := range c.players {
			b.ct.Players = append(b.ct.Players, tournament.CrossEntry{ID: i + 1, Number: i + 1, Name: fmt.Sprintf("P%d", i+1)})
		}
		b.ct.Event.System, b.ct.TieBreaks = c.system, c.tbs
		tr, err := FromCrosstable(&b.ct, pairing.NoColour)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Write(&out, tr); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&out)
		if err != nil {
			t.Fatal(err)
		}
		if again.Controller != "arbitro" {
			t.Errorf("182: %q, want arbitro", again.Controller)
		}
		if again.TypeCode != c.code || again.TieBreaks != c.tb || again.StandingsTieBreaks != c.stTB {
			t.Errorf("%s %v: 192 %q 202 %q 212 %q; want %q %q %q", c.system, c.tbs, again.TypeCode, again.TieBreaks, again.StandingsTieBreaks, c.code, c.tb, c.stTB)
		}
	}
}

// TestTRFTimeControlCode: record 222 from the announced time control of a tournament made
// in arbitro (TRF-2026: 90'+30" is 5400+30); a control it cannot read gets none.
func TestTRFTimeControlCode(t *testing.T) {
	for in, want := range map[string]string{`90'+30"`: "5400+30", `90' + 30"`: "5400+30", "90 min + 30 s": "5400+30", "90+30": "5400+30",
		"60'": "3600", "25 min": "1500", "5+0": "300+0", "40/90'+30'": "", "": "", "rapid": "", "0+5": ""} {
		if got := timeControlCode(in); got != want {
			t.Errorf("%q: 222 %q, want %q", in, got, want)
		}
	}
	b := newBuilder(3)
	b.ct.Players = []tournament.CrossEntry{{ID: 1, Number: 1, Name: "A"}, {ID: 2, Number: 2, Name: "B"}}
	b.ct.Event.System, b.ct.Event.TimeControl = tournament.Dutch, `90'+30"`
	tr, err := FromCrosstable(&b.ct, pairing.NoColour)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\n122 90'+30\"\n") || !strings.Contains(out.String(), "\n222 5400+30\n") {
		t.Errorf("122/222 not written:\n%s", out.String())
	}
}

// TestTRFSystemMapping: the 022 line and the 192 code of each system, and the system an
// import gives (Dutch unless the options say otherwise).
func TestTRFSystemMapping(t *testing.T) {
	for _, c := range []struct {
		system     tournament.System
		name, code string
	}{
		{tournament.Dutch, "Individual: Swiss-System (FIDE Dutch)", "FIDE_DUTCH_2025"},
		{tournament.ItaloSwiss, "Individual: Swiss-System (FID Italo-Swiss)", "CUSTOM_SWISS"},
		{tournament.RoundRobin, "Individual: Round-Robin", "BERGER_ROUNDROBIN"},
		{tournament.System{}, "", ""},
	} {
		b := newBuilder(3)
		for i := range 4 {
			b.ct.Players = append(b.ct.Players, tournament.CrossEntry{ID: i + 1, Number: i + 1, Name: fmt.Sprintf("P%d", i+1)})
		}
		b.ct.Event.System = c.system
		tr, err := FromCrosstable(&b.ct, pairing.NoColour)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Type != c.name || tr.TypeCode != c.code {
			t.Errorf("%q: 022 %q 192 %q, want %q %q", c.system, tr.Type, tr.TypeCode, c.name, c.code)
		}
	}
	f := &File{Name: "Open", TotalRounds: 5}
	if got := TrfTournament(f, ImportOptions{Seed: 1}).System; got != tournament.Dutch {
		t.Errorf("import without a system: %v, want dutch", got)
	}
	if got := TrfTournament(f, ImportOptions{Seed: 1, System: tournament.ItaloSwiss}).System; got != tournament.ItaloSwiss {
		t.Errorf("import as italo-swiss: %v", got)
	}
}
