package tournament

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/rules"
)

// TestSystemFacts pins what each system says about itself: a system wired to another's
// behaviour (a copied file, a wrong rank, a swapped table) fails here.
func TestSystemFacts(t *testing.T) {
	for _, c := range []struct {
		s                              System
		code, key, siteKey             string
		tieBreaks                      []string
		fixed, italo, dutch, trf, manu bool
		field5, field6                 int
		trfName, trfCode               string // with 6 players, 5 rounds
		colour                         pairing.Colour
	}{
		{RoundRobin, "round-robin", "system.round-robin", "site.system.round-robin",
			[]string{"sonneborn-berger", "direct-encounter", "wins"}, true, false, false, false, false, 5, 5,
			"Individual: Round-Robin", "BERGER_ROUNDROBIN", pairing.NoColour},
		{ItaloSwiss, "italo-swiss", "system.italo-swiss", "site.system.italo-swiss",
			[]string{"quoziente", "sonneborn-berger", "direct-encounter"}, false, true, false, false, true, 0, 0,
			"Individual: Swiss-System (FID Italo-Swiss)", "CUSTOM_SWISS", pairing.NoColour},
		{Dutch, "dutch", "system.dutch", "site.system.dutch",
			[]string{"quoziente", "sonneborn-berger", "direct-encounter"}, false, false, true, true, true, 0, 0,
			"Individual: Swiss-System (FIDE Dutch)", "FIDE_DUTCH_2025", pairing.LotColour(7)},
	} {
		s := c.s
		if s.Code() != c.code || s.String() != c.code || s.CatalogKey() != c.key || s.SiteCatalogKey() != c.siteKey {
			t.Errorf("%s: code %q string %q keys %q %q", c.code, s.Code(), s.String(), s.CatalogKey(), s.SiteCatalogKey())
		}
		if got := s.DefaultTieBreaks(); !reflect.DeepEqual(got, c.tieBreaks) {
			t.Errorf("%s: default tie-breaks %v, want %v", c.code, got, c.tieBreaks)
		}
		if s.FixedTable() != c.fixed || s.HasItaloFormat() != c.italo || s.DutchSettings() != c.dutch || s.TRFEngine() != c.trf || s.ManualPairs() != c.manu {
			t.Errorf("%s: fixed %v italo %v dutch %v trf %v manual %v", c.code, s.FixedTable(), s.HasItaloFormat(), s.DutchSettings(), s.TRFEngine(), s.ManualPairs())
		}
		if s.FieldRounds(5) != c.field5 || s.FieldRounds(6) != c.field6 {
			t.Errorf("%s: field rounds %d (5 players) %d (6 players)", c.code, s.FieldRounds(5), s.FieldRounds(6))
		}
		if name, code := s.TRFType(6, 5); name != c.trfName || code != c.trfCode {
			t.Errorf("%s: TRF type %q %q, want %q %q", c.code, name, code, c.trfName, c.trfCode)
		}
		if s.InitialColour(7) != c.colour {
			t.Errorf("%s: initial colour %v, want %v", c.code, s.InitialColour(7), c.colour)
		}
		if _, err := TieBreaksFromNames(s.DefaultTieBreaks()); err != nil {
			t.Errorf("%s: %v", c.code, err)
		}
	}
	if _, code := RoundRobin.TRFType(4, 6); code != "BERGER_DOUBLEROUNDROBIN" {
		t.Errorf("double round robin: %q", code)
	}
	var zero System
	if !zero.IsZero() || zero.Code() != "" || zero.CatalogKey() != "" || zero.DefaultTieBreaks() != nil || zero.FixedTable() || zero.ManualPairs() ||
		zero.InitialColour(7) != pairing.NoColour || zero.Needs(&Tournament{}, 2) != (FactNeeds{}) {
		t.Errorf("the zero System has behaviour")
	}
	if got := SystemCodes(); !reflect.DeepEqual(got, []string{"round-robin", "italo-swiss", "dutch"}) {
		t.Errorf("systems in order %v", got)
	}
	if SystemList() != "round-robin, italo-swiss or dutch" {
		t.Errorf("SystemList %q", SystemList())
	}
}

// TestSystemNeeds: the facts the store reads for each system and round.
func TestSystemNeeds(t *testing.T) {
	tr := &Tournament{ItaloFormat: string(pairing.ItaloArt8), ClubSeparation: "club"}
	rot := &Tournament{ItaloFormat: string(pairing.ItaloRotation)}
	for _, c := range []struct {
		s     System
		t     *Tournament
		round int
		want  FactNeeds
	}{
		{RoundRobin, tr, 2, FactNeeds{Late: true}},
		{ItaloSwiss, tr, 1, FactNeeds{Entries: true}},
		{ItaloSwiss, tr, 3, FactNeeds{Prev: true, PrevRests: true, Entries: true}},
		{ItaloSwiss, rot, 3, FactNeeds{Prev: true}},
		{Dutch, tr, 1, FactNeeds{Forbidden: true, Accel: true}},
	} {
		if got := c.s.Needs(c.t, c.round); got != c.want {
			t.Errorf("%s round %d: %+v, want %+v", c.s, c.round, got, c.want)
		}
	}
}

