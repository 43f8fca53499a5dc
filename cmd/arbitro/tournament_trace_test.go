package main

// Rule-to-test traceability (RULES-TESTS.md at the repository root): the defaults of
// docs/pairing-fid.md that live in the CLI's flags.

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
)

// F1, F2, F4, F55, F56 (docs/pairing-fid.md §1 and §4.2): an Italo-Swiss tournament created
// with no options scores 2-1-0, gives 2 points for a forfeit win and 2 for the bye, and
// orders ties by quoziente, then Sonneborn-Berger, then direct encounter.
func TestTraceTournamentDefaults(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	var out, errb bytes.Buffer
	if code := run([]string{"--db", db, "tournament", "create", "Trace", "--system", "italo-swiss", "--rounds", "5", "--seed", "7"}, bufferStreams(&out, &errb)); code != 0 {
		t.Fatalf("create: exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"--db", db, "--json", "tournament", "show"}, bufferStreams(&out, &errb)); code != 0 {
		t.Fatalf("show: exit %d: %s", code, errb.String())
	}
	var got struct {
		Scoring       string   `json:"scoring"`
		ByePoints     int      `json:"bye_points"`
		ForfeitPoints int      `json:"forfeit_points"`
		TieBreaks     []string `json:"tiebreaks"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("show --json: %v\n%s", err, out.String())
	}
	if got.Scoring != "2-1-0" || got.ByePoints != 2 || got.ForfeitPoints != 2 {
		t.Errorf("defaults: scoring %q bye %d forfeit %d, want 2-1-0, 2, 2", got.Scoring, got.ByePoints, got.ForfeitPoints)
	}
	if want := []string{"quoziente", "sonneborn-berger", "direct-encounter"}; !slices.Equal(got.TieBreaks, want) {
		t.Errorf("default tie-breaks %v, want %v", got.TieBreaks, want)
	}
}
