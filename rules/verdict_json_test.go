package rules

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestVerdictJSON: a verdict's JSON names its variant as a string in first place ("" when
// the variant is not supported), as games.verdict held it when Verdict.Variant was a
// string, and reads back into the same typed verdict.
func TestVerdictJSON(t *testing.T) {
	for _, c := range []struct {
		pdn, prefix string
	}{
		{"[GameType \"22\"]\n1. 22-18 11-15 *\n", `{"Variant":"italian","Legal":true,"Plies":2,`},
		{"[GameType \"20\"]\n1. 32-28 19-23 *\n", `{"Variant":"international","Legal":true,"Plies":2,`},
		{"[GameType \"21\"]\n1. 11-15 *\n", `{"Variant":"","Legal":false,"Plies":0,`},
	} {
		vd := Replay(gameFrom(t, c.pdn), ReplayOptions{})
		b, err := json.Marshal(vd)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), c.prefix) || strings.Count(string(b), `"Variant"`) != 1 {
			t.Errorf("%q: JSON %s, want it to start %s", c.pdn, b, c.prefix)
		}
		var back Verdict
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		vd.Before, vd.MoveFrom, vd.MoveTo = Position{}, 0, 0 // not in the JSON
		if !reflect.DeepEqual(back, vd) {
			t.Errorf("%q: read back %+v, want %+v", c.pdn, back, vd)
		}
	}
	var vd Verdict
	if err := json.Unmarshal([]byte(`{"Variant":"english"}`), &vd); err == nil {
		t.Errorf("variant \"english\" read without an error: %+v", vd)
	}
}
