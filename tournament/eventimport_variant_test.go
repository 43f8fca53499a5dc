package tournament

import (
	"errors"
	"strings"
	"testing"

	"arbitro/rules"
)

// Issue 14: a game that names no variant (a forfeit without moves, no GameType, no Italian
// tags) takes the variant of the event's other games, in both the in-memory plan and the
// streaming pass; a file where no game names one asks for --variant.
func TestEventImportGameWithoutVariant(t *testing.T) {
	text := "[Event \"Open\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n1. 22-18 10-14 2-0\n\n" +
		"[Event \"Open\"]\n[Round \"1\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-2\"]\n0-2\n"
	games, err := rules.ReadAllPDN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanEventImport(games, EventImportOptions{})
	if err != nil || plan.Tournament.Variant != VariantItalian {
		t.Fatalf("plan: %v, %+v", err, plan)
	}
	plan, err = PrepareEventImportFile(strings.NewReader(text), EventImportOptions{})
	if err != nil || plan.Tournament.Variant != VariantItalian {
		t.Fatalf("streaming plan: %v", err)
	}
	_, err = PlanEventImport(games[1:], EventImportOptions{})
	if !errors.Is(err, ErrEventPDN) || !strings.Contains(err.Error(), "use --variant") {
		t.Errorf("only a game without moves: %v", err)
	}
	if plan, err := PlanEventImport(games[1:], EventImportOptions{Variant: rules.Italian}); err != nil || plan.Tournament.Variant != VariantItalian {
		t.Errorf("--variant dama: %v", err)
	}
}
