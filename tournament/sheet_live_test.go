package tournament

import "testing"

// NextShown: when the first entry held back by a delay in minutes comes into view; none
// for a delay in moves, no delay, a game over, or every entry in view.
func TestSheetDelayNextShown(t *testing.T) {
	es := []SheetEntry{{Kind: SheetPly, Text: "21-17", At: "2026-11-21T10:00:00Z"}, {Kind: SheetPly, Text: "12-15", At: "2026-11-21T10:01:00Z"},
		{Kind: SheetStrike, Text: "12-15", At: "2026-11-21T10:01:20Z"}}
	d := SheetDelay{Minutes: 2}
	for _, c := range []struct {
		d    SheetDelay
		now  string
		over bool
		want string
	}{
		{d, "2026-11-21T10:01:30Z", false, "2026-11-21T10:02:00Z"},
		{d, "2026-11-21T10:02:00Z", false, "2026-11-21T10:03:00Z"}, // 10:00 is in view at 10:02 (Delayed: not after the cut)
		{d, "2026-11-21T10:03:10Z", false, "2026-11-21T10:03:20Z"},
		{d, "2026-11-21T10:03:20Z", false, ""},
		{d, "2026-11-21T10:01:30Z", true, ""},
		{SheetDelay{Moves: 1}, "2026-11-21T10:01:30Z", false, ""},
		{SheetDelay{}, "2026-11-21T10:01:30Z", false, ""},
		{d, "not a time", false, ""},
	} {
		if got := c.d.NextShown(es, c.now, c.over); got != c.want {
			t.Errorf("%+v at %s (over %v): %q, want %q", c.d, c.now, c.over, got, c.want)
		}
	}
}
