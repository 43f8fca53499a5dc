package reports

import (
	"testing"

	"arbitro/tournament"
)

// TestActorWords: the hall's actors, stored in English as data (tournament.HallActor,
// store.HallActor), are read in the reader's language; any other actor as stored.
func TestActorWords(t *testing.T) {
	it, en := LocaleOf(tournament.LangItalian), English()
	for _, c := range []struct{ stored, it, en string }{
		{"player 7 via the hall", "giocatore 7 dalla sala di gioco", "player 7 via the hall"},
		{"arbiter via the hall", "arbitro dalla sala di gioco", "arbiter via the hall"},
		{"arbiter Ferri via the hall", "arbitro Ferri dalla sala di gioco", "arbiter Ferri via the hall"},
		{"arbiter Di Stefano via the hall", "arbitro Di Stefano dalla sala di gioco", "arbiter Di Stefano via the hall"},
		{"rossi", "rossi", "rossi"},
		{"player x via the hall", "player x via the hall", "player x via the hall"},
		{"", "", ""},
	} {
		if got := it.Actor(c.stored); got != c.it {
			t.Errorf("it Actor(%q) = %q, want %q", c.stored, got, c.it)
		}
		if got := en.Actor(c.stored); got != c.en {
			t.Errorf("en Actor(%q) = %q, want %q", c.stored, got, c.en)
		}
	}
}

// TestCodeWords: tie-breaks, claim rules and reasons in the language's words, codes in
// English (as --tiebreaks takes them), and an unknown code as it is.
func TestCodeWords(t *testing.T) {
	it, en := LocaleOf(tournament.LangItalian), English()
	codes := []string{"quoziente", "sonneborn-berger", "direct-encounter", "lot", "made-up"}
	if got, want := it.tieBreaksShort(codes), "quoziente, Sonneborn-Berger, scontro diretto, sorteggio, made-up"; got != want {
		t.Errorf("it tie-breaks %q, want %q", got, want)
	}
	if got, want := en.tieBreaksShort(codes), "quoziente, sonneborn-berger, direct-encounter, lot, made-up"; got != want {
		t.Errorf("en tie-breaks %q, want %q", got, want)
	}
	if got := it.ClaimRule(tournament.RuleItalian40); got != "conteggio delle 40 mosse" {
		t.Errorf("it ClaimRule = %q", got)
	}
	if got := en.ClaimRule(tournament.RuleItalian40); got != "40-moves" {
		t.Errorf("en ClaimRule = %q", got)
	}
	if got := LocaleOf("fr").ClaimReason("too-early"); got != "déclarée trop tôt" {
		t.Errorf("fr ClaimReason = %q", got)
	}
	if got := it.ClaimReason("brand-new"); got != "brand-new" {
		t.Errorf("it ClaimReason of an unknown code = %q", got)
	}
	// every code of the catalogs' lists has its word in each language
	for _, l := range []Lang{"en", "it", "fr", "nl"} {
		loc := LocaleOf(l)
		for _, tb := range []string{"quoziente", "buchholz", "buchholz-cut1", "buchholz-median", "sonneborn-berger", "wins", "wins-played", "direct-encounter", "progressive", "aro", "lot"} {
			if !loc.Has("tb." + tb + ".short") {
				t.Errorf("%s: no tb.%s.short", l, tb)
			}
		}
	}
}
