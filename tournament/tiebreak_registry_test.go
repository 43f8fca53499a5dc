package tournament

import (
	"errors"
	"strings"
	"testing"
)

// What help texts list (TieBreakNames) is exactly what ParseTieBreaks accepts and what
// the standings compute: one registry. The lot was once accepted but left out of --help.
func TestTieBreakRegistryIsTheOneList(t *testing.T) {
	listed := strings.Split(TieBreakNames(), ", ")
	if len(listed) != len(tieBreakRegistry) {
		t.Fatalf("TieBreakNames lists %d, the registry has %d", len(listed), len(tieBreakRegistry))
	}
	for _, name := range listed {
		if _, err := ParseTieBreaks(name); err != nil {
			t.Errorf("listed tie-break %q refused by ParseTieBreaks: %v", name, err)
		}
		if _, err := TieBreaksFromNames([]string{name}); err != nil {
			t.Errorf("listed tie-break %q not computed: %v", name, err)
		}
	}
	if !strings.Contains(", "+TieBreakNames()+",", ", lot,") && !strings.HasSuffix(TieBreakNames(), ", lot") {
		t.Errorf("the lot is not listed: %s", TieBreakNames())
	}
	if _, err := ParseTieBreaks("median"); !errors.Is(err, ErrMalformed) {
		t.Errorf("ParseTieBreaks(median) = %v, want ErrMalformed", err)
	}
	if _, err := TieBreaksFromNames([]string{"median"}); !errors.Is(err, ErrUnknownTieBreak) {
		t.Errorf("TieBreaksFromNames(median) = %v, want ErrUnknownTieBreak", err)
	}
}
