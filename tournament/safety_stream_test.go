package tournament

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// bigEvent writes n Italian games, round i of players P<2k> - P<2k+1>, boards apart.
func bigEvent(n int, bad int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		round := (i-1)/50 + 1
		w, bl := fmt.Sprintf("W%d, P", (i-1)%50), fmt.Sprintf("B%d, P", (i-1)%50)
		moves := "1. 22-18 10-14"
		if i == bad {
			moves = "1. 22-18 {never closed"
		}
		b.WriteString(pdnGame(fmt.Sprint(round), w, bl, "1-1", moves))
	}
	return b.String()
}

// FuzzPrepareEventImportFile: any bytes give a plan or an error, never a panic; a plan's
// player names passed CheckText.
func FuzzPrepareEventImportFile(f *testing.F) {
	f.Add([]byte(bigEvent(3, 0)))
	f.Add([]byte(bigEvent(3, 2)))
	f.Add([]byte("[White \"A\x1b[2J\"]\n[Black \"B\"]\n\n1. 22-18 *\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		plan, err := PrepareEventImportFile(bytes.NewReader(data), EventImportOptions{})
		if err != nil {
			return
		}
		if plan.GamesFound() == 0 || len(plan.Players) < 2 {
			t.Fatalf("a plan of %d games and %d players", plan.GamesFound(), len(plan.Players))
		}
		for _, n := range plan.Players {
			if _, err := CheckText("name", n, MaxNameRunes); err != nil {
				t.Fatalf("a plan with a name CheckText refuses: %v", err)
			}
		}
	})
}

// TestPossibleDuplicatesIndexed: PossibleDuplicates, which compares only names sharing a
// word, finds exactly the pairs that comparing every pair finds.
func TestPossibleDuplicatesIndexed(t *testing.T) {
	names := []string{"ROSSI, Mario", "Rossì, Mario", "Rossi, M.", "Mario Rossi", "Verdi, Anna", "Verdi, A.", "Neri, Carlo",
		"Nerri, Carlo", "Carlo Neri", "Dell'Acqua, Gino", "Dellacqua, Gino", "Bianchi", "Bianchi, Luca", "Akker, van den, J.",
		"van den Akker, Jan", "Ng, Li", "Li, Ng", "Xu", "Xu, Y."}
	var brute []PossibleDuplicate
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if why := duplicateWhy(names[i], names[j], nameTokens(names[i]), nameTokens(names[j])); why != "" {
				brute = append(brute, PossibleDuplicate{A: names[i], B: names[j], Why: why})
			}
		}
	}
	got := PossibleDuplicates(names)
	if fmt.Sprint(got) != fmt.Sprint(brute) || len(got) < 8 {
		t.Errorf("indexed:\n%v\nevery pair:\n%v", got, brute)
	}
}
