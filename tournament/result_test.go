package tournament

import (
	"errors"
	"testing"
)

func TestParseOutcomeAndPoints(t *testing.T) {
	tour := &Tournament{ForfeitPoints: 2, ByePoints: 1}
	cases := []struct {
		in     string
		kind   string
		w, b   int
		result string
	}{
		{"2-0", KindPlayed, 2, 0, "2-0"},
		{"1-0", KindPlayed, 2, 0, "2-0"},
		{"0-2", KindPlayed, 0, 2, "0-2"},
		{" 0 - 1 ", KindPlayed, 0, 2, "0-2"},
		{"1-1", KindPlayed, 1, 1, "1-1"},
		{"=", KindPlayed, 1, 1, "1-1"},
		{"1/2-1/2", KindPlayed, 1, 1, "1-1"},
		{"½-½", KindPlayed, 1, 1, "1-1"},
		{"+-", KindForfeit, 2, 0, "+-"},
		{"-+", KindForfeit, 0, 2, "-+"},
		{"--", KindForfeit, 0, 0, "--"},
		{"adjourned", KindAdjourned, 0, 0, "adjourned"},
		{"Sospesa", KindAdjourned, 0, 0, "adjourned"},
		{"unplayed", KindUnplayed, 0, 0, "unplayed"},
		{"bye", KindBye, 1, 0, "bye"},
	}
	for _, c := range cases {
		o, err := ParseOutcome(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		w, b := o.Points(tour)
		r := &Result{Kind: o.Kind, WhitePoints: w, BlackPoints: b}
		if o.Kind != c.kind || w != c.w || b != c.b || r.String() != c.result {
			t.Errorf("%q: %s %d-%d %q, want %s %d-%d %q", c.in, o.Kind, w, b, r.String(), c.kind, c.w, c.b, c.result)
		}
	}
	// A forfeit worth one game point in a tournament that says so.
	o, _ := ParseOutcome("+-")
	if w, b := o.Points(&Tournament{ForfeitPoints: 1}); w != 1 || b != 0 {
		t.Errorf("forfeit with 1 point: %d-%d", w, b)
	}
	for _, bad := range []string{"", "3-0", "2-2", "win", "1-0-0"} {
		if _, err := ParseOutcome(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
