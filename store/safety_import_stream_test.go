package store

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"arbitro/tournament"
)

// S32: player import keeps no row: the rows are taken one at a time inside the
// transaction, and the memory in use grows by the duplicate index only (about 560 bytes a
// player; keeping the entries too, as before, made it about 800).
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
	if per := grown / n; per > 700 {
		t.Errorf("the heap grew by %d bytes a player over %d players (%d MB): rows or entries are kept", per, n, grown>>20)
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
