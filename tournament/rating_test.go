package tournament

import (
	"strings"
	"testing"
)

// Q is 10 for Italian draughts and 15 for International (FID 2021 amendment of Tabella 17).
func TestRatingQ(t *testing.T) {
	if RatingQ(VariantItalian) != 10 || RatingQ(VariantInternational) != 15 {
		t.Fatalf("Q = %d / %d, want 10 / 15", RatingQ(VariantItalian), RatingQ(VariantInternational))
	}
}

// The conversion table: the largest difference not above |d|, mirrored for a negative d.
func TestExpectedTable(t *testing.T) {
	tab, err := ParseExpectedTable(strings.NewReader("diff;expected\n0;50%\n100;0,64\n200;0.76\n"))
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range map[int]float64{0: 0.5, 99: 0.5, 100: 0.64, 150: 0.64, 250: 0.76, -150: 0.36} {
		if got := tab.Expected(d); got < want-1e-9 || got > want+1e-9 {
			t.Errorf("Expected(%d) = %v, want %v", d, got, want)
		}
	}
	if _, err := ParseExpectedTable(strings.NewReader("0,0.5\n-5,0.4\n")); err == nil {
		t.Error("a negative difference accepted")
	}
}

// What the report does not compute (RatingGaps): the expected score only without a
// conversion table; V and CF always, with the Capo VI articles and the Tabella 17 of the
// 2021 amendment; the starting capitals of Tabelle 11-12 (Art. 9) only when a player has
// no capital.
func TestRatingGaps(t *testing.T) {
	whats := func(gs []RatingGap) string {
		var s []string
		for _, g := range gs {
			s = append(s, g.What)
		}
		return strings.Join(s, ",")
	}
	rated := []RatingRow{{Capital: 1800}, {Capital: 1500}}
	if got := whats(RatingGaps(rated, false)); got != "expected-score,variation,final-capital" {
		t.Errorf("no table: %s", got)
	}
	gs := RatingGaps(rated, true)
	if got := whats(gs); got != "variation,final-capital" {
		t.Errorf("with a table: %s", got)
	}
	if v := gs[0]; v.Article != "9-10" || len(v.Tables) != 1 || v.Tables[0] != 17 {
		t.Errorf("V: %+v, want Art. 9-10, Tabella 17", v)
	}
	gs = RatingGaps(append(rated, RatingRow{Capital: 0}), true)
	last := gs[len(gs)-1]
	if last.What != RatingGapStart || last.Article != "9" || len(last.Tables) != 2 || last.Tables[0] != 11 || last.Tables[1] != 12 {
		t.Errorf("a player without a capital: %+v, want the starting capital, Art. 9, Tabelle 11-12", last)
	}
}

// Every place looked in has an address and a known finding, each address once.
func TestRatingSources(t *testing.T) {
	known := map[string]bool{RatingFoundCapoVI: true, RatingFoundOldCapoVI: true, RatingFoundAmendment: true, RatingFoundIndex: true, RatingFoundNoProgram: true}
	seen := map[string]bool{}
	for _, s := range RatingSources() {
		if s.Where == "" || !known[s.Found] || seen[s.Where] {
			t.Errorf("source %+v: empty, unknown finding or repeated", s)
		}
		seen[s.Where] = true
		delete(known, s.Found)
	}
	if len(known) > 0 {
		t.Errorf("findings no source gives: %v", known)
	}
}
