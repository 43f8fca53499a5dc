package tournament

import "testing"

func TestParseTimeControl(t *testing.T) {
	for _, c := range []struct {
		in        string
		base, inc int
		ok        bool
		minutes   int
	}{
		{"90 min", 90, 0, true, 180},
		{"90'", 90, 0, true, 180},
		{"90", 90, 0, true, 180},
		{"1h30", 90, 0, true, 180},
		{"1h 30 min a testa", 90, 0, true, 180},
		{"2h", 120, 0, true, 240},
		{"1:45", 105, 0, true, 210},
		{"75 min + 30 s a mossa", 75, 30, true, 200},
		{"90+30", 90, 30, true, 230},
		{"80' + 1\" per move", 80, 1, true, 162},
		{"45 minuti per giocatore", 45, 0, true, 90},
		{"80 min + 1 s / move", 80, 1, true, 162},
		{"40 moves in 2h", 0, 0, false, 0},
		{"40/2h + 1h", 0, 0, false, 0},
		{"", 0, 0, false, 0},
		{"0 min", 0, 0, false, 0},
		{"1h75", 0, 0, false, 0},
		{"rapid", 0, 0, false, 0},
		{"90 min, then 15", 0, 0, false, 0},
	} {
		tc, ok := ParseTimeControl(c.in)
		if ok != c.ok || tc.BaseMinutes != c.base || tc.IncrementSeconds != c.inc {
			t.Errorf("%q: %+v, %v; want %d min + %d s, %v", c.in, tc, ok, c.base, c.inc, c.ok)
		}
		if ok && tc.RoundMinutes() != c.minutes {
			t.Errorf("%q: round of %d minutes, want %d", c.in, tc.RoundMinutes(), c.minutes)
		}
	}
}
