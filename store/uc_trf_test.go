package store

import (
	"bytes"
	"errors"
	"testing"

	"arbitro/tournament"
	"arbitro/trf"
)

// ImportTRF then ExportTRF: the tournament created from small.trf, its players, and the
// file written back; importing it a second time is refused and writes nothing.
func TestUCImportExportTRF(t *testing.T) {
	tr, err := trf.Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	st := testStore(t)
	opts := trf.ImportOptions{Variant: tournament.VariantInternational, Source: "small.trf"}
	got, err := st.ImportTRF(ucCtx, tr, opts)
	if err != nil || got.ID == 0 || got.Name != "Torneo di prova arbitro" || got.Rounds != 5 {
		t.Fatalf("import: %+v, %v", got, err)
	}
	players, _, err := st.Players(ucCtx, "")
	if err != nil || len(players) != len(tr.Players) {
		t.Fatalf("%d players stored, the file has %d (%v)", len(players), len(tr.Players), err)
	}
	before := ucRows(t, st)
	if _, err := st.ImportTRF(ucCtx, tr, opts); !errors.Is(err, tournament.ErrDuplicateTournament) {
		t.Errorf("again: %v, want ErrDuplicateTournament", err)
	}
	ucSameRows(t, st, before, "import again")
	back, sel, err := st.ExportTRF(ucCtx, "")
	if err != nil || sel.ID != got.ID || len(back.Players) != len(tr.Players) {
		t.Fatalf("export: %v", err)
	}
	var out bytes.Buffer
	if err := trf.Write(&out, back); err != nil {
		t.Fatal(err)
	}
	if again, err := trf.Parse(&out); err != nil || again.PlayedRounds() != tr.PlayedRounds() {
		t.Errorf("exported file: %v", err)
	}
	if _, _, err := testStore(t).ExportTRF(ucCtx, ""); !errors.Is(err, tournament.ErrNoTournament) {
		t.Errorf("empty file: %v, want ErrNoTournament", err)
	}
}
