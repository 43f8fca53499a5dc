package tournament

import (
	"strings"
	"testing"

	"arbitro/rules"
)

func TestMatchName(t *testing.T) {
	cases := []struct {
		written, registered string
		want                NameMatch
	}{
		{"BORGHETTI Michele", "Borghetti, Michele", NameExact},
		{"Michele Borghetti", "Borghetti, Michele", NameExact},
		{"borghetti,michele", "Borghetti, Michele", NameExact},
		{"Borghétti Michele", "Borghetti, Michele", NameExact},
		{"DE GRANDIS Mirco", "De Grandis, Mirco", NameExact},
		{"Dell'Acqua Léa", "Dell’Acqua, Lea", NameExact},
		{"Фёдоров Пётр", "Федоров, Петр", NameExact}, // ё and й decompose: the accent goes
		{"Borghetti M.", "Borghetti, Michele", NameInitials},
		{"Borghetti", "Borghetti, Michele", NameInitials},
		{"M. Borghetti", "Borghetti, Michele", NameInitials},
		{"Borghetti Mario", "Borghetti, Michele", NameNoMatch},
		{"Mascolo Luca", "Borghetti, Michele", NameNoMatch},
		{"M. L.", "Mascolo, Luca", NameNoMatch}, // initials alone never match
		{"", "Mascolo, Luca", NameNoMatch},
	}
	for _, c := range cases {
		if got := MatchName(c.written, c.registered); got != c.want {
			t.Errorf("MatchName(%q, %q) = %d, want %d", c.written, c.registered, got, c.want)
		}
	}
}

func TestGameRound(t *testing.T) {
	cases := map[string]int{
		"[Dati \"69° ASSOLUTO 1° TURNO\"]":          1,
		"[Dati \"69° ASSOLUTO 12° TURNO\"]":         12,
		"[Event \"Open\"]\n[Round \"3\"]":           3,
		"[Event \"Open\"]\n[Round \"4.2\"]":         4,
		"[Event \"Campionato, turno 5\"]":           5,
		"[Event \"Open round 7\"]":                  7,
		"[Event \"Open\"]\n[Round \"?\"]":           0,
		"[Event \"69° Assoluto\"]\n[Anno \"2005\"]": 0,
	}
	for tags, want := range cases {
		g, err := rules.NewPDNReader(strings.NewReader(tags + "\n\n1. 21-17 *\n")).Next()
		if err != nil {
			t.Fatal(err)
		}
		if got := GameRound(g); got != want {
			t.Errorf("%s: round %d, want %d", tags, got, want)
		}
	}
}

// matchBoard never guesses: two boards that fit equally well, or colours reversed, are
// reported.
func TestMatchBoardNeverGuesses(t *testing.T) {
	boards := []*Board{
		{Round: 1, Board: 1, White: "Rossi, Mario", Black: "Bianchi, Luca", BlackEntry: 2},
		{Round: 1, Board: 2, White: "Rossi, Marco", Black: "Bianchi, Lucia", BlackEntry: 4},
		{Round: 1, Board: 3, White: "Verdi, Anna", Black: "Neri, Carla", BlackEntry: 6},
	}
	game := func(w, b string) *rules.Game {
		return &rules.Game{Tags: []rules.Tag{{Name: "White", Value: w}, {Name: "Black", Value: b}}}
	}
	if b, why := MatchBoard(game("ROSSI Mario", "BIANCHI Luca"), boards); b == nil || b.Board != 1 {
		t.Errorf("exact: %v %s", b, why)
	}
	if b, why := MatchBoard(game("Rossi M.", "Bianchi L."), boards); b != nil || !strings.Contains(why, "several boards") {
		t.Errorf("initials fit two boards: %v %s", b, why)
	}
	if b, why := MatchBoard(game("Neri Carla", "Verdi Anna"), boards); b != nil || !strings.Contains(why, "colours reversed") {
		t.Errorf("reversed: %v %s", b, why)
	}
	if b, why := MatchBoard(game("Gialli Ugo", "Neri Carla"), boards); b != nil || !strings.Contains(why, "no board of round 1") {
		t.Errorf("unknown: %v %s", b, why)
	}
}
