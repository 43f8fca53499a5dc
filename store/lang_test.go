package store

import (
	"arbitro/tournament"
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "embed"
)

//go:embed testdata/schema/v1.sql
var schemaV1 string

// A version-1 file (before issue 16) migrates: Italian events get Italian sheets, others
// English, rounds get an empty date and start time; the rows are kept.
func TestMigrateV1Lang(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	writeV1File(t, path,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Ita', 'italian', 'italo-swiss', 5, '2026-01-01T00:00:00Z')`,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Int', 'international', 'dutch', 5, '2026-01-01T00:00:00Z')`,
		`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (1, 1, '2026-01-01T00:00:00Z')`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		if err != nil {
			return err
		}
		if len(all) != 2 || all[0].Lang != "it" || all[1].Lang != "en" {
			t.Errorf("after migration: %+v", all)
		}
		rs, err := tx.roundSchedule(1, 1)
		if err != nil || rs.Date != "" || rs.Time != "" {
			t.Errorf("round 1 schedule %+v, %v", rs, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLangDefaultAndSet(t *testing.T) {
	s, _ := openTemp(t)
	ita := newTournament(t, s, "Ita")
	if ita.Lang != tournament.DefaultLang(ita.Variant) {
		t.Errorf("new %s tournament: lang %q", ita.Variant, ita.Lang)
	}
	mustUpdate(t, s, func(tx *Tx) error {
		intl := &tournament.Tournament{Name: "Intl", Variant: tournament.VariantInternational, System: tournament.Dutch, Rounds: 5}
		if err := tx.CreateTournament(intl); err != nil {
			return err
		}
		if intl.Lang != "en" {
			t.Errorf("international default lang %q, want en", intl.Lang)
		}
		nt, err := tx.SetTournamentField(intl, "lang", "it_IT.UTF-8")
		if err != nil {
			return err
		}
		if nt.Lang != "it" {
			t.Errorf("set lang it_IT.UTF-8: %q", nt.Lang)
		}
		if _, err := tx.SetTournamentField(intl, "lang", "de"); err == nil {
			t.Error("lang de accepted")
		}
		return nil
	})
}

// writeV1File writes a database of schema version 1 (testdata/schema/v1.sql, the schema
// before this version's migration 002) at path with the given rows, for the migration
// tests. It fails the test on any error.
func writeV1File(t *testing.T, path string, rows ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range append([]string{schemaV1, "PRAGMA user_version = 1"}, rows...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}
