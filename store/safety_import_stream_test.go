package store

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"arbitro/tournament"
)

// S32: player import keeps nothing per player in memory: the rows are taken one at a time
// inside the transaction and the duplicate rule reads its candidates from a temporary
// table (tableDups), so the heap does not grow with the file (measured: under 10 bytes a
// player over 30,000; the in-memory duplicate index made it about 560, keeping the
// entries too about 800).
func TestSafetyPlayerImportStreams(t *testing.T) {
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 0, nil)
	const n = 30000
	var before, during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	given := 0
	rows := func(yield func(tournament.PlayerRow, error) bool) {
		for i := range n {
			if i == n-1 {
				runtime.GC()
				runtime.ReadMemStats(&during)
			}
			given++
			p := tournament.Player{Name: fmt.Sprintf("Giocatore%c%c%c, Nome%c%c", 'a'+i%26, 'a'+i/26%26, 'a'+i/676%26, 'a'+i/17576%26, 'a'+i%7),
				Club: "Circolo Damistico di Prova", Rating: 1000 + i%1000, Federation: "ITA"}
			if !yield(tournament.PlayerRow{Line: i + 2, Player: p}, nil) {
				return
			}
		}
	}
	imp, _, err := st.ImportPlayers(context.Background(), "", "big.csv", rows)
	if err != nil || imp.Count != n || given != n {
		t.Fatalf("imported %d of %d rows given (%v)", imp.Count, given, err)
	}
	grown := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	if per := grown / n; per > 64 {
		t.Errorf("the heap grew by %d bytes a player over %d players (%d MB): rows, entries or their keys are kept", per, n, grown>>20)
	}
	t.Logf("heap grown by %d bytes a player", grown/n)
	// A refused row (here a duplicate) ends the import with nothing entered.
	all, _, _ := st.Players(context.Background(), "")
	bad := func(yield func(tournament.PlayerRow, error) bool) {
		_ = yield(tournament.PlayerRow{Line: 2, Player: tournament.Player{Name: "Nuovo, Uno"}}, nil) &&
			yield(tournament.PlayerRow{Line: 3, Player: all[0].Player}, nil)
	}
	if _, _, err := st.ImportPlayers(context.Background(), "", "bad.csv", bad); err == nil {
		t.Fatal("a duplicate row was entered")
	}
	if again, _, _ := st.Players(context.Background(), ""); len(again) != len(all) {
		t.Errorf("a refused import left %d entries, %d before", len(again), len(all))
	}
}

// TestImportPlayersDuplicateRule: the import's duplicate check (the keys in a temporary
// table) answers as the in-memory DupIndex does: a name folding to an entered one (here
// one already in the tournament, and one earlier in the same file) gets the
// possible-duplicate note; the same name and club, in the file or already entered, is
// refused with nothing written; the same FID id under another club is refused too.
func TestImportPlayersDuplicateRule(t *testing.T) {
	rowsOf := func(ps ...tournament.Player) func(func(tournament.PlayerRow, error) bool) {
		return func(yield func(tournament.PlayerRow, error) bool) {
			for i, p := range ps {
				if !yield(tournament.PlayerRow{Line: i + 2, Player: p}, nil) {
					return
				}
			}
		}
	}
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 2, nil) // P01, Test and P02, Test
	imp, _, err := st.ImportPlayers(context.Background(), "", "a.csv", rowsOf(
		tournament.Player{Name: "Rossi, Mario", Club: "A"},
		tournament.Player{Name: "rossi  MARIO", Club: "B"},   // folds to Rossi, Mario; another club: a note
		tournament.Player{Name: "Test P01", Club: "C"},       // word order: folds to P01, Test
		tournament.Player{Name: "Verdi, Anna", FIDID: "123"}, // nothing alike
	))
	if err != nil || imp.Count != 4 {
		t.Fatalf("imported %d: %v", imp.Count, err)
	}
	notes := strings.Join(tournament.Texts(imp.Notes), "\n")
	for _, want := range []string{`"rossi MARIO" looks like entry`, `"Rossi, Mario"`, `"Test P01" looks like entry`, `"P01, Test"`} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if len(imp.Notes) != 2 {
		t.Errorf("%d notes, want 2: %q", len(imp.Notes), imp.Notes)
	}
	before := ucRows(t, st)
	for _, bad := range [][]tournament.Player{
		{{Name: "Bianchi, Luca", Club: "X"}, {Name: "Bianchi, Luca", Club: "X"}}, // twice in the file
		{{Name: "Rossi, Mario", Club: "A"}},                                      // already entered
		{{Name: "Neri, Ugo", Club: "Z", FIDID: "123"}},                           // Verdi's FID id
	} {
		if _, _, err := st.ImportPlayers(context.Background(), "", "b.csv", rowsOf(bad...)); !errors.Is(err, tournament.ErrDuplicatePlayer) {
			t.Errorf("%v: %v, want a duplicate", bad, err)
		}
	}
	ucSameRows(t, st, before, "refused imports")
}
