// Store integration of the pairing engines (lot, pair, unpair, pairings).

package tournament

import (
	"errors"
	"testing"
)

func TestParseManualPair(t *testing.T) {
	for in, want := range map[string]ManualPair{"12-7": {12, 7}, " 3 - 4 ": {3, 4}, "5-bye": {5, 0}, "5-0": {5, 0}, "5-riposo": {5, 0}} {
		got, err := ParseManualPair(in)
		if err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "12", "a-b", "7-7", "0-3", "-3"} {
		if _, err := ParseManualPair(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