// TestParseSystem: every code in any case is its system; anything else is refused with
// ErrMalformed and the list of systems.
func TestParseSystem(t *testing.T) {
	for _, c := range []struct {
		in   string
		want System
	}{
		{"round-robin", RoundRobin}, {"Round-Robin", RoundRobin}, {"ROUND-ROBIN", RoundRobin},
		{"italo-swiss", ItaloSwiss}, {"Italo-Swiss", ItaloSwiss}, {"ITALO-SWISS", ItaloSwiss},
		{"dutch", Dutch}, {"Dutch", Dutch}, {"DUTCH", Dutch},
	} {
		if got, err := ParseSystem(c.in); err != nil || got != c.want {
			t.Errorf("ParseSystem(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"swiss", `pairing system "swiss" (use round-robin, italo-swiss or dutch)`},
		{"Svizzero", `pairing system "svizzero" (use round-robin, italo-swiss or dutch)`},
		{"", `pairing system "" (use round-robin, italo-swiss or dutch)`},
		{" dutch", `pairing system " dutch" (use round-robin, italo-swiss or dutch)`},
	} {
		s, err := ParseSystem(c.in)
		if !errors.Is(err, ErrMalformed) || !s.IsZero() || err.Error() != ErrMalformed.Error()+": "+c.msg {
			t.Errorf("ParseSystem(%q) = %v, %v; want %s", c.in, s, err, c.msg)
		}
	}
	var ue *UnknownSystemError
	if _, err := ParseSystem("swiss"); !errors.As(err, &ue) || ue.Name != "swiss" {
		t.Errorf("ParseSystem's error %#v", err)
	}
	tr := Tournament{Name: "Open", Variant: rules.Italian, Rounds: 5}
	if err := tr.Validate(); !errors.Is(err, ErrMalformed) || !errors.As(err, &ue) || ue.Name != "" || !strings.Contains(err.Error(), `pairing system "" (use round-robin, italo-swiss or dutch)`) {
		t.Errorf("a tournament without a system: %v", err)
	}
}

// TestSystemJSON: a System is its code in JSON, byte for byte what the string field wrote,
// and reads back to the same value; an unknown code does not read.
func TestSystemJSON(t *testing.T) {
	for _, s := range Systems() {
		b, err := json.Marshal(struct {
			Ex *RoundExplanation `json:"ex"`
			C  PairingCheck      `json:"c"`
		}{&RoundExplanation{System: s, Round: 2}, PairingCheck{Round: 2, System: s}})
		if err != nil {
			t.Fatal(err)
		}
		old, _ := json.Marshal(struct {
			Ex struct {
				System string `json:"system"`
				Round  int    `json:"round"`
				Seed   int64  `json:"seed"`
			} `json:"ex"`
		}{Ex: struct {
			System string `json:"system"`
			Round  int    `json:"round"`
			Seed   int64  `json:"seed"`
		}{s.Code(), 2, 0}})
		if !strings.HasPrefix(string(b), strings.TrimSuffix(string(old), "}")) || !strings.Contains(string(b), `"c":{"round":2,"system":"`+s.Code()+`",`) {
			t.Errorf("%s: %s", s, b)
		}
		var back struct {
			Ex *RoundExplanation `json:"ex"`
			C  PairingCheck      `json:"c"`
		}
		if err := json.Unmarshal(b, &back); err != nil || back.Ex.System != s || back.C.System != s {
			t.Errorf("%s: read back %v %+v", s, err, back)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(b) {
			t.Errorf("%s: round trip %s, want %s", s, again, b)
		}
	}
	tr := Tournament{ID: 1, Name: "Open", Variant: rules.Italian, System: ItaloSwiss, Rounds: 5, Scoring: "2-1-0", TieBreaks: []string{}, Lang: "it"}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":1,"name":"Open","variant":"italian","system":"italo-swiss","rounds":5,"scoring":"2-1-0","bye_points":0,"forfeit_points":0,"games_per_pairing":0,"tiebreaks":[],"seed":0,"created_at":"","lang":"it","players":0,"rounds_paired":0}`
	if string(b) != want {
		t.Errorf("tournament JSON\n%s\nwant\n%s", b, want)
	}
	if b, _ := json.Marshal(Tournament{}); !strings.Contains(string(b), `"system":""`) {
		t.Errorf("no system: %s", b)
	}
	var ex RoundExplanation
	if err := json.Unmarshal([]byte(`{"system":"swiss"}`), &ex); !errors.Is(err, ErrMalformed) {
		t.Errorf("unknown system read: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"system":""}`), &ex); err != nil || !ex.System.IsZero() {
		t.Errorf("empty system read: %v %v", err, ex.System)
	}
}

// TestSystemSetAndLot: `tournament set system` parses the name and gives or clears the
// Italo-Swiss format; the lot and its method follow the system.
func TestSystemSetAndLot(t *testing.T) {
	cur := &Tournament{System: Dutch}
	nt := *cur
	if err := FieldSetters["system"](&nt, cur, "system", "Italo-Swiss"); err != nil || nt.System != ItaloSwiss || nt.ItaloFormat != string(pairing.ItaloArt8) {
		t.Errorf("set italo-swiss: %v %v %q", err, nt.System, nt.ItaloFormat)
	}
	prev := nt
	cur = &prev
	if err := FieldSetters["system"](&nt, cur, "system", "round-robin"); err != nil || nt.System != RoundRobin || nt.ItaloFormat != "" {
		t.Errorf("set round-robin: %v %v %q", err, nt.System, nt.ItaloFormat)
	}
	if err := FieldSetters["system"](&nt, cur, "system", "Swiss"); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), `pairing system "swiss"`) {
		t.Errorf("set swiss: %v", err)
	}

	entries := []Entry{{ID: 1, Rating: 1500}, {ID: 2, Rating: 2100}, {ID: 3, Rating: 1800}}
	nums, _, err := DrawNumbers(&Tournament{System: Dutch}, 7, entries)
	if err != nil || !reflect.DeepEqual(nums, map[int]int{2: 1, 3: 2, 1: 3}) {
		t.Errorf("Dutch numbers by rating: %v %v", nums, err)
	}
	lot, _ := pairing.Lot(7, []int{1, 2, 3})
	for _, s := range []System{RoundRobin, ItaloSwiss} {
		if nums, _, err := DrawNumbers(&Tournament{System: s}, 7, entries); err != nil || !reflect.DeepEqual(nums, lot) {
			t.Errorf("%s lot: %v %v, want %v", s, nums, err, lot)
		}
	}
	if _, _, err := DrawNumbers(&Tournament{}, 7, entries); !errors.Is(err, ErrInvalid) {
		t.Errorf("lot without a system: %v", err)
	}
	if r := NewLotResult(&Tournament{System: Dutch, Rounds: 5}, 7, nil, 3); r.Method != "rating" || r.InitialColour != pairing.LotColour(7).String() || len(r.Warnings) != 0 {
		t.Errorf("Dutch lot result %+v", r)
	}
	if r := NewLotResult(&Tournament{System: RoundRobin, Rounds: 3}, 7, nil, 4); r.Method != "lot" || r.InitialColour != "" || len(r.Warnings) != 0 {
		t.Errorf("round-robin lot result %+v", r)
	}
	if r := NewLotResult(&Tournament{System: ItaloSwiss, Rounds: 40}, 7, nil, 8); r.Method != "lot" || len(r.Warnings) != 1 || r.Warnings[0].Code != NoteRoundsAdvised || r.Warnings[0].Args["rounds"] != 40 || r.Warnings[0].Args["players"] != 8 {
		t.Errorf("Italo-Swiss lot result %+v", r)
	}
}

// TestPlanBySystem: PlanRound hands each system its own engine: the explanation names the
// system and carries that engine's part alone; only the Swiss systems take manual pairs
// and have floats; CheckWithEngine re-pairs a planned round identically.
func TestPlanBySystem(t *testing.T) {
	for _, s := range Systems() {
		snap := snapshot(s, 2, round1Played(4))
		snap.Tournament.Rounds = 3
		snap.Prev = []pairing.Pair{{Board: 1, White: 10, Black: 20}, {Board: 2, White: 30, Black: 40}}
		p, err := PlanRound(snap, PairOptions{})
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if p.Explanation.System != s || (p.Explanation.Berger != nil) != (s == RoundRobin) || (p.Explanation.Italo != nil) != (s == ItaloSwiss) || (p.Explanation.Dutch != nil) != (s == Dutch) {
			t.Errorf("%s: explanation %+v", s, p.Explanation)
		}
		if s.FixedTable() && len(p.Floats) != 0 {
			t.Errorf("%s: floats %v", s, p.Floats)
		}
		c := &PairingCheck{Round: 2, System: s, Checked: p.Pairs}
		if err := CheckWithEngine(c, &snap.Tournament, snap.Entrants, snap.SystemFacts); err != nil || !c.Identical() {
			t.Errorf("%s: check of its own round: %v %+v", s, err, c)
		}
		_, err = PlanRound(snapshot(s, 2, round1Played(4)), PairOptions{Manual: []ManualPair{{White: 1, Black: 4}}})
		if s.ManualPairs() != (err == nil) {
			t.Errorf("%s: manual pairs: %v", s, err)
		}
	}
	if err := CheckWithEngine(&PairingCheck{Round: 2}, &Tournament{}, round1Played(4), SystemFacts{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("check without a system: %v", err)
	}
}
