package reports

import (
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/rules"
	"arbitro/tournament"
)

// TestVerdictWhy: an illegal ply's explanation is the engine's own sentence in English
// and the reason's words in Italian, French and Dutch, with the ply, the move and the
// legal moves; a reason without words keeps the engine's sentence.
func TestVerdictWhy(t *testing.T) {
	games, err := rules.ReadAllPDN(strings.NewReader("[Bianco \"Bianchi, Luca\"]\n[Nero \"Rossi, Mario\"]\n[Risultato \"1-0\"]\n\n1. 21-17 12-15 2. 17-13 15-19 1-0\n"))
	if err != nil || len(games) != 1 {
		t.Fatal(err)
	}
	vd := rules.Replay(games[0], rules.ReplayOptions{Variant: rules.Italian, ForceVariant: true})
	if vd.Legal || vd.Reason != rules.ReasonCaptureCompulsory {
		t.Fatalf("verdict %+v", vd)
	}
	if got := VerdictWhy(English(), &vd); got != vd.Message {
		t.Errorf("English %q, the engine says %q", got, vd.Message)
	}
	want := map[tournament.Lang]string{
		tournament.LangItalian: "semimossa 4 (15-19): la presa era obbligatoria: ",
		tournament.LangFrench:  "demi-coup 4 (15-19) : la prise était obligatoire : ",
		tournament.LangDutch:   "halve zet 4 (15-19): slaan was verplicht: ",
	}
	for l, w := range want {
		got := VerdictWhy(LocaleOf(l), &vd)
		if !strings.HasPrefix(got, w) || !strings.Contains(got, vd.LegalMoves[0]) {
			t.Errorf("%s: %q, want %q and the legal moves %v", l, got, w, vd.LegalMoves)
		}
	}
	other := rules.Verdict{Reason: rules.ReasonParseError, Message: "line 3: bad token"}
	if got := VerdictWhy(LocaleOf(tournament.LangItalian), &other); got != other.Message {
		t.Errorf("a reason without words: %q", got)
	}
}

// TestClaimWhy: a 40-move claim's check in Italian from its count; English keeps the
// engine's sentence.
func TestClaimWhy(t *testing.T) {
	c := tournament.ClaimCheck{Rule: "40-moves", Reason: rules.ClaimTooEarly, Message: "only 10 plies (5 moves each) counted from the request at ply 2 to ply 12, 80 needed",
		Count40: &rules.ClaimVerdict{Reason: rules.ClaimTooEarly, Counted: 10, CountFrom: 2, Message: "x"}}
	if got := CheckWhy(English(), c); got != c.Message {
		t.Errorf("English %q", got)
	}
	if got := CheckWhy(LocaleOf(tournament.LangItalian), c); got != "solo 10 semimosse (5 mosse per giocatore) contate dalla semimossa 2, ne servono 80" {
		t.Errorf("Italian %q", got)
	}
}

// TestViolationWords: the Dutch check's broken criteria print as the engine wrote them in
// English (the English catalog reads the same, so the two cannot drift apart), and from
// their codes in Italian.
func TestViolationWords(t *testing.T) {
	codes := []pairing.Violation{
		{Code: pairing.ViolationMet, Args: []any{"white", 3, "black", 7}},
		{Code: pairing.ViolationMissing, Args: []any{"player", 5}},
		{Code: pairing.ViolationByes, Args: []any{"byes", 2, "players", 9, "want", 1}},
	}
	texts := []string{"C1 (Art. 2.1.1): players 3 and 7 have already met", "player 5 is available but not paired", "2 byes for 9 available players (want 1)"}
	en := English()
	for i, v := range codes {
		if got := en.T(violationKeys[v.Code], v.Args...); got != texts[i] {
			t.Errorf("English catalog %q, the engine %q", got, texts[i])
		}
	}
	it := LocaleOf(tournament.LangItalian).violations(texts, codes)
	if it[0] != "C1 (Art. 2.1.1): i giocatori 3 e 7 si sono già incontrati" || it[1] != "il giocatore 5 è disponibile ma non abbinato" {
		t.Errorf("Italian %q", it)
	}
	if got := en.violations(texts, codes); got[2] != texts[2] {
		t.Errorf("English %q", got)
	}
}
