package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// TestRoundPageShowsOpening: the round page of an event with the FID opening ballot shows
// the opening drawn for the round (issue 29: it was on the paper sheet only), as the sheet
// words it; the page of an event without a ballot has no such line.
func TestRoundPageShowsOpening(t *testing.T) {
	for _, ballot := range []string{tournament.OpeningsFIDItalian, ""} {
		st, err := store.Open(filepath.Join(t.TempDir(), "a.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		tr := &tournament.Tournament{Name: "Ballottaggio", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss,
			Rounds: 3, ByePoints: 2, ForfeitPoints: 2, Seed: 11, Openings: ballot, Lang: "it"}
		var code string
		err = st.Update(context.Background(), func(tx *store.Tx) error {
			if err := tx.CreateTournament(tr); err != nil {
				return err
			}
			for _, n := range []string{"Rossi, Mario", "Verdi, Anna", "Neri, Carlo", "Blu, Ivo"} {
				if _, err := tx.AddPlayer(tr, tournament.Player{Name: n}); err != nil {
					return err
				}
			}
			if _, err := tx.DrawLot(tr, nil); err != nil {
				return err
			}
			pr, err := tx.PairNext(tr, tournament.PairOptions{})
			if err == nil && pr.Explanation != nil && pr.Explanation.Opening != nil {
				code = pr.Explanation.Opening.Code
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if _, err := Publish(context.Background(), st, Options{Out: out, Lang: "it"}); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(out, "round-1.html"))
		if err != nil {
			t.Fatal(err)
		}
		head := strings.SplitN(reports.LocaleOf("it").T("sheet.opening_head", "code", "X", "label", "Y"), "X", 2)[0]
		has := strings.Contains(string(page), `<p class="opening">`+head+code+", ")
		if ballot != "" && (code == "" || !has) {
			t.Errorf("the round page does not show opening %q:\n%s", code, page)
		}
		if ballot == "" && strings.Contains(string(page), `class="opening"`) {
			t.Errorf("an opening line without a ballot:\n%s", page)
		}
	}
}
