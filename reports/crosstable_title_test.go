package reports

import (
	"testing"

	"arbitro/tournament"
)

// The crosstable before round 1 says so, as the standings do, in every language (it read
// "after round 0 of 3"); after a round and at the end it keeps its titles.
func TestCrosstableTitleBeforeRound1(t *testing.T) {
	want := map[Lang][3]string{
		"en": {"Crosstable before round 1", "Crosstable after round 1 of 3", "Final crosstable"},
		"it": {"Tabellone prima del turno 1", "Tabellone dopo il turno 1 di 3", "Tabellone finale"},
		"fr": {"Grille américaine avant la ronde 1", "Grille américaine après la ronde 1 sur 3", "Grille américaine finale"},
		"nl": {"Kruistabel voor ronde 1", "Kruistabel na ronde 1 van 3", "Kruistabel eindstand"},
	}
	for _, lang := range Languages() {
		w, ok := want[lang]
		if !ok {
			t.Fatalf("no expected titles for %s", lang)
		}
		for i, after := range []int{0, 1, 3} {
			s := Standings{Table: &tournament.Crosstable{Rounds: 3}, AfterRound: after, Locale: LocaleOf(lang)}
			if got := s.crossTitle(); got != w[i] {
				t.Errorf("%s after round %d: %q, want %q", lang, after, got, w[i])
			}
		}
	}
}
