package store

import (
	"context"
	"testing"
)

// ucRows counts the rows of every table of the file: a use case that fails must leave
// them as they were.
func ucRows(t *testing.T, st *Store) map[string]int {
	t.Helper()
	rows, err := st.DB().Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, tbl := range tables {
		var n int
		if err := st.DB().QueryRow(`SELECT count(*) FROM "` + tbl + `"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[tbl] = n
	}
	return out
}

// ucSameRows fails the test when the row counts differ from before (what failed, for the
// message).
func ucSameRows(t *testing.T, st *Store, before map[string]int, what string) {
	t.Helper()
	after := ucRows(t, st)
	for tbl, n := range before {
		if after[tbl] != n {
			t.Errorf("%s: table %s has %d rows, had %d: something was written", what, tbl, after[tbl], n)
		}
	}
}

var ucCtx = context.Background()
