package tournament

import (
	"testing"

	_ "embed"
)

func TestParseClock(t *testing.T) {
	for in, want := range map[string]string{"15:30": "15:30", "9:05": "09:05", "15.30": "15:30", "": ""} {
		if got, err := ParseClock(in); err != nil || got != want {
			t.Errorf("ParseClock(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"25:00", "15", "15:3x", "15:30:00", "noon"} {
		if _, err := ParseClock(in); err == nil {
			t.Errorf("ParseClock(%q) accepted", in)
		}
	}
}
