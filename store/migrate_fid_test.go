package store

import (
	"arbitro/tournament"
	"path/filepath"
	"testing"
)

// A file of schema version 1 (testdata/schema/v1.sql, the schema before issue 13) with an
// Italo-Swiss tournament opens under the current schema: its tournament keeps arbitro's
// earlier pairing reading ("rotation"), so its stored rounds stay reproducible, while a new
// Italo-Swiss gets the federation program's art8; boards get the empty rest kind.
func TestMigrateV1ItaloFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeV1File(t, path,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Vecchio', 'italian', 'italo-swiss', 5, 'x')`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustUpdate(t, s, func(tx *Tx) error {
		all, err := tx.Tournaments()
		if err != nil {
			return err
		}
		if len(all) != 1 || all[0].ItaloFormat != "rotation" || all[0].Openings != "" || all[0].ClubSeparation != "" {
			t.Fatalf("migrated tournament: %+v", all)
		}
		nt := &tournament.Tournament{Name: "Nuovo", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 5, ByePoints: 2, ForfeitPoints: 2}
		if err := tx.CreateTournament(nt); err != nil {
			return err
		}
		if nt.ItaloFormat != "art8" {
			t.Errorf("new Italo-Swiss format %q, want art8", nt.ItaloFormat)
		}
		return nil
	})
}
