package store

import "testing"

func TestSchemaVersion(t *testing.T) {
	if SchemaVersion < 1 {
		t.Fatalf("SchemaVersion = %d, want >= 1", SchemaVersion)
	}
	ms, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	// Every version from 2 to SchemaVersion needs its migration, so old files can be upgraded.
	if len(ms) != SchemaVersion-1 {
		t.Fatalf("%d migrations for schema version %d, want %d (migrations/002.sql ...)", len(ms), SchemaVersion, SchemaVersion-1)
	}
	for i, m := range ms {
		if m.Version != i+2 {
			t.Errorf("migration %d has version %d, want %d", i, m.Version, i+2)
		}
	}
}
