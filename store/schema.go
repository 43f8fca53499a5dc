// The database schema, embedded from schema.sql and migrations/ beside this file, so that
// the store and its tests use the very text that is reviewed in the repository.

package store

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// Schema is the whole current database schema (SQLite DDL), the text of schema.sql.
//
//go:embed schema.sql
var Schema string

//go:embed migrations
var migrationsFS embed.FS

// SchemaVersion is the version of Schema, read from its "-- schema-version: N" line. The
// store keeps it in PRAGMA user_version. It is always >= 1.
var SchemaVersion = parseVersion(Schema)

// parseVersion reads the first line "-- schema-version: N" (N digits, trailing blanks
// allowed). It scans lines instead of compiling a regular expression: it runs at every start
// of the program.
func parseVersion(s string) int {
	const prefix = "-- schema-version: "
	for line := range strings.Lines(s) {
		rest, ok := strings.CutPrefix(line, prefix)
		if !ok {
			continue
		}
		digits := strings.TrimRight(rest, " \t\r\n\f")
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			continue
		}
		n, err := strconv.Atoi(digits)
		if err != nil || n < 1 {
			panic("arbitro: bad schema-version in schema.sql: " + digits)
		}
		return n
	}
	panic("arbitro: schema.sql has no '-- schema-version: N' line")
}

// Migration is one numbered step of the schema: SQL takes a database from Version-1 to
// Version.
type Migration struct {
	Version int    // the user_version the database has after this step
	SQL     string // statements to run, in one transaction with the other steps
}

// Migrations returns the numbered migrations of migrations/NNN.sql, sorted by version. It
// returns an error if a file name is not NNN.sql or a version is above SchemaVersion or
// repeated (which would be a build mistake, caught by the tests).
func Migrations() ([]Migration, error) {
	ents, err := fs.ReadDir(migrationsFS, "migrations")
	if err != nil {
		return nil, err
	}
	var out []Migration
	seen := map[int]bool{}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".sql") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(name, ".sql"))
		if err != nil || n < 2 {
			return nil, fmt.Errorf("migrations/%s: name must be NNN.sql with NNN >= 2", name)
		}
		if n > SchemaVersion {
			return nil, fmt.Errorf("migrations/%s: version %d is above schema.sql's version %d", name, n, SchemaVersion)
		}
		if seen[n] {
			return nil, fmt.Errorf("migrations/%s: version %d appears twice", name, n)
		}
		seen[n] = true
		b, err := migrationsFS.ReadFile("migrations/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: n, SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}
