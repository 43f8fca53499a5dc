package store

import (
	"arbitro/tournament"
	"context"
	"fmt"
	"strings"
	"testing"
)

// plantOldName imports a three-player event and then rewrites one name with raw SQL, as a
// file written by an arbitro older than the names check may hold it.
func plantOldName(t *testing.T, name string) (*Store, *tournament.Tournament) {
	t.Helper()
	st := newTestStore(t)
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("2", "C, C", "A, A", "1-0", "1. 22-18")
	rep := importFile(t, st, []byte(src), tournament.EventImportOptions{Name: "Old"})
	if _, err := st.DB().Exec(`UPDATE players SET name = ? WHERE name = 'A, A'`, name); err != nil {
		t.Fatal(err)
	}
	return st, rep.Tournament
}

// TestSafetyOldNamesShownEscaped is the Data safety row "names stored by an older
// arbitro": a name with a terminal escape, an invisible or a bidi character planted in
// the file is shown escaped by every reader of names (entries, boards, standings), and
// UnsafeNames names the player and the command that corrects him.
func TestSafetyOldNamesShownEscaped(t *testing.T) {
	const raw = "Rosso\x1b[2J, Evil\u202e"
	const shown = `Rosso\u001b[2J, Evil\u202e`
	st, tr := plantOldName(t, raw)
	err := st.View(context.Background(), func(tx *Tx) error {
		var seen []string
		es, err := tx.Entries(tr.ID)
		if err != nil {
			return err
		}
		for _, e := range es {
			seen = append(seen, "entry "+e.Player.Name)
		}
		bs, err := tx.Boards(tr, 0)
		if err != nil {
			return err
		}
		for _, b := range bs {
			seen = append(seen, "board "+b.White, "board "+b.Black)
		}
		ct, err := tx.LoadCrosstable(tr)
		if err != nil {
			return err
		}
		for _, e := range ct.Players {
			seen = append(seen, "standings "+e.Name)
		}
		all := strings.Join(seen, "\n")
		for _, where := range []string{"entry ", "board ", "standings "} {
			if !strings.Contains(all, where+shown) {
				t.Errorf("%sname not shown escaped:\n%s", where, all)
			}
		}
		if i := strings.IndexFunc(all, func(r rune) bool { return r != '\n' && tournament.Forbidden(r) != "" }); i >= 0 {
			t.Errorf("a refused character reaches a reader at byte %d: %q", i, all)
		}
		bad, err := tx.UnsafeNames()
		if err != nil {
			return err
		}
		if len(bad) != 1 || bad[0].Shown != shown || !strings.Contains(bad[0].Reason, "U+001B ESCAPE") ||
			!strings.Contains(bad[0].Fix, fmt.Sprintf("arbitro --tournament %d player set %d name", tr.ID, es[0].ID)) {
			t.Errorf("unsafe names %+v (entries %+v)", bad, es)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Corrected with 'player set', the warning goes.
	err = st.Update(context.Background(), func(tx *Tx) error {
		es, _ := tx.Entries(tr.ID)
		if _, err := tx.SetPlayerField(tr, fmt.Sprint(es[0].ID), "name", "Rosso, Evil"); err != nil {
			return err
		}
		bad, err := tx.UnsafeNames()
		if len(bad) != 0 {
			t.Errorf("after the fix: %+v", bad)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
