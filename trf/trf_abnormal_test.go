package trf

import (
	"arbitro/tournament"
	"strings"
	"testing"
)

// TestTRF299EveryPlayer: a 299 record without starting ranks is every player's (as FIDE's
// tie-break server reads it): "299 H 1.0 000" makes every half-point bye worth a full
// point; in small.trf only player 6 has one (round 3), so only his points change.
func TestTRF299EveryPlayer(t *testing.T) {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(string(readSmall(t)), "\n"), "\n") {
		if strings.HasPrefix(l, "001    6") {
			l = l[:80] + " 2.0" + l[84:]
		}
		b.WriteString(l + "\n")
	}
	b.WriteString(Abnormal{Type: 'H', MatchPoints: -1, Points: 10}.Line() + "\n")
	tr, err := Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	adj := tr.ScoreAdjustments()
	for _, p := range tr.Players {
		if want := []tournament.ScoreAdjustment{{Result: 'H', Round: 0, Points: 2}}; len(adj[p.Number]) != 1 || adj[p.Number][0] != want[0] {
			t.Errorf("player %d: adjustments %+v, want %+v", p.Number, adj[p.Number], want)
		}
	}
	for _, e := range tr.EntrantsAfter(3) {
		if e.ID == 6 && e.Score != 4 {
			t.Errorf("player 6: %d game points after round 3, want 4 (his H worth a win)", e.Score)
		}
	}
	// and the conversion: tenths of the file's points to game points, half away from zero
	for _, c := range []struct{ tenths, win, want int }{{5, 10, 1}, {-5, 10, -1}, {10, 20, 1}, {-15, 20, -2}, {3, 10, 1}, {2, 10, 0}, {7, 0, 0}} {
		if got := TenthsToGamePoints(c.tenths, c.win); got != c.want {
			t.Errorf("tenthsToGamePoints(%d, %d) = %d, want %d", c.tenths, c.win, got, c.want)
		}
	}
}
