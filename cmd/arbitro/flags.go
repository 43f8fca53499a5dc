package main

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Global flags, shared by every command.
var (
	flagDB         string // --db: the SQLite file
	flagTournament string // --tournament: which event, when the file holds several
	flagJSON       bool   // --json: machine-readable output
)

func addGlobalFlags(root *cobra.Command) {
	def := os.Getenv("ARBITRO_DB")
	if def == "" {
		def = "arbitro.db"
	}
	root.PersistentFlags().StringVar(&flagDB, "db", def, "SQLite database file (default $ARBITRO_DB or arbitro.db)")
	root.PersistentFlags().StringVar(&flagTournament, "tournament", "", "tournament name or id, when the database holds several")
	root.PersistentFlags().BoolVar(&flagJSON, "json", false, "write JSON (JSON Lines for streams) instead of tables")
}

// isCobraUsage reports whether err is one of cobra's argument-count or unknown-command errors.
func isCobraUsage(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "requires at most", "unknown flag", "unknown shorthand", "invalid argument"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
