package store

import (
	"errors"
	"os"
	"testing"

	"arbitro/tournament"
)

func TestUCAudit(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	f, err := os.Open(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := st.ImportGames(ucCtx, "", itaFile, f, tournament.GameOptions{}); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	rep, sel, err := st.Audit(ucCtx, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tour.ID || rep.Audit.Checked != 36 || rep.Audit.Problems != 0 || len(rep.UnsafeNames) != 0 {
		t.Fatalf("audit: checked %d, problems %d, unsafe names %+v", rep.Audit.Checked, rep.Audit.Problems, rep.UnsafeNames)
	}
	if rep, _, err = st.Audit(ucCtx, "", 1); err != nil || rep.Audit.Checked != 9 {
		t.Fatalf("round 1: checked %d (%v)", rep.Audit.Checked, err)
	}
	ucSameRows(t, st, before, "audit")
	// a name stored by an older arbitro, with a terminal escape: listed
	if _, err := st.DB().Exec(`UPDATE players SET name = 'Rosso, ' || char(27) || '[31mEvil' WHERE id = (SELECT min(id) FROM players)`); err != nil {
		t.Fatal(err)
	}
	if rep, _, err = st.Audit(ucCtx, "", 0); err != nil || len(rep.UnsafeNames) != 1 {
		t.Fatalf("unsafe names %+v (%v)", rep.UnsafeNames, err)
	}
	if _, sel, err := st.Audit(ucCtx, "Nessuno", 0); !errors.Is(err, tournament.ErrNotFound) || sel.ID != 0 {
		t.Fatalf("unknown tournament: %v", err)
	}
}

func TestUCAuditAll(t *testing.T) {
	st := testStore(t)
	itaEvent(t, st)
	f, err := os.Open(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := st.ImportGames(ucCtx, "", itaFile, f, tournament.GameOptions{}); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	games := 0
	total, err := st.AuditAll(ucCtx, tournament.ArchiveAuditOptions{Jobs: 2, OnItem: func(it *tournament.ArchiveItem) error {
		if it.Kind == tournament.ItemGame {
			games++
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if total.Tournaments != 1 || total.Games != 36 || games != 36 || total.Problems != 0 {
		t.Fatalf("totals %+v, %d items", total, games)
	}
	ucSameRows(t, st, before, "audit --all")
	stop := errors.New("stop")
	if _, err := st.AuditAll(ucCtx, tournament.ArchiveAuditOptions{OnItem: func(*tournament.ArchiveItem) error { return stop }}); !errors.Is(err, stop) {
		t.Fatalf("OnItem's error: %v", err)
	}
}
