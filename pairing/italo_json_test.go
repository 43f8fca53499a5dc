package pairing

import (
	"encoding/json"
	"testing"
)

// An Italo-Swiss explanation is stored as JSON and read back (tournament.RoundExplanation):
// every skip reason must survive the round trip, and an unknown one is an error.
func TestSkipReasonJSONRoundTrip(t *testing.T) {
	in := ItaloStep{Board: 2, First: 5, Second: 3, Skipped: []Skip{{ID: 6, Score: 2, Reason: SkipMet}, {ID: 4, Score: 1, Reason: SkipUnpairable}}}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out ItaloStep
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("reading back %s: %v", b, err)
	}
	if len(out.Skipped) != 2 || out.Skipped[0].Reason != SkipMet || out.Skipped[1].Reason != SkipUnpairable || out.Skipped[0].ID != 6 {
		t.Fatalf("round trip of %s gave %+v", b, out.Skipped)
	}
	var s Skip
	if err := json.Unmarshal([]byte(`{"id":1,"score":0,"reason":"no such reason"}`), &s); err == nil {
		t.Fatalf("an unknown skip reason was accepted as %v", s.Reason)
	}
}
